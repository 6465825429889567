// SPDX-License-Identifier: GPL-2.0-only
/*
 * git config read with libgit2 against the real `git config --list`: in a
 * throwaway HOME, XDG_CONFIG_HOME, system file and repository, every form
 * seclint must see as git does (system, XDG, global, local, worktree,
 * include.path, includeIf gitdir/onbranch, git -c through
 * GIT_CONFIG_PARAMETERS and GIT_CONFIG_COUNT, multi-valued keys, boolean
 * forms, quoting), entry by entry: key, value (or none), origin, order.
 * Where libgit2 could differ (includeIf hasconfig:, bad git -c, malformed
 * files) the reader must hand over to git, and the result is git's.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "gitconfig.h"

static char *top;	/* the sandbox */
static char *home;	/* $HOME, holding the repository "repo" */
static char *repo;

static const char *const cleared[] = {
	"GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CONFIG",
	"GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_PARAMETERS",
	"GIT_CONFIG_COUNT", "XDG_CONFIG_HOME", "SUDO_UID", "GIT_INDEX_FILE",
	"GIT_OBJECT_DIRECTORY", "GIT_NAMESPACE",
};

static void put(const char *dir, const char *name, const char *text)
{
	g_autofree char *path = g_build_filename(dir, name, NULL);
	g_autofree char *parent = g_path_get_dirname(path);

	assert_int_equal(g_mkdir_with_parents(parent, 0700), 0);
	assert_true(g_file_set_contents(path, text, -1, NULL));
}

/* Runs git (@argv, NULL added) in the working directory; its output. */
static char *run(GPtrArray *argv)
{
	g_autoptr(GError) error = NULL;
	char *out = NULL;
	gint status;

	g_ptr_array_add(argv, NULL);
	assert_true(g_spawn_sync(NULL, (char **)argv->pdata, NULL,
				 G_SPAWN_SEARCH_PATH |
				 G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
				 NULL, &status, &error));
	assert_true(g_spawn_check_wait_status(status, NULL));
	return out;
}

static char *git(const char *first, ...)
{
	g_autoptr(GPtrArray) argv = g_ptr_array_new();
	va_list ap;

	g_ptr_array_add(argv, (char *)"git");
	va_start(ap, first);
	for (const char *a = first; a; a = va_arg(ap, const char *))
		g_ptr_array_add(argv, (char *)a);
	va_end(ap);
	return run(argv);
}

static int sandbox(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *system = NULL;

	(void)state;
	top = g_dir_make_tmp("seclint-gitconfig-XXXXXX", &error);
	assert_non_null(top);
	home = g_build_filename(top, "home", NULL);
	repo = g_build_filename(home, "repo", NULL);
	assert_int_equal(g_mkdir_with_parents(repo, 0700), 0);
	for (size_t i = 0; i < G_N_ELEMENTS(cleared); i++)
		g_unsetenv(cleared[i]);
	g_setenv("GIT_CEILING_DIRECTORIES", top, TRUE);
	g_setenv("HOME", home, TRUE);
	put(top, "etc/gitconfig", "[sendemail]\n\tcc = system@example.org\n"
	    "[seclint]\n\tprofile = system\n");
	system = g_build_filename(top, "etc/gitconfig", NULL);
	g_setenv("GIT_CONFIG_SYSTEM", system, TRUE);
	assert_int_equal(chdir(repo), 0);
	g_free(git("init", "-q", "-b", "main", NULL));
	return 0;
}

static void remove_tree(const char *path)
{
	GDir *dir = g_dir_open(path, 0, NULL);
	const char *name;

	if (dir) {
		while ((name = g_dir_read_name(dir))) {
			g_autofree char *p = g_build_filename(path, name, NULL);

			if (g_file_test(p, G_FILE_TEST_IS_SYMLINK) ||
			    !g_file_test(p, G_FILE_TEST_IS_DIR))
				g_unlink(p);
			else
				remove_tree(p);
		}
		g_dir_close(dir);
	}
	g_rmdir(path);
}

static int cleanup(void **state)
{
	(void)state;
	if (g_getenv("REAL_PATH")) {	/* test_git_cache's, if it failed */
		g_setenv("PATH", g_getenv("REAL_PATH"), TRUE);
		g_unsetenv("REAL_PATH");
		g_unsetenv("GIT_DIR");
	}
	assert_int_equal(chdir("/"), 0);
	remove_tree(top);
	g_free(top);
	g_free(home);
	g_free(repo);
	return 0;
}

static gboolean equal(const struct sl_gitconfig *a,
		      const struct sl_gitconfig *b)
{
	if (a->entries->len != b->entries->len)
		return FALSE;
	for (guint i = 0; i < a->entries->len; i++) {
		const struct sl_gitconfig_entry *x = a->entries->pdata[i];
		const struct sl_gitconfig_entry *y = b->entries->pdata[i];

		if (strcmp(x->key, y->key) || strcmp(x->origin, y->origin) ||
		    !x->value != !y->value ||
		    (x->value && strcmp(x->value, y->value)))
			return FALSE;
	}
	return TRUE;
}

static void dump(const char *who, const struct sl_gitconfig *cfg)
{
	for (guint i = 0; i < cfg->entries->len; i++) {
		const struct sl_gitconfig_entry *e = cfg->entries->pdata[i];

		print_message("%s: %s\t%s=%s\n", who, e->origin, e->key,
			      e->value ? e->value : "(none)");
	}
}

