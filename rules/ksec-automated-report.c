// SPDX-License-Identifier: GPL-2.0-only
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

static void check(struct sl_check *c)
{
	const struct sl_text *t = NULL;
	const char *why;
	gboolean bot;

	if (!sl_msg_has_closed_list(c->msg, c->policy) ||
	    !sl_facts_content_visible(c->facts))
		return;
	t = sl_facts_text(c->facts);
	why = sl_text_automated(c->facts, c->msg, t);
	if (!why)
		return;
	bot = sl_msg_from_bot(c->msg);
	if ((c->msg->followup && bot) ||
	    sl_msg_public_followup(c->msg, c->policy)) {
		sl_report_capped(c, SL_SEV_INFO, bot ? "From" : "body",
				 "a follow-up that looks automated (%s) keeps "
				 "the recipients of its thread, the private "
				 "security list among them; nothing was "
				 "reported to it", why);
		return;
	}
	sl_report(c, bot ? "From" : "body",
		  "this looks like an automated report (%s); such reports "
		  "belong in the usual public places, not on a private "
		  "security list", why);
}

const struct sl_rule sl_rule_ksec_automated_report = {
	.id = "ksec-automated-report",
	.summary = "a bot's or scanner's report is sent to a private "
		   "security list",
	.rationale =
		"The security list asks not to receive automated reports "
		"(syzbot, the kernel test robot, static analysers): anyone "
		"can repeat them, so they are handled better and faster in "
		"public, and they crowd out the reports that need privacy.  "
		"A report that forwards one trace with the sender's own "
		"analysis is a human report and passes, and so does a "
		"person's reply that links a syzbot report (a link is not a "
		"bot's text).  The rule fires when a bot is the sender, when "
		"the bot's text dominates, or when a crash report in "
		"syzkaller's format that a person ran and sent does (three "
		"of its keys, HEAD commit:, syz repro:, ...).  A follow-up "
		"from a bot (the kernel test robot's build report on a "
		"patch, syzbot's bisection result), or one that also goes to "
		"a public list, is only a note: it inherits its thread's "
		"recipients, reports nothing new to the security list, and "
		"a bot cannot read the warning.",
	.help = "report it publicly (reply to the bot's message on its list), "
		"or add your own analysis of why it is a security issue",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: KASAN: use-after-free in foo\n\n"
		       "syzbot found the following issue on:\n\n"
		       "HEAD commit:    0123456789ab Linux 6.9\n"
		       "git tree:       upstream\n"
		       "console output: https://syzkaller.appspot.com/x/log.txt\n"
		       "kernel config:  https://syzkaller.appspot.com/x/.config\n"
		       "dashboard link: https://syzkaller.appspot.com/bug?extid=1\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: use-after-free\n\n"
			"foo_release() frees the request while foo_complete()\n"
			"still uses it; a local user can trigger it.\n",
	.check = check,
};
