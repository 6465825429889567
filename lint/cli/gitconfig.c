// SPDX-License-Identifier: GPL-2.0-only
/*
 * git config as git sees it, two ways.
 *
 * With libgit2 (sl_gitconfig_read_libgit2()): git's files in git's order
 * parsed by libgit2, `git -c` from the environment parsed here as git
 * parses it, and git itself wherever libgit2 1.5 could answer otherwise
 * (the list is above that function).  No child process.
 *
 * With one `git config -z --list --show-origin` child
 * (sl_gitconfig_read_git()): git is the authority on its own
 * configuration, and git send-email reads its own through `git config`.
 * Where GIT_DIR is set (the send-email hook, once per patch), git's answer
 * is kept under it and reused while nothing git reads has changed
 * (read_git_cached()).
 *
 * Which one: libgit2 only where the run loads libgit2 anyway (--staged),
 * or everywhere when built with SECLINT_GITCONFIG_LIBGIT2.  On Debian 12
 * loading libgit2 costs more than the child it saves: dlopen() brings in
 * libssh2, libcrypto, Kerberos and mbedTLS (thousands of relocations),
 * and git_libgit2_init() parses the system CA bundle into mbedTLS.
 * Measured whole-process, one message to a public list in a repository
 * (the send-email hook's common case, where nothing else needs libgit2):
 * 1.5 times the CPU time of reading with the child; with --staged,
 * where libgit2 is loaded anyway, 0.82 times (doc/performance.md).
 *
 * And neither where no file git reads can hold a key the run asks for
 * (sl_gitconfig_may_hold(): most runs, as few people set seclint.*).
 */
#define _XOPEN_SOURCE 700	/* POSIX 2008 and realpath() */
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "errors.h"
#include "gitconfig.h"
#include "maint-cache.h"

static void entry_free(gpointer p)
{
	struct sl_gitconfig_entry *e = p;

	g_free(e->key);
	g_free(e->value);
	g_free(e->origin);
	g_free(e);
}

struct sl_gitconfig *sl_gitconfig_new_empty(void)
{
	struct sl_gitconfig *cfg = g_new0(struct sl_gitconfig, 1);

	cfg->entries = g_ptr_array_new_with_free_func(entry_free);
	return cfg;
}

void sl_gitconfig_free(struct sl_gitconfig *cfg)
{
	if (!cfg)
		return;
	g_ptr_array_unref(cfg->entries);
	g_free(cfg);
}

char *sl_gitconfig_canonical(const char *key)
{
	const char *first = strchr(key, '.');
	const char *last = strrchr(key, '.');
	char *out = g_strdup(key);

	if (!first)
		return out;
	for (char *p = out; p < out + (first - key); p++)
		*p = g_ascii_tolower(*p);
	for (char *p = out + (last - key); *p; p++)
		*p = g_ascii_tolower(*p);
	return out;
}

/* One record: ORIGIN NUL KEY [LF VALUE] NUL. */
static gboolean add_record(struct sl_gitconfig *cfg, const char *origin,
			   const char *keyvalue)
{
	struct sl_gitconfig_entry *e;
	const char *nl = strchr(keyvalue, '\n');
	g_autofree char *key = NULL;

	if (!*origin || !*keyvalue || *keyvalue == '\n')
		return FALSE;
	e = g_new0(struct sl_gitconfig_entry, 1);
	e->origin = g_strdup(origin);
	key = nl ? g_strndup(keyvalue, nl - keyvalue) : g_strdup(keyvalue);
	e->key = sl_gitconfig_canonical(key);	/* git's already is */
	e->value = nl ? g_strdup(nl + 1) : NULL;
	g_ptr_array_add(cfg->entries, e);
	return TRUE;
}

struct sl_gitconfig *sl_gitconfig_parse(const char *data, gsize len,
					GError **error)
{
	g_autoptr(sl_gitconfig) cfg = sl_gitconfig_new_empty();
	const char *p = data, *end = data + len;

	while (p < end) {
		const char *origin = p;
		const char *z = memchr(p, '\0', end - p);
		const char *keyvalue = z ? z + 1 : end;
		const char *z2 = keyvalue < end
				 ? memchr(keyvalue, '\0', end - keyvalue)
				 : NULL;

		if (!z2 || !add_record(cfg, origin, keyvalue)) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
				    "cannot parse the output of git config "
				    "at byte %td", origin - data);
			return NULL;
		}
		p = z2 + 1;
	}
	return g_steal_pointer(&cfg);
}

/*
 * The output of `git config -z --list --show-origin` in *@out (its length
 * in *@len); FALSE with @error set if git failed, TRUE with *@out NULL if
 * there is no git to run.
 */
static gboolean run_git(char **out, gsize *len, GError **error)
{
	char *argv[] = { "git", "config", "-z", "--list", "--show-origin",
			 NULL };
	g_autofree char *err = NULL;
	g_autoptr(GError) spawn_error = NULL;
	gint status;

	/*
	 * LEAVE_DESCRIPTORS_OPEN lets GLib use posix_spawn() (a vfork)
	 * rather than fork(); seclint opens its own files close-on-exec.
	 */
	if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH |
			  G_SPAWN_STDIN_FROM_DEV_NULL |
			  G_SPAWN_LEAVE_DESCRIPTORS_OPEN, NULL, NULL, out,
			  &err, &status, &spawn_error)) {
		/* Without git there is no git config to honour. */
		if (g_error_matches(spawn_error, G_SPAWN_ERROR,
				    G_SPAWN_ERROR_NOENT))
			return TRUE;
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "cannot run git config: %s", spawn_error->message);
		return FALSE;
	}
	if (!g_spawn_check_wait_status(status, NULL)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "cannot read git config: %s",
			    *g_strstrip(err) ? err : "git config failed");
		g_clear_pointer(out, g_free);
		return FALSE;
	}
	/*
	 * g_spawn_sync() gives no length; no field of a record is empty, so
	 * the data ends at the first empty string (its own terminator).
	 */
	*len = 0;
	while (*out && (*out)[*len])
		*len += strlen(*out + *len) + 1;
	if (!*out)
		*out = g_strdup("");
	return TRUE;
}

struct sl_gitconfig *sl_gitconfig_read_git(GError **error)
{
	g_autofree char *out = NULL;
	gsize len = 0;

	if (!run_git(&out, &len, error))
		return NULL;
	return sl_gitconfig_parse(out ? out : "", len, error);
}

/* ---- libgit2: git's files in git's order, or "ask git" ---- */

