// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "facts.h"
#include "message.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/*
 * Signs that the report is about the Linux kernel itself, one pattern
 * each: each starts with a word or a "/" that PCRE2 can search for, where
 * one alternation of them all made it try every letter of the text.  A
 * path follows the start of the text, a space or an opening mark.
 */
/* A look-behind's branches each have one length: the directory is spelt
 * out in each, after the text's start, a space or an opening mark. */
#define AT_START(dir) "(?<![^\\s(`'\"])" dir
static const char *const kernel_issue[] = {
	"(?i)\\blinux(?:[- ]kernel\\b| (?:v?\\d+\\.\\d+|kernels?)\\b)",
	"(?i)\\bkernel (?:v?\\d+\\.\\d+|driver|module|subsystem|commit|bug|"
	"vulnerability|heap|stack|memory)\\b",
	"(?i)\\bsyz(?:bot|kaller)\\b",
	"(?i)\\bgit\\.kernel\\.org/pub/scm/linux/kernel\\b",
	"(?i)(?<=" AT_START("drivers") "|" AT_START("fs") "|" AT_START("mm")
	"|" AT_START("kernel") "|" AT_START("arch") "|" AT_START("net") "|"
	AT_START("sound") "|" AT_START("block") "|" AT_START("io_uring") "|"
	AT_START("virt") "|" AT_START("ipc") ")/[\\w./-]+\\.[ch]\\b",
};

static gboolean mentions_kernel(const char *text)
{
	for (gsize i = 0; i < G_N_ELEMENTS(kernel_issue); i++)
		if (sl_regex_match_simple(kernel_issue[i], text, 0, 0))
			return TRUE;
	return FALSE;
}

static const char kernel_subject[] =
	"(?i:^\\s*(\\[[^]]*\\]\\s*)*(linux(-| )?)?kernel\\s*:)";

/* Saying who else knows: the kernel team, maintainers, upstream. */
static const char coordination[] =
	"(?i:security@kernel\\.org|\\bs@k\\.o\\b|\\bsecurity@k\\.o\\b|"
	"\\bsecurity (team|officers)\\b|\\bmaintainers?\\b|\\bupstream\\b|"
	"\\bcoordinat\\w* (with|between)\\b|\\bhelp (us |me )?(to )?"
	"coordinate\\b|\\b(Linus|Greg( KH| Kroah-Hartman)?)\\b|\\bnetdev\\b|"
	"\\bvger\\b|\\blore\\.kernel\\.org\\b|\\b(fix|patch|commit)\\w* (is |"
	"was |has been |have been )?(already )?(merged|applied|queued|"
	"committed|posted|submitted|accepted|in mainline|in linux-next)\\b|"
	"\\bnot (yet )?(reported|told|contacted|notified)\\b|"
	"\\b(nobody|no one)( else)? (knows|is aware)\\b|"
	"\\b(notified|informed|contacted)\\b)";

static gboolean about_kernel(const struct sl_message *msg, const char *own)
{
	return (msg->subject &&
		(sl_regex_match_simple(kernel_subject, msg->subject, 0, 0) ||
		 mentions_kernel(msg->subject))) ||
	       mentions_kernel(own);
}

static void check(struct sl_check *c)
{
	const struct sl_address *to =
		sl_msg_find_role(c->msg, c->policy, "distros");
	const char *own = NULL;

	/* Sent to the kernel teams as well, it says so in the header. */
	if (!to || c->msg->followup || !sl_facts_content_visible(c->facts) ||
	    sl_msg_find_role(c->msg, c->policy, "kernel-security") ||
	    sl_msg_find_role(c->msg, c->policy, "hardware-security"))
		return;
	own = sl_facts_own_text(c->facts);
	if (!about_kernel(c->msg, own) ||
	    sl_regex_match_simple(coordination, own, 0, 0))
		return;
	sl_report(c, "body", "this Linux kernel report does not seem to say "
		  "whether %s or the maintainers know of it; tell %s whether "
		  "you coordinate with them or want the list's help to",
		  sl_policy_role_address(c->policy, "kernel-security"),
		  to->addr);
}

const struct sl_rule sl_rule_distros_coordination_status = {
	.id = "distros-coordination-status",
	.summary = "a kernel report to the distros lists does not say who "
		   "else is coordinating",
	.rationale =
		"For Linux kernel issues the distros wiki has reporters "
		"notify the kernel security team first, wait for the fix, and "
		"only then write to linux-distros, and the list administrator "
		"named as a common problem reporters who do not say whether "
		"they are also coordinating with security@kernel.org or want "
		"the list's help to coordinate.  An initial kernel report "
		"that names neither security@kernel.org, the security team, "
		"the maintainers, upstream nor the state of the fix leaves "
		"the list to ask.  Kernel reports are recognised by the words "
		"Linux kernel, kernel source paths or syzbot; encrypted "
		"reports, replies and reports also sent to the kernel teams "
		"are not checked.",
	.help = "say whether security@kernel.org and the maintainers have the "
		"report and where the fix stands, or ask the list to help "
		"coordinate",
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] Linux kernel: UAF in foo\n\n"
		       "Embargo until 2026-12-08 14:00 UTC.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] Linux kernel: UAF in foo\n\n"
			"security@kernel.org has a fix queued; embargo until "
			"2026-12-08 14:00 UTC.\n",
	.check = check,
};
