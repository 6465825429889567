// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text to scan (rules/lib/text.c): which lines are prose, patch, log,
 * quote or signature, and the shared signals built on it (rules/lib/signals.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "facts.h"
#include "message.h"
#include "signals.h"
#include "text.h"

static void assert_has(const GString *s, const char *what)
{
	if (!strstr(s->str, what))
		fail_msg("'%s' not in:\n%s", what, s->str);
}

static void assert_lacks(const GString *s, const char *what)
{
	if (strstr(s->str, what))
		fail_msg("'%s' unexpectedly in:\n%s", what, s->str);
}

static void test_quotes_and_signature(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"Hello,\n> quoted words\nown words\n-- \nAlice, Linux 6.9\n");

	(void)state;
	assert_has(t->prose, "own words");
	assert_lacks(t->prose, "quoted");
	assert_has(t->quoted, "> quoted words");
	assert_string_equal(t->signature, "Alice, Linux 6.9\n");
	assert_int_equal(t->prose_lines, 2);
}

static const char patch[] =
	"Take a reference.\n\n"
	"Signed-off-by: A <a@reporter.test>\n"
	"---\n"
	"diff --git a/foo.c b/foo.c\n"
	"index 1111111..2222222 100644\n"
	"--- a/foo.c\n"
	"+++ b/foo.c\n"
	"@@ -1,3 +1,3 @@\n"
	" context\n"
	"-- \n"			/* a removed line "- ", not a signature */
	"+new line\n"
	" context\n"
	"-- \n"
	"2.43.0\n";

static void test_patch_regions(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(patch);

	(void)state;
	assert_int_equal(t->hunks, 1);
	assert_int_equal(t->broken_hunks, 0);
	assert_has(t->patch, "+new line");
	assert_has(t->patch, "diff --git a/foo.c");
	assert_lacks(t->prose, "new line");
	assert_has(t->prose, "Signed-off-by: A");
	assert_string_equal(t->signature, "2.43.0\n");
}

static void test_plain_diff_and_prose_after(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"Something like:\n"
		"--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-old\n+new\n"
		"Would that work?\n");

	(void)state;
	assert_int_equal(t->hunks, 1);
	assert_has(t->patch, "-old");
	assert_has(t->prose, "Would that work?");
	assert_lacks(t->prose, "+new");
}

static void test_broken_hunk(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"--- a/foo.c\n+++ b/foo.c\n@@ -1,3 +1,4 @@\n"
		" a\n+\tif (x &&\ny)\n b\n c\n");

	(void)state;
	assert_int_equal(t->hunks, 1);
	assert_int_equal(t->broken_hunks, 1);
	assert_has(t->prose, "y)");
}

static void test_dash_lines_are_not_a_patch(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"Summary\n---\n--- not a diff\n+++ neither\nplain\n");

	(void)state;
	assert_int_equal(t->hunks, 0);
	assert_int_equal(t->patch_lines, 0);
	assert_has(t->prose, "--- not a diff");
}

/* git format-patch --binary: the base85 data is patch, not prose. */
static const char binary_patch[] =
	"Replace the blob.\n"
	"---\n"
	"diff --git a/b.bin b/b.bin\n"
	"index 2f80ba2d0304f08ad583c74f6a3f5271562ec999..c3c14721816bcd247222"
	"adad45399283a9c0fe61 100644\n"
	"GIT binary patch\n"
	"literal 40\n"
	"ycmV+@0N4Lm6os`fdpZ?<3vME%NDU;Z7s8_US+YCIxyJ4FQ$ZGYxf-;qSs6A=<q=%~\n"
	"\n"
	"literal 8\n"
	"PcmZQzWXed*$;k%*20{WD\n"
	"\n"
	"Does this look right?\n";

static void test_binary_patch(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(binary_patch);

	(void)state;
	assert_has(t->patch, "GIT binary patch\nliteral 40\nycmV+@0N4Lm6os");
	assert_has(t->patch, "literal 8\nPcmZQzWXed*$;k%*20{WD\n");
	assert_lacks(t->prose, "ycmV");
	assert_lacks(t->prose, "literal");
	assert_has(t->prose, "Replace the blob.");
	assert_has(t->prose, "Does this look right?");
	assert_int_equal(t->prose_lines, 3);	/* with the "---" line */
}

/* Near misses: "literal 40" in prose, and a word of the base85 alphabet
 * too short for its letter ('T': 20 bytes, 25 characters), which ends
 * the binary data. */
