// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "ai-help.h"
#include "context.h"
#include "literals.h"
#include "matches.h"
#include "message.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

static const char fixes_ok[] =
	"(?m)^Fixes: [0-9a-f]{12,40} \\(\".+\"\\)\\s*$";
/* Most patches have no Fixes: (a feature, a clean-up): not compiled
 * for them. */
static const struct sl_guard fixes_ok_guard = {
	.has = (const char *const[]){ "fixes: ", NULL },
	.caseless = TRUE,
};
static const char fixes_any[] = "(?im)^Fixes:";
/* Was "^Signed-off-by: .*\S+@\S+", which backtracked over each such
 * line: \S+@\S+ is somewhere after the colon exactly where \S@\S is,
 * and neither reaches past the line (what ends a line is white space). */
static const char signed_off[] = "(?im)^Signed-off-by: .*?\\S@\\S";

static const char fixes_parts[] =
	"(?m)^Fixes: ([0-9a-f]{12,40}) \\(\"(.+)\"\\)\\s*$";


/* With a repository: is the commit Fixes: names upstream, as it says? */
static void check_fixes_commit(struct sl_check *c, const char *prose)
{
	g_autoptr(GMatchInfo) mi = NULL;
	g_autofree char *sha = NULL;
	g_autofree char *subject = NULL;
	g_autofree char *known = NULL;
	g_autofree char *tail = NULL;

	if (!sl_check_has_upstream(c) ||
	    !g_regex_match(sl_regex_cached(fixes_parts, 0), prose,
			   0, &mi))
		return;
	sha = g_match_info_fetch(mi, 1);
	subject = g_match_info_fetch(mi, 2);
	known = sl_check_commit_upstream(c, sha);
	tail = g_strdup_printf("(\"%s\")", subject);
	if (!known)
		sl_report_capped(c, SL_SEV_WARNING, "body", "Fixes: names %s, "
				 "which is on no upstream branch of the "
				 "repository", sha);
	else if (!g_str_has_suffix(known, tail))
		sl_report_capped(c, SL_SEV_INFO, "body", "Fixes: gives %s the "
				 "subject \"%s\", but upstream it is %s", sha,
				 subject, known);
}

static void check_attachments(struct sl_check *c)
{
	for (guint i = 0; i < c->msg->parts->len; i++) {
		const struct sl_part *p = c->msg->parts->pdata[i];
		g_autofree char *where = NULL;

		if (!sl_part_is_patch(p))
			continue;
		where = g_strdup_printf("part %s", p->path);
		sl_report_capped(c, SL_SEV_WARNING, where, "the proposed fix %s is "
			     "attached; send it inline (git send-email) so it "
			     "can be applied and quoted",
			     p->filename ? p->filename : p->type);
	}
}

/*
 * Words of a fix in the Subject (without its [PATCH ...] tags, whose
 * branch names say "fixes") or the commit message, or the trailers of
 * one (Reported-by:, a Cc: to stable).  A patch without any is a
 * feature, a clean-up or a preparatory step, and has no commit for
 * Fixes: to name.
 */
static const char fix_words[] =
	"(?i)\\b(fix(es|ed|ing)?|bugs?|buggy|overflow(s|ed|ing)?|underflows?|"
	"overruns?|out[- ]of[- ]bounds?|oob|(info)?leak(s|ed|ing)?|"
	"crash(es|ed|ing)?|use[- ]after[- ]free|uaf|double[- ]free|"
	"races?|racy|racing|deadlocks?|null|dereferenc\\w*|panic\\w*|oops\\w*|"
	"corrupt\\w*|vulnerab\\w*|cve-\\d+|exploit\\w*|kasan|kmsan|ubsan|"
	"syzbot|syzkaller|uninitiali[sz]ed|missing|incorrect(ly)?|"
	"wrong(ly)?|invalid|broken|hangs?|lockups?|regression|prevent\\w*|"
	"avoid\\w*|validat\\w*|sanitiz\\w*|unchecked|bounds|bypass\\w*|"
	"privilege|denial of service|truncat\\w*|wrap(s|ped)?[- ]?around|"
	"mismatch\\w*|typos?)\\b";
/* A word of each branch of fix_words, at the start of a word as the
 * pattern's \b asks (but "leak", of "infoleak"), so that a text without
 * any (the Subject "net: add foo", a feature's message) does not compile
 * the pattern, the costliest of the rule's in a hook's one-message
 * process: "bound" for out-of-bounds and bounds, "free" for
 * use-after-free and double-free, "rac" for races, racy and racing. */
