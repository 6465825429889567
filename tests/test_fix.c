// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fix: the header edits on their own (address lists, Subject tags), then
 * whole messages: every fixture of the fixable rules is fixed, linted
 * again, and compared byte for byte outside the edited headers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <string.h>

#include "engine.h"
#include "fix.h"
#include "input.h"
#include "policy.h"
#include "rule.h"
#include "subject-tag.h"
#include "testlib.h"

static const char *fixtures;
static struct sl_policy *policy;

static gboolean is_distros(const char *addr, gpointer data)
{
	(void)data;
	return !strcmp(addr, "linux-distros@vs.openwall.org") ||
	       !strcmp(addr, "distros@vs.openwall.org");
}

/* Drops the distros lists from @value: expects @want ("" = no address
 * left, NULL = nothing removed). */
static void expect_drop(const char *value, const char *want,
			guint removed_count)
{
	g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GError) error = NULL;
	gboolean empty = FALSE;
	g_autofree char *got = sl_fix_drop_addresses(value, is_distros, NULL,
						     removed, &empty, &error);

	if (error)
		fail_msg("'%s': %s", value, error->message);
	if (!want) {
		if (got)
			fail_msg("'%s': removed something: '%s'", value, got);
		assert_int_equal(removed->len, 0);
		return;
	}
	if (!got)
		fail_msg("'%s': nothing removed", value);
	assert_int_equal(empty, !*want);
	if (*want)
		assert_string_equal(got, want);
	assert_int_equal(removed->len, removed_count);
}

static void test_drop_positions(void **state)
{
	(void)state;
	expect_drop(" a@x.org, \"Security\" <security@kernel.org>,\n"
		    "\tlinux-distros@vs.openwall.org\n",
		    " a@x.org, \"Security\" <security@kernel.org>\n", 1);
	expect_drop(" linux-distros@vs.openwall.org, a@x.org\n", " a@x.org\n", 1);
	expect_drop(" a@x.org, linux-distros@vs.openwall.org, b@y.org\n",
		    " a@x.org, b@y.org\n", 1);
	expect_drop(" linux-distros@vs.openwall.org\n", "", 1);
	expect_drop(" distros@vs.openwall.org,\n linux-distros@vs.openwall.org\n",
		    "", 2);
	expect_drop(" a@x.org,\n\tlinux-distros@vs.openwall.org,\n\tb@y.org\n",
		    " a@x.org,\n\tb@y.org\n", 1);
}

static void test_drop_crlf(void **state)
{
	(void)state;
	expect_drop(" a@x.org,\r\n\tlinux-distros@vs.openwall.org\r\n",
		    " a@x.org\r\n", 1);
	expect_drop(" linux-distros@vs.openwall.org,\r\n\ta@x.org\r\n",
		    " a@x.org\r\n", 1);
}

static void test_drop_groups(void **state)
{
	(void)state;
	expect_drop(" Team: a@x.org, linux-distros@vs.openwall.org;, b@y.org\n",
		    " Team: a@x.org;, b@y.org\n", 1);
	/* The only member: the group goes with it. */
	expect_drop(" Team: linux-distros@vs.openwall.org;, b@y.org\n",
		    " b@y.org\n", 1);
	expect_drop(" Team: linux-distros@vs.openwall.org;\n", "", 1);
	/* A group that was empty already is the sender's; it stays. */
	expect_drop(" undisclosed-recipients:;, linux-distros@vs.openwall.org\n",
		    " undisclosed-recipients:;\n", 1);
	expect_drop(" undisclosed-recipients:;\n", NULL, 0);
}

static void test_drop_spellings(void **state)
{
	(void)state;
	expect_drop(" \"linux-distros\"@vs.openwall.org, a@x.org\n",
		    " a@x.org\n", 1);
	expect_drop(" =?UTF-8?B?RGlzdHJvcw==?= <linux-distros@vs.openwall.org>,"
		    " a@x.org\n", " a@x.org\n", 1);
	expect_drop(" \"Doe, John\" <j@x.org>, Linux-Distros@VS.Openwall.ORG.\n",
		    " \"Doe, John\" <j@x.org>\n", 1);
	expect_drop(" a@x.org (Team, sec), linux-distros@vs.openwall.org"
		    " (the list)\n", " a@x.org (Team, sec)\n", 1);
	expect_drop(" <@a.example,@b.example:linux-distros@vs.openwall.org>,"
		    " a@x.org\n", " a@x.org\n", 1);
	expect_drop(" \"Security, the (team)\" <security@kernel.org>,"
		    " linux-distros@vs.openwall.org\n",
		    " \"Security, the (team)\" <security@kernel.org>\n", 1);
}

