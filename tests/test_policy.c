// SPDX-License-Identifier: GPL-2.0-only
/*
 * The list data of the shipped policy, pattern by pattern: each host
 * pattern of [mailing-lists] has an address here that it, and nothing
 * else of the policy (no other pattern, no address of the list files),
 * makes a public mailing list.  A pattern removed, or one added without
 * such an address, fails.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <glib/gstdio.h>
#include <string.h>

#include "policy.h"

/* What each pattern is there for: lists a report must not reach. */
static const struct {
	const char *pattern;
	const char *address;
} pinned[] = {
	{ "*@vger.kernel.org", "linux-hotplug@vger.kernel.org" },
	{ "*@listserv.*", "linux-l@listserv.example.edu" },
	{ "*@*.listserv.*", "kernel@home.listserv.example.org" },
	{ "*@yahoogroups.com", "linux-kernel-dev@yahoogroups.com" },
	{ "bugtraq@securityfocus.com", "bugtraq@securityfocus.com" },
	{ "*@googlegroups.com", "syzkaller-bugs@googlegroups.com" },
	{ "*@lists.*", "ksummit@lists.linux.dev" },
	{ "*@*.lists.*", "dev@mailman.lists.example.org" },
	{ "*@nongnu.org", "grub-devel@nongnu.org" },
	{ "*@freelists.org", "kernel-list@freelists.org" },
	{ "*@groups.io", "linux-sandbox@groups.io" },
	{ "*@sourceware.org", "libc-alpha@sourceware.org" },
	{ "fulldisclosure@seclists.org", "fulldisclosure@seclists.org" },
};

static struct sl_policy *shipped;

static gboolean in_table(const char *pattern)
{
	for (gsize i = 0; i < G_N_ELEMENTS(pinned); i++)
		if (!strcmp(pinned[i].pattern, pattern))
			return TRUE;
	return FALSE;
}

/* The patterns of the shipped policy are those of the table. */
static void test_every_pattern_pinned(void **state)
{
	guint n = 0;

	(void)state;
	for (char **p = shipped->list_patterns; *p; p++, n++)
		if (!in_table(*p))
			fail_msg("the pattern '%s' has no address in "
				 "tests/test_policy.c", *p);
	for (gsize i = 0; i < G_N_ELEMENTS(pinned); i++)
		if (!g_strv_contains((const char *const *)shipped->list_patterns,
				     pinned[i].pattern))
			fail_msg("'%s' is no pattern of the policy any more "
				 "(%s would be a person)", pinned[i].pattern,
				 pinned[i].address);
	assert_int_equal(n, G_N_ELEMENTS(pinned));
}

/* The policy @kf holds, saved to a file and loaded. */
static struct sl_policy *policy_from(GKeyFile *kf)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *tmpdir = g_dir_make_tmp("seclint-policy-XXXXXX",
						 NULL);
	g_autofree char *path = g_build_filename(tmpdir, "policy.conf", NULL);
	struct sl_policy *policy;

	assert_true(g_key_file_save_to_file(kf, path, NULL));
	policy = sl_policy_load(path, &error);
	if (!policy)
		fail_msg("%s", error->message);
	g_unlink(path);
	g_rmdir(tmpdir);
	return policy;
}

/* The shipped policy less @pattern, its list files named by full path. */
static struct sl_policy *policy_without(const char *pattern)
{
	g_autoptr(GKeyFile) kf = g_key_file_new();
	g_autofree char *dir = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	g_autofree char *files = g_build_filename(dir, "maintainers-lists.txt",
						  NULL);
	g_autoptr(GPtrArray) kept = g_ptr_array_new();

	assert_true(g_key_file_load_from_file(kf, SECLINT_SOURCE_POLICY,
					      G_KEY_FILE_KEEP_COMMENTS, NULL));
	for (char **p = shipped->list_patterns; *p; p++)
		if (strcmp(*p, pattern))
			g_ptr_array_add(kept, *p);
	g_key_file_set_string_list(kf, "mailing-lists", "patterns",
				   (const char *const *)kept->pdata, kept->len);
	g_key_file_set_string(kf, "mailing-lists", "files", files);
	return policy_from(kf);
}

