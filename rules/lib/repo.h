/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_REPO_H
#define SECLINT_REPO_H

#include "seclint.h"

/*
 * The repository behind struct sl_repo, for rules/lib/context.c.  Every query
 * opens the repository on first use and caches what it computes; all are
 * safe to call from the lint threads: the repository's own thread answers
 * them one at a time.
 */

/* Patches of @text, parsed with libgit2 (rules/lib/patch.c). */
GPtrArray *sl_patches_parse(const char *text);

/* Could the repository be opened?  (Opens it.) */
gboolean sl_repo_available(struct sl_repo *repo);
/* --repo DIR given: fail now, with a message, if it is no repository. */
gboolean sl_repo_check(struct sl_repo *repo, GError **error);
/* Has it upstream branches (seclint.upstream or refs/remotes/)? */
gboolean sl_repo_has_upstream(struct sl_repo *repo);
GPtrArray *sl_repo_patches(struct sl_repo *repo, const char *text);
char *sl_repo_patch_upstream(struct sl_repo *repo,
			     const struct sl_patch *patch);
/* An upstream commit on the patch's first path with this summary. */
char *sl_repo_summary_upstream(struct sl_repo *repo,
			       const struct sl_patch *patch,
			       const char *summary);
char *sl_repo_commit_upstream(struct sl_repo *repo, const char *rev);
gboolean sl_repo_commit_released(struct sl_repo *repo, const char *rev);
const struct sl_maintainers *sl_repo_maintainers(struct sl_repo *repo);
/* The address .mailmap maps @addr to, normalised; NULL: none. */
char *sl_repo_mailmap(struct sl_repo *repo, const char *addr);

/*
 * The parsed MAINTAINERS cached under the git directory
 * (rules/lib/maint-cache.c): what it was made from, its blob id and, for the
 * work-tree file, its stat data where they are exact (has_stat).
 */
#define SL_MAINT_OID_SIZE 72	/* hex, NUL-terminated: SHA-1 or SHA-256 */
#define SL_MAINT_STAT_WORDS 7
struct sl_maint_key {
	char oid[SL_MAINT_OID_SIZE];
	gboolean has_stat;
	guint64 st[SL_MAINT_STAT_WORDS];	/* dev ino size mtime ctime */
};
struct stat;

/* The index cached in @gitdir and its key; NULL: none, or unusable. */
GBytes *sl_maint_cache_read(const char *gitdir, struct sl_maint_key *key);
/* Cache @index under @key; quietly nothing where that cannot be done. */
void sl_maint_cache_write(const char *gitdir, const struct sl_maint_key *key,
			  GBytes *index);
/* The blob id git gives @text (git hash-object), hex. */
void sl_maint_blob_id(const char *text, gsize len,
		      char oid[SL_MAINT_OID_SIZE]);
/* The text of the file @path, with its stat data in @key. */
char *sl_maint_read_file(const char *path, gsize *len,
			 struct sl_maint_key *key);
/* Are @key's stat data exact, and the same as @path's now? */
gboolean sl_maint_key_same_file(const struct sl_maint_key *key,
				const char *path);
/* @key's stat data from @st; exact if older than @before (seconds). */
void sl_maint_key_set_stat(struct sl_maint_key *key, const struct stat *st,
			   gint64 before);

/* Test fixtures: a repository described by data, without git. */
struct sl_repo *sl_repo_new_fixture(const char *maintainers, GError **error);
void sl_repo_fixture_add_commit(struct sl_repo *repo, const char *sha,
				const char *patch_id, const char *subject,
				gboolean released);
void sl_repo_fixture_add_alias(struct sl_repo *repo, const char *from,
			       const char *to);

/* How far back from the upstream tips commits are indexed by default. */
#define SL_UPSTREAM_DEPTH 10000

#endif
