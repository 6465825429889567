// SPDX-License-Identifier: GPL-2.0-only
/*
 * One input loop for every way in: a file, an mbox, git format-patch output
 * or standard input ("-").  Everything that is not clearly mail is refused.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "address.h"
#include "env-flag.h"
#include "errors.h"
#include "gmime-extra.h"
#include "input.h"
#include "lines.h"
#include "mbox.h"
#include "message.h"
#include "msglimits.h"
#include "pool.h"
#include "quiet.h"
#include "thread.h"

struct parse_state {
	GString *critical;	/* first critical parser complaint */
	gint64 offset;
	gint64 base;		/* the input offset of the parsed stream's 0 */
	gboolean plain;		/* address_headers_plain() said so (checked) */
	gboolean quiet;		/* sl_parse_quiet() said so */
	gboolean warned;	/* on_parser_warning() took a complaint */
};

static void on_parser_warning(gint64 offset, GMimeParserWarning code,
			      const gchar *item, gpointer data)
{
	struct parse_state *st = data;
	const char *what = NULL;

	switch (code) {
	case GMIME_CRIT_INVALID_HEADER_NAME:
		what = "invalid header name";
		break;
	case GMIME_CRIT_CONFLICTING_HEADER:
		/* Several To/Cc/... headers are merged by the digest. */
		if (item && sl_is_recipient_header(item))
			return;
		what = "conflicting header";
		break;
	case GMIME_CRIT_CONFLICTING_PARAMETER:
		what = "conflicting header parameter";
		break;
	case GMIME_CRIT_MULTIPART_WITHOUT_BOUNDARY:
		what = "multipart without a boundary";
		break;
	case GMIME_CRIT_NESTING_OVERFLOW:
		what = "MIME nesting too deep";
		break;
	case GMIME_CRIT_PART_WITHOUT_HEADERS_OR_CONTENT:
		what = "MIME part without headers or content";
		break;
	case GMIME_WARN_TRUNCATED_MESSAGE:
		what = "truncated message (a multipart or the header is not closed)";
		break;
	default:
		return;	/* tolerated: GMime's recovery cannot hide a rule */
	}
	st->warned = TRUE;
	if (st->critical->len)
		return;
	g_string_append(st->critical, what);
	if (item && *item) {
		g_autofree char *safe = g_utf8_make_valid(item, -1);

		g_string_append_printf(st->critical, " '%.60s'", safe);
	}
	st->offset = offset;
}

/*
 * GMime parses these address headers itself while it builds a message.  One
 * with an unterminated comment loses recipients, so it is refused (From and
 * Sender, which do not route, are only left empty); and GMime 3.2.13 leaks
 * an address in it (fixed in 3.2.15), so the parser's private copy of the
 * value (header->raw_value, g_strdup'd in gmime-parser.c) is emptied before
 * the message is built from it.
 */
#define GMIME_ADDRESS_HEADERS "^(From|Sender|Reply-To|To|Cc|Bcc)$"

/*
 * Whether no address header GMime can read in the message @bytes has a
 * value the callback below would act on: GMime's pattern is the only cost
 * of a message that has none (about 2,600 instructions a header of every
 * part, in GRegex's set-up: 4 % of an mbox's reading), so it is left off
 * when this says so.  It holds for every header GMime reads, whatever
 * MIME parts it finds, because (GMime 3.2's gmime-parser.c, step_headers()
 * and header_buffer_parse()) every field starts at the start of a line of
 * the raw bytes, its name is what comes before the line's first ':' less
 * trailing blanks and is matched caselessly, and its value is the bytes
 * after that ':' up to the next line that starts neither with a space nor
 * with a tab: so each line anywhere in the message, header or body, that
 * starts with one of the names (either case), blanks and ':' is taken
 * with every line after it that starts with a byte up to ' ' (more than
 * GMime joins), and none of those may hold a '(' (an open comment needs
 * one) or as many ':' and ',' as sl_limits_address_value() refuses.
 * Anything else keeps the pattern.  SECLINT_CHECK_ADDRESS_HEADERS=1
 * parses every message with the pattern and aborts where the callback
 * acts on a message this passed.
 */
static const struct {
	char name[9];
	guint8 len;
} address_names[] = {
	{ "from", 4 }, { "sender", 6 }, { "reply-to", 8 }, { "to", 2 },
	{ "cc", 2 }, { "bcc", 3 },
};

/* The length of an address header's name and blanks up to its ':' at
 * @line (@n bytes), 0 if it starts none.  A byte is compared with
 * "| 0x20", which takes each letter in either case (and a CR for '-':
 * more than GMime takes, never less). */
static gsize address_name_at(const char *line, gsize n)
{
	char first = (char)(*line | 0x20);

	switch (first) {	/* most lines start with none of these */
	case 'f': case 's': case 'r': case 't': case 'c': case 'b':
		break;
	default:
		return 0;
	}
	for (guint i = 0; i < G_N_ELEMENTS(address_names); i++) {
		gsize k = address_names[i].len, j = 1;

		if (first != address_names[i].name[0] || n <= k)
			continue;
		while (j < k && (char)(line[j] | 0x20) ==
					address_names[i].name[j])
			j++;
		if (j < k)
			continue;
		while (k < n && (line[k] == ' ' || line[k] == '\t'))
			k++;
		if (k < n && line[k] == ':')
			return k + 1;
	}
	return 0;
}

