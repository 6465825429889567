// SPDX-License-Identifier: GPL-2.0-only
/*
 * The caches behind the engine (lint/util/regex.c, the severity table and
 * the parameters of lint/engine/profile.c, what the policy says of a
 * message's recipients) answer as the uncached lookups do, also when an
 * address or a policy is reused for something else; so do the policy's
 * lookups of list addresses (lint/engine/policy.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <string.h>

#include <glib/gstdio.h>

#include "address.h"
#include "message.h"
#include "policy.h"
#include "regex-cache.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

static const char *const profiles[] = {
	"v3-proposal", "2023-06", "2023-10", "2024-02", "2026-05",
};

/* A pattern built at run time, then another one at the same address. */
static void test_regex_address_reused(void **state)
{
	char pattern[16];

	(void)state;
	strcpy(pattern, "^abc$");
	assert_true(sl_regex_match_simple(pattern, "abc", 0, 0));
	strcpy(pattern, "^xyz$");
	assert_true(sl_regex_match_simple(pattern, "xyz", 0, 0));
	assert_false(sl_regex_match_simple(pattern, "abc", 0, 0));
	assert_true(sl_regex_match_simple(pattern, "XYZ", G_REGEX_CASELESS,
					  0));
	assert_false(sl_regex_match_simple(pattern, "XYZ", 0, 0));
}

/* A writable array of the program: rewritten, it is another pattern. */
static char writable_pattern[16] = "^abc$";

/* A string constant is known by its address alone; the same pattern at
 * another address (on the heap, in writable data changed in between)
 * still finds what it says. */
static void test_regex_constant_and_copies(void **state)
{
	static const char constant[] = "^abc$";
	g_autofree char *copy = g_strdup(constant);

	(void)state;
	for (int round = 0; round < 2; round++) {
		assert_true(sl_regex_test(constant, 0, "abc"));
		assert_false(sl_regex_test(constant, 0, "xyz"));
		assert_true(sl_regex_test(copy, 0, "abc"));
		strcpy(writable_pattern, "^abc$");
		assert_true(sl_regex_test(writable_pattern, 0, "abc"));
		strcpy(writable_pattern, "^xyz$");
		assert_true(sl_regex_test(writable_pattern, 0, "xyz"));
		assert_false(sl_regex_test(writable_pattern, 0, "abc"));
		assert_int_equal(sl_regex_count(constant, G_REGEX_CASELESS,
						"ABC"), 1);
		copy[1] = 'x';
		copy[2] = 'y';
		copy[3] = 'z';
		assert_true(sl_regex_test(copy, 0, "xyz"));
		assert_true(sl_regex_test(constant, 0, "abc"));
		strcpy(copy, constant);
	}
}

static void assert_table(const struct sl_policy *policy)
{
	for (size_t i = 0; i < sl_rules_count; i++)
		for (int f = 0; f < 2; f++)
			assert_int_equal(policy->rule_severity[2 * i + f],
					 sl_policy_rule_severity(policy,
								 sl_rules[i],
								 f));
}

/*
 * The table, filled from one pass over the profile's groups, against the
 * lookups of each rule by name: every profile, site overrides, groups
 * without a level, a rule off with a follow-up level, and no profile.
 */
