/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_QUERY_H
#define SECLINT_QUERY_H

#include <glib.h>

#include "message.h"
#include "policy.h"

/* Rule helpers shared by several rules (rules/lib/query.c). */
const struct sl_address *sl_msg_find_role(const struct sl_message *msg,
					  const struct sl_policy *policy,
					  const char *role);
/* HTML in a message: none, beside a real plain-text version, or alone
 * (no text/plain, or only a stub such as "needs an HTML viewer"). */
enum sl_html { SL_HTML_NONE, SL_HTML_BESIDE_TEXT, SL_HTML_ONLY };
enum sl_html sl_msg_html(const struct sl_message *msg);
gboolean sl_msg_mentions_hardware(const struct sl_message *msg);
/* The own lines of @text (a body or a part): no quoted ("> ") lines; the
 * signature apart.  A message's: sl_facts_own_text(). */
char *sl_text_own(const char *text, char **signature);
gboolean sl_text_is_disclaimer(const char *text);
gboolean sl_msg_has_closed_list(const struct sl_message *msg,
				const struct sl_policy *policy);
/* The disclaimer in the own text, else in the signature, or NULL. */
char *sl_text_find_disclaimer(const char *own, const char *signature);

#endif
