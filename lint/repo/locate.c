// SPDX-License-Identifier: GPL-2.0-only
/*
 * The repository libgit2's git_repository_open_ext(FROM_ENV) would open,
 * found without libgit2, in the common shape only.
 *
 * The send-email hook asks of the repository its git directory (the
 * MAINTAINERS cache is kept there), its work tree (MAINTAINERS and
 * .mailmap) and its mailmap; loading libgit2 for that costs more than the
 * rest of the hook (the dynamic linking of libgit2, libssh2, libcrypto
 * and Kerberos).  So they are found here where the answer is certain:
 *
 *   - no variable libgit2 reads but GIT_DIR is set (GIT_WORK_TREE,
 *     GIT_COMMON_DIR, GIT_CEILING_DIRECTORIES and the rest);
 *   - the repository is $GIT_DIR, or the first ".git" directory (not a
 *     symbolic link, not a gitfile) in the working directory or above it,
 *     with no directory on the way that holds a HEAD or sits on another
 *     file system; it holds HEAD, objects/ and refs/, and neither
 *     commondir nor gitdir (a linked work tree);
 *   - the work tree and the git directory belong to the user (libgit2's
 *     ownership check passes without safe.directory);
 *   - every config file libgit2 reads (/etc/gitconfig, the XDG one,
 *     ~/.gitconfig, the repository's) is plain: no include, includeIf,
 *     extensions or mailmap section, no continued line, core.bare false
 *     or unset, no core.worktree, core.repositoryformatversion 0 or unset.
 *
 * Then the git directory is its real path, the work tree the directory
 * above it, as libgit2 gives them (with a trailing '/').  Anything else
 * is SL_LOCATE_UNSURE and libgit2 opens the repository.  SECLINT_CHECK_GIT=1
 * has lint/repo/repo.c ask libgit2 too and abort on any difference.
 */
#define _XOPEN_SOURCE 700	/* realpath() */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "locate.h"

/* What libgit2's FROM_ENV reads besides GIT_DIR: any set, it decides. */
static const char *const git_env[] = {
	"GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES",
	"GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_INDEX_FILE", "GIT_NAMESPACE",
};

static gboolean is_type(const char *dir, const char *name, mode_t type)
{
	g_autofree char *path = g_build_filename(dir, name, NULL);
	struct stat st;

	return !stat(path, &st) && (st.st_mode & S_IFMT) == type;
}

static gboolean absent(const char *dir, const char *name)
{
	g_autofree char *path = g_build_filename(dir, name, NULL);
	struct stat st;

	return lstat(path, &st) && errno == ENOENT;
}

/* A git directory of the plain kind (no linked work tree). */
static gboolean plain_gitdir(const char *dir)
{
	return is_type(dir, "HEAD", S_IFREG) && is_type(dir, "objects", S_IFDIR) &&
	       is_type(dir, "refs", S_IFDIR) && absent(dir, "commondir") &&
	       absent(dir, "gitdir");
}

static gboolean ieq(const char *a, size_t n, const char *b)
{
	return strlen(b) == n && !g_ascii_strncasecmp(a, b, n);
}

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* The value of a "key = value" line: trimmed, no quotes, no comment. */
static gboolean simple_value(const char *p, const char *end, const char **v,
			     size_t *n)
{
	p = skip_blank(p, end);
	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	*v = p;
	*n = (size_t)(end - p);
	for (; p < end; p++)
		if (*p == '"' || *p == '#' || *p == ';')
			return FALSE;
	return TRUE;
}

static size_t key_len(const char *p, const char *end)
{
	const char *k = p;

	if (p == end || !g_ascii_isalpha(*p))
		return 0;
	while (p < end && (g_ascii_isalnum(*p) || *p == '-'))
		p++;
	return (size_t)(p - k);
}

/* "[name]", "[name.sub]" or "[name "sub"]", then blanks or a comment;
 * *core: it is [core]. */
static gboolean section_line(const char *p, const char *end, gboolean *core)
{
	const char *k = ++p;
	size_t n, first;

	while (p < end && (g_ascii_isalnum(*p) || *p == '-' || *p == '.'))
		p++;
	n = (size_t)(p - k);
	if (!n || memchr(k, '.', n) == k)
		return FALSE;
	if (p < end && *p == ' ') {
		if (++p == end || *p++ != '"')
			return FALSE;
		while (p < end && *p != '"')
			p++;
		if (p++ == end)
			return FALSE;
	}
	if (p == end || *p++ != ']')
		return FALSE;
	p = skip_blank(p, end);
	if (p < end && *p != '#' && *p != ';')
		return FALSE;
	for (first = 0; first < n && k[first] != '.';)
		first++;
	if (ieq(k, first, "include") || ieq(k, first, "includeif") ||
	    ieq(k, first, "extensions") || ieq(k, first, "mailmap"))
		return FALSE;
	*core = ieq(k, n, "core") && k[n] == ']';
	return TRUE;
}

/* "key", "key = value" (quotes balanced), a comment after either. */
static gboolean key_line(const char *p, const char *end, gboolean core)
{
	size_t kn = key_len(p, end);
	const char *v = skip_blank(p + kn, end);
	size_t vn;
	gboolean quoted = FALSE;

	if (!kn)
		return FALSE;
	if (v < end && *v == '=') {
		for (const char *q = ++v; q < end; q++) {
			if (*q == '"')
				quoted = !quoted;
			else if (!quoted && (*q == '#' || *q == ';'))
				break;
		}
		if (quoted)
			return FALSE;
	} else if (v < end && *v != '#' && *v != ';') {
		return FALSE;
	} else {
		v = end;	/* no value: true */
	}
	if (!core)
		return TRUE;
	if (ieq(p, kn, "worktree"))
		return FALSE;
	if (!ieq(p, kn, "bare") && !ieq(p, kn, "repositoryformatversion"))
		return TRUE;
	if (!simple_value(v, end, &v, &vn))
		return FALSE;
	return ieq(p, kn, "bare") ? ieq(v, vn, "false") : ieq(v, vn, "0");
}

