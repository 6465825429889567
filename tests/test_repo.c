// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_repo MAINTAINERS: the MAINTAINERS matcher (get_maintainer.pl's
 * rules, on the fixture tests/repo/MAINTAINERS), its index and the cache
 * of it under the git directory, and the patch-ids of patches in message
 * bodies.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <git2.h>

#include "maint-cache.h"
#include "maintainers.h"
#include "patch.h"
#include "repo.h"

static struct sl_maintainers *maint;
static char *maint_text;
static gsize maint_len;

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


/* Everything the rules ask of @m, as one string to compare. */
static char *fingerprint(const struct sl_maintainers *m)
{
	static const char *const files[] = {
		"fs/foo/inode.c", "fs/foo/dir/deep.c", "net/bar/proto.c",
		"fs/foo/legacy/old.c", "net/bluetooth/hci.c", "fs/namei.c",
		"include/net/bar_proto.h", "net/core/dev.c", "Makefile",
		"drivers/misc/quux_core.c", "drivers/misc/other.c",
	};
	static const char *const addrs[] = {
		"netdev@vger.kernel.org", "bar-devel@bar.example.com",
		"linux-foofs@lists.example.net", "alice@example.org",
		"other-list@example.org", "",
	};
	GString *out = g_string_new(sl_maintainers_is_kernel(m) ? "K" : "-");

	for (gsize i = 0; i < G_N_ELEMENTS(files); i++) {
		const char *one[] = { files[i], NULL };
		g_autoptr(GPtrArray) s = sl_maintainers_for(m, one);

		g_string_append_printf(out, "\n%s:", files[i]);
		for (guint k = 0; k < s->len; k++) {
			const struct sl_maint_section *sec = s->pdata[k];
			g_autofree char *who = g_strjoinv(",", sec->maintainers);
			g_autofree char *rev = g_strjoinv(",", sec->reviewers);
			g_autofree char *lists = g_strjoinv(",", sec->lists);

			g_string_append_printf(out, " [%s|%s|%s|%s]", sec->name,
					       who, rev, lists);
		}
	}
	for (gsize i = 0; i < G_N_ELEMENTS(addrs); i++)
		g_string_append_printf(out, " %d",
				       sl_maintainers_is_list(m, addrs[i]));
	return g_string_free(out, FALSE);
}

/* Load @index (perhaps damaged); what loads must answer without harm,
 * the buckets of sl_maintainers_for() too. */
static void load_any(GBytes *index)
{
	static const char *const files[] = { "net/core/dev.c", "a", "", NULL };
	g_autoptr(sl_maintainers) m = sl_maintainers_load(index);
	g_autofree char *fp = m ? fingerprint(m) : NULL;
	g_autoptr(GPtrArray) sections = m ? sl_maintainers_for(m, files)
					  : NULL;

	(void)fp;
	(void)sections;
}

static void test_index_damaged(void **state)
{
	g_autoptr(GBytes) index = sl_maintainers_index(maint_text, maint_len);
	gsize len;
	const guint8 *data = g_bytes_get_data(index, &len);
	g_autofree guint8 *copy = g_memdup2(data, len);
	g_autoptr(sl_maintainers) again = sl_maintainers_load(index);
	g_autofree char *want = fingerprint(maint);
	g_autofree char *got = fingerprint(again);

	(void)state;
	assert_string_equal(got, want);
	for (gsize cut = 0; cut < len; cut++) {
		g_autoptr(GBytes) part = g_bytes_new(data, cut);

		assert_null(sl_maintainers_load(part));
	}
	for (gsize i = 0; i < len; i++) {
		static const guint8 masks[] = { 0x01, 0x80, 0xff };

		for (gsize k = 0; k < G_N_ELEMENTS(masks); k++) {
			g_autoptr(GBytes) bad = NULL;

			copy[i] ^= masks[k];
			bad = g_bytes_new(copy, len);
			load_any(bad);
			copy[i] ^= masks[k];
		}
	}
	/* Counts near 2^32: refused before anything is allocated. */
	for (gsize w = 0; w < 6; w++) {
		g_autoptr(GBytes) bad = NULL;

		memset(copy + 4 * w, 0xff, 4);
		bad = g_bytes_new(copy, len);
		assert_null(sl_maintainers_load(bad));
		memcpy(copy + 4 * w, data + 4 * w, 4);
	}
}

