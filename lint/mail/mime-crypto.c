// SPDX-License-Identifier: GPL-2.0-only
/*
 * The crypto side of the digest: which parts are PGP/MIME or S/MIME
 * structure (RFC 3156, RFC 8551) and which OpenPGP armour a leaf's content
 * starts with.  A part is structure only at the place the RFCs give it and
 * with the content that place requires, so a payload dressed up as a
 * signature or a ciphertext stays content: an attachment, and no signature.
 */
#include <string.h>

#include "errors.h"
#include "gmime-extra.h"
#include "message.h"
#include "mime-crypto.h"
#include "regex-cache.h"

/* An armoured signature is about 1 KiB; anything this big is a payload. */
#define SL_MAX_SIGNATURE_BYTES 16384
/* Enough of a leaf to see its armour line after some blank lines. */
#define SL_ARMOR_PEEK_BYTES 512

static gboolean type_is(GMimeObject *obj, const char *type, const char *sub)
{
	return g_mime_content_type_is_type(g_mime_object_get_content_type(obj),
					   type, sub);
}

static gboolean param_is(GMimeObject *obj, const char *param,
			 const char *value)
{
	const char *v = g_mime_content_type_get_parameter(
		g_mime_object_get_content_type(obj), param);

	return v && !g_ascii_strcasecmp(v, value);
}

/*
 * @content's bytes as they stand in its window on the input (GMime's
 * parser keeps a part's content as a window [bound_start, bound_end) on
 * the input's memory stream), whatever its transfer encoding.  Its data
 * is never NULL, even when empty (g_byte_array_new() leaves it NULL, and
 * NULL + 0 or memchr(NULL, ...) is undefined).
 */
static gboolean raw_window(GMimeDataWrapper *content, const char **data,
			   gsize *len)
{
	GMimeStream *stream = g_mime_data_wrapper_get_stream(content);
	GByteArray *bytes;
	gint64 end;

	if (!GMIME_IS_STREAM_MEM(stream))
		return FALSE;
	bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(stream));
	if (!bytes || !bytes->data)
		return FALSE;
	end = stream->bound_end < 0 ? (gint64)bytes->len : stream->bound_end;
	if (stream->bound_start < 0 || end > (gint64)bytes->len ||
	    stream->bound_start > end)
		return FALSE;
	*data = (const char *)bytes->data + stream->bound_start;
	*len = (gsize)(end - stream->bound_start);
	return TRUE;
}

gboolean sl_mime_window(GMimeDataWrapper *content, const char **data,
			gsize *len)
{
	switch (g_mime_data_wrapper_get_encoding(content)) {
	case GMIME_CONTENT_ENCODING_DEFAULT:
	case GMIME_CONTENT_ENCODING_7BIT:
	case GMIME_CONTENT_ENCODING_8BIT:
	case GMIME_CONTENT_ENCODING_BINARY:
		return raw_window(content, data, len);
	default:
		return FALSE;
	}
}

/* Base64 and quoted-printable are undone by GMime's own decoder, the one
 * its basic filter steps; uuencode (whose filter first looks for the
 * "begin" line) is left to the streams. */
gboolean sl_mime_coded_window(GMimeDataWrapper *content,
			      GMimeEncoding *state, const char **data,
			      gsize *len)
{
	GMimeContentEncoding enc = g_mime_data_wrapper_get_encoding(content);

	switch (enc) {
	case GMIME_CONTENT_ENCODING_DEFAULT:
	case GMIME_CONTENT_ENCODING_7BIT:
	case GMIME_CONTENT_ENCODING_8BIT:
	case GMIME_CONTENT_ENCODING_BINARY:
	case GMIME_CONTENT_ENCODING_BASE64:
	case GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE:
		break;
	default:
		return FALSE;
	}
	if (!raw_window(content, data, len))
		return FALSE;
	g_mime_encoding_init_decode(state, enc);
	return TRUE;
}

gsize sl_mime_decode_room(GMimeEncoding *state, gsize len)
{
	return g_mime_encoding_outlen(state, len) +
	       g_mime_encoding_outlen(state, 0);
}

/* As GMime's basic filter does: a step for each piece, a flush at the
 * end (what the filter stream's read does at the end of its source). */