static void same(const struct sl_gitconfig *a, const struct sl_gitconfig *b)
{
	if (equal(a, b))
		return;
	dump("seclint", a);
	dump("git", b);
	fail();
}

/* libgit2 reads it alone, and reads what git reads.  Git's config. */
static struct sl_gitconfig *fast(void)
{
	g_autofree char *why = NULL;
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_gitconfig) mine = sl_gitconfig_read_libgit2(&why);
	struct sl_gitconfig *theirs = sl_gitconfig_read_git(&error);

	if (why)
		fail_msg("libgit2 handed over to git: %s", why);
	assert_non_null(theirs);
	same(mine, theirs);
	return theirs;
}

/* Whether git's reading @cfg holds a key of section @section. */
static gboolean holds_section(const struct sl_gitconfig *cfg,
			      const char *section)
{
	g_autofree char *prefix = g_strconcat(section, ".", NULL);

	for (guint i = 0; i < cfg->entries->len; i++) {
		const struct sl_gitconfig_entry *e = cfg->entries->pdata[i];

		if (g_str_has_prefix(e->key, prefix))
			return TRUE;
	}
	return FALSE;
}

/*
 * sl_gitconfig_may_hold() never says "no" where git has a key: checked
 * against git's own reading @theirs for each section alone.
 */
static void never_missed(const struct sl_gitconfig *theirs)
{
	static const char *const names[] = { "seclint", "sendemail", "user" };

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
		const char *const one[] = { names[i], NULL };

		if (holds_section(theirs, names[i]) &&
		    !sl_gitconfig_may_hold(one))
			fail_msg("git reads %s.* and may_hold says no",
				 names[i]);
	}
}

/*
 * Either libgit2 reads what git reads, or git answers (errors too):
 * 1 libgit2 alone, 0 git, -1 they differ.
 */
static int agree(void)
{
	g_autofree char *why = NULL;
	g_autoptr(GError) e1 = NULL;
	g_autoptr(GError) e2 = NULL;
	g_autoptr(sl_gitconfig) mine = sl_gitconfig_read_libgit2(&why);
	g_autoptr(sl_gitconfig) got = sl_gitconfig_read(TRUE, NULL, &e1);
	g_autoptr(sl_gitconfig) theirs = sl_gitconfig_read_git(&e2);

	if (!theirs)
		return !mine && !got && !strcmp(e1->message, e2->message)
		       ? 0 : -1;
	never_missed(theirs);
	if (!got || !equal(got, theirs) || (mine && !equal(mine, theirs)))
		return -1;
	return mine != NULL;
}

/* libgit2 hands over (why names @reason), and the result is git's. */
static void handed_over(const char *reason)
{
	g_autofree char *why = NULL;
	g_autoptr(sl_gitconfig) mine = sl_gitconfig_read_libgit2(&why);

	assert_null(mine);
	assert_non_null(why);
	if (!strstr(why, reason))
		fail_msg("'%s' does not say '%s'", why, reason);
	assert_int_equal(agree(), 0);
}

static void values(const struct sl_gitconfig *cfg, const char *key,
		   const char *const *expect)
{
	g_autoptr(GPtrArray) v = sl_gitconfig_all(cfg, key);
	guint n = 0;

	for (; expect[n]; n++) {
		assert_true(n < v->len);
		assert_string_equal(v->pdata[n], expect[n]);
	}
	assert_int_equal(v->len, n);
}

static void test_files_in_order(void **state)
{
	g_autofree char *xdg = g_build_filename(top, "xdg", NULL);
	g_autoptr(sl_gitconfig) cfg = NULL;
	const struct sl_gitconfig_entry *e;

	(void)state;
	g_setenv("XDG_CONFIG_HOME", xdg, TRUE);
	put(xdg, "git/config", "[sendemail]\n\tcc = xdg@example.org\n"
	    "\tto = list@example.org\n");
	put(home, ".gitconfig",
	    "# comment\n"
	    "[sendemail]\n"
	    "\tcc = \"Name, Quoted\" <q@example.org> ; trailing comment\n"
	    "\tCC = second@example.org # another\n"
	    "\tsmtpServer = /usr/sbin/sendmail\n"
	    "\tsuppresscc\n"
	    "\tchainReplyTo =\n"
	    "[sendemail \"Work\"]\n"
	    "\tfrom = \"  spaced \\\"inner\\\" \\\\ \\t tab  \"\n"
	    "\ttoCmd = a  b\\\n"
	    "   continued\n"
	    "[Sendemail.Old]\n"
	    "\tValidate = Off\n"
	    "[seclint]\n"
	    "\tstrict\n"
	    "\tquiet = yes\n"
	    "\tdisable = rule-a\n"
	    "\tdisable =\n"
	    "[seclint \"ksec-only-recipient\"]\n"
	    "\tseverity = error\n");
	put(repo, ".git/config.extra", "");
	g_free(git("config", "--local", "--add", "sendemail.cc",
		   "local@example.org", NULL));
	g_free(git("config", "--local", "seclint.strict", "0", NULL));
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "xdg@example.org",
		"Name, Quoted <q@example.org>", "second@example.org",
		"local@example.org", NULL });
	e = sl_gitconfig_last(cfg, "sendemail.suppresscc");
	assert_non_null(e);
	assert_null(e->value);
	e = sl_gitconfig_last(cfg, "sendemail.Work.from");
	assert_non_null(e);
	assert_string_equal(e->value, "  spaced \"inner\" \\ \t tab  ");
	e = sl_gitconfig_last(cfg, "seclint.strict");
	assert_string_equal(e->origin, "file:.git/config");
}

