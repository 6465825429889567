// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

static const struct sl_address *private_target(const struct sl_check *c)
{
	const struct sl_address *a =
		sl_msg_find_role(c->msg, c->policy, "kernel-security");

	return a ? a : sl_msg_find_role(c->msg, c->policy, "distros");
}

/*
 * Under a profile that sends an AI-found report and its reproducer to the
 * maintainers only (ai-report-maintainers-only=1, 2026-08), a report to
 * them with security@ in Cc is what the text asks: only a patch, which
 * goes to the maintainers and their public list, is a finding when it
 * goes without the list.  The distros lists are another matter: an
 * embargo list is no place for a finding that is public anyway.
 */
static void patch_without_list(struct sl_check *c, const struct sl_text *t,
			       const struct sl_address *to, const char *said,
			       gboolean trailer_only)
{
	if (!sl_msg_carries_patch(c->msg, t))
		return;
	if (trailer_only)
		sl_report_weak_at(c, "body", said, "the patch has an AI "
				  "trailer ('%s'); if AI also found the bug, "
				  "the patch goes to the maintainers and their "
				  "public list, and only the report and the "
				  "reproducer to the maintainers and %s", said,
				  to->addr);
	else
		sl_report_at(c, "body", said, "the message says AI helped "
			     "('%s') and carries a patch: the patch of an "
			     "AI-found bug goes to the maintainers and their "
			     "public list, and only the report and the "
			     "reproducer to the maintainers and %s", said,
			     to->addr);
}

static void check(struct sl_check *c)
{
	const struct sl_address *to = private_target(c);
	const struct sl_text *t = NULL;
	g_autofree char *said = NULL;
	gboolean trailer_only;

	if (!to || sl_msg_find_public_list(c->msg, c->policy) ||
	    !sl_facts_content_visible(c->facts))
		return;
	t = sl_facts_text(c->facts);
	said = sl_text_ai_disclosure(c->facts, t, &trailer_only);
	if (!said)
		return;
	if (sl_param_flag(c, "ai-report-maintainers-only") &&
	    to == sl_msg_find_role(c->msg, c->policy, "kernel-security")) {
		patch_without_list(c, t, to, said, trailer_only);
		return;
	}
	if (trailer_only)
		sl_report_weak_at(c, "body", said, "the patch has an AI "
				  "trailer (\"%s\"); if AI also helped find "
				  "the bug, the 2026 text asks you to treat it "
				  "as public and not to send it only to %s",
				  said, to->addr);
	else
		sl_report_at(c, "body", said, "the report says AI helped "
			     "(\"%s\"); if AI helped find the bug, treat it "
			     "as public: other researchers are likely to find "
			     "it too, so %s is probably not the place for it "
			     "alone", said, to->addr);
}

static const struct sl_param params[] = {
	{ .key = "ai-report-maintainers-only", .type = SL_PARAM_FLAG,
	  .doc = "1: an AI-found report and its reproducer go to the maintainers "
	  "only, security@ in Cc, and only a patch sent without its public "
	  "list (or any such message to distros) is a finding; 0: an AI "
	  "finding is public, and any message only to a closed list is one" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_ai_finding_sent_privately = {
	.id = "ai-finding-sent-privately",
	.summary = "a bug found with AI help is sent only to a private list",
	.rationale =
		"The 2026-05 text says a bug found with AI assistance must be "
		"treated as public: the same tools surface the same bugs for "
		"many people at once, often on the same day, so keeping one "
		"report private protects nobody.  Such reports go to the "
		"maintainers and their public list, with the security team "
		"Cc'd at most.  The rule reads what the message says about AI "
		"(negations such as 'I did not use AI' and AI that only "
		"polished the English do not count); an Assisted-by: trailer "
		"of a patch only shows that AI wrote the patch, so it gives a "
		"note.  The 2026-08 text keeps the AI finding public but "
		"routes it: the report and its reproducer to the maintainers "
		"only, the patch to them and their public list.  Under a "
		"profile that says so (ai-report-maintainers-only), a report "
		"to the maintainers with security@ Cc'd draws nothing, and a "
		"message carrying a patch (inline, attached or a [PATCH] "
		"posting) without the list does; distros is judged as before.",
	.help = "send the report to the maintainers and their public list "
		"(Cc security@ if needed), and keep the reproducer private; "
		"where the profile sends an AI report to the maintainers only, "
		"send its patch to them and their list",
	.params = params,
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow\n\n"
		       "I found this overflow using an LLM-based code scanner.\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: foo@vger.kernel.org\n"
			"Cc: security@kernel.org\n"
			"Subject: foo: overflow\n\n"
			"I found this overflow using an LLM-based code scanner.\n",
	.check = check,
};
