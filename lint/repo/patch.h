/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_PATCH_H
#define SECLINT_PATCH_H

#include <glib.h>

/* One patch found in a message body. */
struct sl_patch {
	char id[41];		/* git's stable patch-id, hex */
	char **files;		/* the paths it touches (old and new names) */
	gboolean renames;	/* it holds a rename or copy */
};

void sl_patch_free(struct sl_patch *patch);
/* Cheap: does @text hold a line starting "diff --git " (not quoted)? */
gboolean sl_text_has_patch(const char *text);
/* Patches of @text, parsed with libgit2 (lint/repo/patch.c). */
GPtrArray *sl_patches_parse(const char *text);

#endif