/* Whether an address header's value, from @p to @end (its folded lines
 * and more), holds no '(' and fewer ':' and ',' than are refused. */
static gboolean plain_value(const char *p, const char *end)
{
	unsigned colons = 0, commas = 0;

	for (; p < end; p++) {
		if (*p == '(')
			return FALSE;
		colons += *p == ':';
		commas += *p == ',';
	}
	return colons <= SL_MAX_ADDRESS_COLONS && commas < SL_MAX_ADDRESSES;
}

gboolean sl_input_address_headers_plain(const char *bytes, gsize len)
{
	const char *end = bytes + len, *line = bytes;

	while (line < end) {
		const char *eol = memchr(line, '\n', (gsize)(end - line));
		const char *next = eol ? eol + 1 : end;
		gsize name = address_name_at(line, (gsize)(next - line));

		if (!name) {
			line = next;
			continue;
		}
		while (next < end && (guchar)*next <= ' ') {
			eol = memchr(next, '\n', (gsize)(end - next));
			next = eol ? eol + 1 : end;
		}
		if (!plain_value(line + name, next))
			return FALSE;
		line = next;
	}
	return TRUE;
}

/* The same on the line ends sl_line_ends() found in @bytes (all @n of
 * them): no search for each line's end. */
static gboolean address_headers_plain_ends(const char *bytes, gsize len,
					   const guint32 *ends, gsize n)
{
	gsize i = 0, line = 0;

	while (line < len) {
		gsize next = i < n ? ends[i++] : len;
		gsize name = address_name_at(bytes + line, next - line);

		if (!name) {
			line = next;
			continue;
		}
		while (next < len && (guchar)bytes[next] <= ' ')
			next = i < n ? ends[i++] : len;
		if (!plain_value(bytes + line + name, bytes + next))
			return FALSE;
		line = next;
	}
	return TRUE;
}

/*
 * What GMime must not see in a message cut out of an mbox: the limits
 * (sl_limits_check_lines()) and whether its address headers are plain
 * (sl_input_address_headers_plain()), both read on the line ends found
 * once (sl_line_ends(), then kept for @lines) instead of each searching
 * every line for its end; a message of too many lines is read the slow
 * way.  SECLINT_CHECK_PRESCAN=1 reads every message both ways too and
 * aborts where they differ.
 */
static gboolean checking_prescan(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_PRESCAN", "1");
}

static gboolean prescan_slow(const char *bytes, gsize len, gint64 base,
			     struct sl_lines *lines, gboolean *plain,
			     gboolean *quiet, GError **error)
{
	*plain = *quiet = FALSE;
	if (!sl_limits_check_lines(bytes, len, base, lines, error))
		return FALSE;
	*plain = sl_input_address_headers_plain(bytes, len);
	*quiet = sl_parse_quiet(bytes, len);
	return TRUE;
}

gboolean sl_input_prescan(const char *bytes, gsize len, gint64 base,
			  struct sl_lines *lines, gboolean *plain,
			  gboolean *quiet, GError **error)
{
	g_autoptr(GError) failed = NULL;
	gsize n;
	guint32 *ends = sl_line_ends(bytes, len, &n);
	gboolean ok;

	if (!ends)
		return prescan_slow(bytes, len, base, lines, plain, quiet,
				    error);
	ok = sl_limits_check_ends(bytes, len, base, ends, n, &failed);
	*plain = ok && address_headers_plain_ends(bytes, len, ends, n);
	*quiet = ok && sl_parse_quiet_ends(bytes, len, ends, n);
	if (checking_prescan()) {
		g_autoptr(GError) slow_error = NULL;
		gboolean slow_plain, slow_quiet;
		gboolean slow = prescan_slow(bytes, len, base, NULL,
					     &slow_plain, &slow_quiet,
					     &slow_error);

		if (slow != ok || slow_plain != *plain ||
		    slow_quiet != *quiet ||
		    (!ok && strcmp(slow_error->message, failed->message)))
			g_error("seclint: the message pre-scan on line ends "
				"differs from the slow one: %s, %s plain, "
				"%s quiet; slow: %s, %s plain, %s quiet",
				ok ? "accepted" : failed->message,
				*plain ? "" : "not", *quiet ? "" : "not",
				slow ? "accepted" : slow_error->message,
				slow_plain ? "" : "not",
				slow_quiet ? "" : "not");
	}
	if (!ok) {
		sl_line_ends_free(ends);
		g_propagate_error(error, g_steal_pointer(&failed));
		return FALSE;
	}
	if (lines)
		sl_lines_set_ends(lines, ends, n, (gint64)len);
	else
		sl_line_ends_free(ends);
	return TRUE;
}

