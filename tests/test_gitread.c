// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_gitread [MBOX...]: what lint/repo reads without libgit2 gives
 * libgit2's answer, asked of libgit2 on the same input:
 *
 *   - sl_patches_read() against sl_patches_parse() (git_diff_from_buffer,
 *     git_diff_patchid): every patch of `git format-patch` of a scratch
 *     repository made here (renames, mode changes, new, deleted, binary
 *     and empty files, quoted paths with spaces, tabs and octal escapes,
 *     no-prefix and other prefixes, copies), of this source tree's history
 *     when it is a git checkout, and of each MBOX given (format-patch
 *     output); each also mangled (wrapped lines, tabs turned to spaces,
 *     truncated, bad hunk counts, CRLF, blank lines in a hunk, no final
 *     newline, a hunk header in the commit message, quoted);
 *   - sl_repo_locate() against git_repository_open_ext(FROM_ENV), in and
 *     below a work tree, by GIT_DIR, outside any repository, and with the
 *     shapes it leaves to libgit2;
 *   - sl_mailmap against git_mailmap_from_repository()/git_mailmap_resolve()
 *     on the same .mailmap: every form of gitmailmap(5), comments, case,
 *     and random lines.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "locate.h"
#include "mailmap.h"
#include "patch.h"

/*
 * libgit2 1.5 leaks on two inputs given it here (a mailmap line "<>": the
 * entry allocated before its assertion; a config with an extension):
 * LeakSanitizer leaves libgit2's own allocations alone.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libgit2.so\n";
}

/* ... which needs whole stacks: libgit2's leak of PCRE2 match data is
 * otherwise told by PCRE2's frames alone. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "fast_unwind_on_malloc=0";
}

static char **corpora;		/* MBOX arguments */
static char *home;		/* the scratch $HOME */

/* Patches read here / left to libgit2. */
static guint answered, left;

static void run(const char *dir, const char *const *argv, char **out)
{
	g_autoptr(GError) error = NULL;
	int status;

	if (!g_spawn_sync(dir, (char **)argv, NULL, G_SPAWN_SEARCH_PATH |
			  (out ? 0 : G_SPAWN_STDOUT_TO_DEV_NULL) |
			  G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, out, NULL,
			  &status, &error) ||
	    !g_spawn_check_wait_status(status, &error))
		fail_msg("%s %s %s: %s", argv[0], argv[1],
			 argv[2] ? argv[2] : "", error->message);
}

static char *joined(const struct sl_patch *p)
{
	g_autofree char *files = g_strjoinv("|", p->files);

	return g_strdup_printf("%s%s", files, p->renames ? " R" : "");
}

/* The one comparison: where sl_patches_read() answers, libgit2 agrees. */
static void compare_patches(const char *text, const char *what)
{
	g_autoptr(GPtrArray) ours = sl_patches_read(text);
	g_autoptr(GPtrArray) theirs = NULL;

	if (!ours) {
		left++;
		return;
	}
	answered++;
	theirs = sl_patches_parse(text);
	if (ours->len != theirs->len)
		fail_msg("%s: %u patches here, %u by libgit2:\n%s", what,
			 ours->len, theirs->len, text);
	for (guint i = 0; i < ours->len; i++) {
		struct sl_patch *a = ours->pdata[i];
		const struct sl_patch *b = theirs->pdata[i];
		g_autofree char *fa = joined(a), *fb = joined(b);

		if (strcmp(fa, fb))
			fail_msg("%s: files '%s' here, '%s' by libgit2:\n%s",
				 what, fa, fb, text);
		if (strcmp(sl_patch_id(a), b->id))
			fail_msg("%s: patch-id %s here, %s by libgit2", what,
				 a->id, b->id);
	}
}

static char *replace(const char *text, const char *from, const char *to)
{
	g_auto(GStrv) parts = g_strsplit(text, from, -1);

	return g_strjoinv(to, parts);
}