static void test_global_environment(void **state)
{
	g_autofree char *only = g_build_filename(top, "only.gitconfig", NULL);
	g_autoptr(sl_gitconfig) cfg = NULL;

	(void)state;
	put(home, ".gitconfig", "[sendemail]\n\tcc = home@example.org\n");
	put(home, ".config/git/config", "[sendemail]\n\tcc = xdg@ex.org\n");
	put(top, "only.gitconfig", "[sendemail]\n\tcc = only@example.org\n");
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "xdg@ex.org", "home@example.org",
		NULL });
	g_clear_pointer(&cfg, sl_gitconfig_free);
	g_setenv("GIT_CONFIG_GLOBAL", only, TRUE);
	g_setenv("GIT_CONFIG_NOSYSTEM", "yes", TRUE);
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"only@example.org", NULL });
	g_setenv("GIT_CONFIG_NOSYSTEM", "maybe", TRUE);
	handed_over("GIT_CONFIG_NOSYSTEM");
	g_setenv("GIT_CONFIG_NOSYSTEM", "0", TRUE);
	g_setenv("GIT_CONFIG_GLOBAL", top, TRUE);	/* a directory */
	handed_over("not a regular file");
	g_setenv("GIT_CONFIG", only, TRUE);
	handed_over("GIT_CONFIG is set");
}

static void test_includes(void **state)
{
	g_autofree char *abs = g_build_filename(top, "abs.inc", NULL);
	g_autofree char *text = g_strdup_printf(
		"[include]\n\tpath = inc/a.inc\n\tpath = ~/b.inc\n"
		"\tpath = %s\n\tpath = missing.inc\n"
		"[sendemail]\n\tcc = after@example.org\n", abs);
	g_autoptr(sl_gitconfig) cfg = NULL;
	const struct sl_gitconfig_entry *e;

	(void)state;
	put(home, ".gitconfig", text);
	put(home, "inc/a.inc", "[sendemail]\n\tcc = a@example.org\n"
	    "[include]\n\tpath = nested.inc\n");
	put(home, "inc/nested.inc", "[sendemail]\n\tcc = n@example.org\n");
	put(home, "b.inc", "[sendemail]\n\tcc = b@example.org\n");
	put(top, "abs.inc", "[seclint]\n\tprofile = abs\n");
	put(repo, ".git/local.inc", "[seclint]\n\tprofile = local\n");
	g_free(git("config", "--local", "include.path", "local.inc", NULL));
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "a@example.org", "n@example.org",
		"b@example.org", "after@example.org", NULL });
	e = sl_gitconfig_last(cfg, "seclint.profile");
	assert_string_equal(e->value, "local");
	assert_string_equal(e->origin, "file:.git/local.inc");
	put(home, "inc/a.inc", "[include]\n\tpath = ~nosuchuser/x.inc\n");
	handed_over("~user");
	put(home, "inc/a.inc", "[include]\n\tpath\n");
	handed_over("has no path");
}

static void test_include_if(void **state)
{
	g_autoptr(sl_gitconfig) cfg = NULL;

	(void)state;
	put(home, ".gitconfig",
	    "[includeIf \"gitdir:~/repo/\"]\n\tpath = yes-gitdir.inc\n"
	    "[includeIf \"gitdir/i:~/REPO/.git\"]\n\tpath = yes-icase.inc\n"
	    "[includeIf \"gitdir:repo/\"]\n\tpath = yes-relative.inc\n"
	    "[includeIf \"gitdir:/nowhere/\"]\n\tpath = no-gitdir.inc\n"
	    "[includeIf \"onbranch:main\"]\n\tpath = yes-branch.inc\n"
	    "[includeIf \"onbranch:topic/\"]\n\tpath = no-branch.inc\n");
	put(home, "yes-gitdir.inc", "[sendemail]\n\tcc = gitdir@ex.org\n");
	put(home, "yes-icase.inc", "[sendemail]\n\tcc = icase@ex.org\n");
	put(home, "yes-relative.inc", "[sendemail]\n\tcc = rel@ex.org\n");
	put(home, "no-gitdir.inc", "[sendemail]\n\tcc = nowhere@ex.org\n");
	put(home, "yes-branch.inc", "[sendemail]\n\tcc = main@ex.org\n");
	put(home, "no-branch.inc", "[sendemail]\n\tcc = topic@ex.org\n");
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "gitdir@ex.org", "icase@ex.org",
		"rel@ex.org", "main@ex.org", NULL });
	g_clear_pointer(&cfg, sl_gitconfig_free);
	/* From a subdirectory, on another branch. */
	g_free(git("checkout", "-q", "-b", "topic/x", NULL));
	assert_int_equal(g_mkdir_with_parents("sub/dir", 0700), 0);
	assert_int_equal(chdir("sub/dir"), 0);
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "gitdir@ex.org", "icase@ex.org",
		"rel@ex.org", "topic@ex.org", NULL });
	g_clear_pointer(&cfg, sl_gitconfig_free);
	/* Outside any repository: no gitdir, no branch. */
	assert_int_equal(chdir(home), 0);
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", NULL });
	/* GIT_DIR: git also matches the path before symbolic links. */
	g_setenv("GIT_DIR", "repo/.git", TRUE);
	handed_over("GIT_DIR is set");
}