/* The check mode as a test set it (-1: as the environment says). */
static gint checking_address_headers = -1;

gboolean sl_input_checking_address_headers(void)
{
	static gsize once;
	gint on = g_atomic_int_get(&checking_address_headers);

	return on >= 0 ? on
		       : sl_env_flag(&once, "SECLINT_CHECK_ADDRESS_HEADERS",
				     "1");
}

void sl_input_check_address_headers(gboolean on)
{
	g_atomic_int_set(&checking_address_headers, !!on);
}

static void on_address_header(GMimeParser *parser, const char *header,
			      const char *value, gint64 offset, gpointer data)
{
	struct parse_state *st = data;
	g_autoptr(GError) limit = NULL;

	(void)parser;
	if (st->plain && value &&
	    (!sl_limits_address_value(header, value, NULL) ||
	     sl_address_has_open_comment(value)))
		g_error("seclint: the address header pre-scan passed a %s "
			"it must not: '%s'", header, value);
	if (value && !sl_limits_address_value(header, value, &limit)) {
		if (!st->critical->len) {
			g_string_assign(st->critical, limit->message);
			st->offset = offset;
		}
		*(char *)value = '\0';
		return;
	}
	if (!value || !sl_address_has_open_comment(value))
		return;
	if (!st->critical->len && g_ascii_strcasecmp(header, "From") &&
	    g_ascii_strcasecmp(header, "Sender")) {
		g_string_printf(st->critical,
				"unterminated comment in the addresses in %s",
				header);
		st->offset = offset;
	}
	*(char *)value = '\0';
}

/* The same emptying for parsers that only locate or split (--fix): the
 * message was checked by sl_input_parse() first. */
static void defuse_address(GMimeParser *parser, const char *header,
			   const char *value, gint64 offset, gpointer data)
{
	(void)parser;
	(void)offset;
	(void)data;
	if (value && (sl_address_has_open_comment(value) ||
		      !sl_limits_address_value(header, value, NULL)))
		*(char *)value = '\0';
}

/*
 * The one place a GMime parser is opened: a message, never GMime's mbox
 * mode (lint/mail/mbox.c cuts an mbox), with @on_address emptying the
 * address headers GMime must not parse.
 */
static GMimeParser *open_parser(GMimeStream *stream,
				GMimeParserHeaderRegexFunc on_address,
				gpointer data)
{
	GMimeParser *parser = g_mime_parser_new_with_stream(stream);

	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	if (on_address)
		g_mime_parser_set_header_regex(parser, GMIME_ADDRESS_HEADERS,
					       on_address, data);
	return parser;
}

GMimeParser *sl_input_open_message(const char *bytes, gsize len,
				   gsize *start)
{
	g_autoptr(GMimeStream) stream = NULL;
	const char *eol;

	*start = 0;
	/* An mbox's separator line, as sl_input_parse() takes it. */
	if (len >= 5 && !strncmp(bytes, "From ", 5)) {
		eol = memchr(bytes, '\n', len);
		*start = eol ? (gsize)(eol + 1 - bytes) : len;
		if (!sl_mbox_is_separator(bytes, *start))
			*start = 0;
	}
	stream = g_mime_stream_mem_new_with_buffer(bytes + *start,
						   len - *start);
	return open_parser(stream, defuse_address, NULL);
}

static gboolean sniff(const char *bytes, gsize len, gboolean *is_mbox,
		      GError **error)
{
	gsize i = 0;

	if (len && memchr(bytes, '\0', len)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "binary data (NUL bytes), not a mail message");
		return FALSE;
	}
	while (i < len && g_ascii_isspace(bytes[i]))
		i++;
	if (i == len) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    len ? "only white space, no message"
				: "empty input, no message");
		return FALSE;
	}
	*is_mbox = len >= 5 && !strncmp(bytes, "From ", 5);
	if (*is_mbox)
		return TRUE;
	/* A message starts with a header field: name ':' (RFC 5322 2.2). */
	for (i = 0; i < len && bytes[i] > ' ' && bytes[i] < 127 &&
		    bytes[i] != ':'; i++)
		;
	if (i == 0 || i == len || bytes[i] != ':') {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "does not start with a mail header or an mbox "
			    "'From ' line");
		return FALSE;
	}
	return TRUE;
}

static void copy_extra(struct sl_message *msg, const GPtrArray *extra)
{
	for (guint i = 0; extra && i < extra->len; i++) {
		const struct sl_address *src = extra->pdata[i];
		struct sl_address *a = g_new0(struct sl_address, 1);

		a->addr = g_strdup(src->addr);
		a->display = g_strdup(src->display);
		a->header = src->header;
		g_ptr_array_add(msg->recipients, a);
	}
}

static gboolean has_headers(GMimeMessage *gm)
{
	return g_mime_header_list_get_count(
		       g_mime_object_get_header_list(GMIME_OBJECT(gm))) > 0;
}

/* The next message of @parser, digested; NULL with @error set if it
 * cannot be parsed. */
