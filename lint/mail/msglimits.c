// SPDX-License-Identifier: GPL-2.0-only
/*
 * Limits checked before GMime sees a message (doc/limits.md has the
 * reasoning, README "Limits and hostile input" the values).  GMime keeps
 * every header it parses as objects several times the size of the bytes,
 * parses nested address groups by recursion, and builds an object per
 * MIME part: a few MB of hostile input can make it take gigabytes or
 * overflow its stack.  This scan reads the message's header sections (the
 * message's, each MIME part's, each embedded message's) line by line, the
 * way GMime's parser finds them, and stops at the first limit passed.
 * Where the scan cannot tell a header section from a body it takes it for
 * headers, so it counts more than GMime would parse, never fewer.
 */
#include <string.h>

#include "errors.h"
#include "gmime-extra.h"
#include "lines.h"
#include "msglimits.h"

/* Enough of a body line to compare with a boundary (RFC 2046: at most
 * 70 characters; GMime takes longer ones). */
#define SL_BODY_LINE_KEEP 1024

enum frame_kind { FRAME_MULTIPART, FRAME_MESSAGE };

struct frame {
	enum frame_kind kind;
	char *boundary;		/* "--" and the boundary, for a multipart */
	gsize len;
};

struct sl_limits_scan {
	gboolean reference;	/* no fast path: the slow code that proves them */
	gboolean in_head;	/* reading a header section */
	gboolean done;		/* a body without boundaries to find: stop */
	GString *line;		/* the current line (its start, in a body) */
	gsize line_len;		/* its length so far */
	gint64 line_at;		/* its offset */
	gint64 at;		/* the offset of the next byte fed */
	GArray *frames;		/* open multiparts and embedded messages */
	/* the header field being read */
	gboolean field;
	gsize field_len;
	gint64 field_at;
	char field_name[32];
	gboolean field_address;
	gboolean field_ctype;
	gboolean field_params;	/* GMime parses its parameters */
	unsigned colons, addresses, semicolons, words;
	/* its lines whose words are not counted yet: where they are in the
	 * block being fed, and at most how many words they hold */
	const char *words_from, *words_to;
	gsize words_bound;
	GString *ctype;		/* this section's Content-Type value */
	/* the message so far */
	unsigned fields, parts, recipients, parameters;
	gsize header_bytes;
	/* with sl_limits_check_lines(): the offset (from @base) after each
	 * newline passed (ends_size noted at most, up to SL_LINE_ENDS_MOST) */
	gint64 base;
	guint32 *ends;
	gsize n_ends, ends_size;
	gboolean ends_full;
};


/* Headers whose value GMime or seclint parses as addresses. */
#define NAME(s) { s, sizeof(s) - 1 }
static const struct header_name {
	const char *name;
	gsize len;
} address_headers[] = {
	NAME("From"), NAME("Sender"), NAME("Reply-To"), NAME("To"), NAME("Cc"),
	NAME("Bcc"), NAME("Resent-From"), NAME("Resent-Sender"),
	NAME("Resent-Reply-To"), NAME("Resent-To"), NAME("Resent-Cc"),
	NAME("Resent-Bcc"), NAME("Mail-Followup-To"), NAME("Mail-Reply-To"),
	NAME("Disposition-Notification-To"), NAME("Return-Receipt-To"),
	NAME("Errors-To"), NAME("Apparently-To"), NAME("Return-Path"),
};

/* The slow way, the reference: the first letter rules out most names
 * before a whole comparison (| 0x20 lowers a letter; what it makes of
 * other bytes only lets the comparison decide). */
static gboolean is_address_header_ref(const char *name)
{
	char first = (char)(name[0] | 0x20);

	for (gsize i = 0; i < G_N_ELEMENTS(address_headers); i++)
		if (first == (char)(address_headers[i].name[0] | 0x20) &&
		    !g_ascii_strcasecmp(name, address_headers[i].name))
			return TRUE;
	return FALSE;
}

/* The same, asked of every header field: the length of @name (a C string,
 * @len bytes) and its last letter rule out most names before a comparison
 * ("Received" is as long as "Reply-To", "Date" as "From"). */
