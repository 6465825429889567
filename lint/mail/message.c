// SPDX-License-Identifier: GPL-2.0-only
/*
 * The digest: a GMimeMessage turned into the read-only struct sl_message
 * that rules see.  This is the only file that walks GMime objects.
 */
#include <string.h>

#include "address.h"
#include "archive-list.h"
#include "errors.h"
#include "gmime-extra.h"
#include "input.h"
#include "lines.h"
#include "location.h"
#include "matches.h"
#include "message.h"
#include "mime-crypto.h"
#include "msglimits.h"
#include "pool.h"
#include "regex-cache.h"
#include "reply-prefix.h"
#include "text-stream.h"

/* The decoded text the rules read, all text/plain body parts together. */
#define SL_MAX_TEXT_SIZE (16u * 1024 * 1024)

static const char *const recipient_headers[] = {
	"To", "Cc", "Bcc", "Resent-To", "Resent-Cc", "Resent-Bcc",
};

static void part_free(gpointer p)
{
	struct sl_part *part = p;

	g_free(part->path);
	g_free(part->type);
	g_free(part->disposition);
	g_free(part->filename);
	g_free(part->encoding);
	if (part->head)
		g_bytes_unref(part->head);
	sl_archive_free(part->archive);
	g_free(part);
}

/*
 * Messages handed from one to the next with their large containers (the
 * body's GString, the location arrays, the headers' block), by any
 * thread (lint/util/pool.h): a new message reuses an emptied one's
 * instead of a fresh malloc of each, the body's the size of the body.
 * The lists are freed as before and made anew (small, and a caller may
 * have put a list of its own in their place).  One whose body or
 * headers' block is larger than SL_MESSAGE_KEPT_ROOM bytes (a rare large
 * message) is freed instead, so the pool holds little.
 */
static struct sl_pool messages;
#define SL_MESSAGE_KEPT_ROOM (128u << 10)

static void message_lists_new(struct sl_message *msg)
{
	msg->recipients = sl_address_list_new();
	msg->followup_to = sl_address_list_new();
	msg->parents = g_ptr_array_new_with_free_func(g_free);
	msg->parts = g_ptr_array_new_with_free_func(part_free);
	msg->from = sl_address_list_new();
}

/* Empties @msg into what sl_message_new() gives but its lists (NULL),
 * its large containers kept; FALSE if they are too large to keep. */
static gboolean message_empty(struct sl_message *msg)
{
	if (msg->body->allocated_len > SL_MESSAGE_KEPT_ROOM ||
	    msg->header_room > SL_MESSAGE_KEPT_ROOM)
		return FALSE;
	g_string_truncate(msg->body, 0);
	g_array_set_size(msg->header_at, 0);
	g_array_set_size(msg->body_at, 0);
	*msg = (struct sl_message){
		.body = msg->body,
		.header_at = msg->header_at,
		.header_block = msg->header_block,
		.header_room = msg->header_room,
		.body_at = msg->body_at,
	};
	return TRUE;
}

void sl_message_free(struct sl_message *msg)
{
	if (!msg)
		return;
	g_free(msg->message_id);
	g_free(msg->subject);
	if (msg->date)
		g_date_time_unref(msg->date);
	g_free(msg->seen);
	g_ptr_array_unref(msg->recipients);
	g_ptr_array_unref(msg->followup_to);
	g_ptr_array_unref(msg->parents);
	g_ptr_array_unref(msg->parts);
	g_ptr_array_unref(msg->from);
	if (message_empty(msg) && sl_pool_put(&messages, msg))
		return;
	g_string_free(msg->body, TRUE);
	g_array_unref(msg->header_at);
	g_free(msg->header_block);	/* header_text is in it */
	g_array_unref(msg->body_at);
	g_free(msg);
}

/* A forwarded message (RFC 2046, RFC 6532, RFC 5537). */
static gboolean is_forward(const char *type)
{
	return !strcmp(type, "message/rfc822") ||
	       !strcmp(type, "message/global") ||
	       !strcmp(type, "message/news");
}

/* HTML, and the kinds of HTML mailers send beside it: Apple's for the
 * watch, Google's AMP for email. */
static const char *const html_types[] = {
	"text/html", "text/watch-html", "text/x-amp-html",
	"application/xhtml+xml",
};

gboolean sl_part_is_html(const struct sl_part *part)
{
	for (gsize i = 0; i < G_N_ELEMENTS(html_types); i++)
		if (!strcmp(part->type, html_types[i]))
			return TRUE;
	return FALSE;
}

/*
 * An attachment: a forwarded message, or a leaf that is not inline (RFC
 * 2183 2.8: "Unrecognized disposition types should be treated as
 * attachment", so "attachement" is one), carries a file name, or is not
 * the text of the message: every type but text/plain and HTML (judged as
 * HTML), a text/x-vcard card, a text/calendar invitation, a
 * multipart/related resource without a name.  PGP/MIME and S/MIME
 * structure parts never are (lint/mail/mime-crypto.c decides them by
 * place and content); a public key or a signature outside that structure
 * is told by its content by the rule that cares about it, not by its
 * label.
 */
