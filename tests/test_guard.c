// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guards (rules/lib/literals.c): the cheap tests that spare a pattern the
 * texts it cannot match.  The helpers on their own, then every guard of
 * the rules proven in place: with SECLINT_CHECK_LITERALS=1 each text a
 * guard turns away is matched all the same, and a match aborts.  The
 * rules' fixtures and hostile lines (Unicode spaces, the Kelvin sign and
 * long s that (?i) folds to k and s, CRLF, invalid UTF-8, long lines)
 * are linted so, under every profile.
 * usage: test_guard FIXTURE-DIR (tests/rules) POLICY-DIR (rules/profiles)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <string.h>

#include "engine.h"
#include "input.h"
#include "literals.h"
#include "message.h"
#include "policy.h"
#include "rule.h"
#include "signals.h"
#include "testlib.h"

static const char *fixture_dir, *profile_dir;

static void test_caseless(void **state)
{
	static const char *const keys[] = { "head commit:", "syz repro:",
					    "kernel config:", NULL };
	g_autofree char *big = NULL;

	(void)state;
	assert_true(sl_literals_found("x\nhead COMMIT: y", keys));
	assert_true(sl_literals_found("SYZ REPRO:", keys));
	assert_false(sl_literals_found("head commit", keys));
	assert_false(sl_literals_found("", keys));
	/* The Kelvin sign and the long s are k and s to (?i). */
	assert_true(sl_literals_found("\xe2\x84\xaa" "ernel config:", keys));
	assert_true(sl_literals_found("\xc5\xbf" "yz repro:", keys));
	assert_false(sl_literals_found("\xe2\x84\xaa" "ernel confi:", keys));
	/* Other bytes above ASCII are no letters of a needle. */
	assert_false(sl_literals_found("\xc4\xb0" "EAD commit:", keys));
	/* Invalid UTF-8, a lone half of a Kelvin sign, CRLF. */
	assert_false(sl_literals_found("\xe2\x84" "ernel config:", keys));
	assert_true(sl_literals_found("\xff\xfe\r\nhead commit:\r\n", keys));
	/* An empty needle is in every text. */
	assert_true(sl_literals_found("", (const char *const[]){ "", NULL }));
	/* A long text, at its end. */
	big = g_strnfill(100000, 'a');
	assert_false(sl_literals_found(big, keys));
	memcpy(big + 100000 - 10, "syz REPRO:", 10);
	assert_true(sl_literals_found(big, keys));
	memcpy(big + 100000 - 10, "syz REPRO ", 10);
	assert_false(sl_literals_found(big, keys));
}

static gboolean short_line(const char *text)
{
	return strlen(text) < 4;
}

static void test_passes(void **state)
{
	static const struct sl_guard none = { 0 };
	static const struct sl_guard first = { .first = "#-" };
	static const struct sl_guard spaced = { .first = "#", .space = TRUE };
	static const struct sl_guard bytes = { .bytes = ";{" };
	const struct sl_guard has = {
		.has = (const char *const[]){ "**", NULL }
	};
	const struct sl_guard either = {
		.first = "F", .has = (const char *const[]){ ".c:", NULL }
	};
	static const struct sl_guard may = { .may = short_line };

	(void)state;
	assert_true(sl_guard_passes(NULL, &none, ""));
	assert_true(sl_guard_passes(NULL, &first, "# x"));
	assert_true(sl_guard_passes(NULL, &first, "---"));
	assert_false(sl_guard_passes(NULL, &first, " # x"));
	assert_false(sl_guard_passes(NULL, &first, ""));	/* not strchr's NUL */
	assert_true(sl_guard_passes(NULL, &spaced, " \t\r\v\f# x"));
	assert_false(sl_guard_passes(NULL, &spaced, " \t x#"));
	assert_false(sl_guard_passes(NULL, &spaced, "   "));
	/* A byte above ASCII may be a Unicode space (U+00A0, U+3000). */
	assert_true(sl_guard_passes(NULL, &spaced, "\xc2\xa0# x"));
	assert_true(sl_guard_passes(NULL, &spaced, " \xe3\x80\x80# x"));
	assert_true(sl_guard_passes(NULL, &bytes, "int x;"));
	assert_false(sl_guard_passes(NULL, &bytes, "int x"));
	assert_true(sl_guard_passes(NULL, &has, "a **b** c"));
	assert_false(sl_guard_passes(NULL, &has, "a *b* c"));
	assert_true(sl_guard_passes(NULL, &either, "Fixes: x"));
	assert_true(sl_guard_passes(NULL, &either, "foo.c:12: warning: x"));
	assert_false(sl_guard_passes(NULL, &either, "foo.h:12: x"));
	assert_true(sl_guard_passes(NULL, &may, "abc"));
	assert_false(sl_guard_passes(NULL, &may, "abcd"));
}