static const struct sl_guard fix_words_guard = {
	.has = (const char *const[]){
		"\\bfix", "\\bbug", "\\boverflow", "\\bunderflow",
		"\\boverrun", "\\bbound", "\\boob", "leak", "\\bcrash",
		"\\bfree", "\\buaf", "\\brac", "\\bdeadlock", "\\bnull",
		"\\bdereferenc", "\\bpanic", "\\boops", "\\bcorrupt",
		"\\bvulnerab", "\\bcve-", "\\bexploit", "\\bkasan",
		"\\bkmsan", "\\bubsan", "\\bsyz", "\\buninitiali",
		"\\bmissing", "\\bincorrect", "\\bwrong", "\\binvalid",
		"\\bbroken", "\\bhang", "\\blockup", "\\bregression",
		"\\bprevent", "\\bavoid", "\\bvalidat", "\\bsanitiz",
		"\\bunchecked", "\\bbypass", "\\bprivilege", "\\bdenial",
		"\\btruncat", "\\bwrap", "\\bmismatch", "\\btypo", NULL
	},
	.caseless = TRUE,
};
static const char fix_trailers[] = "(?i)^(Reported-by|Closes):|^Cc:.*\\bstable@";
static const struct sl_guard fix_trailers_guard = {
	.has = (const char *const[]){ "reported-by:", "closes:", "cc:", NULL },
	.caseless = TRUE,
};

/* Does @text (a Subject, the prose) say "fix" in any of these ways?
 * @facts: the message's (sl_facts_literals_found()). */
static gboolean says_fix(struct sl_facts *facts, const char *text)
{
	return sl_guarded_test(facts, fix_words, G_REGEX_MULTILINE,
			       &fix_words_guard, text) ||
	       sl_guarded_test(facts, fix_trailers, G_REGEX_MULTILINE,
			       &fix_trailers_guard, text);
}
static const char subject_tags[] = "^\\s*(\\[[^]]*\\]\\s*)*";

/* What says the patch changes nothing a Fixes: could date: "No
 * functional change", "doesn't cause any visible behavior changes", "No
 * code change"; or that no commit introduced the bug ("introduced by
 * GCC"). */
static const char no_fix_said[] =
	"(?i)\\bno (functional|behaviou?r(al)?|code|visible) changes?\\b|"
	"\\b(does ?n[o']t|does not|should ?n[o']t|should not|won'?t|will not)"
	" (cause|make|introduce) any (visible |functional |user[- ]visible )?"
	"(behaviou?r(al)? |functional )?changes?\\b|"
	"\\b(introduced|caused) by (the )?(gcc|clang|llvm|compiler)\\b|"
	"\\b(gcc|clang|llvm|the compiler)( \\([^)]*\\))? introduces\\b|"
	"\\bcompiler[- ]introduced\\b";
/* One of these is in every match, in any case: "no ... change", "... any
 * ... change" after "cause", "make" or "introduce", or a compiler. */
static const struct sl_guard no_fix_said_guard = {
	.has = (const char *const[]){
		"no functional change", "no behavio", "no code change",
		"no visible change", "e any ", "gcc", "clang", "llvm",
		"compiler", NULL
	},
	.caseless = TRUE,
};

/* A Subject that announces a feature: "dm-integrity: introduce the
 * fix_hmac argument", "foo: add a sysctl to ...", "bar: implement ...".
 * Without a word of a fix in the Subject itself, the patch is a feature
 * even when it credits a reporter (Reported-by:) or tells of a weakness
 * it hardens: there is no commit for Fixes: to name. */
static const char feature_subject[] =
	"(?i)^([\\w./-]+: )*(introduce|implement|support|"
	"add (support|an? (new )?(option|argument|parameter|knob|sysctl|"
	"flag|mode|feature|ioctl|interface|config(uration)? option)))\\b";
static const struct sl_guard feature_subject_guard = {
	.has = (const char *const[]){
		"introduce", "implement", "support", "add ", NULL
	},
	.caseless = TRUE,
};

/* A file of a test suite or of documentation: fstests' tests/generic/719,
 * selftests, Documentation/. */
static const char test_or_doc_path[] =
	"^(tests?/|tools/testing/|Documentation/)|/selftests/|"
	"\\.(rst|txt|md|out)$";
/* "test" is in tests/, test/, tools/testing/ and /selftests/. */
static const struct sl_guard test_or_doc_path_guard = {
	.has = (const char *const[]){
		"test", "documentation/", ".rst", ".txt", ".md", ".out", NULL
	},
	.caseless = TRUE,
};

/* The paths of the diff's "+++ b/" and "--- a/" lines: are there any,
 * and are they all tests or documentation? */
static gboolean diff_only_tests_or_docs(const char *patch)
{
	gboolean any = FALSE;

	/* Line by line, without splitting the whole patch. */
	for (const char *l = patch; *l;) {
		const char *end = l + strcspn(l, "\n");
		g_autofree char *path = NULL;

		if (g_str_has_prefix(l, "+++ b/") ||
		    g_str_has_prefix(l, "--- a/")) {
			path = g_strndup(l + 6, end - (l + 6));
			if (!sl_guarded_test(NULL, test_or_doc_path, 0,
					     &test_or_doc_path_guard, path))
				return FALSE;
			any = TRUE;
		}
		l = *end ? end + 1 : end;
	}
	return any;
}

