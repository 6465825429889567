// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rule RULE DIR: every DIR/fire-*.eml must draw at least one finding
 * of RULE at its default severity, every DIR/near-*.eml (a near miss the
 * rule tolerates: a reply, a fix posting) findings only below it, and
 * every DIR/pass-*.eml none.  A fixture NAME.eml with a NAME.expect beside
 * it also has its findings of RULE checked word for word: the lines
 * `seclint NAME.eml` prints for them (location, severity, message, fix),
 * without colour.  Every fire- and near- fixture has one: a fixture
 * without it fails, so no rule's wording changes unseen.  SECLINT_BLESS=1
 * writes NAME.expect from what the rule says now, for every fire- and
 * near- fixture (review the diff).  A fixture that is still a template of
 * tools/new-rule (its X-Seclint-Template header) fails: a template passes
 * nothing.
 *
 * DIR/context.conf, if present, gives the run's context: [context] for
 * every fixture and the examples, [fixture NAME] for one fixture:
 *   security=true|false    as --security
 *   embargoed=true|false   as --embargoed
 *   ai-assisted=true|false as --ai-assisted
 *   profile=NAME           judged under that profile (--profile NAME),
 *                          not the default; [context] also for the
 *                          declaration's examples
 *   repo=true|false        a repository ([context]: implied by maintainers=;
 *                          [fixture]: false drops it for that fixture)
 *   maintainers=PATH       its MAINTAINERS, relative to DIR
 * and [commit SHA] groups for its upstream commits: patch-id=, subject=,
 * released=true|false, and [mailmap] OLD=NEW addresses.  The repository
 * is data, not git: the libgit2 side is tested by test_repo and
 * tests/integration/t-repo.sh.
 */
#define _POSIX_C_SOURCE 200809L	/* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <string.h>

#include "engine.h"
#include "input.h"
#include "message.h"
#include "output.h"
#include "policy.h"
#include "repo.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

static const struct sl_rule *rule;
static struct sl_policy *policy;	/* the default profile's */
static GHashTable *profiles;	/* name: the policy under profile=NAME */
static GKeyFile *context;	/* DIR/context.conf, or NULL */
static struct sl_repo *repo;	/* the repository it describes, or NULL */

enum fixture_kind { FIXTURE_FIRE, FIXTURE_NEAR, FIXTURE_PASS };

struct fixture {
	char *path;
	char *name;
	enum fixture_kind kind;
};

struct count {
	const struct sl_rule *rule;
	const struct sl_policy *policy;
	unsigned hits;
	unsigned full;		/* hits at the rule's severity for the message */
	unsigned messages;
	struct sl_lint_options options;
	const char *name;	/* the fixture's file name, for the golden text */
	GString *golden;	/* its text output, or NULL when not wanted */
};

/* What `seclint NAME` prints for the rule's findings in @findings. */
static void render(struct count *c, const struct sl_message *msg,
		   const GPtrArray *findings)
{
	g_autoptr(GPtrArray) mine = g_ptr_array_new();
	struct sl_output o;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	for (guint i = 0; i < findings->len; i++)
		if (((const struct sl_finding *)findings->pdata[i])->rule ==
		    c->rule)
			g_ptr_array_add(mine, findings->pdata[i]);
	sl_output_init(&o, SL_FORMAT_TEXT, FALSE, out);
	o.policy = c->policy;	/* its values in the help lines */
	sl_output_message(&o, c->name, FALSE, msg, mine);
	g_string_free(o.json_errors, TRUE);	/* text: nothing to finish */
	assert_int_equal(fclose(out), 0);
	g_string_append_len(c->golden, text, (gssize)len);
	free(text);
}

static gboolean context_bool(const char *fixture, const char *key,
			     gboolean fallback)
{
	g_autofree char *group = g_strdup_printf("fixture %s", fixture);
	const char *groups[] = { group, "context" };

	for (size_t i = 0; context && i < G_N_ELEMENTS(groups); i++)
		if (g_key_file_has_key(context, groups[i], key, NULL))
			return g_key_file_get_boolean(context, groups[i], key,
						      NULL);
	return fallback;
}

/* The policy @fixture is judged under: its profile=, else the default. */
static const struct sl_policy *policy_for(const char *fixture)
{
	g_autofree char *group = g_strdup_printf("fixture %s", fixture);
	const char *groups[] = { group, "context" };
	g_autofree char *name = NULL;
	g_autoptr(GError) error = NULL;
	struct sl_policy *p;

	for (size_t i = 0; context && !name && i < G_N_ELEMENTS(groups); i++)
		name = g_key_file_get_string(context, groups[i], "profile",
					     NULL);
	if (!name)
		return policy;
	p = g_hash_table_lookup(profiles, name);
	if (p)
		return p;
	p = sl_policy_open(SECLINT_SOURCE_POLICY, name, &error);
	if (!p)
		fail_msg("%s: profile=%s: %s", fixture, name, error->message);
	g_hash_table_insert(profiles, g_steal_pointer(&name), p);
	return p;
}