/*
 * The agent-name pattern's first-word test (rules/lib/signals.c), under
 * the check mode main() sets: a name it turns away that the pattern
 * matches aborts the test.  Names a tool signs with, a maker before the
 * name (joined by white space, '_' or '-'), leading \s of every kind,
 * people's names (with "ai" or a tool's name inside), and names above
 * ASCII, which the pattern's caseless UTF-8 matching reads itself.
 */
static void test_agent_name(void **state)
{
	static const char *const tools[] = {
		"Claude", "claude opus 4.5", "GitHub Copilot", "GitHub_Copilot",
		"github-copilot", "OpenAI Codex", "ChatGPT", "GPT-5", "gpt-4.1",
		"\v\f\r\t\n Gemini Pro", "A.I.", "AI", "LLM",
		"DeepSeek", "Grok 3", "Large language model",
		"Language Model", "Machine learning", "Mistral",
		"Microsoft Copilot", "Google Gemini", "Anthropic Claude",
		"Llama 3.1",
	};
	static const char *const people[] = {
		"Kai Smith", "Aidan", "Jane Developer", "", "   ", "Dr. Claude",
		"Copilot Smith", "ai", "Mr AI", "Open AI", "Claude Dupont",
		"Gemma", "LL M", "gpt4o", "A.I. Assistant",
	};
	static const char *const wide[] = {
		"Deep\xc5\xbf" "eek", "Gro\xe2\x84\xaa",
		"\xc2\xa0" "Claude", "Zo\xc3\xab",
	};

	(void)state;
	for (gsize i = 0; i < G_N_ELEMENTS(tools); i++)
		assert_int_not_equal(sl_text_agent_name(tools[i]),
				     SL_AGENT_NAME_NO);
	/* People's names and near misses, whatever the pattern says of
	 * them: where the test turns one away, the check mode proves the
	 * pattern does too. */
	for (gsize i = 0; i < G_N_ELEMENTS(people); i++)
		(void)sl_text_agent_name(people[i]);
	assert_int_equal(sl_text_agent_name("Kai Smith"), SL_AGENT_NAME_NO);
	assert_int_equal(sl_text_agent_name("Claude Dupont"),
			 SL_AGENT_NAME_NO);
	assert_int_equal(sl_text_agent_name("Claude"), SL_AGENT_NAME_MAYBE);
	assert_int_equal(sl_text_agent_name("GitHub_Copilot"),
			 SL_AGENT_NAME_YES);
	/* Above ASCII the pattern decides: the long s and the Kelvin sign
	 * are s and k to it. */
	assert_int_equal(sl_text_agent_name(wide[0]), SL_AGENT_NAME_YES);
	assert_int_equal(sl_text_agent_name(wide[1]), SL_AGENT_NAME_YES);
	for (gsize i = 2; i < G_N_ELEMENTS(wide); i++)
		(void)sl_text_agent_name(wide[i]);
	assert_int_equal(sl_text_agent_name(NULL), SL_AGENT_NAME_NO);
}

