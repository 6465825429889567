// SPDX-License-Identifier: GPL-2.0-only
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* "NDA" only in capitals; the phrases in any case. */
static const char demand[] =
	"(\\bNDA\\b|(?i:non-?disclosure agreement|sign (the|an|our) "
	"agreement|must not be (shared|disclosed|forwarded)|"
	"do not (forward|share|disclose) (this|it|the report)|"
	"(confidential|proprietary) (and|&) (privileged|protected)))";
/* One of these is in every match of it (rules/lib/literals.h), and of
 * the exception below: "NDA" after white space starts a word. */
static const char *const demand_words[] = {
	"\\bnda", "disclosure agreement", "sign the agreement",
	"sign an agreement", "sign our agreement", "must not be shared",
	"must not be disclosed", "must not be forwarded", "do not forward",
	"do not share", "do not disclose", "confidential and",
	"confidential &", "proprietary and", "proprietary &", NULL
};

/* "no NDA needed", "without an NDA": saying there is none is fine. */
static const char negated[] =
	"(?i:\\b(no|without( an?)?|not (need|require)( an?)?|"
	"don't (need|require)( an?)?)\\s+)(NDA|non-?disclosure agreement)";

static void check(struct sl_check *c)
{
	static const struct sl_restricted_text nda = {
		.pattern = demand,
		.except = negated,
		.needs = demand_words,
		.except_needs = demand_words,
		.strong = "the report asks for a non-disclosure agreement or "
			  "restricted handling",
		.weak = "a confidentiality disclaimer is attached to a report "
			"the lists cannot keep under such terms",
	};

	if (sl_msg_has_closed_list(c->msg, c->policy))
		sl_check_restricted_text(c, &nda);
}

const struct sl_rule sl_rule_nda_or_confidentiality_demand = {
	.id = "nda-or-confidentiality-demand",
	.summary = "a report to a closed list asks for an NDA or for "
		   "restricted handling",
	.rationale =
		"The kernel security team is not a formal body and cannot "
		"enter non-disclosure agreements; the hardware team offers a "
		"memorandum of understanding instead, and the distros lists "
		"publish everything they receive once the issue is public.  "
		"Conditions the lists cannot accept only delay the fix.  A "
		"company's automatic mail disclaimer is reported as a note.",
	.help = "drop the NDA request or disclaimer; state the disclosure "
		"date you need instead",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow\n\n"
		       "Please sign our NDA before we share details.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\nThe details follow.\n",
	.check = check,
};