/* Lines longer than 60 broken as a mailer wraps them. */
static char *wrapped(const char *text)
{
	GString *out = g_string_new(NULL);
	gsize col = 0;

	for (const char *p = text; *p; p++) {
		if (*p != '\n' && col == 60) {
			g_string_append_c(out, '\n');
			col = 0;
		}
		g_string_append_c(out, *p);
		col = *p == '\n' ? 0 : col + 1;
	}
	return g_string_free(out, FALSE);
}

/* The first hunk header's count @which (0: old, 1: new) changed by @by. */
static char *recounted(const char *text, int which, int by)
{
	const char *h = strstr(text, "\n@@ -");
	GString *out;
	const char *p;
	long n;
	char *end;

	if (!h)
		return NULL;
	p = h + 5;
	if (which) {
		p = strstr(p, " +");
		if (!p)
			return NULL;
		p += 2;
	}
	n = strtol(p, &end, 10);
	if (*end == ',') {
		p = end + 1;
		n = strtol(p, &end, 10);
	} else {
		p = end;	/* no count: 1 */
		n = 1;
	}
	out = g_string_new_len(text, p - text);
	g_string_append_printf(out, "%s%ld%s", *end == ',' || p != end ? "" : ",",
			       n + by, end);
	return g_string_free(out, FALSE);
}

/* @text with @line inserted after the first line starting with @after. */
static char *inserted(const char *text, const char *after, const char *line)
{
	g_autofree char *needle = g_strconcat("\n", after, NULL);
	const char *at = strstr(text, needle);
	const char *nl;

	if (!at || !(nl = strchr(at + 1, '\n')))
		return NULL;
	return g_strdup_printf("%.*s%s%s", (int)(nl + 1 - text), text, line,
			       nl + 1);
}

/* Context lines without their leading space (a mailer's trimming). */
static char *trimmed_context(const char *text)
{
	g_autofree char *a = replace(text, "\n \n", "\n\n");

	return replace(a, "\n \t", "\n\t");
}

static char *quoted_half(const char *text)
{
	gsize half = strlen(text) / 2;
	const char *nl = strchr(text + half, '\n');
	g_autofree char *tail = NULL;

	if (!nl)
		return NULL;
	tail = replace(nl + 1, "\n", "\n> ");
	return g_strdup_printf("%.*s> %s", (int)(nl + 1 - text), text, tail);
}

static void compare_mangled(const char *body, const char *what)
{
	gsize len = strlen(body);
	char *v[16] = { NULL };
	int n = 0;

	compare_patches(body, what);
	v[n++] = wrapped(body);
	v[n++] = replace(body, "\t", "        ");
	v[n++] = g_strndup(body, len * 2 / 3);
	v[n++] = g_strndup(body, len / 2 + 1);
	v[n++] = recounted(body, 0, 1);
	v[n++] = recounted(body, 1, -1);
	v[n++] = replace(body, "\n", "\r\n");
	v[n++] = inserted(body, "@@ -", "\n");
	v[n++] = trimmed_context(body);
	v[n++] = g_strndup(body, len && body[len - 1] == '\n' ? len - 1 : len);
	v[n++] = inserted(body, "+", "\\ No newline at end of file\n");
	v[n++] = g_strconcat("@@ -1 +1 @@ said the log\n", body, NULL);
	v[n++] = quoted_half(body);
	v[n++] = replace(body, "\n-- \n", "\n");
	for (int i = 0; i < n; i++) {
		g_autofree char *label = g_strdup_printf("%s, mangled %d", what, i);

		if (v[i])
			compare_patches(v[i], label);
		g_free(v[i]);
	}
}

/* Each message of a format-patch mbox: its body after the headers. */
static guint compare_mbox(const char *text, const char *what)
{
	g_auto(GStrv) msgs = g_regex_split_simple(
		"^From [0-9a-f]{40} Mon Sep 17 00:00:00 2001\\n", text,
		G_REGEX_MULTILINE | G_REGEX_RAW, 0);
	guint count = 0;

	for (char **m = msgs; *m; m++) {
		const char *body = strstr(*m, "\n\n");
		g_autofree char *label = NULL;

		if (!body)
			continue;
		label = g_strdup_printf("%s, message %u", what, count++);
		compare_mangled(body + 2, label);
	}
	return count;
}

