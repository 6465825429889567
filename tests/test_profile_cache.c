// SPDX-License-Identifier: GPL-2.0-only
/*
 * The policy's cache (lint/engine/policy.c): the policy from the cache says
 * what the policy read says (every list, role, address, glob and value),
 * an edit of policy.conf or of an address file it reads is seen by the
 * next load, an error is reported every time, a damaged or forged cache
 * is a miss or at least no crash.
 *
 * The profile as a table and its cache (lint/engine/profile-table.c):
 * every shipped profile loaded from the cache is the profile read (every
 * key of every group, every rule's severities and parameters); an edit of
 * a profile is seen by the next load, also one that keeps the file's size
 * and mtime; a cache that is damaged, forged, a symbolic link or
 * unwritable is a miss, and the profile is read.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "maint-cache.h"
#include "param.h"
#include "policy.h"
#include "profile-table.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"
#include "testlib.h"

/* Waits until every file under @dir is older than the racy window of
 * lint/repo/maint-cache.c (a fresh checkout or copy is not). */
static void wait_until_old(const char *dir)
{
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	gint64 newest = 0;
	const char *f;

	assert_non_null(d);
	while ((f = g_dir_read_name(d))) {
		g_autofree char *path = g_build_filename(dir, f, NULL);
		struct stat st;

		assert_int_equal(stat(path, &st), 0);
		newest = MAX(newest, MAX((gint64)st.st_mtime,
					 (gint64)st.st_ctime));
	}
	while (g_get_real_time() / G_USEC_PER_SEC <= newest + 2)
		g_usleep(G_USEC_PER_SEC / 10);
}

static struct sl_policy *load(const char *policy_path, const char *name,
			      const char *cache,
			      enum sl_profile_cache_status want)
{
	g_autoptr(GError) error = NULL;
	/* The policy itself read, not cached: the profile's cache alone. */
	g_autoptr(sl_policy) p = sl_policy_load_from(policy_path, NULL, NULL,
						     &error);
	enum sl_profile_cache_status st = SL_PROFILE_CACHE_HIT;

	assert_non_null(p);
	if (!sl_policy_load_profile_from(p, name, cache, &st, &error))
		fail_msg("%s: %s", name, error->message);
	if (st != want)
		fail_msg("profile %s: cache status %d, not %d", name, st,
			 want);
	return g_steal_pointer(&p);
}

/* The key files of @a and @b hold the same groups, keys and values. */
static void assert_same_keys(GKeyFile *a, GKeyFile *b, const char *name)
{
	g_auto(GStrv) ga = g_key_file_get_groups(a, NULL);
	g_auto(GStrv) gb = g_key_file_get_groups(b, NULL);

	assert_int_equal(g_strv_length(ga), g_strv_length(gb));
	for (guint g = 0; ga[g]; g++) {
		g_auto(GStrv) ka = g_key_file_get_keys(a, ga[g], NULL, NULL);
		g_auto(GStrv) kb = g_key_file_get_keys(b, gb[g], NULL, NULL);

		assert_string_equal(ga[g], gb[g]);
		assert_int_equal(g_strv_length(ka), g_strv_length(kb));
		for (guint k = 0; ka[k]; k++) {
			g_autofree char *va = g_key_file_get_value(a, ga[g],
								   ka[k], NULL);
			g_autofree char *vb = g_key_file_get_value(b, gb[g],
								   kb[k], NULL);
			g_autofree char *sa = g_key_file_get_string(
				a, ga[g], ka[k], NULL);
			g_autofree char *sb = g_key_file_get_string(
				b, gb[g], kb[k], NULL);

			assert_string_equal(ka[k], kb[k]);
			if (g_strcmp0(va, vb) || g_strcmp0(sa, sb))
				fail_msg("profile %s [%s] %s: '%s' read, '%s' "
					 "cached", name, ga[g], ka[k], va, vb);
		}
	}
}