static void test_worktree(void **state)
{
	g_autofree char *wt = g_build_filename(top, "wt", NULL);
	g_autoptr(sl_gitconfig) cfg = NULL;

	(void)state;
	g_free(git("-c", "user.name=T", "-c", "user.email=t@example.org",
		   "commit", "-q", "--allow-empty", "-m", "x", NULL));
	/* Format version 0: with 1, libgit2 1.5's own extension check
	 * (git_config_foreach_match()) leaks PCRE2 match data. */
	g_free(git("config", "extensions.worktreeConfig", "true", NULL));
	g_free(git("config", "--worktree", "sendemail.cc", "main-wt@ex.org",
		   NULL));
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "main-wt@ex.org", NULL });
	assert_string_equal(sl_gitconfig_last(cfg, "sendemail.cc")->origin,
			    "file:.git/config.worktree");
	g_clear_pointer(&cfg, sl_gitconfig_free);
	g_free(git("worktree", "add", "-q", wt, NULL));
	assert_int_equal(chdir(wt), 0);
	g_free(git("config", "--worktree", "sendemail.cc", "linked@ex.org",
		   NULL));
	g_free(git("config", "sendemail.to", "common@ex.org", NULL));
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "linked@ex.org", NULL });
	values(cfg, "sendemail.to", (const char *const[]){
		"common@ex.org", NULL });
	/* .git is a file here: gitdir: conditions go to git. */
	put(home, ".gitconfig", "[includeIf \"gitdir:wt/\"]\n\tpath = x\n");
	handed_over("is not a directory");
	g_free(git("config", "extensions.worktreeConfig", "sometimes", NULL));
	put(home, ".gitconfig", "");
	handed_over("extensions.worktreeConfig");
}

static void test_hasconfig(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_gitconfig) cfg = NULL;

	(void)state;
	put(home, ".gitconfig",
	    "[includeIf \"hasconfig:remote.*.url:https://example.org/**\"]\n"
	    "\tpath = has.inc\n");
	put(home, "has.inc", "[sendemail]\n\tcc = hasconfig@ex.org\n");
	g_free(git("remote", "add", "origin", "https://example.org/r.git",
		   NULL));
	handed_over("a condition libgit2 does not know");
	cfg = sl_gitconfig_read(TRUE, NULL, &error);
	assert_non_null(cfg);
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "hasconfig@ex.org", NULL });
}

/* GIT_CONFIG_PARAMETERS exactly as git exports it for these -c. */
static char *parameters_of(const char *first, ...)
{
	g_autoptr(GPtrArray) argv = g_ptr_array_new();
	va_list ap;

	g_ptr_array_add(argv, (char *)"git");
	va_start(ap, first);
	for (const char *a = first; a; a = va_arg(ap, const char *)) {
		g_ptr_array_add(argv, (char *)"-c");
		g_ptr_array_add(argv, (char *)a);
	}
	va_end(ap);
	g_ptr_array_add(argv, (char *)"penv");
	return run(argv);
}

static void test_command_line(void **state)
{
	g_autofree char *params = NULL;
	g_autoptr(sl_gitconfig) cfg = NULL;
	const struct sl_gitconfig_entry *e;

	(void)state;
	put(home, ".gitconfig", "[alias]\n"
	    "\tpenv = \"!printf %s \\\"$GIT_CONFIG_PARAMETERS\\\"\"\n");
	params = parameters_of("sendemail.cc=a=b@example.org",
			       "seclint.strict",
			       "seclint.profile=",
			       "sendemail.from=it's \"Q\" <q@ex.org>  ",
			       "Sendemail.Work.SMTPServer=x y",
			       "sendemail.cc=second@example.org", NULL);
	assert_non_null(strchr(params, '\''));
	g_setenv("GIT_CONFIG_PARAMETERS", params, TRUE);
	g_setenv("GIT_CONFIG_COUNT", "3", TRUE);
	g_setenv("GIT_CONFIG_KEY_0", "sendemail.cc", TRUE);
	g_setenv("GIT_CONFIG_VALUE_0", "count=0@example.org", TRUE);
	g_setenv("GIT_CONFIG_KEY_1", "seclint.quiet", TRUE);
	g_setenv("GIT_CONFIG_VALUE_1", "", TRUE);
	g_setenv("GIT_CONFIG_KEY_2", "SecLint.Strict", TRUE);
	g_setenv("GIT_CONFIG_VALUE_2", "off", TRUE);
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "count=0@example.org",
		"a=b@example.org", "second@example.org", NULL });
	e = sl_gitconfig_last(cfg, "seclint.strict");
	assert_null(e->value);
	assert_string_equal(e->origin, "command line:");
	e = sl_gitconfig_last(cfg, "sendemail.Work.smtpserver");
	assert_string_equal(e->value, "x y");
	g_clear_pointer(&cfg, sl_gitconfig_free);

	/* The old forms, written by hand as older git and scripts do. */
	g_setenv("GIT_CONFIG_PARAMETERS", "'sendemail.cc=old=1@ex.org' "
		 "  'seclint.strict'\t'seclint.quiet=' "
		 "'sendemail.to'='it'\\''s'", TRUE);
	g_setenv("GIT_CONFIG_COUNT", "", TRUE);
	cfg = fast();
	values(cfg, "sendemail.cc", (const char *const[]){
		"system@example.org", "old=1@ex.org", NULL });
	values(cfg, "sendemail.to", (const char *const[]){ "it's", NULL });

	/* What git refuses, git says. */
	g_setenv("GIT_CONFIG_PARAMETERS", "'sendemail.cc=x' 'unterminated",
		 TRUE);
	handed_over("bogus GIT_CONFIG_PARAMETERS");
	g_setenv("GIT_CONFIG_PARAMETERS", "'sendemail.1cc'='x'", TRUE);
	handed_over("invalid key");
	g_setenv("GIT_CONFIG_PARAMETERS", "'nosection'='x'", TRUE);
	handed_over("invalid key");
	g_setenv("GIT_CONFIG_PARAMETERS", "'a.b'x", TRUE);
	handed_over("bogus GIT_CONFIG_PARAMETERS");
	g_setenv("GIT_CONFIG_PARAMETERS", "'include.path'='/etc/passwd'",
		 TRUE);
	handed_over("an include");
	g_unsetenv("GIT_CONFIG_PARAMETERS");
	g_setenv("GIT_CONFIG_COUNT", "4", TRUE);
	handed_over("missing GIT_CONFIG_KEY_3");
	g_setenv("GIT_CONFIG_COUNT", "1x", TRUE);
	handed_over("bogus GIT_CONFIG_COUNT");
}