static gboolean is_address_header(const char *name, gsize len)
{
	char last;

	if (!len || len > 27)
		return FALSE;
	last = (char)(name[len - 1] | 0x20);
	for (gsize i = 0; i < G_N_ELEMENTS(address_headers); i++)
		if (len == address_headers[i].len &&
		    last == (char)(address_headers[i].name[len - 1] | 0x20) &&
		    !g_ascii_strncasecmp(name, address_headers[i].name, len))
			return TRUE;
	return FALSE;
}

/* Whether @name (a C string, @len bytes) is @want, case aside. */
static gboolean is_name(const char *name, gsize len, const char *want,
			gsize want_len)
{
	return len == want_len && !g_ascii_strncasecmp(name, want, len);
}

static void frame_clear(gpointer p)
{
	g_free(((struct frame *)p)->boundary);
}

struct sl_limits_scan *sl_limits_scan_new(gint64 base)
{
	struct sl_limits_scan *s = g_new0(struct sl_limits_scan, 1);

	s->at = s->base = base;
	s->in_head = TRUE;
	s->line = g_string_new(NULL);
	s->ctype = g_string_new(NULL);
	s->frames = g_array_new(FALSE, TRUE, sizeof(struct frame));
	g_array_set_clear_func(s->frames, frame_clear);
	return s;
}

struct sl_limits_scan *sl_limits_scan_new_reference(gint64 base)
{
	struct sl_limits_scan *s = sl_limits_scan_new(base);

	s->reference = TRUE;
	return s;
}

void sl_limits_scan_free(struct sl_limits_scan *s)
{
	if (!s)
		return;
	g_string_free(s->line, TRUE);
	g_string_free(s->ctype, TRUE);
	g_array_unref(s->frames);
	sl_line_ends_free(s->ends);
	g_free(s);
}

static gboolean over(GError **error, gint64 at, const char *fmt, ...)
	G_GNUC_PRINTF(3, 4);

static gboolean over(GError **error, gint64 at, const char *fmt, ...)
{
	g_autofree char *what = NULL;
	va_list ap;

	va_start(ap, fmt);
	what = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
		    "%s at byte %" G_GINT64_FORMAT " (seclint's limit, see "
		    "'Limits and hostile input' in the README)", what, at);
	return FALSE;
}

/* The words in @len bytes at @p: bytes that are not white space after
 * white space or at @p. */
static unsigned words_in(const char *p, gsize len)
{
	unsigned n = 0;

	for (gsize i = 0; i < len; i++)
		n += !g_ascii_isspace(p[i]) && (!i || g_ascii_isspace(p[i - 1]));
	return n;
}

/* Counts the words of the lines left uncounted.  They are the field's
 * values one after the other in the block, with the line ends between
 * them: white space, which starts no word and ends any, as the start of a
 * value does, so the count is the sum of the lines' counts. */
static void count_words_left(struct sl_limits_scan *s)
{
	if (s->words_from)
		s->words += words_in(s->words_from,
				     (gsize)(s->words_to - s->words_from));
	s->words_from = s->words_to = NULL;
	s->words_bound = 0;
}

/*
 * GMime 3.2 decodes every header field it parses, and cuts the value into
 * two tokens of 40 bytes per word (gmime-utils.c, RFC 2047): a 1 MB field
 * of one-letter words took 61 MB.  A word is a run of bytes that are not
 * white space; a folded line starts with white space.
 *
 * The words are counted only where the limit could be passed: a line of
 * @len bytes holds at most (@len + 1) / 2 words (each a byte and a space
 * but the last), so while the field's lines could not hold more than the
 * limit those in the block being fed (@in_place) are only noted, and
 * counted when a line could pass it, or before the block is gone.
 */
