// SPDX-License-Identifier: GPL-2.0-only
#include "ai-help.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* Any word on building or testing the fix, done or not done; not in an
 * address or a path (alex@example.test, tools/testing/). */
static const char test_word[] =
	"(?i)(?<![.@/])\\b(test(s|ed|ing)?|untested|built|build(s|ing)?|"
	"compil(e|ed|es|ing|ation)|boot(ed|s|ing)?|verif(y|ied|ies|ying|"
	"ication)|confirm(ed|s)?|kasan|kselftests?|selftests?|checkpatch|"
	"sparse|smatch|W=1|no longer (crash|trigger|reproduce|fire|warn)\\w*|"
	"with (the|this) (patch|fix|change) applied)\\b|^Tested-by:";

static void check(struct sl_check *c)
{
	const char *how;
	const struct sl_text *t = sl_check_ai_report(c, TRUE, &how);

	if (!t || (!t->hunks && !sl_msg_patch_attachment(c->msg)) ||
	    sl_regex_test(test_word, G_REGEX_MULTILINE, t->prose->str))
		return;
	sl_report(c, "body", "the report %s and proposes a fix, but says "
		  "nothing on whether the fix was built and tested; if it "
		  "could not be, say so explicitly", how);
}

const struct sl_rule sl_rule_ai_fix_test_status_missing = {
	.id = "ai-fix-test-status-missing",
	.summary = "an AI-assisted report proposes a fix without a word on "
		   "building or testing it",
	.rationale =
		"The 2026-08 procedure for an AI assistant that finds bugs "
		"asks it to build and verify its fix, and to say explicitly "
		"what could not be done, such as a fix that could not be built "
		"or tested: maintainers lose much time on unverified reports "
		"and untested fixes.  The rule reads first reports under "
		"security-bugs.rst (or sent with --ai-assisted) that show AI "
		"help and carry a fix, inline (a diff, or git's patch format "
		"after the report) or attached, and reports one whose own text "
		"never speaks of building, compiling, booting, testing or "
		"verifying.  Silence may hide a fix that was tested, which the "
		"procedure does not make the report say, so this is a "
		"warning, not an error.  A message with a [PATCH] Subject is "
		"the patch posting, whose changelog is not the place for it, "
		"and is left alone; a missing reproducer is "
		"ai-report-missing-items' concern.",
	.help = "say how the fix was built and tested (build, reproducer, "
		"KASAN, selftests), or that it could not be",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow in foo_ioctl\n\n"
		       "Claude found an overflow in foo_ioctl(): the length\n"
		       "is not checked before the copy.  Candidate fix:\n\n"
		       "--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow in foo_ioctl\n\n"
			"Claude found an overflow in foo_ioctl(): the length\n"
			"is not checked before the copy.  Candidate fix, only\n"
			"compile-tested:\n\n"
			"--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.check = check,
};