/* A scratch repository with the fixture as its work tree's MAINTAINERS. */
static char *scratch_repo(void)
{
	g_autofree char *dir = g_dir_make_tmp("seclint-repo-XXXXXX", NULL);
	g_autofree char *file = g_build_filename(dir, "MAINTAINERS", NULL);
	char *argv[] = { "git", "init", "-q", dir, NULL };
	gint status = -1;

	assert_non_null(dir);
	assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH,
				 NULL, NULL, NULL, NULL, &status, NULL));
	assert_int_equal(status, 0);
	assert_true(g_file_set_contents(file, maint_text, (gssize)maint_len,
					NULL));
	return g_steal_pointer(&dir);
}

static void remove_tree(const char *path)
{
	g_autofree char *cmd = NULL;
	g_autofree char *quoted = g_shell_quote(path);

	cmd = g_strdup_printf("rm -rf %s", quoted);
	assert_int_equal(system(cmd), 0);
}

/* What a new sl_repo of @dir finds in MAINTAINERS. */
static char *repo_fingerprint(const char *dir)
{
	g_autoptr(sl_repo) r = sl_repo_new(dir);
	const struct sl_maintainers *m = sl_repo_maintainers(r);

	return m ? fingerprint(m) : g_strdup("(none)");
}

static GBytes *cached(const char *dir, struct sl_maint_key *key)
{
	g_autofree char *gitdir = g_build_filename(dir, ".git", NULL);

	return sl_maint_cache_read(gitdir, key);
}

static const char other[] =
	"OTHER\nM:\to@example.org\nL:\tother-list@example.org\nF:\t*\n";

static void test_cache_used(void **state)
{
	g_autofree char *dir = scratch_repo();
	g_autofree char *gitdir = g_build_filename(dir, ".git", NULL);
	g_autofree char *file = g_build_filename(dir, "MAINTAINERS", NULL);
	g_autofree char *want = fingerprint(maint);
	g_autofree char *first = repo_fingerprint(dir);
	g_autofree char *second = NULL, *swapped = NULL, *changed = NULL;
	g_autoptr(sl_maintainers) om = sl_maintainers_parse(other,
							    strlen(other));
	g_autofree char *other_fp = fingerprint(om);
	g_autoptr(GBytes) index = NULL;
	g_autoptr(GBytes) oi = sl_maintainers_index(other, strlen(other));
	g_autoptr(GBytes) after = NULL;
	struct sl_maint_key key;

	(void)state;
	assert_string_equal(first, want);
	index = cached(dir, &key);
	assert_non_null(index);
	assert_int_equal(strlen(key.oid), 40);
	second = repo_fingerprint(dir);
	assert_string_equal(second, want);
	/* Another index under this file's key is believed: it is read. */
	sl_maint_cache_write(gitdir, &key, oi);
	swapped = repo_fingerprint(dir);
	assert_string_equal(swapped, other_fp);
	/* A changed file has another blob id: parsed, and cached anew. */
	assert_true(g_file_set_contents(file, other, -1, NULL));
	sl_maint_cache_write(gitdir, &key, index);
	changed = repo_fingerprint(dir);
	assert_string_equal(changed, other_fp);
	after = cached(dir, &key);
	assert_non_null(after);
	assert_true(g_bytes_equal(after, oi));
	remove_tree(dir);
}