static gboolean count_words(struct sl_limits_scan *s, const char *p,
			    gsize len, gboolean in_place, GError **error)
{
	gsize bound = (len + 1) / 2;

	if (in_place && !s->reference &&
	    s->words + s->words_bound + bound <= SL_MAX_HEADER_WORDS) {
		if (!s->words_from)
			s->words_from = p;
		s->words_to = p + len;
		s->words_bound += bound;
		return TRUE;
	}
	count_words_left(s);
	s->words += words_in(p, len);
	if (s->words > SL_MAX_HEADER_WORDS)
		return over(error, s->field_at, "more than %u words in %s",
			    SL_MAX_HEADER_WORDS, s->field_name);
	return TRUE;
}

/*
 * GMime 3.2 compares every parameter of a Content-Type or
 * Content-Disposition with every later one (gmime-param.c,
 * decode_param_list(), when a warning callback is set, as seclint's is):
 * 150,000 parameters took 114 s.  And it keeps each as objects of about
 * 300 bytes.  Every ';' may start a parameter, quoted or in a comment too,
 * so the count is never below GMime's.
 */
static gboolean count_parameters(struct sl_limits_scan *s, const char *p,
				 gsize len, GError **error)
{
	unsigned n = 0;

	for (gsize i = 0; i < len; i++)
		n += p[i] == ';';
	s->semicolons += n;
	s->parameters += n;
	if (s->semicolons > SL_MAX_PARAMETERS)
		return over(error, s->field_at, "more than %u parameters in "
			    "%s", SL_MAX_PARAMETERS, s->field_name);
	if (s->parameters > SL_MAX_MESSAGE_PARAMETERS)
		return over(error, s->field_at, "more than %u parameters in "
			    "the message's Content-Type and "
			    "Content-Disposition fields",
			    SL_MAX_MESSAGE_PARAMETERS);
	return TRUE;
}

/* Counts what GMime's address parser will recurse on and allocate for:
 * every ':' may open a group (quoted or not: GMime's recovery after an
 * address it cannot parse ignores quotes), every ',' may separate two
 * addresses. */
static gboolean count_address(struct sl_limits_scan *s, const char *p,
			      gsize len, GError **error)
{
	s->colons += sl_bytes_count(p, len, ':');
	s->addresses += sl_bytes_count(p, len, ',');
	if (s->colons > SL_MAX_ADDRESS_COLONS)
		return over(error, s->field_at,
			    "more than %u ':' in the addresses of %s (address "
			    "groups nested too deep)", SL_MAX_ADDRESS_COLONS,
			    s->field_name);
	if (s->recipients + s->addresses > SL_MAX_ADDRESSES)
		return over(error, s->field_at,
			    "more than %u addresses in the message",
			    SL_MAX_ADDRESSES);
	return TRUE;
}

static void end_field(struct sl_limits_scan *s)
{
	if (!s->field)
		return;
	s->field = FALSE;
	s->recipients += s->addresses;
	/* Its words could not pass the limit: they need no count. */
	s->words_from = s->words_to = NULL;
	s->words_bound = 0;
}

/* A field's first line: its name up to @colon (NULL: none). */
static gboolean start_field(struct sl_limits_scan *s, const char *line,
			    const char *colon, GError **error)
{
	gsize name_len = colon ? (gsize)(colon - line) : 0;

	end_field(s);
	if (++s->fields > SL_MAX_HEADER_FIELDS)
		return over(error, s->line_at, "more than %u header fields",
			    SL_MAX_HEADER_FIELDS);
	s->field = TRUE;
	s->field_at = s->line_at;
	s->field_len = 0;
	s->colons = 0;
	s->addresses = 0;
	s->semicolons = 0;
	s->words = 0;
	while (name_len && (line[name_len - 1] == ' ' ||
			    line[name_len - 1] == '\t'))
		name_len--;
	name_len = MIN(name_len, sizeof(s->field_name) - 1);
	memcpy(s->field_name, line, name_len);
	s->field_name[name_len] = '\0';
	if (s->reference) {
		s->field_address = colon &&
				   is_address_header_ref(s->field_name);
		s->field_ctype = colon && !g_ascii_strcasecmp(s->field_name,
							      "Content-Type");
		s->field_params = s->field_ctype ||
				  (colon &&
				   !g_ascii_strcasecmp(s->field_name,
						       "Content-Disposition"));
	} else {
		/* The name as a C string (a NUL byte ends it). */
		name_len = strlen(s->field_name);
		s->field_address = colon && is_address_header(s->field_name,
							      name_len);
		s->field_ctype = colon && is_name(s->field_name, name_len,
						  "Content-Type", 12);
		s->field_params = s->field_ctype ||
				  (colon && is_name(s->field_name, name_len,
						    "Content-Disposition", 19));
	}
	if (s->field_address)
		s->addresses = 1;
	if (s->field_ctype)
		g_string_truncate(s->ctype, 0);
	return TRUE;
}