static void test_guarded(void **state)
{
	const struct sl_guard fence = {
		.has = (const char *const[]){ "```", NULL }
	};

	(void)state;
	assert_true(sl_guarded_test(NULL, "^\\s*```", 0, &fence,
				    "\xe2\x80\x83```c"));
	assert_false(sl_guarded_test(NULL, "^\\s*```", 0, &fence, "x ```"));
	assert_false(sl_guarded_test(NULL, "^\\s*```", 0, &fence, "~~~"));
	assert_int_equal(sl_guarded_count(NULL, "```", 0, &fence, "``` ```"),
			 2);
	assert_int_equal(sl_guarded_count(NULL, "```", 0, &fence, "`` ``"),
			 0);
}

/* Lines that reach each guarded pattern by an unusual way: (?i) with the
 * Kelvin sign and long s, Unicode spaces where \s is, CRLF, bytes that
 * are not UTF-8, a NUL-free long line. */
static const char *const hostile_lines[] = {
	"\xc5\xbfyzbot found the following issue on:",
	"syzbot found the following issue on:",
	"HEAD commit:    1234567890ab Linux 6.9",
	"\xe2\x84\xaa" "ernel config:  https://example.org/x",
	"hEAD COMMIT: 1", "git TREE: x", "\xc2\xa0" "C reproducer: x",
	"dashboard lin\xe2\x84\xaa: x", "userspa\xc5\xbf" "e arch: amd64",
	"Downloadable assets:", "compiler: gcc",
	"foo.c:12:3: warning: unused variable 'x' [-Wunused]",
	"drivers/x/y.h:1: error: z",
	"Reported-by: syzbot+0123abcd@syzkaller.appspotmail.com",
	"https://syzkaller.appspot.com/bug?extid=0123",
	"#syz test", "-----", "===", "~~~~", "^^^^", "Fixes: 0123456789ab (\"x\")",
	"Link: https://lore.kernel.org/x",
	"Hi,", "Thanks!", "Regards,", "Alice", "Alice Smith,",
	"Thank you for the quick reply, and greetings to all of you.",
	"greetings\xe3\x80\x80" "and\xe2\x80\x83" "all", "x\xc2\xa0y z,",
	"## Summary", "# Title", "**Impact:** local root",
	"__bold words here__", "```c", "\xe2\x80\x83~~~", "[link](https://x.org)",
	"| a | b |", "|---|---|", " - [x] done", "* [ ] todo",
	".. code-block:: c", "``literal``", "\tint x;", "    indented",
	"#include <stdio.h>", "} else {", "// comment", "/* c */",
	"x = 1;\xc2\xa0", "if (x) {\t ", "\xe2\x80\x83// c",
	"\xc2\xa0#  include <x>", " \t*/", "a/b and c;d in prose",
	"tested on 4.4.1 and 3.16", "introduced in commit abcd (3.2)",
	"since v5.4-rc1,", "CVSS 3.1", "x\xe2\x80\x83" "5.\xd9\xa4",
	"2.6.32 and 7.1", "4.9.",
	"a u\xc5\xbf" "e-after-free here", "USE AFTER FREE", "in foo_ioctl()",
	"a deadloc\xe2\x84\xaa", "NULL-pointer", "Denial of service",
	"No functional change intended.", "NO BEHAVIOUR CHANGE",
	"This does not make any user-visible change.",
	"introduced by the \xe2\x84\xaa" "compiler", "caused by GCC",
	"clang (16) introduces it", "compiler-introduced",
	"reported-BY: x", "closes: https://x", "cC: stable@vger.kernel.org",
	"Signed-off-by: A <a@b.c>", "signed-off-by: a b@c",
	"We have discovered a vulnerability.", "security impact:",
	"\xe2\x80\x83Impact :", "this is a \xc5\xbf" "ecurity implication",
	"it cra\xc5\xbfhes", "I spotted it", "we've noticed",
	"Security Impact: local root", "Vulnerability details:",
	"attack scenario:", "exploitation:",
	"I found several security issues", "a PoC and an exploit",
	"run this as an unprivileged user", "the reproducer", "repro",
	"this is embargoed", "still undisclosed", "not yet public",
	"keep it confidential", "treat this private",
	"already posted", "fixed upstream", "sent it to linux-usb",
	"reported to lkml", "posted on the mailing list",
	"sent to foo@vger.kernel.org",
	"we've received a report on the security list",
	"\xff\xfe invalid \xc3", "line with CR\r",
	/* Reproducers: steps, commands, shell lines, after each kind of
	 * line break and Unicode white space, with folded letters. */
	"Steps to reproduce:", "\xc5\xbfteps to reproduce:",
	"HOW TO REPRODUCE (on x86):", "  to reproduce it :", "PoC:",
	"Proof of concept:", "reproducer:", "Repro\xe2\x80\x83:",
	"1. run the test", "12) Build it", "  - boot a VM", "* \tmmap it",
	"3.\xc2\xa0" "call it", "\xd9\xa3. run", "-\xe2\x80\x83" "echo x",
	"- \xc5\xbftart", "7.run", "-- run", "x\xc2\x85" "1. run it",
	"x\xe2\x80\xa8" "Steps to reproduce:", "x\rPoC:", "x\vpoc:",
	"x\f- run it", "\v\f\r\t repro:",
	"gcc -o poc poc.c", "\tmake", "  insmod x.ko", "mount -o loop a.img /mnt",
	"modprobe foo", "unshare -Urn", "ip link add x type veth",
	"tc qdisc add dev x root", "echo 1 > /proc/sys/x",
	"\xe2\x80\x83gcc -c x.c", "x\xe2\x80\xa9make x.o", "GCC -c x.c",
	"$ ./poc", "# insmod x.ko", "\xc2\xa0$ id", "x\r# id",
	"$ ./a\n$ ./b", "#!/bin/sh",
	NULL
};