/* Damaged or hostile cache files: ignored, and written anew. */
static void test_cache_damaged(void **state)
{
	g_autofree char *dir = scratch_repo();
	g_autofree char *gitdir = g_build_filename(dir, ".git", NULL);
	g_autofree char *path = g_build_filename(gitdir, "seclint",
						 "maintainers", NULL);
	g_autofree char *want = fingerprint(maint);
	g_autofree char *first = repo_fingerprint(dir);
	g_autofree char *good = NULL;
	gsize len;
	struct sl_maint_key key;
	g_autoptr(GBytes) index = cached(dir, &key);
	g_autoptr(GBytes) hostile = NULL;
	guint8 *raw;
	const gsize at[] = { 0, 8, 20, 60, 200, 500 };

	(void)state;
	assert_string_equal(first, want);
	assert_true(g_file_get_contents(path, &good, &len, NULL));
	for (gsize i = 0; i < G_N_ELEMENTS(at) + 3; i++) {
		g_autofree char *bad = g_memdup2(good, len);
		gsize bad_len = len;
		g_autofree char *got = NULL;
		g_autoptr(GBytes) again = NULL;
		struct sl_maint_key k;

		if (i < G_N_ELEMENTS(at))
			bad[at[i]] ^= 0x20;	/* magic, format, version,
						 * key, checksum, payload */
		else
			bad_len = (gsize[]){ 0, 100, len - 1 }[i -
				G_N_ELEMENTS(at)];
		assert_true(g_file_set_contents(path, bad, (gssize)bad_len,
						NULL));
		got = repo_fingerprint(dir);
		assert_string_equal(got, want);
		again = cached(dir, &k);
		assert_non_null(again);
		assert_true(g_bytes_equal(again, index));
	}
	/* Whole and well summed, but an index that does not add up. */
	raw = g_memdup2(g_bytes_get_data(index, NULL), g_bytes_get_size(index));
	memset(raw + 4, 0x7f, 4);
	hostile = g_bytes_new_take(raw, g_bytes_get_size(index));
	sl_maint_cache_write(gitdir, &key, hostile);
	{
		g_autofree char *got = repo_fingerprint(dir);

		assert_string_equal(got, want);
	}
	/* Not a regular file: a FIFO is neither waited on nor trusted. */
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkfifo(path, 0600), 0);
	{
		g_autofree char *got = repo_fingerprint(dir);

		assert_string_equal(got, want);
	}
	remove_tree(dir);
}

/* Where the cache cannot be written: no cache, the same answers. */
static void test_cache_unwritable(void **state)
{
	g_autofree char *dir = scratch_repo();
	g_autofree char *outside = g_dir_make_tmp("seclint-out-XXXXXX", NULL);
	g_autofree char *seclint = g_build_filename(dir, ".git", "seclint",
						    NULL);
	g_autofree char *want = fingerprint(maint);
	g_autofree char *got = NULL, *linked = NULL;
	struct sl_maint_key key;
	GDir *d;

	(void)state;
	assert_true(g_file_set_contents(seclint, "not a directory", -1, NULL));
	got = repo_fingerprint(dir);
	assert_string_equal(got, want);
	assert_null(cached(dir, &key));
	/* A symbolic link out of the git directory is not followed. */
	assert_int_equal(unlink(seclint), 0);
	assert_int_equal(symlink(outside, seclint), 0);
	linked = repo_fingerprint(dir);
	assert_string_equal(linked, want);
	d = g_dir_open(outside, 0, NULL);
	assert_null(g_dir_read_name(d));
	g_dir_close(d);
	/* Nor is a link in its place: neither read nor written through. */
	{
		g_autofree char *target = g_build_filename(outside, "file",
							   NULL);
		g_autofree char *cache = g_build_filename(seclint,
							  "maintainers", NULL);
		g_autofree char *again = NULL, *kept = NULL;
		struct stat st;

		assert_int_equal(unlink(seclint), 0);
		assert_int_equal(mkdir(seclint, 0755), 0);
		assert_true(g_file_set_contents(target, "x", -1, NULL));
		assert_int_equal(symlink(target, cache), 0);
		again = repo_fingerprint(dir);
		assert_string_equal(again, want);
		assert_true(g_file_get_contents(target, &kept, NULL, NULL));
		assert_string_equal(kept, "x");
		assert_int_equal(lstat(cache, &st), 0);
		assert_true(S_ISREG(st.st_mode));
	}
	remove_tree(dir);
	remove_tree(outside);
}