/* The corners of the syntax, each read by libgit2 as git reads it. */
static void test_syntax(void **state)
{
	static const char *const texts[] = {
		"[sendemail \"sub\\\"q\"]\n\tcc = a\n",
		"[sendemail]\r\n\tcc = crlf@ex.org\r\n",
		"\xef\xbb\xbf[sendemail]\n\tcc = bom@ex.org\n",
		"[sendemail]cc=inline@ex.org\n",
		"[sendemail \"Sub\"] cc = v ; c\n",
		"[sendemail]\n\tcc = a\\bb\n",
		"[sendemail]\n\tcc = \"a;b#c\" d ; e\n",
		"[sendemail]\n\tcc = end\\",
		"[sendemail]\n\tcc = \"open\n",
		"[sendemail]\n\tcc = bad\\q\n",
		"[send-email]\n\tx-y = 1\n",
		"[sendemail]\n\t1cc = x\n",
		"[]\n\tcc = x\n",
		"cc = before-section\n",
		"[sendemail]\n\tcc = a\n[sendemail]\n\tcc = again\n",
		"[sendemail \"A\"]\n\tcc = 1\n[sendemail \"a\"]\n\tcc = 2\n",
		"[SendEmail.SUB]\n\tCC = old\n",
		"[sendemail]\n\tcc = \"\"\n\tto = \" \"\n",
		"[sendemail]\n\tcc = x # \"not\" quoted\n",
		"[sendemail]\n\tcc = \\t\\n\\\\\n",
		"[sendemail]\n\tcc\t=\t\ttabs\t\n",
		"[sendemail]\n\tcc = \xc3\xa9t\xc3\xa9@ex.org\n",
		"[sendemail]\n\tcc = a\" b\n",
		"[sendemail]\n\tc_c = x\n",
		"[send_email]\n\tcc = x\n",
		"[sendemail \"x\" ]\n\tcc = 1\n",
		"[sendemail \"x\"y]\n\tcc = 1\n",
		"[sendemail \"a]\n\tcc = x\n",
		"[sendemail\n\tcc = x\n",
		"[sendemail]\n\tcc = \"a\\\nb\"\n",
		"[sendemail]\n\tcc = x\\\n",
		"[sendemail]\n\t-cc = x\n",
		"[sendemail]\n\tcc-x = y\n",
		"[sendemail.x]\n\tcc = y\n",
		"[sendemail.x y]\n\tcc = y\n",
		"[sendemail]\n\tcc x = y\n",
		"[sendemail]\n\tcc = \"a\" \"b\"\n",
		"[sendemail]\n\tcc = x\n\t\n  ; only a comment\n",
		"[sendemail]\n\tcc = a\tb\n",
		"[sendemail]\n\tcc = a \"b\"\tc\n",
		"[sendemail]\n\tcc =\\\n  y\n",
		"[sendemail]\n\tcc = x\\\n\n[seclint]\n\tk = v\n",
		"[sendemail]\n\tcc = x\\\n\r\n[seclint]\n\tk = v\n",
		"[sendemail]\n\tcc # comment\n",
		"[sendemail]\n\tcc = a\rb\n",
		"[sendemail]\n\tcc = nul\0after\n",
	};
	int fast_ones = 0, wrong = 0;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
		g_autofree char *path = g_build_filename(home, ".gitconfig",
							 NULL);
		/* The last text holds a NUL: its bytes up to the end. */
		gsize len = i + 1 == G_N_ELEMENTS(texts)
			    ? sizeof("[sendemail]\n\tcc = nul\0after\n") - 1
			    : strlen(texts[i]);

		assert_true(g_file_set_contents(path, texts[i], len, NULL));
		switch (agree()) {
		case 1:
			fast_ones++;
			break;
		case -1:
			print_message("libgit2 differs from git on text %zu\n",
				      i);
			wrong++;
			break;
		}
	}
	assert_int_equal(wrong, 0);
	/* Most of these libgit2 reads alone. */
	assert_true(fast_ones >= 10);
}