/* @a and @b judge alike: levels, parameters, what sl_profile_get() says. */
static void assert_same_profile(const struct sl_policy *a,
				const struct sl_policy *b, const char *name)
{
	GKeyFile *ka = sl_profile_keys(a);
	g_auto(GStrv) groups = g_key_file_get_groups(ka, NULL);

	assert_same_keys(ka, sl_profile_keys(b), name);
	assert_memory_equal(a->rule_severity, b->rule_severity,
			    2 * sl_rules_count * sizeof(*a->rule_severity));
	for (size_t i = 0; i < sl_rules_count; i++) {
		const struct sl_rule *r = sl_rules[i];
		const struct sl_value *va = sl_policy_params(a, r);
		const struct sl_value *vb = sl_policy_params(b, r);

		for (size_t k = 0; r->params && r->params[k].key; k++) {
			g_autofree char *sa = sl_value_show(&r->params[k],
							    &va[k]);
			g_autofree char *sb = sl_value_show(&r->params[k],
							    &vb[k]);

			assert_int_equal(va[k].set, vb[k].set);
			if (g_strcmp0(sa, sb))
				fail_msg("profile %s, rule %s: %s=%s read, %s "
					 "cached", name, r->id,
					 r->params[k].key, sa, sb);
		}
	}
	for (char **g = groups; *g; g++) {
		g_auto(GStrv) keys = g_key_file_get_keys(ka, *g, NULL, NULL);

		for (char **k = keys; *k; k++) {
			g_autofree char *va = sl_profile_get(a, *g, *k);
			g_autofree char *vb = sl_profile_get(b, *g, *k);

			assert_string_equal(va ? va : "(none)",
					    vb ? vb : "(none)");
		}
	}
}

/* Every shipped profile: read, read and cached, from the cache. */
static void test_every_profile(void **state)
{
	g_autoptr(GPtrArray) names = sl_test_profile_names();
	g_autofree char *cache = g_dir_make_tmp("seclint-pc-XXXXXX", NULL);
	g_autofree char *dir = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	g_autofree char *profiles = g_build_filename(dir, "profiles", NULL);

	(void)state;
	wait_until_old(profiles);
	for (guint i = 0; i < names->len; i++) {
		const char *name = names->pdata[i];
		g_autoptr(sl_policy) read = load(SECLINT_SOURCE_POLICY, name,
						 NULL, SL_PROFILE_CACHE_NONE);
		g_autoptr(sl_policy) put = load(SECLINT_SOURCE_POLICY, name,
						cache, SL_PROFILE_CACHE_MISS);
		g_autoptr(sl_policy) got = load(SECLINT_SOURCE_POLICY, name,
						cache, SL_PROFILE_CACHE_HIT);

		/* From the cache, no key file is made until one is asked
		 * for. */
		assert_null(got->profile_keys);
		assert_same_profile(read, put, name);
		assert_same_profile(read, got, name);
	}
	g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", cache);
	assert_int_equal(system(cmd), 0);
}

/* A copy of rules/ (policy, profiles, what the policy reads), under @tmp. */
static char *copy_rules(const char *tmp)
{
	g_autofree char *dir = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	g_autofree char *cmd = g_strdup_printf(
		"cp -R '%s' '%s/rules'", dir, tmp);

	assert_int_equal(system(cmd), 0);
	return g_build_filename(tmp, "rules", "policy.conf", NULL);
}

/* Profile 2026-08 of @policy, loaded through @cache as @status says,
 * has rule @id at @level. */
static void expect_level(const char *policy, const char *cache,
			 enum sl_profile_cache_status status, const char *id,
			 enum sl_severity level)
{
	g_autoptr(sl_policy) p = load(policy, "2026-08", cache, status);

	assert_int_equal(p->rule_severity[2 * sl_rule_index(id)], level);
}

/* Replaces @from by @to (as long) in @path, keeping its inode and
 * setting its mtime to @mtime (NULL: now). */
static void edit_in_place(const char *path, const char *from, const char *to,
			  const struct timespec *mtime)
{
	g_autofree char *text = NULL;
	gsize len;
	char *at;
	int fd;

	assert_int_equal(strlen(from), strlen(to));
	assert_true(g_file_get_contents(path, &text, &len, NULL));
	at = strstr(text, from);
	assert_non_null(at);
	memcpy(at, to, strlen(to));
	fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	if (mtime) {
		struct timespec times[2] = { *mtime, *mtime };

		assert_int_equal(futimens(fd, times), 0);
	}
	assert_int_equal(close(fd), 0);
}

