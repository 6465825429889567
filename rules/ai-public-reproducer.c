// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "message.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

/* Why the report counts as AI-assisted or automated, or NULL. */
static const char *ai_or_tool(const struct sl_message *msg,
			      const struct sl_text *t, char **said)
{
	gboolean trailer_only;

	*said = sl_text_ai_disclosure(t, &trailer_only);
	if (*said)
		return "AI";
	return sl_text_automated(msg, t) ? "an automated tool" : NULL;
}

static void check(struct sl_check *c)
{
	const struct sl_address *list =
		sl_msg_find_public_list(c->msg, c->policy);
	const struct sl_text *t = NULL;
	g_autofree char *said = NULL;
	const char *who, *repro;

	if (!list || !sl_facts_content_visible(c->facts))
		return;
	t = sl_facts_text(c->facts);
	/* Most posts carry no reproducer: asked first, as it is cheaper. */
	repro = sl_text_reproducer(c->msg, t, TRUE);
	who = repro ? ai_or_tool(c->msg, t, &said) : NULL;
	if (who)
		sl_report(c, "body", "the report was probably found with %s "
			  "and goes to the public list %s with %s; do not "
			  "publish the reproducer, say that one is available "
			  "on request", who, list->addr, repro);
}

const struct sl_rule sl_rule_ai_public_reproducer = {
	.id = "ai-public-reproducer",
	.severity = SL_SEV_WARNING,
	.summary = "a public AI-assisted or automated report includes its "
		   "reproducer",
	.rationale =
		"Bugs found with AI are reported publicly under the 2026 text, "
		"but the reproducer is not: publishing it could cause harm, so "
		"the report should only say that one is available and share it "
		"privately when maintainers ask.  The rule fires on a message "
		"to a public list that says AI helped (or looks automated) and "
		"carries a program, commands, steps, a reproducer link or a "
		"reproducer attachment.",
	.help = "remove the reproducer and write \"a reproducer is available "
		"on request\"",
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
