// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static const char no_reply[] =
	"(?i)(^|[._+-])(no-?reply|do-?not-?reply|donotreply|noreply|"
	"mailer-daemon|postmaster|bounces?)([._+-]|@)|"
	"@users\\.noreply\\.github\\.com$|^noreply@github\\.com$";
/* Domains reserved so that nobody can receive mail there (RFC 2606). */
static const char reserved_domain[] =
	"(?i)@(([\\w-]+\\.)*example\\.(com|org|net)|([\\w-]+\\.)*invalid)$";


/* Why nobody can answer @addr, or NULL. */
static const char *unusable(const char *addr)
{
	if (!strchr(addr, '@'))
		return "it has no domain";
	if (sl_regex_test(no_reply, 0, addr))
		return "it is a no-reply address";
	if (sl_regex_test(reserved_domain, 0, addr))
		return "its domain is reserved and receives no mail";
	return NULL;
}

static void check_list(struct sl_check *c, const GPtrArray *list,
		       const char *only_header)
{
	for (guint i = 0; i < list->len; i++) {
		const struct sl_address *a = list->pdata[i];
		const char *why;

		if (only_header && strcmp(a->header, only_header))
			continue;
		why = unusable(a->addr);
		if (why)
			sl_report(c, a->header, "the sender address %s cannot "
				  "be answered: %s; use a working address, "
				  "ideally the one to credit in Reported-by",
				  a->addr, why);
	}
}

static void check(struct sl_check *c)
{
	if (!sl_check_kernel_report(c))
		return;
	if (!c->msg->from->len) {
		sl_report(c, "From", "the message has no readable From "
			  "address; the security team needs one to reach you");
		return;
	}
	check_list(c, c->msg->from, NULL);
	check_list(c, c->msg->followup_to, "Reply-To");
}

const struct sl_rule sl_rule_reporter_address_unusable = {
	.id = "reporter-address-unusable",
	.summary = "the report comes from an address nobody can answer",
	.rationale =
		"The reporter has to stay available to explain the findings, "
		"discuss them and test fixes, so the 2026 text asks for a "
		"working e-mail address, preferably the one to appear in "
		"Reported-by tags.  No-reply addresses (GitHub's, "
		"noreply@..., mailer-daemon), reserved domains such as "
		"example.com or .invalid, and a missing From cannot be "
		"answered; the From and a Reply-To are checked.",
	.help = "send from a working personal address and drop a no-reply "
		"Reply-To",
	.example_bad = "From: A <noreply@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow\n\nAn overflow.\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\nAn overflow.\n",
	.check = check,
};