/*
 * One config file: TRUE if libgit2 reads it without error and finds in
 * it nothing that changes the answer (see above), or there is none.
 */
static gboolean plain_config(const char *path)
{
	g_autofree char *text = NULL;
	gsize len;
	struct stat st;
	gboolean core = FALSE, in_section = FALSE;

	/*
	 * A missing file is found by stat() first: GLib's error for a file it
	 * cannot open carries the file's name in the filename charset and
	 * g_strerror()'s text in UTF-8, which loaded iconv's module cache and
	 * looked for charset.alias, in every hook run (a user without
	 * ~/.gitconfig).  A file that goes between the two calls fails
	 * below, as any file that cannot be read: not plain.
	 */
	if (stat(path, &st) < 0 && errno == ENOENT)
		return TRUE;
	if (!g_file_get_contents(path, &text, &len, NULL))
		return FALSE;
	if (memchr(text, '\0', len) || memchr(text, '\\', len))
		return FALSE;	/* continued lines, escapes: for libgit2 */
	for (const char *p = text, *stop = text + len; p < stop;) {
		const char *nl = memchr(p, '\n', stop - p);
		const char *end = nl ? nl : stop;

		p = skip_blank(p, end);
		if (p < end && end[-1] == '\r')
			end--;
		if (memchr(p, '\r', end - p))
			return FALSE;
		if (p == end || *p == '#' || *p == ';')
			;	/* blank or comment */
		else if (*p == '[' && section_line(p, end, &core))
			in_section = TRUE;
		else if (!in_section || !key_line(p, end, core))
			return FALSE;
		p = nl ? nl + 1 : stop;
	}
	return TRUE;
}

/* The config files libgit2 reads for a repository at @gitdir. */
static gboolean plain_configs(const char *gitdir)
{
	const char *home = g_getenv("HOME");
	const char *xdg = g_getenv("XDG_CONFIG_HOME");
	g_autofree char *xdg_path = NULL, *global = NULL, *local = NULL;

	if (!home || !*home || strchr(home, ':') || (xdg && strchr(xdg, ':')))
		return FALSE;
	xdg_path = xdg && *xdg ? g_build_filename(xdg, "git", "config", NULL)
			       : g_build_filename(home, ".config", "git",
						  "config", NULL);
	global = g_build_filename(home, ".gitconfig", NULL);
	local = g_build_filename(gitdir, "config", NULL);
	return plain_config("/etc/gitconfig") && plain_config(xdg_path) &&
	       plain_config(global) && plain_config(local);
}

static gboolean owned(const char *path)
{
	struct stat st;

	return !stat(path, &st) && st.st_uid == geteuid();
}

/* $GIT_DIR, or the ".git" found searching up from the working directory;
 * *none: certainly no repository. */
static char *candidate(gboolean *none)
{
	const char *env = g_getenv("GIT_DIR");
	char cwd[PATH_MAX];
	struct stat st;
	dev_t dev;

	*none = FALSE;
	if (env)
		return *env ? g_strdup(env) : NULL;
	if (!getcwd(cwd, sizeof(cwd)) || cwd[0] != '/' || stat(cwd, &st))
		return NULL;
	dev = st.st_dev;
	for (g_autofree char *dir = g_strdup(cwd);;) {
		g_autofree char *dotgit = g_build_filename(dir, ".git", NULL);
		g_autofree char *head = g_build_filename(dir, "HEAD", NULL);
		g_autofree char *up = NULL;

		if (!lstat(dotgit, &st))
			return S_ISDIR(st.st_mode) && st.st_dev == dev
			       ? g_steal_pointer(&dotgit) : NULL;
		if (errno != ENOENT || !lstat(head, &st) || errno != ENOENT ||
		    stat(dir, &st) || st.st_dev != dev)
			return NULL;
		up = g_path_get_dirname(dir);
		if (!strcmp(up, dir)) {
			*none = TRUE;
			return NULL;
		}
		g_free(dir);
		dir = g_steal_pointer(&up);
	}
}

enum sl_locate sl_repo_locate(char **gitdir, char **workdir)
{
	char real[PATH_MAX];
	g_autofree char *dir = NULL, *parent = NULL;
	gboolean none;

	*gitdir = *workdir = NULL;
	for (gsize i = 0; i < G_N_ELEMENTS(git_env); i++)
		if (g_getenv(git_env[i]))
			return SL_LOCATE_UNSURE;
	dir = candidate(&none);
	if (!dir)
		return none ? SL_LOCATE_NONE : SL_LOCATE_UNSURE;
	if (!realpath(dir, real) || !strcmp(real, "/") || !plain_gitdir(real))
		return SL_LOCATE_UNSURE;
	parent = g_path_get_dirname(real);
	if (!owned(real) || !owned(parent) || !plain_configs(real))
		return SL_LOCATE_UNSURE;
	*gitdir = g_strconcat(real, "/", NULL);
	*workdir = strcmp(parent, "/") ? g_strconcat(parent, "/", NULL)
				      : g_strdup("/");
	return SL_LOCATE_FOUND;
}