/* Lines of random shapes, from pieces that make git config. */
static void test_random_lines(void **state)
{
	static const char *const sections[] = {
		"[sendemail]", "[Seclint]", "[a-b]", "[sendemail \"Sub\"]",
		"[seclint \"a b\"]", "[sendemail \"q\\\"x\"]",
		"[sendemail.Sub]", "[SecLint.x]",
	};
	static const char *const after[] = { "", " ; c", " k = v", "\t#x" };
	static const char *const names[] = { "cc", "To", "smtpServer", "x-y",
					     "a1", "v" };
	static const char *const before[] = { "", "\t", "  " };
	static const char *const gaps[] = { "", " ", "\t" };
	static const char *const eqs[] = { "", "=", " = ", " =" };
	static const char *const bits[] = {
		"a", "b", " ", "  ", "\t", "\"", "\\\"", "\\\\", "\\t",
		"\\n", "\\b", ";", "#", "=", "\xc3\xa9", "x y", "\\\n",
		"\r\n", ".", "'",
	};
	static const char *const others[] = { "# c", "; c", "", "  ",
					      "\t# x" };
	g_autoptr(GRand) rand = g_rand_new_with_seed(18);
	g_autofree char *path = g_build_filename(home, ".gitconfig", NULL);
	int counts[3] = { 0 };
	/* A tenth under valgrind (tests/CMakeLists.txt), as unit.hostile. */
	const char *scale = g_getenv("SECLINT_HOSTILE_SCALE");
	int files = 300 / (scale && atoi(scale) > 0 ? atoi(scale) : 1);

	(void)state;
#define PICK(a) a[g_rand_int_range(rand, 0, G_N_ELEMENTS(a))]
	for (int i = 0; i < files; i++) {
		g_autoptr(GString) text = g_string_new("[sendemail]\n");
		const char *nl = g_rand_boolean(rand) ? "\n" : "\r\n";
		int lines = g_rand_int_range(rand, 1, 7);
		int r;

		for (int l = 0; l < lines; l++) {
			int kind = g_rand_int_range(rand, 0, 20);

			if (kind < 5) {
				g_string_append(text, PICK(sections));
				g_string_append(text, PICK(after));
			} else if (kind < 17) {
				g_string_append(text, PICK(before));
				g_string_append(text, PICK(names));
				g_string_append(text, PICK(gaps));
				g_string_append(text, PICK(eqs));
				for (int n = g_rand_int_range(rand, 0, 7);
				     n > 0; n--)
					g_string_append(text, PICK(bits));
			} else {
				g_string_append(text, PICK(others));
			}
			g_string_append(text, nl);
		}
		assert_true(g_file_set_contents(path, text->str, -1, NULL));
		r = agree();
		if (r < 0)
			fail_msg("libgit2 differs from git on:\n%s", text->str);
		counts[r + 1]++;
	}
#undef PICK
	print_message("%d read by libgit2, %d by git\n", counts[2],
		      counts[1]);
	assert_true(counts[2] >= files / 3);
}

static void test_malformed(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_gitconfig) cfg = NULL;

	(void)state;
	put(home, ".gitconfig", "[sendemail]\n\tcc = ok@example.org\n"
	    "[broken\n");
	handed_over(".gitconfig");
	cfg = sl_gitconfig_read(TRUE, NULL, &error);
	assert_null(cfg);
	assert_non_null(strstr(error->message, ".gitconfig"));
}

/*
 * Asks git what it reads and checks sl_gitconfig_may_hold() for seclint's
 * section: @expect, and never "no" where git reads a seclint key.
 */
static void may_hold(gboolean expect)
{
	static const char *const seclint[] = { "seclint", NULL };
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_gitconfig) theirs = sl_gitconfig_read_git(&error);
	g_autoptr(sl_gitconfig) got = NULL;
	g_autofree char *path = g_strdup(g_getenv("PATH"));
	gboolean said = sl_gitconfig_may_hold(seclint);

	assert_non_null(theirs);
	never_missed(theirs);
	if (said != expect)
		fail_msg("may_hold(seclint) is %d, expected %d", said, expect);
	if (expect)
		return;
	/* Then the reading with those sections is empty and runs no git. */
	g_setenv("PATH", "/nonexistent", TRUE);
	got = sl_gitconfig_read(FALSE, seclint, &error);
	g_setenv("PATH", path, TRUE);
	assert_non_null(got);
	assert_int_equal(got->entries->len, 0);
}

/* @text in @dir/@name is seen (and git reads it); then the file is emptied. */
static void held_in(const char *dir, const char *name, const char *text)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_gitconfig) theirs = NULL;

	put(dir, name, text);
	theirs = sl_gitconfig_read_git(&error);
	assert_non_null(theirs);
	if (!holds_section(theirs, "seclint"))
		fail_msg("git reads no seclint key from %s/%s", dir, name);
	may_hold(TRUE);
	put(dir, name, "");
}

