/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_FIXREF_H
#define SECLINT_FIXREF_H

#include <glib.h>

/* Fixes a text names (rules/lib/fixref.c); @own: sl_facts_own_text(). */
/* Commit ids (12-40 hex) the text says are a fix, or "commit X upstream". */
char **sl_text_fix_commits(const char *own);
/* Every commit id (12-40 hex) outside Fixes: lines. */
char **sl_text_commit_ids(const char *own);
/* The first lore/patchwork/git.kernel.org/GitHub link to a patch or
 * commit that is not given as context ("see also", "similar to"). */
char *sl_text_public_fix_link(const char *own);
/* "the fix was accepted/merged/queued/applied", "merged in v6.9". */
gboolean sl_text_says_fix_accepted(const char *own);
gboolean sl_text_says_merged(const char *own);
/* The text before the first "diff --git" line (commit message, cover). */
char *sl_text_before_patch(const char *own);

#endif
