// SPDX-License-Identifier: GPL-2.0-only
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/*
 * Material marked as never to be published: "do not publish", "internal
 * only", TLP:RED, "the exploit below is confidential and must not be made
 * public".  A hold with a time ("do not publish before the CRD", "is
 * confidential until 2026-07-01") is an embargo, which the lists take.
 */
#define NOT_A_HOLD "(?!\\s+(?:before|until|till|prior|ahead|during|while|" \
		   "yet\\b|for\\s+(?:now|\\d|the\\s+(?:embargo|moment|time))))"
static const char restricted[] =
	"(?i:(?:do\\s+not|don't)\\s+(?:publish|make\\s+(?:this|it)\\s+public)"
	NOT_A_HOLD "|not\\s+for\\s+public\\s+(?:release|disclosure)" NOT_A_HOLD
	"|internal\\s+(?:use\\s+)?only|under\\s+NDA|TLP:\\s*(?:RED|AMBER)|"
	"must\\s+remain\\s+confidential" NOT_A_HOLD
	"|never\\s+be\\s+(?:made\\s+)?public|"
	"(?:must|shall|should|may|can)\\s*(?:not|n't)\\s+be\\s+(?:made\\s+"
	"public|published|disclosed|shared|released)" NOT_A_HOLD "|"
	"\\b(?:is|are)\\s+(?:strictly\\s+)?confidential\\b" NOT_A_HOLD "|"
	"\\bnot\\s+to\\s+be\\s+(?:made\\s+public|published|disclosed|"
	"shared)" NOT_A_HOLD ")";

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
	.summary = "material that must stay private is sent to the distros "
		   "lists",
	.rationale =
		"Everything sent to (linux-)distros is made public when the "
		"issue is disclosed: the list brings all its issues to "
		"oss-security.  Text marked 'do not publish', 'internal "
		"only', TLP:RED/AMBER, confidential or 'must not be made "
		"public' must not be posted there (a hold with a time, 'do "
		"not publish before the CRD', is an embargo and passes); the "
		"v3 text asks reporters not to post information that cannot "
		"be made public.",
	.help = "remove what cannot be published, or share it with the "
		"kernel security team instead",
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