static struct sl_message *next_message(GMimeParser *parser,
				       struct parse_state *st,
				       struct sl_lines *lines, unsigned index,
				       GError **error)
{
	g_autoptr(GMimeParserOptions) opts = g_mime_parser_options_new();
	g_autoptr(GMimeMessage) gm = NULL;
	g_autoptr(sl_message) msg = NULL;
	gint64 start = g_mime_parser_tell(parser);

	/* Without complaints to listen for, GMime parses without decoding
	 * every header value (lint/mail/quiet.c). */
	if (!st->quiet || sl_parse_quiet_checking())
		g_mime_parser_options_set_warning_callback(opts,
							   on_parser_warning,
							   st);
	gm = g_mime_parser_construct_message(parser, opts);
	if (st->quiet && st->warned)
		g_error("seclint: message %u was found quiet, yet GMime "
			"complains: %s", index, st->critical->str);
	if (g_mime_parser_tell(parser) - start > SL_MAX_INPUT_SIZE) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "message %u: larger than %u MiB, refusing to guess",
			    index, SL_MAX_INPUT_SIZE >> 20);
		return NULL;
	}
	if (st->critical->len && st->offset < 0) {
		/* GMime gives no offset for some, e.g. truncation. */
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "message %u: %s", index, st->critical->str);
		return NULL;
	}
	if (st->critical->len) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "message %u: %s at byte %" G_GINT64_FORMAT, index,
			    st->critical->str, st->base + st->offset);
		return NULL;
	}
	if (!gm || !has_headers(gm)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "message %u: no mail headers could be parsed", index);
		return NULL;
	}
	msg = sl_message_new();
	msg->index = index;
	msg->line = sl_lines_mark(lines, g_mime_parser_get_headers_begin(parser));
	if (!sl_message_digest(msg, gm, lines, error)) {
		g_prefix_error(error, "message %u: ", index);
		return NULL;
	}
	return g_steal_pointer(&msg);
}

/* Hands @msg (taken) to @each, with the recipients given on the command
 * line; FALSE if there is none (it could not be parsed). */
static gboolean deliver(struct sl_message *msg, const GPtrArray *extra,
			sl_message_fn each, gpointer data, GError **error)
{
	g_autoptr(sl_message) owned = msg;

	if (!owned)
		return FALSE;
	copy_extra(owned, extra);
	return each(owned, data, error);
}

/* Messages of an mbox whose places the thread scan keeps for the reading
 * (8 bytes each); the rest is cut again. */
#define SL_MBOX_PLAN_MOST (512u << 10)

/* Bytes read ahead of the parser to refuse what is clearly not mail. */
#define SL_PEEK_SIZE 65536

static gboolean io_error(GError **error, const char *what)
{
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO, "%s: %s", what,
		    g_strerror(errno));
	return FALSE;
}

/*
 * GMime compiles the header pattern of a parser anew each time it is set,
 * which cost more than the rest of an mbox message's parse set-up; so
 * parsers are kept in a pool shared by the threads, each given a
 * message's stream in turn, and the callback finds the message's state
 * through the parser's own record.
 */
struct pooled_parser {
	GMimeParser *parser;
	GMimeStream *idle;	/* between messages: no input held */
	struct parse_state *st;
};

static struct sl_pool parsers;
/* The same without the header pattern, for messages whose address
 * headers it could not act on (sl_input_address_headers_plain()). */
static struct sl_pool plain_parsers;

static void on_pooled_address_header(GMimeParser *parser, const char *header,
				     const char *value, gint64 offset,
				     gpointer data)
{
	struct pooled_parser *p = data;

	on_address_header(parser, header, value, offset, p->st);
}

static struct pooled_parser *parser_take(gboolean plain)
{
	struct pooled_parser *p = sl_pool_take(plain ? &plain_parsers
						     : &parsers);

	if (p)
		return p;
	p = g_new0(struct pooled_parser, 1);
	p->idle = g_mime_stream_mem_new();
	p->parser = open_parser(p->idle, plain ? NULL
					       : on_pooled_address_header, p);
	return p;
}

static void parser_put(struct pooled_parser *p, gboolean plain)
{
	if (sl_pool_put(plain ? &plain_parsers : &parsers, p))
		return;
	g_object_unref(p->parser);
	g_object_unref(p->idle);
	g_free(p);
}

/* One message, all of @stream, digested (GMime's objects are gone once it
 * returns, so the caller can free the input before the rules run). */
static struct sl_message *parse_one(GMimeStream *stream,
				    struct parse_state *st,
				    struct sl_lines *lines, unsigned index,
				    GError **error)
{
	/* Checking: the pattern, and an error if it acts after all. */
	gboolean plain = st->plain && !sl_input_checking_address_headers();
	struct pooled_parser *p = parser_take(plain);
	struct sl_message *msg;

	p->st = st;
	g_mime_parser_init_with_stream(p->parser, stream);
	msg = next_message(p->parser, st, lines, index, error);
	g_mime_parser_init_with_stream(p->parser, p->idle);
	p->st = NULL;
	parser_put(p, plain);
	return msg;
}

