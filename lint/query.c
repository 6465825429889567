// SPDX-License-Identifier: GPL-2.0-only
/*
 * Questions several rules ask of a digested message.
 */
#include <string.h>

#include "seclint.h"

const struct sl_address *sl_msg_find_role(const struct sl_message *msg,
					  const struct sl_policy *policy,
					  const char *role)
{
	for (guint i = 0; i < msg->recipients->len; i++) {
		const struct sl_address *a = msg->recipients->pdata[i];

		if (sl_list_has_role(sl_policy_find_list(policy, a->addr), role))
			return a;
	}
	return NULL;
}

/* Is the message addressed to a list whose rules demand plain text? */
gboolean sl_msg_to_report_list(const struct sl_message *msg,
			       const struct sl_policy *policy)
{
	return sl_msg_find_role(msg, policy, "plain-text") != NULL;
}

/*
 * An attachment: a leaf that is marked as one, carries a file name, or is
 * not text.  PGP/MIME and S/MIME structure parts never are.
 */
gboolean sl_part_is_attachment(const struct sl_part *part)
{
	if (part->crypto)
		return FALSE;
	if (!strcmp(part->type, "message/rfc822"))
		return TRUE;
	if (!part->leaf)
		return FALSE;
	if (!strcmp(part->type, "application/pgp-keys"))
		return FALSE;
	return (part->disposition && !strcmp(part->disposition, "attachment")) ||
	       part->filename || !g_str_has_prefix(part->type, "text/");
}