#define RULE "report-version-unstable"
#define OTHER "followup-headers-leak"	/* a warning, as 2026-05 says */

/*
 * An edit of the profile read is seen by the very next load: one made
 * long after the cache was written, one in the racy window, and one that
 * keeps the size and the mtime of the file the last load read.
 */
static void test_edits(void **state)
{
	g_autofree char *tmp = g_dir_make_tmp("seclint-pe-XXXXXX", NULL);
	g_autofree char *cache = g_build_filename(tmp, "cache", NULL);
	g_autofree char *policy = copy_rules(tmp);
	g_autofree char *profiles = g_build_filename(tmp, "rules", "profiles",
						     NULL);
	g_autofree char *leaf = g_build_filename(profiles, "2026-08.conf",
						 NULL);
	struct stat st;

	(void)state;
	assert_int_equal(g_mkdir(cache, 0700), 0);
	wait_until_old(profiles);
	expect_level(policy, cache, SL_PROFILE_CACHE_MISS, RULE, SL_SEV_ERROR);
	expect_level(policy, cache, SL_PROFILE_CACHE_HIT, RULE, SL_SEV_ERROR);

	/* In place, the mtime set back to what it was: the ctime moves. */
	assert_int_equal(stat(leaf, &st), 0);
	edit_in_place(leaf, "severity=error\nnote=e447",
		      "severity=info\n\nnote=e447", &st.st_mtim);
	expect_level(policy, cache, SL_PROFILE_CACHE_MISS, RULE, SL_SEV_INFO);
	/* Read within the racy window, it was not cached. */
	expect_level(policy, cache, SL_PROFILE_CACHE_MISS, RULE, SL_SEV_INFO);

	/* Again in the same window, same size, same mtime. */
	assert_int_equal(stat(leaf, &st), 0);
	edit_in_place(leaf, "severity=info\n\nnote=e447",
		      "severity=off\n\n\nnote=e447", &st.st_mtim);
	expect_level(policy, cache, SL_PROFILE_CACHE_MISS, RULE, SL_SEV_OFF);

	/* Once it is old, cached again, and then found. */
	wait_until_old(profiles);
	expect_level(policy, cache, SL_PROFILE_CACHE_MISS, RULE, SL_SEV_OFF);
	expect_level(policy, cache, SL_PROFILE_CACHE_HIT, RULE, SL_SEV_OFF);

	/* A profile it inherits from, replaced by a new file. */
	{
		g_autofree char *mid = g_build_filename(profiles,
							"2026-05.conf", NULL);
		g_autofree char *text = NULL;
		g_autofree char *more = NULL;

		assert_true(g_file_get_contents(mid, &text, NULL, NULL));
		expect_level(policy, cache, SL_PROFILE_CACHE_HIT, OTHER,
			     SL_SEV_WARNING);
		more = g_strconcat(text, "\n[rule " OTHER "]\n"
				   "severity=error\n", NULL);
		assert_int_equal(g_unlink(mid), 0);
		assert_true(g_file_set_contents(mid, more, -1, NULL));
		expect_level(policy, cache, SL_PROFILE_CACHE_MISS, OTHER,
			     SL_SEV_ERROR);
	}

	/* An error is read, and reported, every time. */
	edit_in_place(leaf, "severity=off\n\n\nnote=e447",
		      "severity=ofX\n\n\nnote=e447", NULL);
	for (int round = 0; round < 2; round++) {
		g_autoptr(GError) error = NULL;
		g_autoptr(sl_policy) bad = sl_policy_load_from(policy, NULL,
							       NULL, &error);

		assert_false(sl_policy_load_profile_from(bad, "2026-08", cache,
							 NULL, &error));
		assert_non_null(strstr(error->message,
				       "unknown severity 'ofX'"));
	}
	g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
	assert_int_equal(system(cmd), 0);
}