/* A single message: all of @stream. */
static gboolean parse_single(GMimeStream *stream, struct sl_lines *lines,
			     gboolean quiet, const GPtrArray *extra,
			     sl_message_fn each, gpointer data, GError **error)
{
	g_autoptr(GString) critical = g_string_new(NULL);
	struct parse_state st = { critical, 0, 0, FALSE, quiet, FALSE };

	return deliver(parse_one(stream, &st, lines, 1, error), extra, each,
		       data, error);
}

/*
 * An mbox is cut at its separators (lint/mail/mbox.c), not by GMime's mbox
 * mode, which takes every line starting "From " for one.  Each message is
 * handed to @raw as bytes or, without @raw, parsed here from its bytes,
 * with the lines and offsets of the input kept.
 */
static gboolean unchanged(int fd, const struct stat *was, GError **error);

static gboolean parse_mbox(struct sl_mbox_reader *reader, int fd,
			   const struct stat *was, const GPtrArray *extra,
			   sl_message_fn each, sl_raw_fn raw, gpointer data,
			   GError **error)
{
	struct sl_raw_message *r;

	if (!sl_mbox_reader_start(reader, error))
		return FALSE;
	for (;;) {
		gboolean ok;

		if (!sl_mbox_reader_next(reader, &r, error))
			return FALSE;
		if (r && !unchanged(fd, was, error)) {
			sl_raw_message_free(r);
			return FALSE;
		}
		if (!r)
			return TRUE;
		if (raw) {
			if (!raw(r, data, error))
				return FALSE;
			continue;
		}
		ok = sl_input_parse_raw(r, extra, each, data, error);
		sl_raw_message_free(r);
		if (!ok)
			return FALSE;
	}
}

gboolean sl_input_parse(const char *bytes, gsize len, const GPtrArray *extra,
			gboolean *is_mbox, sl_message_fn each, gpointer data,
			GError **error)
{
	g_autoptr(GMimeStream) stream = NULL;
	g_autoptr(sl_lines) lines = NULL;

	if (len > SL_MAX_INPUT_SIZE) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "larger than %u MiB, refusing to guess",
			    SL_MAX_INPUT_SIZE >> 20);
		return FALSE;
	}
	if (!sniff(bytes, len, is_mbox, error))
		return FALSE;
	if (*is_mbox) {
		g_autoptr(sl_mbox_reader) reader = sl_mbox_reader_new_bytes(
			bytes, len, SL_MAX_INPUT_SIZE);

		return parse_mbox(reader, -1, NULL, extra, each, NULL, data,
				  error);
	}
	lines = sl_lines_new_bytes(bytes, len);
	if (!sl_limits_check_lines(bytes, len, 0, lines, error)) {
		g_prefix_error(error, "message 1: ");
		return FALSE;
	}
	stream = g_mime_stream_mem_new_with_buffer(bytes, len);
	return parse_single(stream, lines, sl_parse_quiet(bytes, len), extra,
			    each, data, error);
}

/*
 * The values of the first field of each of @names (in @n, at most 4) in
 * the header section @head, with their folded lines (as GMime keeps a
 * header's raw value), or NULL: one walk over its lines for all.
 */
static void header_values(const char *head, gsize len,
			  const char *const *names, guint n, char **values)
{
	const char *end = head + len, *line = head;
	gboolean found[4] = { FALSE };
	gsize lens[G_N_ELEMENTS(found)];
	guint left = n;

	g_assert(n <= G_N_ELEMENTS(found));
	for (guint i = 0; i < n; i++)
		lens[i] = strlen(names[i]);
	while (line < end && left) {
		const char *eol = memchr(line, '\n', (gsize)(end - line));
		const char *next = eol ? eol + 1 : end;

		for (guint i = 0; i < n; i++) {
			gsize k = lens[i];
			const char *colon = line + k, *last = next;

			/* The first letters, either case (names start with
			 * one), before the whole names. */
			if (found[i] || (gsize)(next - line) <= k ||
			    (*line | 0x20) != (*names[i] | 0x20))
				continue;
			while (colon < next && (*colon == ' ' ||
						*colon == '\t'))
				colon++;	/* obs-optional: "Name :" */
			if (g_ascii_strncasecmp(line, names[i], k) ||
			    colon >= next || *colon != ':')
				continue;
			found[i] = TRUE;
			left--;
			while (last < end && (*last == ' ' || *last == '\t')) {
				const char *nl = memchr(last, '\n',
							(gsize)(end - last));

				last = nl ? nl + 1 : end;
			}
			/* Over the limit: refused when read. */
			if ((gsize)(last - line) <= SL_MAX_HEADER_LENGTH)
				values[i] = g_strndup(
					colon + 1, (gsize)(last - colon - 1));
		}
		line = next;
	}
}

