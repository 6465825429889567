// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_repo MAINTAINERS: the MAINTAINERS matcher (get_maintainer.pl's
 * rules, on the fixture tests/repo/MAINTAINERS) and the patch-ids of
 * patches in message bodies.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include <git2.h>

#include "repo.h"

static struct sl_maintainers *maint;

/* The section names for @file, most specific first, joined by '|'. */
static char *sections_for(const char *file)
{
	const char *files[] = { file, NULL };
	g_autoptr(GPtrArray) s = sl_maintainers_for(maint, files);
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < s->len; i++)
		g_string_append_printf(out, "%s%s", i ? "|" : "",
			((const struct sl_maint_section *)s->pdata[i])->name);
	return g_string_free(out, FALSE);
}

static void expect(const char *file, const char *want)
{
	g_autofree char *got = sections_for(file);

	if (strcmp(got, want))
		fail_msg("%s: got '%s', want '%s'", file, got, want);
}

static void test_directory_patterns(void **state)
{
	(void)state;
	expect("fs/foo/inode.c", "FOO FILESYSTEM");
	/* Below fs/foo/ the pattern is too shallow for depth 1: fallback. */
	expect("fs/foo/dir/deep.c", "FOO FILESYSTEM|THE REST");
	expect("net/bar/proto.c", "NETWORKING [BAR PROTOCOL]");
}

static void test_excludes(void **state)
{
	(void)state;
	expect("fs/foo/legacy/old.c", "FOO FILESYSTEM LEGACY CODE");
	/* Excluded from NETWORKING: only THE REST is left. */
	expect("net/bluetooth/hci.c", "THE REST");
}

static void test_globs_count_slashes(void **state)
{
	(void)state;
	/* "fs/<star>" is the files in fs/, not below it. */
	expect("fs/namei.c", "FS CORE");
	expect("include/linux/fs.h", "FS CORE");
	expect("include/net/bar_proto.h",
	       "NETWORKING [BAR PROTOCOL]|NETWORKING [GENERAL]");
	expect("Documentation/filesystems/foofs.rst", "FOO FILESYSTEM");
}

static void test_pattern_depth_fallback(void **state)
{
	(void)state;
	/* "net/" is shallower than net/core/dev.c: without --pattern-depth. */
	expect("net/core/dev.c", "NETWORKING [GENERAL]|THE REST");
	expect("Makefile", "THE REST");
}

static void test_regex(void **state)
{
	(void)state;
	expect("drivers/misc/quux_core.c", "QUUX DRIVERS");
	expect("drivers/misc/other.c", "THE REST");
}

static void test_entries(void **state)
{
	const char *files[] = { "fs/foo/inode.c", NULL };
	g_autoptr(GPtrArray) s = sl_maintainers_for(maint, files);
	const struct sl_maint_section *foo;

	(void)state;
	assert_int_equal(s->len, 1);
	foo = s->pdata[0];
	assert_string_equal(foo->maintainers[0], "alice@example.org");
	assert_null(foo->maintainers[1]);
	assert_string_equal(foo->reviewers[0], "rita@example.org");
	assert_string_equal(foo->lists[0], "linux-foofs@lists.example.net");
	assert_true(sl_maintainers_is_list(maint, "netdev@vger.kernel.org"));
	assert_true(sl_maintainers_is_list(maint, "bar-devel@bar.example.com"));
	assert_false(sl_maintainers_is_list(maint, "alice@example.org"));
	assert_true(sl_maintainers_is_kernel(maint));
}

