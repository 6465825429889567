/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MAINTAINERS_H
#define SECLINT_MAINTAINERS_H

#include <glib.h>

/* One section of a MAINTAINERS file. */
struct sl_maint_section {
	char *name;		/* its title line */
	char **maintainers;	/* M: addr-specs, normalised */
	char **reviewers;	/* R: */
	char **lists;		/* L: */
	char **files;		/* F: patterns */
	char **excludes;	/* X: patterns */
	char **regexes;		/* N: patterns (extended regexes) */
};

struct sl_maintainers;
struct sl_maintainers *sl_maintainers_parse(const char *text, gsize len);
/* The parsed file as bytes, and back: NULL where they do not add up. */
GBytes *sl_maintainers_index(const char *text, gsize len);
struct sl_maintainers *sl_maintainers_load(GBytes *index);
void sl_maintainers_free(struct sl_maintainers *m);
typedef struct sl_maintainers sl_maintainers;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_maintainers, sl_maintainers_free)
/* SECLINT_CHECK_MAINTAINERS=1: the matching's and the cache's shortcuts
 * checked the slow way too (an abort on a difference). */
gboolean sl_maint_checking(void);
/*
 * The sections for @files as `get_maintainer.pl --pattern-depth 1` picks
 * them (falling back to every matching section when those name no M:),
 * most specific first; of const struct sl_maint_section, owned by @m.
 */
GPtrArray *sl_maintainers_for(const struct sl_maintainers *m,
			      const char *const *files);
/* Does @section cover @file?  @depth: how specific its pattern is. */
gboolean sl_maint_section_match(const struct sl_maint_section *section,
				const char *file, int *depth);
/* Could the N: regex @re match @file?  FALSE only where it cannot. */
gboolean sl_maint_regex_may_match(const char *re, const char *file);
/* Section @i of @m in the file's order; NULL past the last. */
const struct sl_maint_section *sl_maintainers_section(
	const struct sl_maintainers *m, guint i);
gboolean sl_maintainers_is_list(const struct sl_maintainers *m,
				const char *addr);
/* Whether the file is the kernel's (has a SECURITY CONTACT section). */
gboolean sl_maintainers_is_kernel(const struct sl_maintainers *m);

#endif
