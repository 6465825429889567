// SPDX-License-Identifier: GPL-2.0-only
/*
 * `seclint install-hook [--repo DIR] [--global] [--force] [--uninstall]`
 * sets up both places where git send-email can be stopped:
 *
 * - the sendemail-validate hook, which git runs on every patch of a series
 *   before it sends the first one (in the hooks directory git will use,
 *   core.hooksPath honoured; with --global a hooks directory for all
 *   repositories), never overwriting another hook unasked: a symbolic
 *   link to seclint where the send-time check stands behind it, else a
 *   script (see hook_form());
 * - the send-time check: sendemail.sendmailCmd (git) and
 *   sendemail.smtpServer (b4, which takes a command there) run "seclint
 *   sendmail", and the sendmail they ran before becomes seclint.sendmail,
 *   the real sendmail seclint hands clean mail to.
 *
 * What it changed in git config is recorded in seclint.installed (and the
 * values it replaced in seclint.saved*), so that --uninstall puts back
 * exactly what was there.
 */
#define _DEFAULT_SOURCE		/* realpath */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "modes.h"
#include "regex-cache.h"

#define HOOK_NAME "sendemail-validate"
#define KEY_CMD "sendemail.sendmailCmd"
#define KEY_SERVER "sendemail.smtpServer"
#define KEY_REAL "seclint.sendmail"
#define KEY_INSTALLED "seclint.installed"
#define KEY_SAVED_CMD "seclint.savedSendmailCmd"
#define KEY_SAVED_SERVER "seclint.savedSmtpServer"

/*
 * With --global and no core.hooksPath, git is pointed at a directory of
 * seclint's; these hooks there run the repository's own hook of that name,
 * so that repositories' hooks keep working.  Hooks whose mere presence
 * changes what git does (push-to-checkout, proc-receive, fsmonitor) are
 * not forwarded.
 */
static const char *const forwarded[] = {
	"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit",
	"pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-commit",
	"pre-rebase", "post-checkout", "post-merge", "pre-push",
	"post-rewrite", "pre-auto-gc", NULL,
};

struct install {
	gboolean global, force, uninstall;
	git_repository *repo;	/* NULL with --global */
	git_config *all;	/* snapshot of what git reads */
	git_config *level;	/* the file written: repository or global */
	char *level_path;	/* its name, for the messages */
	char *exe;		/* this seclint */
	char *ours;		/* "'EXE' sendmail" */
};

static void install_clear(struct install *in)
{
	git_config_free(in->level);
	git_config_free(in->all);
	git_repository_free(in->repo);
	g_free(in->level_path);
	g_free(in->exe);
	g_free(in->ours);
}

static int git_fail(const char *what)
{
	const git_error *e = git_error_last();

	fprintf(stderr, "seclint: %s: %s\n", what,
		e && e->message ? e->message : "unknown error");
	return 2;
}

/* The value of @key in @cfg, or NULL. */
static char *get(git_config *cfg, const char *key)
{
	git_buf buf = { 0 };
	char *value = NULL;

	if (!git_config_get_string_buf(&buf, cfg, key))
		value = g_strdup(buf.ptr);
	git_buf_dispose(&buf);
	return value;
}

static gboolean set(struct install *in, const char *key, const char *value)
{
	g_autofree char *old = get(in->level, key);

	if (!value && !old)
		return TRUE;	/* nothing to remove */
	if (value ? git_config_set_string(in->level, key, value)
		  : git_config_delete_entry(in->level, key)) {
		git_fail(in->level_path);
		return FALSE;
	}
	if (value)
		printf("seclint: set %s = %s in %s\n", key, value,
		       in->level_path);
	else
		printf("seclint: removed %s from %s\n", key, in->level_path);
	return TRUE;
}

/* "seclint sendmail" as a command: EXE's basename is seclint. */
static gboolean is_ours(const char *command)
{
	g_auto(GStrv) words = NULL;
	g_autofree char *base = NULL;

	if (!command || !g_shell_parse_argv(command, NULL, &words, NULL) ||
	    !words[0] || !words[1] || strcmp(words[1], "sendmail"))
		return FALSE;
	base = g_path_get_basename(words[0]);
	return !strcmp(base, "seclint");
}

