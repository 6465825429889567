// SPDX-License-Identifier: GPL-2.0-only
/*
 * seclint --staged: the pre-commit check.  Every added or changed file in
 * the index that holds mail is checked as it is staged, never as it is in
 * the working tree, since the index is what gets committed.
 */
#include <string.h>

#include <git2.h>

#include "check.h"
#include "errors.h"
#include "modes.h"
#include "output.h"

#define SL_MAX_BLOB_SIZE (256u * 1024 * 1024)

struct staged {
	struct sl_run *run;
	git_repository *repo;
	git_index *index;
};

static gboolean git_fail(GError **error, const char *what)
{
	const git_error *e = git_error_last();

	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO, "%s: %s", what,
		    e && e->message ? e->message : "unknown libgit2 error");
	return FALSE;
}

static gboolean mail_name(const char *path)
{
	static const char *const ext[] = { ".eml", ".mbox", ".patch", NULL };
	g_autofree char *lower = g_ascii_strdown(path, -1);

	for (const char *const *e = ext; *e; e++)
		if (g_str_has_suffix(lower, *e))
			return TRUE;
	return FALSE;
}

/* Header names that only mail starts with (YAML "repos:" is not one). */
static gboolean mail_field(const char *name, gsize len)
{
	static const char *const fields[] = {
		"from", "to", "cc", "bcc", "subject", "date", "message-id",
		"sender", "reply-to", "in-reply-to", "references",
		"mime-version", "content-type", "received", "return-path",
		"delivered-to", NULL,
	};

	if (len > 7 && !g_ascii_strncasecmp(name, "resent-", 7))
		return TRUE;
	for (const char *const *f = fields; *f; f++)
		if (strlen(*f) == len && !g_ascii_strncasecmp(name, *f, len))
			return TRUE;
	return FALSE;
}

/* Length of the field name of a "Name:" line at @p, or 0. */
static gsize field_name_len(const char *p, const char *end)
{
	const char *q = p;

	while (q < end && *q > ' ' && *q < 127 && *q != ':')
		q++;
	return q < end && *q == ':' ? (gsize)(q - p) : 0;
}

/*
 * Mail by content: an mbox "From " line, or a header block whose first
 * line is a header field and which holds a mail header field.
 */
static gboolean mail_content(const char *bytes, gsize len)
{
	const char *p = bytes, *end = bytes + len;
	gboolean first = TRUE;

	if (len >= 5 && !strncmp(bytes, "From ", 5))
		return TRUE;
	while (p < end && *p != '\n' && *p != '\r') {
		const char *nl = memchr(p, '\n', end - p);
		gsize n = 0;

		if (first || (*p != ' ' && *p != '\t')) {
			n = field_name_len(p, nl ? nl : end);
			if (!n)
				return FALSE;
			if (mail_field(p, n))
				return TRUE;
		}
		first = FALSE;
		p = nl ? nl + 1 : end;
	}
	return FALSE;
}

static void input_error(struct sl_run *run, const char *path,
			const char *reason)
{
	g_autoptr(GError) error = g_error_new_literal(SECLINT_ERROR,
						      SECLINT_ERROR_IO, reason);

	sl_output_input_error(run->output, path, error);
}

static gboolean check_blob(struct staged *st, const char *path,
			   const git_index_entry *entry, GError **error)
{
	git_blob *blob = NULL;
	const char *bytes;
	git_object_size_t len;

	if (git_blob_lookup(&blob, st->repo, &entry->id) < 0)
		return git_fail(error, path);
	bytes = git_blob_rawcontent(blob);
	len = git_blob_rawsize(blob);
	if (mail_name(path) || mail_content(bytes, len)) {
		if (len > SL_MAX_BLOB_SIZE)
			input_error(st->run, path, "staged file larger than "
				    "256 MiB, refusing to guess");
		else
			sl_run_bytes(st->run, path, bytes, len);
	}
	git_blob_free(blob);
	return TRUE;
}

static gboolean check_delta(struct staged *st, const git_diff_delta *delta,
			    GError **error)
{
	const char *path = delta->new_file.path;
	const git_index_entry *entry;

	switch (delta->status) {
	case GIT_DELTA_ADDED:
	case GIT_DELTA_MODIFIED:
	case GIT_DELTA_RENAMED:
	case GIT_DELTA_COPIED:
	case GIT_DELTA_TYPECHANGE:
	case GIT_DELTA_CONFLICTED:
		break;
	default:
		return TRUE;
	}
	/* Symbolic links and submodules hold no mail themselves. */
	if (delta->new_file.mode == GIT_FILEMODE_LINK ||
	    delta->new_file.mode == GIT_FILEMODE_COMMIT)
		return TRUE;
	entry = git_index_get_bypath(st->index, path, 0);
	if (!entry) {
		input_error(st->run, path, "not staged (unmerged?), cannot "
			    "check it");
		return TRUE;
	}
	return check_blob(st, path, entry, error);
}

static gboolean check_diff(struct staged *st, GError **error)
{
	git_object *head = NULL;
	git_tree *tree = NULL;
	git_diff *diff = NULL;
	gboolean ok = FALSE;
	int rc;

	rc = git_revparse_single(&head, st->repo, "HEAD^{tree}");
	if (rc < 0 && rc != GIT_ENOTFOUND) {
		git_fail(error, "cannot read HEAD");
		goto out;
	}
	tree = (git_tree *)head;	/* NULL: unborn HEAD, first commit */
	if (git_diff_tree_to_index(&diff, st->repo, tree, st->index,
				   NULL) < 0) {
		git_fail(error, "cannot diff HEAD against the index");
		goto out;
	}
	ok = TRUE;
	for (size_t i = 0; ok && i < git_diff_num_deltas(diff); i++)
		ok = check_delta(st, git_diff_get_delta(diff, i), error);
out:
	git_diff_free(diff);
	git_object_free(head);
	return ok;
}

static gboolean open_repo(struct staged *st, GError **error)
{
	/* FROM_ENV: searches up from ".", honours GIT_DIR, GIT_INDEX_FILE. */
	if (git_repository_open_ext(&st->repo, NULL,
				    GIT_REPOSITORY_OPEN_FROM_ENV, NULL) < 0) {
		const git_error *e = git_error_last();

		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "not in a git repository: %s",
			    e && e->message ? e->message : "not found");
		return FALSE;
	}
	if (git_repository_index(&st->index, st->repo) < 0)
		return git_fail(error, "cannot read the index");
	return TRUE;
}

gboolean sl_staged_check(struct sl_run *run, GError **error)
{
	struct staged st = { run, NULL, NULL };
	gboolean ok;

	git_libgit2_init();
	ok = open_repo(&st, error) && check_diff(&st, error);
	git_index_free(st.index);
	git_repository_free(st.repo);
	git_libgit2_shutdown();
	return ok;
}