/* Each address is a public list by its pattern, and by nothing else. */
static void test_each_pattern_needed(void **state)
{
	(void)state;
	for (gsize i = 0; i < G_N_ELEMENTS(pinned); i++) {
		g_autoptr(sl_policy) less = policy_without(pinned[i].pattern);

		if (!sl_policy_is_public_list(shipped, pinned[i].address))
			fail_msg("%s is no public list", pinned[i].address);
		if (sl_policy_is_mailing_list(less, pinned[i].address))
			fail_msg("%s is a list without '%s' too: pin the "
				 "pattern with an address only it matches",
				 pinned[i].address, pinned[i].pattern);
	}
}

/* A policy of @patterns alone (no list files). */
static struct sl_policy *policy_of(const char *const *patterns, gsize n)
{
	g_autoptr(GKeyFile) kf = g_key_file_new();

	g_key_file_set_string_list(kf, "mailing-lists", "patterns", patterns,
				   n);
	return policy_from(kf);
}

/*
 * The globs are tried only on addresses that hold what they must (their
 * literal head, tail and longest middle): the answers are GLib's own for
 * hostile patterns and addresses (wildcards at the ends, '?' against
 * UTF-8, overlapping head and tail), and with
 * SECLINT_CHECK_LITERALS=1 (main()) each glob ruled out is matched all
 * the same, a match aborting.
 */
static void test_globs_as_glib(void **state)
{
	static const char *const patterns[] = {
		"*@vger.kernel.org", "*@*.lists.*", "a*a", "?", "x?y@z",
		"*", "exact@host.org", "**@??.io", "*mid*le*", "pre*",
		"*suf", "\xc3\xa9*@\xc3\xa9.org", "*?@?", "*@lists.*",
	};
	/* Valid UTF-8: seclint refuses a message with other addresses, and
	 * GLib's glob asserts on them (g_utf8_strreverse()). */
	static const char *const addrs[] = {
		"", "a", "aa", "aba", "linux-usb@vger.kernel.org",
		"vger.kernel.org", "@vger.kernel.org", "x@vger.kernel.orgx",
		"x@a.lists.b", "x@lists.b", "x@.lists.", "xay@z", "x\xc3\xa9y@z",
		"xy@z", "exact@host.org", "exact@host.orgx", "u@ab.io",
		"u@\xc3\xa9.io", "u@a.io", "midle", "middle", "mid-le",
		"prefix", "pr", "has-suf", "suf", "\xc3\xa9x@\xc3\xa9.org",
		"x@y", "@", "\xf0\x9f\x98\x80@vger.kernel.org",
		"x@vger.kernel.or\xc3\xa9", "\xc3\xa9",
	};

	(void)state;
	for (gsize i = 0; i < G_N_ELEMENTS(patterns); i++) {
		g_autoptr(sl_policy) one = policy_of(&patterns[i], 1);
		g_autoptr(GPatternSpec) spec = g_pattern_spec_new(patterns[i]);

		for (gsize j = 0; j < G_N_ELEMENTS(addrs); j++)
			if (sl_policy_is_mailing_list(one, addrs[j]) !=
			    g_pattern_spec_match_string(spec, addrs[j]))
				fail_msg("'%s' against '%s' differs from GLib",
					 patterns[i], addrs[j]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_pattern_pinned),
		cmocka_unit_test(test_each_pattern_needed),
		cmocka_unit_test(test_globs_as_glib),
	};
	g_autoptr(GError) error = NULL;
	int rc;

	g_setenv("SECLINT_CHECK_LITERALS", "1", TRUE);
	shipped = sl_policy_load(SECLINT_SOURCE_POLICY, &error);
	if (!shipped) {
		g_printerr("%s\n", error->message);
		return 2;
	}
	rc = cmocka_run_group_tests_name("policy", tests, NULL, NULL);
	sl_policy_free(shipped);
	return rc;
}