gboolean sl_part_is_attachment(const struct sl_part *part)
{
	if (part->crypto)
		return FALSE;
	if (is_forward(part->type))
		return TRUE;
	if (!part->leaf)
		return FALSE;
	if (part->filename ||
	    (part->disposition && strcmp(part->disposition, "inline")))
		return TRUE;
	return strcmp(part->type, "text/plain") && !sl_part_is_html(part);
}

/*
 * The disposition type of a Content-Disposition value as GMime keeps it
 * (everything before the first ';'), without RFC 5322 comments and white
 * space, lower case: "(poc) attachment" is "attachment".
 */
static char *disposition_type(const char *raw)
{
	GString *out = g_string_new(NULL);
	unsigned depth = 0;

	for (const char *p = raw; *p; p++) {
		if (*p == '\\' && depth && p[1])
			p++;
		else if (*p == '(')
			depth++;
		else if (*p == ')' && depth)
			depth--;
		else if (!depth && !g_ascii_isspace(*p))
			g_string_append_c(out, g_ascii_tolower(*p));
	}
	return g_string_free(out, FALSE);
}

static GArray *header_at_new(void)
{
	return g_array_new(FALSE, FALSE, sizeof(struct sl_header_at));
}

static GArray *body_at_new(void)
{
	return g_array_new(FALSE, FALSE, sizeof(struct sl_body_at));
}

struct sl_message *sl_message_new(void)
{
	struct sl_message *msg = sl_pool_take(&messages);

	if (!msg) {
		msg = g_new0(struct sl_message, 1);
		msg->body = g_string_new(NULL);
		msg->header_at = header_at_new();
		msg->body_at = body_at_new();
	}	/* else emptied, message_empty() */
	message_lists_new(msg);
	return msg;
}

/*
 * Moves the digest out of @msg into a new message, leaving @msg empty but
 * valid (its owner frees it as usual).  Every field is moved here, next to
 * the struct, so a new field cannot be freed twice.
 */
struct sl_message *sl_message_steal(struct sl_message *msg)
{
	struct sl_message *copy = sl_message_new();
	struct sl_message empty = *copy;

	*copy = *msg;
	msg->message_id = msg->subject = NULL;
	msg->recipients = empty.recipients;
	msg->followup_to = empty.followup_to;
	msg->parents = empty.parents;
	msg->parts = empty.parts;
	msg->body = empty.body;
	msg->from = empty.from;
	msg->date = NULL;
	msg->header_at = empty.header_at;
	msg->header_text = NULL;
	msg->header_block = empty.header_block;
	msg->header_room = empty.header_room;
	msg->body_at = empty.body_at;
	msg->seen = NULL;
	return copy;
}

/* Asked of every header: the first letter rules out most at once (| 0x20
 * lowers a letter; what it makes of other bytes only lets the comparison
 * decide). */
static gboolean same_name(const char *name, const char *canonical)
{
	return (name[0] | 0x20) == (canonical[0] | 0x20) &&
	       !g_ascii_strcasecmp(name, canonical);
}

static const char *canonical_recipient_header(const char *name)
{
	for (size_t i = 0; i < G_N_ELEMENTS(recipient_headers); i++)
		if (same_name(name, recipient_headers[i]))
			return recipient_headers[i];
	return NULL;
}

gboolean sl_is_recipient_header(const char *name)
{
	return canonical_recipient_header(name) != NULL;
}

/*
 * The address headers GMime reads into lists of its own as its parser
 * appends them to the message (gmime-message.c, process_header()): each
 * appended one empties its name's list and reads its value into it.  So
 * the list is the reading of a header's value when that header is the
 * only one of its name.
 */
static const struct {
	const char *name;
	GMimeAddressType type;
} gmime_lists[] = {
	{ "From", GMIME_ADDRESS_TYPE_FROM },
	{ "To", GMIME_ADDRESS_TYPE_TO },
	{ "Cc", GMIME_ADDRESS_TYPE_CC },
	{ "Bcc", GMIME_ADDRESS_TYPE_BCC },
	{ "Reply-To", GMIME_ADDRESS_TYPE_REPLY_TO },
};

/* What the digest reads a header for. */
enum header_use { USE_RECIPIENTS, USE_FOLLOWUP, USE_SENDER, USE_THREAD };