static void test_glob_classes(void **state)
{
	static const char text[] =
		"DRM AB\nM:\tA B <ab@example.org>\nF:\tdrivers/gpu/[ab]*.c\n"
		"F:\tdrivers/gpu/x?z/\n\nNOT A KERNEL\nM:\tx@example.org\n";
	struct sl_maintainers *m = sl_maintainers_parse(text, strlen(text));
	const char *files[] = { "drivers/gpu/a1.c", NULL };
	g_autoptr(GPtrArray) all = sl_maintainers_for(m, files);
	const struct sl_maint_section *s;
	int depth;

	(void)state;
	assert_int_equal(all->len, 1);
	s = all->pdata[0];
	assert_true(sl_maint_section_match(s, "drivers/gpu/b.c", &depth));
	assert_int_equal(depth, 3);
	assert_false(sl_maint_section_match(s, "drivers/gpu/c.c", &depth));
	assert_false(sl_maint_section_match(s, "drivers/gpu/a/b.c", &depth));
	assert_true(sl_maint_section_match(s, "drivers/gpu/xyz/q/r.c", &depth));
	assert_int_equal(depth, 3);
	assert_false(sl_maintainers_is_kernel(m));
	sl_maintainers_free(m);
}

/* A format-patch body; %d is the hunk's line number. */
static const char patch_fmt[] =
	"Check the length.\n\n---\n fs/foo/inode.c | 2 +-\n\n"
	"diff --git a/fs/foo/inode.c b/fs/foo/inode.c\n"
	"index 1234567..89abcde 100644\n"
	"--- a/fs/foo/inode.c\n+++ b/fs/foo/inode.c\n"
	"@@ -%d,3 +%d,3 @@ static int foo(void)\n"
	" \tint a;\n-\tmemcpy(dst, src, len);\n"
	"+\tmemcpy(dst, src, min(len, sizeof(dst)));\n \treturn 0;\n"
	"-- \n2.39.5\n";
/* git patch-id --stable of it, whatever the line numbers. */
static const char patch_id[] = "804212190f90aef755d2ecfed566e65d2c30b45b";

static void test_patch_id(void **state)
{
	g_autofree char *at10 = g_strdup_printf(patch_fmt, 10, 10);
	g_autofree char *at42 = g_strdup_printf(patch_fmt, 42, 42);
	g_autoptr(GPtrArray) a = sl_patches_parse(at10);
	g_autoptr(GPtrArray) b = sl_patches_parse(at42);
	const struct sl_patch *p;

	(void)state;
	assert_int_equal(a->len, 1);
	assert_int_equal(b->len, 1);
	p = a->pdata[0];
	assert_string_equal(p->id, patch_id);
	assert_string_equal(((struct sl_patch *)b->pdata[0])->id, patch_id);
	assert_string_equal(p->files[0], "fs/foo/inode.c");
	assert_null(p->files[1]);
	assert_false(p->renames);
}

static void test_no_patch(void **state)
{
	g_autofree char *text = g_strdup_printf(patch_fmt, 10, 10);
	g_autofree char *quoted = NULL;
	g_autoptr(GPtrArray) none = sl_patches_parse("no diff here\n");
	g_autoptr(GPtrArray) q = NULL;
	g_autoptr(GPtrArray) mangled = sl_patches_parse(
		"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,9 +1,9 @@\n-a\n");
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);

	(void)state;
	assert_int_equal(none->len, 0);
	assert_int_equal(mangled->len, 0);
	quoted = g_strjoinv("\n> ", lines);
	q = sl_patches_parse(quoted);
	assert_int_equal(q->len, 0);
	assert_false(sl_text_has_patch("> diff --git a/x b/x\n"));
	assert_true(sl_text_has_patch("text\ndiff --git a/x b/x\n"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_directory_patterns),
		cmocka_unit_test(test_excludes),
		cmocka_unit_test(test_globs_count_slashes),
		cmocka_unit_test(test_pattern_depth_fallback),
		cmocka_unit_test(test_regex),
		cmocka_unit_test(test_entries),
		cmocka_unit_test(test_glob_classes),
		cmocka_unit_test(test_patch_id),
		cmocka_unit_test(test_no_patch),
	};
	g_autofree char *text = NULL;
	gsize len;
	int rc;

	if (argc != 2 || !g_file_get_contents(argv[1], &text, &len, NULL))
		return 2;
	maint = sl_maintainers_parse(text, len);
	git_libgit2_init();
	rc = cmocka_run_group_tests_name("repo", tests, NULL, NULL);
	git_libgit2_shutdown();
	sl_maintainers_free(maint);
	return rc;
}
