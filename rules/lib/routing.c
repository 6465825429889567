// SPDX-License-Identifier: GPL-2.0-only
/*
 * Who a message is to and what it is: the questions of routing that rules
 * ask before they read a text (rules/lib/routing.h).
 */
#include <string.h>

#include "address.h"
#include "facts.h"
#include "literals.h"
#include "matches.h"
#include "message.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "text.h"

const struct sl_address *sl_msg_next_in_role(const struct sl_message *msg,
					     const struct sl_policy *policy,
					     const char *role, guint *from,
					     const struct sl_list **list)
{
	const struct sl_recipient_kind *k = sl_policy_recipients(policy, msg);
	guint n = msg->recipients->len;
	guint i;

	/* Most recipients are on no list of the policy: they are skipped
	 * (some sixty rules ask, each message). */
	for (i = *from < n ? k[*from].next_list : n; i < n;
	     i = i + 1 < n ? k[i + 1].next_list : n)
		if (sl_list_has_role(k[i].list, role))
			break;
	/* SECLINT_CHECK_LITERALS=1: the skipping and the kept lists proved
	 * by looking each recipient up */
	if (sl_literals_checking()) {
		guint all = *from;

		while (all < n &&
		       !sl_list_has_role(
			       sl_policy_find_list(
				       policy,
				       ((const struct sl_address *)
						msg->recipients->pdata[all])
					       ->addr),
			       role))
			all++;
		if (all != i)
			g_error("seclint: role %s: recipient %u, not %u", role,
				i, all);
	}
	*from = i;
	if (i >= n)
		return NULL;
	if (list)
		*list = k[i].list;
	return msg->recipients->pdata[i];
}

const struct sl_address *sl_msg_find_role(const struct sl_message *msg,
					  const struct sl_policy *policy,
					  const char *role)
{
	guint from = 0;

	return sl_msg_next_in_role(msg, policy, role, &from, NULL);
}

/* Whether @addr is the sender's or one of @out's (which are addresses). */
static gboolean seen_before(const struct sl_message *msg, const GPtrArray *out,
			    const char *addr)
{
	for (guint j = 0; j < msg->from->len; j++)
		if (!strcmp(((const struct sl_address *)msg->from->pdata[j])
				    ->addr, addr))
			return TRUE;
	for (guint j = 0; j < out->len; j++)
		if (!strcmp(((const struct sl_address *)out->pdata[j])->addr,
			    addr))
			return TRUE;
	return FALSE;
}

/* Distinct recipients that are not the sender; a set, since a message
 * may carry 100 000 of them.  A few (most mail) are compared in turn:
 * a hash table built per call was most of this function's cost. */
GPtrArray *sl_msg_recipients_but_sender(const struct sl_message *msg)
{
	g_autoptr(GHashTable) seen = NULL;
	GPtrArray *out = g_ptr_array_new();

	if (msg->recipients->len + msg->from->len <= 32) {
		for (guint i = 0; i < msg->recipients->len; i++) {
			const struct sl_address *a = msg->recipients->pdata[i];

			if (!seen_before(msg, out, a->addr))
				g_ptr_array_add(out, (gpointer)a);
		}
		return out;
	}
	seen = g_hash_table_new(g_str_hash, g_str_equal);
	for (guint j = 0; j < msg->from->len; j++)
		g_hash_table_add(seen, ((struct sl_address *)
					msg->from->pdata[j])->addr);
	for (guint i = 0; i < msg->recipients->len; i++) {
		const struct sl_address *a = msg->recipients->pdata[i];

		if (g_hash_table_add(seen, a->addr))
			g_ptr_array_add(out, (gpointer)a);
	}
	return out;
}

/*
 * Words that say a report is about the hardware (the CPU, microcode,
 * speculation side channels) rather than the kernel's own code.
 */
static const char hardware_signals[] =
	"\\b(speculative[- ]execution|side[- ]channel|microarchitectural|"
	"microcode|cpu erratum|silicon|spectre|meltdown|rowhammer|"
	"transient[- ]execution|mds|l1tf|retbleed|downfall|zenbleed)\\b";
/* Each of them, up to its rarest letters (rules/lib/literals.h). */
static const char *const hardware_words[] = {
	"\\bspeculative-execution", "\\bspeculative execution",
	"\\bside-channel", "\\bside channel", "\\bmicroarchitectural",
	"\\bmicrocode", "\\bcpu erratum", "\\bsilicon", "\\bspectre",
	"\\bmeltdown", "\\browhammer", "\\btransient-execution",
	"\\btransient execution", "\\bmds", "\\bl1tf", "\\bretbleed",
	"\\bdownfall", "\\bzenbleed", NULL
};

/* Most bodies have none of the words: PCRE2 would try at every letter. */
static gboolean hardware_in(struct sl_facts *facts, const char *text)
{
	return !sl_regex_ruled_out(facts, hardware_signals, G_REGEX_CASELESS,
				   hardware_words, text) &&
	       sl_regex_match_simple(hardware_signals, text,
				     G_REGEX_CASELESS, 0);
}