#define NAME(s) s, sizeof(s) - 1
/* The headers the digest reads, with their index in gmime_lists or -1. */
static const struct {
	const char *name;
	gsize len;
	enum header_use use;
	int gmime;
} digest_headers[] = {
	{ NAME("From"), USE_SENDER, 0 },
	{ NAME("To"), USE_RECIPIENTS, 1 },
	{ NAME("Cc"), USE_RECIPIENTS, 2 },
	{ NAME("Bcc"), USE_RECIPIENTS, 3 },
	{ NAME("Resent-To"), USE_RECIPIENTS, -1 },
	{ NAME("Resent-Cc"), USE_RECIPIENTS, -1 },
	{ NAME("Resent-Bcc"), USE_RECIPIENTS, -1 },
	{ NAME("Reply-To"), USE_FOLLOWUP, 4 },
	{ NAME("Mail-Followup-To"), USE_FOLLOWUP, -1 },
	{ NAME("Mail-Reply-To"), USE_FOLLOWUP, -1 },
	{ NAME("In-Reply-To"), USE_THREAD, -1 },
	{ NAME("References"), USE_THREAD, -1 },
};
#undef NAME
#define IN_REPLY_TO ((int)G_N_ELEMENTS(digest_headers) - 2)
#define REFERENCES ((int)G_N_ELEMENTS(digest_headers) - 1)

/* Whether the @len bytes of @name are @canonical's in any case: | 0x20
 * rules out every other header of that length inline (a Received is a
 * Reply-To's length and first letter), the comparison decides. */
static gboolean like_name(const char *name, const char *canonical, gsize len)
{
	for (gsize k = 0; k < len; k++)
		if ((name[k] | 0x20) != (canonical[k] | 0x20))
			return FALSE;
	return !g_ascii_strcasecmp(name, canonical);
}

/* @name's index in digest_headers, or -1: its length @len rules out
 * nearly every other name before a comparison. */
static int digest_header(const char *name, gsize len)
{
	for (size_t i = 0; i < G_N_ELEMENTS(digest_headers); i++)
		if (len == digest_headers[i].len &&
		    like_name(name, digest_headers[i].name, len))
			return (int)i;
	return -1;
}

/*
 * What one pass over the message's headers finds besides their places:
 * how many of each name GMime keeps a list of, and the first From,
 * In-Reply-To and References (the ones g_mime_header_list_get_header()
 * gives), so that no header is looked for by name again.
 */
struct header_pass {
	GMimeMessage *gm;
	unsigned count[G_N_ELEMENTS(gmime_lists)];	/* headers of each */
	GMimeHeader *from, *in_reply_to, *references;
	guint from_at;		/* the From's index in header_at */
	gint8 *digest;		/* each header's index in digest_headers */
};

static void note_header(struct header_pass *r, GMimeHeader *h,
			const char *name, gsize len, guint i)
{
	int d = digest_header(name, len);

	r->digest[i] = (gint8)d;
	if (d < 0)
		return;
	if (digest_headers[d].gmime >= 0)
		r->count[digest_headers[d].gmime]++;
	if (digest_headers[d].use == USE_SENDER && !r->from) {
		r->from = h;
		r->from_at = i;
	} else if (d == IN_REPLY_TO && !r->in_reply_to) {
		r->in_reply_to = h;
	} else if (d == REFERENCES && !r->references) {
		r->references = h;
	}
}

/*
 * @msg's block for the headers (@used bytes of it written, the first
 * @done headers pointing into it) grown to hold @more bytes more: a new
 * block, the pointers moved onto it before the old one is freed.
 */
static void grow_header_block(struct sl_message *msg, gsize used,
			      gsize more, guint done)
{
	gsize room = MAX(MAX(msg->header_room * 2, 4096), used + more);
	char *old = msg->header_block;
	char *block = g_malloc(room);

	if (used)
		memcpy(block, old, used);
	for (guint i = 0; i < done; i++) {
		struct sl_header_at *at = &g_array_index(
			msg->header_at, struct sl_header_at, i);

		at->name = block + (at->name - old);
		if (at->raw)
			at->raw = block + (at->raw - old);
	}
	g_free(old);
	msg->header_block = block;
	msg->header_room = room;
}

/*
 * Records where each header is, with its name and raw value copied into
 * one block kept with the message (GMime's are gone once it is digested):
 * no allocation for a message whose headers fit the block an earlier
 * message left (sl_message_new() reuses them), rather than a copy into
 * a string chunk for each, and the headers' list walked once.  Each of
 * GMime's strings is read once, measured and copied at once.  @msg is
 * new.
 */
static void record_headers(struct sl_message *msg, struct header_pass *r,
			   GMimeHeaderList *headers, int n,
			   struct sl_lines *lines)
{
	gsize used = 0;

	g_array_set_size(msg->header_at, (guint)MAX(n, 0));
	for (int i = 0; i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(headers, i);
		struct sl_header_at *at = &g_array_index(
			msg->header_at, struct sl_header_at, i);
		const char *name = g_mime_header_get_name(h);
		const char *raw = g_mime_header_get_raw_value(h);
		gsize name_len = strlen(name);
		gsize raw_size = raw ? strlen(raw) + 1 : 0;

		if (used + name_len + 1 + raw_size > msg->header_room)
			grow_header_block(msg, used, name_len + 1 + raw_size,
					  (guint)i);
		at->name = msg->header_block + used;
		memcpy(msg->header_block + used, name, name_len + 1);
		used += name_len + 1;
		at->raw = NULL;
		if (raw) {
			at->raw = msg->header_block + used;
			memcpy(msg->header_block + used, raw, raw_size);
			used += raw_size;
		}
		at->line = sl_lines_at(lines, g_mime_header_get_offset(h));
		note_header(r, h, name, name_len, (guint)i);
	}
	msg->header_text = n > 0 ? msg->header_block : NULL;
}