/* The one file of @cache/seclint. */
static char *cache_file(const char *cache)
{
	g_autofree char *dir = g_build_filename(cache, "seclint", NULL);
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	const char *f = d ? g_dir_read_name(d) : NULL;

	assert_non_null(f);
	return g_build_filename(dir, f, NULL);
}

/* @len bytes of @text as @path (g_file_set_contents() syncs: slow). */
static void put_file(const char *path, const char *text, gsize len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	assert_int_equal(close(fd), 0);
}

/* The header's checksum made right again after a change (offsets as in
 * profile-table.c): a forged cache, which only its checks stop. */
static void forge(guint8 *p, gsize len)
{
	guint64 sum;

	memset(p + 80, 0, 8);
	sum = sl_cache_checksum(sl_cache_checksum(0, p, 88), p + 88, len - 88);
	sum = GUINT64_TO_LE(sum);
	memcpy(p + 80, &sum, 8);
}

/* The length of the block at the end of the cache file @good (@len
 * bytes), as its header says. */
static gsize block_of(const char *good, gsize len)
{
	gsize block;

	memcpy(&block, good + 72, 8);
	block = GUINT64_FROM_LE(block);
	assert_true(block > 12 && block < len);
	return block;
}

/* @good (@len bytes, its block the last @block) written to @file with
 * byte @i changed: as damage, or (@forged) in the block with the checksum
 * made right again.  FALSE: not tried (a forged byte before the block). */
static gboolean put_changed(const char *file, const char *good, gsize len,
			    gsize block, gsize i, gboolean forged)
{
	g_autofree char *bad = NULL;

	if (forged && i < len - block)
		return FALSE;
	bad = g_memdup2(good, len);
	bad[i] ^= forged ? 0x40 : 0x01;
	if (forged)
		forge((guint8 *)bad, len);
	put_file(file, bad, len);
	return TRUE;
}

/* Damaged, forged, a link, not a file, not writable: a miss, and the
 * profile read. */
