// SPDX-License-Identifier: GPL-2.0-only
/*
 * The settings layer: parsing git config output, the seclint.* keys and
 * the flags, the order they are merged in, and how the result changes the
 * severities the engine sees.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include <glib/gstdio.h>

#include "env-flag.h"
#include "errors.h"
#include "gitconfig.h"
#include "output.h"
#include "policy.h"
#include "registry.h"
#include "rule.h"
#include "settings.h"
#include "severity.h"

#define RULE "ksec-with-linux-distros"	/* error, follow-ups warning */
#define OTHER "report-html"

static const char *tmpdir;

/* Builds `git config -z --list --show-origin` output from pairs. */
static struct sl_gitconfig *config(const char *const *kv)
{
	g_autoptr(GString) out = g_string_new(NULL);
	g_autoptr(GError) error = NULL;
	struct sl_gitconfig *cfg;

	for (; *kv; kv += 2) {
		g_string_append(out, "file:.git/config");
		g_string_append_c(out, '\0');
		g_string_append(out, kv[0]);
		if (kv[1])
			g_string_append_printf(out, "\n%s", kv[1]);
		g_string_append_c(out, '\0');
	}
	cfg = sl_gitconfig_parse(out->str, out->len, &error);
	assert_null(error);
	return cfg;
}

/* Settings from @kv; NULL with the error message on failure. */
static char *settings_error(const char *const *kv)
{
	g_autoptr(sl_gitconfig) cfg = config(kv);
	g_autoptr(GError) error = NULL;
	struct sl_settings s;
	gboolean ok;

	sl_settings_init(&s);
	ok = sl_settings_from_gitconfig(&s, cfg, &error);
	sl_settings_clear(&s);
	if (ok)
		return NULL;
	assert_int_equal(error->code, SECLINT_ERROR_USAGE);
	return g_strdup(error->message);
}

static enum sl_severity level(const struct sl_settings *s, const char *id,
			      gboolean followup)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) policy = sl_settings_open_policy(
		s, SECLINT_SOURCE_POLICY, &error);

	assert_non_null(policy);
	return sl_policy_rule_severity(policy, sl_rule_find(id), followup);
}

static void test_parse(void **state)
{
	static const char out[] = "file:.git/config\0Sendemail.x.To\na@b\n"
				  "c\0command line:\0seclint.strict\0";
	g_autoptr(sl_gitconfig) cfg = NULL;
	g_autoptr(GError) error = NULL;
	const struct sl_gitconfig_entry *e;

	(void)state;
	cfg = sl_gitconfig_parse(out, sizeof(out) - 1, &error);
	assert_non_null(cfg);
	assert_int_equal(cfg->entries->len, 2);
	e = sl_gitconfig_last(cfg, "sendemail.x.to");
	assert_non_null(e);
	assert_string_equal(e->value, "a@b\nc");
	assert_string_equal(e->origin, "file:.git/config");
	assert_null(sl_gitconfig_last(cfg, "sendemail.X.to"));
	e = sl_gitconfig_last(cfg, "SECLINT.STRICT");
	assert_null(e->value);
	assert_string_equal(e->origin, "command line:");

	/* Truncated output is refused, not half read. */
	sl_gitconfig_free(sl_gitconfig_parse(out, 20, &error));
	assert_non_null(error);
}

static void test_canonical(void **state)
{
	g_autofree char *a = sl_gitconfig_canonical("SendEmail.MyId.To");
	g_autofree char *b = sl_gitconfig_canonical("Core.Bare");
	g_autofree char *c = sl_gitconfig_canonical("nodot");

	(void)state;
	assert_string_equal(a, "sendemail.MyId.to");
	assert_string_equal(b, "core.bare");
	assert_string_equal(c, "nodot");
}

static void test_bool(void **state)
{
	static const char *const yes[] = { "true", "Yes", "on", "1", "-3" };
	static const char *const no[] = { "false", "NO", "off", "0", "" };
	struct sl_gitconfig_entry e = { "seclint.strict", NULL, "x" };
	g_autoptr(GError) error = NULL;
	gboolean b = FALSE;

	(void)state;
	assert_true(sl_gitconfig_bool(&e, &b, NULL) && b);
	for (size_t i = 0; i < G_N_ELEMENTS(yes); i++) {
		e.value = (char *)yes[i];
		b = FALSE;
		assert_true(sl_gitconfig_bool(&e, &b, NULL) && b);
		e.value = (char *)no[i];
		assert_true(sl_gitconfig_bool(&e, &b, NULL));
		assert_false(b);
	}
	e.value = "sure";
	assert_false(sl_gitconfig_bool(&e, &b, &error));
	assert_non_null(strstr(error->message, "seclint.strict (x)"));
}

