// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "crypto.h"
#include "facts.h"
#include "filetype.h"
#include "matches.h"
#include "message.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

static const char *advice(enum sl_file_kind kind)
{
	switch (kind) {
	case SL_FILE_FORWARD:
		return "quote what matters of it in the message instead";
	case SL_FILE_PATCH:
		return "send the patch inline (git send-email, or paste it "
		       "after the report)";
	case SL_FILE_TEXT:
		return "paste it into the message body (source, scripts, "
		       "logs)";
	case SL_FILE_DOCUMENT:
		return "put its text into the message as plain text";
	case SL_FILE_IMAGE:
		return "paste the text it shows (the log, the output) into "
		       "the message instead";
	case SL_FILE_CONFIG:
		return "a kernel .config may stay attached where a reproducer "
		       "needs it";
	case SL_FILE_PROGRAM:
		return "send the source it is built from inline instead (a "
		       "program without its source is binary-only-reproducer's "
		       "error); a crafted binary the reproducer feeds to the "
		       "kernel may stay attached";
	case SL_FILE_DATA:
		return "data a reproducer needs that cannot be inline (a "
		       "file-system image, a binary input file) may stay "
		       "attached";
	case SL_FILE_ARCHIVE:
		return "seclint could not see all of it: send what it holds "
		       "inline (source, scripts, logs) and attach only data "
		       "that cannot be";
	case SL_FILE_NONE:
		break;
	}
	return "";
}

/* "a zip archive holding poc/poc.c (text)", or @v's own words. */
static char *describe(const struct sl_part *p, const struct sl_filetype *v)
{
	const struct sl_archive *a = p ? p->archive : NULL;
	/* "an xz archive", "an ar archive" */
	const char *an = a && strchr("aeiox", a->format[0]) ? "an" : "a";

	if (!a || (v->kind == SL_FILE_DOCUMENT && !v->member))
		return g_strdup(v->what);
	if (v->member)
		return g_strdup_printf("%s %s archive holding %s (%s)%s%s", an,
				       a->format, *v->member->name ?
				       v->member->name : "a file", v->what,
				       a->cut ? "; " : "",
				       a->cut ? a->cut : "");
	return g_strdup_printf("%s %s archive (%s)", an, a->format,
			       a->cut ? a->cut : v->what);
}

static void report(struct sl_check *c, gboolean strict, const char *where,
		   const char *excerpt, const char *subject,
		   const struct sl_part *p, const struct sl_filetype *v,
		   const char *to)
{
	/* What cannot be inline (a file-system image, binary input) and a
	 * kernel .config are the document's "where possible": a note. */
	enum sl_severity max = v->kind == SL_FILE_CONFIG ||
			       v->kind == SL_FILE_DATA ? SL_SEV_INFO :
			       strict && sl_file_kind_avoidable(v->kind)
			       ? SL_SEV_ERROR : SL_SEV_WARNING;
	g_autofree char *what = describe(p, v);

	sl_report_capped_at(c, max, where, excerpt,
			    "%s is %s attached to a message to %s: %s",
			    subject, what, to, advice(v->kind));
}

/* ---- uuencoded files pasted into the body (begin 644 name) ---- */

#define SL_UU_HEAD 4096

static int uu_char(char ch)
{
	return ch == '`' ? 0 : (ch >= ' ' && ch <= '_') ? ch - ' ' : -1;
}

/*
 * Decodes the uuencoded lines after "begin", up to SL_UU_HEAD bytes; FALSE
 * if the first line is not uuencoded data.  A line's first character is
 * its byte count; each 4 characters after it make 3 bytes (trailing
 * spaces, value 0, may have been trimmed).
 */