/*
 * What git itself reads (git 2.39, config.c do_git_config_sequence() and
 * builtin/config.c), rebuilt here with libgit2's parser:
 *   system    $GIT_CONFIG_SYSTEM, else /etc/gitconfig (Debian's git), unless
 *             GIT_CONFIG_NOSYSTEM is true;
 *   global    $GIT_CONFIG_GLOBAL alone, else $XDG_CONFIG_HOME/git/config
 *             (or ~/.config/git/config) and then ~/.gitconfig;
 *   local     the repository found as git finds it (GIT_DIR, upwards from
 *             the working directory), its common dir's config;
 *   worktree  config.worktree in the git dir, if extensions.worktreeConfig;
 *   git -c    GIT_CONFIG_COUNT with GIT_CONFIG_KEY_n/GIT_CONFIG_VALUE_n,
 *             then GIT_CONFIG_PARAMETERS, parsed as git parses them.
 * Each file's entries come in file order with its includes in place
 * (libgit2 and git both read an include where its include.path stands).
 *
 * Where libgit2 1.5 or this rebuilding could differ from git, the reader
 * gives up and git answers (sl_gitconfig_read_git()), so the result is
 * never wrong, only slower:
 *   - GIT_CONFIG is set (git config then reads that file alone);
 *   - GIT_COMMON_DIR is set, HOME is unset (libgit2 then takes the home
 *     from passwd for "~/", git fails) or holds a ':' (libgit2 reads a
 *     list there), or root runs under sudo (git then judges ownership by
 *     SUDO_UID);
 *   - GIT_CONFIG_NOSYSTEM is not a boolean this reader knows (git dies);
 *   - a file git would read exists but cannot be read or is not a regular
 *     file (git dies, or skips it unreadable: its message decides);
 *   - the repository is not owned by the user (git's safe.directory),
 *     or libgit2 cannot open it (git may read it, or warn and ignore it);
 *   - libgit2 reports any error (malformed config, include depth): git's
 *     message names the file and line, and a config git accepts is read;
 *   - a line git may refuse and libgit2 1.5 reads (git_refuses()), or
 *     a name that does not start with a letter;
 *   - an include with no value or an empty one (git fails, libgit2
 *     ignores it), a path starting "~user/" or "%(prefix)/" (libgit2
 *     knows neither);
 *   - includeIf with a condition other than gitdir:, gitdir/i:, onbranch:
 *     (libgit2 1.5 does not know hasconfig:remote.*.url:, and treats it
 *     as false);
 *   - includeIf "gitdir:" where git and libgit2 could see the git dir
 *     differently: GIT_DIR set, ".git" a file or a symbolic link (git also
 *     tries the path before symbolic links are resolved, libgit2 only the
 *     resolved one), or a "./" pattern (git resolves the config file's
 *     directory, libgit2 does not);
 *   - extensions.worktreeConfig is not a boolean this reader knows;
 *   - `git -c` includes (include.*, includeIf.*), or anything git would
 *     refuse in GIT_CONFIG_PARAMETERS or GIT_CONFIG_COUNT (git's own
 *     message then says what).
 */

/* git's own name for its system file; Debian builds git with /etc. */
#define SL_GIT_ETC_GITCONFIG "/etc/gitconfig"

/* Include depth as far as libgit2 and git go (MAX_INCLUDE_DEPTH). */
#define SL_INCLUDE_DEPTH 10

struct reader {
	struct sl_gitconfig *cfg;
	char *why;		/* why git must answer; NULL so far */
	git_repository *repo;
	char *gitdir_why;	/* why gitdir: conditions must go to git */
	char *common;		/* the repository's common dir, "/" ended */
	char *common_shown;	/* and as git names it in an origin */
	const char *paths[GIT_CONFIG_LEVEL_APP + 1];	/* by level */
	char *depth[SL_INCLUDE_DEPTH + 2];	/* file at include depth */
	int worktree_config;	/* -1 unset, else extensions.worktreeConfig */
};

static gboolean ask_git(struct reader *r, const char *fmt, ...)
	G_GNUC_PRINTF(2, 3);

static gboolean ask_git(struct reader *r, const char *fmt, ...)
{
	va_list ap;

	if (!r->why) {
		va_start(ap, fmt);
		r->why = g_strdup_vprintf(fmt, ap);
		va_end(ap);
	}
	return FALSE;
}

static gboolean libgit2_failed(struct reader *r, const char *what)
{
	const git_error *e = git_error_last();

	return ask_git(r, "%s: %s", what, e && e->message ? e->message
		       : "libgit2 failed");
}

/* git's boolean (git_config_bool()), for the words this file knows. */
static gboolean parse_bool(const char *key, const char *value, gboolean *out)
{
	struct sl_gitconfig_entry e = { (char *)key, (char *)value,
					(char *)"" };
	g_autoptr(GError) error = NULL;

	return sl_gitconfig_bool(&e, out, &error);
}

static gboolean iskeychar(char c)
{
	return g_ascii_isalnum(c) || c == '-';
}

/*
 * Where libgit2 1.5 reads a line git refuses ("bad config line"): a
 * quote never closed (`cc = "open`), a comment or anything but '=' after
 * a name (`cc # x`); or a line libgit2 reads otherwise: a tab inside an
 * unquoted value, a lone carriage return (git reads a space), some
 * continued lines, a quote after an escaped backslash.
 * The first such line, by git's grammar (config.c git_parse_source(),
 * get_value(), parse_value(), get_base_var()), or 0.  It decides only
 * whether git must answer: a line it flags goes to git, never to an
 * error of its own.
 */
/* A continued line libgit2 reads otherwise: blank, or a comment. */
static gboolean blank_line(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p == end || strchr("\n\r;#", *p);
}

static guint git_refuses(const char *p, gsize len)
{
	enum { START, HEADER, SPACE, HQUOTE, HEND, NAME, AFTER, VALUE,
	       QUOTED, COMMENT } state = START;
	const char *end = p + len;
	guint line = 1;
	gboolean text = FALSE;	/* the value has begun */

	for (; p < end; p++) {
		char c = *p;

		if (c == '\r' && (p + 1 == end || p[1] != '\n'))
			return line;
		if (c == '\r')
			continue;	/* CR LF is LF to git */
		if (c == '\\' && (state == VALUE || state == QUOTED ||
				   state == HQUOTE)) {
			if (++p == end || (state != HQUOTE && (!*p ||
					   !strchr("\ntbn\\\"", *p))) ||
			    (state == HQUOTE && *p == '\n'))
				return line;
			/* Continued: libgit2 keeps the next line's leading
			 * blanks while the value is empty, and reads on past
			 * a blank next line or a comment. */
			if (*p == '\n' && state != HQUOTE &&
			    (!text || blank_line(p + 1, end)))
				return line;
			/* libgit2 does not count a quote after an escaped
			 * backslash. */
			if (*p == '\\' && p + 1 < end && p[1] == '"')
				return line;
			if (*p == '\n')
				line++;
			text = TRUE;
			continue;
		}
		switch (state) {
		case START:
			if (c == '[')
				state = HEADER;
			else if (c == ';' || c == '#')
				state = COMMENT;
			else if (g_ascii_isalpha(c))
				state = NAME;
			else if (!g_ascii_isspace(c))
				return line;
			break;
		case HEADER:
			if (c == ']')
				state = START;	/* a name may follow */
			else if (c == ' ' || c == '\t')
				state = SPACE;
			else if (!iskeychar(c) && c != '.')
				return line;
			break;
		case SPACE:
			if (c == '"')
				state = HQUOTE;
			else if (c != ' ' && c != '\t')
				return line;
			break;
		case HQUOTE:
			if (c == '"')
				state = HEND;
			else if (c == '\n')
				return line;
			break;
		case HEND:
			if (c != ']')
				return line;
			state = START;
			break;
		case NAME:
		case AFTER:
			if (c == '=')
				state = VALUE;
			else if (c == ' ' || c == '\t')
				state = AFTER;
			else if (c == '\n')
				state = START;
			else if (state == AFTER || !iskeychar(c))
				return line;
			break;
		case VALUE:
			if (text && (c == '\t' || c == '\v' || c == '\f'))
				return line;
			text |= !g_ascii_isspace(c);
			if (c == '"')
				state = QUOTED;
			else if (c == ';' || c == '#')
				state = COMMENT;
			else if (c == '\n')
				state = START;
			break;
		case QUOTED:
			if (c == '"')
				state = VALUE;
			else if (c == '\n')
				return line;
			break;
		case COMMENT:
			if (c == '\n')
				state = START;
			break;
		}
		if (c == '\n') {
			line++;
			text = FALSE;
		}
	}
	return state == START || state == NAME || state == AFTER ||
	       state == VALUE || state == COMMENT ? 0 : line;
}

