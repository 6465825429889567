// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "context.h"
#include "facts.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"

static void check(struct sl_check *c)
{
	const struct sl_address *distros =
		sl_msg_find_role(c->msg, c->policy, "distros");
	const char *own = NULL;
	g_autofree char *why = NULL;

	if (!distros)
		return;
	own = sl_facts_own_text(c->facts);
	why = sl_check_public_artefact(c, own);
	if (!why)
		return;
	/* The lists make an exception for kernel issues s@k.o handled. */
	if (sl_check_is_kernel_issue(c))
		sl_report_weak(c, "body", "%s: the issue looks public; say that "
			       "%s handled it, or post to oss-security "
			       "instead", why,
			       sl_policy_role_address(c->policy,
						      "kernel-security"));
	else
		sl_report(c, "body", "%s: the issue looks public, and %s is "
			  "only for issues that are not", why, distros->addr);
}

const struct sl_rule sl_rule_distros_issue_already_public = {
	.id = "distros-issue-already-public",
	.summary = "a message to (linux-)distros is about an issue whose fix "
		   "is already public",
	.rationale =
		"The distros lists exist to give vendors a head start on "
		"issues nobody else knows about.  Their policy reserves them "
		"for issues that are not yet public, and a fix in a publicly "
		"accessible repository makes an issue public.  For those, "
		"oss-security is the place.  The lists make an exception for "
		"Linux kernel issues the kernel security team handled, so for "
		"kernel issues this is only a reminder to say so.  Signs of a "
		"public fix: the patch in the message is on a remote-tracking "
		"branch (by patch-id, so a rebased copy still matches), a "
		"commit it names as the fix is, or it links to the posted "
		"patch.",
	.help = "post to oss-security instead, or (kernel) say that "
		"security@kernel.org handled the issue",
	.example_bad = "From: A <a@example.org>\n"
		       "To: distros@vs.openwall.org\n"
		       "Subject: [vs] libfoo: overflow in parse()\n\n"
		       "Fixed upstream:\n"
		       "https://lore.kernel.org/all/20260101.abc@example.org/\n",
	.example_good = "From: A <a@example.org>\n"
			"To: distros@vs.openwall.org\n"
			"Subject: [vs] libfoo: overflow in parse()\n\n"
			"Details below; no fix is public yet.\n",
	.check = check,
	.needs = "a git repository with remote-tracking branches to match "
		 "the patch and named commits; without one, only links and "
		 "words count.",
};