static gboolean real_sendmail(struct install *in, char **real, char **why);
static unsigned identities(git_config *all, gboolean warn);

/* ---- the hook ---------------------------------------------------------- */

static char *global_hooks_dir(void)
{
	return g_build_filename(g_get_user_config_dir(), "seclint",
				"git-hooks", NULL);
}

static char *hooks_dir(struct install *in)
{
	git_buf buf = { 0 };
	char *dir = NULL;

	if (!git_config_get_path(&buf, in->all, "core.hookspath")) {
		const char *base = in->repo ? git_repository_workdir(in->repo)
					    : NULL;

		if (g_path_is_absolute(buf.ptr))
			dir = g_strdup(buf.ptr);
		else if (in->repo)
			dir = g_build_filename(base ? base
					       : git_repository_path(in->repo),
					       buf.ptr, NULL);
	} else if (in->repo && !git_repository_item_path(
			   &buf, in->repo, GIT_REPOSITORY_ITEM_HOOKS)) {
		dir = g_strdup(buf.ptr);
	}
	git_buf_dispose(&buf);
	return dir;
}

/*
 * seclint as the hook's interpreter: git runs "EXE --run-hook HOOK PATCH",
 * with no shell in between (about 1 ms a patch).  If EXE goes away, the
 * kernel cannot start the hook and git aborts the send, as with a script.
 * A shebang line cannot hold white space or be long: then a sh script.
 */
static gboolean shebang_ok(const char *exe)
{
	return exe && g_path_is_absolute(exe) && strlen(exe) < 100 &&
	       !strpbrk(exe, " \t\n");
}

/* The hook for this seclint: with @shebang, seclint as its interpreter. */
static char *hook_script(const char *exe, gboolean shebang)
{
	g_autofree char *quoted = g_shell_quote(exe);
	const char *comment =
		"# Installed by 'seclint install-hook': git send-email aborts "
		"when seclint\n"
		"# finds a rule broken.  Bypass after review: git send-email "
		"--no-validate\n";

	if (shebang && shebang_ok(exe))
		return g_strdup_printf("#!%s " SL_RUN_HOOK "\n%s", exe,
				       comment);
	return g_strdup_printf("#!/bin/sh\n%sexec %s hook " HOOK_NAME
			       " \"$@\"\n", comment, quoted);
}

static char *forwarder(const char *name)
{
	return g_strdup_printf(
		"#!/bin/sh\n"
		"# Installed by 'seclint install-hook --global': runs the "
		"repository's own hook.\n"
		"hook=\"$(git rev-parse --git-common-dir)/hooks/%s\"\n"
		"if [ -x \"$hook\" ]; then exec \"$hook\" \"$@\"; fi\n",
		name);
}

/*
 * The hook as a symbolic link to seclint: git then starts seclint itself,
 * which knows from its name that it is the hook (main.c), with no
 * interpreter line to read.  But git skips a hook it cannot execute
 * without a word, a dangling link included: if seclint went away, a link
 * alone would let mail go unchecked, where a script that cannot start
 * stops the send.  So a link only where the send-time check stands
 * behind it (git send-email sends through this seclint, so when it is
 * gone nothing is sent either); a script where that check cannot be set
 * up (an SMTP server, smtpServerOption), where an identity sends past
 * it, where this seclint's own path is not known, and where the file
 * system has no symbolic links.
 *
 * And a link is written through: `cp my-hook .git/hooks/...` or
 * `printf ... >.git/hooks/...` would overwrite seclint itself.  So a link
 * only to a seclint that this user cannot write (one installed by
 * someone else, as a distribution's package is), else the script.
 * NULL: a link; else why not.
 */