static void test_severity_table(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) bare = sl_policy_load(SECLINT_SOURCE_POLICY,
						   &error);

	(void)state;
	for (size_t p = 0; p < G_N_ELEMENTS(profiles); p++) {
		g_autoptr(sl_policy) policy = sl_policy_open(
			SECLINT_SOURCE_POLICY, profiles[p], &error);
		GKeyFile *kf;
		enum sl_severity too_long;

		assert_non_null(policy);
		assert_table(policy);
		too_long = policy->rule_severity[2 * sl_rule_index(
							 "report-too-long")];
		kf = sl_profile_keys(policy);
		g_key_file_set_value(kf, "rule report-too-long", "note", "n");
		g_key_file_set_value(kf, "rule report-html", "severity", "off");
		g_key_file_set_value(kf, "rule report-html",
				     "followup-severity", "error");
		g_key_file_set_value(kf, "rule report-attachment", "severity",
				     "info");
		g_key_file_set_value(kf, "rule report-attachment",
				     "followup-severity", "no level");
		g_key_file_remove_group(kf, "rule oss-crosspost", NULL);
		g_key_file_set_value(kf, "rule no-such-rule", "severity",
				     "error");
		g_hash_table_insert(policy->severity,
				    g_strdup("ksec-with-linux-distros"),
				    GINT_TO_POINTER(SL_SEV_OFF + 1));
		g_hash_table_insert(policy->severity,
				    g_strdup("report-missing-version"),
				    GINT_TO_POINTER(SL_SEV_ERROR + 1));
		sl_policy_profile_changed(policy);
		sl_policy_update_severities(policy);
		assert_table(policy);
		/* A note alone changes no level; a group without a level
		 * (no profile file loads with one) is off. */
		assert_int_equal(policy->rule_severity[2 * sl_rule_index(
						   "report-too-long")],
				 too_long);
		assert_int_equal(policy->rule_severity[2 * sl_rule_index(
						   "report-html") + 1],
				 SL_SEV_OFF);
		assert_int_equal(policy->rule_severity[2 * sl_rule_index(
						   "report-attachment") + 1],
				 SL_SEV_INFO);
		assert_int_equal(policy->rule_severity[2 * sl_rule_index(
						   "ksec-with-linux-distros") + 1],
				 SL_SEV_OFF);
	}
	assert_non_null(bare);
	assert_null(bare->table);
	/* policy.conf alone has no table: each rule is looked up. */
	assert_null(bare->rule_severity);
	sl_policy_update_severities(bare);
	assert_table(bare);
	g_hash_table_insert(bare->severity, g_strdup("report-html"),
			    GINT_TO_POINTER(SL_SEV_INFO + 1));
	sl_policy_update_severities(bare);
	assert_table(bare);
	assert_int_equal(bare->rule_severity[2 * sl_rule_index("report-html")],
			 SL_SEV_INFO);
}

/*
 * The addresses of [mailing-lists] files, kept sorted for a binary search:
 * a sorted file, an unsorted one with addresses to normalise, and every
 * address of the real one.
 */
static void test_list_files(void **state)
{
	static const char conf[] =
		"[mailing-lists]\n"
		"files=sorted.txt;unsorted.txt\n";
	static const char sorted[] =
		"# sorted\n"
		"b-list@example.org\n"
		"\n"
		"m-list@example.org\n"
		"x-list@example.org\n";
	static const char unsorted[] =
		"  z-list@Example.ORG.\r\n"
		"\"quoted\"@example.org\n"
		"# a-list@example.org\n"
		"c-list@example.org\n"
		"a-list@example.org";
	static const char *const lists[] = {
		"b-list@example.org", "m-list@example.org",
		"x-list@example.org", "z-list@example.org",
		"quoted@example.org", "c-list@example.org",
		"a-list@example.org",
	};
	static const char *const others[] = {
		"", "a@example.org", "b-list@example.net", "d-list@example.org",
		"n-list@example.org", "zz-list@example.org",
		"\"quoted\"@example.org", "z-list@example.org.",
		"# sorted",
	};
	g_autoptr(GError) error = NULL;
	g_autofree char *dir = g_dir_make_tmp("seclint-XXXXXX", &error);
	g_autofree char *path = g_build_filename(dir, "policy.conf", NULL);
	g_autofree char *s = g_build_filename(dir, "sorted.txt", NULL);
	g_autofree char *u = g_build_filename(dir, "unsorted.txt", NULL);
	g_autofree char *rules = NULL;
	g_autofree char *maintainers = NULL;
	g_autofree char *text = NULL;
	g_auto(GStrv) lines = NULL;
	g_autoptr(sl_policy) policy = NULL;
	g_autoptr(sl_policy) source = NULL;

	(void)state;
	assert_true(g_file_set_contents(path, conf, -1, &error));
	assert_true(g_file_set_contents(s, sorted, -1, &error));
	assert_true(g_file_set_contents(u, unsorted, -1, &error));
	policy = sl_policy_load(path, &error);
	assert_non_null(policy);
	for (size_t i = 0; i < G_N_ELEMENTS(lists); i++)
		assert_true(sl_policy_is_mailing_list(policy, lists[i]));
	for (size_t i = 0; i < G_N_ELEMENTS(others); i++)
		assert_false(sl_policy_is_mailing_list(policy, others[i]));
	g_unlink(path);
	g_unlink(s);
	g_unlink(u);
	g_rmdir(dir);

	source = sl_policy_load(SECLINT_SOURCE_POLICY, &error);
	assert_non_null(source);
	rules = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	maintainers = g_build_filename(rules, "maintainers-lists.txt", NULL);
	assert_true(g_file_get_contents(maintainers, &text, NULL, &error));
	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l; l++)
		if (**l && **l != '#')
			assert_true(sl_policy_is_mailing_list(source, *l));
	assert_false(sl_policy_is_mailing_list(source, "nobody@example.org"));
}

