// SPDX-License-Identifier: GPL-2.0-only
#include "ai-help.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

static void check(struct sl_check *c)
{
	const struct sl_text *t;
	g_autoptr(GPtrArray) sobs = NULL;

	if (!sl_facts_content_visible(c->facts))
		return;
	t = sl_facts_text(c->facts);
	if (!t->hunks)
		return;
	sobs = sl_facts_trailers(c->facts, "Signed-off-by");
	for (guint i = 0; i < sobs->len; i++) {
		const struct sl_trailer *tr = sobs->pdata[i];
		enum sl_agent_name agent = sl_check_trailer_agent(c, tr);

		if (agent == SL_AGENT_NAME_YES)
			sl_report_at(c, "body", tr->line, "the patch has a "
				     "Signed-off-by: of an AI agent (%s): only "
				     "a person can certify the Developer's "
				     "Certificate of Origin", tr->value);
		else if (agent == SL_AGENT_NAME_MAYBE)
			sl_report_capped_at(c, SL_SEV_WARNING, "body", tr->line,
					    "the patch has a Signed-off-by: "
					    "whose name is an AI tool's (%s); "
					    "if it is not a person, only a "
					    "person can certify the "
					    "Developer's Certificate of Origin",
					    tr->value);
	}
}

const struct sl_rule sl_rule_ai_signed_off_by = {
	.id = "ai-signed-off-by",
	.summary = "a patch carries a Signed-off-by: of an AI agent",
	.rationale =
		"A Signed-off-by: certifies the Developer's Certificate of "
		"Origin, which only a person can do: coding-assistants.rst "
		"forbids AI agents to add one, and the human who sends the "
		"patch adds their own after reviewing the code.  Coding tools "
		"do add one, with the tool's name or the vendor's no-reply "
		"address (policy.conf's [ai-agents]).  A Signed-off-by: at "
		"such an address, or naming a tool or model (a model name, a "
		"version, a product no person bears), is an error; a bare "
		"first name that is also a tool's (Claude, Gemini) with a "
		"person's address is a warning, since a person may bear it.  "
		"Only the sender's own lines of a message with a patch are "
		"read, not quotes.",
	.help = "remove the AI's Signed-off-by:, add your own after reviewing "
		"the patch, and credit the tool with Assisted-by: "
		"AGENT_NAME:MODEL_VERSION",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: foo@vger.kernel.org\n"
		       "Subject: [PATCH] foo: fix overflow\n\n"
		       "Check the length.\n\n"
		       "Signed-off-by: Claude <noreply@anthropic.com>\n---\n"
		       "--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: foo@vger.kernel.org\n"
			"Subject: [PATCH] foo: fix overflow\n\n"
			"Check the length.\n\n"
			"Assisted-by: Claude:claude-opus-4-7\n"
			"Signed-off-by: A <a@reporter.test>\n---\n"
			"--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.check = check,
};
