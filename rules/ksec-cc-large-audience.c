// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "context.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	g_autoptr(GPtrArray) to = NULL;
	const struct sl_address *ksec =
		sl_msg_find_role(c->msg, c->policy, "kernel-security");
	int min = sl_param_int(c, "min-recipients");
	int min_people = sl_param_int(c, "min-persons");
	int people = 0;

	if (!ksec)
		return;
	to = sl_msg_recipients_but_sender(c->msg);
	if (to->len < (guint)min)
		return;
	for (guint i = 0; i < to->len; i++)
		people += !sl_check_is_mailing_list(c,
			((const struct sl_address *)to->pdata[i])->addr);
	if (people >= min_people)
		sl_report(c, ksec->header, "%s is Cc'd on a report to %d people "
			  "(%u recipients): once you know the process, large "
			  "teams need no Cc of the security team", ksec->addr,
			  people, to->len);
}

static const struct sl_param params[] = {
	{ .key = "min-recipients", .type = SL_PARAM_INT,
	  .doc = "from this many recipients (From not counted) a report to the "
	  "security team has too large an audience" },
	{ .key = "min-persons", .type = SL_PARAM_INT,
	  .doc = "... of whom at least this many are persons, not mailing lists" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_ksec_cc_large_audience = {
	.id = "ksec-cc-large-audience",
	.summary = "the kernel security team is Cc'd on a report that already "
		   "reaches a large team",
	.rationale =
		"The 2026 text asks reporters to Cc the security team on "
		"their first few reports to large teams, and then no more.  "
		"The team gets far more mail than it needs since automated "
		"reports grew.  A reminder only: the Cc is allowed.  People "
		"are recipients that are not mailing lists (by the policy, or "
		"by L: entries of the repository's MAINTAINERS); the "
		"thresholds are the profile's min-recipients and min-persons.",
	.help = "drop security@kernel.org from the Cc if you are used to the "
		"process and the team is large",
	.example_bad = "From: A <a@example.org>\n"
		       "To: m1@example.org, m2@example.org, m3@example.org\n"
		       "Cc: security@kernel.org\n"
		       "Subject: foo: overflow\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: m1@example.org, m2@example.org, m3@example.org\n"
			"Subject: foo: overflow\n\nbody\n",
	.check = check,
	.needs = "optionally a git repository: the L: lists of its "
		 "MAINTAINERS do not count as people.",
	.params = params,
};