static void write_profile(const char *dir, const char *name, const char *text)
{
	g_autofree char *file = g_strconcat(name, ".conf", NULL);
	g_autofree char *path = g_build_filename(dir, file, NULL);

	assert_true(g_file_set_contents(path, text, -1, NULL));
}

static char *profile_value(GKeyFile *kf, const char *group, const char *key)
{
	return g_key_file_get_value(kf, group, key, NULL);
}

/*
 * A chain of profiles, each file's keys read once: what the resolved
 * profile keeps of each file ([profile] the leaf's own, in its place
 * among the groups), which empty values drop a key, and the errors of
 * levels as written and unescaped.
 */
/* A profile of @groups after a valid [profile] group, written to @path, is
 * refused with an error that says @message. */
static void expect_refused(const char *path, const char *groups,
			   const char *message)
{
	g_autofree char *text = g_strconcat(
		"[profile]\ndocument=d\nrevision=b\n", groups, NULL);
	g_autoptr(GError) error = NULL;

	assert_true(g_file_set_contents(path, text, -1, NULL));
	assert_null(sl_profile_read(path, &error));
	if (!strstr(error->message, message))
		fail_msg("'%s' does not say '%s'", error->message, message);
}

static void test_profile_chain(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *dir = g_dir_make_tmp("seclint-XXXXXX", &error);
	g_autofree char *leaf = g_build_filename(dir, "leaf.conf", NULL);
	g_autofree char *bad = g_build_filename(dir, "bad.conf", NULL);
	g_autoptr(GKeyFile) kf = NULL;
	g_auto(GStrv) groups = NULL;
	g_auto(GStrv) keys = NULL;
	g_autofree char *v = NULL;
	static const char *const order[] = {
		"rule report-html", "rule report-attachment",
		"rule oss-crosspost", "rule report-too-long",
		"rule report-markdown-rst", "profile", "rule report-missing-version",
		NULL,
	};

	(void)state;
	write_profile(dir, "root",
		      "[profile]\ndocument=r\nrevision=root\nextra=x\n"
		      "[rule report-html]\nseverity=error\nnote=root\n"
		      "fix-advice=\n"
		      "[rule report-attachment]\nseverity=warning\nnote=\n"
		      "[rule oss-crosspost]\nseverity=error\n"
		      "[rule report-too-long]\n");
	write_profile(dir, "mid",
		      "[profile]\ninherit=root\ndocument=m\nrevision=mid\n"
		      "onlymid=1\n"
		      "[rule report-html]\nnote=\n"
		      "[rule report-attachment]\nnote=mid\n"
		      "[rule report-markdown-rst]\nseverity=\n"
		      "[rule oss-crosspost]\n");
	write_profile(dir, "leaf",
		      "[profile]\ninherit=mid\ndocument=l\nrevision=leaf\n"
		      "summary=\n"
		      "[rule report-html]\nnote=leaf\nseverity=\n"
		      "[rule report-attachment]\nnote=\nnote=again\n"
		      "[rule report-missing-version]\nnote=\n"
		      "[rule oss-crosspost]\nfollowup-severity=info\n");
	kf = sl_profile_read(leaf, &error);
	assert_non_null(kf);
	groups = g_key_file_get_groups(kf, NULL);
	assert_int_equal(g_strv_length(groups), g_strv_length((char **)order));
	for (size_t i = 0; order[i]; i++)
		assert_string_equal(groups[i], order[i]);
	keys = g_key_file_get_keys(kf, "profile", NULL, NULL);
	assert_int_equal(g_strv_length(keys), 3);	/* the leaf's own */
	assert_false(g_key_file_has_key(kf, "profile", "onlymid", NULL));
	assert_false(g_key_file_has_key(kf, "profile", "extra", NULL));
	assert_false(g_key_file_has_key(kf, "profile", "summary", NULL));
	v = profile_value(kf, "rule report-html", "note");
	assert_string_equal(v, "leaf");
	g_clear_pointer(&v, g_free);
	assert_false(g_key_file_has_key(kf, "rule report-html", "severity",
					NULL));
	assert_false(g_key_file_has_key(kf, "rule report-html", "fix-advice",
					NULL));
	/* A key given twice in one file: the later value. */
	v = profile_value(kf, "rule report-attachment", "note");
	assert_string_equal(v, "again");
	g_clear_pointer(&v, g_free);
	/* A group with only empty values is there, without them. */
	assert_true(g_key_file_has_group(kf, "rule report-missing-version"));
	assert_false(g_key_file_has_key(kf, "rule report-missing-version",
					"note", NULL));
	assert_false(g_key_file_has_key(kf, "rule report-markdown-rst",
					"severity", NULL));
	v = profile_value(kf, "rule oss-crosspost", "severity");
	assert_string_equal(v, "error");
	g_clear_pointer(&v, g_free);

	/* Levels: the first bad one (severity before follow-ups) named as
	 * GKeyFile unescapes it, an empty one accepted. */
	expect_refused(bad,
		       "[rule report-html]\nfollowup-severity=f\n"
		       "severity=a\\sb\n",
		       "[rule report-html] severity: unknown severity 'a b'");
	expect_refused(bad,
		       "[rule report-html]\nseverity=\\q\n"
		       "followup-severity=\n",
		       "severity: unknown severity '\\q'");
	assert_true(g_file_set_contents(bad,
		"[profile]\ndocument=d\nrevision=b\n"
		"[rule report-html]\nseverity=\nfollowup-severity=error\n",
		-1, NULL));
	g_clear_pointer(&kf, g_key_file_unref);
	kf = sl_profile_read(bad, &error);
	assert_non_null(kf);
	expect_refused(bad,
		       "[rule report-html]\nseverity=info\n"
		       "followup-severity=bad\n",
		       "followup-severity: unknown severity 'bad'");
	for (const char *const *n = (const char *const[]){ "root", "mid",
							   "leaf", "bad",
							   NULL };
	     *n; n++) {
		g_autofree char *file = g_strconcat(*n, ".conf", NULL);
		g_autofree char *path = g_build_filename(dir, file, NULL);

		g_unlink(path);
	}
	g_rmdir(dir);
}

