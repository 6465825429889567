/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_GITCONFIG_H
#define SECLINT_GITCONFIG_H

#include <glib.h>

/*
 * git config as git itself sees it: every entry in force, in the order git
 * reads them (system, global, repository, worktree, `git -c`), with the
 * place it came from.  Read once per run with `git config --list` (see
 * gitconfig.c for why not libgit2) and shared by every front end.
 */
struct sl_gitconfig_entry {
	char *key;	/* section and name lower case, subsection as is */
	char *value;	/* NULL: the key has no '=' (boolean true) */
	char *origin;	/* "file:.git/config", "command line:" */
};

struct sl_gitconfig {
	GPtrArray *entries;	/* of struct sl_gitconfig_entry */
};

/*
 * With libgit2 where it gives what git gives, if @libgit2_anyway (the run
 * loads libgit2 for other work) or built with SECLINT_GITCONFIG_LIBGIT2;
 * else, and wherever libgit2 could differ, with git (gitconfig.c).  The
 * run reads keys of @sections only (NULL: of any section): where no file
 * can hold one (sl_gitconfig_may_hold()), neither is asked.
 */
struct sl_gitconfig *sl_gitconfig_read(gboolean libgit2_anyway,
				       const char *const *sections,
				       GError **error);
/*
 * FALSE only where it is certain, without running git, that no file or
 * setting git would read holds a key of one of @sections (lower-case
 * section names, NULL-terminated): then sl_gitconfig_read() with those
 * @sections gives an empty config and runs nothing.  See gitconfig.c.
 */
gboolean sl_gitconfig_may_hold(const char *const *sections);
/* Runs git; no git on PATH is an empty config, a git error is NULL. */
struct sl_gitconfig *sl_gitconfig_read_git(GError **error);
/* Reads with libgit2; NULL with *why (allocated) where git must answer. */
struct sl_gitconfig *sl_gitconfig_read_libgit2(char **why);
/* Parses `git config -z --list --show-origin` output. */
struct sl_gitconfig *sl_gitconfig_parse(const char *data, gsize len,
					GError **error);
struct sl_gitconfig *sl_gitconfig_new_empty(void);
void sl_gitconfig_free(struct sl_gitconfig *cfg);
typedef struct sl_gitconfig sl_gitconfig;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_gitconfig, sl_gitconfig_free)

/* "Sec.Sub.KEY" -> "sec.Sub.key", git's canonical form. */
char *sl_gitconfig_canonical(const char *key);
/* The last entry of @key (the one in force), or NULL. */
const struct sl_gitconfig_entry *
sl_gitconfig_last(const struct sl_gitconfig *cfg, const char *key);
/* Every value of a multi-valued @key, in order (no-value entries: ""). */
GPtrArray *sl_gitconfig_all(const struct sl_gitconfig *cfg, const char *key);
/* The last value of @key with "~/" and "~user/" expanded as git does. */
char *sl_gitconfig_path(const struct sl_gitconfig *cfg, const char *key);
/* @v with "~/" and "~user/" expanded as git does; NULL if @v is NULL or "". */
char *sl_gitconfig_expand_path(const char *v);
/* git's boolean: true/yes/on/1 (or no value), false/no/off/0/"". */
gboolean sl_gitconfig_bool(const struct sl_gitconfig_entry *e, gboolean *out,
			   GError **error);

#endif