/* What libgit2 would accept from @path and git would not. */
static gboolean git_accepts(struct reader *r, const char *path)
{
	g_autofree char *text = NULL;
	g_autoptr(GError) error = NULL;
	gsize len;
	guint line;

	if (!g_file_get_contents(path, &text, &len, &error))
		return ask_git(r, "%s", error->message);
	line = git_refuses(text, len);
	if (line)
		return ask_git(r, "%s:%u: a line git may refuse", path, line);
	return TRUE;
}

/*
 * A file git would read: TRUE to read it, FALSE to skip it (git's
 * access_or_die() skips what does not exist), or FALSE with r->why.
 */
static gboolean readable(struct reader *r, const char *path)
{
	struct stat st;

	if (stat(path, &st)) {
		if (errno == ENOENT || errno == ENOTDIR)
			return FALSE;
		return ask_git(r, "%s: %s", path, g_strerror(errno));
	}
	if (!S_ISREG(st.st_mode))
		return ask_git(r, "%s: not a regular file", path);
	if (access(path, R_OK))
		return ask_git(r, "%s: %s", path, g_strerror(errno));
	return TRUE;
}

static gboolean owned(struct reader *r, const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT || ask_git(r, "%s: %s", path,
						  g_strerror(errno));
	if (st.st_uid != geteuid())
		return ask_git(r, "%s: not owned by the user "
			       "(safe.directory)", path);
	return TRUE;
}

/*
 * git names the repository's files from its git dir as it holds it: after
 * moving to the top of the working tree, ".git/config"; in the git dir,
 * "config"; with GIT_DIR, "$GIT_DIR/config"; else the absolute path.
 * Only messages show it.
 */
static void name_common_dir(struct reader *r)
{
	const char *common = git_repository_commondir(r->repo);
	const char *gitdir = git_repository_path(r->repo);
	const char *workdir = git_repository_workdir(r->repo);
	const char *env = getenv("GIT_DIR");
	char *cwd = getcwd(NULL, 0);
	g_autofree char *here = cwd ? g_strconcat(cwd, "/", NULL) : NULL;
	g_autofree char *dotgit = workdir ? g_strconcat(workdir, ".git/", NULL)
				: NULL;

	free(cwd);
	if (strcmp(common, gitdir) || !here)
		return;		/* a linked worktree: git's is absolute */
	if (env && *env)
		r->common_shown = g_str_has_suffix(env, "/") ? g_strdup(env)
				  : g_strconcat(env, "/", NULL);
	else if (!strcmp(here, gitdir))
		r->common_shown = g_strdup("");
	else if (dotgit && !strcmp(dotgit, gitdir) &&
		 !g_str_has_prefix(here, gitdir))
		r->common_shown = g_strdup(".git/");
	if (r->common_shown)
		r->common = g_strdup(common);
}

/* The repository as git finds it, or none; FALSE: ask git. */
static gboolean open_repo(struct reader *r)
{
	const char *workdir, *gitdir;
	g_autofree char *dotgit = NULL;
	struct stat st;
	int rc = git_repository_open_ext(&r->repo, NULL,
					 GIT_REPOSITORY_OPEN_FROM_ENV, NULL);

	if (rc == GIT_ENOTFOUND && !getenv("GIT_DIR")) {
		r->repo = NULL;
		return TRUE;
	}
	if (rc < 0) {
		r->repo = NULL;
		return libgit2_failed(r, "opening the repository");
	}
	workdir = git_repository_workdir(r->repo);
	gitdir = git_repository_path(r->repo);
	name_common_dir(r);
	if (getenv("GIT_DIR")) {
		r->gitdir_why = g_strdup("GIT_DIR is set");
		return TRUE;
	}
	if (!owned(r, gitdir))
		return FALSE;
	if (!workdir)
		return TRUE;
	dotgit = g_build_filename(workdir, ".git", NULL);
	if (!owned(r, workdir) || !owned(r, dotgit))
		return FALSE;
	if (lstat(dotgit, &st) || !S_ISDIR(st.st_mode))
		r->gitdir_why = g_strdup_printf("%s is not a directory",
						dotgit);
	return TRUE;
}

/* Where an include's path leads, as git and libgit2 both join it. */
static char *include_target(struct reader *r, const char *from,
			    const char *key, const char *value)
{
	g_autofree char *dir = NULL;

	if (!value || !*value) {
		ask_git(r, "%s: %s has no path", from, key);
		return NULL;
	}
	if (value[0] == '~' && value[1] != '/') {
		ask_git(r, "%s: %s: \"~user\" paths", from, key);
		return NULL;
	}
	if (g_str_has_prefix(value, "%(prefix)/")) {
		ask_git(r, "%s: %s: \"%%(prefix)\" paths", from, key);
		return NULL;
	}
	if (value[0] == '~')
		return g_strconcat(getenv("HOME"), value + 1, NULL);
	if (value[0] == '/')
		return g_strdup(value);
	dir = g_path_get_dirname(from);
	return g_strconcat(dir, "/", value, NULL);
}

/* includeIf.COND.path: a condition libgit2 evaluates as git does? */
static gboolean known_condition(struct reader *r, const char *from,
				const char *key)
{
	const char *cond = key + strlen("includeif.");
	const char *pattern;

	if (g_str_has_prefix(cond, "onbranch:"))
		return TRUE;
	if (g_str_has_prefix(cond, "gitdir:"))
		pattern = cond + strlen("gitdir:");
	else if (g_str_has_prefix(cond, "gitdir/i:"))
		pattern = cond + strlen("gitdir/i:");
	else
		return ask_git(r, "%s: %s: a condition libgit2 does not know",
			       from, key);
	if (r->gitdir_why)
		return ask_git(r, "%s: %s: %s", from, key, r->gitdir_why);
	if (pattern[0] == '.' && pattern[1] == '/')
		return ask_git(r, "%s: %s: a \"./\" pattern", from, key);
	if ((pattern[0] == '~' && pattern[1] != '/') ||
	    g_str_has_prefix(pattern, "%(prefix)/"))
		return ask_git(r, "%s: %s: \"~user\" or \"%%(prefix)\"",
			       from, key);
	return TRUE;
}