#define ID "ksec-embargo-too-long"

/* The parameters are read once, again after a change, and required. */
static void test_parameter_changes(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) policy = sl_policy_open(SECLINT_SOURCE_POLICY,
						     NULL, &error);
	struct sl_check c = { 0 };

	(void)state;
	assert_non_null(policy);
	c.policy = policy;
	c.rule = sl_rule_find(ID);
	c.params = sl_policy_params(policy, c.rule);
	assert_int_equal(sl_param_days(&c, "max-days"), 14);
	g_key_file_set_value(sl_profile_keys(policy), "rule " ID, "max-days",
			     "99");
	sl_policy_profile_changed(policy);
	assert_int_equal(sl_param_days(&c, "max-days"), 14);
	assert_true(sl_policy_resolve_params(policy, &error));
	c.params = sl_policy_params(policy, c.rule);
	assert_int_equal(sl_param_days(&c, "max-days"), 99);

	/* From the policy's [role distros], not the profile. */
	c.rule = sl_rule_find("distros-long-embargo-request");
	g_key_file_set_value(sl_policy_keys(policy), "role distros",
			     "embargo-max-days", "21");
	assert_true(sl_policy_resolve_params(policy, &error));
	c.params = sl_policy_params(policy, c.rule);
	assert_int_equal(sl_param_days(&c, "embargo-max-days"), 21);

	/* Missing or no number: an error that names rule, group and key. */
	g_key_file_remove_key(sl_profile_keys(policy), "rule " ID, "max-days",
			      NULL);
	sl_policy_profile_changed(policy);
	assert_false(sl_policy_resolve_params(policy, &error));
	assert_non_null(strstr(error->message, "rule " ID " is in force"));
	assert_non_null(strstr(error->message, "has no [rule " ID "] max-days"));
	g_clear_error(&error);
	g_key_file_set_value(sl_profile_keys(policy), "rule " ID, "max-days",
			     "9x");
	sl_policy_profile_changed(policy);
	assert_false(sl_policy_resolve_params(policy, &error));
	assert_non_null(strstr(error->message, "max-days=9x is no integer"));
	g_clear_error(&error);

	/* A rule that is off needs none. */
	g_hash_table_insert(policy->severity, g_strdup(ID),
			    GINT_TO_POINTER(SL_SEV_OFF + 1));
	sl_policy_update_severities(policy);
	assert_true(sl_policy_resolve_params(policy, &error));
}

