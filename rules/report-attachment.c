// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "crypto.h"
#include "facts.h"
#include "matches.h"
#include "message.h"
#include "query.h"
#include "regex-cache.h"
#include "rule.h"
#include "severity.h"

/*
 * What an attachment is, by its content (its first bytes), whatever its
 * label says.  Text and documents could be in the message; data that
 * cannot (a file-system image, a binary input file) and a kernel .config
 * are the document's "where possible".
 */
enum kind {
	KIND_NONE,		/* a public key or a signature: no attachment */
	KIND_FORWARD,		/* a forwarded message */
	KIND_PATCH,
	KIND_TEXT,		/* source, a script, a log, any other text */
	KIND_DOCUMENT,		/* PDF, office, RTF */
	KIND_IMAGE,		/* a picture: a screenshot of text */
	KIND_CONFIG,		/* a kernel .config: allowed */
	KIND_PROGRAM,		/* an executable: binary-only-reproducer's */
	KIND_DATA,		/* binary data: allowed where needed */
};

struct verdict {
	enum kind kind;
	const char *what;	/* "a PDF document", ... */
};

static gboolean has(const guint8 *b, gsize n, gsize at, const void *magic,
		    gsize len)
{
	return n >= at + len && !memcmp(b + at, magic, len);
}

static gboolean contains(const guint8 *b, gsize n, const char *s)
{
	gsize len = strlen(s);

	for (gsize i = 0; i + len <= n; i++)
		if (b[i] == (guint8)*s && !memcmp(b + i, s, len))
			return TRUE;
	return FALSE;
}

/* A document or a picture by its magic, or NULL. */
static const char *document_kind(const guint8 *b, gsize n, enum kind *kind)
{
	*kind = KIND_DOCUMENT;
	if (has(b, n, 0, "%PDF-", 5))
		return "a PDF document";
	if (has(b, n, 0, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 8))
		return "an office document (OLE)";
	if (has(b, n, 0, "{\\rtf", 5))
		return "an RTF document";
	if (has(b, n, 0, "PK\x03\x04", 4) &&
	    (contains(b, n, "[Content_Types].xml") || contains(b, n, "word/") ||
	     contains(b, n, "xl/") || contains(b, n, "ppt/") ||
	     contains(b, n, "application/vnd.oasis.opendocument")))
		return "an office document (OOXML or OpenDocument)";
	*kind = KIND_IMAGE;
	if (has(b, n, 0, "\x89PNG\r\n\x1a\n", 8))
		return "a PNG image";
	if (has(b, n, 0, "\xff\xd8\xff", 3))
		return "a JPEG image";
	if (has(b, n, 0, "GIF87a", 6) || has(b, n, 0, "GIF89a", 6))
		return "a GIF image";
	if (has(b, n, 0, "RIFF", 4) && has(b, n, 8, "WEBP", 4))
		return "a WebP image";
	if (has(b, n, 0, "II*\0", 4) || has(b, n, 0, "MM\0*", 4))
		return "a TIFF image";
	if (has(b, n, 4, "ftypheic", 8) || has(b, n, 4, "ftypavif", 8))
		return "an HEIF image";
	if (has(b, n, 0, "BM", 2) && n >= 26 && b[14] >= 12 && !b[15] &&
	    !b[16] && !b[17])
		return "a BMP image";
	*kind = KIND_NONE;
	return NULL;
}

/*
 * Text: no NUL, few control characters, and UTF-8 (a sequence cut at the
 * end of the head allowed) or mostly ASCII (Latin-1 and the like).
 */
static gboolean is_text(const guint8 *b, gsize n)
{
	gsize ctl = 0, high = 0;
	const char *end;

	for (gsize i = 0; i < n; i++) {
		if (!b[i])
			return FALSE;
		if ((b[i] < 0x20 && !strchr("\t\n\r\f\v\033", b[i])) ||
		    b[i] == 0x7f)
			ctl++;
		high += b[i] >= 0x80;
	}
	if (ctl * 100 > n)
		return FALSE;
	if (g_utf8_validate((const char *)b, (gssize)n, &end) ||
	    (gsize)(end - (const char *)b) + 4 > n)
		return TRUE;
	return high * 10 < n * 3;
}

/* OpenPGP binary public key: packet tag 6, old or new format, v3 to v6. */
static gboolean is_binary_public_key(const guint8 *b, gsize n)
{
	gsize at;

	if (n < 8)
		return FALSE;
	switch (b[0]) {
	case 0x98: at = 2; break;
	case 0x99: at = 3; break;
	case 0x9a: at = 5; break;
	case 0xc6: at = b[1] < 192 ? 2 : b[1] < 224 ? 3 : b[1] == 255 ? 6 : 0;
		break;
	default: return FALSE;
	}
	return at && at < n && b[at] >= 3 && b[at] <= 6;
}