/* The stat data stand for the content only where they are exact. */
static void test_cache_stat_key(void **state)
{
	g_autofree char *dir = scratch_repo();
	g_autofree char *file = g_build_filename(dir, "MAINTAINERS", NULL);
	struct sl_maint_key key = { .has_stat = FALSE };
	struct stat st;
	gsize len;
	g_autofree char *text = sl_maint_read_file(file, &len, &key);
	g_autofree char *longer = g_strconcat(maint_text, "\n", NULL);

	char *argv[] = { "git", "hash-object", file, NULL };
	g_autofree char *git_says = NULL;
	char oid[SL_MAINT_OID_SIZE];

	(void)state;
	/* The blob ids git gives. */
	sl_maint_blob_id("", 0, oid);
	assert_string_equal(oid, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
	assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL,
				 NULL, &git_says, NULL, NULL, NULL));
	sl_maint_blob_id(maint_text, maint_len, oid);
	assert_string_equal(oid, g_strstrip(git_says));
	assert_non_null(text);
	assert_int_equal(len, maint_len);
	/* Just written: racily clean, so not taken as the content's key. */
	assert_false(key.has_stat);
	assert_false(sl_maint_key_same_file(&key, file));
	assert_int_equal(stat(file, &st), 0);
	sl_maint_key_set_stat(&key, &st, st.st_mtime + 3);
	assert_true(key.has_stat);
	assert_true(sl_maint_key_same_file(&key, file));
	assert_true(g_file_set_contents(file, longer, -1, NULL));
	assert_false(sl_maint_key_same_file(&key, file));
	remove_tree(dir);
}

/* Write @n bytes at @at of @path in place, its mtime kept. */
static void poke_in_place(const char *path, gsize at, const void *bytes,
			  gsize n)
{
	struct stat st;
	struct timespec times[2];
	int fd = open(path, O_WRONLY);

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	assert_int_equal(pwrite(fd, bytes, n, (off_t)at), (ssize_t)n);
	times[0] = st.st_atim;
	times[1] = st.st_mtim;
	assert_int_equal(futimens(fd, times), 0);
	assert_int_equal(close(fd), 0);
}

/* Put @len bytes at @path as a new file of @model's size and mtime. */
static void replace_alike(const char *path, const char *bytes, gsize len,
			  const struct stat *model)
{
	g_autofree char *temp = g_strconcat(path, ".new", NULL);
	struct timespec times[2] = { model->st_atim, model->st_mtim };

	assert_true(g_file_set_contents(temp, bytes, (gssize)len, NULL));
	assert_int_equal(utimensat(AT_FDCWD, temp, times, 0), 0);
	assert_int_equal(rename(temp, path), 0);
}

/* The cache read as if @late seconds from now; NULL: not usable. */
static GBytes *cached_at(const char *gitdir, gint64 late,
			 gboolean *recorded)
{
	struct sl_maint_key key;

	return sl_maint_cache_read_at(gitdir, &key,
		g_get_real_time() / G_USEC_PER_SEC + late, recorded);
}

/* A scratch repository, its cache and the record of its sum. */
struct cache_repo {
	char *dir, *gitdir, *path, *ok;
};

static void cache_repo_init(struct cache_repo *c)
{
	c->dir = scratch_repo();
	c->gitdir = g_build_filename(c->dir, ".git", NULL);
	c->path = g_build_filename(c->gitdir, "seclint", "maintainers", NULL);
	c->ok = g_strconcat(c->path, ".ok", NULL);
}

static void cache_repo_clear(struct cache_repo *c)
{
	remove_tree(c->dir);
	g_free(c->dir);
	g_free(c->gitdir);
	g_free(c->path);
	g_free(c->ok);
}

/*
 * The record that the cache was summed: made only for a file older than
 * the racy window, believed only for the very file (a write in place with
 * the mtime set back, a file of the same size and mtime renamed over it,
 * a damaged record: all summed again, and a damaged cache refused).
 */