/* Not g_file_set_contents(): its fsync() makes 20000 files minutes. */
static void write_file(const char *dir, const char *name, const char *text,
		       gssize len)
{
	g_autofree char *path = g_build_filename(dir, name, NULL);
	g_autofree char *parent = g_path_get_dirname(path);
	size_t n = len < 0 ? strlen(text) : (size_t)len;
	FILE *f;

	assert_int_equal(g_mkdir_with_parents(parent, 0755), 0);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

static void commit(const char *dir, const char *msg)
{
	const char *add[] = { "git", "add", "-A", ".", NULL };
	const char *ci[] = { "git", "commit", "-q", "-m", msg, NULL };

	run(dir, add, NULL);
	run(dir, ci, NULL);
}

static void git(const char *dir, const char *a, const char *b, const char *c)
{
	const char *argv[] = { "git", a, b, c, NULL };

	run(dir, argv, NULL);
}

static char *scratch(const char *what)
{
	g_autofree char *name = g_strdup_printf("seclint-%s-XXXXXX", what);
	char *dir = g_dir_make_tmp(name, NULL);

	assert_non_null(dir);
	return dir;
}

static void remove_tree(const char *path)
{
	const char *argv[] = { "rm", "-rf", path, NULL };

	run(NULL, argv, NULL);
}

/* A history with every kind of change format-patch writes. */
static char *history(void)
{
	char *dir = scratch("history");
	static const char bin[] = "\x7f" "ELF\0\1\2\3binary\0data";
	GString *big = g_string_new(NULL);
	const char *init[] = { "git", "init", "-q", dir, NULL };
	g_autofree char *readme = g_build_filename(dir, "README.md", NULL);

	run(NULL, init, NULL);
	git(dir, "config", "user.name", "Test");
	git(dir, "config", "user.email", "test@example.org");
	for (int i = 0; i < 40; i++)
		g_string_append_printf(big, "line %d\n\tindented %d\n", i, i);
	write_file(dir, "net/core/dev.c", big->str, -1);
	write_file(dir, "README", "hello\n", -1);
	commit(dir, "start");
	g_string_insert(big, 30, "+inserted\n");
	g_string_append(big, "tail\n");
	write_file(dir, "net/core/dev.c", big->str, -1);
	commit(dir, "net: change two places");
	write_file(dir, "drivers/new file.c", "int a;\n", -1);
	write_file(dir, "fs/caf\xc3\xa9.c", "int b;\n", -1);
	write_file(dir, "fs/tab\there.c", "int c;\n", -1);
	write_file(dir, "fs/quote\"d.c", "int d;\n", -1);
	commit(dir, "add files with odd names");
	git(dir, "mv", "README", "README.md");
	commit(dir, "rename, pure");
	git(dir, "mv", "net/core/dev.c", "net/core/device.c");
	write_file(dir, "net/core/device.c", big->str, -1);
	g_string_append(big, "more\n");
	write_file(dir, "net/core/device.c", big->str, -1);
	commit(dir, "rename with a change");
	assert_int_equal(chmod(readme, 0755), 0);
	commit(dir, "mode change");
	write_file(dir, "README.md", "hello\nworld", -1);
	assert_int_equal(chmod(readme, 0644), 0);
	commit(dir, "mode change and content, no final newline");
	write_file(dir, "blob.bin", bin, sizeof(bin));
	write_file(dir, "empty", "", 0);
	commit(dir, "binary and empty");
	write_file(dir, "blob.bin", bin, sizeof(bin) - 3);
	write_file(dir, "crlf.txt", "a\r\nb\r\n", -1);
	commit(dir, "binary change, crlf");
	git(dir, "rm", "-q", "fs/tab\there.c");
	write_file(dir, "net/core/copy.c", big->str, -1);
	commit(dir, "delete, copy");
	g_string_free(big, TRUE);
	return dir;
}

static void compare_format_patch(const char *dir, const char *opt,
				 const char *what)
{
	const char *argv[] = { "git", "format-patch", "--stdout", "--root",
			       "-M", opt, "HEAD", NULL };
	g_autofree char *out = NULL;
	g_autofree char *label = g_strdup_printf("%s %s", what, opt);

	run(dir, argv, &out);
	assert_true(compare_mbox(out, label) > 0);
}

static void test_patches_scratch(void **state)
{
	g_autofree char *dir = history();
	static const char *const opts[] = {
		"--binary", "--no-binary", "--no-prefix", "--src-prefix=x/",
		"-C", "--find-copies-harder", "--full-index", "-U0",
	};
	guint was = answered;

	(void)state;
	for (gsize i = 0; i < G_N_ELEMENTS(opts); i++)
		compare_format_patch(dir, opts[i], "scratch history");
	remove_tree(dir);
	/* the reader answered most: the fast path was tested */
	assert_true(answered - was > 50);
}

/* This source tree's own history, when it is a git checkout. */
static void test_patches_source(void **state)
{
	const char *argv[] = { "git", "format-patch", "--stdout", "-M",
			       "-300", "HEAD", NULL };
	g_autofree char *out = NULL;
	g_autofree char *src = g_path_get_dirname(__FILE__);
	g_autofree char *git = g_build_filename(src, "..", ".git", NULL);
	guint n, was = answered;

	(void)state;
	if (!g_file_test(git, G_FILE_TEST_EXISTS))
		skip();
	run(src, argv, &out);
	n = compare_mbox(out, "source history");
	assert_true(n > 0);
	assert_true(answered - was >= n);
}

static void test_patches_given(void **state)
{
	(void)state;
	if (!corpora || !*corpora)
		skip();
	for (char **c = corpora; *c; c++) {
		g_autofree char *text = NULL;
		guint was = answered, n;

		assert_true(g_file_get_contents(*c, &text, NULL, NULL));
		n = compare_mbox(text, *c);
		print_message("%s: %u messages, %u answered here\n", *c, n,
			      answered - was);
		assert_true(n > 0);
	}
}

/* Made-up shapes around what the reader accepts. */
static void test_patches_edges(void **state)
{
	static const char *const bodies[] = {
		"no diff here\n",
		"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,9 +1,9 @@\n-a\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n-- \n2.39.5\n",
		"diff --git a/x b/x\nindex 1234567..89abcde\n--- a/x\n"
		"+++ b/x\n@@ -0,0 +1 @@\n+b\n",
		"diff --git a/x b/y\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/y\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --git a/x b/x\nold mode 100644\nnew mode 100755\n",
		"diff --git a/x b/x\nold mode 100644\nnew mode 100755\n\n",
		"diff --git a/x b/y\nsimilarity index 100%\nrename from x\n"
		"rename to y\n",
		"diff --git a/x b/y\nsimilarity index 100%\nrename from x\n"
		"rename to y\n-- \n2.1\n",
		"diff --git a/x b/y\nsimilarity index 101%\nrename from x\n"
		"rename to y\n",
		"diff --git a/x b/x\nnew file mode 100644\nindex 0000000..e69de29\n",
		"diff --git a/x b/x\ndeleted file mode 100644\n"
		"index 89abcde..0000000\n--- a/x\n+++ /dev/null\n"
		"@@ -1,2 +0,0 @@\n-a\n-b\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1,2 +1,2 @@\n-a\n\\ No newline at end of file\n"
		"+b\n c\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\nnoise\ndiff --git a/y b/y\n"
		"index 1234567..89abcde 100644\n--- a/y\n+++ b/y\n"
		"@@ -1 +1 @@\n-a\n+b\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n+c\n",
		"diff --git a/x b/x\nindex 12..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@ x\n-a\n+b\n@@ -5 +5 @@\n-c\n+d\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n@@ -5 +5 @@\n-c\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b",
		"diff --git a/x b/x\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n",
		"diff --git a/a//b b/a//b\nindex 1234567..89abcde 100644\n"
		"--- a/a//b\n+++ b/a//b\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n"
		"+++ b/x\n@@ -1 +1 @@\n-a\n+b\n-- \n2.39.5\n\n"
		"diff --git a/y b/y\nindex 1234567..89abcde 100644\n--- a/y\n"
		"+++ b/y\n@@ -1 +1 @@\n-a\n+b\n",
	};

	(void)state;
	for (gsize i = 0; i < G_N_ELEMENTS(bodies); i++) {
		g_autofree char *label = g_strdup_printf("edge %zu", i);

		compare_mangled(bodies[i], label);
	}
	/* libgit2 takes hunk header lines up to 127 bytes with the '\n' */
	for (int len = 120; len <= 135; len++) {
		g_autofree char *fill = g_strnfill(len - 13, 'x');
		g_autofree char *text = g_strdup_printf(
			"diff --git a/x b/x\nindex 1234567..89abcde 100644\n"
			"--- a/x\n+++ b/x\n@@ -1 +1 @@ %s\n-a\n+b\n", fill);
		g_autoptr(GPtrArray) ours = sl_patches_read(text);

		compare_patches(text, "long hunk header");
		assert_true(!ours == (len > 127));
	}
}

/* What libgit2 opens from the environment, as locate.c would give it. */
static enum sl_locate libgit2_locate(char **gitdir, char **workdir)
{
	git_repository *repo = NULL;

	*gitdir = *workdir = NULL;
	if (git_repository_open_ext(&repo, NULL, GIT_REPOSITORY_OPEN_FROM_ENV,
				    NULL) < 0)
		return SL_LOCATE_NONE;
	*gitdir = g_strdup(git_repository_path(repo));
	*workdir = g_strdup(git_repository_workdir(repo));
	git_repository_free(repo);
	return SL_LOCATE_FOUND;
}

/* In @cwd: locate.c answers @want (or is unsure where @want is UNSURE),
 * and where it answers, libgit2 agrees. */
static void expect_locate(const char *cwd, enum sl_locate want,
			  const char *what)
{
	g_autofree char *was = g_get_current_dir();
	g_autofree char *g1 = NULL, *w1 = NULL, *g2 = NULL, *w2 = NULL;
	enum sl_locate ours, theirs;

	assert_int_equal(chdir(cwd), 0);
	ours = sl_repo_locate(&g1, &w1);
	theirs = libgit2_locate(&g2, &w2);
	assert_int_equal(chdir(was), 0);
	if (ours != want)
		fail_msg("%s: locate %d, want %d", what, ours, want);
	if (ours == SL_LOCATE_UNSURE)
		return;
	if (ours != theirs || g_strcmp0(g1, g2) || g_strcmp0(w1, w2))
		fail_msg("%s: '%s' '%s' here, '%s' '%s' by libgit2", what,
			 g1, w1, g2, w2);
}

static void set_config(const char *gitdir, const char *text)
{
	write_file(gitdir, "config", text, -1);
}

/* The repository's config, and what locate.c makes of it. */
static const struct {
	const char *text;
	enum sl_locate want;
	const char *what;
} configs[] = {
	{ "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n"
	  "\tbare = false\n[remote \"origin\"]\n\turl = x\n[user]\n"
	  "\tname = \"A #B\"\n", SL_LOCATE_FOUND, "plain config" },
	{ "[core]\n\tbare = true\n", SL_LOCATE_UNSURE, "core.bare" },
	{ "[Core]\n\tBare = False ; comment\n", SL_LOCATE_UNSURE,
	  "core.bare with a comment" },
	{ "[core]\n\tworktree = /nowhere\n", SL_LOCATE_UNSURE,
	  "core.worktree" },
	{ "[core]\n\trepositoryformatversion = 1\n[extensions]\n"
	  "\tworktreeConfig = true\n", SL_LOCATE_UNSURE, "extensions" },
	{ "[include]\n\tpath = other\n", SL_LOCATE_UNSURE, "include" },
	{ "[mailmap]\n\tfile = other\n", SL_LOCATE_UNSURE, "mailmap.file" },
	{ "[core]\n\tbare = false\n[broken\n", SL_LOCATE_UNSURE,
	  "broken config" },
	{ "[core \"x\"]\n\tbare = true\n[core.y]\n\tbare = 1\n",
	  SL_LOCATE_FOUND, "core subsections" },
	{ "[user]\n\tname = a \\\n\tb\n", SL_LOCATE_UNSURE,
	  "a continued line" },
	{ "key = before any section\n", SL_LOCATE_UNSURE, "no section" },
	{ "[core]\n\tbare\n", SL_LOCATE_UNSURE, "core.bare, no value" },
	{ "[core]\n\tBARE=false\n\tRepositoryFormatVersion=0\n",
	  SL_LOCATE_FOUND, "case, no blanks" },
};

static void test_locate(void **state)
{
	g_autofree char *dir = scratch("locate");
	g_autofree char *repo = g_build_filename(dir, "repo", NULL);
	g_autofree char *gitdir = g_build_filename(repo, ".git", NULL);
	g_autofree char *deep = g_build_filename(repo, "a", "b", NULL);
	g_autofree char *outside = g_build_filename(dir, "outside", NULL);
	g_autofree char *bare = g_build_filename(dir, "bare.git", NULL);
	g_autofree char *link = g_build_filename(dir, "link", NULL);
	g_autofree char *global = g_build_filename(home, ".gitconfig", NULL);
	g_autofree char *config = NULL;
	const char *init[] = { "git", "init", "-q", repo, NULL };
	const char *init_bare[] = { "git", "init", "-q", "--bare", bare, NULL };
	g_autofree char *probe = NULL, *probe_w = NULL;

	(void)state;
	run(NULL, init, NULL);
	run(NULL, init_bare, NULL);
	assert_int_equal(g_mkdir_with_parents(deep, 0755), 0);
	assert_int_equal(g_mkdir_with_parents(outside, 0755), 0);
	config = g_build_filename(gitdir, "config", NULL);
	/* A system config that is not plain leaves every case unsure. */
	assert_int_equal(chdir(repo), 0);
	if (sl_repo_locate(&probe, &probe_w) != SL_LOCATE_FOUND)
		skip();
	expect_locate(repo, SL_LOCATE_FOUND, "work tree");
	expect_locate(deep, SL_LOCATE_FOUND, "below it");
	expect_locate(gitdir, SL_LOCATE_UNSURE, "in .git (a HEAD on the way)");
	expect_locate(bare, SL_LOCATE_UNSURE, "bare");
	/* outside: none, unless the scratch directory is in one */
	assert_int_equal(chdir(outside), 0);
	g_clear_pointer(&probe, g_free);
	g_clear_pointer(&probe_w, g_free);
	if (libgit2_locate(&probe, &probe_w) == SL_LOCATE_NONE)
		expect_locate(outside, SL_LOCATE_NONE, "outside");
	g_setenv("GIT_DIR", gitdir, TRUE);
	expect_locate(outside, SL_LOCATE_FOUND, "GIT_DIR");
	g_setenv("GIT_DIR", ".git", TRUE);
	expect_locate(repo, SL_LOCATE_FOUND, "GIT_DIR relative");
	g_setenv("GIT_DIR", bare, TRUE);
	expect_locate(outside, SL_LOCATE_UNSURE, "GIT_DIR bare");
	g_setenv("GIT_DIR", outside, TRUE);
	expect_locate(outside, SL_LOCATE_UNSURE, "GIT_DIR not a repository");
	g_setenv("GIT_DIR", gitdir, TRUE);
	g_setenv("GIT_WORK_TREE", repo, TRUE);
	expect_locate(outside, SL_LOCATE_UNSURE, "GIT_WORK_TREE");
	g_unsetenv("GIT_WORK_TREE");
	g_unsetenv("GIT_DIR");
	/* .git as a symbolic link */
	assert_int_equal(symlink(repo, link), 0);
	expect_locate(link, SL_LOCATE_FOUND, "through a link");
	/* configs */
	for (gsize i = 0; i < G_N_ELEMENTS(configs); i++) {
		set_config(gitdir, configs[i].text);
		expect_locate(deep, configs[i].want, configs[i].what);
	}
	set_config(gitdir, "[core]\n\tbare = false\n");
	write_file(home, ".gitconfig", "[core]\n\tworktree = /x\n", -1);
	expect_locate(deep, SL_LOCATE_UNSURE, "global core.worktree");
	write_file(home, ".gitconfig", "[core]\n\teditor = vi\n"
		   "[alias]\n\tlg = \"log --oneline\"\n", -1);
	expect_locate(deep, SL_LOCATE_FOUND, "global config");
	assert_int_equal(unlink(global), 0);
	/* a gitfile, a linked work tree's marker */
	write_file(outside, ".git", "gitdir: ../repo/.git\n", -1);
	expect_locate(outside, SL_LOCATE_UNSURE, "gitfile");
	remove_tree(dir);
}

/* A work tree whose .mailmap libgit2 reads as seclint has it read. */
static char *mailmap_tree;
static git_repository *mailmap_repo;

static void mailmap_setup(void)
{
	const char *init[] = { "git", "init", "-q", NULL, NULL };

	if (mailmap_repo)
		return;
	mailmap_tree = scratch("mailmap");
	init[3] = mailmap_tree;
	run(NULL, init, NULL);
	assert_int_equal(git_repository_open_ext(&mailmap_repo, mailmap_tree,
						 GIT_REPOSITORY_OPEN_NO_SEARCH, NULL), 0);
}

/* Every address of @text, and its case changed, asked of both. */
static void compare_mailmap(const char *text, gsize len, const char *what)
{
	struct sl_mailmap *ours = sl_mailmap_new();
	git_mailmap *theirs = NULL;
	g_autoptr(GRegex) re = g_regex_new("<([^<>]*)>", 0, 0, NULL);
	g_autoptr(GMatchInfo) mi = NULL;
	GPtrArray *asks = g_ptr_array_new_with_free_func(g_free);

	sl_mailmap_add_buffer(ours, text, len);
	mailmap_setup();
	write_file(mailmap_tree, ".mailmap", text, (gssize)len);
	if (git_mailmap_from_repository(&theirs, mailmap_repo) < 0)
		fail_msg("%s: libgit2 reads no mailmap", what);
	g_regex_match(re, text, 0, &mi);
	for (; g_match_info_matches(mi); g_match_info_next(mi, NULL)) {
		char *a = g_match_info_fetch(mi, 1);

		g_ptr_array_add(asks, g_ascii_strup(a, -1));
		g_ptr_array_add(asks, g_strstrip(g_strdup(a)));
		g_ptr_array_add(asks, a);
	}
	g_ptr_array_add(asks, g_strdup("nobody@example.org"));
	for (guint i = 0; i < asks->len; i++) {
		const char *q = asks->pdata[i];
		const char *name = NULL, *email = q;

		if (!*q)
			continue;
		if (git_mailmap_resolve(&name, &email, theirs, "", q) < 0)
			fail_msg("%s: libgit2 cannot resolve '%s'", what, q);
		if (strcmp(sl_mailmap_email(ours, q), email))
			fail_msg("%s: '%s' maps to '%s' here, '%s' by libgit2:"
				 "\n%s", what, q, sl_mailmap_email(ours, q),
				 email, text);
	}
	g_ptr_array_unref(asks);
	git_mailmap_free(theirs);
	sl_mailmap_free(ours);
}

static void test_mailmap_forms(void **state)
{
	static const char *const files[] = {
		"Proper Name <commit@example.org>\n",
		"<proper@example.org> <commit@example.org>\n",
		"Proper Name <proper@example.org> <commit@example.org>\n",
		("Proper Name <proper@example.org> Commit Name "
		 "<commit@example.org>\n"),
		"<proper@example.org> Commit Name <commit@example.org>\n",
		"# a comment\n<a@x> <b@x> # trailing comment\n",
		"<a@x> <b@x>\n<c@x> <b@x>\n",
		"<a@x> <B@X>\n<c@x> <b@x>\n",
		"<a@x> <b@x>\nName <b@x>\n",
		"Name <b@x>\n<a@x> <b@x>\n",
		"  \t<a@x>   <b@x>  \t \n",
		"<a@x> <b@x> junk\n<c@x> <d@x>\n",
		"<a#x> <b@x>\n<c@x> <d#x>\nN#ame <e@x>\n",
		"<a@x> <>\n<c@x> <d@x>\n",
		"Name <>\n<c@x> <d@x>\n",
		"<> <d@x>\n",
		"<a@x>\n",
		"<a@x><b@x>\n",
		"<a@x> <b@x>\r\n<c@x> <d@x>\r\n",
		"<a@x> <b@x>",
		"< a@x > < b@x >\n",
		"<a@x> < b@x>\n",
		"<a@x> <b@x> <c@x>\n",
		"<a@x> Name <b@x> more\n",
		"<a@x\n> <b@x>\n",
		"\n\n\n<a@x> <b@x>\n\n",
		"Caf\xc3\xa9 <a@x> <b@x>\n",
		"<a@x> <b@x>\x0b\n<c@x>\x0c<d@x>\n",
	};

	/* a NUL voids the whole file */
	static const char nul[] = "<a@x> <b@x>\n\0<c@x> <d@x>\n";

	(void)state;
	for (gsize i = 0; i < G_N_ELEMENTS(files); i++) {
		g_autofree char *label = g_strdup_printf("mailmap %zu", i);

		compare_mailmap(files[i], strlen(files[i]), label);
	}
	compare_mailmap(nul, sizeof(nul) - 1, "mailmap with a NUL");
}

/* Random lines of the characters that matter to the reader. */
static void test_mailmap_random(void **state)
{
	static const char *const tokens[] = {
		"<", ">", "#", " ", "\t", "\n", "\r", "a@x", "B@x", "b@x",
		"Name", "<a@x>", "<b@x>", "<B@X>", "<c@x>", "\n<a@x> <b@x>",
	};
	GRand *rand = g_rand_new_with_seed(32);

	(void)state;
	for (int i = 0; i < 20000; i++) {
		GString *text = g_string_new(NULL);
		int n = g_rand_int_range(rand, 1, 24);
		g_autofree char *label = g_strdup_printf("random %d", i);

		for (int k = 0; k < n; k++)
			g_string_append(text, tokens[g_rand_int_range(
				rand, 0, G_N_ELEMENTS(tokens))]);
		compare_mailmap(text->str, text->len, label);
		g_string_free(text, TRUE);
	}
	g_rand_free(rand);
}

static void test_counts(void **state)
{
	(void)state;
	print_message("patches: %u read here, %u left to libgit2\n", answered,
		      left);
	assert_true(answered > 0 && left > 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_patches_edges),
		cmocka_unit_test(test_patches_scratch),
		cmocka_unit_test(test_patches_source),
		cmocka_unit_test(test_patches_given),
		cmocka_unit_test(test_locate),
		cmocka_unit_test(test_mailmap_forms),
		cmocka_unit_test(test_mailmap_random),
		cmocka_unit_test(test_counts),
	};
	int rc;

	corpora = argv + 1;
	(void)argc;
	/* A $HOME of its own, before libgit2 reads it. */
	home = scratch("home");
	g_setenv("HOME", home, TRUE);
	g_setenv("GIT_CONFIG_NOSYSTEM", "1", TRUE);
	g_unsetenv("XDG_CONFIG_HOME");
	for (const char *const *v = (const char *const[]){
		     "GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR",
		     "GIT_CEILING_DIRECTORIES", "GIT_INDEX_FILE", NULL }; *v; v++)
		g_unsetenv(*v);
	git_libgit2_init();
	rc = cmocka_run_group_tests_name("gitread", tests, NULL, NULL);
	git_repository_free(mailmap_repo);
	if (mailmap_tree)
		remove_tree(mailmap_tree);
	g_free(mailmap_tree);
	git_libgit2_shutdown();
	remove_tree(home);
	g_free(home);
	return rc;
}