/*
 * One armoured block of @kind ("PUBLIC KEY BLOCK", "SIGNATURE"), whole in
 * the head, nothing around it but white space, nothing in it but armour.
 */
static gboolean is_one_armor_block(const struct sl_part *p, const char *kind)
{
	gsize n;
	const char *data = g_bytes_get_data(p->head, &n);
	g_autofree char *text = NULL;
	g_autofree char *begin = g_strdup_printf("-----BEGIN PGP %s-----", kind);
	g_autofree char *end = g_strdup_printf("-----END PGP %s-----", kind);
	g_auto(GStrv) lines = NULL;
	gboolean in_headers = TRUE;

	/* Not whole in the head (lint/mail/message.c reads 64 KiB of these). */
	if (memchr(data, 0, n) || n >= 65536)
		return FALSE;
	text = g_strstrip(g_strndup(data, n));
	if (strlen(text) < strlen(begin) + strlen(end) ||
	    !g_str_has_prefix(text, begin) || !g_str_has_suffix(text, end))
		return FALSE;
	text[strlen(text) - strlen(end)] = '\0';
	lines = g_strsplit(text + strlen(begin), "\n", -1);
	for (char **l = lines; *l; l++) {
		g_strstrip(*l);
		if (in_headers && sl_regex_match_simple("^[A-Za-z-]+: ", *l, 0, 0))
			continue;
		in_headers = FALSE;
		if (**l && !sl_regex_match_simple("^=?[A-Za-z0-9+/]+=*$", *l,
						 0, 0))
			return FALSE;
	}
	return TRUE;
}

/* A kernel configuration: its lines CONFIG_X=... or "# CONFIG_X is not
 * set", comments and blank lines only (the head of a long one). */
static gboolean is_kernel_config(const guint8 *b, gsize n)
{
	g_autofree char *text = g_strndup((const char *)b, n);
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
	guint config = 0, other = 0, total = g_strv_length(lines);

	for (guint i = 0; i < total; i++) {
		const char *l = lines[i];

		/* The last line of a head may be cut. */
		if (i + 1 == total && n >= 4096)
			break;
		if (sl_regex_match_simple("^(CONFIG_[A-Za-z0-9_]+=.*|"
					  "# CONFIG_[A-Za-z0-9_]+ is not set)"
					  "\\s*$", l, 0, 0))
			config++;
		else if (*l && *l != '#' && !sl_regex_match_simple("^\\s*$", l,
								0, 0))
			other++;
	}
	return config >= 3 && other == 0;
}

static gboolean is_patch(const struct sl_part *p, const guint8 *b, gsize n)
{
	g_autofree char *text = g_strndup((const char *)b, n);

	return (p->filename && sl_regex_match_simple("\\.(patch|diff)$",
						     p->filename,
						     G_REGEX_CASELESS, 0)) ||
	       sl_regex_match_simple("(?m)^(diff --git |--- a/|\\+\\+\\+ b/|"
				     "@@ -\\d+(,\\d+)? \\+\\d+)", text, 0, 0);
}

/* Data decided by content: @b, @n are the first bytes of the file. */
static struct verdict classify_bytes(const struct sl_part *p,
				     const guint8 *b, gsize n)
{
	struct verdict v;

	if ((v.what = document_kind(b, n, &v.kind)))
		return v;
	if (is_text(b, n)) {
		if (is_kernel_config(b, n))
			return (struct verdict){ KIND_CONFIG,
						 "a kernel configuration" };
		if (is_patch(p, b, n))
			return (struct verdict){ KIND_PATCH, "a patch" };
		return (struct verdict){ KIND_TEXT, "text" };
	}
	if (has(b, n, 0, "\x7f" "ELF", 4) || has(b, n, 0, "MZ", 2) ||
	    has(b, n, 0, "\xfe\xed\xfa", 3) || has(b, n, 1, "\xfa\xed\xfe", 3))
		return (struct verdict){ KIND_PROGRAM, "an executable" };
	return (struct verdict){ KIND_DATA, "binary data" };
}

static struct verdict classify(const struct sl_part *p)
{
	gsize n = 0;
	const guint8 *b = p->head ? g_bytes_get_data(p->head, &n) : NULL;