/* Display names and comments are not addresses: nothing to remove. */
static void test_drop_impersonation(void **state)
{
	(void)state;
	expect_drop(" \"linux-distros@vs.openwall.org\" <me@x.org>\n", NULL, 0);
	expect_drop(" me@x.org (linux-distros@vs.openwall.org)\n", NULL, 0);
	expect_drop(" linux-distros@vs.openwall.org.evil.example\n", NULL, 0);
	expect_drop(" xlinux-distros@vs.openwall.org\n", NULL, 0);
	expect_drop(" \"security\"@kernel.org\n", NULL, 0);
}

static void expect_subject(const char *raw, const char *decoded,
			   const char *want)
{
	g_autofree char *what = NULL;
	g_autofree char *got = sl_subject_tag_edit(raw, decoded, "[vs]", "\n",
						   &what);

	if (!want) {
		if (got)
			fail_msg("'%s': changed to '%s'", raw, got);
		return;
	}
	if (!got)
		fail_msg("'%s': unchanged", raw);
	assert_string_equal(got, want);
	assert_non_null(what);
}

static void test_subject_plain(void **state)
{
	(void)state;
	expect_subject(" foo\n", "foo", " [vs] foo\n");
	expect_subject(" Re: foo\n", "Re: foo", " Re: [vs] foo\n");
	expect_subject(" RE: Fwd: foo\n", "RE: Fwd: foo", " RE: Fwd: [vs] foo\n");
	expect_subject(" [PATCH] foo\n", "[PATCH] foo", " [vs] [PATCH] foo\n");
	expect_subject(" a long subject\n that is folded\n",
		       "a long subject that is folded",
		       " [vs] a long subject\n that is folded\n");
	expect_subject(" foo\r\n", "foo", " [vs] foo\r\n");
	expect_subject(" [vs] foo\n", "[vs] foo", NULL);
	expect_subject(" Re: [vs] foo\n", "Re: [vs] foo", NULL);
}

static void test_subject_respell(void **state)
{
	(void)state;
	expect_subject(" [VS] foo\n", "[VS] foo", " [vs] foo\n");
	expect_subject(" [ vs ] foo\n", "[ vs ] foo", " [vs] foo\n");
	expect_subject(" (vs) foo\n", "(vs) foo", " [vs] foo\n");
	expect_subject(" Re: [Vs] foo\n", "Re: [Vs] foo", " Re: [vs] foo\n");
	expect_subject(" [PATCH] [VS] foo\n", "[PATCH] [VS] foo",
		       " [PATCH] [vs] foo\n");
	expect_subject(" foo [VS] bar\n", "foo [VS] bar", " [vs] foo bar\n");
	expect_subject(" foo [vs]\n", "foo [vs]", " [vs] foo\n");
	/* "VS:" is also a reply prefix: kept, the tag added before it. */
	expect_subject(" VS: foo\n", "VS: foo", " [vs] VS: foo\n");
}

static void test_subject_encoded(void **state)
{
	g_autofree char *what = NULL;
	g_autofree char *got = NULL;
	g_autofree char *decoded = NULL;

	(void)state;
	expect_subject(" =?UTF-8?Q?=C3=BCber?= foo\n", "über foo",
		       " [vs] =?UTF-8?Q?=C3=BCber?= foo\n");
	expect_subject(" Re: =?UTF-8?Q?=C3=BCber?=\n", "Re: über",
		       " Re: [vs] =?UTF-8?Q?=C3=BCber?=\n");
	expect_subject(" [VS] =?UTF-8?Q?=C3=BCber?=\n", "[VS] über",
		       " [vs] =?UTF-8?Q?=C3=BCber?=\n");
	/* The spelling is inside an encoded word: re-encoded by GMime. */
	got = sl_subject_tag_edit(" =?UTF-8?Q?=5BVS=5D_=C3=BCber?=\r\n",
				  "[VS] über", "[vs]", "\r\n", &what);
	assert_non_null(got);
	assert_true(g_str_has_prefix(got, " [vs] "));
	assert_true(g_str_has_suffix(got, "\r\n"));
	decoded = g_mime_utils_header_decode_text(NULL, got);
	g_strstrip(decoded);
	assert_string_equal(decoded, "[vs] über");
}