/*
 * The Message-ID of the message whose header section is @head (as
 * sl_mbox_header_length() ends it) and the ids it names, added to
 * @threads.  The header section is searched for the four fields and
 * their values are read by the functions GMime reads them with (a Message-
 * ID as g_mime_message_get_message_id() gives it, the others as the digest
 * does), so the ids are the ones the digest finds.  Building a GMime
 * object of each header section, only to ask it for three fields, made
 * seclint a third slower on an mbox.  A message with two such fields
 * that differ, whose header GMime cannot read or that is over the limits
 * (lint/mail/msglimits.h) is refused when it is read for the rules; here
 * it adds what it names, or, over the size limits, nothing.
 */
/*
 * A series repeats its sender's From field in every message: the address
 * the digest reads in each value (sl_address_add_first(), NULL for none)
 * is kept, for values of up to SENDER_KEPT_LEN bytes and up to
 * SENDERS_KEPT of them (memory does not grow with the input).
 * SECLINT_CHECK_PRESCAN=1 reads every value again and aborts where it
 * differs.
 */
#define SENDER_KEPT_LEN 256
#define SENDERS_KEPT 4096

static char *read_sender(const char *value)
{
	g_autoptr(GPtrArray) sender = sl_address_list_new();

	if (!sl_address_add_first(sender, "From", value, NULL) ||
	    !sender->len)
		return NULL;
	return g_strdup(((struct sl_address *)sender->pdata[0])->addr);
}

/* The sender in the From value @value (taken), valid while @senders. */
static const char *sender_in(GHashTable *senders, char *value,
			     char **unkept)
{
	gpointer kept;
	char *addr;

	*unkept = NULL;
	if (!value)
		return NULL;
	if (g_hash_table_lookup_extended(senders, value, NULL, &kept)) {
		if (checking_prescan()) {
			g_autofree char *again = read_sender(value);

			if (g_strcmp0(again, kept))
				g_error("seclint: the sender kept for '%s' "
					"differs: '%s', read again '%s'",
					value, (char *)kept, again);
		}
		g_free(value);
		return kept;
	}
	addr = read_sender(value);
	if (strlen(value) > SENDER_KEPT_LEN ||
	    g_hash_table_size(senders) >= SENDERS_KEPT) {
		g_free(value);
		return *unkept = addr;
	}
	g_hash_table_insert(senders, value, addr);
	return addr;
}

static void add_thread_of(const char *head, gsize len,
			  struct sl_thread_set *threads, GHashTable *senders)
{
	static const char *const names[] = { "Message-Id", "In-Reply-To",
					     "References", "From" };
	char *values[G_N_ELEMENTS(names)] = { NULL };
	g_autofree char *id = NULL;
	g_autofree char *unkept = NULL;
	g_autoptr(GPtrArray) named = NULL;
	const char *sender;

	if (len > SL_MAX_HEADER_BYTES)
		return;		/* refused when read */
	header_values(head, len, names, G_N_ELEMENTS(names), values);
	if (!values[0] || !(id = g_mime_utils_decode_message_id(values[0]))) {
		for (guint i = 0; i < G_N_ELEMENTS(values); i++)
			g_free(values[i]);
		return;
	}
	named = g_ptr_array_new_with_free_func(g_free);
	sl_message_add_named(values[1], named);
	sl_message_add_named(values[2], named);
	/* The sender as the digest reads it (lint/mail/message.c). */
	sender = sender_in(senders, g_steal_pointer(&values[3]), &unkept);
	for (guint i = 0; i < G_N_ELEMENTS(values); i++)
		g_free(values[i]);
	sl_thread_set_add(threads, id, sender, named);
}

/*
 * Every message of an mbox joins @threads before the first is judged, so
 * that a reply to one further on in it is a reply within the run too.
 * Errors are left to the reading that follows.
 */
static void scan_threads(struct sl_mbox_reader *reader,
			 struct sl_thread_set *threads)
{
	g_autoptr(GHashTable) senders = NULL;
	const char *head;
	gsize len;

	if (!threads || !sl_mbox_reader_start(reader, NULL))
		return;
	senders = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					g_free);
	/* Not the bodies: their copies (and line counts) were most of a
	 * scan's reading. */
	while (sl_mbox_reader_next_head(reader, &head, &len, NULL) && head)
		add_thread_of(head, len, threads, senders);
	sl_thread_set_settle(threads);
}

void sl_input_scan_threads(const char *bytes, gsize len,
			   struct sl_thread_set *threads)
{
	g_autoptr(sl_mbox_reader) reader = NULL;

	if (len < 5 || strncmp(bytes, "From ", 5) || len > SL_MAX_INPUT_SIZE)
		return;
	reader = sl_mbox_reader_new_bytes(bytes, len, SL_MAX_INPUT_SIZE);
	scan_threads(reader, threads);
}

/*
 * What is not a regular file (a pipe, a FIFO, a terminal, a device) cannot
 * be re-read, so it is spooled to an unlinked file, up to the input limit
 * and no further; a NUL byte ends it as binary input.
 */