static void test_all_values(void **state)
{
	static const char *const kv[] = { "sendemail.cc", "a@x",
					  "sendemail.cc", NULL,
					  "sendemail.cc", "b@x", NULL };
	g_autoptr(sl_gitconfig) cfg = config(kv);
	g_autoptr(GPtrArray) all = sl_gitconfig_all(cfg, "sendemail.cc");

	(void)state;
	assert_int_equal(all->len, 3);
	assert_string_equal(all->pdata[0], "a@x");
	assert_string_equal(all->pdata[1], "");
	assert_string_equal(all->pdata[2], "b@x");
}

static void test_path(void **state)
{
	static const char *const kv[] = { "sendemail.aliasesfile", "~/al",
					  "x.abs", "/etc/al",
					  "x.root", "~root/al", NULL };
	g_autoptr(sl_gitconfig) cfg = config(kv);
	g_autofree char *home = sl_gitconfig_path(cfg, "sendemail.aliasesfile");
	g_autofree char *abs = sl_gitconfig_path(cfg, "x.abs");
	g_autofree char *root = sl_gitconfig_path(cfg, "x.root");
	g_autofree char *want = g_build_filename(g_get_home_dir(), "al", NULL);

	(void)state;
	assert_string_equal(home, want);
	assert_string_equal(abs, "/etc/al");
	assert_true(g_str_has_suffix(root, "/al") && root[0] == '/');
	assert_null(sl_gitconfig_path(cfg, "x.none"));
}

static void test_bad_settings(void **state)
{
	static const char *const cases[][5] = {
		{ "seclint.disable", "no-such-rule", NULL,
		  "seclint.disable (file:.git/config): no such rule "
		  "'no-such-rule'" },
		{ "seclint.disable", RULE ",,bogus", NULL, "'bogus'" },
		{ "seclint.nope.severity", "error", NULL,
		  "seclint.nope.severity (file:.git/config): no such "
		  "rule 'nope'" },
		{ "seclint." RULE ".severity", "fatal", NULL,
		  "unknown level 'fatal'" },
		{ "seclint." RULE ".severity", NULL, NULL, "needs a value" },
		{ "seclint." RULE ".level", "error", NULL,
		  "unknown seclint setting" },
		{ "seclint.stirct", "true", NULL, "seclint.stirct (file:" },
		{ "seclint.strict", "maybe", NULL, "not a boolean" },
		{ "seclint.profile", "", NULL, "needs a value" },
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *msg = settings_error(cases[i]);

		assert_non_null(msg);
		if (!strstr(msg, cases[i][3]))
			fail_msg("'%s' lacks '%s'", msg, cases[i][3]);
	}
}

static void test_good_settings(void **state)
{
	static const char *const kv[] = {
		"seclint.disable", RULE ", " OTHER,
		"seclint.profile", "2023-06",
		"seclint.strict", "yes",
		"core.bare", "false",
		"sendemail.cc", "x@y",
		"seclint.upstream", "origin/master",	/* repo.c's */
		"seclint.upstreamdepth", "100", NULL,
	};
	g_autoptr(sl_gitconfig) cfg = config(kv);
	struct sl_settings s;

	(void)state;
	sl_settings_init(&s);
	assert_true(sl_settings_from_gitconfig(&s, cfg, NULL));
	assert_string_equal(s.profile, "2023-06");
	assert_non_null(strstr(s.profile_from, "seclint.profile (file:"));
	assert_true(s.strict);
	assert_false(s.quiet);
	assert_int_equal(level(&s, RULE, FALSE), SL_SEV_OFF);
	assert_int_equal(level(&s, RULE, TRUE), SL_SEV_OFF);
	assert_int_equal(level(&s, OTHER, FALSE), SL_SEV_OFF);
	sl_settings_clear(&s);
}