static gboolean fires(const char *text, gsize len, const char *rule_id)
{
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean mbox, hit = FALSE;

	if (!sl_input_parse(text, len, NULL, &mbox, sl_test_keep, msgs, &error))
		fail_msg("fixed message does not parse: %s", error->message);
	for (guint i = 0; i < msgs->len; i++) {
		g_autoptr(GPtrArray) f = sl_lint_message(msgs->pdata[i], policy);

		for (guint j = 0; j < f->len; j++)
			if (!strcmp(((struct sl_finding *)f->pdata[j])->rule->id,
				    rule_id))
				hit = TRUE;
	}
	return hit;
}

/* Where the body starts: after the first empty line. */
static const char *body_of(const char *text)
{
	const char *lf = strstr(text, "\n\n");
	const char *crlf = strstr(text, "\r\n\r\n");

	if (crlf && (!lf || crlf < lf))
		return crlf + 4;
	return lf ? lf + 2 : text + strlen(text);
}

/* Fixes @text; checks the rule is quiet after and the body is the same. */
static char *fix_ok(const char *text, const char *rule_id)
{
	struct sl_fix_result r = { 0 };
	g_autoptr(GError) error = NULL;
	char *out;

	if (!sl_fix_message(text, strlen(text), policy, NULL, NULL, &r,
			    &error))
		fail_msg("fix failed: %s", error->message);
	if (r.edits == 0)
		fail_msg("nothing fixed in:\n%s", text);
	if (fires(r.text->str, r.text->len, rule_id))
		fail_msg("%s still fires on:\n%s", rule_id, r.text->str);
	assert_string_equal(body_of(text), body_of(r.text->str));
	out = g_strdup(r.text->str);
	sl_fix_result_clear(&r);
	return out;
}

static void test_message_cc_headers(void **state)
{
	g_autofree char *out = NULL;

	(void)state;
	out = fix_ok("From: r@example.org\n"
		     "To: \"security\"@kernel.org\n"
		     "Cc: a@example.org\n"
		     "Cc: linux-distros@vs.openwall.org\n"
		     "Cc: b@example.org,\n distros@vs.openwall.org\n"
		     "Subject: net: overflow\n"
		     "Message-ID: <1@example.org>\n\nbody\n",
		     "ksec-with-linux-distros");
	assert_string_equal(out, "From: r@example.org\n"
			    "To: \"security\"@kernel.org\n"
			    "Cc: a@example.org\n"
			    "Cc: b@example.org\n"
			    "Subject: net: overflow\n"
			    "Message-ID: <1@example.org>\n\nbody\n");
}

/* Split first: what goes to security@ alone needs no [vs]. */
static void test_message_split_then_no_tag(void **state)
{
	g_autofree char *out = NULL;

	(void)state;
	out = fix_ok("From: r@example.org\r\n"
		     "To: security@kernel.org\r\n"
		     "Cc: Distros <linux-distros@vs.openwall.org>\r\n"
		     "Subject: net: overflow\r\n"
		     "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
		     "--b\r\nContent-Type: text/plain\r\n\r\nreport\r\n"
		     "--b--\r\n",
		     "ksec-with-linux-distros");
	assert_non_null(strstr(out, "Subject: net: overflow\r\n"));
	assert_null(strstr(out, "Cc:"));
}

static void test_message_followup_left(void **state)
{
	const char *text = "From: r@example.org\n"
			   "To: security@kernel.org\n"
			   "Cc: linux-distros@vs.openwall.org\n"
			   "In-Reply-To: <0@example.org>\n"
			   "Subject: Re: [vs] net: overflow\n\nbody\n";
	struct sl_fix_result r = { 0 };
	g_autoptr(GError) error = NULL;

	(void)state;
	assert_true(sl_fix_message(text, strlen(text), policy, NULL, NULL, &r,
				   &error));
	assert_int_equal(r.edits, 0);
	assert_string_equal(r.text->str, text);
	assert_int_equal(r.notes->len, 1);
	assert_true(g_str_has_prefix(r.notes->pdata[0],
				     "not fixed [ksec-with-linux-distros]"));
	sl_fix_result_clear(&r);
}

static void test_message_mbox_slice(void **state)
{
	g_autofree char *out = NULL;

	(void)state;
	out = fix_ok("From 1234 Mon Sep 17 00:00:00 2001\n"
		     "From: r@example.org\n"
		     "To: linux-distros@vs.openwall.org\n"
		     "Subject: [PATCH] fix foo\n\n>From the start\n",
		     "distros-missing-vs-tag");
	assert_non_null(strstr(out, "\nSubject: [vs] [PATCH] fix foo\n"));
	assert_true(g_str_has_prefix(out, "From 1234 Mon Sep 17"));
}