gsize sl_mime_decode_step(GMimeEncoding *state, const char *in, gsize len,
			  gboolean last, char *out)
{
	gsize n = len ? g_mime_encoding_step(state, in, len, out) : 0;

	if (last)
		n += g_mime_encoding_flush(state, in + len, 0, out + n);
	return n;
}

/* The bytes through GMime's streams and decoding filter. */
static GByteArray *read_prefix_streamed(GMimePart *part, gsize limit)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	GByteArray *out = g_byte_array_sized_new(4096);
	g_autoptr(GMimeStream) view = NULL;
	g_autoptr(GMimeStream) filtered = NULL;
	GMimeContentEncoding enc;
	GMimeStream *raw;
	char buf[4096];
	gssize n;

	if (!w || !(raw = g_mime_data_wrapper_get_stream(w)))
		return out;
	view = g_mime_stream_substream(raw, raw->bound_start, raw->bound_end);
	filtered = g_mime_stream_filter_new(view);
	enc = g_mime_data_wrapper_get_encoding(w);
	if (enc == GMIME_CONTENT_ENCODING_BASE64 ||
	    enc == GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE ||
	    enc == GMIME_CONTENT_ENCODING_UUENCODE) {
		GMimeFilter *decoder = g_mime_filter_basic_new(enc, FALSE);

		g_mime_stream_filter_add(GMIME_STREAM_FILTER(filtered),
					 decoder);
		g_object_unref(decoder);
	}
	while (out->len <= limit &&
	       (n = g_mime_stream_read(filtered, buf,
				       MIN(sizeof(buf),
					   limit + 1 - out->len))) > 0)
		g_byte_array_append(out, (const guint8 *)buf, (guint)n);
	return out;
}

/*
 * The first @limit + 1 bytes of the @len at @data, decoded: step by step,
 * so that a large part is not decoded whole for its head.  Base64 takes
 * 4 bytes for 3 and a line break for 57, so twice what is missing (and
 * some more) is asked of each step.
 */
static GByteArray *decode_prefix(GMimeEncoding *state, const char *data,
				 gsize len, gsize limit)
{
	gboolean coded = state->encoding == GMIME_CONTENT_ENCODING_BASE64 ||
			 state->encoding ==
				 GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE;
	GByteArray *out = g_byte_array_sized_new(
		(guint)MAX(MIN(len, limit) + 1, 1));	/* data never NULL */
	gsize used = 0, pos = 0;

	while (used <= limit && pos < len) {
		gsize want = limit + 1 - used;
		gsize chunk = len - pos;

		if (!coded)
			chunk = MIN(chunk, want);
		else if (chunk > 256 && want < chunk / 2 - 128)
			chunk = 2 * want + 256;
		g_byte_array_set_size(out, (guint)(used + sl_mime_decode_room(
							     state, chunk)));
		used += sl_mime_decode_step(state, data + pos, chunk,
					    pos + chunk == len,
					    (char *)out->data + used);
		pos += chunk;
	}
	g_byte_array_set_size(out, (guint)MIN(used, limit + 1));
	return out;
}

/* Content of a window on the input is read from it, decoded by GMime's
 * decoder but for uuencode; with SECLINT_CHECK_DIGEST=1 the copy is
 * proven against the stream's. */
GByteArray *sl_mime_read_prefix(GMimePart *part, gsize limit)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	GMimeEncoding state;
	const char *data;
	gsize len;
	GByteArray *out;

	if (!w || !sl_mime_coded_window(w, &state, &data, &len))
		return read_prefix_streamed(part, limit);
	out = decode_prefix(&state, data, len, limit);
	if (sl_check_digest()) {
		g_autoptr(GByteArray) slow = read_prefix_streamed(part, limit);

		if (slow->len != out->len ||
		    memcmp(slow->data, out->data, out->len))
			g_error("seclint: a part's window differs from its "
				"stream");
	}
	return out;
}

static const struct {
	const char *line;
	enum sl_armor armor;
} armor_lines[] = {
	{ "-----BEGIN PGP MESSAGE-----", SL_ARMOR_MESSAGE },
	{ "-----BEGIN PGP SIGNED MESSAGE-----", SL_ARMOR_SIGNED_MESSAGE },
	{ "-----BEGIN PGP SIGNATURE-----", SL_ARMOR_SIGNATURE },
	{ "-----BEGIN PGP PUBLIC KEY BLOCK-----", SL_ARMOR_PUBLIC_KEY },
	{ "-----BEGIN PGP PRIVATE KEY BLOCK-----", SL_ARMOR_PRIVATE_KEY },
};