/* One line of a header section (a field's first or a continuation);
 * @in_place: in the block being fed. */
static gboolean head_line(struct sl_limits_scan *s, const char *line,
			  gsize len, gboolean in_place, GError **error)
{
	const char *value = line;

	if (s->field && (line[0] == ' ' || line[0] == '\t')) {
		s->field_len++;		/* the line end it folds */
	} else {
		const char *colon = memchr(line, ':', len);

		if (!start_field(s, line, colon, error))
			return FALSE;
		if (colon)
			value = colon + 1;
	}
	s->field_len += len;
	s->header_bytes += len + 1;
	if (s->field_len > SL_MAX_HEADER_LENGTH)
		return over(error, s->field_at, "a header field longer than "
			    "%u MiB", SL_MAX_HEADER_LENGTH >> 20);
	if (s->header_bytes > SL_MAX_HEADER_BYTES)
		return over(error, s->line_at, "header sections larger than "
			    "%u MiB together", SL_MAX_HEADER_BYTES >> 20);
	if (s->field_address &&
	    !count_address(s, value, len - (gsize)(value - line), error))
		return FALSE;
	if (s->field_params &&
	    !count_parameters(s, value, len - (gsize)(value - line), error))
		return FALSE;
	if (!count_words(s, value, len - (gsize)(value - line), in_place,
			 error))
		return FALSE;
	if (s->field_ctype)
		g_string_append_len(s->ctype, value,
				    (gssize)(len - (gsize)(value - line)));
	return TRUE;
}

static gboolean push(struct sl_limits_scan *s, enum frame_kind kind,
		     const char *boundary, GError **error)
{
	struct frame f = { kind, NULL, 0 };

	if (s->frames->len >= SL_MAX_MIME_DEPTH)
		return over(error, s->line_at, "MIME parts nested deeper than "
			    "%u levels", SL_MAX_MIME_DEPTH);
	if (boundary) {
		f.boundary = g_strconcat("--", boundary, NULL);
		f.len = strlen(f.boundary);
	}
	g_array_append_val(s->frames, f);
	return TRUE;
}

/*
 * Whether the Content-Type value @ct could be a multipart or a message:
 * GMime 3.2's g_mime_content_type_parse() copies the type as it is in the
 * value (a run of token bytes after white space and comments), and
 * g_mime_content_type_is_type() compares it case aside; so a value that
 * holds neither word is neither (most are "text/plain; charset=...").
 * The default parser options it is parsed with warn no one: parsing it
 * or not changes nothing else.
 */
static gboolean may_nest(const GString *ct)
{
	for (const char *p = ct->str, *end = p + ct->len; p < end; p++)
		if ((*p | 0x20) == 'm' &&
		    ((end - p >= 9 && !g_ascii_strncasecmp(p, "multipart", 9)) ||
		     (end - p >= 7 && !g_ascii_strncasecmp(p, "message", 7))))
			return TRUE;
	return FALSE;
}

/* The blank line after a header section: what follows it. */
static gboolean end_head(struct sl_limits_scan *s, GError **error)
{
	g_autoptr(GMimeContentType) ct = NULL;
	const char *boundary = NULL;

	end_field(s);
	s->in_head = FALSE;
	if (s->ctype->len && (s->reference || may_nest(s->ctype)))
		ct = g_mime_content_type_parse(NULL, s->ctype->str);
	g_string_truncate(s->ctype, 0);
	if (ct && g_mime_content_type_is_type(ct, "multipart", "*"))
		boundary = g_mime_content_type_get_parameter(ct, "boundary");
	if (boundary && *boundary)
		return push(s, FRAME_MULTIPART, boundary, error);
	if (ct && g_mime_content_type_is_type(ct, "message", "*")) {
		/* An embedded message: its header section follows. */
		s->in_head = TRUE;
		return push(s, FRAME_MESSAGE, NULL, error);
	}
	/* A leaf: only an enclosing boundary can end it. */
	if (!s->frames->len)
		s->done = TRUE;
	return TRUE;
}

