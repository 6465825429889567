// SPDX-License-Identifier: GPL-2.0-only
/*
 * Questions several rules ask of a digested message.
 */
#include <string.h>

#include "address.h"
#include "matches.h"
#include "message.h"
#include "policy.h"
#include "query.h"
#include "regex-cache.h"

const struct sl_address *sl_msg_find_role(const struct sl_message *msg,
					  const struct sl_policy *policy,
					  const char *role)
{
	const struct sl_recipient_kind *k = sl_policy_recipients(policy, msg);

	for (guint i = 0; i < msg->recipients->len; i++)
		if (sl_list_has_role(k[i].list, role))
			return msg->recipients->pdata[i];
	return NULL;
}

/* Less own text than this in a text/plain twin, or a stub, is no
 * plain-text version. */
#define SL_STUB_TEXT 40

static const char html_stub[] =
	"(?i:requires an? HTML|HTML[- ](capable|viewer|version|mail reader)|"
	"view (this|the) (e-?mail|message|newsletter) (in|with) "
	"(a|your) (web )?browser|"
	"your (mail )?(client|reader|program) does not support HTML|"
	"(this|the) (e-?mail|message) (is|was) (sent|written|formatted) in "
	"HTML)";

static const struct sl_part *find_part(const struct sl_message *msg,
				       const char *path)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (!strcmp(p->path, path))
			return p;
	}
	return NULL;
}

/* The multipart/alternative @part is a version in, or NULL. */
static const struct sl_part *alternative_of(const struct sl_message *msg,
					    const struct sl_part *part)
{
	g_autofree char *path = g_strdup(part->path);
	char *dot;

	while ((dot = strrchr(path, '.')) || strcmp(path, "0")) {
		const struct sl_part *up;

		if (dot)
			*dot = '\0';
		else
			strcpy(path, "0");
		up = find_part(msg, path);
		if (!up || g_str_has_prefix(up->type, "message/"))
			return NULL;
		if (!strcmp(up->type, "multipart/alternative"))
			return up;
	}
	return NULL;
}

static gboolean inside(const struct sl_part *p, const struct sl_part *scope)
{
	return !strcmp(scope->path, "0") ||
	       (g_str_has_prefix(p->path, scope->path) &&
		p->path[strlen(scope->path)] == '.');
}

/*
 * Real plain text: the own lines (no quoted lines, no signature) of the
 * paragraphs that are neither an "HTML viewer" stub nor a mail
 * disclaimer, SL_STUB_TEXT characters at least (white space not counted).
 */
static gboolean is_real_text(const char *text)
{
	g_autofree char *sig = NULL;
	g_autofree char *own = sl_text_own(text, &sig);
	g_auto(GStrv) paras = sl_regex_split_all(
		sl_regex_cached("\\n\\s*\\n", 0), own);
	glong n = 0;

	for (char **p = paras; *p && n < SL_STUB_TEXT; p++) {
		if (sl_regex_match_simple(html_stub, *p, 0, 0) ||
		    sl_text_is_disclaimer(*p))
			continue;
		for (const char *c = *p; *c; c = g_utf8_next_char(c))
			n += !g_unichar_isspace(g_utf8_get_char(c));
	}
	return n >= SL_STUB_TEXT;
}

/*
 * Is there a real plain-text version in @alt, the multipart/alternative
 * of a text/html part?  Judged from its text/plain parts, or, with @alt
 * NULL (no alternative around the HTML), from the whole body text.
 */
static gboolean has_text_version(const struct sl_message *msg,
				 const struct sl_part *alt)
{
	g_autoptr(GString) text = g_string_new(NULL);

	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (p->in_body && (!alt || inside(p, alt)))
			g_string_append_len(text, msg->body->str + p->text_start,
					    (gssize)(p->text_end - p->text_start));
	}
	return is_real_text(text->str);
}

enum sl_html sl_msg_html(const struct sl_message *msg)
{
	enum sl_html html = SL_HTML_NONE;
	/* One judgement per alternative (and one for the whole body). */
	g_autoptr(GPtrArray) judged = g_ptr_array_new();

	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];
		const struct sl_part *alt;

		if (!sl_part_is_html(p))
			continue;
		alt = alternative_of(msg, p);
		if (g_ptr_array_find(judged, alt, NULL))
			continue;
		if (!has_text_version(msg, alt))
			return SL_HTML_ONLY;
		g_ptr_array_add(judged, (gpointer)alt);
		html = SL_HTML_BESIDE_TEXT;
	}
	return html;
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

/* Each line without its trailing white space, "\n" ended. */
char *sl_text_own(const char *body, char **signature)
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
	const struct sl_recipient_kind *k = sl_policy_recipients(policy, msg);

	for (guint i = 0; i < msg->recipients->len; i++)
		if (k[i].list && k[i].list->closed)
			return TRUE;
	return FALSE;
}
