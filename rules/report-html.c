// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "matches.h"
#include "message.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* HTML in a message: none, beside a real plain-text version, or alone
 * (no text/plain, or only a stub such as "needs an HTML viewer"). */
enum sl_html { SL_HTML_NONE, SL_HTML_BESIDE_TEXT, SL_HTML_ONLY };

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

static enum sl_html sl_msg_html(const struct sl_message *msg)
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

static const struct sl_part *first_html(const struct sl_message *msg)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (sl_part_is_html(p))
			return p;
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	const struct sl_address *strict =
		sl_msg_find_role(c->msg, c->policy, "no-html");
	const struct sl_address *to = strict ? strict :
		sl_msg_find_role(c->msg, c->policy, "plain-text");
	const struct sl_part *html;
	g_autofree char *where = NULL;

	if (!to || !(html = first_html(c->msg)))
		return;
	where = g_strdup_printf("part %s", html->path);
	if (sl_msg_html(c->msg) == SL_HTML_ONLY)
		sl_report(c, where, "the message to %s is HTML (part %s) with "
			  "no real plain-text version", to->addr, html->path);
	else if (strict)
		sl_report(c, where, "the message to %s carries an HTML copy "
			  "(part %s) beside its plain text: %s takes no HTML "
			  "part at all", to->addr, html->path, to->addr);
	else
		sl_report_capped(c, SL_SEV_WARNING, where, "the message to %s "
				 "carries an HTML copy (part %s) beside its "
				 "plain text", to->addr, html->path);
}

const struct sl_rule sl_rule_report_html = {
	.id = "report-html",
	.summary = "a security report or an oss-security posting contains "
		   "HTML",
	.rationale =
		"The security and disclosure lists ask for plain text: "
		"reports are discussed by quoting them in replies, vger and "
		"the Openwall lists reject or mangle HTML, and an HTML report "
		"tempts readers to open it in a viewer, which for a "
		"confidential report the 2026 text calls unacceptable.  In a "
		"message to security@kernel.org, hardware-security@kernel.org "
		"or oss-security any HTML part (text/html, and Apple's "
		"text/watch-html, AMP's text/x-amp-html, XHTML) is an error, "
		"an HTML copy "
		"beside the plain text (multipart/alternative) included.  The "
		"distros lists' own policy names plain messages, PGP/MIME and "
		"inline PGP as its formats and says nothing of an HTML copy: "
		"there HTML with no real plain-text version is an error and "
		"an HTML twin of real text a warning.  Whether real plain "
		"text exists is judged from the text/plain part of the "
		"multipart/alternative itself: one that is empty, only says "
		"'view this in a browser' or holds only a mail disclaimer is "
		"none.  To keep a case your document allows: --severity "
		"report-html=warning, or git config "
		"seclint.report-html.severity warning.",
	.help = "configure your mailer to send plain text only, no HTML copy "
		"(see Documentation/process/email-clients.rst)",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: bug\nMIME-Version: 1.0\n"
		       "Content-Type: text/html\n\n<p>bug</p>\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: bug\nMIME-Version: 1.0\n"
			"Content-Type: text/plain\n\nbug\n",
	.check = check,
};