static void test_untrusted(void **state)
{
	g_autofree char *cache = g_dir_make_tmp("seclint-pu-XXXXXX", NULL);
	g_autofree char *dir = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	g_autofree char *profiles = g_build_filename(dir, "profiles", NULL);
	g_autoptr(sl_policy) read = NULL;
	g_autofree char *file = NULL;
	g_autofree char *good = NULL;
	g_autofree char *elsewhere = NULL;
	g_autofree char *after = NULL;
	gsize len, block;

	(void)state;
	wait_until_old(profiles);
	read = load(SECLINT_SOURCE_POLICY, "2026-08", NULL,
		    SL_PROFILE_CACHE_NONE);
	sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", cache,
			    SL_PROFILE_CACHE_MISS));
	file = cache_file(cache);
	assert_true(g_file_get_contents(file, &good, &len, NULL));
	/* Made only the user's: the send-email run's record may share it
	 * (lint/cli/runrecord.c). */
	{
		g_autofree char *sub = g_path_get_dirname(file);
		struct stat st;

		assert_int_equal(stat(sub, &st), 0);
		assert_int_equal(st.st_mode & 077, 0);
	}
	block = block_of(good, len);

	/* A byte changed, closer together at the start (the header, the
	 * files, then the block): as damage and, in the block, forged. */
	for (gsize i = 0; i < len; i += 1 + i / 8) {
		for (int forged = 0; forged < 2; forged++) {
			g_autoptr(sl_policy) p = NULL;
			g_autoptr(GError) error = NULL;
			enum sl_profile_cache_status st;

			if (!put_changed(file, good, len, block, i, forged))
				continue;
			p = sl_policy_load_from(SECLINT_SOURCE_POLICY, NULL,
						NULL, &error);
			/* A forged block may still be a table: no crash,
			 * whatever it says. */
			if (!sl_policy_load_profile_from(p, "2026-08", cache,
							 &st, &error) ||
			    forged)
				continue;
			assert_int_equal(st, SL_PROFILE_CACHE_MISS);
			assert_same_profile(read, p, "2026-08");
		}
	}
	/* Cut short, or empty. */
	for (gsize cut = 0; cut < len; cut += 1 + len / 16) {
		put_file(file, good, cut);
		sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", cache,
				    SL_PROFILE_CACHE_MISS));
	}

	/* A symbolic link to a good cache elsewhere: not followed, not
	 * written through. */
	elsewhere = g_build_filename(cache, "elsewhere", NULL);
	assert_true(g_file_set_contents(elsewhere, good, len, NULL));
	assert_int_equal(g_unlink(file), 0);
	assert_int_equal(symlink(elsewhere, file), 0);
	sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", cache,
			    SL_PROFILE_CACHE_MISS));
	assert_true(g_file_get_contents(elsewhere, &after, NULL, NULL));
	assert_memory_equal(after, good, len);
	/* The link was replaced by a file of the cache's own. */
	sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", cache,
			    SL_PROFILE_CACHE_HIT));

	/* A directory where the file would be. */
	assert_int_equal(g_unlink(file), 0);
	assert_int_equal(g_mkdir(file, 0700), 0);
	sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", cache,
			    SL_PROFILE_CACHE_MISS));
	assert_int_equal(g_rmdir(file), 0);

	/* seclint/ a link to another directory, or a file: nothing written
	 * there, nothing read. */
	{
		g_autofree char *sub = g_build_filename(cache, "seclint", NULL);
		g_autofree char *other = g_build_filename(cache, "other", NULL);
		g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", sub);
		g_autoptr(GDir) d = NULL;

		assert_int_equal(system(cmd), 0);
		assert_int_equal(g_mkdir(other, 0700), 0);
		assert_int_equal(symlink(other, sub), 0);
		sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", cache,
				    SL_PROFILE_CACHE_MISS));
		d = g_dir_open(other, 0, NULL);
		assert_non_null(d);
		assert_null(g_dir_read_name(d));
		assert_int_equal(g_unlink(sub), 0);
		assert_true(g_file_set_contents(sub, "", 0, NULL));
		sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", cache,
				    SL_PROFILE_CACHE_MISS));
		sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", cache,
				    SL_PROFILE_CACHE_MISS));
	}
	/* Another user's cache directory (sudo -E keeps $HOME): not
	 * written to (only root can make one here). */
	if (geteuid() == 0) {
		g_autofree char *theirs = g_build_filename(cache, "theirs",
							   NULL);
		g_autofree char *sub = g_build_filename(theirs, "seclint",
							NULL);

		assert_int_equal(g_mkdir(theirs, 0755), 0);
		assert_int_equal(chown(theirs, 65534, 65534), 0);
		sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", theirs,
				    SL_PROFILE_CACHE_MISS));
		assert_false(g_file_test(sub, G_FILE_TEST_EXISTS));
	}
	/* No cache directory at all. */
	{
		g_autofree char *none = g_build_filename(cache, "no", "such",
							 NULL);

		sl_policy_free(load(SECLINT_SOURCE_POLICY, "2026-08", none,
				    SL_PROFILE_CACHE_MISS));
	}
	g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", cache);
	assert_int_equal(system(cmd), 0);
}

/* ---- the policy's cache ---- */

static struct sl_policy *load_policy(const char *path, const char *cache,
				     enum sl_profile_cache_status want)
{
	g_autoptr(GError) error = NULL;
	enum sl_profile_cache_status st = SL_PROFILE_CACHE_HIT;
	struct sl_policy *p = sl_policy_load_from(path, cache, &st, &error);

	if (!p)
		fail_msg("%s: %s", path, error->message);
	if (st != want)
		fail_msg("policy %s: cache status %d, not %d", path, st, want);
	return p;
}

static const char *list_id(const struct sl_list *l)
{
	return l ? l->id : "(none)";
}

/* @addr is the same kind of recipient under @a and @b. */
static void assert_same_answers(const struct sl_policy *a,
				const struct sl_policy *b, const char *addr)
{
	assert_string_equal(list_id(sl_policy_find_list(a, addr)),
			    list_id(sl_policy_find_list(b, addr)));
	assert_int_equal(sl_policy_is_mailing_list(a, addr),
			 sl_policy_is_mailing_list(b, addr));
	assert_int_equal(sl_policy_is_public_list(a, addr),
			 sl_policy_is_public_list(b, addr));
	assert_int_equal(sl_policy_is_ai_agent(a, addr),
			 sl_policy_is_ai_agent(b, addr));
}