static gboolean only_space(const char *p, gsize len)
{
	for (gsize i = 0; i < len; i++)
		if (!g_ascii_isspace(p[i]))
			return FALSE;
	return TRUE;
}

/* A body line: a boundary of an open multipart starts a part (or closes
 * the multipart and everything in it). */
static gboolean body_line(struct sl_limits_scan *s, const char *line,
			  gsize len, GError **error)
{
	if (len < 2 || line[0] != '-' || line[1] != '-')
		return TRUE;
	for (guint i = s->frames->len; i-- > 0;) {
		struct frame *f = &g_array_index(s->frames, struct frame, i);
		gboolean close;

		if (f->kind != FRAME_MULTIPART || len < f->len ||
		    memcmp(line, f->boundary, f->len))
			continue;
		close = len >= f->len + 2 && !memcmp(line + f->len, "--", 2);
		if (!only_space(line + f->len + (close ? 2 : 0),
				len - f->len - (close ? 2 : 0)))
			continue;
		g_array_set_size(s->frames, close ? i : i + 1);
		if (close)
			return TRUE;
		if (++s->parts > SL_MAX_MIME_PARTS)
			return over(error, s->line_at, "more than %u MIME "
				    "parts", SL_MAX_MIME_PARTS);
		s->in_head = TRUE;
		return TRUE;
	}
	return TRUE;
}

/* A whole line (its first SL_BODY_LINE_KEEP bytes in a body), without
 * its line end; @in_place: in the block being fed, not copied. */
static gboolean one_line(struct sl_limits_scan *s, const char *line,
			 gsize len, gboolean in_place, GError **error)
{
	if (len && line[len - 1] == '\r')
		len--;
	if (!s->in_head)
		return body_line(s, line, len, error);
	if (!len)
		return end_head(s, error);
	return head_line(s, line, len, in_place, error);
}

/* A newline just passed, before s->at, and no room to note it: more
 * room, or no more notes. */
static void note_line_end(struct sl_limits_scan *s)
{
	if (s->ends_full || s->ends_size == SL_LINE_ENDS_MOST) {
		s->ends_full = TRUE;
		return;
	}
	s->ends_size *= 2;
	s->ends = sl_line_ends_renew(s->ends, s->ends_size);
	s->ends[s->n_ends++] = (guint32)(s->at - s->base);
}

gboolean sl_limits_scan_feed(struct sl_limits_scan *s, const char *bytes,
			     gsize len, GError **error)
{
	const char *end = bytes + len;

	while (bytes < end && !s->done) {
		const char *nl = memchr(bytes, '\n', (gsize)(end - bytes));
		gsize n = (gsize)((nl ? nl : end) - bytes);
		gsize keep = s->in_head ? SL_MAX_HEADER_LENGTH + 1
					: SL_BODY_LINE_KEEP;
		/* A line whole in @bytes is read where it is; only one that
		 * goes on in the next block is copied (its first @keep
		 * bytes). */
		const char *line = bytes;
		gboolean in_place = nl && !s->line_len;

		if (!s->line_len)
			s->line_at = s->at;
		if (!in_place && s->line->len < keep)
			g_string_append_len(s->line, bytes,
					    (gssize)MIN(n, keep - s->line->len));
		s->line_len += n;
		s->at += (gint64)n + (nl ? 1 : 0);
		bytes += n + (nl ? 1 : 0);
		if (nl && s->ends) {
			if (s->n_ends < s->ends_size)
				s->ends[s->n_ends++] = (guint32)(s->at -
								 s->base);
			else
				note_line_end(s);
		}
		if (s->in_head && s->line_len > SL_MAX_HEADER_LENGTH)
			return over(error, s->line_at, "a header field "
				    "longer than %u MiB",
				    SL_MAX_HEADER_LENGTH >> 20);
		if (!nl)
			break;
		if (!(in_place ? one_line(s, line, MIN(n, keep), TRUE, error)
			       : one_line(s, s->line->str, s->line->len, FALSE,
					  error)))
			return FALSE;
		if (s->line->len)
			g_string_truncate(s->line, 0);
		s->line_len = 0;
	}
	/* The block is the caller's again. */
	count_words_left(s);
	return TRUE;
}

