/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_SIGNALS_H
#define SECLINT_SIGNALS_H

#include <glib.h>

#include "message.h"
#include "policy.h"
#include "rule.h"
#include "text.h"

/* Signals in a report's text, shared by content rules (rules/lib/signals.c). */
/* The first match of @re in @text not negated in its sentence. */
char *sl_text_find_unnegated(GRegex *re, const char *text, char **sentence);
/* What says AI helped find the bug; @trailer_only for Assisted-by: only. */
char *sl_text_ai_disclosure(const struct sl_text *t, gboolean *trailer_only);
/* The same, with what the words claim: */
enum sl_ai_claim {
	SL_AI_CLAIM_NONE,
	SL_AI_CLAIM_HELPED,	/* AI helped, not said to have found it */
	SL_AI_CLAIM_TRAILER,	/* only an Assisted-by: trailer */
	SL_AI_CLAIM_FOUND,	/* AI found the bug */
};
char *sl_text_ai_claim(const struct sl_text *t, enum sl_ai_claim *claim);
/* Is @name (a trailer's or an address's display name) an AI tool's? */
enum sl_agent_name {
	SL_AGENT_NAME_NO,
	SL_AGENT_NAME_MAYBE,	/* a tool's name that people bear too */
	SL_AGENT_NAME_YES,
};
enum sl_agent_name sl_text_agent_name(const char *name);
gboolean sl_msg_from_bot(const struct sl_message *msg);
/* Why the report looks automated, or NULL. */
const char *sl_text_automated(const struct sl_message *msg,
			      const struct sl_text *t);
/* A bug found with a tool anyone can run (automated, syzkaller's format,
 * "found with a fuzzer"): why, or NULL. */
const char *sl_text_tool_finding(const struct sl_message *msg,
				 const struct sl_text *t);
/* The kind of reproducer the report has, or NULL; @content_only leaves
 * out mere mentions ("a reproducer is available"). */
const char *sl_text_reproducer(const struct sl_message *msg,
			       const struct sl_text *t, gboolean content_only);
/* What the report says of its reproducer: one (as sl_text_reproducer()),
 * or its status, even negated ("no reproducer could be produced", "not
 * tested at runtime"); NULL: nothing. */
const char *sl_text_reproducer_status(const struct sl_message *msg,
				      const struct sl_text *t);
/* Does the report (its Subject, text, kernel log or an attachment's
 * name) name a kernel version, tree or commit? */
gboolean sl_text_names_version(const struct sl_message *msg,
			       const struct sl_text *t);
/* Source for a reproducer: an inline program, a .c/.sh/.py attachment. */
gboolean sl_text_has_source_reproducer(const struct sl_message *msg,
				       const struct sl_text *t);
/* What in the message (@own: its own text) shows the issue public: a fix
 * upstream or linked, a public commit, a CVE said to be published.  Why,
 * or NULL. */
char *sl_check_public_artefact(struct sl_check *c, const char *own);
gboolean sl_msg_is_patch_submission(const struct sl_message *msg,
				    const struct sl_text *t);
/* A [PATCH] tag in the Subject (a posting, whatever its hunks became):
 * a patch or a series' cover letter. */
gboolean sl_msg_patch_subject(const struct sl_message *msg);
/* A part that is an attached patch: a .patch or .diff file, text/x-patch,
 * text/x-diff. */
gboolean sl_part_is_patch(const struct sl_part *part);
/* A patch sent as an attachment (a part sl_part_is_patch()). */
gboolean sl_msg_patch_attachment(const struct sl_message *msg);
/* A patch anywhere: inline hunks, a [PATCH] Subject, an attached one. */
gboolean sl_msg_carries_patch(const struct sl_message *msg,
			      const struct sl_text *t);
const struct sl_address *sl_msg_find_public_list(
	const struct sl_message *msg, const struct sl_policy *policy);
/* A follow-up that also goes to a public list (a reply-all in a public
 * thread): that list, or NULL. */
const struct sl_address *sl_msg_public_followup(
	const struct sl_message *msg, const struct sl_policy *policy);
const struct sl_address *sl_msg_kernel_report_to(
	const struct sl_message *msg, const struct sl_policy *policy);
/* A report under security-bugs.rst: to security@ or hardware-security@,
 * or marked with --security and sent to no closed list. */
gboolean sl_check_kernel_report(const struct sl_check *c);
/* The scanned text of a readable report under security-bugs.rst (to
 * security@ or hardware-security@), or NULL: the gate of its content rules.
 * sl_initial_report_text() also leaves out follow-ups and patches. */
const struct sl_text *sl_kernel_report_text(struct sl_check *c,
					    gboolean initial_only);
const struct sl_text *sl_initial_report_text(struct sl_check *c);
/* A first message that asks whether the code it quotes matters ("Do we
 * care?") or passes on a report the sender received ("we've received a
 * report on the security list"): no finding of the sender's own to version or reproduce.  Why,
 * or NULL. */
const char *sl_text_not_own_finding(const struct sl_text *t);

#endif
