// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "facts.h"
#include "policy.h"
#include "prose.h"
#include "query.h"
#include "regex-cache.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"
#include "threat-model.h"

static const struct sl_address *find_closed_list(const struct sl_check *c)
{
	const struct sl_recipient_kind *k =
		sl_policy_recipients(c->policy, c->msg);

	for (guint i = 0; i < c->msg->recipients->len; i++)
		if (k[i].list && k[i].list->closed)
			return c->msg->recipients->pdata[i];
	return NULL;
}

/* Is security@ the only closed list among the recipients? */
static gboolean only_ksec_closed(const struct sl_check *c)
{
	const struct sl_recipient_kind *k =
		sl_policy_recipients(c->policy, c->msg);

	for (guint i = 0; i < c->msg->recipients->len; i++)
		if (k[i].list && k[i].list->closed &&
		    !sl_list_has_role(k[i].list, "kernel-security"))
			return FALSE;
	return TRUE;
}

/*
 * The severity the profile gives a public report that Cc's security@
 * when AI or a widely available tool found the bug ("unless you have good
 * reasons to consider the issue as being public ... or use of AI-based
 * tools"), or SL_SEV_OFF when the profile has no such exception.
 */
static enum sl_severity public_tool_severity(struct sl_check *c)
{
	g_autofree char *name = sl_profile_get(c->policy,
					       "rule private-with-public-list",
					       "public-tool-severity");
	g_autofree char *said = NULL;
	enum sl_severity sev;
	const struct sl_text *t;
	gboolean trailer_only = FALSE;

	if (!name || !sl_severity_parse(name, &sev) || !only_ksec_closed(c) ||
	    !sl_facts_content_visible(c->facts))
		return SL_SEV_OFF;
	t = sl_facts_text(c->facts);
	said = sl_text_ai_disclosure(t, &trailer_only);
	if ((said && !trailer_only) || sl_text_tool_finding(c->msg, t))
		return sev;
	return SL_SEV_OFF;
}

/*
 * A patch posting, which does not present itself as a report: a [PATCH]
 * Subject tag (a cover letter and an attached patch included).  The
 * kernel's security team "strongly prefers" fixes posted publicly, so
 * one with security@ Cc'd is not a report leaked to a list.
 */
static gboolean patch_submission(const struct sl_check *c)
{
	return c->msg->subject &&
	       sl_regex_test("(?i)^\\s*(\\[[^]]*\\]\\s*)*\\[[^]]*\\bPATCH\\b",
			     0, c->msg->subject);
}

/*
 * A patch whose own text asks for an embargo or calls the issue
 * undisclosed presents an undisclosed vulnerability, whatever its
 * Subject tag: "Proposed embargo: 5 days" on a fix whose Cc: stable@
 * trailer git turns into a recipient is the leak the rule is for.
 */
static const char asks_embargo[] =
	"(?i)\\bembargo(ed)?\\b|\\bundisclosed\\b|\\bnot\\s+(yet\\s+)?public\\b"
	"|\\b(keep|treat)\\s+(this|it)\\s+(private|confidential)\\b";


/*
 * The message says the issue or its fix is public already ("posted to
 * linux-arm-kernel two weeks ago", "already fixed upstream"): one of the
 * "good reasons to consider the issue as being public".
 */
static const char says_public[] =
	"(?i)\\b(already|previously|earlier)\\s+(been\\s+)?(posted|reported|"
	"discussed|disclosed|public|published|fixed|removed)\\b"
	"|\\b(fixed|removed|done|merged)\\s+(in\\s+)?(the\\s+)?upstream\\b"
	"|\\b(post|posted|submit|submitted|submitting|sent|report|reported)\\s+"
	"(this|it|the (patch|issue|bug))?\\s*(to|on|through|via)\\s+"
	"(linux-[\\w.-]+|lkml|[\\w.-]+@vger\\.kernel\\.org|the\\s+(public\\s+)?"
	"(mailing\\s+)?lists?)\\b";

/* The first unnegated match of @pattern in the sender's own words. */
static char *own_words_say(struct sl_check *c, const char *pattern)
{
	const char *own = NULL;
	g_autofree char *flat = NULL;

	if (!sl_facts_content_visible(c->facts))
		return NULL;
	own = sl_facts_own_text(c->facts);
	flat = sl_text_unwrap(own);
	return sl_text_find_unnegated(sl_regex_cached(pattern, 0), flat, NULL);
}

/*
 * A first report of a bug that needs a device or medium breaking its
 * specification (a crafted image, a fake device, out-of-range device
 * values), under a profile whose threat model makes that a regular bug
 * (non-conforming-devices=1, 2026-08): public is its place, so the
 * advice is threat-model-out-of-scope's, to drop the closed list and keep
 * the lists.  A warning, not the error: the leak is no leak if the report
 * is right about its class.  Returns whether it reported.
 */
static gboolean nonconforming_device(struct sl_check *c,
				     const struct sl_address *open,
				     const struct sl_address *closed)
{
	g_autofree char *said = NULL;
	enum sl_nonconforming kind;

	if (!sl_param_int(c, "non-conforming-devices") ||
	    !sl_facts_content_visible(c->facts))
		return FALSE;
	kind = sl_check_nonconforming(c, TRUE, &said);
	if (kind == SL_NONCONFORMING_NONE)
		return FALSE;
	sl_report_capped(c, SL_SEV_WARNING, open->header, "the closed list %s "
			 "(%s) and the public mailing list %s (%s) are "
			 "recipients of a report that says the bug needs %s "
			 "('%s'): the threat model makes that a regular bug, "
			 "reported in public, so drop %s and keep the lists",
			 closed->addr, closed->header, open->addr, open->header,
			 sl_nonconforming_what(kind), said, closed->addr);
	return TRUE;
}

