// SPDX-License-Identifier: GPL-2.0-only
/*
 * `seclint install-hook [--repo DIR] [--force]`: installs seclint as the
 * repository's sendemail-validate hook, in the hooks directory git will
 * use (core.hooksPath honoured), never overwriting another hook unasked.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <git2.h>

#include "modes.h"
#include "seclint.h"

#define HOOK_NAME "sendemail-validate"

static char *hooks_dir(git_repository *repo)
{
	git_config *cfg = NULL;
	git_buf buf = { 0 };
	const char *base = git_repository_workdir(repo);
	char *dir = NULL;

	if (!git_repository_config_snapshot(&cfg, repo) &&
	    !git_config_get_path(&buf, cfg, "core.hookspath"))
		dir = g_path_is_absolute(buf.ptr)
			? g_strdup(buf.ptr)
			: g_build_filename(base ? base : git_repository_path(repo),
					   buf.ptr, NULL);
	git_buf_dispose(&buf);
	git_config_free(cfg);
	if (!dir && !git_repository_item_path(&buf, repo,
					      GIT_REPOSITORY_ITEM_HOOKS))
		dir = g_strdup(buf.ptr);
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
static char *hook_script(gboolean shebang)
{
	g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
	g_autofree char *quoted = g_shell_quote(exe ? exe : "seclint");
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

/* seclint's own hook in either form (the sh one from older installs). */
static gboolean ours(const char *content)
{
	g_autofree char *script = hook_script(FALSE);

	return !strcmp(content, script);
}

static int write_hook(const char *path, const char *script, gboolean force)
{
	g_autofree char *old = NULL;
	g_autoptr(GError) error = NULL;

	if (g_file_get_contents(path, &old, NULL, NULL)) {
		if (!strcmp(old, script)) {
			printf("seclint: %s is already installed\n", path);
			return 0;
		}
		if (!force && !ours(old)) {
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

static int install(const char *repo_dir, gboolean force)
{
	git_repository *repo = NULL;
	g_autofree char *dir = NULL;
	g_autofree char *path = NULL;
	g_autofree char *script = hook_script(TRUE);
	int status = 2;

	if (git_repository_open_ext(&repo, repo_dir, 0, NULL)) {
		fprintf(stderr, "seclint: '%s' is not in a git repository: %s\n",
			repo_dir, git_error_last() ? git_error_last()->message
						   : "unknown error");
		return 2;
	}
	dir = hooks_dir(repo);
	if (!dir || g_mkdir_with_parents(dir, 0755))
		fprintf(stderr, "seclint: cannot find or create the hooks "
				"directory of '%s'\n", repo_dir);
	else
		status = write_hook(path = g_build_filename(dir, HOOK_NAME,
							    NULL),
				    script, force);
	git_repository_free(repo);
	return status;
}

int sl_install_hook_main(int argc, char **argv)
{
	const char *repo_dir = ".";
	gboolean force = FALSE;
	int status;

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--force")) {
			force = TRUE;
		} else if (!strcmp(argv[i], "--repo") && i + 1 < argc) {
			repo_dir = argv[++i];
		} else if (g_str_has_prefix(argv[i], "--repo=")) {
			repo_dir = argv[i] + strlen("--repo=");
		} else {
			fprintf(stderr, "usage: seclint install-hook [--repo "
					"DIR] [--force]\n");
			return 2;
		}
	}
	git_libgit2_init();
	status = install(repo_dir, force);
	git_libgit2_shutdown();
	return status;
}