static int spool(int in, GError **error)
{
	char chunk[65536];
	FILE *tmp = tmpfile();
	gsize total = 0;
	int fd;
	ssize_t n;

	if (!tmp)
		return io_error(error, "cannot spool the input"), -1;
	for (;;) {
		n = read(in, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (memchr(chunk, '\0', (size_t)n)) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
				    "binary data (NUL bytes), not a mail "
				    "message");
			fclose(tmp);
			return -1;
		}
		total += (gsize)n;
		if (total > SL_MAX_INPUT_SIZE) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
				    "larger than %u MiB, refusing to guess",
				    SL_MAX_INPUT_SIZE >> 20);
			fclose(tmp);
			return -1;
		}
		if (fwrite(chunk, 1, (size_t)n, tmp) != (size_t)n)
			break;
	}
	if (n < 0 || ferror(tmp) || fflush(tmp)) {
		io_error(error, n < 0 ? "read error" : "cannot spool the input");
		fclose(tmp);
		return -1;
	}
	fd = dup(fileno(tmp));
	fclose(tmp);
	if (fd < 0 || lseek(fd, 0, SEEK_SET) < 0) {
		io_error(error, "cannot spool the input");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/*
 * A descriptor of @path that can be read again: a regular file itself
 * (its size and time kept in @st, to tell if it changes), anything else
 * spooled.  "-" is standard input.
 */
static int open_input(const char *path, struct stat *st, GError **error)
{
	int fd, spooled;

	if (strcmp(path, "-"))
		fd = open(path, O_RDONLY | O_CLOEXEC);
	else
		fd = dup(STDIN_FILENO);
	if (fd < 0)
		return io_error(error, "cannot open"), -1;
	if (fstat(fd, st) < 0) {
		io_error(error, "cannot open");
		close(fd);
		return -1;
	}
	if (S_ISREG(st->st_mode))
		return fd;
	if (S_ISDIR(st->st_mode)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "is a directory");
		close(fd);
		return -1;
	}
	spooled = spool(fd, error);
	close(fd);
	if (spooled >= 0 && fstat(spooled, st) < 0) {
		io_error(error, "cannot spool the input");
		close(spooled);
		return -1;
	}
	return spooled;
}

/* FALSE (an error) if the file behind @fd is no longer what was opened:
 * a file written while seclint reads it is not the message it checked. */
static gboolean unchanged(int fd, const struct stat *was, GError **error)
{
	struct stat now;

	if (fd < 0)
		return TRUE;
	if (fstat(fd, &now) < 0)
		return io_error(error, "cannot stat");
	if (now.st_size != was->st_size ||
	    now.st_mtim.tv_sec != was->st_mtim.tv_sec ||
	    now.st_mtim.tv_nsec != was->st_mtim.tv_nsec) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "the file changed while seclint read it; check "
			    "it again once it is written");
		return FALSE;
	}
	return TRUE;
}

static gboolean peek(int fd, char *head, gsize *len, GError **error)
{
	off_t at = lseek(fd, 0, SEEK_CUR);
	ssize_t n;

	*len = 0;
	while (*len < SL_PEEK_SIZE) {
		n = pread(fd, head + *len, SL_PEEK_SIZE - *len, at + *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return io_error(error, "read error");
		if (n == 0)
			break;
		*len += (gsize)n;
	}
	return TRUE;
}

static gboolean nul_at(off_t at, GError **error)
{
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
		    "binary data (a NUL byte at byte %lld), not a mail message",
		    (long long)at);
	return FALSE;
}

/*
 * Before GMime reads a single message: the limits (lint/mail/msglimits.c), on
 * the first block and the rest of the file, and a NUL byte anywhere makes
 * the input binary.  Read with pread() a block at a time (not mapped: a
 * file truncated meanwhile would kill seclint with SIGBUS).
 */
#define SL_SCAN_BLOCK (1u << 20)

static gboolean check_single(int fd, const char *head, gsize len,
			     GError **error)
{
	off_t start = lseek(fd, 0, SEEK_CUR), at = start + (off_t)len;
	g_autoptr(sl_limits_scan) scan = sl_limits_scan_new(0);
	g_autofree char *buf = NULL;
	ssize_t n;

	if (!sl_limits_scan_feed(scan, head, len, error))
		goto limit;
	if (len < SL_PEEK_SIZE)
		goto finish;
	buf = g_malloc(SL_SCAN_BLOCK);
	while ((n = pread(fd, buf, SL_SCAN_BLOCK, at)) != 0) {
		const char *nul;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return io_error(error, "read error");
		nul = memchr(buf, '\0', (size_t)n);
		if (nul)
			return nul_at(at + (nul - buf), error);
		if (!sl_limits_scan_feed(scan, buf, (gsize)n, error))
			goto limit;
		at += n;
	}
finish:
	if (sl_limits_scan_finish(scan, error))
		return TRUE;
limit:
	g_prefix_error(error, "message 1: ");
	return FALSE;
}

/*
 * Streams the file: GMime reads it through a file descriptor and each
 * message is digested and freed before the next, so memory does not grow
 * with the size of an mbox.
 */
