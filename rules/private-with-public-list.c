// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "facts.h"
#include "literals.h"
#include "matches.h"
#include "nonconforming.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

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
 * tools"), or SL_SEV_OFF when the profile has no such exception; *ai
 * says whether AI found it (else a tool did).
 */
static enum sl_severity public_tool_severity(struct sl_check *c, gboolean *ai)
{
	enum sl_severity sev = sl_param_level(c, "public-tool-severity");
	g_autofree char *said = NULL;
	const struct sl_text *t;
	gboolean trailer_only = FALSE;

	*ai = FALSE;
	if (sev == SL_SEV_OFF || !only_ksec_closed(c) ||
	    !sl_facts_content_visible(c->facts))
		return SL_SEV_OFF;
	t = sl_facts_text(c->facts);
	said = sl_text_ai_disclosure(c->facts, t, &trailer_only);
	*ai = said && !trailer_only;
	if (*ai || sl_text_tool_finding(c->facts, c->msg, t))
		return sev;
	return SL_SEV_OFF;
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
/* Each match of asks_embargo holds a word of both lists of one of these
 * pairs (signals.h), in any case (as (?i) matches them); of says_public,
 * likewise; of the ones below, a word of their guards.  "public" and
 * "private" are in most messages, "not ... public" and "keep this
 * private" in few. */
static const char *const embargo_words[] = {
	"\\bembargo", "\\bundisclosed", NULL
};
static const char *const not_words[] = { "\\bnot", NULL };
static const char *const public_words[] = { "public", NULL };
static const char *const keep_words[] = { "\\bkeep", "\\btreat", NULL };
static const char *const private_words[] = {
	"private", "confidential", NULL
};
static const sl_word_pair asks_embargo_pairs[] = {
	{ embargo_words, NULL }, { not_words, public_words },
	{ keep_words, private_words }, { NULL, NULL },
};


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
/* Its three branches' pairs: "already" or "list" is in most messages. */
static const char *const already_words[] = {
	"\\balready", "\\bpreviously", "\\bearlier", NULL
};
static const char *const already_done[] = {
	"posted", "reported", "discussed", "disclosed", "public", "published",
	"fixed", "removed", NULL
};
static const char *const done_words[] = {
	"\\bfixed", "\\bremoved", "\\bdone", "\\bmerged", NULL
};
static const char *const upstream_words[] = { "upstream", NULL };
static const char *const sent_words[] = {
	"\\bpost", "\\bsubmit", "\\bsent", "\\breport", NULL
};
static const char *const list_words[] = {
	"linux-", "lkml", "@vger.kernel.org", "list", NULL
};
static const sl_word_pair says_public_pairs[] = {
	{ already_words, already_done }, { done_words, upstream_words },
	{ sent_words, list_words }, { NULL, NULL },
};

/*
 * A patch posting whose own words read as a vulnerability report, not as
 * a commit message: a "Security Impact:" heading, the sender saying they
 * discovered a vulnerability, a proof of concept or exploit (the word with
 * a program, shell commands or steps to run), or a reproducer program
 * (the word with a program: a maintainer's fix that quotes the shell
 * commands of a public report reproduces, it does not report).  Such a
 * posting publishes the report the closed list was to get first; an
 * ordinary fix explains its bug without any of these.  "poc/62", a task
 * name in a KASAN log, is not the word.
 */
static const char report_heading[] =
	"(?im)^\\s*(security\\s+impact|vulnerability\\s+details|"
	"exploitation|attack\\s+scenario)\\s*:";
static const char discovered_vuln[] =
	"(?i)\\b(I|we)\\s+(have\\s+)?(discovered|found|identified)\\s+"
	"(a|an|the|this|several|multiple)\\s+([\\w-]+\\s+){0,4}?"
	"(vulnerabilit(y|ies)|security\\s+(issue|bug|flaw|hole|problem)s?)\\b";
static const char poc_words[] =
	"(?i)\\b(poc|proof[- ]of[- ]concept|exploits?)\\b(?!/)"
	"|\\b(run|execute)\\s+(the\\s+following|this|it)\\s+as\\s+"
	"(an?\\s+)?(unprivileged|normal|non-root|local)\\s+user\\b";
static const char reproducer_word[] = "(?i)\\b(reproducer|repro)\\b";
static const struct sl_guard report_heading_guard = {
	.has = (const char *const[]){
		"impact", "details", "exploitation", "scenario", NULL
	},
	.caseless = TRUE,
};
static const struct sl_guard discovered_vuln_guard = {
	.has = (const char *const[]){
		"discovered", "found", "identified", NULL
	},
	.caseless = TRUE,
};
static const struct sl_guard poc_words_guard = {
	.has = (const char *const[]){ "poc", "proof", "exploit", "user", NULL },
	.caseless = TRUE,
};
static const struct sl_guard reproducer_word_guard = {
	.has = (const char *const[]){ "repro", NULL }, .caseless = TRUE,
};

/*
 * A member of the security team passing on a report the list received
 * ("we've received a suspected vulnerability report on the kernel
 * security list"): where it goes next is the team's decision.
 */
static const char team_relays[] =
	"(?i)\\b(we|I)\\s*('ve|\\s+have)?\\s+received\\s+(a|an|this|the)\\s+"
	"([\\w-]+\\s+){0,3}?(report|message|mail)\\s+(on|at|to|via|through)"
	"\\s+(the\\s+)?(kernel\\s+)?(security\\s+(list|team|alias)|"
	"security@kernel\\.org)\\b";
static const struct sl_guard team_relays_guard = {
	.has = (const char *const[]){ "received", NULL }, .caseless = TRUE,
};

/* A later round of a posted patch: "[PATCH v2 1/3]", "[RESEND PATCH]". */
static const char later_round[] =
	"(?i)^\\s*(?:re:\\s*)?(?:\\[[^]]*\\]\\s*)*"
	"\\[[^]]*\\b(?:v(?:[2-9]|\\d\\d+)|resend)\\b[^]]*\\]";

/* A trailer or line that ties the fix to someone else's report or to a
 * public one: Reported-by:, Closes:/Link: to a report, a syzbot id. */
static const char others_report[] =
	"(?im)^\\s*(?:Reported-by|Reported-and-tested-by):\\s*(.*?)\\s*$"
	"|^\\s*(?:Closes|Link|BugLink|Bug):\\s*https?://"
	"|\\bsyzbot\\+[0-9a-f]+@|\\bsyzkaller\\.appspot\\.com/bug";

/* Does @who (a Reported-by: value) name one of the senders? */
static gboolean names_sender(const struct sl_message *msg, const char *who)
{
	g_autofree char *lower = g_ascii_strdown(who, -1);

	for (guint i = 0; i < msg->from->len; i++) {
		const struct sl_address *a = msg->from->pdata[i];
		g_autofree char *addr = g_ascii_strdown(a->addr, -1);

		if (strstr(lower, addr))
			return TRUE;
	}
	return FALSE;
}

/*
 * A first report with its fix riding along, rather than a fix: the
 * [PATCH] is the first round (no v2, no RESEND), shows how to trigger the
 * bug (a reproducer in its text or attached), and ties it to nobody
 * else's report (a Reported-by: of another person, a Closes: or Link: to
 * a report, a syzbot id).  What the reproducer is, or NULL.  A
 * maintainer's fix with security@ Cc'd credits the reporter and carries
 * no reproducer; a v2 follows a posted patch.
 */
static const char *first_report_with_fix(struct sl_check *c)
{
	const struct sl_text *t;
	const char *repro;
	g_autoptr(sl_matches) m = NULL;

	if (!c->msg->subject || sl_regex_test(later_round, 0, c->msg->subject) ||
	    !sl_facts_content_visible(c->facts))
		return NULL;
	t = sl_facts_text(c->facts);
	repro = sl_facts_reproducer(c->facts, c->msg, t, TRUE);
	/* "commands to run" is also a path such as ./drivers/foo.c in a
	 * fix's analysis: too weak to call a patch a report. */
	if (!repro || !strcmp(repro, "commands to run"))
		return NULL;
	m = sl_matches_of(others_report, 0, t->prose->str, -1, 0);
	while (m && sl_matches_next(m)) {
		g_autofree char *who = sl_matches_fetch(m, 1);

		if (!who || !*who || !names_sender(c->msg, who))
			return NULL;
	}
	return repro;
}

/* The sender's own words, each paragraph on one line: unwrapped once for
 * the several questions below. */
static const char *flat_own_words(struct sl_check *c)
{
	static const char key;
	struct sl_facts_slot *s = sl_facts_slot(c->facts, &key);

	if (!s->filled) {
		sl_facts_fill(s, sl_text_unwrap(sl_facts_own_text(c->facts)),
			      g_free);
		sl_facts_literals_keep(c->facts, s->data);
	}
	return s->data;
}

/* The first unnegated match of @pattern in the sender's own words; none
 * where they hold nothing of @guard, or, @guard NULL, no pair of @pairs. */
static char *own_words_say(struct sl_check *c, const char *pattern,
			   const struct sl_guard *guard,
			   const sl_word_pair *pairs)
{
	const char *flat;

	if (!sl_facts_content_visible(c->facts))
		return NULL;
	flat = flat_own_words(c);
	if (guard ? !sl_guard_admits(c->facts, pattern, 0, guard, flat)
		  : !sl_pairs_admit(c->facts, pattern, 0, pairs, flat))
		return NULL;
	return sl_text_find_unnegated(sl_regex_cached(pattern, 0), flat, NULL);
}

/*
 * What makes a patch posting read as a vulnerability report (see
 * report_heading above), or NULL; *said the words.  A proof of concept
 * counts with the program, commands or steps it names.
 */
static const char *report_shape(struct sl_check *c, char **said)
{
	const struct sl_text *t = sl_facts_text(c->facts);
	const char *repro;

	if ((*said = own_words_say(c, report_heading,
				   &report_heading_guard, NULL))) {
		g_strstrip(*said);
		return "a vulnerability report's heading";
	}
	if ((*said = own_words_say(c, discovered_vuln,
				   &discovered_vuln_guard, NULL)))
		return "the sender says they found a vulnerability";
	if ((*said = own_words_say(c, poc_words,
				   &poc_words_guard, NULL))) {
		repro = sl_facts_reproducer(c->facts, c->msg, t, TRUE);
		if (repro && strcmp(repro, "commands to run"))
			return "a proof of concept";
		g_clear_pointer(said, g_free);
	}
	if ((*said = own_words_say(c, reproducer_word,
				   &reproducer_word_guard, NULL))) {
		if (sl_text_has_source_reproducer(c->msg, t))
			return "a reproducer program";
		g_clear_pointer(said, g_free);
	}
	return NULL;
}

/*
 * A patch posting with security@ as its only closed list: a fix, which
 * the security team prefers public and MAINTAINERS asks to Cc security@
 * on, so a note.  A warning where its message reads as a vulnerability
 * report (report_shape()), unless the bug is a public tool's finding the
 * profile counts as public (@tool_public).
 */
static void patch_posting(struct sl_check *c, const struct sl_address *open,
			  const struct sl_address *closed,
			  gboolean tool_public)
{
	g_autofree char *said = NULL;
	const char *shape = tool_public ? NULL : report_shape(c, &said);

	if (shape)
		sl_report_capped(c, SL_SEV_WARNING, open->header, "a patch "
				 "posted to the public mailing list %s (%s) "
				 "has the closed list %s (%s) as a recipient, "
				 "and its message reads as a vulnerability "
				 "report (%s: '%s'): send the report to the "
				 "closed list alone, and post the fix with a "
				 "commit message that keeps the exploit details "
				 "out", open->addr, open->header,
				 closed->addr, closed->header, shape, said);
	else
		sl_report_capped(c, SL_SEV_INFO, open->header, "a patch "
				 "posted to the public mailing list %s (%s) "
				 "has the closed list %s (%s) as a recipient; "
				 "fine for a fix, but keep the details of an "
				 "undisclosed vulnerability out of its "
				 "message", open->addr, open->header,
				 closed->addr, closed->header);
}

/*
 * A first report of a bug that needs a device or medium breaking its
 * specification (a crafted image, a fake device, out-of-range device
 * values), under a profile whose threat model makes that a regular bug
 * (non-conforming-devices=1, 2026-08): public is its place, so the
 * advice is threat-model-out-of-scope's, to drop the closed list and keep
 * the lists.  A warning, not the error: the leak is no leak if the report
 * is right about its class.  A public tool's finding is a note before
 * this is asked (the list is its place either way).  Returns whether it
 * reported.
 */
static gboolean nonconforming_device(struct sl_check *c,
				     const struct sl_address *open,
				     const struct sl_address *closed)
{
	g_autofree char *said = NULL;
	enum sl_nonconforming kind;

	if (!sl_param_flag(c, "non-conforming-devices") ||
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
 * What a tolerated AI finding is told.  Under a profile that sends an
 * AI-found report and its reproducer to the maintainers only and the patch
 * to them and their list (ai-report-maintainers-only=1, 2026-08), the
 * report itself does not belong on the list either.
 */
static const char *tolerated_advice(struct sl_check *c)
{
	if (sl_param_flag(c, "ai-report-maintainers-only"))
		return "but the report and its reproducer go to the "
		       "maintainers only: post only the fix to the list";
	return "but do not post the reproducer there";
}

static void check(struct sl_check *c)
{
	const struct sl_address *closed = find_closed_list(c);
	const struct sl_address *open =
		closed ? sl_msg_find_public_list(c->msg, c->policy) : NULL;
	enum sl_severity tolerated;
	gboolean ai = FALSE;
	const char *report = NULL;
	gboolean patch;
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
	/* A patch posting, which does not present itself as a report: a
	 * [PATCH] Subject tag (a cover letter and an attached patch
	 * included).  The kernel's security team "strongly prefers" fixes
	 * posted publicly, so one with security@ Cc'd is not a report
	 * leaked to a list. */
	patch = sl_msg_patch_subject(c->msg);
	if (patch) {
		embargo = own_words_say(c, asks_embargo, NULL,
					asks_embargo_pairs);
		report = first_report_with_fix(c);
	}
	tolerated = public_tool_severity(c, &ai);
	if (only_ksec_closed(c) && patch && !embargo &&
	    !report) {
		patch_posting(c, open, closed,
			      tolerated != SL_SEV_OFF && !ai);
		return;
	}
	if (!embargo && (said = own_words_say(c, says_public, NULL,
						      says_public_pairs))) {
		sl_report_capped(c, SL_SEV_INFO, open->header, "the closed "
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
	if (tolerated != SL_SEV_OFF && !ai) {
		sl_report_capped(c, SL_SEV_INFO, open->header, "the closed "
				 "list %s (%s) and the public mailing list %s "
				 "(%s) are recipients of a bug found with a "
				 "public tool (%s): its result counts as "
				 "public, so the list is its place",
				 closed->addr, closed->header, open->addr,
				 open->header, sl_text_tool_finding(c->facts,
				 c->msg, sl_facts_text(c->facts)));
		return;
	}
	if (nonconforming_device(c, open, closed))
		return;
	if (report && tolerated == SL_SEV_OFF)
		sl_report(c, open->header, "a [PATCH] that is a first report "
			  "(it carries %s and credits no other report) goes "
			  "to the closed list %s (%s) and the public mailing "
			  "list %s (%s): its fix rides along, the report "
			  "leaks", report, closed->addr, closed->header,
			  open->addr, open->header);
	else if (tolerated != SL_SEV_OFF && (said = own_words_say(c,
						     team_relays,
						     &team_relays_guard, NULL)))
		sl_report_capped(c, SL_SEV_INFO, open->header, "the closed "
				 "list %s (%s) and the public mailing list %s "
				 "(%s) are recipients of an AI-found report "
				 "the security list received ('%s'): the "
				 "team's own choice of audience",
				 closed->addr, closed->header, open->addr,
				 open->header, said);
	else if (tolerated != SL_SEV_OFF)
		sl_report_capped(c, tolerated, open->header, "the closed list "
				 "%s (%s) and the public mailing list %s (%s) "
				 "are recipients; tolerated for a bug found "
				 "with AI, %s", closed->addr,
				 closed->header, open->addr, open->header,
				 tolerated_advice(c));
	else
		sl_report(c, open->header, "the closed list %s (%s) and the "
			  "public mailing list %s (%s) are recipients",
			  closed->addr, closed->header, open->addr,
			  open->header);
}

static const struct sl_param params[] = {
	{ .key = "non-conforming-devices", .type = SL_PARAM_FLAG,
	  .doc = "1: a first report of a bug that needs a crafted image, a fake "
	  "device or a device's out-of-range values is a regular bug under "
	  "the profile's threat model: a warning that says to drop the "
	  "closed list and keep the public ones; 0: no such exception" },
	{ .key = "ai-report-maintainers-only", .type = SL_PARAM_FLAG,
	  .doc = "1: the tolerated AI finding is told that its report and reproducer "
	  "go to the maintainers only, the fix to the list; 0: only that the "
	  "reproducer stays off the list" },
	{ .key = "public-tool-severity", .type = SL_PARAM_LEVEL,
	  .optional = TRUE,
	  .doc = "the level of a public report Cc'd to the security team when AI "
	  "or a widely available tool found the bug; unset: no such "
	  "exception, the rule's own level" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_private_with_public_list = {
	.id = "private-with-public-list",
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
		"the security team prefers public and MAINTAINERS asks to "
		"Cc security@ on: a note, unless its text asks for an "
		"embargo or calls the issue undisclosed, or it is a first "
		"report with its fix riding along: the first round of the "
		"patch (no v2, no RESEND) that shows how to trigger the bug "
		"(a reproducer in its text or attached) and credits no "
		"other report (no Reported-by: of another person, no "
		"Closes: or Link: to a report, no syzbot id).  That one is "
		"judged as the report it is.  A patch posting whose message "
		"reads as a vulnerability report (a 'Security Impact:' "
		"heading, 'I discovered a vulnerability', a proof of concept "
		"or a reproducer program) is a warning: the report it "
		"carries was for the "
		"closed list first.  On real list mail almost every fix with "
		"security@ Cc'd (a maintainer's fix, its v2 to v5, a "
		"resend, a backport request, a hardening patch) was right to "
		"Cc it, hence only a note for those.  A message that says "
		"the issue is public already is a note too.  Bot mail is a "
		"note.  A bug found with a public tool (syzkaller, a fuzzer "
		"anyone can run; not 'our in-house fuzzer') counts as "
		"public under the profiles with a public-tool-severity "
		"(2026-05 on): a note, since its result can be repeated by "
		"anyone and the list is its place.  A bug found with AI is "
		"the profile's public-tool-severity (a warning): the texts "
		"keep its reproducer off the list, and from 2026-08 the "
		"report too, which the finding says; unless a member of "
		"the security team passes on a report the list received "
		"(a note: the team chooses the audience).  "
		"A bug the profile's threat model calls a regular one because "
		"it needs a device or medium breaking its specification (a "
		"crafted file-system image, a fake device, out-of-range device "
		"values; 2026-08) is a warning that says to drop the closed "
		"list, never the public ones (a public tool's finding of "
		"such a bug stays a note).",
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
