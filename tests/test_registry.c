// SPDX-License-Identifier: GPL-2.0-only
/*
 * The registry meta-test: every rule is fully declared, ids are unique
 * kebab-case, and every rule has firing and near-miss fixtures.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "policy.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

static const char *fixtures;

static void test_declarations(void **state)
{
	(void)state;
	assert_true(sl_rules_count > 0);
	for (size_t i = 0; i < sl_rules_count; i++) {
		const struct sl_rule *r = sl_rules[i];

		assert_non_null(r->id);
		assert_true(g_regex_match_simple("^[a-z0-9]+(-[a-z0-9]+)+$",
						 r->id, 0, 0));
		assert_true(r->summary && *r->summary);
		assert_true(r->rationale && strlen(r->rationale) > 80);
		assert_true(r->help && *r->help);
		/* The document's words are the citations' (profile data,
		 * proven by unit.citations): a rationale is in our words. */
		if (strchr(r->rationale, '"'))
			fail_msg("%s: the rationale quotes (\"): a document's "
				 "words go in the profile's quote=, words of a "
				 "message in single quotes", r->id);
		assert_true(r->example_bad && r->example_good);
		assert_non_null(r->check);
		/* tools/new-rule's placeholders are written. */
		if (strstr(r->summary, "TODO") || strstr(r->rationale, "TODO") ||
		    strstr(r->help, "TODO") || strstr(r->example_bad, "TODO") ||
		    strstr(r->example_good, "TODO"))
			fail_msg("%s: its declaration still says TODO (the "
				 "placeholders of tools/new-rule): write its "
				 "summary, rationale, help and examples", r->id);
		/* --explain shows each parameter with its doc. */
		for (size_t k = 0; r->params && r->params[k].key; k++) {
			assert_true(g_regex_match_simple(
				"^[a-z0-9]+(-[a-z0-9]+)*$", r->params[k].key,
				0, 0));
			assert_true(r->params[k].doc &&
				    strlen(r->params[k].doc) > 20);
			/* A known type, a unit for a duration, no optional
			 * number. */
			if (!sl_param_check(&r->params[k]))
				fail_msg("%s: parameter %s is declared wrong",
					 r->id, r->params[k].key);
		}
		/* Each {KEY} of the summary and the help is a parameter
		 * the rule declares (sl_rule_text()). */
		for (const char *const *t = (const char *const[]){
			     r->summary, r->help, NULL }; *t; t++) {
			g_autoptr(GRegex) re = g_regex_new("\\{([^}]*)\\}", 0,
							   0, NULL);
			g_autoptr(GMatchInfo) mi = NULL;

			g_regex_match(re, *t, 0, &mi);
			for (; g_match_info_matches(mi);
			     g_match_info_next(mi, NULL)) {
				g_autofree char *key =
					g_match_info_fetch(mi, 1);
				gboolean found = FALSE;

				for (size_t k = 0;
				     r->params && r->params[k].key; k++)
					found |= !strcmp(r->params[k].key,
							 key);
				if (!found)
					fail_msg("%s: {%s} is no parameter of "
						 "the rule", r->id, key);
			}
		}
		assert_ptr_equal(sl_rule_find(r->id), r);
		assert_int_equal(sl_rule_index(r->id), (gssize)i);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(sl_rules[j]->id, r->id);
	}
}

/* The binary search over ids finds nothing that is not one. */
static void test_find_unknown(void **state)
{
	static const char *const ids[] = {
		"", "a", "zzz", "report", "report-", "report-html-",
		"Report-html", "report-html ", "ksec", "threat-model-out-of",
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(ids); i++) {
		assert_null(sl_rule_find(ids[i]));
		assert_int_equal(sl_rule_index(ids[i]), -1);
	}
	assert_non_null(sl_rule_find(sl_rules[0]->id));
	assert_non_null(sl_rule_find(sl_rules[sl_rules_count - 1]->id));
}

static unsigned count_prefix(const char *dir, const char *prefix)
{
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	const char *name;
	unsigned n = 0;

	while (d && (name = g_dir_read_name(d)))
		n += g_str_has_prefix(name, prefix) &&
		     g_str_has_suffix(name, ".eml");
	return n;
}

static void test_fixtures_exist(void **state)
{
	(void)state;
	for (size_t i = 0; i < sl_rules_count; i++) {
		g_autofree char *dir = g_build_filename(fixtures,
							sl_rules[i]->id, NULL);

		if (count_prefix(dir, "fire-") < 3)
			fail_msg("%s: fewer than 3 fire- fixtures", dir);
		if (count_prefix(dir, "pass-") < 3)
			fail_msg("%s: fewer than 3 pass- fixtures", dir);
	}
}

static void test_fixture_dirs_name_rules(void **state)
{
	g_autoptr(GDir) d = g_dir_open(fixtures, 0, NULL);
	const char *name;

	(void)state;
	assert_non_null(d);
	while ((name = g_dir_read_name(d)))
		if (!sl_rule_find(name))
			fail_msg("tests/rules/%s names no rule", name);
}

/*
 * A rule's level has one source, the profiles (struct sl_rule has none):
 * every profile names each rule it enables with severity= (a profile
 * without one does not load, unit.profiles), and the default profile
 * gives every rule the level --enable turns it on at.
 */
static void test_levels_from_profiles(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) policy = sl_policy_open(SECLINT_SOURCE_POLICY,
						     NULL, &error);

	(void)state;
	assert_non_null(policy);
	for (size_t i = 0; i < sl_rules_count; i++) {
		enum sl_severity sev = SL_SEV_OFF;

		if (!sl_policy_default_severity(policy, sl_rules[i], &sev,
						&error))
			fail_msg("%s", error->message);
		assert_true(sev > SL_SEV_OFF);
	}
}

/* Does asking @key of @c's rule with @get end the process? */
static gboolean aborts(const struct sl_check *c,
		       void (*get)(const struct sl_check *, const char *),
		       const char *key)
{
	pid_t pid = fork();
	int status = 0;

	assert_true(pid >= 0);
	if (pid == 0) {
		/* GLib's message of the abort is no failure of this test. */
		if (!freopen("/dev/null", "w", stderr))
			_exit(3);
		get(c, key);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFSIGNALED(status);
}

static void get_int(const struct sl_check *c, const char *key)
{
	(void)sl_param_int(c, key);
}

static void get_string(const struct sl_check *c, const char *key)
{
	(void)sl_param_string(c, key);
}

/* A parameter is read with the getter of its declared type: another
 * getter, or a key the rule does not declare, is a programming error. */
static void test_params_typed(void **state)
{
	struct sl_value advice[] = { { .set = TRUE, .text = (char *)"ask" } };
	struct sl_check c = {
		.rule = sl_rule_find("oss-cve-request"),
		.params = advice,
	};

	(void)state;
	assert_non_null(c.rule);
	assert_string_equal(sl_param_string(&c, "advice"), "ask");
	assert_false(aborts(&c, get_string, "advice"));
	assert_true(aborts(&c, get_int, "advice"));
	assert_true(aborts(&c, get_string, "no-such-key"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_declarations),
		cmocka_unit_test(test_find_unknown),
		cmocka_unit_test(test_fixtures_exist),
		cmocka_unit_test(test_fixture_dirs_name_rules),
		cmocka_unit_test(test_params_typed),
		cmocka_unit_test(test_levels_from_profiles),
	};

	if (argc != 2)
		return 2;
	fixtures = argv[1];
	return cmocka_run_group_tests_name("registry", tests, NULL, NULL);
}