static struct sl_lint_options options_for(const char *fixture)
{
	struct sl_lint_options o = {
		.security = context_bool(fixture, "security", FALSE),
		.embargoed = context_bool(fixture, "embargoed", FALSE),
		.ai_assisted = context_bool(fixture, "ai-assisted", FALSE),
	};

	if (context_bool(fixture, "repo", TRUE))
		o.repo = repo;
	return o;
}

/* [mailmap] OLD=NEW: what the repository's .mailmap would say. */
static void load_mailmap(struct sl_repo *r)
{
	g_auto(GStrv) keys = g_key_file_get_keys(context, "mailmap", NULL,
						 NULL);

	for (char **k = keys; k && *k; k++) {
		g_autofree char *to = g_key_file_get_string(context, "mailmap",
							    *k, NULL);

		sl_repo_fixture_add_alias(r, *k, to);
	}
}

static void load_repo(const char *dir)
{
	g_autofree char *conf = g_build_filename(dir, "context.conf", NULL);
	g_autofree char *maint = NULL;
	g_autofree char *path = NULL;
	g_auto(GStrv) groups = NULL;
	g_autoptr(GError) error = NULL;

	if (!g_file_test(conf, G_FILE_TEST_EXISTS))
		return;
	context = g_key_file_new();
	if (!g_key_file_load_from_file(context, conf, 0, &error))
		fail_msg("%s: %s", conf, error->message);
	maint = g_key_file_get_string(context, "context", "maintainers", NULL);
	path = maint ? g_build_filename(dir, maint, NULL) : NULL;
	groups = g_key_file_get_groups(context, NULL);
	if (!maint && !g_key_file_has_key(context, "context", "repo", NULL))
		return;		/* flags only, no repository */
	repo = sl_repo_new_fixture(path, &error);
	if (!repo)
		fail_msg("%s: %s", conf, error->message);
	for (char **g = groups; *g; g++) {
		g_autofree char *id = NULL, *subject = NULL;

		if (!g_str_has_prefix(*g, "commit "))
			continue;
		id = g_key_file_get_string(context, *g, "patch-id", NULL);
		subject = g_key_file_get_string(context, *g, "subject", NULL);
		sl_repo_fixture_add_commit(repo, *g + 7, id, subject,
			g_key_file_get_boolean(context, *g, "released", NULL));
	}
	load_mailmap(repo);
}

static gboolean count_hits(struct sl_message *msg, gpointer data,
			   GError **error)
{
	struct count *c = data;
	g_autoptr(GPtrArray) findings =
		sl_lint_message_with(msg, c->policy, &c->options);

	(void)error;
	c->messages++;
	for (guint i = 0; i < findings->len; i++) {
		const struct sl_finding *f = findings->pdata[i];

		if (f->rule == c->rule) {
			enum sl_severity top = sl_policy_rule_severity(
				c->policy, c->rule, msg->followup);

			assert_true(f->severity <= top);
			assert_true(f->severity > SL_SEV_OFF);
			if (f->severity == top)
				c->full++;
			assert_non_null(f->text);
			assert_non_null(f->where);
			c->hits++;
		}
	}
	if (c->golden)
		render(c, msg, findings);
	return TRUE;
}

/* A template tools/new-rule wrote: a header of that name in the file. */
static gboolean is_template(const char *path)
{
	g_autofree char *text = NULL;
	char *end;

	if (!g_file_get_contents(path, &text, NULL, NULL))
		return FALSE;	/* reading it is the test's to fail */
	if ((end = strstr(text, "\n\n")))
		*end = '\0';	/* the header only */
	return g_str_has_prefix(text, "X-Seclint-Template:") ||
	       strstr(text, "\nX-Seclint-Template:") != NULL;
}