static const char *no_link(struct install *in)
{
	g_autofree char *real = NULL;
	g_autofree char *why = NULL;
	g_autofree char *options = get(in->all, "sendemail.smtpServerOption");
	struct stat st;

	if (!g_path_is_absolute(in->exe) || stat(in->exe, &st))
		return "the path of this seclint is not known";
	if (st.st_uid == geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return "you could overwrite seclint through a link";
	if (!real_sendmail(in, &real, &why) || options)
		return "the send-time check cannot be set up";
	if (identities(in->all, FALSE))
		return "an identity sends past the send-time check";
	return NULL;
}

/* The hook at @path as it is: a link's target, or a file's text. */
static gboolean read_hook(const char *path, char **target, char **content)
{
	struct stat st;

	*target = *content = NULL;
	if (lstat(path, &st))
		return FALSE;
	if (S_ISLNK(st.st_mode))
		*target = g_file_read_link(path, NULL);
	else
		g_file_get_contents(path, content, NULL, NULL);
	return TRUE;
}

/* A link to a program named seclint (perhaps gone). */
static gboolean links_to_seclint(const char *target)
{
	g_autofree char *base = target ? g_path_get_basename(target) : NULL;

	return base && !strcmp(base, "seclint");
}

/* A hook some seclint wrote: this one's, or another's (every form). */
static gboolean hook_is_seclints(const struct install *in,
				 const char *target, const char *content)
{
	g_autofree char *sh = hook_script(in->exe, FALSE);
	g_autofree char *line = content ? g_strndup(content,
		strcspn(content, "\n")) : NULL;

	if (!content)
		return links_to_seclint(target);
	return !strcmp(content, sh) ||
	       (g_str_has_prefix(line, "#!") &&
		g_str_has_suffix(line, "seclint " SL_RUN_HOOK) &&
		strstr(content, "Installed by 'seclint install-hook'"));
}

/* This seclint's hook, in any form: replaced without --force. */
static gboolean hook_is_this_seclints(const struct install *in,
				      const char *target, const char *content)
{
	g_autofree char *sh = hook_script(in->exe, FALSE);
	g_autofree char *shebang = hook_script(in->exe, TRUE);

	if (!content)
		return target && !strcmp(target, in->exe);
	return !strcmp(content, sh) || !strcmp(content, shebang);
}

/* @path becomes a link to @exe, in one step (a link, then a rename). */
static gboolean put_link(const char *exe, const char *path)
{
	g_autofree char *tmp = g_strdup_printf("%s.seclint-%ld", path,
					       (long)getpid());

	unlink(tmp);
	if (symlink(exe, tmp))
		return FALSE;
	if (rename(tmp, path)) {
		unlink(tmp);
		return FALSE;
	}
	return TRUE;
}

static int write_file(const char *path, const char *script, gboolean force,
		      gboolean (*mine)(const struct install *, const char *),
		      const struct install *in)
{
	g_autofree char *old = NULL;
	g_autoptr(GError) error = NULL;

	if (g_file_get_contents(path, &old, NULL, NULL)) {
		if (!strcmp(old, script)) {
			printf("seclint: %s is already installed\n", path);
			return 0;
		}
		if (!force && !mine(in, old)) {
			fprintf(stderr, "seclint: %s exists and is not "
					"seclint's; use --force to replace it\n",
				path);
			return 2;
		}
	}
	if (!g_file_set_contents(path, script, -1, &error) ||
	    chmod(path, 0755)) {
		fprintf(stderr, "seclint: cannot write %s: %s\n", path,
			error ? error->message : g_strerror(errno));
		return 2;
	}
	printf("seclint: installed %s\n", path);
	return 0;
}

static gboolean is_forwarder(const struct install *in, const char *content)
{
	(void)in;
	return strstr(content, "Installed by 'seclint install-hook --global'")
	       != NULL;
}

static gboolean is_forwarder_file(const struct install *in,
				  const char *target, const char *content)
{
	(void)target;
	return content && is_forwarder(in, content);
}

/* --global without core.hooksPath: seclint's directory, forwarding. */
static int global_hooks(struct install *in, char **dir)
{
	int status = 0;

	*dir = global_hooks_dir();
	if (g_mkdir_with_parents(*dir, 0755)) {
		fprintf(stderr, "seclint: cannot create %s: %s\n", *dir,
			g_strerror(errno));
		return 2;
	}
	for (const char *const *n = forwarded; *n && !status; n++) {
		g_autofree char *path = g_build_filename(*dir, *n, NULL);
		g_autofree char *script = forwarder(*n);

		status = write_file(path, script, in->force, is_forwarder, in);
	}
	if (!status && !set(in, "core.hooksPath", *dir))
		status = 2;
	if (!status)
		printf("seclint: git now runs hooks from %s for every "
		       "repository; each repository's own hooks (%s) are run "
		       "from there\n", *dir,
		       "pre-commit, commit-msg, pre-push, ...");
	return status;
}

/* The hook at @path: a link to this seclint, or (@link FALSE) a script. */
static int put_hook(struct install *in, const char *path, gboolean link)
{
	g_autofree char *target = NULL;
	g_autofree char *old = NULL;
	g_autofree char *script = hook_script(in->exe, TRUE);
	gboolean exists = read_hook(path, &target, &old);

	if (exists && (link ? target && !strcmp(target, in->exe)
			    : old && !strcmp(old, script))) {
		printf("seclint: %s is already installed\n", path);
		return 0;
	}
	if (exists && !in->force && !hook_is_this_seclints(in, target, old)) {
		fprintf(stderr, "seclint: %s exists and is not seclint's; use "
				"--force to replace it\n", path);
		return 2;
	}
	if (link && put_link(in->exe, path)) {
		printf("seclint: installed %s, a symbolic link to %s\n", path,
		       in->exe);
		return 0;
	}
	return write_file(path, script, TRUE, NULL, in);
}

static int install_hook(struct install *in, gboolean link)
{
	g_autofree char *dir = hooks_dir(in);
	g_autofree char *path = NULL;
	int status;

	if (!dir && in->global) {
		status = global_hooks(in, &dir);
		if (status)
			return status;
	}
	if (!dir || g_mkdir_with_parents(dir, 0755)) {
		fprintf(stderr, "seclint: cannot find or create the hooks "
				"directory\n");
		return 2;
	}
	path = g_build_filename(dir, HOOK_NAME, NULL);
	status = put_hook(in, path, link);
	if (!status)
		printf("seclint:   git send-email runs it on every message of "
		       "a series before it sends the first\n");
	return status;
}

static void remove_file(const char *path, const struct install *in,
			gboolean (*mine)(const struct install *, const char *,
					 const char *))
{
	g_autofree char *target = NULL;
	g_autofree char *old = NULL;

	if (!read_hook(path, &target, &old) || (!target && !old))
		return;
	if (!mine(in, target, old)) {
		fprintf(stderr, "seclint: %s is not seclint's; left alone\n",
			path);
		return;
	}
	if (unlink(path))
		fprintf(stderr, "seclint: cannot remove %s: %s\n", path,
			g_strerror(errno));
	else
		printf("seclint: removed %s\n", path);
}

static gboolean uninstall_hook(struct install *in)
{
	g_autofree char *dir = hooks_dir(in);
	g_autofree char *ours = global_hooks_dir();
	g_autofree char *set_here = get(in->level, "core.hooksPath");

	if (dir) {
		g_autofree char *path = g_build_filename(dir, HOOK_NAME, NULL);

		remove_file(path, in, hook_is_seclints);
	}
	if (!in->global || !set_here || strcmp(set_here, ours))
		return TRUE;
	for (const char *const *n = forwarded; *n; n++) {
		g_autofree char *path = g_build_filename(ours, *n, NULL);

		remove_file(path, in, is_forwarder_file);
	}
	rmdir(ours);
	return set(in, "core.hooksPath", NULL);
}

/* ---- the send-time check ----------------------------------------------- */

/*
 * The sendmail git and b4 ran so far, as a shell command: sendmailCmd
 * (run by git through sh), an smtpServer that is a program (run by git
 * without a shell), or nothing (git's search for sendmail).  FALSE when
 * the mail went by SMTP, which seclint cannot stand in front of.
 */
static gboolean real_sendmail(struct install *in, char **real, char **why)
{
	g_autofree char *cmd = get(in->all, KEY_CMD);
	g_autofree char *server = get(in->all, KEY_SERVER);

	*real = NULL;
	if (cmd && !is_ours(cmd)) {
		*why = g_strdup("was " KEY_CMD);
		*real = g_steal_pointer(&cmd);
	} else if (server && g_path_is_absolute(server) && !is_ours(server)) {
		*why = g_strdup("was " KEY_SERVER);
		*real = g_shell_quote(server);
	} else if (server && !is_ours(server) && !cmd) {
		*why = g_strdup_printf("%s is the SMTP server %s", KEY_SERVER,
				       server);
		return FALSE;
	}
	return TRUE;
}

/* Record that @key was set here, and its old value in this file. */
static gboolean take_over(struct install *in, const char *key,
			  const char *saved_key, GString *installed)
{
	g_autofree char *old = get(in->level, key);

	if (is_ours(old))	/* a seclint elsewhere: this one now */
		return !strcmp(old, in->ours) || set(in, key, in->ours);
	if (old && !set(in, saved_key, old))
		return FALSE;
	g_string_append_printf(installed, "%s%s", installed->len ? " " : "",
			       key);
	return set(in, key, in->ours);
}

/*
 * An identity's own sendmailCmd or smtpServer wins over ours.  The
 * entries are matched here, not with git_config_foreach_match(): libgit2
 * 1.5 leaks a PCRE2 match block for every entry its regex does not match.
 */
static unsigned identities(git_config *all, gboolean warn)
{
	git_config_iterator *it = NULL;
	git_config_entry *e;
	unsigned n = 0;

	if (git_config_iterator_new(&it, all) < 0)
		return 0;
	while (git_config_next(&e, it) == 0) {
		if (!sl_regex_test("(?i)^sendemail\\..+\\.(sendmailcmd|"
				   "smtpserver)$", 0, e->name))
			continue;
		n++;
		if (warn)
			fprintf(stderr, "seclint: warning: %s = %s (an "
				"identity's setting) wins over " KEY_CMD " for "
				"that identity: that identity's mail is not "
				"checked at send time\n", e->name, e->value);
	}
	git_config_iterator_free(it);
	return n;
}

/* b4 sends to an SMTP server in smtpServer; git then uses sendmailCmd. */
static gboolean smtp_host(struct install *in)
{
	g_autofree char *server = get(in->all, KEY_SERVER);

	if (!server || g_path_is_absolute(server) || is_ours(server))
		return FALSE;
	fprintf(stderr, "seclint: warning: %s is the SMTP server %s: b4 "
			"sends there, past the send-time check\n", KEY_SERVER,
		server);
	return TRUE;
}

static int install_sendmail(struct install *in)
{
	g_autofree char *real = NULL;
	g_autofree char *why = NULL;
	g_autofree char *have = get(in->level, KEY_REAL);
	g_autofree char *recorded = get(in->level, KEY_INSTALLED);
	g_autoptr(GString) installed = g_string_new(recorded);
	g_autofree char *options = get(in->all, "sendemail.smtpServerOption");

	if (!real_sendmail(in, &real, &why)) {
		fprintf(stderr, "seclint: send-time check NOT set up: %s; "
				"seclint sendmail hands mail to a sendmail "
				"program.  Use one that speaks SMTP (msmtp, "
				"...) as %s, then run install-hook again.  The "
				"hook alone checks your mail now.\n", why,
			KEY_SERVER);
		return 1;
	}
	if (options) {
		fprintf(stderr, "seclint: send-time check NOT set up: git "
				"would pass sendemail.smtpServerOption (%s) to "
				"seclint sendmail, which takes sendmail's "
				"options only; write them into the command "
				"(git config %s 'PROGRAM OPTIONS'), remove "
				"them, and run install-hook again\n", options,
			KEY_CMD);
		return 1;
	}
	if (have && real && strcmp(have, real))
		printf("seclint:   %s = %s is kept as the real sendmail (git "
		       "used %s)\n", KEY_REAL, have, real);
	if (real && !have) {
		if (!set(in, KEY_REAL, real))
			return 2;
		printf("seclint:   the real sendmail (%s)\n", why);
		g_string_append_printf(installed, "%s" KEY_REAL,
				       installed->len ? " " : "");
	}
	if (!take_over(in, KEY_CMD, KEY_SAVED_CMD, installed) ||
	    (!smtp_host(in) &&
	     !take_over(in, KEY_SERVER, KEY_SAVED_SERVER, installed)) ||
	    (installed->len && (!recorded || strcmp(recorded, installed->str))
	     && !set(in, KEY_INSTALLED, installed->str)))
		return 2;
	printf("seclint:   git send-email (%s) and b4 (%s) send through "
	       "seclint sendmail, which checks each message and its envelope "
	       "recipients as it is sent\n", KEY_CMD, KEY_SERVER);
	if (!real && !have)
		printf("seclint:   the real sendmail: /usr/sbin/sendmail, as "
		       "git looks for it (set %s to choose another)\n",
		       KEY_REAL);
	identities(in->all, TRUE);
	return 0;
}

/* Put back what seclint.installed says install-hook changed. */
static int uninstall_sendmail(struct install *in)
{
	g_autofree char *recorded = get(in->level, KEY_INSTALLED);
	g_auto(GStrv) keys = g_strsplit(recorded ? recorded : "", " ", -1);
	gboolean ok = TRUE;

	for (char **k = keys; *k && ok; k++) {
		const char *saved_key =
			!g_ascii_strcasecmp(*k, KEY_CMD) ? KEY_SAVED_CMD :
			!g_ascii_strcasecmp(*k, KEY_SERVER) ? KEY_SAVED_SERVER
							    : NULL;
		g_autofree char *now = get(in->level, *k);
		g_autofree char *saved = saved_key ? get(in->level, saved_key)
						   : NULL;

		if (!**k)
			continue;
		if (saved_key && now && !is_ours(now)) {
			fprintf(stderr, "seclint: %s = %s was changed since; "
					"left alone\n", *k, now);
			continue;
		}
		ok = set(in, *k, saved) &&
		     (!saved_key || set(in, saved_key, NULL));
	}
	if (ok && recorded)
		ok = set(in, KEY_INSTALLED, NULL);
	if (ok && !recorded)
		printf("seclint: %s has no send-time check of install-hook's\n",
		       in->level_path);
	return ok ? 0 : 2;
}

/*
 * libgit2 leaves a section's header behind when its last entry goes, as
 * `git config --unset` does.  After an uninstall, drop the headers of the
 * sections install-hook writes to when nothing but blank lines follows
 * them, so that the file is as it was before the install.
 */
static gboolean empty_section(char **lines, gsize i)
{
	static const char *const ours[] = { "[seclint]", "[sendemail]",
					    "[core]" };
	g_autofree char *head = g_strstrip(g_strdup(lines[i]));
	gboolean known = FALSE;

	for (gsize k = 0; k < G_N_ELEMENTS(ours); k++)
		known |= !strcmp(head, ours[k]);
	if (!known)
		return FALSE;
	for (i++; lines[i]; i++) {
		const char *p = lines[i] + strspn(lines[i], " \t\r");

		if (*p == '[')
			return TRUE;
		if (*p)
			return FALSE;
	}
	return TRUE;
}

static void drop_empty_sections(const struct install *in)
{
	/* A symbolic link (dotfiles) stays one: its target is rewritten. */
	g_autofree char *path = realpath(in->level_path, NULL);
	g_autofree char *text = NULL;
	g_auto(GStrv) lines = NULL;
	g_autoptr(GString) out = g_string_new(NULL);
	g_autoptr(GError) error = NULL;
	struct stat st;

	if (!path || !g_file_get_contents(path, &text, NULL, NULL))
		return;
	lines = g_strsplit(text, "\n", -1);
	for (gsize i = 0; lines[i]; i++) {
		if (empty_section(lines, i))
			continue;
		g_string_append(out, lines[i]);
		if (lines[i + 1])
			g_string_append_c(out, '\n');
	}
	if (!strcmp(out->str, text) || stat(path, &st))
		return;
	/* The same mode: a config file may hold credentials. */
	if (!g_file_set_contents_full(path, out->str, out->len,
				      G_FILE_SET_CONTENTS_CONSISTENT,
				      st.st_mode & 07777, &error))
		fprintf(stderr, "seclint: %s\n", error->message);
}

static int uninstall(struct install *in)
{
	int status = uninstall_hook(in) ? uninstall_sendmail(in) : 2;

	if (!status)
		drop_empty_sections(in);
	return status;
}

/* ---- setup ------------------------------------------------------------- */

/* The file `git config --global` writes. */
static char *global_config_path(void)
{
	g_autofree char *xdg = g_build_filename(g_get_user_config_dir(), "git",
						"config", NULL);
	g_autofree char *home = g_build_filename(g_get_home_dir(),
						 ".gitconfig", NULL);

	if (!g_file_test(home, G_FILE_TEST_EXISTS) &&
	    g_file_test(xdg, G_FILE_TEST_EXISTS))
		return g_steal_pointer(&xdg);
	return g_steal_pointer(&home);
}

static int open_configs(struct install *in, const char *repo_dir)
{
	git_config *live = NULL;
	int err;

	if (in->global) {
		in->level_path = global_config_path();
		if (git_config_open_ondisk(&in->level, in->level_path))
			return git_fail(in->level_path);
		err = git_config_open_default(&live);
	} else {
		if (git_repository_open_ext(&in->repo, repo_dir, 0, NULL)) {
			g_autofree char *what = g_strdup_printf(
				"'%s' is not in a git repository", repo_dir);

			return git_fail(what);
		}
		in->level_path = g_build_filename(
			git_repository_path(in->repo), "config", NULL);
		err = git_repository_config(&live, in->repo) ||
		      git_config_open_level(&in->level, live,
					    GIT_CONFIG_LEVEL_LOCAL);
	}
	if (!err)
		err = git_config_snapshot(&in->all, live);
	git_config_free(live);
	return err ? git_fail("cannot read git config") : 0;
}

static int install_both(struct install *in)
{
	int status;

	if (in->uninstall)
		return uninstall(in);
	const char *why = no_link(in);

	printf("seclint: the hook (checks a whole series before any of it is "
	       "sent):\n");
	status = install_hook(in, !why);
	if (status)
		return status;
	if (why)
		printf("seclint:   a script, not a link to seclint: %s, so the "
		       "hook alone stops the send if seclint is gone\n", why);
	printf("seclint: the send-time check (every message, every "
	       "recipient, as it leaves):\n");
	status = install_sendmail(in);
	/* No check behind the link after all: the script, which fails
	 * closed on its own. */
	if (status == 2 && !why)
		install_hook(in, FALSE);
	return status == 1 ? 0 : status;
}

/* libgit2 rewrites a config file with mode 0644: keep the user's mode. */
static int run(struct install *in, const char *repo_dir)
{
	int status = open_configs(in, repo_dir);
	struct stat before, after;
	gboolean existed;

	if (status)
		return status;
	existed = !stat(in->level_path, &before);
	status = install_both(in);
	if (existed && !stat(in->level_path, &after) &&
	    (after.st_mode & 07777) != (before.st_mode & 07777) &&
	    chmod(in->level_path, before.st_mode & 07777))
		fprintf(stderr, "seclint: cannot restore the mode of %s: %s\n",
			in->level_path, g_strerror(errno));
	return status;
}

static int usage(void)
{
	fprintf(stderr, "usage: seclint install-hook [--repo DIR | --global] "
			"[--force] [--uninstall]\n");
	return 2;
}

int sl_install_hook_main(int argc, char **argv)
{
	struct install in = { 0 };
	const char *repo_dir = NULL;
	int status;

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--force"))
			in.force = TRUE;
		else if (!strcmp(argv[i], "--global"))
			in.global = TRUE;
		else if (!strcmp(argv[i], "--uninstall"))
			in.uninstall = TRUE;
		else if (!strcmp(argv[i], "--repo") && i + 1 < argc)
			repo_dir = argv[++i];
		else if (g_str_has_prefix(argv[i], "--repo="))
			repo_dir = argv[i] + strlen("--repo=");
		else
			return usage();
	}
	if (in.global && repo_dir)
		return usage();
	in.exe = g_file_read_link("/proc/self/exe", NULL);
	if (!in.exe)
		in.exe = g_strdup("seclint");
	{
		g_autofree char *q = g_shell_quote(in.exe);

		in.ours = g_strconcat(q, " sendmail", NULL);
	}
	git_libgit2_init();
	status = run(&in, repo_dir ? repo_dir : ".");
	install_clear(&in);
	git_libgit2_shutdown();
	return status;
}