static void test_cache_record(void **state)
{
	struct cache_repo c;
	g_autofree char *want = fingerprint(maint);
	g_autofree char *first = NULL;
	g_autofree char *good = NULL, *record = NULL;
	gsize len, record_len;
	gboolean recorded = TRUE;
	g_autoptr(GBytes) index = NULL;
	struct stat st;
	const guint8 flip = 0x5a;

	(void)state;
	cache_repo_init(&c);
	first = repo_fingerprint(c.dir);
	assert_string_equal(first, want);
	assert_true(g_file_get_contents(c.path, &good, &len, NULL));
	/* Just written: summed, and not recorded. */
	index = cached_at(c.gitdir, 0, &recorded);
	assert_non_null(index);
	assert_false(recorded);
	assert_false(g_file_test(c.ok, G_FILE_TEST_EXISTS));
	/* Older than the window: recorded, then believed. */
	for (int i = 0; i < 2; i++) {
		g_autoptr(GBytes) again = cached_at(c.gitdir, 10, &recorded);

		assert_non_null(again);
		assert_true(g_bytes_equal(again, index));
		assert_int_equal(recorded, i == 1);
	}
	assert_true(g_file_get_contents(c.ok, &record, &record_len, NULL));
	/* A byte of the index changed in place, the mtime set back. */
	assert_int_equal(stat(c.path, &st), 0);
	poke_in_place(c.path, len - 2, &flip, 1);
	assert_null(cached_at(c.gitdir, 10, &recorded));
	assert_false(recorded);
	{
		g_autofree char *got = repo_fingerprint(c.dir);

		assert_string_equal(got, want);
	}
	/* Another file of the same size and mtime renamed over it. */
	for (int i = 0; i < 2; i++) {
		g_autoptr(GBytes) again = cached_at(c.gitdir, 10, &recorded);

		assert_non_null(again);
		assert_int_equal(recorded, i == 1);
	}
	assert_int_equal(stat(c.path, &st), 0);
	{
		g_autofree char *bad = g_memdup2(good, len);

		bad[len - 2] ^= flip;
		replace_alike(c.path, bad, len, &st);
	}
	assert_null(cached_at(c.gitdir, 10, &recorded));
	assert_false(recorded);
	/* Truncated in place, the mtime set back. */
	assert_int_equal(truncate(c.path, (off_t)len - 8), 0);
	{
		struct timespec times[2] = { st.st_atim, st.st_mtim };

		assert_int_equal(utimensat(AT_FDCWD, c.path, times, 0), 0);
	}
	assert_null(cached_at(c.gitdir, 10, &recorded));
	assert_false(recorded);
	/* The good file back, recorded; then the record damaged, cut
	 * short, another file's, or no file at all: the cache is summed. */
	assert_true(g_file_set_contents(c.path, good, (gssize)len, NULL));
	{
		g_autoptr(GBytes) a = cached_at(c.gitdir, 10, &recorded);
		g_autoptr(GBytes) b = cached_at(c.gitdir, 10, &recorded);

		assert_non_null(a);
		assert_non_null(b);
		assert_true(recorded);
	}
	g_free(record);
	assert_true(g_file_get_contents(c.ok, &record, &record_len, NULL));
	for (int i = 0; i < 4; i++) {
		g_autofree char *bad = g_memdup2(record, record_len);
		gsize bad_len = record_len;
		g_autoptr(GBytes) again = NULL;

		if (i < 3)
			bad[(gsize[]){ 0, 16, record_len - 1 }[i]] ^= 1;
		else
			bad_len--;
		assert_true(g_file_set_contents(c.ok, bad, (gssize)bad_len,
						NULL));
		again = cached_at(c.gitdir, 0, &recorded);
		assert_non_null(again);
		assert_false(recorded);
	}
	assert_int_equal(unlink(c.ok), 0);
	assert_int_equal(mkfifo(c.ok, 0600), 0);
	{
		g_autoptr(GBytes) again = cached_at(c.gitdir, 0, &recorded);

		assert_non_null(again);
		assert_false(recorded);
	}
	cache_repo_clear(&c);
}

/* The child of test_cache_record_checked(): read the cache of the git
 * directory @gitdir under SECLINT_CHECK_MAINTAINERS=1. */
static int check_child(const char *gitdir)
{
	struct sl_maint_key key;
	gboolean recorded;
	g_autoptr(GBytes) index = NULL;

	g_setenv("SECLINT_CHECK_MAINTAINERS", "1", TRUE);
	index = sl_maint_cache_read_at(gitdir, &key,
		g_get_real_time() / G_USEC_PER_SEC + 10, &recorded);
	return index ? 0 : 1;
}