static void test_fixture(void **state)
{
	const struct fixture *fx = *state;
	struct count c = { rule, policy_for(fx->name), 0, 0, 0,
			   options_for(fx->name), fx->name, NULL };
	g_autoptr(GError) error = NULL;
	g_autofree char *stem = g_strndup(fx->path, strlen(fx->path) - 4);
	g_autofree char *expect_path = g_strconcat(stem, ".expect", NULL);
	g_autofree char *expect = NULL;
	g_autoptr(GString) golden = g_string_new(NULL);
	gboolean bless = g_strcmp0(g_getenv("SECLINT_BLESS"), "1") == 0 &&
			 fx->kind != FIXTURE_PASS;
	gboolean mbox;

	if (is_template(fx->path))
		fail_msg("%s: still the template tools/new-rule wrote: make it "
			 "a real message of the shape its name says, without "
			 "the X-Seclint-Template header", fx->path);
	if (!bless && fx->kind != FIXTURE_PASS &&
	    !g_file_test(expect_path, G_FILE_TEST_EXISTS))
		fail_msg("%s: no %s: a fire- or near- fixture has its golden "
			 "output (SECLINT_BLESS=1 writes it; review it)",
			 fx->path, expect_path);
	if (bless || g_file_test(expect_path, G_FILE_TEST_EXISTS))
		c.golden = golden;

	if (!sl_input_read(fx->path, NULL, &mbox, count_hits, &c, &error))
		fail_msg("%s: %s", fx->path, error->message);
	assert_int_equal(c.messages, 1);
	switch (fx->kind) {
	case FIXTURE_FIRE:
		if (c.full == 0)
			fail_msg("%s: %s did not fire at its severity (%u "
				 "findings below it)", fx->path, rule->id,
				 c.hits);
		break;
	case FIXTURE_NEAR:
		if (c.hits == 0 || c.full)
			fail_msg("%s: %s drew %u findings, %u at its severity; "
				 "want findings below it only", fx->path,
				 rule->id, c.hits, c.full);
		break;
	case FIXTURE_PASS:
		if (c.hits)
			fail_msg("%s: %s fired %u times", fx->path, rule->id,
				 c.hits);
		break;
	}
	if (bless) {
		if (!g_file_set_contents(expect_path, golden->str,
					 (gssize)golden->len, &error))
			fail_msg("%s", error->message);
	} else if (c.golden) {
		if (!g_file_get_contents(expect_path, &expect, NULL, &error))
			fail_msg("%s", error->message);
		if (strcmp(expect, golden->str))
			fail_msg("%s: the findings differ from %s.\n--- "
				 "expected\n%s--- got\n%s(SECLINT_BLESS=1 "
				 "rewrites it)", fx->path, expect_path, expect,
				 golden->str);
	}
}

static void test_examples(void **state)
{
	struct count bad = { rule, policy_for(""), 0, 0, 0, options_for(""),
			     "", NULL };
	struct count good = { rule, policy_for(""), 0, 0, 0, options_for(""),
			      "", NULL };
	g_autoptr(GError) error = NULL;
	gboolean mbox;

	(void)state;
	assert_true(sl_input_parse(rule->example_bad, strlen(rule->example_bad),
				   NULL, &mbox, count_hits, &bad, &error));
	assert_true(sl_input_parse(rule->example_good,
				   strlen(rule->example_good), NULL, &mbox,
				   count_hits, &good, &error));
	assert_true(bad.hits > 0);
	assert_int_equal(good.hits, 0);
}

static void add_fixtures(GArray *tests, GPtrArray *keep, const char *dir)
{
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	const char *name;

	assert_non_null(d);
	while ((name = g_dir_read_name(d))) {
		struct fixture *fx;
		struct CMUnitTest t = { 0 };

		if (!g_str_has_suffix(name, ".eml"))
			continue;
		fx = g_new0(struct fixture, 1);
		fx->path = g_build_filename(dir, name, NULL);
		fx->name = g_strdup(name);
		if (g_str_has_prefix(name, "fire-"))
			fx->kind = FIXTURE_FIRE;
		else if (g_str_has_prefix(name, "near-"))
			fx->kind = FIXTURE_NEAR;
		else if (g_str_has_prefix(name, "pass-"))
			fx->kind = FIXTURE_PASS;
		else
			fail_msg("%s: name must start fire-, near- or pass-",
				 name);
		t.name = g_strdup(name);
		t.test_func = test_fixture;
		t.initial_state = fx;
		g_array_append_val(tests, t);
		g_ptr_array_add(keep, fx->path);
		g_ptr_array_add(keep, fx->name);
		g_ptr_array_add(keep, fx);
		g_ptr_array_add(keep, (char *)t.name);
	}
}

int main(int argc, char **argv)
{
	g_autoptr(GArray) tests = g_array_new(FALSE, TRUE,
					      sizeof(struct CMUnitTest));
	g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func(g_free);
	struct CMUnitTest examples = { "declaration examples", test_examples,
				       NULL, NULL, NULL };
	g_autoptr(GError) error = NULL;
	int rc;

	if (argc != 3) {
		fprintf(stderr, "usage: test_rule RULE FIXTURE-DIR\n");
		return 2;
	}
	g_mime_init();
	/* Fixtures without a Date header are measured from this "now". */
	g_setenv("SECLINT_NOW", "2026-03-05T10:00:00Z", FALSE);
	rule = sl_rule_find(argv[1]);
	policy = sl_policy_open(SECLINT_SOURCE_POLICY, NULL, &error);
	if (!rule || !policy) {
		fprintf(stderr, "test_rule: no rule '%s' or no policy\n", argv[1]);
		return 2;
	}
	profiles = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					 (GDestroyNotify)sl_policy_free);
	load_repo(argv[2]);
	g_array_append_val(tests, examples);
	add_fixtures(tests, keep, argv[2]);
	rc = _cmocka_run_group_tests(argv[1], (struct CMUnitTest *)tests->data,
				     tests->len, NULL, NULL);
	sl_repo_free(repo);
	if (context)
		g_key_file_unref(context);
	g_hash_table_unref(profiles);
	sl_policy_free(policy);
	g_mime_shutdown();
	return rc;
}