/* An empty seclint.disable resets the list; a RULE.severity beats it. */
static void test_disable_reset_and_level(void **state)
{
	static const char *const kv[] = {
		"seclint.disable", RULE,
		"seclint." OTHER ".severity", "info",
		"seclint.disable", "",
		"seclint.disable", OTHER,
		"seclint.strict", "true",
		"seclint.strict", "false", NULL,
	};
	g_autoptr(sl_gitconfig) cfg = config(kv);
	struct sl_settings s;

	(void)state;
	sl_settings_init(&s);
	assert_true(sl_settings_from_gitconfig(&s, cfg, NULL));
	assert_int_equal(level(&s, RULE, FALSE), SL_SEV_ERROR);
	assert_int_equal(level(&s, RULE, TRUE), SL_SEV_WARNING);
	assert_int_equal(level(&s, OTHER, FALSE), SL_SEV_INFO);
	assert_false(s.strict);
	sl_settings_clear(&s);
}

/* The command line wins over git config, and a later flag over one before. */
static void test_flags_win(void **state)
{
	static const char *const kv[] = {
		"seclint.disable", RULE,
		"seclint." OTHER ".severity", "info",
		"seclint.profile", "2023-06", NULL,
	};
	g_autoptr(sl_gitconfig) cfg = config(kv);
	g_autoptr(GError) error = NULL;
	struct sl_settings s, cli;

	(void)state;
	sl_settings_init(&s);
	sl_settings_init(&cli);
	assert_true(sl_settings_from_gitconfig(&s, cfg, NULL));
	assert_true(sl_settings_enable(&cli, RULE, NULL));
	assert_true(sl_settings_severity(&cli, OTHER "=warning", NULL));
	assert_true(sl_settings_disable(&cli, "--disable", OTHER, NULL));
	assert_true(sl_settings_severity(&cli, OTHER "=error", NULL));
	cli.profile = g_strdup("2026-05");
	cli.quiet = TRUE;
	sl_settings_merge(&s, &cli);
	assert_string_equal(s.profile, "2026-05");
	assert_null(s.profile_from);
	assert_true(s.quiet);
	/* Enabled again as the profile has it: follow-ups at warning. */
	assert_int_equal(level(&s, RULE, FALSE), SL_SEV_ERROR);
	assert_int_equal(level(&s, RULE, TRUE), SL_SEV_WARNING);
	/* An explicit level applies to follow-ups too. */
	assert_int_equal(level(&s, OTHER, TRUE), SL_SEV_ERROR);

	assert_false(sl_settings_severity(&cli, RULE, &error));
	assert_non_null(strstr(error->message, "RULE=LEVEL"));
	g_clear_error(&error);
	assert_false(sl_settings_severity(&cli, RULE "=loud", &error));
	g_clear_error(&error);
	assert_false(sl_settings_enable(&cli, "nope", &error));
	assert_non_null(strstr(error->message, "--enable: no such rule"));
	sl_settings_clear(&cli);
	sl_settings_clear(&s);
}

/* --enable switches on, at its level under the default profile, a rule a
 * profile leaves off (error for RULE under 2026-08). */
static void test_enable_off_rule(void **state)
{
	g_autofree char *path = g_build_filename(tmpdir, "p.conf", NULL);
	struct sl_settings s;

	(void)state;
	assert_true(g_file_set_contents(path,
		"[profile]\ndocument=d\nrevision=r\n"
		"[rule " OTHER "]\nseverity=warning\n", -1, NULL));
	sl_settings_init(&s);
	s.profile = g_strdup(path);
	assert_int_equal(level(&s, RULE, FALSE), SL_SEV_OFF);
	assert_true(sl_settings_enable(&s, RULE " " OTHER, NULL));
	assert_int_equal(level(&s, RULE, FALSE), SL_SEV_ERROR);
	assert_int_equal(level(&s, RULE, TRUE), SL_SEV_ERROR);
	assert_int_equal(level(&s, OTHER, FALSE), SL_SEV_WARNING);
	sl_settings_clear(&s);
}

static void test_profile_error_names_key(void **state)
{
	static const char *const kv[] = { "seclint.profile", "no-such", NULL };
	g_autoptr(sl_gitconfig) cfg = config(kv);
	g_autoptr(GError) error = NULL;
	struct sl_settings s;

	(void)state;
	sl_settings_init(&s);
	assert_true(sl_settings_from_gitconfig(&s, cfg, NULL));
	assert_null(sl_settings_open_policy(&s, SECLINT_SOURCE_POLICY, &error));
	assert_true(g_str_has_prefix(error->message,
		"seclint.profile (file:.git/config): profile 'no-such'"));
	sl_settings_clear(&s);
}