	if (!strcmp(p->type, "message/rfc822") ||
	    !strcmp(p->type, "message/global") ||
	    !strcmp(p->type, "message/news"))
		return (struct verdict){ KIND_FORWARD, "a forwarded message" };
	if (!b)
		return (struct verdict){ KIND_DATA, "data" };
	if ((p->armor == SL_ARMOR_PUBLIC_KEY &&
	     is_one_armor_block(p, "PUBLIC KEY BLOCK")) ||
	    (p->armor == SL_ARMOR_SIGNATURE &&
	     is_one_armor_block(p, "SIGNATURE")) ||
	    (!strcmp(p->type, "application/pgp-keys") &&
	     is_binary_public_key(b, n)))
		return (struct verdict){ KIND_NONE, NULL };
	return classify_bytes(p, b, n);
}

static const char *advice(enum kind kind)
{
	switch (kind) {
	case KIND_FORWARD:
		return "quote what matters of it in the message instead";
	case KIND_PATCH:
		return "send the patch inline (git send-email, or paste it "
		       "after the report)";
	case KIND_TEXT:
		return "paste it into the message body (source, scripts, "
		       "logs)";
	case KIND_DOCUMENT:
		return "put its text into the message as plain text";
	case KIND_IMAGE:
		return "paste the text it shows (the log, the output) into "
		       "the message instead";
	case KIND_CONFIG:
		return "a kernel .config may stay attached where a reproducer "
		       "needs it";
	case KIND_PROGRAM:
		return "send the source it is built from inline instead (a "
		       "program without its source is binary-only-reproducer's "
		       "error); a crafted binary the reproducer feeds to the "
		       "kernel may stay attached";
	case KIND_DATA:
		return "data a reproducer needs that cannot be inline (a "
		       "file-system image, a binary input file) may stay "
		       "attached";
	case KIND_NONE:
		break;
	}
	return "";
}

/* The document's "where possible": data that cannot be inline. */
static gboolean allowed(enum kind kind)
{
	return kind == KIND_CONFIG || kind == KIND_DATA ||
	       kind == KIND_PROGRAM;
}

static void report(struct sl_check *c, gboolean strict, const char *where,
		   const char *excerpt, const char *subject,
		   const struct verdict *v, const char *to)
{
	enum sl_severity max = strict && !allowed(v->kind) ? SL_SEV_ERROR
							   : SL_SEV_WARNING;

	sl_report_capped_at(c, max, where, excerpt,
			    "%s is %s attached to a message to %s: %s",
			    subject, v->what, to, advice(v->kind));
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
		struct sl_part p = { .type = (char *)"text/plain" };
		struct verdict v;
		gint start, end;

		sl_matches_fetch_pos(m, 0, &start, &end);
		after = g_strndup(own + end, SL_UU_SCAN);
		lines = g_strsplit(*after == '\n' ? after + 1 : after, "\n", -1);
		if (!(*b64 ? base64_decode_lines(lines, data)
			   : uudecode(lines, data)))
			continue;
		p.filename = name;
		v = classify_bytes(&p, data->data, data->len);
		subject = g_strdup_printf("the uuencoded file %s in the body",
					  name);
		report(c, strict, "body", line, subject, &v, to);
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
		struct verdict v;

		/* A file encrypted by hand: distros-manual-pgp-attachment. */
		if (!sl_part_is_attachment(p) || sl_part_is_manual_pgp(p))
			continue;
		v = classify(p);
		if (v.kind == KIND_NONE)
			continue;
		where = g_strdup_printf("part %s", p->path);
		subject = g_strdup_printf("part %s (%s%s%s)", p->path, p->type,
					  p->filename ? ", " : "",
					  p->filename ? p->filename : "");
		report(c, strict != NULL, where, NULL, subject, &v, to->addr);
	}
	check_uuencoded(c, strict != NULL, to->addr);
}

const struct sl_rule sl_rule_report_attachment = {
	.id = "report-attachment",
	.severity = SL_SEV_ERROR,
	.summary = "a security report carries an attachment",
	.rationale =
		"Reports are discussed by quoting them in replies, so the "
		"details belong inline: description, impact, reproduction "
		"steps and the proposed fix, all in plain text, like a patch "
		"sent with git send-email.  An attachment is a part marked as "
		"one, a part with a file name, a part that is not text, a "
		"forwarded message (message/rfc822, message/global, "
		"message/news), or a uuencoded file pasted into the body "
		"('begin 644 name').  What it is comes from its content, not "
		"its label.  In a message to security@kernel.org text that "
		"could be inline (source, scripts, patches, logs), a document "
		"(PDF, office, RTF) and a picture (a screenshot of text) are "
		"errors; the document's 'where possible' leaves two cases a "
		"warning: binary data a reproducer needs that cannot be "
		"inline (a file-system image, a binary input file) and a "
		"kernel .config; so are archives (their content cannot be "
		"seen) and executables (binary-only-reproducer judges a "
		"program sent without its source).  To the distros lists "
		"(whose policy accepts files in PGP/MIME) and to "
		"hardware-security@ every attachment is a warning.  The "
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
