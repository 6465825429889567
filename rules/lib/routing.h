/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_ROUTING_H
#define SECLINT_ROUTING_H

#include <glib.h>

#include "message.h"
#include "policy.h"
#include "rule.h"
#include "text.h"

/*
 * Who a message is to and what it is (rules/lib/routing.c): the
 * recipients in a role, closed and public lists, a report under
 * security-bugs.rst, a follow-up, a patch posting, a bot's mail.
 */
const struct sl_address *sl_msg_find_role(const struct sl_message *msg,
					  const struct sl_policy *policy,
					  const char *role);
/*
 * The first of @msg's recipients from the *@from'th on that is a [list]
 * with @role, and its list in *@list (if not NULL); NULL if none.
 * *@from is left at it (the number of recipients: none), for the next
 * call to start after.  Each recipient's list is found once per message
 * (sl_policy_recipients()), for all the rules that walk them.
 */
const struct sl_address *sl_msg_next_in_role(const struct sl_message *msg,
					     const struct sl_policy *policy,
					     const char *role, guint *from,
					     const struct sl_list **list);
/* Recipients other than the sender's own From address. */
GPtrArray *sl_msg_recipients_but_sender(const struct sl_message *msg);

/* Does @msg's Subject or body name a hardware issue?  @facts: @msg's
 * (its texts are read once for all word lists: literals.h). */
gboolean sl_msg_mentions_hardware(const struct sl_message *msg,
				  struct sl_facts *facts);
gboolean sl_msg_has_closed_list(const struct sl_message *msg,
				const struct sl_policy *policy);
/* A security report: to a closed list, or flagged with --security. */
gboolean sl_check_security(const struct sl_check *check);
gboolean sl_msg_from_bot(const struct sl_message *msg);
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

#endif
