/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_PATCH_H
#define SECLINT_PATCH_H

#include <glib.h>

/* One patch found in a message body. */
struct sl_patch {
	char id[41];		/* git's stable patch-id, hex: sl_patch_id() */
	char **files;		/* the paths it touches (old and new names) */
	gboolean renames;	/* it holds a rename or copy */
	char *text;		/* id not computed yet: the body to compute it */
};

void sl_patch_free(struct sl_patch *patch);
/* Cheap: does @text hold a line starting "diff --git " (not quoted)? */
gboolean sl_text_has_patch(const char *text);
/* Patches of @text, parsed with libgit2 (lint/repo/patch.c). */
GPtrArray *sl_patches_parse(const char *text);
/*
 * The same read without libgit2, where @text is in the shape git
 * format-patch writes; NULL where it is not (then ask sl_patches_parse()).
 * The patches' ids are computed when sl_patch_id() asks.
 */
GPtrArray *sl_patches_read(const char *text);
/* The patch-id, computed with libgit2 if not yet (the caller initialised
 * it); "" if libgit2 gives none. */
const char *sl_patch_id(struct sl_patch *patch);

#endif
