// SPDX-License-Identifier: GPL-2.0-only
/*
 * Questions several rules ask of a digested message.
 */
#include <string.h>

#include "memo.h"

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

/* A text/plain twin this short, or a stub, is no plain-text version. */
#define SL_STUB_TEXT 40

static const char html_stub[] =
	"(?i:requires an? HTML|HTML[- ](capable|viewer|version|mail reader)|"
	"view (this|the) (e-?mail|message) in (a|your) (web )?browser|"
	"your (mail )?(client|reader) does not support HTML)";

static gboolean has_html(const struct sl_message *msg)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (!strcmp(p->type, "text/html"))
			return TRUE;
	}
	return FALSE;
}

enum sl_html sl_msg_html(const struct sl_message *msg)
{
	g_autofree char *own = NULL;
	guint urls;
	glong len;

	if (!has_html(msg))
		return SL_HTML_NONE;
	own = sl_msg_own_prose(msg, &len, &urls);
	if (len < SL_STUB_TEXT || sl_regex_match_simple(html_stub, own, 0, 0))
		return SL_HTML_ONLY;
	return SL_HTML_BESIDE_TEXT;
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

/*
 * Words that say a report is about the hardware (the CPU, microcode,
 * speculation side channels) rather than the kernel's own code.
 */
static const char hardware_signals[] =
	"\\b(speculative[- ]execution|side[- ]channel|microarchitectural|"
	"microcode|cpu erratum|silicon|spectre|meltdown|rowhammer|"
	"transient[- ]execution|mds|l1tf|retbleed|downfall|zenbleed)\\b";

gboolean sl_msg_mentions_hardware(const struct sl_message *msg)
{
	return (msg->subject && sl_regex_match_simple(hardware_signals,
						     msg->subject,
						     G_REGEX_CASELESS, 0)) ||
	       sl_regex_match_simple(hardware_signals, msg->body->str,
				    G_REGEX_CASELESS, 0);
}

/* Each line of the body without its trailing white space, "\n" ended. */
static char *own_text(const char *body, char **signature)
{
	GString *own = g_string_sized_new(strlen(body) + 2);
	GString *sig = NULL;

	for (const char *l = body; l; ) {
		const char *nl = strchr(l, '\n');
		const char *end = nl ? nl : l + strlen(l);

		while (end > l && g_ascii_isspace(end[-1]))
			end--;
		if (!sig && end - l == 2 && l[0] == '-' && l[1] == '-')
			sig = g_string_new(NULL);
		else if (sig || *l != '>') {
			GString *to = sig ? sig : own;

			g_string_append_len(to, l, end - l);
			g_string_append_c(to, '\n');
		}
		l = nl ? nl + 1 : NULL;
	}
	*signature = sig ? g_string_free(sig, FALSE) : g_strdup("");
	return g_string_free(own, FALSE);
}

char *sl_msg_own_text(const struct sl_message *msg, char **signature)
{
	struct sl_memo *memo = sl_memo_of(msg);

	if (!memo)
		return own_text(msg->body->str, signature);
	if (!memo->own)
		memo->own = own_text(msg->body->str, &memo->signature);
	*signature = g_strdup(memo->signature);
	return g_strdup(memo->own);
}

/* Corporate mail disclaimers: confidentiality claims that nobody meant. */
static const char disclaimer[] =
	"(this (e-?mail|message|communication)[^.]{0,80}"
	"(is|are|may be|contains?)[^.]{0,40}(confidential|privileged)"
	"|intended (solely|only|exclusively) for the (use of the )?"
	"(addressee|recipient|individual))";

gboolean sl_text_is_disclaimer(const char *text)
{
	return sl_regex_match_simple(disclaimer, text, G_REGEX_CASELESS, 0);
}

char *sl_text_find_disclaimer(const char *own, const char *signature)
{
	char *hit = sl_regex_find(disclaimer, own, G_REGEX_CASELESS);

	return hit ? hit : sl_regex_find(disclaimer, signature,
					 G_REGEX_CASELESS);
}

gboolean sl_msg_has_closed_list(const struct sl_message *msg,
				const struct sl_policy *policy)
{
	for (guint i = 0; i < msg->recipients->len; i++) {
		const struct sl_address *a = msg->recipients->pdata[i];
		const struct sl_list *l = sl_policy_find_list(policy, a->addr);

		if (l && !l->public)
			return TRUE;
	}
	return FALSE;
}

char *sl_regex_find(const char *pattern, const char *text,
		    GRegexCompileFlags flags)
{
	g_autoptr(sl_matches) m = sl_matches_of(pattern, flags, text, -1, 0);

	if (!m || !sl_matches_next(m))
		return NULL;
	return sl_matches_fetch(m, 0);
}