static gboolean uudecode(char **lines, GByteArray *out)
{
	for (char **l = lines; *l && out->len < SL_UU_HEAD; l++) {
		/* An empty line's NUL is no count character: -1, stop. */
		int len = uu_char(**l);
		const char *s;
		gsize slen;

		if (len <= 0)
			break;
		s = *l + 1;
		slen = strlen(s);
		if (slen > (gsize)(len + 2) / 3 * 4 + 1)
			break;
		for (gsize k = 0; k < slen; k++)
			if (uu_char(s[k]) < 0)
				return out->len > 0;
		for (int i = 0; i < len; i += 3) {
			int q[4];
			guint8 t[3];

			for (gsize k = 0; k < 4; k++) {
				gsize at = (gsize)i / 3 * 4 + k;

				q[k] = at < slen ? uu_char(s[at]) : 0;
			}
			t[0] = (guint8)(q[0] << 2 | q[1] >> 4);
			t[1] = (guint8)(q[1] << 4 | q[2] >> 2);
			t[2] = (guint8)(q[2] << 6 | q[3]);
			g_byte_array_append(out, t, (guint)MIN(3, len - i));
		}
	}
	return out->len > 0;
}

/* The same for "begin-base64" (uuencode -m): base64 lines to "====". */
static gboolean base64_decode_lines(char **lines, GByteArray *out)
{
	g_autoptr(GString) b64 = g_string_new(NULL);
	g_autofree guchar *data = NULL;
	gsize n;

	for (char **l = lines; *l && b64->len < SL_UU_HEAD * 4 / 3; l++) {
		if (!strcmp(*l, "===="))
			break;
		if (!sl_regex_match_simple("^[A-Za-z0-9+/]+=*$", *l, 0, 0))
			return FALSE;
		g_string_append(b64, *l);
	}
	g_string_truncate(b64, b64->len / 4 * 4);
	if (!b64->len)
		return FALSE;
	data = g_base64_decode(b64->str, &n);
	g_byte_array_append(out, data, (guint)n);
	return n > 0;
}

/* Enough lines after "begin" for SL_UU_HEAD bytes (61-character lines). */
#define SL_UU_SCAN (SL_UU_HEAD / 45 + 2) * 80

static void check_uuencoded(struct sl_check *c, gboolean strict,
			    const char *to)
{
	const char *own = sl_facts_own_text(c->facts);
	g_autoptr(sl_matches) m = NULL;

	if (!strstr(own, "begin"))
		return;
	m = sl_matches_of("(?m)^begin(-base64)? [0-7]{3,4} (\\S.*)$", 0, own,
			  -1, 0);
	while (m && sl_matches_next(m)) {
		g_autoptr(GByteArray) data = g_byte_array_new();
		g_autofree char *line = sl_matches_fetch(m, 0);
		g_autofree char *b64 = sl_matches_fetch(m, 1);
		g_autofree char *name = sl_matches_fetch(m, 2);
		g_autofree char *subject = NULL;
		g_autofree char *after = NULL;
		g_auto(GStrv) lines = NULL;
		struct sl_filetype v;
		gint start, end;

		sl_matches_fetch_pos(m, 0, &start, &end);
		after = g_strndup(own + end, SL_UU_SCAN);
		lines = g_strsplit(*after == '\n' ? after + 1 : after, "\n", -1);
		if (!(*b64 ? base64_decode_lines(lines, data)
			   : uudecode(lines, data)))
			continue;
		v = sl_filetype_of_bytes(name, data->data, data->len);
		subject = g_strdup_printf("the uuencoded file %s in the body",
					  name);
		report(c, strict, "body", line, subject, NULL, &v, to);
	}
}

