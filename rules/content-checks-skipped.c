// SPDX-License-Identifier: GPL-2.0-only
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

static void check(struct sl_check *c)
{
	if (sl_msg_has_closed_list(c->msg, c->policy) &&
	    !sl_facts_content_visible(c->facts))
		sl_report(c, "body", "content checks skipped: message is "
			  "encrypted");
}

const struct sl_rule sl_rule_content_checks_skipped = {
	.id = "content-checks-skipped",
	.summary = "the report is encrypted, so its content was not checked",
	.rationale =
		"The content rules (version, reproducer, Markdown, length, AI "
		"use, threat model, ...) need the text, which an encrypted "
		"message (PGP/MIME, S/MIME, an inline PGP message) hides.  "
		"Rather than report false 'missing' findings they all skip "
		"such a message, and this note says so once; header rules "
		"still run.  No document asks for this note: it is seclint's "
		"own.",
	.help = "nothing to fix; check the report's content yourself before "
		"encrypting it",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: report\n\n"
		       "-----BEGIN PGP MESSAGE-----\n\nhQEMA\n"
		       "-----END PGP MESSAGE-----\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: report\n\nThe report, in plain text.\n",
	.check = check,
};