/*
 * What the record cannot see, damage that leaves the stat data alone
 * (here: a record forged for the damaged file): believed, the price of
 * not summing; SECLINT_CHECK_MAINTAINERS=1 sums it anyway, and aborts.
 */
static void test_cache_record_checked(void **state)
{
	struct cache_repo c;
	g_autofree char *first = NULL;
	g_autofree char *record = NULL;
	gsize len, record_len;
	gboolean recorded = FALSE;
	struct sl_maint_key now = { .has_stat = FALSE };
	struct stat st;
	const guint8 flip = 0x5a;
	g_autofree char *self = g_file_read_link("/proc/self/exe", NULL);
	char *argv[] = { self, "--check-child", NULL, NULL };
	gint status = 0;

	(void)state;
	cache_repo_init(&c);
	first = repo_fingerprint(c.dir);
	assert_non_null(first);
	for (int i = 0; i < 2; i++) {
		g_autoptr(GBytes) index = cached_at(c.gitdir, 10, &recorded);

		assert_non_null(index);
	}
	assert_true(recorded);
	assert_true(g_file_get_contents(c.ok, &record, &record_len, NULL));
	assert_int_equal(stat(c.path, &st), 0);
	len = (gsize)st.st_size;
	poke_in_place(c.path, len - 2, &flip, 1);
	assert_int_equal(stat(c.path, &st), 0);
	sl_maint_key_set_stat(&now, &st, G_MAXINT64);
	for (int w = 0; w < SL_MAINT_STAT_WORDS; w++) {
		guint64 le = GUINT64_TO_LE(now.st[w]);

		memcpy(record + 8 + 8 * w, &le, 8);
	}
	assert_true(g_file_set_contents(c.ok, record, (gssize)record_len,
					NULL));
	/* Believed, unless this run is itself checked. */
	if (g_strcmp0(g_getenv("SECLINT_CHECK_MAINTAINERS"), "1")) {
		g_autoptr(GBytes) index = cached_at(c.gitdir, 10, &recorded);

		assert_non_null(index);
		assert_true(recorded);
	}
	assert_non_null(self);
	argv[2] = c.gitdir;
	assert_true(g_spawn_sync(NULL, argv, NULL,
				 G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
				 NULL, NULL, &status, NULL));
	assert_true(WIFSIGNALED(status));
	/* Without the forged record: summed, and refused. */
	assert_int_equal(unlink(c.ok), 0);
	assert_true(g_spawn_sync(NULL, argv, NULL,
				 G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
				 NULL, NULL, &status, NULL));
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 1);
	cache_repo_clear(&c);
}

/* MAINTAINERS changed in place within the racy window, its size and
 * mtime kept: the change is seen. */
static void test_maintainers_racy_edit(void **state)
{
	g_autofree char *dir = scratch_repo();
	g_autofree char *file = g_build_filename(dir, "MAINTAINERS", NULL);
	g_autofree char *want = fingerprint(maint);
	g_autofree char *first = repo_fingerprint(dir);
	g_autofree char *second = NULL, *third = NULL, *padded = NULL;
	g_autoptr(sl_maintainers) om = NULL;
	g_autofree char *other_fp = NULL;

	(void)state;
	assert_string_equal(first, want);
	/* The other text, padded with blank lines to the same size. */
	assert_true(maint_len > strlen(other));
	padded = g_strnfill(maint_len, '\n');
	memcpy(padded, other, strlen(other));
	om = sl_maintainers_parse(padded, maint_len);
	other_fp = fingerprint(om);
	poke_in_place(file, 0, padded, maint_len);
	second = repo_fingerprint(dir);
	assert_string_equal(second, other_fp);
	/* And back, the same way. */
	poke_in_place(file, 0, maint_text, maint_len);
	third = repo_fingerprint(dir);
	assert_string_equal(third, want);
	remove_tree(dir);
}

/* Does libgit2 find a repository from the environment, here? */
static gboolean libgit2_finds(void)
{
	git_repository *git = NULL;
	int rc = git_repository_open_ext(&git, NULL,
					 GIT_REPOSITORY_OPEN_FROM_ENV, NULL);

	git_repository_free(git);
	return rc == 0;
}

