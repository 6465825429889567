// SPDX-License-Identifier: GPL-2.0-only
#include "literals.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

/* A sender presenting what they found: "I discovered", "we found",
 * "Security impact:", "seems to have security implications", "a way to
 * crash it". */
static const char presents_finding[] =
	"(?i)\\b(I|we)( have|'ve)? (discovered|found|identified|noticed|"
	"spotted)\\b|\\bsecurity implications?\\b|\\bcrash(es|ing)?\\b";
static const struct sl_guard presents_finding_guard = {
	.has = (const char *const[]){
		"discovered", "found", "identified", "noticed", "spotted",
		"security implication", "crash", NULL
	},
	.caseless = TRUE,
};
/* Apart from the words: with a "^" branch among them PCRE2 has no start
 * set for the pattern, and tried every branch at every byte. */
static const char impact_heading[] = "(?im)^\\s*(security )?impact\\s*:";
static const struct sl_guard impact_heading_guard = {
	.has = (const char *const[]){ "impact", NULL }, .caseless = TRUE,
};

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_initial_report_text(c);

	if (!t)
		return;
	/* A patch posting (a cover letter, a backport sent as attachments)
	 * is a report only where it presents a finding of its sender.  The
	 * cheap questions first: the reproducer's patterns read the whole
	 * prose, many times. */
	if ((sl_msg_patch_subject(c->msg) ||
	     sl_msg_patch_attachment(c->msg)) &&
	    !sl_guarded_test(c->facts, presents_finding, 0,
			     &presents_finding_guard, t->prose->str) &&
	    !sl_guarded_test(c->facts, impact_heading, 0,
			     &impact_heading_guard, t->prose->str))
		return;
	if (sl_text_not_own_finding(t) || sl_facts_reproducer(c->facts, c->msg, t, FALSE))
		return;
	sl_report(c, "body", "the report shows no reproducer, steps to "
		  "reproduce or mention of one; an issue nobody can "
		  "reproduce is not treated as a security bug");
}

const struct sl_rule sl_rule_report_missing_reproducer = {
	.id = "report-missing-reproducer",
	.summary = "the report has no reproducer and does not mention one",
	.rationale =
		"Developers need to reproduce a problem to fix it, and the "
		"2026 text says that an issue that cannot be reproduced is "
		"not exploitable and thus not a security bug; AI tools can "
		"usually write a reproducer too.  An inline program, shell "
		"commands, numbered steps, a reproducer link or attachment "
		"all count, and so does saying that one is available on "
		"request (which is what a public report should do).  'No "
		"reproducer yet' does not.  A patch posting (a cover letter, "
		"backports sent as attachments) is judged only where it "
		"presents a finding of its sender ('I discovered', 'Security "
		"impact:', a crash), and a message that asks whether the code it "
		"quotes matters ('Do we care?') or passes on a report its "
		"sender received is no report of the sender's own: on real "
		"mail these were the false warnings.",
	.help = "add a reproducer (source, script, steps or a file-system "
		"image) or say that one is available on request",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow in 6.9\n\n"
		       "There is an overflow in foo_ioctl().\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow in 6.9\n\n"
			"There is an overflow in foo_ioctl(); a reproducer is "
			"available on request.\n",
	.check = check,
};
