// SPDX-License-Identifier: GPL-2.0-only
/*
 * When GMime's parse needs no warning callback (lint/mail/quiet.h).
 *
 * With a warning callback set, GMime 3.2 decodes every header value as it
 * parses, looks each RFC 5322 single field up for a repeat and each
 * parameter list for a repeated name: its parse costs half as much again
 * (bench/run.sh: parse-only --checked / parse-only).  seclint needs the
 * callback only for what it refuses a message for (on_parser_warning() in
 * lint/mail/input.c), and GMime 3.2.13 reports those here only
 * (gmime-parser.c, gmime-param.c):
 *
 *  - an invalid header name: a field whose name holds a control byte or a
 *    blank before more of the name, or a line with no ':' at all;
 *  - a conflicting header: an RFC 5322 single field (Bcc, Cc, Date, From,
 *    In-Reply-To, Message-ID, References, Reply-To, Sender, Subject, To)
 *    given twice with two values, seclint letting its recipient fields
 *    be; or any Content-* field given twice with two values (the part's
 *    fields, each checked against those before it: the fuzzer found a
 *    Content-Transfer-Encoding twice);
 *  - a conflicting parameter: a name given twice in the parameters of a
 *    Content-Type or Content-Disposition (as GMime decodes the value:
 *    an encoded word or an RFC 2231 continuation can make one);
 *  - a multipart without a boundary, MIME nesting too deep, a part with
 *    neither headers nor content: only inside a multipart or message;
 *  - a truncated message: a header section the input ends in (or a
 *    multipart's).
 *
 * So a message is quiet when its header section ends on an empty line,
 * each of its fields starts "name:" with a name of printable ASCII, none of
 * those single fields but seclint's recipient ones is there twice, no
 * Content-* field is there twice, Content-Type names a type other than
 * multipart and message, and each Content-Type and Content-Disposition is
 * plain ASCII in the plainest syntax (tokens and quoted strings, no
 * comment, encoded word, escape or '*' in a name) with parameters of
 * distinct names.  Anything else is parsed with the callback, as every
 * message was before.  SECLINT_CHECK_QUIET=1 parses every message with
 * it, and aborts where a message found quiet draws such a complaint.
 */
#include <string.h>

#include "env-flag.h"
#include "message.h"
#include "quiet.h"

/* RFC 5322 section 3.6's fields that may be there once, as GMime knows
 * them (rfc5322_single_hdr[]). */
static const struct {
	char name[12];
	guint8 len;
} single_names[] = {
	{ "bcc", 3 }, { "cc", 2 }, { "date", 4 }, { "from", 4 },
	{ "in-reply-to", 11 }, { "message-id", 10 }, { "references", 10 },
	{ "reply-to", 8 }, { "sender", 6 }, { "subject", 7 }, { "to", 2 },
};

/* More parameters than any plain Content-Type has, and more Content-*
 * fields than a plain message's header has. */
#define MOST_NAMES 16

/* Names met so far (parameters of a field, or Content-* fields), each
 * different from the others in ASCII case too. */
struct names {
	const char *at[MOST_NAMES];
	gsize len[MOST_NAMES];
	guint n;
};

/* @p (@len bytes) joins @names; FALSE if it is there already, or there
 * is no room: then the parse with the callback decides. */
static gboolean name_new(struct names *names, const char *p, gsize len)
{
	for (guint i = 0; i < names->n; i++)
		if (names->len[i] == len &&
		    !g_ascii_strncasecmp(names->at[i], p, len))
			return FALSE;
	if (names->n == MOST_NAMES)
		return FALSE;
	names->at[names->n] = p;
	names->len[names->n++] = len;
	return TRUE;
}

static gint checking = -1;

gboolean sl_parse_quiet_checking(void)
{
	static gsize once;
	gint on = g_atomic_int_get(&checking);

	return on >= 0 ? on : sl_env_flag(&once, "SECLINT_CHECK_QUIET", "1");
}

void sl_parse_quiet_check(gboolean on)
{
	g_atomic_int_set(&checking, !!on);
}

static gboolean is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* A byte of an RFC 2045 token: printable ASCII but tspecials. */
static gboolean is_token(char c)
{
	return (guchar)c > ' ' && (guchar)c < 0x7f &&
	       !strchr("()<>@,;:\\\"/[]?=", c);
}

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && is_space(*p))
		p++;
	return p;
}

static const char *skip_token(const char *p, const char *end)
{
	while (p < end && is_token(*p))
		p++;
	return p;
}

static gboolean same_word(const char *p, gsize n, const char *word)
{
	return n == strlen(word) && !g_ascii_strncasecmp(p, word, n);
}

/*
 * The value of a Content-Type (@type) or Content-Disposition from @p to
 * @end, folded lines and all: TRUE if GMime reads it as this reads it,
 * with no parameter name twice (and, for a type, neither multipart nor
 * message).
 */