/* Aborts unless the one pass found what looking each header up by name
 * finds (SECLINT_CHECK_DIGEST=1). */
static void prove_header_pass(const struct header_pass *r,
			      const struct sl_message *msg,
			      GMimeHeaderList *headers, int n)
{
	GMimeObject *obj = GMIME_OBJECT(r->gm);
	unsigned count[G_N_ELEMENTS(gmime_lists)] = { 0 };
	gboolean same = (guint)MAX(n, 0) == msg->header_at->len;

	for (int i = 0; same && i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(headers, i);
		const struct sl_header_at *at = &g_array_index(
			msg->header_at, struct sl_header_at, i);
		const char *raw = g_mime_header_get_raw_value(h);

		same = !strcmp(at->name, g_mime_header_get_name(h)) &&
		       (raw ? at->raw && !strcmp(at->raw, raw) : !at->raw);
		for (size_t k = 0; k < G_N_ELEMENTS(gmime_lists); k++)
			if (!g_ascii_strcasecmp(g_mime_header_get_name(h),
						gmime_lists[k].name))
				count[k]++;
	}
	same = same && !memcmp(count, r->count, sizeof(count)) &&
	       r->from == g_mime_header_list_get_header(headers, "From") &&
	       (!r->from ||
		!g_ascii_strcasecmp(g_array_index(msg->header_at,
						  struct sl_header_at,
						  r->from_at).name, "From")) &&
	       (r->in_reply_to ? g_mime_header_get_value(r->in_reply_to)
			       : NULL) ==
		       g_mime_object_get_header(obj, "In-Reply-To") &&
	       (r->references ? g_mime_header_get_value(r->references)
			      : NULL) ==
		       g_mime_object_get_header(obj, "References");
	for (guint i = 0; same && i < msg->header_at->len; i++) {
		const char *name = g_array_index(msg->header_at,
						 struct sl_header_at, i).name;
		int d = r->digest[i];

		/* The table's names are those the lists above had. */
		same = (sl_is_recipient_header(name) ||
			!g_ascii_strcasecmp(name, "Reply-To") ||
			!g_ascii_strcasecmp(name, "Mail-Followup-To") ||
			!g_ascii_strcasecmp(name, "Mail-Reply-To")) ==
		       (d >= 0 && digest_headers[d].use <= USE_FOLLOWUP) &&
		       (d < 0 || !g_ascii_strcasecmp(name,
						     digest_headers[d].name));
	}
	if (!same)
		g_error("seclint: the digest's pass over the headers differs "
			"from their lookup by name");
}

InternetAddressList *sl_message_gmime_list(GMimeMessage *gm,
					   const char *name)
{
	for (size_t k = 0; k < G_N_ELEMENTS(gmime_lists); k++)
		if (same_name(name, gmime_lists[k].name))
			return g_mime_message_get_addresses(gm,
							    gmime_lists[k].type);
	return NULL;
}

/* GMime's reading of the header digest_headers[@d], or NULL if it has
 * none or it may not be that header's. */
static InternetAddressList *gmime_reading(const struct header_pass *r, int d)
{
	int k = digest_headers[d].gmime;

	return k >= 0 && r->count[k] == 1
		       ? g_mime_message_get_addresses(r->gm,
						      gmime_lists[k].type)
		       : NULL;
}

static gboolean digest_recipients(struct sl_message *msg,
				  struct header_pass *r, GError **error)
{
	for (guint i = 0; i < msg->header_at->len; i++) {
		const struct sl_header_at *at = &g_array_index(
			msg->header_at, struct sl_header_at, i);
		int d = r->digest[i];
		GPtrArray *to;
		guint before;

		if (d < 0 || digest_headers[d].use > USE_FOLLOWUP)
			continue;
		to = digest_headers[d].use == USE_RECIPIENTS
			     ? msg->recipients
			     : msg->followup_to;
		before = to->len;
		if (!sl_address_add_reading(to, digest_headers[d].name,
					    at->raw, gmime_reading(r, d),
					    error))
			return FALSE;
		sl_locate_addresses(to, before, at);
	}
	return TRUE;
}

/* From and Date do not decide routing: unreadable ones are left empty. */
static void digest_sender(struct sl_message *msg,
			  const struct header_pass *r)
{
	GDateTime *date = g_mime_message_get_date(r->gm);
	const struct sl_header_at *at =
		r->from ? &g_array_index(msg->header_at, struct sl_header_at,
					 r->from_at)
			: NULL;

	if (!sl_address_add_reading(msg->from, "From", at ? at->raw : NULL,
				    gmime_reading(r, 0), NULL))
		g_ptr_array_set_size(msg->from, 0);
	if (at)
		sl_locate_addresses(msg->from, 0, at);
	msg->date = date ? g_date_time_ref(date) : NULL;
}