gboolean sl_input_read(const char *path, const GPtrArray *extra,
		       gboolean *is_mbox, sl_message_fn each, gpointer data,
		       GError **error)
{
	return sl_input_read_split(path, extra, NULL, is_mbox, each, NULL,
				   data, error);
}

gboolean sl_input_read_split(const char *path, const GPtrArray *extra,
			     struct sl_thread_set *threads, gboolean *is_mbox,
			     sl_message_fn each, sl_raw_fn raw, gpointer data,
			     GError **error)
{
	g_autofree char *head = NULL;
	g_autoptr(GMimeStream) stream = NULL;
	g_autoptr(GMimeStream) mem = NULL;
	g_autoptr(sl_lines) lines = NULL;
	g_autoptr(GString) critical = g_string_new(NULL);
	struct parse_state st = { critical, 0, 0, FALSE, FALSE, FALSE };
	struct sl_message *msg;
	struct stat was;
	gsize len;
	int fd;

	fd = open_input(path, &was, error);
	if (fd < 0)
		return FALSE;
	stream = g_mime_stream_fs_new(fd);	/* owns fd */
	head = g_malloc(SL_PEEK_SIZE);
	if (!peek(fd, head, &len, error) || !sniff(head, len, is_mbox, error))
		return FALSE;
	if (*is_mbox) {
		/* The reader rejects a later NUL byte block by block. */
		g_autoptr(sl_mbox_reader) reader = sl_mbox_reader_new_fd(
			fd, g_mime_stream_tell(stream), SL_MAX_INPUT_SIZE);
		g_autoptr(sl_mbox_plan) plan = NULL;

		if (threads) {
			g_autoptr(sl_mbox_reader) scan = sl_mbox_reader_new_fd(
				fd, g_mime_stream_tell(stream),
				SL_MAX_INPUT_SIZE);

			/* The scan's cut is the reading's: not done twice. */
			plan = sl_mbox_plan_new(SL_MBOX_PLAN_MOST);
			sl_mbox_reader_record(scan, plan);
			scan_threads(scan, threads);
			sl_mbox_reader_follow(reader, plan);
		}

		return parse_mbox(reader, fd, &was, extra, each, raw, data,
				  error);
	}
	if (!check_single(fd, head, len, error))
		return FALSE;
	/* its header section, if all of it is in @head */
	st.quiet = sl_parse_quiet(head, len);
	if (len < SL_PEEK_SIZE && g_mime_stream_tell(stream) == 0) {
		/*
		 * All of the file is in @head: GMime parses it there, and
		 * the rules read its parts there, instead of reading the
		 * file again through the descriptor (a small message was
		 * some twenty seeks and reads more).  The stream owns the
		 * bytes, and the message's parts hold the stream.
		 */
		guint8 *bytes = (guint8 *)g_steal_pointer(&head);

		mem = g_mime_stream_mem_new_with_byte_array(
			g_byte_array_new_take(bytes, len));
		lines = sl_lines_new_bytes((const char *)bytes, len);
		msg = parse_one(mem, &st, lines, 1, error);
	} else {
		lines = sl_lines_new_fd(fd, g_mime_stream_tell(stream));
		msg = parse_one(stream, &st, lines, 1, error);
	}
	if (msg && !unchanged(fd, &was, error)) {
		sl_message_free(msg);
		return FALSE;
	}
	return deliver(msg, extra, each, data, error);
}

/* One mbox message cut out by sl_input_read_split(), parsed as the
 * streaming path parses it, with its lines and byte offsets kept. */
gboolean sl_input_parse_raw(struct sl_raw_message *raw,
			    const GPtrArray *extra, sl_message_fn each,
			    gpointer data, GError **error)
{
	g_autoptr(GString) critical = g_string_new(NULL);
	struct parse_state st = { critical, 0, raw->offset, FALSE, FALSE,
				  FALSE };
	struct sl_message *msg;
	g_autoptr(sl_lines) lines = sl_lines_new_slice(
		(const char *)raw->bytes->data, raw->bytes->len, raw->line);

	if (!sl_input_prescan((const char *)raw->bytes->data, raw->bytes->len,
			      raw->offset, lines, &st.plain, &st.quiet,
			      error)) {
		g_prefix_error(error, "message %u: ", raw->index);
		return FALSE;
	}
	{
		/* The stream reads the bytes without owning them; they go
		 * with it, before the rules run (GMime's objects are gone
		 * once parse_one() returns). */
		g_autoptr(GMimeStream) stream = g_mime_stream_mem_new();

		g_mime_stream_mem_set_byte_array(GMIME_STREAM_MEM(stream),
						 raw->bytes);
		msg = parse_one(stream, &st, lines, raw->index, error);
		g_clear_pointer(&lines, sl_lines_free);	/* on the bytes */
		g_clear_object(&stream);
		g_clear_pointer(&raw->bytes, sl_mbox_bytes_free);
	}
	return deliver(msg, extra, each, data, error);
}

void sl_raw_message_free(struct sl_raw_message *raw)
{
	if (!raw)
		return;
	sl_mbox_bytes_free(raw->bytes);
	g_free(raw);
}