static GString *hostile_body(void)
{
	GString *s = g_string_new(NULL);
	g_autofree char *longline = g_strnfill(20000, 'x');

	for (const char *const *l = hostile_lines; *l; l++)
		g_string_append_printf(s, "%s\n", *l);
	for (const char *const *l = hostile_lines; *l; l++)
		g_string_append_printf(s, "\n%s\n\n", *l);
	g_string_append_printf(s, "%s **x** \n", longline);
	return s;
}

/* Messages that route the hostile lines to every guarded rule: a report
 * to security@ and a list, a [PATCH] with a diff, a follow-up. */
static GPtrArray *hostile_messages(void)
{
	static const char *const heads[] = {
		"From: A <a@reporter.test>\nTo: security@kernel.org\n"
		"Cc: linux-kernel@vger.kernel.org\nSubject: foo: overflow\n",
		"From: A <a@reporter.test>\nTo: security@kernel.org\n"
		"Subject: [PATCH] foo: fix an overflow\n",
		"From: A <a@reporter.test>\nTo: security@kernel.org\n"
		"Cc: linux-kernel@vger.kernel.org\n"
		"Subject: [PATCH] foo: add a knob\n",
		"From: A <a@reporter.test>\nTo: security@kernel.org\n"
		"Subject: Re: foo\nIn-Reply-To: <x@y>\n",
	};
	static const char patch[] =
		"---\n"
		"diff --git a/foo.c b/foo.c\n"
		"--- a/foo.c\n+++ b/foo.c\n@@ -1,2 +1,2 @@\n"
		" context\n-old\n+new\n";
	g_autoptr(GString) body = hostile_body();
	g_autoptr(GString) filler = g_string_new(NULL);
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);

	for (size_t i = 0; i < G_N_ELEMENTS(heads); i++) {
		g_ptr_array_add(out, g_strdup_printf(
			"%sMessage-ID: <h%zu@reporter.test>\n"
			"Content-Type: text/plain; charset=utf-8\n\n%s%s",
			heads[i], i, body->str, i == 1 || i == 2 ? patch : ""));
		/* The lines alone, as the whole text. */
		for (const char *const *l = hostile_lines; *l; l++)
			g_ptr_array_add(out, g_strdup_printf(
				"%sContent-Type: text/plain; charset=utf-8\n"
				"\n%s\n%s", heads[i], *l,
				i == 1 || i == 2 ? patch : ""));
	}
	/* Each line first in a report of middling length, which
	 * report-too-long reads for a summary line by line. */
	for (int i = 0; i < 35; i++)
		g_string_append(filler, "plain words here\n");
	for (const char *const *l = hostile_lines; *l; l++)
		g_ptr_array_add(out, g_strdup_printf(
			"%sContent-Type: text/plain; charset=utf-8\n\n%s\n%s",
			heads[0], *l, filler->str));
	return out;
}