/* Lowered in place, as g_ascii_strdown() would in a copy. */
static char *lower_type(GMimeContentType *ct)
{
	char *type = g_mime_content_type_get_mime_type(ct);

	for (char *p = type; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return type;
}

static gboolean keeps_lines(GMimePart *part)
{
	switch (g_mime_part_get_content_encoding(part)) {
	case GMIME_CONTENT_ENCODING_DEFAULT:
	case GMIME_CONTENT_ENCODING_7BIT:
	case GMIME_CONTENT_ENCODING_8BIT:
	case GMIME_CONTENT_ENCODING_BINARY:
		return TRUE;
	default:
		return FALSE;
	}
}

/* Where the part's content starts in the input: GMime's parser keeps it as
 * a window [bound_start, bound_end) on the input stream. */
static gint64 content_offset(GMimePart *part)
{
	GMimeDataWrapper *content = g_mime_part_get_content(part);
	GMimeStream *stream = content ? g_mime_data_wrapper_get_stream(content)
				      : NULL;

	return stream ? stream->bound_start : -1;
}

/* The first line of a part: its first header, else its content. */
static unsigned part_line(GMimeObject *obj, struct sl_lines *lines)
{
	GMimeHeaderList *headers = g_mime_object_get_header_list(obj);

	if (g_mime_header_list_get_count(headers) > 0)
		return sl_lines_at(lines, g_mime_header_get_offset(
			g_mime_header_list_get_header_at(headers, 0)));
	if (GMIME_IS_PART(obj))
		return sl_lines_at(lines, content_offset(GMIME_PART(obj)));
	return 0;
}

static gboolean text_too_large(GError **error, const char *path)
{
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
		    "text body larger than %u MiB (at part %s): too large to "
		    "check, shorten it", SL_MAX_TEXT_SIZE >> 20, path);
	return FALSE;
}

static gint64 encoded_size(GMimePart *part)
{
	GMimeDataWrapper *content = g_mime_part_get_content(part);
	GMimeStream *stream = content ? g_mime_data_wrapper_get_stream(content)
				      : NULL;

	return stream ? g_mime_stream_length(stream) : 0;
}

/* Enough of an attachment to tell an executable from source. */
#define SL_PART_HEAD_BYTES 4096
/* An armoured key or signature whole, to tell it from a payload behind. */
#define SL_PART_ARMOR_BYTES 65536

static GBytes *part_head(GMimePart *part, gsize size)
{
	GByteArray *bytes = sl_mime_read_prefix(part, size - 1);

	return g_byte_array_free_to_bytes(bytes);
}

struct walk {
	struct sl_message *msg;
	struct sl_lines *lines;
	GError **error;
	struct sl_archive_budget archives;	/* what is left for them */
};

/*
 * An attachment that is an archive: its members, from its decoded content
 * (up to SL_ARCHIVE_MAX_BYTES of it), within the message's budget.
 */
static void read_archive(struct walk *w, struct sl_part *part,
			 GMimePart *leaf)
{
	gsize n = 0;
	const guint8 *b = g_bytes_get_data(part->head, &n);
	const char *format = sl_archive_sniff(b, n);
	g_autoptr(GByteArray) all = NULL;

	if (!format)
		return;
	all = sl_mime_read_prefix(leaf, SL_ARCHIVE_MAX_BYTES);
	part->archive = sl_archive_read(format, part->filename, all->data,
					MIN(all->len, SL_ARCHIVE_MAX_BYTES),
					all->len <= SL_ARCHIVE_MAX_BYTES,
					&w->archives);
}

static void digest_leaf(struct walk *w, struct sl_part *part,
			GMimePart *leaf)
{
	GMimeContentEncoding enc = g_mime_part_get_content_encoding(leaf);
	const char *flowed;

	if (g_mime_part_get_filename(leaf))
		part->filename = g_utf8_make_valid(
			g_mime_part_get_filename(leaf), -1);
	if (enc != GMIME_CONTENT_ENCODING_DEFAULT)
		part->encoding = g_ascii_strdown(
			g_mime_content_encoding_to_string(enc), -1);
	flowed = g_mime_content_type_get_parameter(
		g_mime_object_get_content_type(GMIME_OBJECT(leaf)), "format");
	part->flowed = flowed && !g_ascii_strcasecmp(flowed, "flowed");
	if (!sl_part_is_attachment(part))
		return;
	part->head = part_head(leaf, part->armor == SL_ARMOR_PUBLIC_KEY ||
			       part->armor == SL_ARMOR_SIGNATURE
				       ? SL_PART_ARMOR_BYTES
				       : SL_PART_HEAD_BYTES);
	read_archive(w, part, leaf);
}

