/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_REPO_H
#define SECLINT_REPO_H

#include <glib.h>

#include "maintainers.h"
#include "patch.h"

/*
 * Repository context (lint/repo/repo.c, patch.c, maintainers.c; the rules
 * ask it through rules/lib/context.c).  The front end opens a struct
 * sl_repo and hands it to the engine; it is opened lazily, on the first question a rule asks, so a message that no
 * repository-aware rule looks at costs no libgit2 work at all.
 */
struct sl_repo;

/* @path: the repository (NULL: found from $GIT_DIR or the current dir). */
struct sl_repo *sl_repo_new(const char *path);
void sl_repo_free(struct sl_repo *repo);
typedef struct sl_repo sl_repo;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_repo, sl_repo_free)


/*
 * The repository behind struct sl_repo, for rules/lib/context.c.  Every query
 * opens the repository on first use and caches what it computes; all are
 * safe to call from the lint threads: the repository's own thread answers
 * them one at a time.
 */

/* Could the repository be opened?  (Opens it.) */
gboolean sl_repo_available(struct sl_repo *repo);
/* FALSE when libgit2 could find no repository from the environment (no
 * GIT_DIR, no ".git" or bare repository here or above): a test that
 * loads no library. */
gboolean sl_repo_may_find(void);
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