static void add_entry(struct sl_gitconfig *cfg, const char *key,
		      const char *value, const char *origin)
{
	struct sl_gitconfig_entry *e = g_new0(struct sl_gitconfig_entry, 1);

	e->key = g_strdup(key);
	e->value = g_strdup(value);
	e->origin = g_strdup(origin);
	g_ptr_array_add(cfg->entries, e);
}

/* One libgit2 entry: its file from its level and include depth. */
static gboolean take(struct reader *r, const git_config_entry *e)
{
	unsigned d = e->include_depth;
	const char *from, *name;
	g_autofree char *origin = NULL;

	if ((unsigned)e->level > GIT_CONFIG_LEVEL_APP || !r->paths[e->level] ||
	    d > SL_INCLUDE_DEPTH || (d && !r->depth[d]))
		return ask_git(r, "%s: an entry from an unknown file",
			       e->name);
	from = d ? r->depth[d] : r->paths[e->level];
	name = strrchr(e->name, '.');
	if (!g_ascii_isalpha(name ? name[1] : e->name[0]))
		return ask_git(r, "%s: %s: a name git refuses", from,
			       e->name);
	if (!strcmp(e->name, "include.path") ||
	    (g_str_has_prefix(e->name, "includeif.") &&
	     g_str_has_suffix(e->name, ".path"))) {
		char *target;

		if (e->name[strlen("include")] == 'i' &&
		    !known_condition(r, from, e->name))
			return FALSE;
		target = include_target(r, from, e->name, e->value);
		if (!target)
			return FALSE;
		/* Read by git only if it exists; an unreadable one stops. */
		if (readable(r, target) ? !git_accepts(r, target) : !!r->why) {
			g_free(target);
			return FALSE;
		}
		g_free(r->depth[d + 1]);
		r->depth[d + 1] = target;
	}
	if (e->level == GIT_CONFIG_LEVEL_LOCAL && !d &&
	    !strcmp(e->name, "extensions.worktreeconfig")) {
		gboolean b;

		if (!parse_bool(e->name, e->value, &b))
			return ask_git(r, "%s: extensions.worktreeConfig is "
				       "not a boolean", from);
		r->worktree_config = b;
	}
	if (r->common && (e->level == GIT_CONFIG_LEVEL_LOCAL ||
			  e->level == GIT_CONFIG_LEVEL_APP) &&
	    g_str_has_prefix(from, r->common))
		origin = g_strconcat("file:", r->common_shown,
				     from + strlen(r->common), NULL);
	else
		origin = g_strconcat("file:", from, NULL);
	add_entry(r->cfg, e->name, e->value, origin);
	return TRUE;
}

/*
 * Every entry, lowest level first, each file in order.  Not
 * git_config_foreach_match(): libgit2 1.5 leaks PCRE2 match data there
 * for every entry that does not match.
 */
static gboolean take_all(struct reader *r, git_config *config)
{
	git_config_iterator *it = NULL;
	git_config_entry *e;
	int rc;

	if (git_config_iterator_new(&it, config) < 0)
		return libgit2_failed(r, "reading git config");
	while ((rc = git_config_next(&e, it)) == 0 && take(r, e))
		;
	git_config_iterator_free(it);
	if (rc < 0 && rc != GIT_ITEROVER)
		return libgit2_failed(r, "reading git config");
	return !r->why;
}

static gboolean add_file(struct reader *r, git_config *config,
			 git_config_level_t level, const char *path)
{
	if (!path || !readable(r, path))
		return !r->why;
	if (!git_accepts(r, path))
		return FALSE;
	if (git_config_add_file_ondisk(config, path, level, r->repo, 0) < 0)
		return libgit2_failed(r, path);
	r->paths[level] = path;
	return TRUE;
}

/* ---- git -c, as git's config.c reads it from the environment ---- */

/* git_config_parse_key(): section and name lower case, checked. */
static char *parse_key(const char *key)
{
	const char *last = strrchr(key, '.');
	gsize base;
	char *out;
	gboolean dot = FALSE;

	if (!last || last == key || !last[1])
		return NULL;
	base = last - key;
	out = g_strdup(key);
	for (gsize i = 0; key[i]; i++) {
		char c = key[i];

		if (c == '.')
			dot = TRUE;
		if (!dot || i > base) {
			if (!iskeychar(c) ||
			    (i == base + 1 && !g_ascii_isalpha(c))) {
				g_free(out);
				return NULL;
			}
			out[i] = g_ascii_tolower(c);
		} else if (c == '\n') {
			g_free(out);
			return NULL;
		}
	}
	return out;
}

/* config_parse_pair(), then the entry; includes are git's business. */
static gboolean command_line(struct reader *r, const char *key,
			     const char *value)
{
	g_autofree char *canon = *key ? parse_key(key) : NULL;

	if (!canon)
		return ask_git(r, "git -c: invalid key '%s'", key);
	if (g_str_has_prefix(canon, "include.") ||
	    g_str_has_prefix(canon, "includeif."))
		return ask_git(r, "git -c %s: an include", canon);
	add_entry(r->cfg, canon, value, "command line:");
	return TRUE;
}

/* git's sq_dequote_step(): 'a'\''b' is a'b, in place; NULL if bogus. */
static char *sq_dequote_step(char *arg, char **next)
{
	char *dst = arg, *src = arg;

	if (*src != '\'')
		return NULL;
	for (;;) {
		char c = *++src;

		if (!c)
			return NULL;
		if (c != '\'') {
			*dst++ = c;
			continue;
		}
		switch (*++src) {
		case '\0':
			*dst = '\0';
			*next = NULL;
			return arg;
		case '\\':
			if ((src[1] == '\'' || src[1] == '!') &&
			    src[2] == '\'') {
				*dst++ = src[1];
				src += 2;
				continue;
			}
			/* fall through */
		default:
			*dst = '\0';
			*next = src;
			return arg;
		}
	}
}

/* git_config_parse_parameter(): the old 'key=value' form. */
static gboolean old_style(struct reader *r, const char *text)
{
	const char *eq = strchr(text, '=');
	g_autofree char *key = eq ? g_strndup(text, eq - text)
			       : g_strdup(text);

	g_strstrip(key);
	if (!*key)
		return ask_git(r, "git -c: bogus config parameter");
	return command_line(r, key, eq ? eq + 1 : NULL);
}

