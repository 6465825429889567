// SPDX-License-Identifier: GPL-2.0-only
/*
 * Patches in a message body: libgit2's diff parser reads them (it skips
 * the commit message before the first "diff --git" and the "-- " version
 * signature after the last hunk), and git_diff_patchid() gives git's
 * stable patch-id, which ignores line numbers and whitespace, so a patch
 * still matches its commit after the lines around it moved.
 *
 * Loading libgit2 costs more than a send-email hook's whole check (the
 * dynamic linking of it, libssh2, libcrypto and Kerberos), and most runs
 * want only the paths a patch touches.  So sl_patches_read() reads a
 * patch in the shape git format-patch writes (plain text, "a/" and "b/",
 * no quoted or spaced paths, exact hunk counts) itself, and leaves every
 * other shape, mangled ones included, to libgit2, whose acceptance it does
 * not try to copy; the patch-id is computed with libgit2 only when asked
 * (sl_patch_id(): a repository with upstream branches, libgit2 loaded
 * anyway).  SECLINT_CHECK_GIT=1 compares the two on every message
 * (lint/repo/repo.c), tests/test_repo.c on real and mangled patches.
 */
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "patch.h"

void sl_patch_free(struct sl_patch *patch)
{
	if (!patch)
		return;
	g_strfreev(patch->files);
	g_free(patch->text);
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

/* The id of @patch, computed now if sl_patches_read() made it. */
const char *sl_patch_id(struct sl_patch *patch)
{
	git_diff *diff = NULL;
	git_oid id;

	if (!patch->text)
		return patch->id;
	if (git_diff_from_buffer(&diff, patch->text, strlen(patch->text)) == 0 &&
	    git_diff_patchid(&id, diff, NULL) == 0)
		git_oid_tostr(patch->id, sizeof(patch->id), &id);
	git_diff_free(diff);
	g_clear_pointer(&patch->text, g_free);
	return patch->id;
}

/* A line of the body being read: [p, end) with its '\n', if any. */
struct cursor {
	const char *p, *end;	/* the line */
	const char *stop;	/* the end of the body */
};

static gboolean next_line(struct cursor *c)
{
	const char *nl;

	c->p = c->end;
	if (c->p >= c->stop)
		return FALSE;
	nl = memchr(c->p, '\n', c->stop - c->p);
	c->end = nl ? nl + 1 : c->stop;
	return TRUE;
}

static gboolean starts(const struct cursor *c, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(c->end - c->p) >= n && !memcmp(c->p, s, n);
}

/* The line is @s and then @rest (without its '\n'): *rest is set. */
static gboolean line_is(const struct cursor *c, const char *s,
			const char **rest, size_t *len)
{
	if (!starts(c, s) || c->end[-1] != '\n')
		return FALSE;
	*rest = c->p + strlen(s);
	*len = (size_t)(c->end - 1 - *rest);
	return TRUE;
}

/* A path git writes as is: no quotes, escapes, spaces or controls, and
 * no empty component. */
static gboolean plain_path(const char *p, size_t n)
{
	if (!n || p[0] == '/' || p[n - 1] == '/')
		return FALSE;
	for (size_t i = 0; i < n; i++)
		if (p[i] <= ' ' || p[i] >= 0x7f || p[i] == '"' ||
		    p[i] == '\\' || (p[i] == '/' && p[i + 1] == '/'))
			return FALSE;
	return TRUE;
}

static gboolean all_in(const char *p, size_t n, const char *set)
{
	for (size_t i = 0; i < n; i++)
		if (!p[i] || !strchr(set, p[i]))
			return FALSE;
	return TRUE;
}

/* "100644": six octal digits. */
static gboolean mode_is(const char *p, size_t n)
{
	return n == 6 && all_in(p, n, "01234567");
}

/* "1234567..89abcdef" with an optional " 100644". */
static gboolean index_is(const char *p, size_t n)
{
	const char *dots = g_strstr_len(p, n, "..");
	const char *sp;
	size_t a, b;

	if (!dots)
		return FALSE;
	a = (size_t)(dots - p);
	sp = memchr(dots, ' ', n - a);
	b = (size_t)((sp ? sp : p + n) - (dots + 2));
	return a >= 7 && a <= 40 && b >= 7 && b <= 40 &&
	       all_in(p, a, "0123456789abcdef") &&
	       all_in(dots + 2, b, "0123456789abcdef") &&
	       (!sp || mode_is(sp + 1, (size_t)(p + n - sp - 1)));
}

/* A decimal of 1 to 9 digits at *p, advanced past it. */
static gboolean number(const char **p, const char *end, int *out)
{
	const char *s = *p;

	*out = 0;
	while (*p < end && **p >= '0' && **p <= '9' && *p - s < 9)
		*out = *out * 10 + (*(*p)++ - '0');
	return *p > s && (*p >= end || **p < '0' || **p > '9');
}

/* "@@ -a[,b] +c[,d] @@...": the counts.  libgit2 refuses a header line
 * of more than 127 bytes with its '\n' (GIT_DIFF_HUNK_HEADER_SIZE). */
static gboolean hunk_header(const struct cursor *c, int *old, int *new)
{
	const char *p = c->p + 4, *end = c->end;
	int start;

	*old = *new = 1;
	if (!starts(c, "@@ -") || end[-1] != '\n' || end - c->p > 127 ||
	    !number(&p, end, &start))
		return FALSE;
	if (p < end && *p == ',' && (++p, !number(&p, end, old)))
		return FALSE;
	if (end - p < 2 || memcmp(p, " +", 2))
		return FALSE;
	p += 2;
	if (!number(&p, end, &start))
		return FALSE;
	if (p < end && *p == ',' && (++p, !number(&p, end, new)))
		return FALSE;
	return end - p >= 3 && !memcmp(p, " @@", 3) && (*old || *new);
}

/* The hunks after "+++": TRUE at the first line after them (or the end). */
static gboolean hunks(struct cursor *c)
{
	int old, new;
	gboolean any = FALSE;

	while (next_line(c) && starts(c, "@@ -")) {
		if (!hunk_header(c, &old, &new))
			return FALSE;
		while ((old || new) && next_line(c)) {
			if (c->end[-1] != '\n' || memchr(c->p, '\r', c->end - c->p))
				return FALSE;
			if (*c->p == ' ' && old && new)
				old--, new--;
			else if (*c->p == '-' && old)
				old--;
			else if (*c->p == '+' && new)
				new--;
			else if (!(*c->p == '\\' && !old))
				return FALSE;
		}
		if (old || new)
			return FALSE;
		any = TRUE;
		/* "\ No newline at end of file" after the last line */
		if (next_line(c) && !starts(c, "\\ "))
			c->end = c->p;	/* read it again */
	}
	c->end = c->p;		/* the line after: read it again */
	return any;
}

struct file_names {
	const char *old, *new;	/* after "a/" and "b/" */
	size_t old_len, new_len;
};

/* "--- a/X" (or /dev/null) and "+++ b/Y" (or /dev/null), then hunks. */
static gboolean paths_and_hunks(struct cursor *c, const struct file_names *f,
				gboolean added, gboolean deleted)
{
	const char *rest;
	size_t n;

	if (!next_line(c) || !line_is(c, "--- ", &rest, &n) ||
	    !(added ? n == 9 && !memcmp(rest, "/dev/null", 9)
		    : n == f->old_len + 2 && !memcmp(rest, "a/", 2) &&
		      !memcmp(rest + 2, f->old, f->old_len)))
		return FALSE;
	if (!next_line(c) || !line_is(c, "+++ ", &rest, &n) ||
	    !(deleted ? n == 9 && !memcmp(rest, "/dev/null", 9)
		      : n == f->new_len + 2 && !memcmp(rest, "b/", 2) &&
			!memcmp(rest + 2, f->new, f->new_len)))
		return FALSE;
	return hunks(c);
}

static gboolean same(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && !memcmp(a, b, an);
}

/* A header without hunks (a mode change, a pure rename) ends the file:
 * what libgit2 takes after it is the next diff or the signature. */
static gboolean header_ends(struct cursor *c)
{
	gboolean more = next_line(c);

	c->end = c->p;
	return !more || starts(c, "diff --git ") || starts(c, "-- \n");
}

/*
 * One file of a patch, from its "diff --git" line (the current line) to
 * the line after its last hunk (read again next): its names, and whether
 * it renames.  FALSE: not the shape git format-patch writes.
 */
static gboolean read_file(struct cursor *c, struct file_names *f,
			  gboolean *renames)
{
	const char *rest, *sp;
	size_t n, m;
	gboolean added = FALSE, deleted = FALSE;

	*renames = FALSE;
	if (!line_is(c, "diff --git a/", &rest, &n) ||
	    !(sp = memchr(rest, ' ', n)) || (size_t)(rest + n - sp) < 4 ||
	    memcmp(sp, " b/", 3))
		return FALSE;
	f->old = rest;
	f->old_len = (size_t)(sp - rest);
	f->new = sp + 3;
	f->new_len = n - f->old_len - 3;
	if (!plain_path(f->old, f->old_len) || !plain_path(f->new, f->new_len) ||
	    !next_line(c))
		return FALSE;
	if (line_is(c, "new file mode ", &rest, &n) ||
	    line_is(c, "deleted file mode ", &rest, &n)) {
		added = *c->p == 'n';
		deleted = !added;
		if (!mode_is(rest, n) || !same(f->old, f->old_len, f->new,
					       f->new_len) ||
		    !next_line(c) || !line_is(c, "index ", &rest, &n) ||
		    !index_is(rest, n))
			return FALSE;
		return paths_and_hunks(c, f, added, deleted);
	}
	if (line_is(c, "old mode ", &rest, &n)) {
		if (!mode_is(rest, n) || !next_line(c) ||
		    !line_is(c, "new mode ", &rest, &n) || !mode_is(rest, n))
			return FALSE;
		if (header_ends(c))
			return same(f->old, f->old_len, f->new, f->new_len);
		next_line(c);
	}
	if (line_is(c, "similarity index ", &rest, &n)) {
		int pct;
		const char *p = rest;

		if (!number(&p, rest + n, &pct) || pct > 100 ||
		    p != rest + n - 1 || *p != '%' || !next_line(c) ||
		    !line_is(c, "rename from ", &rest, &n) ||
		    !same(rest, n, f->old, f->old_len) || !next_line(c) ||
		    !line_is(c, "rename to ", &rest, &m) ||
		    !same(rest, m, f->new, f->new_len))
			return FALSE;
		*renames = TRUE;
		if (header_ends(c))
			return TRUE;
		next_line(c);
	} else if (!same(f->old, f->old_len, f->new, f->new_len)) {
		return FALSE;
	}
	if (!line_is(c, "index ", &rest, &n) || !index_is(rest, n))
		return FALSE;
	return paths_and_hunks(c, f, FALSE, FALSE);
}

static void add_path_len(GPtrArray *files, const char *path, size_t n)
{
	g_autofree char *p = g_strndup(path, n);

	add_path(files, p);
}

/*
 * The patch of @body read here, as sl_patches_parse() would give it but
 * for the id; NULL where it is not the shape read here.
 */
static struct sl_patch *read_patch(const char *body, size_t len)
{
	struct cursor c = { body, body, body + len };
	g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(g_free);
	struct sl_patch *patch;
	gboolean renames = FALSE, in_patch = FALSE;

	while (next_line(&c)) {
		struct file_names f;
		gboolean r;

		/* libgit2 refuses a hunk outside a file; a "diff --git" after
		 * the signature is for it to judge. */
		if (starts(&c, "@@ -") ||
		    (starts(&c, "diff --git ") && !in_patch && files->len))
			return NULL;
		if (!starts(&c, "diff --git ")) {
			in_patch = FALSE;
			continue;
		}
		if (!read_file(&c, &f, &r))
			return NULL;
		in_patch = TRUE;
		renames |= r;
		add_path_len(files, f.old, f.old_len);
		add_path_len(files, f.new, f.new_len);
	}
	if (!files->len)
		return NULL;
	patch = g_new0(struct sl_patch, 1);
	patch->renames = renames;
	g_ptr_array_add(files, NULL);
	patch->files = (char **)g_ptr_array_steal(files, NULL);
	patch->text = g_strndup(body, len);
	return patch;
}

/*
 * sl_patches_parse() without libgit2, for a body in the shape git
 * format-patch writes; NULL (and libgit2 must read it) for any other.
 */
GPtrArray *sl_patches_read(const char *text)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sl_patch_free);
	g_autoptr(GString) body = NULL;
	struct sl_patch *patch;

	if (!sl_text_has_patch(text))
		return out;
	body = unquoted(text);
	if (!sl_text_has_patch(body->str))
		return out;
	if (!(patch = read_patch(body->str, body->len))) {
		g_ptr_array_unref(out);
		return NULL;
	}
	g_ptr_array_add(out, patch);
	return out;
}