/* Fixtures the fix declines, and why. */
static const char *const declined[] = {
	"fire-subject-empty.eml",	/* the sender must write a Subject */
	"fire-subject-missing.eml",
	"fire-reply-in-thread.eml",	/* a follow-up: both lists may be */
	"fire-reply-references-only.eml", /* Cc'd while a fix is coordinated */
	"fire-private-reply-adds-distros.eml",
	/* Follow-ups in a public thread: a note, and neither dropping the
	 * distros list nor tagging the reply is for seclint to do. */
	"near-applied-thanks-public-thread.eml",
	"near-kbuild-robot-reply.eml",
	"near-v2-in-reply-to-public-thread.eml",
	NULL,
};

static gboolean is_declined(const char *name)
{
	return g_strv_contains(declined, name);
}

/* Left as it was, with a note saying why (a public thread's follow-up
 * draws one from each of the two rules). */
static void expect_declined(const char *text, const char *rule_id)
{
	struct sl_fix_result r = { 0 };
	g_autoptr(GError) error = NULL;
	g_autofree char *note = g_strdup_printf("not fixed [%s]: ", rule_id);
	gboolean said = FALSE;

	assert_true(sl_fix_message(text, strlen(text), policy, NULL, NULL, &r,
				   &error));
	assert_int_equal(r.edits, 0);
	assert_string_equal(r.text->str, text);
	assert_in_range(r.notes->len, 1, 2);
	for (guint i = 0; i < r.notes->len; i++)
		if (g_str_has_prefix(r.notes->pdata[i], note))
			said = TRUE;
	assert_true(said);
	sl_fix_result_clear(&r);
}

static void fix_fixtures(const char *rule_id)
{
	g_autofree char *dir = g_build_filename(fixtures, "rules", rule_id, NULL);
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	const char *name;
	unsigned fixed = 0;

	assert_non_null(d);
	while ((name = g_dir_read_name(d))) {
		g_autofree char *path = g_build_filename(dir, name, NULL);
		g_autofree char *text = NULL;
		g_autofree char *out = NULL;

		if ((!g_str_has_prefix(name, "fire-") &&
		     !g_str_has_prefix(name, "near-")) ||
		    !g_str_has_suffix(name, ".eml"))
			continue;
		assert_true(g_file_get_contents(path, &text, NULL, NULL));
		print_message("%s/%s\n", rule_id, name);
		if (is_declined(name)) {
			expect_declined(text, rule_id);
			continue;
		}
		out = fix_ok(text, rule_id);
		fixed++;
	}
	assert_true(fixed >= 3);
}

static void test_fixtures_ksec(void **state)
{
	(void)state;
	fix_fixtures("ksec-with-linux-distros");
}

static void test_fixtures_missing_tag(void **state)
{
	(void)state;
	fix_fixtures("distros-missing-vs-tag");
}

static void test_fixtures_malformed_tag(void **state)
{
	(void)state;
	fix_fixtures("distros-vs-tag-malformed");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_drop_positions),
		cmocka_unit_test(test_drop_crlf),
		cmocka_unit_test(test_drop_groups),
		cmocka_unit_test(test_drop_spellings),
		cmocka_unit_test(test_drop_impersonation),
		cmocka_unit_test(test_subject_plain),
		cmocka_unit_test(test_subject_respell),
		cmocka_unit_test(test_subject_encoded),
		cmocka_unit_test(test_message_cc_headers),
		cmocka_unit_test(test_message_split_then_no_tag),
		cmocka_unit_test(test_message_followup_left),
		cmocka_unit_test(test_message_mbox_slice),
		cmocka_unit_test(test_fixtures_ksec),
		cmocka_unit_test(test_fixtures_missing_tag),
		cmocka_unit_test(test_fixtures_malformed_tag),
	};
	g_autoptr(GError) error = NULL;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: test_fix TESTS-DIR\n");
		return 2;
	}
	fixtures = argv[1];
	g_mime_init();
	policy = sl_policy_open(SECLINT_SOURCE_POLICY, NULL, &error);
	if (!policy) {
		fprintf(stderr, "test_fix: %s\n", error->message);
		return 2;
	}
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	sl_policy_free(policy);
	g_mime_shutdown();
	return rc;
}