/* parse_config_env_list() */
static gboolean parameters(struct reader *r, const char *env)
{
	g_autofree char *copy = g_strdup(env);
	char *cur = copy;

	while (cur && *cur) {
		const char *key = sq_dequote_step(cur, &cur);
		const char *value;

		if (!key)
			return ask_git(r, "bogus GIT_CONFIG_PARAMETERS");
		if (!cur || g_ascii_isspace(*cur)) {
			if (!old_style(r, key))
				return FALSE;
		} else if (*cur == '=') {
			cur++;
			if (*cur == '\'') {
				value = sq_dequote_step(cur, &cur);
				if (!value || (cur && !g_ascii_isspace(*cur)))
					return ask_git(r, "bogus "
						       "GIT_CONFIG_PARAMETERS");
			} else if (!*cur || g_ascii_isspace(*cur)) {
				value = NULL;	/* 'key'= */
			} else {
				return ask_git(r, "bogus GIT_CONFIG_PARAMETERS");
			}
			if (!command_line(r, key, value))
				return FALSE;
		} else {
			return ask_git(r, "bogus GIT_CONFIG_PARAMETERS");
		}
		while (cur && g_ascii_isspace(*cur))
			cur++;
	}
	return TRUE;
}

/* git_config_from_parameters(): GIT_CONFIG_COUNT first. */
static gboolean from_parameters(struct reader *r)
{
	const char *env = getenv("GIT_CONFIG_COUNT");

	if (env) {
		char *end;
		unsigned long count = strtoul(env, &end, 10);

		if (*end || count > INT_MAX)
			return ask_git(r, "bogus GIT_CONFIG_COUNT");
		for (unsigned long i = 0; i < count; i++) {
			g_autofree char *kname =
				g_strdup_printf("GIT_CONFIG_KEY_%lu", i);
			g_autofree char *vname =
				g_strdup_printf("GIT_CONFIG_VALUE_%lu", i);
			const char *key = getenv(kname);
			const char *value = getenv(vname);

			if (!key || !value)
				return ask_git(r, "missing %s", key ? vname
					       : kname);
			if (!command_line(r, key, value))
				return FALSE;
		}
	}
	env = getenv("GIT_CONFIG_PARAMETERS");
	return !env || parameters(r, env);
}

static gboolean environment_allows(struct reader *r, gboolean *nosystem)
{
	const char *v = getenv("GIT_CONFIG_NOSYSTEM");

	if (getenv("GIT_CONFIG"))
		return ask_git(r, "GIT_CONFIG is set");
	if (getenv("GIT_COMMON_DIR"))
		return ask_git(r, "GIT_COMMON_DIR is set");
	if (!getenv("HOME"))
		return ask_git(r, "HOME is not set");
	if (geteuid() == 0 && getenv("SUDO_UID"))
		return ask_git(r, "root under sudo (SUDO_UID)");
	*nosystem = FALSE;
	if (v && !parse_bool("GIT_CONFIG_NOSYSTEM", v, nosystem))
		return ask_git(r, "GIT_CONFIG_NOSYSTEM is not a boolean");
	return TRUE;
}

static gboolean read_files(struct reader *r)
{
	const char *home = getenv("HOME");
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *system = getenv("GIT_CONFIG_SYSTEM");
	const char *global = getenv("GIT_CONFIG_GLOBAL");
	g_autofree char *xdg_path = NULL, *user_path = NULL;
	g_autofree char *local = NULL, *worktree = NULL;
	git_config *config = NULL, *wt = NULL;
	gboolean nosystem, ok;

	if (!environment_allows(r, &nosystem))
		return FALSE;
	/* "~/" in includes and gitdir: patterns is $HOME, as git has it. */
	if (strchr(home, ':'))
		return ask_git(r, "HOME holds a ':'");
	if (git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_GLOBAL,
			     home) < 0)
		return libgit2_failed(r, "HOME");
	if (!open_repo(r))
		return FALSE;
	if (!global) {
		xdg_path = xdg && *xdg ? g_strconcat(xdg, "/git/config", NULL)
		       : g_strconcat(home, "/.config/git/config", NULL);
		user_path = g_strconcat(home, "/.gitconfig", NULL);
	}
	if (r->repo)
		local = g_strconcat(git_repository_commondir(r->repo),
				    "config", NULL);
	if (git_config_new(&config) < 0)
		return libgit2_failed(r, "git config");
	ok = (nosystem || add_file(r, config, GIT_CONFIG_LEVEL_SYSTEM,
				   system ? system : SL_GIT_ETC_GITCONFIG)) &&
	     add_file(r, config, GIT_CONFIG_LEVEL_XDG, xdg_path) &&
	     add_file(r, config, GIT_CONFIG_LEVEL_GLOBAL,
		      global ? global : user_path) &&
	     add_file(r, config, GIT_CONFIG_LEVEL_LOCAL, local) &&
	     take_all(r, config);
	if (ok && r->worktree_config > 0) {
		worktree = g_strconcat(git_repository_path(r->repo),
				       "config.worktree", NULL);
		ok = git_config_new(&wt) == 0 &&
		     add_file(r, wt, GIT_CONFIG_LEVEL_APP, worktree) &&
		     take_all(r, wt);
	}
	git_config_free(wt);
	git_config_free(config);
	return ok && !r->why && from_parameters(r);
}

struct sl_gitconfig *sl_gitconfig_read_libgit2(char **why)
{
	static const char *worktree_extension[] = { "worktreeconfig" };
	struct reader r = { .cfg = sl_gitconfig_new_empty(),
			    .worktree_config = -1 };
	gboolean ok;

	git_libgit2_init();
	/*
	 * libgit2 1.5 refuses to open a repository with
	 * extensions.worktreeConfig; this reader honours it (config.worktree)
	 * as git does.  Only for this reading: the setting is global.
	 */
	git_libgit2_opts(GIT_OPT_SET_EXTENSIONS, worktree_extension, 1);
	ok = read_files(&r);
	git_repository_free(r.repo);
	git_libgit2_opts(GIT_OPT_SET_EXTENSIONS, NULL, (size_t)0);
	git_libgit2_shutdown();
	for (size_t i = 0; i < G_N_ELEMENTS(r.depth); i++)
		g_free(r.depth[i]);
	g_free(r.gitdir_why);
	g_free(r.common);
	g_free(r.common_shown);
	if (ok && !r.why) {
		*why = NULL;
		return r.cfg;
	}
	*why = r.why ? r.why : g_strdup("libgit2 failed");
	sl_gitconfig_free(r.cfg);
	return NULL;
}

/* ---- whether git's files can hold a section at all ---- */