static gboolean is_utf8(const char *charset)
{
	return !g_ascii_strcasecmp(charset, "utf-8") ||
	       !g_ascii_strcasecmp(charset, "utf8");
}

/*
 * Charsets whose first 128 codes are ASCII's, so that text in them that
 * is all ASCII is its own UTF-8: GMime's charset filter (iconv) would
 * give it back as it is.
 */
static const char *const ascii_charsets[] = {
	"us-ascii", "ascii", "iso-8859-1", "iso-8859-15", "windows-1252",
};

static gboolean is_ascii_charset(const char *charset)
{
	for (gsize i = 0; i < G_N_ELEMENTS(ascii_charsets); i++)
		if (!g_ascii_strcasecmp(charset, ascii_charsets[i]))
			return TRUE;
	return FALSE;
}

/* No byte of the @len at @p is above 0x7f: eight at a time. */
static gboolean all_ascii(const char *p, gsize len)
{
	guint64 any = 0, w;
	gsize i = 0;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, p + i, 8);
		any |= w;
	}
	for (; i < len; i++)
		any |= (guchar)p[i];
	return !(any & G_GUINT64_CONSTANT(0x8080808080808080));
}

/*
 * Decodes @content (its transfer encoding, then its charset as GMime's
 * g_mime_text_part_get_text() does) through GMime's streams and appends
 * it to @out.  UTF-8 is not converted to itself, nor a charset iconv does
 * not know: the caller replaces what is not valid.
 */
static void decode_streamed(GMimeDataWrapper *content, const char *charset,
			    GString *out)
{
	GMimeFilter *filter = charset && !is_utf8(charset)
				      ? g_mime_filter_charset_new(charset,
								  "utf-8")
				      : NULL;
	g_autoptr(GMimeStream) sink = sl_text_stream_new(out);
	g_autoptr(GMimeStream) filtered = NULL;

	if (!filter) {
		g_mime_data_wrapper_write_to_stream(content, sink);
		return;
	}
	filtered = g_mime_stream_filter_new(sink);
	g_mime_stream_filter_add(GMIME_STREAM_FILTER(filtered), filter);
	g_object_unref(filter);
	g_mime_data_wrapper_write_to_stream(content, filtered);
	g_mime_stream_flush(filtered);
}

/* Content in a window on the input (sl_mime_coded_window()), its
 * transfer encoding undone by GMime's decoder straight onto @out; FALSE
 * if it is not such a window. */
static gboolean append_decoded(GMimeDataWrapper *content, GString *out)
{
	GMimeEncoding state;
	const char *data;
	gsize len, at = out->len;

	if (!sl_mime_coded_window(content, &state, &data, &len))
		return FALSE;
	g_string_set_size(out, at + sl_mime_decode_room(&state, len));
	g_string_truncate(out, at + sl_mime_decode_step(&state, data, len,
							TRUE, out->str + at));
	return TRUE;
}

/* Aborts unless @out from @from holds what GMime's streams decode of
 * @content (SECLINT_CHECK_DIGEST=1). */
static void prove_decoded(GMimeDataWrapper *content, const char *charset,
			  const GString *out, gsize from)
{
	g_autoptr(GString) slow = g_string_new(NULL);

	decode_streamed(content, charset, slow);
	if (slow->len != out->len - from ||
	    memcmp(slow->str, out->str + from, slow->len))
		g_error("seclint: a text part decoded from its window differs "
			"from its decoding through the streams");
}

/*
 * Decodes @content as decode_streamed() does and appends it to @out: from
 * its window on the input when it is one, without GMime's stream objects
 * in between, and without the charset filter when the charset is ASCII's
 * in ASCII and the text is all ASCII (else decoded again with it).
 */
static void decode_text(GMimeDataWrapper *content, const char *charset,
			GString *out)
{
	gsize from = out->len;
	gboolean convert = charset && !is_utf8(charset);

	if ((!convert || is_ascii_charset(charset)) &&
	    append_decoded(content, out)) {
		if (!convert || all_ascii(out->str + from, out->len - from)) {
			if (sl_check_digest())
				prove_decoded(content, charset, out, from);
			return;
		}
		g_string_truncate(out, from);
	}
	decode_streamed(content, charset, out);
}

/*
 * The decoded text of a body part, in UTF-8, appended to the body.  Its
 * encoded size is checked first, so a huge part is refused before it is
 * decoded into memory.
 */