/* Is this patch no fix, so that Fixes: does not apply: tests or
 * documentation only, no behaviour changed, or no word of a fix? */
static gboolean not_a_fix(struct sl_check *c, const struct sl_text *t)
{
	g_autofree char *subject = NULL;

	subject = sl_regex_replace_all(sl_regex_cached(subject_tags, 0),
				       c->msg->subject ? c->msg->subject : "",
				       "");
	if (diff_only_tests_or_docs(sl_facts_patch(c->facts)) ||
	    sl_guarded_test(c->facts, no_fix_said, 0, &no_fix_said_guard,
			    subject) ||
	    sl_guarded_test(c->facts, no_fix_said, 0, &no_fix_said_guard,
			    t->prose->str))
		return TRUE;
	if (says_fix(c->facts, subject))
		return FALSE;
	return sl_guarded_test(c->facts, feature_subject, 0,
			       &feature_subject_guard, subject) ||
	       !says_fix(c->facts, t->prose->str);
}

static void check_trailers(struct sl_check *c, const struct sl_text *t)
{
	gboolean ai;
	enum sl_severity fixes_sev = SL_SEV_WARNING;

	if (!sl_regex_test(signed_off, 0, t->prose->str))
		sl_report_capped(c, SL_SEV_WARNING, "body", "the proposed fix has "
			     "no Signed-off-by: line, so it cannot be merged "
			     "as it is");
	if (sl_guarded_test(c->facts, fixes_ok, 0, &fixes_ok_guard,
			    t->prose->str)) {
		check_fixes_commit(c, t->prose->str);
		return;
	}
	if (not_a_fix(c, t))
		return;
	/* What the message shows: --ai-assisted alone does not say that
	 * this patch fixes a bug AI found (a preparatory patch, a test). */
	ai = sl_check_ai_shown(c, NULL) != SL_AI_NONE;
	if (ai)
		fixes_sev = SL_SEV_ERROR;
	sl_report_capped(c, fixes_sev, "body", "the proposed fix has %s; add "
		     "Fixes: <12+ hex digits> (\"subject\") naming the commit "
		     "that introduced the bug%s",
		     sl_regex_test(fixes_any, 0, t->prose->str)
		     ? "a malformed Fixes: tag" : "no Fixes: tag",
		     ai ? " (the 2026 text says a fix proposed with AI help "
		     "must have one)" : "");
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_kernel_report_text(c, FALSE);

	if (!t)
		return;
	check_attachments(c);
	if (sl_msg_is_patch_submission(c->msg, t))
		check_trailers(c, t);
}

const struct sl_rule sl_rule_proposed_fix_not_mergeable = {
	.id = "proposed-fix-not-mergeable",
	.summary = "a proposed fix is not in a form that can be merged",
	.rationale =
		"The 2026 text asks for a tested fix formatted so that it can "
		"be merged at once, following submitting-patches.rst, and says "
		"a fix proposed with AI help must carry a Fixes: tag naming "
		"the commit that introduced the bug.  A patch (a diff with a "
		"[PATCH] Subject, a commit header or trailers) without "
		"Signed-off-by: or Fixes: gets a warning, an error for the "
		"missing Fixes: when the message shows that AI helped (it says "
		"so, or has an Assisted-by: or an AI agent's trailer; "
		"--ai-assisted alone does not make this patch a fix of the bug "
		"AI found); an attached "
		"patch should be inline.  Fixes: is asked only of a fix: a "
		"patch that touches only tests or documentation (an fstests "
		"case, a selftest, Documentation/), says it changes no "
		"behaviour, blames the compiler for the bug, announces a feature "
		"in its Subject (introduce, implement, add an option) with no "
		"word of a fix there, or has no word "
		"of a fix in its Subject or message (a feature, a "
		"preparatory step) gets no Fixes: finding; otherwise a "
		"Reported-by: or a Cc: to stable says fix.  On real mail these were the "
		"false warnings.  With a repository, the commit "
		"Fixes: names must be upstream and have the subject given.  A "
		"diff shown as an illustration, with no commit message, is left "
		"alone.",
	.help = "send the fix with git format-patch/send-email, with "
		"Signed-off-by: and Fixes: 0123456789ab (\"subject\")",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: [PATCH] foo: fix overflow\n\n"
		       "Check the length.\n---\n"
		       "--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: [PATCH] foo: fix overflow\n\n"
			"Check the length.\n\n"
			"Fixes: 0123456789ab (\"foo: add ioctl\")\n"
			"Signed-off-by: A <a@reporter.test>\n---\n"
			"--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.check = check,
};