/* The armour whose header is the first non-blank line of the @len bytes
 * at @data (NULL if none: an empty window may have no data). */
static enum sl_armor armor_of(const char *data, gsize len)
{
	const char *p = data;
	const char *end;

	if (!len)
		return SL_ARMOR_NONE;
	end = p + len;

	while (p < end && g_ascii_isspace(*p))
		p++;
	for (size_t i = 0; i < G_N_ELEMENTS(armor_lines); i++) {
		size_t n = strlen(armor_lines[i].line);

		if ((size_t)(end - p) >= n && !memcmp(p, armor_lines[i].line, n) &&
		    (p + n == end || p[n] == '\r' || p[n] == '\n'))
			return armor_lines[i].armor;
	}
	return SL_ARMOR_NONE;
}

/*
 * Content with no transfer encoding is read in its window, as
 * sl_mime_read_prefix() would copy it; with SECLINT_CHECK_DIGEST=1 the
 * answer is proven against that copy's.
 */
static enum sl_armor part_armor(GMimePart *part)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	g_autoptr(GByteArray) head = NULL;
	const char *data;
	gsize len;
	enum sl_armor armor;

	if (w && sl_mime_window(w, &data, &len)) {
		armor = armor_of(data, MIN(len, SL_ARMOR_PEEK_BYTES + 1));
		if (!sl_check_digest())
			return armor;
		head = sl_mime_read_prefix(part, SL_ARMOR_PEEK_BYTES);
		if (armor_of((const char *)head->data, head->len) != armor)
			g_error("seclint: a part's armour in its window "
				"differs from its copy's");
		return armor;
	}
	head = sl_mime_read_prefix(part, SL_ARMOR_PEEK_BYTES);
	return armor_of((const char *)head->data, head->len);
}

/*
 * Armour: "Key: value" headers at the top, then radix-64 lines and the "="
 * checksum (the blank line between them is tolerated missing).
 */
static gboolean is_armor_body(char **lines)
{
	char **l = lines;

	while (*l && **l && sl_regex_match_simple("^[A-Za-z-]+: ", *l, 0, 0))
		l++;
	for (; *l; l++)
		if (**l && !sl_regex_match_simple("^=?[A-Za-z0-9+/]+=*$", *l,
						 0, 0))
			return FALSE;
	return TRUE;
}

/*
 * Exactly one armoured block of the kind @begin/@end, nothing around it
 * but white space and nothing in it but armour, in at most @limit bytes.
 */
static gboolean is_one_block(GMimePart *part, gsize limit, const char *begin,
			     const char *end)
{
	g_autoptr(GByteArray) bytes = sl_mime_read_prefix(part, limit);
	g_autofree char *text = NULL;
	g_auto(GStrv) lines = NULL;
	guint n;

	if (bytes->len > limit || memchr(bytes->data, 0, bytes->len))
		return FALSE;
	text = g_strstrip(g_strndup((const char *)bytes->data, bytes->len));
	if (!g_str_has_prefix(text, begin) || !g_str_has_suffix(text, end))
		return FALSE;
	g_strdelimit(text, "\r", ' ');
	lines = g_strsplit(text, "\n", -1);
	n = g_strv_length(lines);
	for (guint i = 0; i < n; i++)
		g_strstrip(lines[i]);
	if (n < 3)
		return FALSE;
	g_free(lines[n - 1]);
	lines[n - 1] = NULL;	/* the END line */
	return is_armor_body(lines + 1);
}

static gboolean is_pgp_signature(GMimeObject *child)
{
	return type_is(child, "application", "pgp-signature") &&
	       GMIME_IS_PART(child) &&
	       is_one_block(GMIME_PART(child), SL_MAX_SIGNATURE_BYTES,
			    "-----BEGIN PGP SIGNATURE-----",
			    "-----END PGP SIGNATURE-----");
}

