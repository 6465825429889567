// SPDX-License-Identifier: GPL-2.0-only
#include "seclint.h"

static const struct sl_address *find_public_list(const struct sl_check *c)
{
	for (guint i = 0; i < c->msg->recipients->len; i++) {
		const struct sl_address *a = c->msg->recipients->pdata[i];
		if (sl_policy_is_public_list(c->policy, a->addr))
			return a;
	}
	return NULL;
}

static const struct sl_address *find_closed_list(const struct sl_check *c)
{
	for (guint i = 0; i < c->msg->recipients->len; i++) {
		const struct sl_address *a = c->msg->recipients->pdata[i];
		const struct sl_list *l = sl_policy_find_list(c->policy, a->addr);

		if (l && !l->public)
			return a;
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	const struct sl_address *closed = find_closed_list(c);
	const struct sl_address *open = closed ? find_public_list(c) : NULL;

	if (open)
		sl_report_at(c, open->header, open->addr,
			     "the closed list %s (%s) and the "
			     "public mailing list %s (%s) are recipients",
			     closed->addr, closed->header, open->addr,
			     open->header);
}

const struct sl_rule sl_rule_private_with_public_list = {
	.id = "private-with-public-list",
	.severity = SL_SEV_ERROR,
	.summary = "a message to a closed security list also goes to a public "
		   "mailing list",
	.rationale =
		"A report to security@, hardware-security@, cve@ or the "
		"distros lists is confidential until it is disclosed; a public "
		"list on the same message (LKML, any vger list, stable@, "
		"oss-security, kernel-hardening) publishes it at once, and "
		"every reply with it.  The kernel text says not to send a "
		"report to a public list at this stage unless the issue is "
		"already public or trivial to find.  Maintainers' personal "
		"addresses are fine.",
	.help = "drop the public lists from To/Cc/Bcc; send the fix to them "
		"later, without the security details",
	.source = { "Documentation/process/security-bugs.rst",
		    "Identifying contacts; Disclosure and embargoed information",
		    "2026-05 (f85c65f31f12); 2023-06 onwards" },
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Cc: linux-kernel@vger.kernel.org\n"
		       "Subject: foo: use-after-free\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Cc: maintainer@example.org\n"
			"Subject: foo: use-after-free\n\nbody\n",
	.check = check,
};