gboolean sl_limits_scan_finish(struct sl_limits_scan *s, GError **error)
{
	if (s->done || !s->line_len)
		return TRUE;
	s->line_len = 0;
	return one_line(s, s->line->str, s->line->len, FALSE, error);
}

gboolean sl_limits_check(const char *bytes, gsize len, gint64 base,
			 GError **error)
{
	return sl_limits_check_lines(bytes, len, base, NULL, error);
}

gboolean sl_limits_check_lines(const char *bytes, gsize len, gint64 base,
			       struct sl_lines *lines, GError **error)
{
	g_autoptr(sl_limits_scan) s = sl_limits_scan_new(base);
	gint64 upto;

	/* Offsets from @base fit in 32 bits (messages are under
	 * SL_MAX_INPUT_SIZE). */
	if (lines && len <= G_MAXUINT32) {
		s->ends_size = 256;
		s->ends = sl_line_ends_new(s->ends_size);
	}
	if (!sl_limits_scan_feed(s, bytes, len, error) ||
	    !sl_limits_scan_finish(s, error))
		return FALSE;
	if (!s->ends)
		return TRUE;
	/* Every newline before @upto was passed and noted. */
	upto = s->at - base;
	if (s->ends_full)
		upto = s->n_ends ? s->ends[s->n_ends - 1] : 0;
	sl_lines_set_ends(lines, g_steal_pointer(&s->ends), s->n_ends, upto);
	return TRUE;
}

gboolean sl_limits_check_ends(const char *bytes, gsize len, gint64 base,
			      const guint32 *ends, gsize n_ends,
			      GError **error)
{
	g_autoptr(sl_limits_scan) s = sl_limits_scan_new(base);
	gsize from = 0;

	/* What sl_limits_scan_feed() does with lines whole in its block,
	 * without a search for each line's end. */
	for (gsize i = 0; i < n_ends && !s->done; i++) {
		gsize n = ends[i] - 1 - from;
		gsize keep = s->in_head ? SL_MAX_HEADER_LENGTH + 1
					: SL_BODY_LINE_KEEP;

		s->line_at = s->at;
		s->at += (gint64)n + 1;
		if (s->in_head && n > SL_MAX_HEADER_LENGTH)
			return over(error, s->line_at, "a header field "
				    "longer than %u MiB",
				    SL_MAX_HEADER_LENGTH >> 20);
		if (!one_line(s, bytes + from, MIN(n, keep), TRUE, error))
			return FALSE;
		from = ends[i];
	}
	count_words_left(s);
	/* The last line, if no newline ends it, as a block would leave it. */
	return s->done || ((from == len ||
			    sl_limits_scan_feed(s, bytes + from, len - from,
						error)) &&
			   sl_limits_scan_finish(s, error));
}

gboolean sl_limits_address_value(const char *header, const char *value,
				 GError **error)
{
	gsize len = strlen(value);
	unsigned colons = sl_bytes_count(value, len, ':');
	unsigned commas = sl_bytes_count(value, len, ',');
	if (colons > SL_MAX_ADDRESS_COLONS) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "more than %u ':' in the addresses of %s (address "
			    "groups nested too deep)", SL_MAX_ADDRESS_COLONS,
			    header);
		return FALSE;
	}
	if (commas >= SL_MAX_ADDRESSES) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "more than %u addresses in %s", SL_MAX_ADDRESSES,
			    header);
		return FALSE;
	}
	return TRUE;
}
