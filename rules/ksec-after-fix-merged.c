// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "context.h"
#include "facts.h"
#include "fixref.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* The first sign in the message that its fix is already upstream. */
static char *merged_fix(struct sl_check *c, const char *own)
{
	char *why = sl_check_fix_upstream(c, own);

	if (!why && sl_text_says_merged(own))
		why = g_strdup("it says the fix is merged");
	return why;
}

static void check(struct sl_check *c)
{
	const struct sl_address *ksec =
		sl_msg_find_role(c->msg, c->policy, "kernel-security");
	const char *own = NULL;
	g_autofree char *why = NULL;

	if (!ksec || (!sl_msg_find_role(c->msg, c->policy, "distros") &&
		      !sl_msg_find_role(c->msg, c->policy, "oss-security")))
		return;
	own = sl_facts_own_text(c->facts);
	why = merged_fix(c, own);
	if (why)
		sl_report(c, ksec->header, "%s is a recipient, but %s; the "
			  "kernel security team is done with a merged fix",
			  ksec->addr, why);
}

const struct sl_rule sl_rule_ksec_after_fix_merged = {
	.id = "ksec-after-fix-merged",
	.summary = "the kernel security team is Cc'd on a distros or "
		   "oss-security message about a fix that is already merged",
	.rationale =
		"Once the fix is merged the kernel security team's work is "
		"over; what remains (telling distributions, the public "
		"posting) is for linux-distros and oss-security, and since "
		"2023-10 the kernel text says not to Cc the security team "
		"after the merge.  seclint knows a fix is merged when the "
		"message's patch has the patch-id of a commit on a "
		"remote-tracking branch, when a commit it names as the fix is "
		"reachable from one (both need the repository), or when the "
		"text says 'merged in v6.9'.  Without a repository only the "
		"words count.",
	.help = "drop security@kernel.org from the recipients of messages "
		"about a merged fix",
	.example_bad = "From: A <a@example.org>\n"
		       "To: oss-security@lists.openwall.com\n"
		       "Cc: security@kernel.org\n"
		       "Subject: Linux kernel: UAF in foo\n\n"
		       "The fix was merged in v6.9-rc3.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: oss-security@lists.openwall.com\n"
			"Subject: Linux kernel: UAF in foo\n\n"
			"The fix was merged in v6.9-rc3.\n",
	.check = check,
	.needs = "a git repository with remote-tracking branches (--repo, or "
		 "the current one) to match the patch by patch-id and named "
		 "commits; without one, only words such as \"merged in "
		 "v6.9\" count.",
};
