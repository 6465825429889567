/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_CONTEXT_H
#define SECLINT_CONTEXT_H

#include <glib.h>

#include "maintainers.h"
#include "message.h"
#include "patch.h"
#include "rule.h"

/* Questions rules ask of the context (rules/lib/context.c). */
gboolean sl_check_has_repo(struct sl_check *check);
/* A repository with remote-tracking (upstream) branches. */
gboolean sl_check_has_upstream(struct sl_check *check);
gboolean sl_check_embargoed(const struct sl_check *check);
gboolean sl_check_ai_assisted(const struct sl_check *check);
/* The patches of the message; empty without a repository. */
const GPtrArray *sl_check_patches(struct sl_check *check);
/* "<sha> (\"<subject>\")" of an upstream commit with @patch's patch-id. */
char *sl_check_patch_upstream(struct sl_check *check,
			      const struct sl_patch *patch);
/* "<sha> (\"<subject>\")" if @rev names an upstream commit, else NULL. */
char *sl_check_commit_upstream(struct sl_check *check, const char *rev);
/* Is @rev in one of the most recent release tags (v[0-9]*)? */
gboolean sl_check_commit_released(struct sl_check *check, const char *rev);
/* The MAINTAINERS of the repository, or NULL. */
const struct sl_maintainers *sl_check_maintainers(struct sl_check *check);
/* @addr as the repository's .mailmap maps it (a new string). */
char *sl_check_canonical_address(struct sl_check *check, const char *addr);
/* A mailing list by the policy, or by an L: entry of MAINTAINERS. */
gboolean sl_check_is_mailing_list(struct sl_check *check, const char *addr);
/* Kernel paths the message names: its patches' files, "fs/foo.c:12". */
char **sl_check_named_files(struct sl_check *check);
/* A report about the Linux kernel (its words, paths or the repository). */
gboolean sl_check_is_kernel_issue(struct sl_check *check);
/* Why the message's fix is upstream (its patch, by patch-id, or a commit
 * it names as the fix), or NULL. */
char *sl_check_fix_upstream(struct sl_check *check, const char *own);

#endif
