// SPDX-License-Identifier: GPL-2.0-only
/*
 * Patches in a message body: libgit2's diff parser reads them (it skips
 * the commit message before the first "diff --git" and the "-- " version
 * signature after the last hunk), and git_diff_patchid() gives git's
 * stable patch-id, which ignores line numbers and whitespace, so a patch
 * still matches its commit after the lines around it moved.
 */
#include <string.h>

#include <git2.h>

#include "patch.h"

void sl_patch_free(struct sl_patch *patch)
{
	if (!patch)
		return;
	g_strfreev(patch->files);
	g_free(patch);
}

static gboolean is_diff_line(const char *line)
{
	return !strncmp(line, "diff --git ", 11);
}

gboolean sl_text_has_patch(const char *text)
{
	return is_diff_line(text) || strstr(text, "\ndiff --git ") != NULL;
}

/* The body without quoted lines: a quoted patch is someone else's. */
static GString *unquoted(const char *text)
{
	GString *out = g_string_new(NULL);

	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);

		if (*p != '>')
			g_string_append_len(out, p, n);
		p += n;
	}
	return out;
}

static void add_path(GPtrArray *files, const char *path)
{
	if (!path || !strcmp(path, "/dev/null"))
		return;
	for (guint i = 0; i < files->len; i++)
		if (!strcmp(files->pdata[i], path))
			return;
	g_ptr_array_add(files, g_strdup(path));
}

static struct sl_patch *patch_from_diff(git_diff *diff)
{
	struct sl_patch *patch = g_new0(struct sl_patch, 1);
	GPtrArray *files = g_ptr_array_new();
	git_oid id;

	if (git_diff_patchid(&id, diff, NULL) < 0) {
		g_ptr_array_free(files, TRUE);
		g_free(patch);
		return NULL;
	}
	git_oid_tostr(patch->id, sizeof(patch->id), &id);
	for (size_t i = 0; i < git_diff_num_deltas(diff); i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		add_path(files, d->old_file.path);
		add_path(files, d->new_file.path);
		patch->renames |= d->status == GIT_DELTA_RENAMED ||
				  d->status == GIT_DELTA_COPIED;
	}
	g_ptr_array_add(files, NULL);
	patch->files = (char **)g_ptr_array_free(files, FALSE);
	return patch;
}

/*
 * The patch of a message body (one format-patch message holds one), or
 * none when it holds no diff or one libgit2 cannot parse (a mangled
 * patch: the rules then have no patch-id to compare, which is no error of
 * the message's).  The caller has initialised libgit2.
 */
GPtrArray *sl_patches_parse(const char *text)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sl_patch_free);
	g_autoptr(GString) body = NULL;
	git_diff *diff = NULL;
	struct sl_patch *patch;

	if (!sl_text_has_patch(text))
		return out;
	body = unquoted(text);
	if (!sl_text_has_patch(body->str) ||
	    git_diff_from_buffer(&diff, body->str, body->len) < 0)
		return out;
	if (git_diff_num_deltas(diff) && (patch = patch_from_diff(diff)))
		g_ptr_array_add(out, patch);
	git_diff_free(diff);
	return out;
}