/*
 * A run that reads only the sections @sections needs no git when no file
 * git could read mentions any of them.  The test is by text, not by
 * parsing: a key of section S comes from a "[S" header (git lowers the
 * section's case, allows no space after '['), from an include, or from
 * `git -c`; so a file whose text, in any case, holds neither a name of
 * @sections nor "include" gives none of their keys, whatever else it holds.
 * Every file git could read is tested, and more (a superset is safe; a
 * missed file is not):
 *   system    $GIT_CONFIG_SYSTEM if set, else SL_GIT_ETC_GITCONFIG, only
 *             when the git on PATH is /usr/bin/git (a git built elsewhere
 *             may have another system file): tested even under
 *             GIT_CONFIG_NOSYSTEM;
 *   global    $GIT_CONFIG_GLOBAL if set, and always $XDG_CONFIG_HOME/git/
 *             config, ~/.config/git/config and ~/.gitconfig;
 *   local     every directory from the working directory up to the root,
 *             ignoring GIT_CEILING_DIRECTORIES and file-system boundaries:
 *             D/.git/config and config.worktree, and D/config and
 *             config.worktree where D holds HEAD (a bare repository, or a
 *             git directory itself); $GIT_DIR's too when set.
 * And "may hold" (git answers) wherever this cannot be sure: GIT_CONFIG,
 * GIT_COMMON_DIR, GIT_CONFIG_COUNT or GIT_CONFIG_PARAMETERS is set,
 * GIT_CONFIG_SYSTEM or GIT_CONFIG_GLOBAL is empty, GIT_DIR or a .git is
 * not a directory (a linked worktree, a submodule), a git directory has
 * a commondir, or a file exists and cannot be read whole.
 */
static gboolean mentions(const char *text, gsize len, const char *word)
{
	gsize n = strlen(word);

	for (gsize i = 0; i + n <= len; i++)
		if (!g_ascii_strncasecmp(text + i, word, n))
			return TRUE;
	return FALSE;
}

/* TRUE if @path may hold a key of @sections (or cannot be read). */
static gboolean file_may_hold(const char *path,
			      const char *const *sections)
{
	g_autofree char *text = NULL;
	g_autoptr(GError) error = NULL;
	gsize len;
	struct stat st;

	if (stat(path, &st) < 0)
		return errno != ENOENT && errno != ENOTDIR;
	if (!S_ISREG(st.st_mode) ||
	    !g_file_get_contents(path, &text, &len, &error))
		return TRUE;
	if (mentions(text, len, "include"))
		return TRUE;
	for (const char *const *s = sections; *s; s++)
		if (mentions(text, len, *s))
			return TRUE;
	return FALSE;
}

/* A git directory's files; TRUE if they may hold a key of @sections. */
static gboolean gitdir_may_hold(const char *gitdir,
				const char *const *sections)
{
	g_autofree char *common = g_build_filename(gitdir, "commondir", NULL);
	g_autofree char *config = g_build_filename(gitdir, "config", NULL);
	g_autofree char *worktree = g_build_filename(gitdir, "config.worktree",
						     NULL);

	return g_file_test(common, G_FILE_TEST_EXISTS) ||
	       file_may_hold(config, sections) ||
	       file_may_hold(worktree, sections);
}

/* @dir (absolute, physical) and every directory above it. */
static gboolean repositories_may_hold(const char *dir,
				      const char *const *sections)
{
	g_autofree char *d = g_strdup(dir);

	for (;;) {
		g_autofree char *dotgit = g_build_filename(d, ".git", NULL);
		g_autofree char *head = g_build_filename(d, "HEAD", NULL);
		g_autofree char *up = NULL;
		struct stat st;

		if (lstat(dotgit, &st) == 0 &&
		    (!S_ISDIR(st.st_mode) || gitdir_may_hold(dotgit, sections)))
			return TRUE;
		if (g_file_test(head, G_FILE_TEST_EXISTS) &&
		    gitdir_may_hold(d, sections))
			return TRUE;
		up = g_path_get_dirname(d);
		if (!strcmp(up, d))
			return FALSE;	/* "/" was the last */
		g_free(d);
		d = g_steal_pointer(&up);
	}
}

gboolean sl_gitconfig_may_hold(const char *const *sections)
{
	static const char *const unsure[] = {
		"GIT_CONFIG", "GIT_COMMON_DIR", "GIT_CONFIG_COUNT",
		"GIT_CONFIG_PARAMETERS",
	};
	const char *home = g_getenv("HOME");
	const char *xdg = g_getenv("XDG_CONFIG_HOME");
	const char *system = g_getenv("GIT_CONFIG_SYSTEM");
	const char *global = g_getenv("GIT_CONFIG_GLOBAL");
	const char *gitdir = g_getenv("GIT_DIR");
	g_autofree char *cwd = NULL;

	for (size_t i = 0; i < G_N_ELEMENTS(unsure); i++)
		if (g_getenv(unsure[i]))
			return TRUE;
	/* Empty names, and a GIT_DIR that is a "gitdir:" file or missing. */
	if ((system && !*system) || (global && !*global) ||
	    (gitdir && !g_file_test(gitdir, G_FILE_TEST_IS_DIR)))
		return TRUE;
	if (system) {
		if (file_may_hold(system, sections))
			return TRUE;
	} else {
		g_autofree char *git = g_find_program_in_path("git");
		g_autofree char *real = git ? realpath(git, NULL) : NULL;

		if (!git)
			return FALSE;	/* the reading is empty anyway */
		if (!real || strcmp(real, "/usr/bin/git"))
			return TRUE;
		if (file_may_hold(SL_GIT_ETC_GITCONFIG, sections))
			return TRUE;
	}
	if (global && file_may_hold(global, sections))
		return TRUE;
	if (xdg && *xdg) {
		g_autofree char *f = g_build_filename(xdg, "git", "config",
						      NULL);

		if (file_may_hold(f, sections))
			return TRUE;
	}
	if (home) {	/* git's "~/": HOME as it is, even empty */
		g_autofree char *f1 = g_strconcat(home, "/.config/git/config",
						  NULL);
		g_autofree char *f2 = g_strconcat(home, "/.gitconfig", NULL);

		if (file_may_hold(f1, sections) || file_may_hold(f2, sections))
			return TRUE;
	}
	if (gitdir && gitdir_may_hold(gitdir, sections))
		return TRUE;
	cwd = realpath(".", NULL);	/* physical, as git's getcwd() */
	return !cwd || repositories_may_hold(cwd, sections);
}

/* ---- git's answer, cached under $GIT_DIR ---- */