static void test_not_binary_data(void **state)
{
	g_autoptr(sl_text) prose = sl_text_scan(
		"GIT binary patch\nliteral 40\nPcmZQzWXed*$;k%*20{WD\n");
	g_autoptr(sl_text) cut = sl_text_scan(
		"diff --git a/b.bin b/b.bin\nGIT binary patch\nliteral 8\n"
		"PcmZQzWXed*$;k%*20{WD\nThanks!\nPlease apply\n");

	(void)state;
	assert_int_equal(prose->patch_lines, 0);
	assert_has(prose->prose, "literal 40\nPcmZQ");
	assert_has(cut->patch, "PcmZQzWXed*$;k%*20{WD\n");
	assert_has(cut->prose, "Thanks!\nPlease apply");
	assert_lacks(cut->patch, "Thanks");
}

/* The diffstat git format-patch writes under "---" is patch too. */
static void test_diffstat(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"Fix it.\n---\n"
		" foo.c                  |  3 ++-\n"
		" .../long/path/name.c   | 12 ++++++++++++\n"
		" bar/baz.bin            | Bin 0 -> 12 bytes\n"
		" {old => new}/moved.c   |  0\n"
		" 4 files changed, 14 insertions(+), 1 deletion(-)\n"
		" create mode 100644 bar/baz.bin\n"
		" rename {old => new}/moved.c (100%)\n"
		"\n"
		"diff --git a/foo.c b/foo.c\n"
		"--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-old\n+new\n");

	(void)state;
	assert_has(t->prose, "Fix it.\n---\n");
	assert_lacks(t->prose, "|");
	assert_lacks(t->prose, "changed");
	assert_lacks(t->prose, "mode");
	assert_lacks(t->prose, "rename");
	assert_has(t->patch, " foo.c                  |  3 ++-\n");
	assert_has(t->patch, "Bin 0 -> 12 bytes\n");
	assert_has(t->patch, "(100%)\n\ndiff --git");
	assert_int_equal(t->prose_lines, 2);
	assert_int_equal(t->hunks, 1);
}

/* Near misses: a table under "---" and a diffstat not under "---". */
static void test_not_diffstat(void **state)
{
	g_autoptr(sl_text) table = sl_text_scan(
		"Results:\n---\n kernel | 6.9 and later\n 1 file changed\n");
	g_autoptr(sl_text) loose = sl_text_scan(
		"It touches:\n foo.c | 3 ++-\n");
	g_autoptr(sl_text) after = sl_text_scan(
		"---\n foo.c | 3 ++-\nThanks, that is all.\n");

	(void)state;
	assert_int_equal(table->patch_lines, 0);
	assert_has(table->prose, " kernel | 6.9 and later\n 1 file changed\n");
	assert_int_equal(loose->patch_lines, 0);
	assert_has(after->patch, " foo.c | 3 ++-\n");
	assert_has(after->prose, "Thanks, that is all.");
}

static void test_kasan_log(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"I see this on boot:\n\n"
		"==================================================================\n"
		"BUG: KASAN: slab-use-after-free in foo_complete+0x42/0x90\n"
		"Read of size 8 at addr ffff888012345678 by task poc/1\n"
		"\n"
		"CPU: 0 PID: 1 Comm: poc Not tainted 6.9.0-rc3 #1\n"
		"Call Trace:\n"
		" <TASK>\n"
		" dump_stack_lvl+0x100/0x190\n"
		" </TASK>\n"
		"\n"
		"Allocated by task 1:\n"
		"==================================================================\n"
		"\n"
		"The root cause is a missing reference.\n"
		"  int main(void) { return 0; }\n");

	(void)state;
	assert_has(t->log, "BUG: KASAN");
	assert_has(t->log, "Not tainted 6.9.0-rc3");
	assert_has(t->log, "Allocated by task 1");
	assert_has(t->log, "dump_stack_lvl");
	assert_lacks(t->prose, "KASAN");
	assert_lacks(t->prose, "======");
	assert_has(t->prose, "The root cause");
	assert_has(t->prose, "int main(void)");
	assert_int_equal(t->log_reports, 1);
}

static void test_indented_code_after_log_is_prose(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"BUG: KASAN: use-after-free in f+0x1/0x2\n"
		"\n"
		"    int main(void)\n"
		"    {\n");

	(void)state;
	assert_has(t->prose, "int main(void)");
	assert_lacks(t->log, "main");
}