static gboolean append_text(struct walk *w, GMimeTextPart *tp,
			    const char *path)
{
	GString *body = w->msg->body;
	GMimeDataWrapper *content = g_mime_part_get_content(GMIME_PART(tp));
	struct sl_body_at at;

	if (encoded_size(GMIME_PART(tp)) > SL_MAX_TEXT_SIZE)
		return text_too_large(w->error, path);
	if (!content)
		return TRUE;
	if (body->len)
		g_string_append_c(body, '\n');
	at.offset = body->len;
	/* Room for the decoded text (no larger, but for a charset's, and
	 * the few bytes GMime's decoder asks for beyond), so a large body
	 * is not copied as it grows. */
	g_string_set_size(body, at.offset + (gsize)encoded_size(GMIME_PART(tp)) +
				       8);
	g_string_truncate(body, at.offset);
	at.line = sl_lines_at(w->lines, content_offset(GMIME_PART(tp)));
	at.exact = keeps_lines(GMIME_PART(tp));
	g_array_append_val(w->msg->body_at, at);
	decode_text(content, g_mime_object_get_content_type_parameter(
				     GMIME_OBJECT(tp), "charset"), body);
	/* Not UTF-8 and NUL bytes (from base64, say) become U+FFFD: the
	 * body is a C string too. */
	sl_utf8_make_valid_tail(body, at.offset);
	return body->len <= SL_MAX_TEXT_SIZE || text_too_large(w->error, path);
}

static gboolean walk(struct walk *w, GMimeObject *obj, GMimeObject *parent,
		     int index, const char *path, unsigned depth);

static gboolean add_part(struct walk *w, GMimeObject *obj,
			 GMimeObject *parent, int index, const char *path,
			 unsigned depth)
{
	struct sl_part *part = g_new0(struct sl_part, 1);
	GMimeContentDisposition *cd = g_mime_object_get_content_disposition(obj);

	part->path = g_strdup(path);
	part->type = lower_type(g_mime_object_get_content_type(obj));
	part->depth = depth;
	part->leaf = GMIME_IS_PART(obj);
	part->crypto_kind = sl_mime_crypto_kind(parent, index, obj);
	part->crypto = part->crypto_kind != SL_CRYPTO_NONE;
	part->armor = sl_mime_armor(obj);
	part->line = part_line(obj, w->lines);
	if (cd && g_mime_content_disposition_get_disposition(cd))
		part->disposition = disposition_type(
			g_mime_content_disposition_get_disposition(cd));
	if (GMIME_IS_PART(obj))
		digest_leaf(w, part, GMIME_PART(obj));
	g_ptr_array_add(w->msg->parts, part);
	if (GMIME_IS_TEXT_PART(obj) && !strcmp(part->type, "text/plain") &&
	    !part->crypto && !sl_part_is_attachment(part)) {
		part->in_body = TRUE;
		part->text_start = w->msg->body->len;
		if (!append_text(w, GMIME_TEXT_PART(obj), part->path))
			return FALSE;
		part->text_end = w->msg->body->len;
	}
	return TRUE;
}

static gboolean walk_multipart(struct walk *w, GMimeMultipart *mp,
			       const char *path, unsigned depth)
{
	int n = g_mime_multipart_get_count(mp);

	for (int i = 0; i < n; i++) {
		g_autofree char *sub = *path ? g_strdup_printf("%s.%d", path, i + 1)
					     : g_strdup_printf("%d", i + 1);

		if (!walk(w, g_mime_multipart_get_part(mp, i), GMIME_OBJECT(mp),
			  i, sub, depth + 1))
			return FALSE;
	}
	return TRUE;
}

static gboolean walk(struct walk *w, GMimeObject *obj, GMimeObject *parent,
		     int index, const char *path, unsigned depth)
{
	if (depth > SL_MAX_MIME_DEPTH) {
		g_set_error(w->error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "MIME parts nested deeper than %d levels",
			    SL_MAX_MIME_DEPTH);
		return FALSE;
	}
	/* IMAP numbering: the root multipart is 0, a single body part 1. */
	if (!add_part(w, obj, parent, index,
		      *path ? path : GMIME_IS_MULTIPART(obj) ? "0" : "1",
		      depth))
		return FALSE;
	if (GMIME_IS_MULTIPART(obj))
		return walk_multipart(w, GMIME_MULTIPART(obj), path, depth);
	if (GMIME_IS_MESSAGE_PART(obj)) {
		GMimeMessage *inner =
			g_mime_message_part_get_message(GMIME_MESSAGE_PART(obj));
		g_autofree char *sub = g_strdup_printf("%s.1", *path ? path : "1");

		if (inner && g_mime_message_get_mime_part(inner))
			return walk(w, g_mime_message_get_mime_part(inner), obj,
				    0, sub, depth + 1);
	}
	return TRUE;
}

/*
 * The ids a header value (In-Reply-To, References) names, added to @ids.
 * An empty or blank one (git send-email writes them empty for a first
 * message when asked to) names none: GMime's msg-id parser finds no id in
 * it.
 */
void sl_message_add_named(const char *value, GPtrArray *ids)
{
	GMimeReferences *refs;

	if (!value)
		return;
	refs = g_mime_references_parse(NULL, value);
	for (int i = 0; refs && i < g_mime_references_length(refs); i++)
		g_ptr_array_add(ids, g_strdup(
			g_mime_references_get_message_id(refs, i)));
	if (refs)
		g_mime_references_free(refs);
}

