// SPDX-License-Identifier: GPL-2.0-only
#include "seclint.h"

static const char restricted[] =
	"(?i:do not (publish|make (this|it) public)|not for public (release|"
	"disclosure)|internal (use )?only|under NDA|TLP:\\s*(RED|AMBER)|"
	"must remain confidential|never be (made )?public)";

static void check(struct sl_check *c)
{
	static const struct sl_restricted_text unpublishable = {
		.pattern = restricted,
		.strong = "material marked as not publishable is sent to a "
			  "list that publishes everything after the embargo",
		.weak = "a confidentiality disclaimer contradicts the distros "
			"lists' publication rule",
	};

	if (sl_msg_find_role(c->msg, c->policy, "distros"))
		sl_check_restricted_text(c, &unpublishable);
}

const struct sl_rule sl_rule_distros_content_not_publishable = {
	.id = "distros-content-not-publishable",
	.severity = SL_SEV_WARNING,
	.summary = "material that must stay private is sent to the distros "
		   "lists",
	.rationale =
		"Everything sent to (linux-)distros is made public when the "
		"issue is disclosed: the list brings all its issues to "
		"oss-security.  Text marked \"do not publish\", \"internal "
		"only\" or TLP:RED/AMBER must not be posted there; the v3 "
		"text asks reporters not to post information that cannot be "
		"made public.",
	.help = "remove what cannot be published, or share it with the "
		"kernel security team instead",
	.source = { "Documentation/process/security-bugs.rst",
		    "Contacting the linux-distros list, Confidentiality",
		    "v3 proposal (2023-03); Openwall wiki mailing-lists/distros" },
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] foo: overflow\n\n"
		       "TLP:RED - internal only.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] foo: overflow\n\n"
			"Embargo until 2026-12-08 14:00 UTC.\n",
	.check = check,
};