static void test_dmesg_and_syzbot_header(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"Log:\n"
		"[   12.345678] foo: probe failed\n"
		"[   12.345679][ T123] WARNING: CPU: 0 PID: 123 at foo.c:10\n"
		"\n"
		"HEAD commit:    0123456789ab Linux 6.9\n"
		"git tree:       upstream\n"
		"\n"
		"My analysis follows.\n");

	(void)state;
	assert_has(t->log, "probe failed");
	assert_has(t->log, "git tree:");
	assert_has(t->prose, "My analysis follows.");
	assert_lacks(t->prose, "HEAD commit");
	assert_int_equal(t->log_reports, 2);
}

static void test_clearsigned(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan(
		"-----BEGIN PGP SIGNED MESSAGE-----\n"
		"Hash: SHA256\n"
		"\n"
		"The report.\n"
		"- --- a/foo.c\n"
		"- -- \n"
		"Still the report.\n"
		"-----BEGIN PGP SIGNATURE-----\n"
		"\n"
		"iQEzBAEBCAAdFiEE\n"
		"-----END PGP SIGNATURE-----\n");

	(void)state;
	assert_true(t->clearsigned);
	assert_has(t->prose, "The report.");
	assert_has(t->prose, "--- a/foo.c");
	assert_lacks(t->prose, "Hash:");
	assert_lacks(t->prose, "iQEz");
	assert_lacks(t->prose, "- --- a/foo.c");
	assert_lacks(t->prose, "Still the report.");	/* after "-- " */
	assert_string_equal(t->signature, "Still the report.\n");
	assert_false(t->encrypted);
}

static void test_encrypted(void **state)
{
	g_autoptr(sl_text) own = sl_text_scan(
		"-----BEGIN PGP MESSAGE-----\n\nhQEMA\n-----END PGP MESSAGE-----\n");
	g_autoptr(sl_text) quoted = sl_text_scan(
		"Decrypted fine.\n> -----BEGIN PGP MESSAGE-----\n> hQEMA\n");

	(void)state;
	assert_true(own->encrypted);
	assert_false(quoted->encrypted);
}

static void test_crlf_and_empty(void **state)
{
	g_autoptr(sl_text) t = sl_text_scan("one\r\n> two\r\n");
	g_autoptr(sl_text) e = sl_text_scan("");

	(void)state;
	assert_string_equal(t->prose->str, "one\n");
	assert_int_equal(e->prose_lines, 0);
	assert_string_equal(e->signature, "");
}

static void test_unnegated(void **state)
{
	g_autoptr(GRegex) re = g_regex_new("\\bAI\\b", 0, 0, NULL);
	g_autofree char *no = sl_text_find_unnegated(
		re, "I did not use AI for this.", NULL);
	g_autofree char *yes = NULL;
	g_autofree char *sentence = NULL;

	(void)state;
	assert_null(no);
	yes = sl_text_find_unnegated(re, "No reply yet. Then AI found it.",
				     &sentence);
	assert_non_null(yes);
	assert_string_equal(sentence, " Then AI found it");
}

static void test_ai_disclosure(void **state)
{
	static const char *const found[] = {
		"I found this bug using Claude.",
		"It was discovered with the help of an AI-based scanner.",
		"Our LLM agent flagged foo().",
		/* Each spelling of a name, past the cheap test for one. */
		"Spotted via GPT-4 last week.",
		"We detected it using machine learning.",
		"It was discovered by DeepSeek.",
		"Found with a large language model.",
		"This reproducer was LLM-generated.",
		"Based on an ai-assisted review.",
		"It was caught by the A.I. scanner we run.",
	};
	static const char *const not_found[] = {
		"I did not use AI to find it.",
		"I used ChatGPT to polish the English.",
		"Found by manual review, without any AI assistance.",
		"Please reply by mail.",
	};
	gboolean trailer;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(found); i++) {
		g_autoptr(sl_text) t = sl_text_scan(found[i]);
		g_autofree char *hit = sl_text_ai_disclosure(NULL, t, &trailer);

		if (!hit)
			fail_msg("missed: %s", found[i]);
		assert_false(trailer);
	}
	for (size_t i = 0; i < G_N_ELEMENTS(not_found); i++) {
		g_autoptr(sl_text) t = sl_text_scan(not_found[i]);
		g_autofree char *hit = sl_text_ai_disclosure(NULL, t, &trailer);

		if (hit)
			fail_msg("'%s' in: %s", hit, not_found[i]);
	}
}

/* Each kind of reproducer content, and text that holds a pattern's
 * strings but no match (the strings only spare the patterns). */