static void test_exit_and_shown(void **state)
{
	struct sl_settings s;
	struct sl_output o;

	(void)state;
	sl_settings_init(&s);
	sl_output_init(&o, SL_FORMAT_TEXT, FALSE, stdout);
	o.counts[SL_SEV_WARNING] = 1;
	assert_int_equal(sl_settings_exit_code(&s, &o), 0);
	assert_int_equal(sl_settings_shown(&s), SL_SEV_INFO);
	s.quiet = TRUE;
	assert_int_equal(sl_settings_shown(&s), SL_SEV_ERROR);
	s.strict = TRUE;
	assert_int_equal(sl_settings_exit_code(&s, &o), 1);
	assert_int_equal(sl_settings_shown(&s), SL_SEV_WARNING);
	o.input_errors = 1;
	assert_int_equal(sl_settings_exit_code(&s, &o), 2);
	g_string_free(o.json_errors, TRUE);
	sl_settings_clear(&s);
}

/*
 * Environment switches (lint/util/env-flag.h): a check mode by its own
 * variable, or named in SECLINT_CHECK's list, or all of them; its own
 * variable, when set, decides; a switch that is no check mode is not
 * listed.  Each call has its own once, as each reader in the code does.
 */
static void test_env_flag_list(void **state)
{
	static const struct {
		const char *list, *name, *own;
		gboolean on;
	} cases[] = {
		{ NULL, "SECLINT_CHECK_QUIET", "1", TRUE },
		{ NULL, "SECLINT_CHECK_QUIET", "0", FALSE },
		{ NULL, "SECLINT_CHECK_QUIET", NULL, FALSE },
		{ "quiet", "SECLINT_CHECK_QUIET", NULL, TRUE },
		{ "text,quiet", "SECLINT_CHECK_QUIET", NULL, TRUE },
		{ "text quiet", "SECLINT_CHECK_QUIET", NULL, TRUE },
		{ "text", "SECLINT_CHECK_QUIET", NULL, FALSE },
		{ "quiet2,quie", "SECLINT_CHECK_QUIET", NULL, FALSE },
		{ "address-headers", "SECLINT_CHECK_ADDRESS_HEADERS", NULL,
		  TRUE },
		{ "address_headers", "SECLINT_CHECK_ADDRESS_HEADERS", NULL,
		  FALSE },
		{ "all", "SECLINT_CHECK_POLICY_CACHE", NULL, TRUE },
		{ "all", "SECLINT_CHECK_POLICY_CACHE", "0", FALSE },
		{ "all", "SECLINT_REGEX_JIT", NULL, FALSE },
		{ "", "SECLINT_CHECK_TEXT", NULL, FALSE },
	};

	(void)state;
	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		gsize once = 0;

		if (cases[i].list)
			g_setenv("SECLINT_CHECK", cases[i].list, TRUE);
		else
			g_unsetenv("SECLINT_CHECK");
		if (cases[i].own)
			g_setenv(cases[i].name, cases[i].own, TRUE);
		else
			g_unsetenv(cases[i].name);
		if (sl_env_flag(&once, cases[i].name, "1") != cases[i].on)
			fail_msg("case %u: %s with SECLINT_CHECK=%s not %d", i,
				 cases[i].name,
				 cases[i].list ? cases[i].list : "(unset)",
				 cases[i].on);
		/* read once: a change now is not seen */
		g_setenv(cases[i].name, cases[i].on ? "0" : "1", TRUE);
		assert_int_equal(sl_env_flag(&once, cases[i].name, "1"),
				 cases[i].on);
		g_unsetenv(cases[i].name);
	}
	g_unsetenv("SECLINT_CHECK");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_canonical),
		cmocka_unit_test(test_bool),
		cmocka_unit_test(test_all_values),
		cmocka_unit_test(test_path),
		cmocka_unit_test(test_bad_settings),
		cmocka_unit_test(test_good_settings),
		cmocka_unit_test(test_disable_reset_and_level),
		cmocka_unit_test(test_flags_win),
		cmocka_unit_test(test_enable_off_rule),
		cmocka_unit_test(test_profile_error_names_key),
		cmocka_unit_test(test_exit_and_shown),
		cmocka_unit_test(test_env_flag_list),
	};
	g_autofree char *dir = g_dir_make_tmp("seclint-settings-XXXXXX", NULL);
	g_autofree char *profile = NULL;
	int failed;

	tmpdir = dir;
	failed = cmocka_run_group_tests(tests, NULL, NULL);
	profile = g_build_filename(dir, "p.conf", NULL);
	g_unlink(profile);
	g_rmdir(dir);
	return failed;
}