/*
 * git send-email runs the sendemail-validate hook once per patch, with
 * GIT_DIR set, and each hook ran the `git config` child: 0.5 million
 * instructions, but some 6 ms of CPU under load for its fork, exec and
 * start-up, half of what starting seclint itself costs.  Its output is
 * kept in $GIT_DIR/seclint/gitconfig (lint/repo/maint-cache.c writes it)
 * under a digest of everything that child reads, and a later run with the
 * same digest takes the output from there instead of running git:
 *
 * - the git it would run (the one on PATH: its resolved name, device,
 *   inode, size, mode and times; Debian's, /usr/bin/git or git-core's,
 *   unless GIT_CONFIG_SYSTEM names the system file), the working
 *   directory, the effective user;
 * - every environment variable whose name starts with GIT_ (but the
 *   GIT_SENDEMAIL_ ones send-email changes from patch to patch), HOME,
 *   XDG_CONFIG_HOME and SUDO_UID;
 * - the whole text of every file git reads its config from, or that
 *   there is none: $GIT_CONFIG_SYSTEM or /etc/gitconfig, $GIT_CONFIG_GLOBAL,
 *   the XDG config, ~/.config/git/config, ~/.gitconfig, $GIT_DIR's config
 *   and config.worktree;
 * - the kind and owner of $GIT_DIR and the working directory.
 *
 * Nothing is cached (git answers each time, as before) without a GIT_DIR
 * that is a directory of its own (no commondir: a linked worktree), where
 * GIT_CONFIG, GIT_COMMON_DIR, GIT_CONFIG_COUNT or GIT_CONFIG_PARAMETERS is
 * set, where a config file mentions "include" (what it includes, or under
 * which condition, is not in the digest), or where a file cannot be read
 * whole.  The digest is taken before and after git runs, and the output
 * is kept only if they agree.  The cache file holds the digest and a
 * SHA-256 of the output, against damage; a cache that does not match is
 * ignored, and written anew.
 */
#define SL_CONFIG_CACHE "gitconfig"
#define SL_CONFIG_CACHE_MAX (4u * 1024 * 1024)
#define SL_DIGEST_HEX 64

static const char cache_magic[] = "seclint git config cache 1\n";

static void digest_str(GChecksum *sum, const char *what, const char *value)
{
	g_checksum_update(sum, (const guchar *)what, (gssize)strlen(what) + 1);
	if (value)
		g_checksum_update(sum, (const guchar *)value,
				  (gssize)strlen(value) + 1);
	else
		g_checksum_update(sum, (const guchar *)"\1unset", 7);
}

/* The whole file, or that there is none; FALSE: it cannot be cached. */
static gboolean digest_file(GChecksum *sum, const char *path)
{
	g_autofree char *text = NULL;
	struct stat st;
	char head[32];
	gsize len;

	digest_str(sum, "file", path);
	if (stat(path, &st) < 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			return FALSE;
		digest_str(sum, "absent", "");
		return TRUE;
	}
	if (!S_ISREG(st.st_mode) || (guint64)st.st_size > SL_CONFIG_CACHE_MAX ||
	    !g_file_get_contents(path, &text, &len, NULL) ||
	    mentions(text, len, "include"))
		return FALSE;
	g_snprintf(head, sizeof(head), "%" G_GSIZE_FORMAT, len);
	digest_str(sum, "length", head);
	g_checksum_update(sum, (const guchar *)text, (gssize)len);
	return TRUE;
}

/*
 * The mode and owner of @path (not followed), or why it has none; @whole:
 * followed, and with its identity, size and times too (a program).
 */