/* A reply or forward prefix in any of the usual languages, possibly after
 * [tags]. */
static gboolean reply_subject(const char *subject)
{
	return subject && sl_regex_match_simple(
		"^\\s*(?:\\[[^]]*\\]\\s*)*" SL_REPLY_PREFIX, subject,
		G_REGEX_CASELESS, 0);
}

/*
 * The thread headers decide when there are any: a Subject "Re: ..." on a
 * message that names only itself or messages of its own run (an edited
 * series, a saved draft) makes no follow-up.
 */
void sl_message_set_thread(struct sl_message *msg, gboolean outside)
{
	msg->reply = outside;
	msg->followup = outside ||
			(!msg->threaded && reply_subject(msg->subject));
}

/*
 * The ids @value names but @self, moved out of GMime's parse (its array
 * is public) onto @parents, in order: none copied, no array between.
 * TRUE if it names any.
 */
static gboolean add_parents(const char *value, const char *self,
			    GPtrArray *parents)
{
	GMimeReferences *refs = value ? g_mime_references_parse(NULL, value)
				      : NULL;
	gboolean named;

	if (!refs)
		return FALSE;
	named = refs->array->len > 0;
	for (guint i = 0; i < refs->array->len; i++) {
		char *id = refs->array->pdata[i];

		if (!self || strcmp(id, self)) {
			g_ptr_array_add(parents, id);
			refs->array->pdata[i] = NULL;
		}
	}
	g_mime_references_free(refs);	/* g_free(NULL) for those moved */
	return named;
}

/* Aborts unless @msg's thread is what sl_message_add_named() finds in
 * @in_reply_to and @references (SECLINT_CHECK_DIGEST=1). */
static void prove_thread(const struct sl_message *msg,
			 const char *in_reply_to, const char *references)
{
	g_autoptr(GPtrArray) named = g_ptr_array_new_with_free_func(g_free);
	guint k = 0;
	gboolean same;

	sl_message_add_named(in_reply_to, named);
	sl_message_add_named(references, named);
	same = msg->threaded == (named->len > 0);
	for (guint i = 0; same && i < named->len; i++) {
		const char *id = named->pdata[i];

		if (msg->message_id && !strcmp(id, msg->message_id))
			continue;
		same = k < msg->parents->len &&
		       !strcmp(id, msg->parents->pdata[k++]);
	}
	if (!same || k != msg->parents->len)
		g_error("seclint: the digest's thread differs from the ids "
			"its headers name");
}

/* Its thread: alone, every message it names but itself is outside.
 * In-Reply-To's id is in References too, mostly: named twice, it is only
 * judged twice. */
static void digest_thread(struct sl_message *msg, const struct header_pass *r)
{
	const char *in_reply_to = r->in_reply_to
					  ? g_mime_header_get_value(r->in_reply_to)
					  : NULL;
	const char *references = r->references
					 ? g_mime_header_get_value(r->references)
					 : NULL;

	msg->threaded = add_parents(in_reply_to, msg->message_id,
				    msg->parents);
	msg->threaded = add_parents(references, msg->message_id,
				    msg->parents) || msg->threaded;
	if (sl_check_digest())
		prove_thread(msg, in_reply_to, references);
	sl_message_set_thread(msg, msg->parents->len > 0);
}

gboolean sl_message_digest(struct sl_message *msg, GMimeMessage *gm,
			   struct sl_lines *lines, GError **error)
{
	struct walk w = {
		msg, lines, error,
		{ SL_ARCHIVE_MAX_UNPACKED, SL_ARCHIVE_MAX_MEMBERS },
	};
	const char *subject = g_mime_message_get_subject(gm);
	const char *id = g_mime_message_get_message_id(gm);
	GMimeObject *body = g_mime_message_get_mime_part(gm);
	GMimeHeaderList *headers =
		g_mime_object_get_header_list(GMIME_OBJECT(gm));
	int n = MAX(g_mime_header_list_get_count(headers), 0);
	/* Most messages have no more headers than this. */
	gint8 digest[128];
	g_autofree gint8 *more = (gsize)n > sizeof(digest) ? g_malloc((gsize)n)
							  : NULL;
	struct header_pass r = { .gm = gm, .digest = more ? more : digest };

	if (msg->header_at->len || msg->header_text) {
		g_set_error_literal(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
				    "internal error: a message digested twice");
		return FALSE;
	}
	msg->subject = subject ? g_utf8_make_valid(subject, -1) : NULL;
	msg->message_id = id ? g_strdup(id) : NULL;
	record_headers(msg, &r, headers, n, lines);
	if (sl_check_digest())
		prove_header_pass(&r, msg, headers, n);
	digest_thread(msg, &r);
	if (!digest_recipients(msg, &r, error))
		return FALSE;
	digest_sender(msg, &r);
	return !body || walk(&w, body, NULL, 0, "", 0);
}