/* sl_policy_recipients() of @msg says what the uncached lookups say. */
static void assert_recipients_as_looked_up(const struct sl_policy *policy,
					   const struct sl_message *msg)
{
	const struct sl_recipient_kind *k = sl_policy_recipients(policy, msg);

	for (guint i = 0; i < msg->recipients->len; i++) {
		const struct sl_address *a = msg->recipients->pdata[i];

		assert_ptr_equal(k[i].list,
				 sl_policy_find_list(policy, a->addr));
		assert_int_equal(k[i].mailing_list,
				 sl_policy_is_mailing_list(policy, a->addr));
		assert_int_equal(k[i].public_list,
				 sl_policy_is_public_list(policy, a->addr));
	}
}

static struct sl_policy *open_policy(void)
{
	g_autoptr(GError) error = NULL;
	struct sl_policy *policy =
		sl_policy_open(SECLINT_SOURCE_POLICY, NULL, &error);

	assert_non_null(policy);
	return policy;
}

/* Kept with the message: asked again after a recipient was added, and by
 * another policy, perhaps at the freed one's address. */
static void test_recipients_seen(void **state)
{
	g_autoptr(sl_message) msg = sl_message_new();
	struct sl_policy *policy = open_policy();
	const struct sl_recipient_kind *k;
	struct sl_list *ksec;

	(void)state;
	assert_true(sl_address_add_header(
		msg->recipients, "To",
		"security@kernel.org, someone@example.org, "
		"linux-usb@vger.kernel.org, oss-security@lists.openwall.com",
		NULL));
	assert_recipients_as_looked_up(policy, msg);
	k = sl_policy_recipients(policy, msg);
	assert_non_null(k[0].list);
	assert_false(k[0].public_list);
	assert_null(k[1].list);
	assert_false(k[1].mailing_list);
	assert_true(k[2].mailing_list && k[2].public_list);
	assert_true(k[3].public_list);
	/* The same answer when asked again, and a new one for an added
	 * recipient (the command line's come after the digest). */
	assert_ptr_equal(sl_policy_recipients(policy, msg), k);
	assert_true(sl_address_add_header(msg->recipients, "Cc",
					  "linux-distros@vs.openwall.org",
					  NULL));
	assert_recipients_as_looked_up(policy, msg);
	assert_non_null(sl_policy_recipients(policy, msg)[4].list);
	sl_policy_free(policy);

	/* Another policy, where security@ is public: asked anew. */
	policy = open_policy();
	ksec = (struct sl_list *)sl_policy_find_list(policy,
						     "security@kernel.org");
	assert_non_null(ksec);
	ksec->public = TRUE;
	assert_recipients_as_looked_up(policy, msg);
	assert_true(sl_policy_recipients(policy, msg)[0].public_list);
	sl_policy_free(policy);
}