/* Does a directory above @dir hold ".git" or "HEAD" (the test's own
 * look, to know what to expect of the scratch directory's parents)? */
static gboolean above_may_hold(const char *dir)
{
	g_autofree char *d = g_path_get_dirname(dir);

	for (;;) {
		g_autofree char *git = g_build_filename(d, ".git", NULL);
		g_autofree char *head = g_build_filename(d, "HEAD", NULL);
		char *up;

		if (g_file_test(git, G_FILE_TEST_EXISTS) ||
		    g_file_test(head, G_FILE_TEST_EXISTS))
			return TRUE;
		if (!strcmp(d, "/"))
			return FALSE;
		up = g_path_get_dirname(d);
		g_free(d);
		d = up;
	}
}

/* sl_repo_may_find() in @dir: as expected, and never no where libgit2
 * finds a repository. */
static void expect_may_find(const char *dir, gboolean want)
{
	gboolean may;

	assert_int_equal(chdir(dir), 0);
	may = sl_repo_may_find();
	if (may != want)
		fail_msg("%s: sl_repo_may_find() %d", dir, may);
	if (!may && libgit2_finds())
		fail_msg("%s: libgit2 finds a repository", dir);
}

/* Outside any repository libgit2 is not even started; anywhere it could
 * find one, it is asked. */
static void test_may_find(void **state)
{
	g_autofree char *dir = g_dir_make_tmp("seclint-find-XXXXXX", NULL);
	g_autofree char *deep = g_build_filename(dir, "a", "b", NULL);
	g_autofree char *git = g_build_filename(dir, ".git", NULL);
	g_autofree char *head = g_build_filename(dir, "a", "HEAD", NULL);
	g_autofree char *was = g_get_current_dir();
	gboolean above;

	(void)state;
	assert_non_null(dir);
	assert_int_equal(g_mkdir_with_parents(deep, 0700), 0);
	above = above_may_hold(dir);
	expect_may_find(deep, above);
	expect_may_find(dir, above);
	/* GIT_DIR, set even to nothing: libgit2's to judge. */
	g_setenv("GIT_DIR", "", TRUE);
	expect_may_find(deep, TRUE);
	g_unsetenv("GIT_DIR");
	/* A bare repository's HEAD, then a gitfile, then a repository. */
	assert_true(g_file_set_contents(head, "ref: refs/heads/m\n", -1,
					NULL));
	expect_may_find(deep, TRUE);
	expect_may_find(dir, above);
	assert_int_equal(unlink(head), 0);
	assert_true(g_file_set_contents(git, "gitdir: /nonexistent\n", -1,
					NULL));
	expect_may_find(deep, TRUE);
	assert_int_equal(unlink(git), 0);
	assert_int_equal(chdir(was), 0);
	remove_tree(dir);
	g_free(dir);
	dir = scratch_repo();
	g_free(deep);
	deep = g_build_filename(dir, "a", "b", NULL);
	assert_int_equal(g_mkdir_with_parents(deep, 0700), 0);
	expect_may_find(deep, TRUE);
	assert_true(libgit2_finds());
	assert_int_equal(chdir(was), 0);
	remove_tree(dir);
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
		cmocka_unit_test(test_index_damaged),
		cmocka_unit_test(test_cache_used),
		cmocka_unit_test(test_cache_damaged),
		cmocka_unit_test(test_cache_unwritable),
		cmocka_unit_test(test_cache_stat_key),
		cmocka_unit_test(test_cache_record),
		cmocka_unit_test(test_cache_record_checked),
		cmocka_unit_test(test_maintainers_racy_edit),
		cmocka_unit_test(test_may_find),
	};
	int rc;

	if (argc == 3 && !strcmp(argv[1], "--check-child"))
		return check_child(argv[2]);
	if (argc != 2 ||
	    !g_file_get_contents(argv[1], &maint_text, &maint_len, NULL))
		return 2;
	maint = sl_maintainers_parse(maint_text, maint_len);
	git_libgit2_init();
	rc = cmocka_run_group_tests_name("repo", tests, NULL, NULL);
	git_libgit2_shutdown();
	sl_maintainers_free(maint);
	g_free(maint_text);
	return rc;
}
