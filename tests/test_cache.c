// SPDX-License-Identifier: GPL-2.0-only
/*
 * The caches behind the engine (lint/util/regex.c, the severity table and the
 * parameter slots of lint/engine/profile.c) answer as the uncached lookups do,
 * also when an address or a policy is reused for something else.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "seclint.h"

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

static void test_severity_table(void **state)
{
	(void)state;
	for (size_t p = 0; p < G_N_ELEMENTS(profiles); p++) {
		g_autoptr(GError) error = NULL;
		g_autoptr(sl_policy) policy = sl_policy_open(
			SECLINT_SOURCE_POLICY, profiles[p], &error);

		assert_non_null(policy);
		for (size_t i = 0; i < sl_rules_count; i++)
			for (int f = 0; f < 2; f++)
				assert_int_equal(policy->rule_severity[2 * i + f],
						 sl_policy_rule_severity(
							 policy, sl_rules[i], f));
	}
}

#define ID "distros-embargo-over-14-days"

static void test_parameter_changes(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) policy = sl_policy_open(SECLINT_SOURCE_POLICY,
						     NULL, &error);
	int before;

	(void)state;
	assert_non_null(policy);
	before = sl_profile_rule_int(policy, ID, "max-days", -1);
	assert_int_not_equal(before, -1);
	assert_int_equal(sl_profile_rule_int(policy, ID, "max-days", -1),
			 before);
	g_key_file_set_value(policy->profile, "rule " ID, "max-days", "99");
	sl_policy_update_severities(policy);
	assert_int_equal(sl_profile_rule_int(policy, ID, "max-days", -1), 99);
	assert_int_equal(sl_profile_rule_int(policy, ID, "no-such-key", -7),
			 -7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regex_address_reused),
		cmocka_unit_test(test_severity_table),
		cmocka_unit_test(test_parameter_changes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
