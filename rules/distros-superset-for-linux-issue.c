// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "context.h"
#include "facts.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

static const char linux_only[] = "(?i)\\blinux\\b";
static const char other_systems[] =
	"(?i)\\b(?:\\w*bsd|illumos|solaris|openindiana|smartos|macos|os x|"
	"darwin|windows|android|aix|hp-ux|haiku|minix|cygwin)\\b";

static void check(struct sl_check *c)
{
	const struct sl_address *distros =
		sl_msg_find_role(c->msg, c->policy, "distros-all");
	const char *own = NULL;
	g_autofree char *all = NULL;
	const char *linux_list = sl_policy_role_address(c->policy,
							"distros-linux");

	if (!distros || sl_msg_find_role(c->msg, c->policy, "distros-linux"))
		return;
	if (sl_check_is_kernel_issue(c)) {
		sl_report(c, distros->header, "a Linux kernel issue sent to %s, "
			  "which includes non-Linux vendors; use %s",
			  distros->addr, linux_list);
		return;
	}
	own = sl_facts_own_text(c->facts);
	all = g_strconcat(c->msg->subject ? c->msg->subject : "", "\n", own,
			  NULL);
	if (sl_regex_match_simple(linux_only, all, 0, 0) &&
	    !sl_regex_match_simple(other_systems, all, 0, 0))
		sl_report_weak(c, distros->header, "the issue looks Linux-only; "
			       "if it is, %s is the list, not %s", linux_list,
			       distros->addr);
}

const struct sl_rule sl_rule_distros_superset_for_linux_issue = {
	.id = "distros-superset-for-linux-issue",
	.summary = "a Linux-only issue goes to distros@, which also reaches "
		   "the BSDs and other systems",
	.rationale =
		"distros@ reaches every vendor on the Openwall lists, Linux "
		"or not; linux-distros@ is its Linux-only subset.  Telling "
		"the non-Linux vendors about a Linux kernel flaw only widens "
		"the circle that knows about it before the embargo ends: Kees "
		"Cook warned of exactly that on LKML in 2019, and the list "
		"administrator moves such threads to linux-distros.  Software "
		"that the BSDs also ship (OpenSSH, sudo, curl) belongs on "
		"distros@, so outside the kernel this is only a question.",
	.help = "send Linux kernel issues to linux-distros@vs.openwall.org, "
		"not distros@vs.openwall.org",
	.example_bad = "From: A <a@example.org>\n"
		       "To: distros@vs.openwall.org\n"
		       "Subject: [vs] Linux kernel: UAF in net/foo/bar.c\n\n"
		       "body\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] Linux kernel: UAF in net/foo/bar.c\n\n"
			"body\n",
	.check = check,
	.needs = "optionally a git repository: a kernel tree (MAINTAINERS "
		 "with SECURITY CONTACT) makes the issue a kernel one.",
};
