// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "context.h"
#include "message.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

/* Why the report counts as AI-assisted or automated, or NULL. */
static const char *ai_or_tool(struct sl_check *c, const struct sl_text *t,
			      char **said)
{
	gboolean trailer_only;

	*said = sl_text_ai_disclosure(c->facts, t, &trailer_only);
	if (*said)
		return "AI";
	return sl_text_automated(c->facts, c->msg, t) ? "an automated tool"
						      : NULL;
}

/*
 * Under a profile that sends an AI-found report and its reproducer to the
 * maintainers only (ai-report-maintainers-only=1, 2026-08), the report
 * itself on a public list is a finding too, reproducer or not: a first
 * message the sender declared a security report (--security), that says
 * AI found the bug, carries no patch (the patch goes to the list) and
 * has no closed list among its recipients (then private-with-public-list
 * says it).  Without the declaration a public report may be a regular
 * bug's, which belongs on the list.
 */
static void report_to_list(struct sl_check *c, const struct sl_text *t,
			   const struct sl_address *list)
{
	g_autofree char *said = NULL;
	gboolean trailer_only;

	if (c->msg->followup || !sl_check_security(c) ||
	    sl_msg_has_closed_list(c->msg, c->policy) ||
	    sl_msg_carries_patch(c->msg, t) || sl_msg_from_bot(c->msg))
		return;
	said = sl_text_ai_disclosure(c->facts, t, &trailer_only);
	if (said && !trailer_only)
		sl_report_at(c, "body", said, "the report says AI helped "
			     "('%s') and goes to the public list %s: the "
			     "report and the reproducer of an AI-found bug go "
			     "to the maintainers only, and the list gets the "
			     "patch", said, list->addr);
}

static void check(struct sl_check *c)
{
	const struct sl_address *list =
		sl_msg_find_public_list(c->msg, c->policy);
	const struct sl_text *t = NULL;
	g_autofree char *said = NULL;
	const char *who, *repro;
	gboolean maintainers_only;

	/* A bot's own report (syzbot's, with its dashboard's reproducer) is
	 * the public place's standard format, not a person's AI finding. */
	if (!list || sl_msg_from_bot(c->msg) ||
	    !sl_facts_content_visible(c->facts))
		return;
	t = sl_facts_text(c->facts);
	maintainers_only = sl_param_flag(c, "ai-report-maintainers-only");
	/* Most posts carry no reproducer: asked first, as it is cheaper. */
	repro = sl_facts_reproducer(c->facts, c->msg, t, TRUE);
	who = repro ? ai_or_tool(c, t, &said) : NULL;
	if (who && maintainers_only && !strcmp(who, "AI"))
		sl_report(c, "body", "the report was probably found with AI "
			  "and goes to the public list %s with %s; the report "
			  "and its reproducer go to the maintainers only, the "
			  "list gets the patch", list->addr, repro);
	else if (who)
		sl_report(c, "body", "the report was probably found with %s "
			  "and goes to the public list %s with %s; do not "
			  "publish the reproducer, say that one is available "
			  "on request", who, list->addr, repro);
	else if (maintainers_only)
		report_to_list(c, t, list);
}

static const struct sl_param params[] = {
	{ .key = "ai-report-maintainers-only", .type = SL_PARAM_FLAG,
	  .doc = "1: an AI-found report and its reproducer go to the maintainers "
	  "only, so a declared security report that says AI found the bug "
	  "is a finding on a public list even without its reproducer; 0: "
	  "only the reproducer is kept off the list" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_ai_public_reproducer = {
	.id = "ai-public-reproducer",
	.summary = "a public AI-assisted or automated report includes its "
		   "reproducer",
	.rationale =
		"Bugs found with AI are reported publicly under the 2026 text, "
		"but the reproducer is not: publishing it could cause harm, so "
		"the report should only say that one is available and share it "
		"privately when maintainers ask.  The rule fires on a message "
		"to a public list that says AI helped (or looks automated) and "
		"carries a program, commands, steps, a reproducer link or a "
		"reproducer attachment.  Mail a bot sends (syzbot's report "
		"with its dashboard's reproducer) is left alone: the text "
		"speaks to people who report what AI found.  The 2026-08 text "
		"routes an AI-found bug: report and reproducer to the "
		"maintainers only, the patch "
		"to them and their list.  Under a profile that says so "
		"(ai-report-maintainers-only) the finding says that, and a "
		"first message the sender declared a security report "
		"(--security) that says AI found the bug is a finding on a "
		"public list without a reproducer too, unless it carries the "
		"patch or a closed list is a recipient (private-with-public-"
		"list speaks then).",
	.help = "remove the reproducer and write \"a reproducer is available "
		"on request\"; where the profile sends an AI report to the "
		"maintainers only, send report and reproducer to them and the "
		"patch to the list",
	.params = params,
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: foo@vger.kernel.org\n"
		       "Subject: foo: overflow\n\n"
		       "Claude found this overflow.\n\n"
		       "Reproducer:\n  int main(void) { return foo(); }\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: foo@vger.kernel.org\n"
			"Subject: foo: overflow\n\n"
			"Claude found this overflow.  A reproducer is "
			"available on request.\n",
	.check = check,
};