/* @a and @b say the same, by sl_policy_same() and by what the rules ask
 * them: every address either names, addresses the globs match or not,
 * the roles' addresses, and under the default profile every rule's
 * severities and parameters (the [role ID] values among them). */
static void assert_same_policy(struct sl_policy *a, struct sl_policy *b)
{
	static const char *const others[] = {
		"someone@example.com", "linux-usb@vger.kernel.org",
		"dev@lists.example.org", "x@y.lists.example.net",
		"noreply@anthropic.com", "1234+copilot@users.noreply.github.com",
		"fulldisclosure@seclists.org", "security@kernel.org",
	};
	g_autoptr(GError) error = NULL;

	assert_true(sl_policy_same(a, b));
	assert_true(sl_policy_same(b, a));
	for (guint i = 0; i < a->lists->len; i++) {
		const struct sl_list *l = a->lists->pdata[i];

		for (char **addr = l->addresses; *addr; addr++)
			assert_same_answers(a, b, *addr);
		for (char **role = l->roles; *role; role++)
			assert_string_equal(sl_policy_role_address(a, *role),
					    sl_policy_role_address(b, *role));
	}
	for (guint i = 0; i < a->list_addresses->len; i++) {
		assert_true(sl_policy_is_mailing_list(
			b, a->list_addresses->pdata[i]));
		assert_same_answers(a, b, a->list_addresses->pdata[i]);
	}
	for (gsize i = 0; i < G_N_ELEMENTS(others); i++)
		assert_same_answers(a, b, others[i]);
	for (char **p = a->agent_patterns; *p; p++)
		assert_same_answers(a, b, *p);
	if (!sl_policy_load_profile_from(a, SL_DEFAULT_PROFILE, NULL, NULL,
					 &error) ||
	    !sl_policy_load_profile_from(b, SL_DEFAULT_PROFILE, NULL, NULL,
					 &error))
		fail_msg("%s", error->message);
	assert_same_profile(a, b, SL_DEFAULT_PROFILE);
}

/* The shipped policy: read, read and cached, from the cache. */
static void test_policy(void **state)
{
	g_autofree char *cache = g_dir_make_tmp("seclint-py-XXXXXX", NULL);
	g_autofree char *dir = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	g_autoptr(sl_policy) read = NULL;
	g_autoptr(sl_policy) put = NULL;
	g_autoptr(sl_policy) got = NULL;

	(void)state;
	wait_until_old(dir);
	read = load_policy(SECLINT_SOURCE_POLICY, NULL, SL_PROFILE_CACHE_NONE);
	put = load_policy(SECLINT_SOURCE_POLICY, cache, SL_PROFILE_CACHE_MISS);
	got = load_policy(SECLINT_SOURCE_POLICY, cache, SL_PROFILE_CACHE_HIT);
	/* From the cache, policy.conf's values are a table, not a key
	 * file read again. */
	assert_null(got->keys);
	assert_non_null(got->key_table);
	assert_true(read->list_addresses->len > 200);
	assert_true(g_strv_length(read->agent_patterns) > 3);
	assert_same_policy(read, put);
	assert_same_policy(read, got);
	g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", cache);
	assert_int_equal(system(cmd), 0);
}

/* @to for @from (as long) in @file beside the policy at @path makes it
 * say otherwise, and sl_policy_same() sees it; then @from again. */
static void expect_differs(const char *path, const char *file,
			   const char *from, const char *to)
{
	g_autofree char *dir = g_path_get_dirname(path);
	g_autofree char *f = g_build_filename(dir, file, NULL);
	g_autoptr(sl_policy) before = load_policy(path, NULL,
						  SL_PROFILE_CACHE_NONE);
	g_autoptr(sl_policy) after = NULL;

	edit_in_place(f, from, to, NULL);
	after = load_policy(path, NULL, SL_PROFILE_CACHE_NONE);
	assert_false(sl_policy_same(before, after));
	edit_in_place(f, to, from, NULL);
}