/* Each message of each text (one refused is skipped), with and without
 * --security. */
static void lint_all(const struct sl_policy *policy, GPtrArray *texts)
{
	for (guint i = 0; i < texts->len; i++) {
		const char *text = texts->pdata[i];
		g_autoptr(GPtrArray) msgs = sl_test_messages_new();
		gboolean mbox;

		if (!sl_input_parse(text, strlen(text), NULL, &mbox,
				    sl_test_keep, msgs, NULL))
			continue;
		for (guint j = 0; j < msgs->len; j++)
			for (int security = 0; security < 2; security++) {
				struct sl_lint_options o = {
					.security = security
				};

				/* the check mode aborts on a text a guard
				 * turned away wrongly: no finding is asked */
				g_ptr_array_unref(sl_lint_message_with(
					msgs->pdata[j], policy, &o));
			}
	}
}

/* The .eml files under @dir's sub-folders. */
static GPtrArray *fixtures(const char *dir)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GDir) top = g_dir_open(dir, 0, NULL);
	const char *name;

	assert_non_null(top);
	while ((name = g_dir_read_name(top))) {
		g_autofree char *sub = g_build_filename(dir, name, NULL);
		g_autoptr(GDir) d = g_dir_open(sub, 0, NULL);
		const char *f;

		while (d && (f = g_dir_read_name(d))) {
			g_autofree char *path = NULL;
			char *text = NULL;

			if (!g_str_has_suffix(f, ".eml"))
				continue;
			path = g_build_filename(sub, f, NULL);
			if (g_file_get_contents(path, &text, NULL, NULL))
				g_ptr_array_add(out, text);
		}
	}
	return out;
}

static void test_rules_in_place(void **state)
{
	g_autoptr(GPtrArray) texts = hostile_messages();
	g_autoptr(GPtrArray) more = fixtures(fixture_dir);
	g_autoptr(GDir) d = g_dir_open(profile_dir, 0, NULL);
	g_autoptr(sl_policy) plain = sl_policy_open(SECLINT_SOURCE_POLICY,
						    NULL, NULL);
	const char *name;

	(void)state;
	assert_non_null(plain);
	assert_true(more->len > 100);
	for (guint i = 0; i < more->len; i++)
		g_ptr_array_add(texts, g_strdup(more->pdata[i]));
	lint_all(plain, texts);
	assert_non_null(d);
	while ((name = g_dir_read_name(d))) {
		g_autofree char *profile = NULL;
		g_autoptr(sl_policy) p = NULL;

		if (!g_str_has_suffix(name, ".conf"))
			continue;
		profile = g_strndup(name, strlen(name) - 5);
		p = sl_policy_open(SECLINT_SOURCE_POLICY, profile, NULL);
		assert_non_null(p);
		lint_all(p, texts);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_caseless),
		cmocka_unit_test(test_passes),
		cmocka_unit_test(test_guarded),
		cmocka_unit_test(test_agent_name),
		cmocka_unit_test(test_rules_in_place),
	};

	if (argc != 3) {
		fprintf(stderr, "usage: test_guard FIXTURE-DIR PROFILE-DIR\n");
		return 2;
	}
	fixture_dir = argv[1];
	profile_dir = argv[2];
	/* Before any guard runs: it is read once. */
	g_setenv("SECLINT_CHECK_LITERALS", "1", TRUE);
	g_setenv("SECLINT_NOW", "2026-03-05T10:00:00Z", FALSE);
	g_mime_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