static void check(struct sl_check *c)
{
	const struct sl_address *strict =
		sl_msg_find_role(c->msg, c->policy, "no-attachments");
	const struct sl_address *to = strict ? strict :
		sl_msg_find_role(c->msg, c->policy, "plain-text");

	if (!to)
		return;
	for (guint i = 0; i < c->msg->parts->len; i++) {
		const struct sl_part *p = c->msg->parts->pdata[i];
		g_autofree char *where = NULL;
		g_autofree char *subject = NULL;
		struct sl_filetype v;

		/* A file encrypted by hand: distros-manual-pgp-attachment. */
		if (!sl_part_is_attachment(p) || sl_part_is_manual_pgp(p))
			continue;
		v = sl_filetype_of_part(p);
		if (v.kind == SL_FILE_NONE)
			continue;
		where = g_strdup_printf("part %s", p->path);
		subject = g_strdup_printf("part %s (%s%s%s)", p->path, p->type,
					  p->filename ? ", " : "",
					  p->filename ? p->filename : "");
		report(c, strict != NULL, where, NULL, subject, p, &v,
		       to->addr);
	}
	check_uuencoded(c, strict != NULL, to->addr);
}

const struct sl_rule sl_rule_report_attachment = {
	.id = "report-attachment",
	.summary = "a security report carries an attachment",
	.rationale =
		"Reports are discussed by quoting them in replies, so the "
		"details belong inline: description, impact, reproduction "
		"steps and the proposed fix, all in plain text, like a patch "
		"sent with git send-email.  An attachment (RFC 2183, RFC "
		"2046) is a part whose disposition is not inline (an unknown "
		"one such as a misspelt 'attachement' is an attachment, and "
		"comments do not count: '(poc) attachment'), a part with a "
		"file name, a part that is neither text/plain nor HTML (a "
		"text/x-vcard card, a text/calendar invitation, a "
		"multipart/related resource referred to by cid:), a "
		"forwarded message (message/rfc822, message/global, "
		"message/news), or a uuencoded file pasted into the body "
		"('begin 644 name').  What it is comes from its content, "
		"not its label, and an archive's from its members: a zip, "
		"tar, tar.gz or gzip is opened and its directory read (no "
		"member is extracted), and it is what the member that "
		"matters most is.  In a message to security@kernel.org text "
		"that could be inline (source, scripts, patches, logs), a "
		"document (PDF, office, RTF) and a picture (a screenshot of "
		"text) are errors, in an archive too; the document's "
		"'where possible' leaves "
		"two cases a note, to any recipient: binary data a reproducer "
		"needs that cannot be inline (a file-system image, a binary "
		"input file) and a kernel .config (syzbot's 'kernel config: "
		"(attached)'; too long to paste); on real mail every warning "
		"on them was wrong.  Executables are warnings "
		"(binary-only-reproducer judges a program sent without its "
		"source) and archives seclint cannot see into (xz, 7z, rar, "
		"..., or one past its limits: 64 MiB, 1000 members, 200 "
		"times its size unpacked).  To the distros lists "
		"(whose policy accepts files in PGP/MIME) and to "
		"hardware-security@ every other attachment is a warning.  The "
		"structure of PGP/MIME and S/MIME (signature, encrypted "
		"payload), an armoured PGP signature and a public key are no "
		"attachments, if their content is what their label says: a "
		"PDF labelled application/pgp-keys is a PDF.  A file "
		"encrypted by hand is distros-manual-pgp-attachment's.  To "
		"keep an attachment the document allows in your case: "
		"--severity report-attachment=warning, or git config "
		"seclint.report-attachment.severity warning.",
	.help = "paste source, scripts and logs into the body, send patches "
		"inline (git send-email), put a document's or screenshot's "
		"text in the message; only a file-system image, binary input "
		"or a .config may stay attached",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: bug\nMIME-Version: 1.0\n"
		       "Content-Type: multipart/mixed; boundary=b\n\n"
		       "--b\nContent-Type: text/plain\n\nsee attached\n"
		       "--b\nContent-Type: text/x-csrc\n"
		       "Content-Disposition: attachment; filename=poc.c\n\n"
		       "int main(void) { return 0; }\n"
		       "--b--\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: bug\n\nthe reproducer, inline\n",
	.check = check,
};