/*
 * An edit of policy.conf or of its address file is seen by the next load,
 * also one that keeps the size and the mtime; an error is reported every
 * time; a policy.conf that names a key twice in a group is never cached;
 * and sl_policy_same() tells a list, a role's value and an address apart.
 */
static void test_policy_edits(void **state)
{
	g_autofree char *tmp = g_dir_make_tmp("seclint-pye-XXXXXX", NULL);
	g_autofree char *cache = g_build_filename(tmp, "cache", NULL);
	g_autofree char *policy = copy_rules(tmp);
	g_autofree char *rules = g_path_get_dirname(policy);
	g_autofree char *lists = g_build_filename(rules,
						  "maintainers-lists.txt",
						  NULL);
	struct stat st;

	(void)state;
	assert_int_equal(g_mkdir(cache, 0700), 0);
	expect_differs(policy, "policy.conf", "subject-tag=[vs]",
		       "subject-tag=[vx]");
	expect_differs(policy, "policy.conf", "visibility=public",
		       "visibility=closed");
	expect_differs(policy, "maintainers-lists.txt", "alsa-devel@",
		       "alsa-devxl@");
	/* A [role ID] value: only policy.conf's values tell. */
	expect_differs(policy, "policy.conf", "embargo-max-days=14",
		       "embargo-max-days=15");
	wait_until_old(rules);
	sl_policy_free(load_policy(policy, cache, SL_PROFILE_CACHE_MISS));
	{
		g_autoptr(sl_policy) b = load_policy(policy, cache,
						     SL_PROFILE_CACHE_HIT);

		assert_true(sl_policy_is_mailing_list(b,
					"alsa-devel@alsa-project.org"));
	}
	/* The address file in place, its mtime set back: the ctime moves. */
	assert_int_equal(stat(lists, &st), 0);
	edit_in_place(lists, "alsa-devel@", "alsa-devxl@", &st.st_mtim);
	{
		g_autoptr(sl_policy) p = load_policy(policy, cache,
						     SL_PROFILE_CACHE_MISS);

		assert_false(sl_policy_is_mailing_list(
			p, "alsa-devel@alsa-project.org"));
		assert_true(sl_policy_is_mailing_list(
			p, "alsa-devxl@alsa-project.org"));
	}
	/* policy.conf the same way, within the racy window. */
	assert_int_equal(stat(policy, &st), 0);
	edit_in_place(policy, "subject-tag=[vs]", "subject-tag=[vx]",
		      &st.st_mtim);
	{
		g_autoptr(sl_policy) p = load_policy(policy, cache,
						     SL_PROFILE_CACHE_MISS);
		guint vs = 0, vx = 0;

		/* Two lists had [vs]; the first was edited. */
		for (guint i = 0; i < p->lists->len; i++) {
			const struct sl_list *l = p->lists->pdata[i];

			vs += !g_strcmp0(l->subject_tag, "[vs]");
			vx += !g_strcmp0(l->subject_tag, "[vx]");
		}
		assert_int_equal(vs, 1);
		assert_int_equal(vx, 1);
	}
	/* Once old, cached again and found, as edited. */
	wait_until_old(rules);
	sl_policy_free(load_policy(policy, cache, SL_PROFILE_CACHE_MISS));
	{
		g_autoptr(sl_policy) read = load_policy(policy, NULL,
							SL_PROFILE_CACHE_NONE);
		g_autoptr(sl_policy) got = load_policy(policy, cache,
						       SL_PROFILE_CACHE_HIT);

		assert_same_policy(read, got);
	}
	/* An error, every time. */
	edit_in_place(policy, "[list oss-security]", "[lisX oss-security]",
		      NULL);
	for (int round = 0; round < 2; round++) {
		g_autoptr(GError) error = NULL;
		enum sl_profile_cache_status s;

		assert_null(sl_policy_load_from(policy, cache, &s, &error));
		assert_int_equal(s, SL_PROFILE_CACHE_MISS);
		assert_non_null(strstr(error->message,
				       "unknown group [lisX oss-security]"));
	}
	edit_in_place(policy, "[lisX oss-security]", "[list oss-security]",
		      NULL);
	/* A key twice in a group: read, never cached (the table would say
	 * it once). */
	{
		g_autofree char *text = NULL;
		g_autofree char *more = NULL;

		assert_true(g_file_get_contents(policy, &text, NULL, NULL));
		more = g_strconcat(text, "\n[role distros]\n"
				   "embargo-max-days=14\n"
				   "embargo-max-days=14\n", NULL);
		assert_int_equal(g_unlink(policy), 0);
		put_file(policy, more, strlen(more));
	}
	wait_until_old(rules);
	for (int round = 0; round < 2; round++) {
		g_autoptr(GError) error = NULL;
		enum sl_profile_cache_status s;
		g_autoptr(sl_policy) p = sl_policy_load_from(policy, cache, &s,
							     &error);

		if (!p)
			fail_msg("%s", error->message);
		assert_int_equal(s, SL_PROFILE_CACHE_MISS);
	}
	g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
	assert_int_equal(system(cmd), 0);
}