static void test_reproducer_kinds(void **state)
{
	static const char *const cases[][2] = {
		{ "Build it:\n  int main(void) { return poke(); }\n",
		  "an inline program" },
		{ "#!/bin/sh\ncat /dev/foo\n", "an inline program" },
		{ "$ ls /dev/foo\n$ cat /dev/foo\n", "shell commands" },
		{ "# insmod foo.ko\n# rmmod foo\n", "shell commands" },
		{ "Then run ./poc twice.\n", "commands to run" },
		{ "gcc -o poc poc.c\n", "commands to run" },
		{ "echo 1 > /proc/sys/foo/bar\n", "commands to run" },
		{ "syz repro: https://example.org/x\n",
		  "a link to a reproducer" },
		{ "Oops.\n  C reproducer:\thttp://example.org/r.c\n",
		  "a link to a reproducer" },
		{ "Send a C reproducer: https://example.org/x\n", NULL },
		{ "Please maintain the driver.\n", NULL },
		{ "It costs $ 5 and # 3 alone.\n", NULL },
		{ "See https://example.org/ and make sure it is fixed.\n",
		  NULL },
	};
	g_autoptr(sl_message) msg = sl_message_new();

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(sl_text) t = sl_text_scan(cases[i][0]);
		const char *got = sl_text_reproducer(msg, t, TRUE);

		if (g_strcmp0(got, cases[i][1]))
			fail_msg("'%s': %s, not %s", cases[i][0],
				 got ? got : "none",
				 cases[i][1] ? cases[i][1] : "none");
	}
}

/* The answers kept in the facts (sl_facts_reproducer()) are the text's,
 * asked in any order, and a text or message not the facts' own is never
 * answered from them. */
static const char *or_none(const char *kind)
{
	return kind ? kind : "none";
}

static void test_reproducer_kept(void **state)
{
	static const char *const texts[] = {
		"Build it:\n  int main(void) { return poke(); }\n",
		"$ ls /dev/foo\n$ cat /dev/foo\n",
		"A reproducer is available on request.\n",
		"No reproducer could be produced.\n",
		"Please maintain the driver.\n",
		"\xff\xfe reproducer \xc3\n$ ls\n$ cat\n",
	};
	static const gboolean orders[][3] = {
		{ TRUE, FALSE, TRUE }, { FALSE, TRUE, FALSE },
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
		for (size_t o = 0; o < G_N_ELEMENTS(orders); o++) {
			g_autoptr(sl_message) msg = sl_message_new();
			g_autoptr(sl_message) other_msg = sl_message_new();
			g_auto(sl_facts) facts = SL_FACTS_INIT(msg, NULL);
			const size_t j = (i + 1) % G_N_ELEMENTS(texts);
			g_autoptr(sl_text) other = sl_text_scan(texts[j]);
			const struct sl_text *t;

			g_string_assign(msg->body, texts[i]);
			t = sl_facts_text(&facts);
			for (int k = 0; k < 3; k++) {
				gboolean only = orders[o][k];

				assert_string_equal(
					or_none(sl_facts_reproducer(
						&facts, msg, t, only)),
					or_none(sl_text_reproducer(msg, t,
								   only)));
				/* neither another text nor another message
				 * has the facts' answer */
				assert_string_equal(
					or_none(sl_facts_reproducer(
						&facts, msg, other, only)),
					or_none(sl_text_reproducer(msg, other,
								   only)));
				assert_ptr_equal(
					sl_facts_reproducer(&facts, other_msg,
							    other, only),
					sl_text_reproducer(other_msg, other,
							   only));
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quotes_and_signature),
		cmocka_unit_test(test_patch_regions),
		cmocka_unit_test(test_plain_diff_and_prose_after),
		cmocka_unit_test(test_broken_hunk),
		cmocka_unit_test(test_dash_lines_are_not_a_patch),
		cmocka_unit_test(test_binary_patch),
		cmocka_unit_test(test_not_binary_data),
		cmocka_unit_test(test_diffstat),
		cmocka_unit_test(test_not_diffstat),
		cmocka_unit_test(test_kasan_log),
		cmocka_unit_test(test_indented_code_after_log_is_prose),
		cmocka_unit_test(test_dmesg_and_syzbot_header),
		cmocka_unit_test(test_clearsigned),
		cmocka_unit_test(test_encrypted),
		cmocka_unit_test(test_crlf_and_empty),
		cmocka_unit_test(test_unnegated),
		cmocka_unit_test(test_ai_disclosure),
		cmocka_unit_test(test_reproducer_kinds),
		cmocka_unit_test(test_reproducer_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