static void test_may_hold(void **state)
{
	static const char *const both[] = { "seclint", "sendemail", NULL };
	g_autofree char *xdg = g_build_filename(top, "xdg", NULL);
	g_autofree char *bare = g_build_filename(top, "bare.git", NULL);
	g_autofree char *wt = g_build_filename(top, "wt", NULL);
	g_autofree char *global = g_build_filename(top, "global", NULL);
	g_autofree char *dir = g_build_filename(home, ".gitconfig", NULL);

	(void)state;
	/* No file names the section: no git needed, whatever else. */
	put(top, "etc/gitconfig", "[sendemail]\n\tcc = system@example.org\n"
	    "[user]\n\tname = Sec Lint\n\temail = seclin@example.org\n");
	put(home, ".gitconfig", "[core]\n\teditor = vi\n");
	may_hold(FALSE);
	assert_true(sl_gitconfig_may_hold(both));
	assert_int_equal(g_mkdir_with_parents("sub/dir", 0700), 0);
	assert_int_equal(chdir("sub/dir"), 0);
	may_hold(FALSE);

	/* Each place git reads from, in each spelling of the section. */
	held_in(top, "etc/gitconfig", "[SecLint]\n\tstrict\n");
	g_setenv("XDG_CONFIG_HOME", xdg, TRUE);
	held_in(xdg, "git/config", "[seclint \"x\"]\n\ty = 1\n");
	g_unsetenv("XDG_CONFIG_HOME");
	held_in(home, ".config/git/config", "[seclint]\n\tquiet\n");
	held_in(home, ".gitconfig", "[seclint.sub]\n\tx = 1\n");
	may_hold(FALSE);
	put(top, "global", "[seclint]\n\tstrict = yes\n");
	g_setenv("GIT_CONFIG_GLOBAL", global, TRUE);
	may_hold(TRUE);
	g_unsetenv("GIT_CONFIG_GLOBAL");
	g_free(git("config", "seclint.strict", "true", NULL));
	may_hold(TRUE);		/* the repository's, from sub/dir */
	g_free(git("config", "--unset", "seclint.strict", NULL));
	may_hold(FALSE);
	g_free(git("config", "extensions.worktreeConfig", "true", NULL));
	g_free(git("config", "--worktree", "seclint.quiet", "true", NULL));
	may_hold(TRUE);
	g_free(git("config", "--worktree", "--unset", "seclint.quiet", NULL));
	g_free(git("config", "--unset", "extensions.worktreeConfig", NULL));
	may_hold(FALSE);

	/* Includes and `git -c`: git answers. */
	put(home, ".gitconfig", "[include]\n\tpath = more\n");
	put(home, "more", "[seclint]\n\tstrict\n");
	may_hold(TRUE);
	put(home, ".gitconfig", "[includeIf \"gitdir:~/repo/\"]\n"
	    "\tpath = more\n");
	may_hold(TRUE);
	put(home, ".gitconfig", "");
	g_setenv("GIT_CONFIG_PARAMETERS", "'seclint.strict'='true'", TRUE);
	may_hold(TRUE);
	g_unsetenv("GIT_CONFIG_PARAMETERS");
	g_setenv("GIT_CONFIG_COUNT", "1", TRUE);
	g_setenv("GIT_CONFIG_KEY_0", "seclint.strict", TRUE);
	g_setenv("GIT_CONFIG_VALUE_0", "true", TRUE);
	may_hold(TRUE);
	g_unsetenv("GIT_CONFIG_COUNT");
	may_hold(FALSE);

	/* A global file that is not a file: git answers (and fails). */
	assert_int_equal(g_unlink(dir), 0);
	put(home, ".gitconfig/x", "");
	assert_true(sl_gitconfig_may_hold(both));
	remove_tree(dir);

	/* GIT_DIR elsewhere, a bare repository, a linked worktree. */
	assert_int_equal(chdir(top), 0);
	g_free(git("init", "-q", "--bare", bare, NULL));
	g_free(git("--git-dir", bare, "config", "seclint.strict", "true",
		   NULL));
	may_hold(FALSE);
	g_setenv("GIT_DIR", bare, TRUE);
	may_hold(TRUE);
	put(top, "gitfile", "gitdir: bare.git\n");	/* GIT_DIR as a file */
	g_setenv("GIT_DIR", "gitfile", TRUE);
	assert_true(sl_gitconfig_may_hold(both));
	g_setenv("GIT_DIR", "nowhere", TRUE);
	assert_true(sl_gitconfig_may_hold(both));
	g_unsetenv("GIT_DIR");
	g_setenv("GIT_CONFIG_GLOBAL", "", TRUE);
	assert_true(sl_gitconfig_may_hold(both));
	g_unsetenv("GIT_CONFIG_GLOBAL");
	assert_int_equal(chdir(bare), 0);
	may_hold(TRUE);
	assert_int_equal(chdir("refs"), 0);
	may_hold(TRUE);
	assert_int_equal(chdir(repo), 0);
	g_free(git("-c", "user.name=T", "-c", "user.email=t@example.org",
		   "commit", "-q", "--allow-empty", "-m", "x", NULL));
	g_free(git("worktree", "add", "-q", wt, NULL));
	assert_int_equal(chdir(wt), 0);
	assert_true(sl_gitconfig_may_hold(both));	/* .git is a file */
}

/* ---- the cache of git's answer under $GIT_DIR ---- */

static char *calls;	/* one line per git the reader ran */

static guint git_runs(void)
{
	g_autofree char *text = NULL;
	guint n = 0;

	if (!g_file_get_contents(calls, &text, NULL, NULL))
		return 0;
	for (const char *p = text; *p; p++)
		n += *p == '\n';
	return n;
}

/* sl_gitconfig_read() gives git's config, running git @runs times. */
static void cached_read(guint runs)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(GError) theirs_error = NULL;
	g_autofree char *path = g_strdup(g_getenv("PATH"));
	g_autofree char *real = NULL;
	g_autoptr(sl_gitconfig) theirs = NULL;
	g_autoptr(sl_gitconfig) got = NULL;
	guint before = git_runs();

	got = sl_gitconfig_read(FALSE, NULL, &error);
	assert_non_null(got);
	if (git_runs() - before != runs)
		fail_msg("git ran %u times, expected %u", git_runs() - before,
			 runs);
	/* git's own answer, from git itself (not the counting one). */
	real = g_strdup(g_getenv("REAL_PATH"));
	g_setenv("PATH", real, TRUE);
	theirs = sl_gitconfig_read_git(&theirs_error);
	g_setenv("PATH", path, TRUE);
	assert_non_null(theirs);
	same(got, theirs);
}