static void digest_stat(GChecksum *sum, const char *what, const char *path,
			gboolean whole)
{
	struct stat st;
	char line[160];

	digest_str(sum, what, path);
	if (whole ? stat(path, &st) : lstat(path, &st))
		g_snprintf(line, sizeof(line), "error %d", errno);
	else if (!whole)
		g_snprintf(line, sizeof(line), "%o %lu", (unsigned)st.st_mode,
			   (unsigned long)st.st_uid);
	else
		g_snprintf(line, sizeof(line),
			   "%lu %lu %lu %o %lu %lld %ld %lld %ld",
			   (unsigned long)st.st_dev, (unsigned long)st.st_ino,
			   (unsigned long)st.st_uid, (unsigned)st.st_mode,
			   (unsigned long)st.st_size,
			   (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
			   (long long)st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
	digest_str(sum, "", line);
}

static gint compare_strings(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* What `git config --list` reads, as a digest; FALSE: not to be cached. */
static gboolean config_digest(const char *gitdir, char out[SL_DIGEST_HEX + 1])
{
	static const char *const unsure[] = {
		"GIT_CONFIG", "GIT_COMMON_DIR", "GIT_CONFIG_COUNT",
		"GIT_CONFIG_PARAMETERS",
	};
	g_autoptr(GChecksum) sum = g_checksum_new(G_CHECKSUM_SHA256);
	const char *home = g_getenv("HOME");
	const char *xdg = g_getenv("XDG_CONFIG_HOME");
	const char *system = g_getenv("GIT_CONFIG_SYSTEM");
	const char *global = g_getenv("GIT_CONFIG_GLOBAL");
	g_autofree char *git = g_find_program_in_path("git");
	g_autofree char *real = git ? realpath(git, NULL) : NULL;
	g_autofree char *cwd = g_get_current_dir();
	g_autofree char *common = g_build_filename(gitdir, "commondir", NULL);
	g_autofree char *local = g_build_filename(gitdir, "config", NULL);
	g_autofree char *worktree = g_build_filename(gitdir, "config.worktree",
						     NULL);
	g_autofree char *xdg_file = xdg && *xdg
		? g_build_filename(xdg, "git", "config", NULL) : NULL;
	g_autofree char *user1 = home ? g_strconcat(home, "/.config/git/config",
						    NULL) : NULL;
	g_autofree char *user2 = home ? g_strconcat(home, "/.gitconfig", NULL)
				      : NULL;
	g_auto(GStrv) env = g_get_environ();
	const char *files[] = { system ? system : SL_GIT_ETC_GITCONFIG, global,
				xdg_file, user1, user2, local, worktree };
	struct stat st;
	char uid[32];

	for (size_t i = 0; i < G_N_ELEMENTS(unsure); i++)
		if (g_getenv(unsure[i]))
			return FALSE;
	/* Another git than Debian's may have another system file (a hook
	 * finds git-core's first: git puts GIT_EXEC_PATH before PATH). */
	if (!real || (!system && strcmp(real, "/usr/bin/git") &&
		      strcmp(real, "/usr/lib/git-core/git")) ||
	    stat(gitdir, &st) < 0 || !S_ISDIR(st.st_mode) ||
	    lstat(common, &st) == 0 || errno != ENOENT)
		return FALSE;
	digest_str(sum, "seclint git config cache", "1");
	digest_stat(sum, "git", real, TRUE);
	digest_str(sum, "cwd", cwd);
	g_snprintf(uid, sizeof(uid), "%lu", (unsigned long)geteuid());
	digest_str(sum, "euid", uid);
	qsort(env, g_strv_length(env), sizeof(*env), compare_strings);
	for (char **e = env; *e; e++)
		if (g_str_has_prefix(*e, "GIT_") &&
		    !g_str_has_prefix(*e, "GIT_SENDEMAIL_"))
			digest_str(sum, "env", *e);
	digest_str(sum, "HOME", home);
	digest_str(sum, "XDG_CONFIG_HOME", xdg);
	digest_str(sum, "SUDO_UID", g_getenv("SUDO_UID"));
	for (size_t i = 0; i < G_N_ELEMENTS(files); i++)
		if (files[i] && !digest_file(sum, files[i]))
			return FALSE;
	digest_stat(sum, "gitdir", gitdir, FALSE);
	digest_stat(sum, "cwd", cwd, FALSE);
	g_strlcpy(out, g_checksum_get_string(sum), SL_DIGEST_HEX + 1);
	return TRUE;
}

static void output_sum(const char *data, gsize len,
		       char out[SL_DIGEST_HEX + 1])
{
	g_autofree char *hex = g_compute_checksum_for_data(G_CHECKSUM_SHA256,
		(const guchar *)data, len);

	g_strlcpy(out, hex, SL_DIGEST_HEX + 1);
}

/* The header of the cache file: magic, digest, output's SHA-256. */
#define SL_CACHE_HEAD (sizeof(cache_magic) - 1 + 2 * (SL_DIGEST_HEX + 1))

static void cache_head(char head[SL_CACHE_HEAD + 1], const char *digest,
		       const char *data, gsize len)
{
	char sum[SL_DIGEST_HEX + 1];

	output_sum(data, len, sum);
	g_snprintf(head, SL_CACHE_HEAD + 1, "%s%s\n%s\n", cache_magic, digest,
		   sum);
}

/* The config cached for @digest, or NULL. */
static struct sl_gitconfig *cache_read(const char *gitdir, const char *digest)
{
	g_autoptr(GBytes) file = sl_git_cache_read(gitdir, SL_CONFIG_CACHE,
						   SL_CACHE_HEAD,
						   SL_CONFIG_CACHE_MAX);
	char want[SL_CACHE_HEAD + 1];
	const char *p;
	gsize len;

	if (!file)
		return NULL;
	p = g_bytes_get_data(file, &len);
	cache_head(want, digest, p + SL_CACHE_HEAD, len - SL_CACHE_HEAD);
	if (memcmp(p, want, SL_CACHE_HEAD))
		return NULL;
	return sl_gitconfig_parse(p + SL_CACHE_HEAD, len - SL_CACHE_HEAD,
				  NULL);
}

/*
 * git's answer, from the cache under $GIT_DIR where its digest is that of
 * now, else from git (and then cached where nothing changed meanwhile).
 */
static struct sl_gitconfig *read_git_cached(GError **error)
{
	const char *gitdir = g_getenv("GIT_DIR");
	char before[SL_DIGEST_HEX + 1], after[SL_DIGEST_HEX + 1];
	char head[SL_CACHE_HEAD + 1];
	g_autofree char *out = NULL;
	struct sl_gitconfig *cfg;
	gsize len = 0;

	if (!gitdir || !*gitdir || !config_digest(gitdir, before))
		return sl_gitconfig_read_git(error);
	if ((cfg = cache_read(gitdir, before)))
		return cfg;
	if (!run_git(&out, &len, error))
		return NULL;
	cfg = sl_gitconfig_parse(out ? out : "", len, error);
	if (cfg && out && config_digest(gitdir, after) &&
	    !strcmp(before, after) &&
	    (guint64)len + SL_CACHE_HEAD <= SL_CONFIG_CACHE_MAX) {
		cache_head(head, before, out, len);
		sl_git_cache_write(gitdir, SL_CONFIG_CACHE, head,
				   SL_CACHE_HEAD, out, len);
	}
	return cfg;
}

struct sl_gitconfig *sl_gitconfig_read(gboolean libgit2_anyway,
				       const char *const *sections,
				       GError **error)
{
	g_autofree char *why = NULL;
	struct sl_gitconfig *cfg = NULL;

	if (sections && !sl_gitconfig_may_hold(sections))
		return sl_gitconfig_new_empty();

#ifdef SECLINT_GITCONFIG_LIBGIT2
	libgit2_anyway = TRUE;
#endif
	if (libgit2_anyway) {
		static gsize kept;

		/*
		 * One reference kept to the end of the run: libgit2's next
		 * user (--staged, the repository context) would otherwise pay
		 * git_libgit2_init() and its CA bundle a second time.
		 */
		if (g_once_init_enter(&kept)) {
			git_libgit2_init();
			g_once_init_leave(&kept, 1);
		}
		cfg = sl_gitconfig_read_libgit2(&why);
	}
	return cfg ? cfg : read_git_cached(error);
}

const struct sl_gitconfig_entry *
sl_gitconfig_last(const struct sl_gitconfig *cfg, const char *key)
{
	g_autofree char *canon = sl_gitconfig_canonical(key);

	for (guint i = cfg->entries->len; i-- > 0;) {
		const struct sl_gitconfig_entry *e = cfg->entries->pdata[i];

		if (!strcmp(e->key, canon))
			return e;
	}
	return NULL;
}

GPtrArray *sl_gitconfig_all(const struct sl_gitconfig *cfg, const char *key)
{
	g_autofree char *canon = sl_gitconfig_canonical(key);
	GPtrArray *values = g_ptr_array_new_with_free_func(g_free);

	for (guint i = 0; i < cfg->entries->len; i++) {
		const struct sl_gitconfig_entry *e = cfg->entries->pdata[i];

		if (!strcmp(e->key, canon))
			g_ptr_array_add(values, g_strdup(e->value ? e->value
							 : ""));
	}
	return values;
}

/* git's expand_user_path(): "~/x" is $HOME/x, "~user/x" user's home. */
char *sl_gitconfig_path(const struct sl_gitconfig *cfg, const char *key)
{
	const struct sl_gitconfig_entry *e = sl_gitconfig_last(cfg, key);

	return sl_gitconfig_expand_path(e ? e->value : NULL);
}

char *sl_gitconfig_expand_path(const char *v)
{
	const char *slash;
	g_autofree char *user = NULL;
	struct passwd *pw;

	if (!v || !*v)
		return NULL;
	if (v[0] != '~')
		return g_strdup(v);
	slash = strchr(v, '/');
	if (v[1] == '/' || !v[1])
		return g_strconcat(g_get_home_dir(), v + 1, NULL);
	user = slash ? g_strndup(v + 1, slash - v - 1) : g_strdup(v + 1);
	pw = getpwnam(user);
	if (!pw)
		return g_strdup(v);	/* git fails too; open() will say so */
	return g_strconcat(pw->pw_dir, slash ? slash : "", NULL);
}

gboolean sl_gitconfig_bool(const struct sl_gitconfig_entry *e, gboolean *out,
			   GError **error)
{
	static const char *const words[] = { "true", "yes", "on",
					     "false", "no", "off", "" };
	gint64 n;

	if (!e->value) {
		*out = TRUE;
		return TRUE;
	}
	for (size_t i = 0; i < G_N_ELEMENTS(words); i++) {
		if (!g_ascii_strcasecmp(e->value, words[i])) {
			*out = i < 3;
			return TRUE;
		}
	}
	if (g_ascii_string_to_signed(e->value, 10, G_MININT64, G_MAXINT64,
				     &n, NULL)) {
		*out = n != 0;
		return TRUE;
	}
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
		    "%s (%s): '%s' is not a boolean (true or false)", e->key,
		    e->origin, e->value);
	return FALSE;
}
