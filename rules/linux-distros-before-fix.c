// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "context.h"
#include "facts.h"
#include "fixref.h"
#include "patch.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/*
 * A fix the message shows: a patch, a link to a posted one, words that
 * it was accepted, or a commit id (with a repository: an upstream one).
 */
static gboolean shows_fix(struct sl_check *c, const char *own,
			  char **local)
{
	g_autofree char *link = sl_text_public_fix_link(own);
	g_auto(GStrv) ids = NULL;

	if (link || sl_text_has_patch(own) || sl_text_says_fix_accepted(own))
		return TRUE;
	ids = sl_text_commit_ids(own);
	if (!*ids)
		return FALSE;
	if (!sl_check_has_upstream(c))
		return TRUE;
	for (char **id = ids; *id; id++) {
		g_autofree char *up = sl_check_commit_upstream(c, *id);

		if (up)
			return TRUE;
	}
	*local = g_strdup(ids[0]);
	return FALSE;
}

static void check(struct sl_check *c)
{
	const struct sl_address *distros =
		sl_msg_find_role(c->msg, c->policy, "distros");
	const char *own = NULL;
	g_autofree char *local = NULL;

	if (!distros || c->msg->followup ||
	    !sl_facts_content_visible(c->facts) ||
	    !sl_check_is_kernel_issue(c))
		return;
	own = sl_facts_own_text(c->facts);
	if (shows_fix(c, own, &local))
		return;
	if (local)
		sl_report(c, distros->header, "a Linux kernel issue sent to %s "
			  "whose commit %s is on no upstream branch: the fix "
			  "is not accepted yet", distros->addr, local);
	else
		sl_report(c, distros->header, "a Linux kernel issue sent to %s "
			  "shows no accepted fix (no patch, commit or link to "
			  "one)", distros->addr);
}

const struct sl_rule sl_rule_linux_distros_before_fix = {
	.id = "linux-distros-before-fix",
	.summary = "a Linux kernel issue goes to (linux-)distros before a fix "
		   "is accepted",
	.rationale =
		"linux-distros gives distributions at most 14 days to get a "
		"fix out, and the clock starts with the first message.  A "
		"kernel issue without a fix wastes that time and pushes the "
		"kernel developers: the kernel text asks reporters to contact "
		"linux-distros only once a fix is agreed on (2023-06) or "
		"accepted by the maintainers (2023-10 onwards), and the "
		"distros policy has them notify the kernel security team "
		"first and wait for the fix.  A message shows a fix with a "
		"patch, a link to a posted one, words such as 'the fix was "
		"merged', or a commit id; with a repository the commit must "
		"be on a remote-tracking branch, since a commit only in the "
		"reporter's branch is not accepted.  Heuristic, so a warning.",
	.help = "report to security@kernel.org and the maintainers first; "
		"write to linux-distros once the fix is accepted, and say so",
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] Linux kernel: UAF in net/foo/bar.c\n\n"
		       "A use-after-free; embargo until 2026-07-01.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] Linux kernel: UAF in net/foo/bar.c\n\n"
			"The fix was accepted by the maintainers.\n",
	.check = check,
	.needs = "optionally a git repository: then a named commit counts as "
		 "a fix only if it is on a remote-tracking branch, and a "
		 "kernel tree makes every report a kernel one.",
};