/* A CMS signature is DER: an ASN.1 SEQUENCE, tag 0x30. */
static gboolean is_smime_signature(GMimeObject *child)
{
	g_autoptr(GByteArray) head = NULL;

	if (!(type_is(child, "application", "pkcs7-signature") ||
	      type_is(child, "application", "x-pkcs7-signature")) ||
	    !GMIME_IS_PART(child))
		return FALSE;
	head = sl_mime_read_prefix(GMIME_PART(child), SL_MAX_SIGNATURE_BYTES * 4);
	return head->len > 0 && head->len <= SL_MAX_SIGNATURE_BYTES * 4 &&
	       head->data[0] == 0x30;
}

static enum sl_crypto_kind signed_child(GMimeObject *parent,
					GMimeObject *child)
{
	if (param_is(parent, "protocol", "application/pgp-signature"))
		return is_pgp_signature(child) ? SL_CRYPTO_PGP_SIGNATURE
					       : SL_CRYPTO_NONE;
	if (param_is(parent, "protocol", "application/pkcs7-signature") ||
	    param_is(parent, "protocol", "application/x-pkcs7-signature"))
		return is_smime_signature(child) ? SL_CRYPTO_SMIME_SIGNATURE
						 : SL_CRYPTO_NONE;
	return SL_CRYPTO_NONE;
}

static gboolean is_pgp_control(GMimeObject *child)
{
	g_autoptr(GByteArray) bytes = NULL;
	g_autofree char *text = NULL;

	if (!type_is(child, "application", "pgp-encrypted") ||
	    !GMIME_IS_PART(child))
		return FALSE;
	bytes = sl_mime_read_prefix(GMIME_PART(child), 256);
	text = g_strstrip(g_strndup((const char *)bytes->data, bytes->len));
	return bytes->len <= 256 && g_str_has_prefix(text, "Version: 1") &&
	       strlen(text) < 40;
}

static gboolean is_pgp_ciphertext(GMimeObject *child)
{
	return type_is(child, "application", "octet-stream") &&
	       GMIME_IS_PART(child) &&
	       part_armor(GMIME_PART(child)) == SL_ARMOR_MESSAGE;
}

static enum sl_crypto_kind encrypted_child(GMimeObject *parent, int index,
					   GMimeObject *child)
{
	if (!param_is(parent, "protocol", "application/pgp-encrypted"))
		return SL_CRYPTO_NONE;
	if (index == 0 && is_pgp_control(child))
		return SL_CRYPTO_PGP_CONTROL;
	if (index == 1 && is_pgp_ciphertext(child))
		return SL_CRYPTO_PGP_ENCRYPTED;
	return SL_CRYPTO_NONE;
}

static enum sl_crypto_kind smime_envelope(GMimeObject *obj)
{
	const char *t = g_mime_content_type_get_parameter(
		g_mime_object_get_content_type(obj), "smime-type");

	g_autoptr(GByteArray) head = NULL;

	if (!type_is(obj, "application", "pkcs7-mime") &&
	    !type_is(obj, "application", "x-pkcs7-mime"))
		return SL_CRYPTO_NONE;
	/* CMS is DER, an ASN.1 SEQUENCE: other bytes under the label are a
	 * payload in disguise. */
	if (!GMIME_IS_PART(obj))
		return SL_CRYPTO_NONE;
	head = sl_mime_read_prefix(GMIME_PART(obj), 1);
	if (!head->len || head->data[0] != 0x30)
		return SL_CRYPTO_NONE;
	/* Without smime-type, smime.p7m is enveloped in practice. */
	if (!t || !g_ascii_strcasecmp(t, "enveloped-data") ||
	    !g_ascii_strcasecmp(t, "authenveloped-data"))
		return SL_CRYPTO_SMIME_ENVELOPED;
	if (!g_ascii_strcasecmp(t, "signed-data"))
		return SL_CRYPTO_SMIME_SIGNED;
	return SL_CRYPTO_SMIME_OTHER;
}

enum sl_crypto_kind sl_mime_crypto_kind(GMimeObject *parent, int index,
					GMimeObject *child)
{
	if (!parent)
		return smime_envelope(child);
	if (type_is(parent, "multipart", "signed") && index == 1)
		return signed_child(parent, child);
	if (type_is(parent, "multipart", "encrypted"))
		return encrypted_child(parent, index, child);
	return SL_CRYPTO_NONE;
}

enum sl_armor sl_mime_armor(GMimeObject *obj)
{
	return GMIME_IS_PART(obj) ? part_armor(GMIME_PART(obj))
				  : SL_ARMOR_NONE;
}