gboolean sl_msg_mentions_hardware(const struct sl_message *msg,
				  struct sl_facts *facts)
{
	return (msg->subject && hardware_in(facts, msg->subject)) ||
	       hardware_in(facts, msg->body->str);
}

gboolean sl_msg_has_closed_list(const struct sl_message *msg,
				const struct sl_policy *policy)
{
	const struct sl_recipient_kind *k = sl_policy_recipients(policy, msg);
	guint n = msg->recipients->len;

	for (guint i = n ? k[0].next_list : n; i < n;
	     i = i + 1 < n ? k[i + 1].next_list : n)
		if (k[i].list->closed)
			return TRUE;
	return FALSE;
}

/* A security report: to a closed list, or flagged as one (the run's
 * flags: none without facts, in a check made by hand). */
gboolean sl_check_security(const struct sl_check *c)
{
	return (c->facts && c->facts->options && c->facts->options->security) ||
	       sl_msg_has_closed_list(c->msg, c->policy);
}

static const char bot_sender[] =
	"(?i)^(syzbot(\\+[\\w.-]+)?@syzkaller\\.appspotmail\\.com|"
	"lkp@intel\\.com|[\\w.+-]*bot@[\\w.-]+|scan-admin@coverity\\.com)$";

gboolean sl_msg_from_bot(const struct sl_message *msg)
{
	for (guint i = 0; i < msg->from->len; i++) {
		const struct sl_address *a = msg->from->pdata[i];

		if (sl_regex_test(bot_sender, 0, a->addr) ||
		    (a->display && strstr(a->display, "test robot")))
			return TRUE;
	}
	return FALSE;
}

static const char patch_subject[] =
	"(?i)^\\s*(\\[[^]]*\\]\\s*)*\\[[^]]*\\bPATCH\\b";
static const char patch_header[] =
	"(?m)^(Subject: .*\\bPATCH\\b|Signed-off-by: |From: .*\\S+@\\S+)";

gboolean sl_msg_patch_subject(const struct sl_message *msg)
{
	return msg->subject && sl_regex_test(patch_subject, 0, msg->subject);
}

/* A patch meant to be merged, not a diff shown as an illustration. */
gboolean sl_msg_is_patch_submission(const struct sl_message *msg,
				    const struct sl_text *t)
{
	if (!t->hunks)
		return FALSE;
	return sl_msg_patch_subject(msg) ||
	       sl_regex_test(patch_header, 0, t->prose->str);
}

static const char patch_name[] = "(?i)\\.(patch|diff)$";

gboolean sl_part_is_patch(const struct sl_part *p)
{
	return sl_part_is_attachment(p) &&
	       (strstr(p->type, "x-patch") || strstr(p->type, "x-diff") ||
		(p->filename && sl_regex_test(patch_name, 0, p->filename)));
}

gboolean sl_msg_patch_attachment(const struct sl_message *msg)
{
	for (guint i = 0; i < msg->parts->len; i++)
		if (sl_part_is_patch(msg->parts->pdata[i]))
			return TRUE;
	return FALSE;
}

gboolean sl_msg_carries_patch(const struct sl_message *msg,
			      const struct sl_text *t)
{
	return t->hunks || sl_msg_patch_subject(msg) ||
	       sl_msg_patch_attachment(msg);
}

const struct sl_address *sl_msg_find_public_list(
	const struct sl_message *msg, const struct sl_policy *policy)
{
	const struct sl_recipient_kind *k = sl_policy_recipients(policy, msg);

	for (guint i = 0; i < msg->recipients->len; i++)
		if (k[i].public_list)
			return msg->recipients->pdata[i];
	return NULL;
}

const struct sl_address *sl_msg_public_followup(
	const struct sl_message *msg, const struct sl_policy *policy)
{
	return msg->followup ? sl_msg_find_public_list(msg, policy) : NULL;
}

/*
 * The recipient that makes this a report under security-bugs.rst (the
 * kernel security team or the hardware team), or NULL: the Openwall
 * lists have their own rules.
 */
const struct sl_address *sl_msg_kernel_report_to(
	const struct sl_message *msg, const struct sl_policy *policy)
{
	const struct sl_address *a =
		sl_msg_find_role(msg, policy, "kernel-security");

	return a ? a : sl_msg_find_role(msg, policy, "hardware-security");
}

/*
 * To security@ or hardware-security@, or, with --security and no closed
 * list, a report sent to maintainers only (what the 2026 text allows).
 */
gboolean sl_check_kernel_report(const struct sl_check *c)
{
	return sl_msg_kernel_report_to(c->msg, c->policy) ||
	       (sl_check_security(c) &&
		!sl_msg_has_closed_list(c->msg, c->policy));
}

const struct sl_text *sl_kernel_report_text(struct sl_check *c,
					    gboolean initial_only)
{
	if ((initial_only && c->msg->followup) || !sl_check_kernel_report(c) ||
	    !sl_facts_content_visible(c->facts))
		return NULL;
	return sl_facts_text(c->facts);
}

const struct sl_text *sl_initial_report_text(struct sl_check *c)
{
	const struct sl_text *t = sl_kernel_report_text(c, TRUE);

	if (t && (!t->prose_lines || sl_msg_is_patch_submission(c->msg, t)))
		return NULL;
	return t;
}