/* Damaged, forged or cut short: a miss (and the policy read), or at
 * least no crash. */
static void test_policy_untrusted(void **state)
{
	g_autofree char *cache = g_dir_make_tmp("seclint-pyu-XXXXXX", NULL);
	g_autofree char *dir = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	g_autoptr(sl_policy) read = NULL;
	g_autofree char *file = NULL;
	g_autofree char *good = NULL;
	gsize len, block;
	guint forged_read = 0;

	(void)state;
	wait_until_old(dir);
	read = load_policy(SECLINT_SOURCE_POLICY, NULL, SL_PROFILE_CACHE_NONE);
	sl_policy_free(load_policy(SECLINT_SOURCE_POLICY, cache,
				   SL_PROFILE_CACHE_MISS));
	file = cache_file(cache);
	assert_non_null(strstr(file, "/policy-"));
	assert_true(g_file_get_contents(file, &good, &len, NULL));
	block = block_of(good, len);
	for (gsize i = 0; i < len; i += 1 + i / 16) {
		for (int forged = 0; forged < 2; forged++) {
			g_autoptr(sl_policy) p = NULL;
			g_autoptr(GError) error = NULL;
			enum sl_profile_cache_status st;

			if (!put_changed(file, good, len, block, i, forged))
				continue;
			p = sl_policy_load_from(SECLINT_SOURCE_POLICY, cache,
						&st, &error);
			assert_non_null(p);
			if (forged) {
				/* Whatever it says, it is whole. */
				forged_read += st == SL_PROFILE_CACHE_HIT;
				sl_policy_free(g_steal_pointer(&p));
				continue;
			}
			assert_int_equal(st, SL_PROFILE_CACHE_MISS);
			assert_true(sl_policy_same(read, p));
		}
	}
	/* Some forged blocks are a policy still (a changed letter of an
	 * address), others not: both kinds were tried. */
	assert_true(forged_read > 0);
	/* A string that is no UTF-8 (the last letter of the last string:
	 * the block ends with the strings), which GKeyFile never lets
	 * through: a miss. */
	{
		g_autofree char *bad = g_memdup2(good, len);
		g_autoptr(sl_policy) p = NULL;

		assert_int_equal(bad[len - 1], '\0');
		assert_true(g_ascii_isalpha(bad[len - 2]));
		bad[len - 2] = (char)0xff;
		forge((guint8 *)bad, len);
		put_file(file, bad, len);
		p = load_policy(SECLINT_SOURCE_POLICY, cache,
				SL_PROFILE_CACHE_MISS);
		assert_true(sl_policy_same(read, p));
	}
	for (gsize cut = 0; cut < len; cut += 1 + len / 16) {
		put_file(file, good, cut);
		sl_policy_free(load_policy(SECLINT_SOURCE_POLICY, cache,
					   SL_PROFILE_CACHE_MISS));
	}
	g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", cache);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_profile),
		cmocka_unit_test(test_edits),
		cmocka_unit_test(test_untrusted),
		cmocka_unit_test(test_policy),
		cmocka_unit_test(test_policy_edits),
		cmocka_unit_test(test_policy_untrusted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
