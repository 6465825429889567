// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "fixer.h"
#include "message.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

/*
 * A follow-up that also goes to a public list (a review, an Acked-by, an
 * 'Applied, thanks!' in a thread whose patch Cc'd both lists) is public
 * already: no clock starts and nothing is left to send separately, so a
 * note.  A follow-up among closed lists only is the one that matters: a
 * reply in a private thread that adds linux-distros starts its clock.
 */
static void check(struct sl_check *c)
{
	const struct sl_address *ksec =
		sl_msg_find_role(c->msg, c->policy, "kernel-security");
	const struct sl_address *distros =
		sl_msg_find_role(c->msg, c->policy, "distros");
	const struct sl_address *open;

	if (!ksec || !distros)
		return;
	open = sl_msg_public_followup(c->msg, c->policy);
	if (open)
		sl_report_capped_at(c, SL_SEV_INFO, distros->header,
				    distros->addr, "%s (%s) and %s (%s) are "
				    "both recipients of a follow-up that also "
				    "goes to the public list %s (%s): the "
				    "thread is public already, so no clock "
				    "starts", ksec->addr, ksec->header,
				    distros->addr, distros->header,
				    open->addr, open->header);
	else
		sl_report_at(c, distros->header, distros->addr,
			     "%s (%s) and %s (%s) are both recipients",
			     ksec->addr, ksec->header, distros->addr,
			     distros->header);
}

/* --fix (fixer.h): the distros lists come off the recipient fields. */
static gboolean is_distros(const char *addr, gpointer data)
{
	const struct sl_policy *policy = data;

	return sl_list_has_role(sl_policy_find_list(policy, addr), "distros");
}

/*
 * The field without the distros lists, or NULL if they are not in it
 * (and *failed on an error).
 */
static char *drop_from_field(struct sl_fixing *fx, const struct sl_fix_field *f,
			     gboolean *failed)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *head = sl_fix_field_head(fx, f);
	g_autofree char *edited = NULL;
	g_autofree char *text = NULL;
	gboolean empty;

	edited = sl_fix_field_drop_addresses(fx, f, is_distros,
					     (gpointer)fx->policy, &empty,
					     &error);
	*failed = error != NULL;
	if (error)
		sl_fix_decline(fx, "%s: %s", f->name, error->message);
	if (!edited)
		return NULL;
	text = empty ? g_strdup("") : g_strconcat(head, edited, NULL);
	sl_fix_describe_field(fx, f, text);
	return g_steal_pointer(&text);
}

/* The removed addresses, each once, in order: "a, b". */
static char *removed_list(const GPtrArray *removed)
{
	g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < removed->len; i++) {
		if (!g_hash_table_add(seen, removed->pdata[i]))
			continue;
		if (out->len)
			g_string_append(out, ", ");
		g_string_append(out, removed->pdata[i]);
	}
	return g_string_free(out, FALSE);
}

static void advise_distros_later(struct sl_fixing *fx, const char *lists)
{
	const char *advice = sl_fix_param_string(fx, "fix-advice");

	sl_fix_note(fx, "note: %s %s: %s", lists, strchr(lists, ',')
		    ? "are no longer recipients" : "is no longer a recipient",
		    advice ? advice : fx->finding->rule->help);
}

/*
 * The message that should go now is the report to the security team; the
 * distros lists are written to later, in a message of their own.  On a
 * follow-up the later texts allow both lists while an accepted fix is
 * coordinated, so that is left to the sender.
 */
static gboolean split_distros(struct sl_fixing *fx)
{
	g_autoptr(GArray) fields = NULL;
	g_autoptr(GPtrArray) edited = NULL;
	g_autofree char *lists = NULL;

	if (fx->msg->followup && fx->finding->severity < SL_SEV_ERROR) {
		sl_fix_decline(fx, "a follow-up, where both lists may be Cc'd "
			       "while an accepted fix is coordinated; remove "
			       "the distros list by hand if that is not the "
			       "case");
		return FALSE;
	}
	fields = sl_fix_fields(fx);
	edited = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; i < fields->len; i++) {
		const struct sl_fix_field *f =
			&g_array_index(fields, struct sl_fix_field, i);
		gboolean failed = FALSE;

		g_ptr_array_add(edited, sl_is_recipient_header(f->name)
				? drop_from_field(fx, f, &failed) : NULL);
		if (failed)
			return FALSE;
	}
	/* From the end, so that the offsets before stay right. */
	for (guint i = edited->len; i-- > 0;)
		if (edited->pdata[i])
			sl_fix_splice_field(fx, &g_array_index(
				fields, struct sl_fix_field, i),
				edited->pdata[i]);
	if (!sl_fix_removed(fx)->len) {
		sl_fix_decline(fx, "the distros address is not in the "
			       "message's own headers (given with --to, --cc "
			       "or --bcc?)");
		return FALSE;
	}
	lists = removed_list(sl_fix_removed(fx));
	sl_fix_done(fx, "removed %s", lists);
	advise_distros_later(fx, lists);
	return TRUE;
}

static const struct sl_fix fix = {
	.apply = split_distros,
	.summary = "removes linux-distros@ and distros@ from the recipients, "
		   "leaving the report to send now, and says when to write to "
		   "the list (not on a follow-up)",
};

static const struct sl_param params[] = {
	{ .key = "fix-advice", .type = SL_PARAM_STRING, .optional = TRUE,
	  .doc = "when to write to the distros lists, as the revision says: "
	  "the note --fix prints after dropping them (unset: the rule's "
	  "help)" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_ksec_with_linux_distros = {
	.id = "ksec-with-linux-distros",
	.summary = "the kernel security team and the Openwall distros lists "
		   "are recipients of one message",
	.rationale =
		"The kernel security team fixes the bug; the (linux-)distros "
		"lists prepare distributions for its disclosure.  Writing to "
		"linux-distros starts its 14-day clock to a mandatory public "
		"posting, so when it gets the report together with "
		"security@kernel.org the clock runs before the kernel "
		"developers have even looked at the bug.  Every revision of "
		"the kernel text and the distros policy keep the two apart: "
		"the kernel team (with the maintainers, since 2026) gets the "
		"report, linux-distros only once a fix is accepted; what each "
		"revision allows on a follow-up is under Source and By "
		"profile.  A follow-up that also goes to a public list (a "
		"review, an Acked-by, an 'Applied, thanks!' in the public "
		"thread of a patch that Cc'd both lists) is only a note, "
		"whatever the profile: the thread is public, the clock ran "
		"or never mattered, and nothing is left to send separately; "
		"on real list mail every such reply was review chatter.  "
		"Bcc counts as much as Cc.",
	.help = "take linux-distros@ (and distros@) off the report to the "
		"kernel security team; write to linux-distros separately once "
		"a fix has been accepted",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Cc: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] net: use-after-free in foo\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: net: use-after-free in foo\n\nbody\n",
	.check = check,
	.params = params,
	.fix = &fix,
};