static void damage(const char *file, const char *text, gssize len)
{
	assert_true(g_file_set_contents(file, text, len, NULL));
}

static void test_git_cache(void **state)
{
	g_autofree char *bin = g_build_filename(top, "bin", NULL);
	g_autofree char *gitdir = g_build_filename(repo, ".git", NULL);
	g_autofree char *file = g_build_filename(gitdir, "seclint",
						 "gitconfig", NULL);
	g_autofree char *real_git = g_find_program_in_path("git");
	g_autofree char *script = NULL, *path = NULL, *text = NULL;
	g_autofree char *was_path = g_strdup(g_getenv("PATH"));
	g_autofree char *longline = NULL;
	gsize len;

	(void)state;
	calls = g_build_filename(top, "calls", NULL);
	assert_non_null(real_git);
	script = g_strdup_printf("#!/bin/sh\necho run >>'%s'\n"
				 "exec '%s' \"$@\"\n", calls, real_git);
	put(bin, "git", script);
	g_free(path);
	path = g_build_filename(bin, "git", NULL);
	assert_int_equal(g_chmod(path, 0755), 0);
	g_setenv("REAL_PATH", was_path, TRUE);
	g_setenv("PATH", bin, TRUE);
	g_free(git("config", "seclint.profile", "repo", NULL));

	/* Without GIT_DIR, every reading runs git. */
	cached_read(1);
	cached_read(1);
	/* With it: git once, then the cache, while nothing changes. */
	g_setenv("GIT_DIR", gitdir, TRUE);
	cached_read(1);
	assert_true(g_file_test(file, G_FILE_TEST_IS_REGULAR));
	cached_read(0);
	/* send-email's counters change from patch to patch: still kept. */
	g_setenv("GIT_SENDEMAIL_FILE_COUNTER", "2", TRUE);
	cached_read(0);
	g_unsetenv("GIT_SENDEMAIL_FILE_COUNTER");
	/* Any other change: git again, then the new answer is kept. */
	g_free(git("config", "seclint.profile", "changed", NULL));
	cached_read(1);
	cached_read(0);
	put(home, ".gitconfig", "[sendemail]\n\tcc = g@example.org\n");
	cached_read(1);
	cached_read(0);
	g_setenv("GIT_FOO", "1", TRUE);
	cached_read(1);
	cached_read(0);
	g_unsetenv("GIT_FOO");
	cached_read(1);
	assert_int_equal(chdir(top), 0);	/* another working directory */
	cached_read(1);
	cached_read(0);
	assert_int_equal(chdir(repo), 0);
	cached_read(1);
	/* An include, or git -c: git every time. */
	put(home, ".gitconfig", "[include]\n\tpath = more\n");
	put(home, "more", "[seclint]\n\tstrict\n");
	cached_read(1);
	cached_read(1);
	put(home, ".gitconfig", "");
	cached_read(1);
	g_setenv("GIT_CONFIG_PARAMETERS", "'seclint.strict'='true'", TRUE);
	cached_read(1);
	cached_read(1);
	g_unsetenv("GIT_CONFIG_PARAMETERS");
	cached_read(0);

	/* A damaged or hostile cache: ignored, git answers, written anew. */
	assert_true(g_file_get_contents(file, &text, &len, NULL));
	damage(file, text, (gssize)len - 1);		/* cut short */
	cached_read(1);
	cached_read(0);
	text[len - 2] ^= 1;				/* a byte changed */
	damage(file, text, (gssize)len);
	cached_read(1);
	cached_read(0);
	damage(file, "seclint git config cache 1\n\0\xff\xfe\r\n", 33);
	cached_read(1);
	longline = g_strnfill(100000, 'x');
	damage(file, longline, -1);
	cached_read(1);
	damage(file, "", 0);
	cached_read(1);
	cached_read(0);

	/* A linked worktree's git directory: not cached. */
	g_free(git("-c", "user.name=S", "-c", "user.email=s@example.org",
		   "commit", "-q", "--allow-empty", "-m", "x", NULL));
	g_free(git("worktree", "add", "-q", "../wt", NULL));
	{
		g_autofree char *wt = g_build_filename(gitdir, "worktrees",
						       "wt", NULL);
		g_autofree char *wtdir = g_build_filename(home, "wt", NULL);

		assert_int_equal(chdir(wtdir), 0);
		g_setenv("GIT_DIR", wt, TRUE);
		cached_read(1);
		cached_read(1);
		assert_int_equal(chdir(repo), 0);
	}
	g_unsetenv("GIT_DIR");
	g_setenv("PATH", was_path, TRUE);
	g_unsetenv("REAL_PATH");
	g_clear_pointer(&calls, g_free);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_files_in_order, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_global_environment,
						sandbox, cleanup),
		cmocka_unit_test_setup_teardown(test_includes, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_include_if, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_worktree, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_hasconfig, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_command_line, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_syntax, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_random_lines, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_malformed, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_git_cache, sandbox,
						cleanup),
		cmocka_unit_test_setup_teardown(test_may_hold, sandbox,
						cleanup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