/*
 * What a tolerated AI or tool finding is told.  Under a profile that sends
 * an AI-found report and its reproducer to the maintainers only and the
 * patch to them and their list (ai-report-maintainers-only=1, 2026-08),
 * the report itself does not belong on the list either.
 */
static const char *tolerated_advice(struct sl_check *c)
{
	g_autofree char *said = NULL;
	gboolean trailer_only = FALSE;

	if (sl_param_int(c, "ai-report-maintainers-only")) {
		said = sl_text_ai_disclosure(sl_facts_text(c->facts),
					     &trailer_only);
		if (said && !trailer_only)
			return "but the report and its reproducer go to the "
			       "maintainers only: post only the fix to the "
			       "list";
	}
	return "but do not post the reproducer there";
}

static void check(struct sl_check *c)
{
	const struct sl_address *closed = find_closed_list(c);
	const struct sl_address *open =
		closed ? sl_msg_find_public_list(c->msg, c->policy) : NULL;
	enum sl_severity tolerated;
	g_autofree char *said = NULL;
	g_autofree char *embargo = NULL;

	if (!open)
		return;
	if (sl_msg_from_bot(c->msg)) {
		sl_report_capped(c, SL_SEV_INFO, open->header, "a bot's mail "
				 "goes to the closed list %s (%s) and the "
				 "public mailing list %s (%s); a bot's output "
				 "is public anyway", closed->addr,
				 closed->header, open->addr, open->header);
		return;
	}
	if (c->msg->reply) {
		sl_report_capped(c, SL_SEV_INFO, open->header, "a reply in a "
				 "thread goes to the closed list %s (%s) and "
				 "the public mailing list %s (%s); fine when "
				 "the thread is already public, not when it "
				 "started in private", closed->addr,
				 closed->header, open->addr, open->header);
		return;
	}
	if (patch_submission(c))
		embargo = own_words_say(c, asks_embargo);
	if (only_ksec_closed(c) && patch_submission(c) && !embargo) {
		sl_report_capped(c, SL_SEV_WARNING, open->header, "a patch "
				 "posted to the public mailing list %s (%s) "
				 "has the closed list %s (%s) as a recipient; "
				 "fine for a fix, but keep the details of an "
				 "undisclosed vulnerability out of its "
				 "message", open->addr, open->header,
				 closed->addr, closed->header);
		return;
	}
	if (!embargo && (said = own_words_say(c, says_public))) {
		sl_report_capped(c, SL_SEV_WARNING, open->header, "the closed "
				 "list %s (%s) and the public mailing list %s "
				 "(%s) are recipients; tolerated because the "
				 "message says the issue is public (\"%s\")",
				 closed->addr, closed->header, open->addr,
				 open->header, said);
		return;
	}
	if (embargo) {
		sl_report(c, open->header, "a patch that presents an "
			  "undisclosed issue (\"%s\") goes to the closed list "
			  "%s (%s) and the public mailing list %s (%s)",
			  embargo, closed->addr, closed->header, open->addr,
			  open->header);
		return;
	}
	if (nonconforming_device(c, open, closed))
		return;
	tolerated = public_tool_severity(c);
	if (tolerated != SL_SEV_OFF)
		sl_report_capped(c, tolerated, open->header, "the closed list "
				 "%s (%s) and the public mailing list %s (%s) "
				 "are recipients; tolerated for a bug found "
				 "with AI or a public tool, %s", closed->addr,
				 closed->header, open->addr, open->header,
				 tolerated_advice(c));
	else
		sl_report(c, open->header, "the closed list %s (%s) and the "
			  "public mailing list %s (%s) are recipients",
			  closed->addr, closed->header, open->addr,
			  open->header);
}

static const struct sl_param params[] = {
	{ "non-conforming-devices", NULL,
	  "1: a first report of a bug that needs a crafted image, a fake "
	  "device or a device's out-of-range values is a regular bug under "
	  "the profile's threat model: a warning that says to drop the "
	  "closed list and keep the public ones; 0: no such exception" },
	{ "ai-report-maintainers-only", NULL,
	  "1: the tolerated AI finding is told that its report and reproducer "
	  "go to the maintainers only, the fix to the list; 0: only that the "
	  "reproducer stays off the list" },
	{ NULL, NULL, NULL },
};

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
		"addresses are fine.  The error is for a first message that "
		"presents a vulnerability to both at once.  A reply in a "
		"thread (In-Reply-To or References naming a message; an "
		"empty header names none) is only a note: the thread is "
		"usually public already.  A [PATCH] posting with only "
		"security@ as the closed list is a fix submission, which "
		"the security team prefers public: a warning, unless its "
		"text asks for an embargo or calls the issue undisclosed.  Bot mail is "
		"a note, and a bug found with AI or a public tool "
		"(syzkaller, a fuzzer) is the profile's public-tool-severity "
		"(a warning from 2026-05 on); from 2026-08 such an AI report "
		"is told that report and reproducer go to the maintainers "
		"only.  "
		"A bug the profile's threat model calls a regular one because "
		"it needs a device or medium breaking its specification (a "
		"crafted file-system image, a fake device, out-of-range device "
		"values; 2026-08) is a warning that says to drop the closed "
		"list, never the public ones.",
	.help = "for a vulnerability, drop the public lists from To/Cc/Bcc "
		"and send the fix to them later, without the security "
		"details; for a bug the threat model calls a regular one, keep "
		"the lists and drop the closed list",
	.params = params,
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
