// SPDX-License-Identifier: GPL-2.0-only
#include "matches.h"
#include "message.h"
#include "regex-cache.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

/*
 * Anything that tells which kernels were looked at: a version number
 * ("6.9.1", "v6.8-rc3", "Not tainted 6.9.0"), a tree ("mainline",
 * "linux-next", "next-20260501"), a distribution release ("Debian 12"), a
 * commit id near "commit", "at" or "HEAD", or where the bug came from
 * ("since", "introduced in/by").
 */
static const char version_signal[] =
	"(?i)\\bv?[2-7]\\.(\\d{1,2}|x)(\\.\\d{1,3})?(-rc\\d+)?\\b|"
	"\\b(Debian|Ubuntu|Fedora|RHEL|CentOS|Rocky|AlmaLinux|openSUSE|SLES|"
	"Android|ChromeOS)\\s+\\d+|"
	"\\bLinux version\\b|\\buname -r\\b|\\bmainline\\b|\\blinux-next\\b|"
	"\\bnext-20\\d{6}\\b|\\b(torvalds|stable)/linux|"
	"\\b(commit|at|HEAD|tree|tip)\\b[^\\n]{0,20}\\b[0-9a-f]{12,40}\\b|"
	"\\b[0-9a-f]{12,40}\\b[^\\n]{0,4}\\(\"|\\bintroduced (in|by|with)\\b|"
	"\\bsince (commit|v?\\d)\\b|^Fixes: [0-9a-f]{8,}";


static gboolean has_version(const struct sl_message *msg,
			    const struct sl_text *t)
{
	GRegex *re = sl_regex_cached(version_signal,
				     G_REGEX_MULTILINE);

	return (msg->subject && sl_regex_matches(re, msg->subject, 0)) ||
	       sl_regex_matches(re, t->prose->str, 0) ||
	       sl_regex_matches(re, t->log->str, 0);
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_initial_report_text(c);

	if (!t || has_version(c->msg, t))
		return;
	sl_report(c, "body", "the report names no kernel version, tree or "
		  "commit; without the affected version range it will not "
		  "be processed");
}

const struct sl_rule sl_rule_report_missing_version = {
	.id = "report-missing-version",
	.severity = SL_SEV_WARNING,
	.summary = "the report does not say which kernel versions are affected",
	.rationale =
		"Many reports are about bugs that are already fixed, so the "
		"2026 text asks for the affected version range and says a "
		"report without any version indication will not be processed; "
		"verify on the development tree or the latest stable "
		"release.  Any version number, tree name (mainline, "
		"linux-next), commit id or 'introduced in' counts, in the "
		"text, the Subject or a pasted kernel log; patches are not "
		"reports and are skipped.",
	.help = "say which versions you tested (e.g. \"v6.9-rc3 and 6.8.7; "
		"introduced in v5.10 by commit 0123456789ab\")",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow\n\n"
		       "There is an overflow in foo_ioctl().\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\n"
			"There is an overflow in foo_ioctl() in Linux 6.9.1.\n",
	.check = check,
};