/*
 * The answers kept per thread (a slot each, chosen by the address's
 * hash): more addresses than slots, so that many share one, long ones
 * that no slot holds, the same again in another order, and another
 * policy's answers for them.
 */
static void test_recipients_kept(void **state)
{
	static const char *const lists[] = {
		"security@kernel.org", "linux-usb@vger.kernel.org",
		"oss-security@lists.openwall.com",
		"linux-distros@vs.openwall.org", "netdev@vger.kernel.org",
	};
	g_autoptr(GPtrArray) addrs = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GString) to = g_string_new(NULL);
	g_autoptr(GString) cc = g_string_new(NULL);
	g_autoptr(sl_message) first = sl_message_new();
	g_autoptr(sl_message) again = sl_message_new();
	struct sl_policy *policy = open_policy();

	(void)state;
	for (guint i = 0; i < 3000; i++) {
		/* as long as each other: the answer is in the address */
		const char *host = i % 3 ? "vger.kernel.net" : "vger.kernel.org";

		if (i % 7 == 0)
			g_ptr_array_add(addrs, g_strdup(
				lists[i % G_N_ELEMENTS(lists)]));
		else if (i % 11 == 0)	/* longer than a slot's key */
			g_ptr_array_add(addrs, g_strdup_printf(
				"a-rather-long-name-for-a-list-%u-of-"
				"patches@%s", i, host));
		else
			g_ptr_array_add(addrs, g_strdup_printf("p%u@%s", i,
							       host));
	}
	/* and in the other order: each asked after others took its slot */
	for (guint i = 0; i < addrs->len; i++) {
		g_string_append_printf(to, "%s%s", i ? ", " : "",
				       (char *)addrs->pdata[i]);
		g_string_append_printf(cc, "%s%s", i ? ", " : "",
				       (char *)addrs->pdata[addrs->len - 1 - i]);
	}
	assert_true(sl_address_add_header(first->recipients, "To", to->str,
					  NULL));
	assert_true(sl_address_add_header(again->recipients, "Cc", cc->str,
					  NULL));
	assert_int_equal(first->recipients->len, 3000);
	assert_int_equal(again->recipients->len, 3000);
	assert_recipients_as_looked_up(policy, first);
	assert_recipients_as_looked_up(policy, again);
	assert_recipients_as_looked_up(policy, first);
	sl_policy_free(policy);

	/* Another policy: no answer of the first is taken for its own. */
	policy = open_policy();
	((struct sl_list *)sl_policy_find_list(policy, "security@kernel.org"))
		->public = TRUE;
	assert_recipients_as_looked_up(policy, again);
	assert_true(sl_policy_recipients(policy, again)[2999].public_list);
	sl_policy_free(policy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regex_address_reused),
		cmocka_unit_test(test_regex_constant_and_copies),
		cmocka_unit_test(test_severity_table),
		cmocka_unit_test(test_list_files),
		cmocka_unit_test(test_profile_chain),
		cmocka_unit_test(test_parameter_changes),
		cmocka_unit_test(test_recipients_seen),
		cmocka_unit_test(test_recipients_kept),
	};

	g_mime_init();	/* the address parser */
	return cmocka_run_group_tests(tests, NULL, NULL);
}