static gboolean plain_content(const char *p, const char *end, gboolean type)
{
	struct names names = { .n = 0 };
	const char *word;

	for (const char *q = p; q < end; q++) {
		guchar c = (guchar)*q;

		if (c >= 0x7f || (c < ' ' && !is_space(*q)) || c == '(' ||
		    c == '\\' || (c == '=' && q + 1 < end && q[1] == '?'))
			return FALSE;
	}
	word = skip_space(p, end);
	p = skip_token(word, end);
	if (p == word)
		return FALSE;
	if (type) {
		if (same_word(word, (gsize)(p - word), "multipart") ||
		    same_word(word, (gsize)(p - word), "message"))
			return FALSE;
		p = skip_space(p, end);
		if (p == end || *p != '/')
			return FALSE;
		word = skip_space(p + 1, end);
		p = skip_token(word, end);
		if (p == word)
			return FALSE;
	}
	for (;;) {
		const char *name;

		p = skip_space(p, end);
		if (p == end)
			return TRUE;
		if (*p != ';')
			return FALSE;
		p = skip_space(p + 1, end);
		if (p == end)
			return TRUE;
		name = p;
		p = skip_token(name, end);
		if (p == name || memchr(name, '*', (gsize)(p - name)) ||
		    !name_new(&names, name, (gsize)(p - name)))
			return FALSE;
		p = skip_space(p, end);
		if (p == end || *p != '=')
			return FALSE;
		p = skip_space(p + 1, end);
		if (p < end && *p == '"') {
			const char *close = p + 1;

			while (close < end && *close != '"' && *close != '\r' &&
			       *close != '\n')
				close++;
			if (close == end || *close != '"')
				return FALSE;
			p = close + 1;
		} else {
			word = p;
			p = skip_token(word, end);
			if (p == word)
				return FALSE;
		}
	}
}

/* Which of single_names[] the field name at @name (@n bytes) is, or -1.
 * Most fields are none: the first letter turns them away. */
static int single_of(const char *name, gsize n)
{
	switch (*name | 0x20) {
	case 'b': case 'c': case 'd': case 'f': case 'i': case 'm':
	case 'r': case 's': case 't':
		break;
	default:
		return -1;
	}
	for (guint i = 0; i < G_N_ELEMENTS(single_names); i++)
		if (n == single_names[i].len &&
		    !g_ascii_strncasecmp(name, single_names[i].name, n))
			return (int)i;
	return -1;
}

/* The lines of a message in turn, their ends found by memchr() or given
 * (sl_line_ends(): the offset after each '\n'). */
struct lines {
	const char *bytes;
	gsize len;
	const guint32 *ends;
	gsize n, i;
};

/* The offset after the '\n' that ends the line at @at, the next line's
 * first, or 0 if no '\n' ends it. */
static gsize line_after(struct lines *l, gsize at)
{
	const char *eol;

	if (l->ends)
		return l->i < l->n ? l->ends[l->i++] : 0;
	eol = memchr(l->bytes + at, '\n', l->len - at);
	return eol ? (gsize)(eol - l->bytes) + 1 : 0;
}

static gboolean quiet(struct lines *l)
{
	const char *bytes = l->bytes;
	gsize at = 0;
	guint seen = 0;		/* single_names[] met, a bit each */
	struct names content = { .n = 0 };	/* the Content-* fields */

	while (at < l->len) {
		const char *line = bytes + at, *colon = line, *eol;
		gsize next = line_after(l, at), name;
		int single;

		if (!next)
			return FALSE;	/* the section is not closed */
		eol = bytes + next - 1;
		if (eol == line || (eol == line + 1 && *line == '\r'))
			return TRUE;	/* the empty line that closes it */
		while (colon < eol && (guchar)*colon > ' ' &&
		       (guchar)*colon < 0x7f && *colon != ':')
			colon++;
		if (colon == line || *colon != ':')
			return FALSE;	/* not "name:" */
		while (next < l->len && (bytes[next] == ' ' ||
					 bytes[next] == '\t'))
			if (!(next = line_after(l, next)))
				return FALSE;
		name = (gsize)(colon - line);
		if (name > 8 && !g_ascii_strncasecmp(line, "content-", 8)) {
			if (!name_new(&content, line, name))
				return FALSE;	/* twice */
			if (name == 12 && same_word(line, name, "content-type") &&
			    !plain_content(colon + 1, bytes + next, TRUE))
				return FALSE;
			if (name == 19 &&
			    same_word(line, name, "content-disposition") &&
			    !plain_content(colon + 1, bytes + next, FALSE))
				return FALSE;
		} else if (name <= 11 && (single = single_of(line, name)) >= 0) {
			if ((seen >> single) & 1 &&
			    !sl_is_recipient_header(single_names[single].name))
				return FALSE;
			seen |= 1u << single;
		}
		at = next;
	}
	return FALSE;
}

gboolean sl_parse_quiet(const char *bytes, gsize len)
{
	struct lines l = { bytes, len, NULL, 0, 0 };

	return quiet(&l);
}

gboolean sl_parse_quiet_ends(const char *bytes, gsize len,
			     const guint32 *ends, gsize n)
{
	struct lines l = { bytes, len, ends, n, 0 };

	return quiet(&l);
}
