// SPDX-License-Identifier: GPL-2.0-only
/*
 * The table of contents of an attached archive, read in place: a zip's
 * central directory (APPNOTE.TXT 6.3), a tar's 512-byte headers (POSIX
 * ustar, GNU long names, pax "path"), a gzip stream (RFC 1952) unpacked
 * with GLib's zlib converter, which is a single file or a tar.  Of each
 * member the name, the size and its first SL_ARCHIVE_HEAD_BYTES bytes;
 * nothing is written anywhere.  Every count and length in the archive is
 * checked against the bytes there are, and a message's archives share a
 * budget of unpacked bytes and members, so a hostile archive costs at most
 * that.  What could not be read is said in ->cut, never guessed.
 */
#include <gio/gio.h>
#include <string.h>

#include "archive-list.h"

/* ---- formats ---- */

static gboolean has(const guint8 *b, gsize n, gsize at, const char *magic,
		    gsize len)
{
	return n >= at + len && !memcmp(b + at, magic, len);
}

/* A tar header block: its checksum (octal, at 148) is the sum of its
 * bytes with the checksum field taken as spaces. */
static gboolean tar_header(const guint8 *b, gsize n)
{
	guint64 sum = 0, want = 0;
	gsize i;

	if (n < 512)
		return FALSE;
	for (i = 0; i < 512; i++)
		sum += i >= 148 && i < 156 ? ' ' : b[i];
	for (i = 148; i < 156 && b[i] == ' '; i++)
		;
	if (i == 156 || b[i] < '0' || b[i] > '7')
		return FALSE;
	for (; i < 156 && b[i] >= '0' && b[i] <= '7'; i++)
		want = want * 8 + (guint64)(b[i] - '0');
	return sum == want && b[0];
}

const char *sl_archive_sniff(const guint8 *b, gsize n)
{
	static const struct {
		gsize at;
		const char *magic;
		gsize len;
		const char *format;
	} magics[] = {
		{ 0, "PK\x03\x04", 4, "zip" },
		{ 0, "PK\x05\x06", 4, "zip" },	/* an empty one */
		{ 0, "\x1f\x8b", 2, "gzip" },
		{ 257, "ustar", 5, "tar" },
		{ 0, "\xfd" "7zXZ", 6, "xz" },
		{ 0, "BZh", 3, "bzip2" },
		{ 0, "7z\xbc\xaf\x27\x1c", 6, "7z" },
		{ 0, "Rar!\x1a\x07", 6, "rar" },
		{ 0, "\x28\xb5\x2f\xfd", 4, "zstd" },
		{ 0, "LZIP", 4, "lzip" },
		{ 0, "\x04\x22\x4d\x18", 4, "lz4" },
		{ 0, "070701", 6, "cpio" },
		{ 0, "070707", 6, "cpio" },
		{ 0, "\xc7\x71", 2, "cpio" },
		{ 0, "!<arch>\n", 8, "ar" },
		{ 0, "\x1f\x9d", 2, "compress" },
	};

	for (gsize i = 0; i < G_N_ELEMENTS(magics); i++)
		if (has(b, n, magics[i].at, magics[i].magic, magics[i].len))
			return magics[i].format;
	/* An old (v7) tar has no magic, only its checksum. */
	return tar_header(b, n) ? "tar" : NULL;
}

/* ---- members ---- */

static void member_free(gpointer p)
{
	struct sl_archive_member *m = p;

	g_free(m->name);
	if (m->head)
		g_bytes_unref(m->head);
	g_free(m);
}

void sl_archive_free(struct sl_archive *a)
{
	if (!a)
		return;
	g_free(a->format);
	g_ptr_array_unref(a->members);
	g_free(a->cut);
	g_free(a);
}

static struct sl_archive *archive_new(const char *format)
{
	struct sl_archive *a = g_new0(struct sl_archive, 1);

	a->format = g_strdup(format);
	a->members = g_ptr_array_new_with_free_func(member_free);
	return a;
}

static void cut(struct sl_archive *a, const char *fmt, ...)
	G_GNUC_PRINTF(2, 3);

/* Says why not every member is listed (the first reason only). */
static void cut(struct sl_archive *a, const char *fmt, ...)
{
	va_list ap;

	if (a->cut)
		return;
	va_start(ap, fmt);
	a->cut = g_strdup_vprintf(fmt, ap);
	va_end(ap);
}

/* A new member, or NULL past the budget (said in ->cut). */
static struct sl_archive_member *add_member(struct sl_archive *a,
					    struct sl_archive_budget *budget,
					    const char *name, gsize name_len,
					    guint64 size)
{
	struct sl_archive_member *m;

	if (!budget->members) {
		cut(a, "seclint lists at most %u members of a message's "
		    "archives", SL_ARCHIVE_MAX_MEMBERS);
		return NULL;
	}
	budget->members--;
	m = g_new0(struct sl_archive_member, 1);
	m->name = g_utf8_make_valid(name, (gssize)name_len);
	m->size = size;
	g_ptr_array_add(a->members, m);
	return m;
}

/*
 * Unpacks @in with @conv into @out until @out holds @want bytes, the
 * stream ends, or it is broken; counts what it unpacks against the budget.
 * Returns FALSE if the data is broken.
 */
static gboolean unpack(GConverter *conv, const guint8 *in, gsize in_len,
		       GByteArray *out, gsize want,
		       struct sl_archive_budget *budget)
{
	guint8 buf[16384];

	while (out->len < want && budget->unpacked) {
		gsize read = 0, written = 0;
		g_autoptr(GError) error = NULL;
		GConverterResult r = g_converter_convert(
			conv, in, in_len, buf,
			(gsize)MIN(sizeof(buf), budget->unpacked),
			G_CONVERTER_INPUT_AT_END, &read, &written, &error);

		/* Data cut short still gives its start. */
		if (r == G_CONVERTER_ERROR)
			return g_error_matches(error, G_IO_ERROR,
					       G_IO_ERROR_PARTIAL_INPUT);
		in += read;
		in_len -= read;
		budget->unpacked -= written;
		g_byte_array_append(out, buf, (guint)MIN(written,
							   want - out->len));
		if (r == G_CONVERTER_FINISHED || (!read && !written))
			break;
	}
	return TRUE;
}

/* ---- zip (APPNOTE.TXT 4.3) ---- */

static guint16 le16(const guint8 *p)
{
	return (guint16)(p[0] | p[1] << 8);
}

static guint32 le32(const guint8 *p)
{
	return (guint32)p[0] | (guint32)p[1] << 8 | (guint32)p[2] << 16 |
	       (guint32)p[3] << 24;
}

static guint64 le64(const guint8 *p)
{
	return (guint64)le32(p) | (guint64)le32(p + 4) << 32;
}

/* The End of Central Directory record: the last "PK\5\6" whose comment
 * (at most 65535 bytes) fits in the data; a mailer may have added a line
 * end after it. */
static gssize zip_eocd(const guint8 *b, gsize n)
{
	gsize lowest = n > 22 + 65535 + 16 ? n - 22 - 65535 - 16 : 0;

	if (n < 22)
		return -1;
	for (gsize at = n - 22 + 1; at-- > lowest;)
		if (has(b, n, at, "PK\x05\x06", 4) &&
		    at + 22 + le16(b + at + 20) <= n)
			return (gssize)at;
	return -1;
}

/* Zip64: the sizes and the offset a 0xffffffff field stands for, from
 * the entry's extra field 0x0001 (APPNOTE 4.5.3), in their order. */
static void zip64_extra(const guint8 *extra, gsize len, guint64 *size,
			guint64 *csize, guint64 *offset)
{
	while (len >= 4) {
		guint16 id = le16(extra), n = le16(extra + 2);
		const guint8 *p = extra + 4;
		gsize left = MIN(n, len - 4);

		if (id == 0x0001) {
			guint64 *fields[] = { size, csize, offset };

			for (gsize i = 0; i < G_N_ELEMENTS(fields); i++) {
				if (*fields[i] != 0xffffffffu)
					continue;
				if (left < 8)
					return;
				*fields[i] = le64(p);
				p += 8;
				left -= 8;
			}
			return;
		}
		extra += 4 + (gsize)n;
		len -= MIN(len, 4 + (gsize)n);
	}
}

/* The first bytes of a member from its local header at @offset. */
static GBytes *zip_head(const guint8 *b, gsize n, guint64 offset,
			guint64 csize, guint16 method, guint16 flags,
			struct sl_archive_budget *budget)
{
	g_autoptr(GByteArray) out = NULL;
	guint64 data;
	gsize avail;

	if (flags & 1)		/* encrypted */
		return NULL;
	if (offset > n || n - offset < 30 || !has(b, n, offset, "PK\x03\x04", 4))
		return NULL;
	data = offset + 30 + le16(b + offset + 26) + le16(b + offset + 28);
	if (data > n)
		return NULL;
	avail = (gsize)MIN(csize, n - data);
	if (method == 0)
		return g_bytes_new(b + data, MIN(avail, SL_ARCHIVE_HEAD_BYTES));
	if (method != 8)	/* deflate; bzip2, lzma, zstd are not read */
		return NULL;
	out = g_byte_array_new();
	{
		g_autoptr(GZlibDecompressor) z =
			g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_RAW);

		if (!unpack(G_CONVERTER(z), b + data, avail, out,
			    SL_ARCHIVE_HEAD_BYTES, budget))
			return NULL;
	}
	return g_byte_array_free_to_bytes(g_steal_pointer(&out));
}

static void zip_read(struct sl_archive *a, const guint8 *b, gsize n,
		     struct sl_archive_budget *budget)
{
	gssize eocd = zip_eocd(b, n);
	guint64 count, cd_size, cd;
	gsize at;

	if (eocd < 0) {
		cut(a, "no zip directory at its end");
		return;
	}
	count = le16(b + eocd + 10);
	cd_size = le32(b + eocd + 12);
	cd = le32(b + eocd + 16);
	/* Zip64: the locator right before the record points at the real
	 * end-of-directory record (APPNOTE 4.3.14, 4.3.15). */
	if ((count == 0xffff || cd == 0xffffffffu || cd_size == 0xffffffffu) &&
	    eocd >= 20 && has(b, n, (gsize)eocd - 20, "PK\x06\x07", 4)) {
		guint64 z = le64(b + eocd - 20 + 8);

		if (z > n || n - z < 56 || !has(b, n, (gsize)z, "PK\x06\x06", 4)) {
			cut(a, "a broken zip64 directory");
			return;
		}
		count = le64(b + z + 32);
		cd_size = le64(b + z + 40);
		cd = le64(b + z + 48);
	}
	if (cd > n || cd_size > n - cd) {
		cut(a, "its directory points past its end");
		return;
	}
	at = (gsize)cd;
	for (guint64 i = 0; i < count; i++) {
		guint64 size, csize, offset;
		guint16 name_len, extra_len, comment_len, method, flags;
		struct sl_archive_member *m;
		const char *name;

		if (at > n || n - at < 46 || !has(b, n, at, "PK\x01\x02", 4)) {
			cut(a, "a broken zip directory at entry %" G_GUINT64_FORMAT,
			    i + 1);
			return;
		}
		flags = le16(b + at + 8);
		method = le16(b + at + 10);
		csize = le32(b + at + 20);
		size = le32(b + at + 24);
		name_len = le16(b + at + 28);
		extra_len = le16(b + at + 30);
		comment_len = le16(b + at + 32);
		offset = le32(b + at + 42);
		if (n - at - 46 < (gsize)name_len + extra_len + comment_len) {
			cut(a, "a broken zip directory at entry %" G_GUINT64_FORMAT,
			    i + 1);
			return;
		}
		name = (const char *)b + at + 46;
		zip64_extra(b + at + 46 + name_len, extra_len, &size, &csize,
			    &offset);
		at += 46 + (gsize)name_len + extra_len + comment_len;
		if (name_len && name[name_len - 1] == '/')
			continue;	/* a directory */
		m = add_member(a, budget, name, name_len, size);
		if (!m)
			return;
		m->head = zip_head(b, n, offset, csize, method, flags, budget);
	}
}

/* ---- tar (POSIX.1-2001 ustar, GNU, pax), fed as a stream ---- */

/* The longest name a GNU or pax header may give the next member. */
#define TAR_META_MAX 4096

struct tar {
	struct sl_archive *a;
	struct sl_archive_budget *budget;
	guint8 block[512];
	gsize have;		/* bytes of the header block read so far */
	guint64 data;		/* bytes of the current member's data left */
	guint64 pad;		/* then its padding to 512 */
	GByteArray *head;	/* the current file's first bytes, if kept */
	struct sl_archive_member *file;	/* whose they are */
	GString *meta;		/* the data of a long-name or pax header */
	char meta_type;		/* 'L', 'x', or 0 */
	char *next_name;	/* the name it gives the next member */
	unsigned zero_blocks;
	gboolean done;		/* the end, or a problem said in ->cut */
	guint64 members;
};

/* A numeric field: octal digits, or base-256 with the top bit set. */
static gboolean tar_number(const guint8 *p, gsize len, guint64 *out)
{
	guint64 v = 0;
	gsize i = 0;

	if (p[0] & 0x80) {
		v = p[0] & 0x7f;
		for (i = 1; i < len; i++) {
			if (v >> 55)
				return FALSE;
			v = v << 8 | p[i];
		}
		*out = v;
		return TRUE;
	}
	while (i < len && (p[i] == ' ' || p[i] == '0'))
		i++;
	for (; i < len && p[i] >= '0' && p[i] <= '7'; i++) {
		if (v >> 60)
			return FALSE;
		v = v * 8 + (guint64)(p[i] - '0');
	}
	*out = v;
	return i == len || p[i] == ' ' || p[i] == '\0';
}

/* The pax "path" record of extended header data @meta, or NULL. */
static char *pax_path(const GString *meta)
{
	const char *p = meta->str, *end = meta->str + meta->len;

	while (p < end) {
		guint64 len = 0;
		const char *q = p, *kv;

		while (q < end && g_ascii_isdigit(*q) && len < TAR_META_MAX)
			len = len * 10 + (guint64)(*q++ - '0');
		if (q == p || q >= end || *q != ' ' || len > (guint64)(end - p) ||
		    len < (guint64)(q - p) + 2)
			return NULL;
		kv = q + 1;
		if (p + len - kv > 5 && !strncmp(kv, "path=", 5))
			return g_strndup(kv + 5, (gsize)(p + len - kv - 6));
		p += len;
	}
	return NULL;
}

static void tar_header_block(struct tar *t)
{
	const guint8 *b = t->block;
	guint64 size;
	char type = (char)b[156];

	if (!b[0] && !memcmp(b, b + 1, 511)) {
		if (++t->zero_blocks == 2)
			t->done = TRUE;
		return;
	}
	t->zero_blocks = 0;
	if (!tar_header(b, 512) || !tar_number(b + 124, 12, &size)) {
		cut(t->a, "a broken tar header after %" G_GUINT64_FORMAT
		    " members", t->members);
		t->done = TRUE;
		return;
	}
	t->data = size;
	t->pad = (512 - size % 512) % 512;
	if (type == 'L' || type == 'x') {
		t->meta_type = type;
		g_string_truncate(t->meta, 0);
		return;
	}
	if (type == '0' || type == '\0' || type == '7') {
		g_autofree char *name = NULL;

		if (t->next_name) {
			name = g_steal_pointer(&t->next_name);
		} else if (!memcmp(b + 257, "ustar", 5) && b[345]) {
			name = g_strdup_printf("%.155s/%.100s",
					       (const char *)b + 345,
					       (const char *)b);
		} else {
			name = g_strndup((const char *)b, 100);
		}
		t->members++;
		t->file = add_member(t->a, t->budget, name, strlen(name), size);
		if (!t->file) {
			t->done = TRUE;
			return;
		}
		t->head = g_byte_array_new();
	}
	/* Anything else (a directory, a link, a device) only has its data
	 * passed, and the long name is used up. */
	g_clear_pointer(&t->next_name, g_free);
}

static void tar_end_member(struct tar *t)
{
	if (t->meta_type) {
		g_free(t->next_name);
		t->next_name = t->meta_type == 'L'
			? g_strndup(t->meta->str, t->meta->len)
			: pax_path(t->meta);
		t->meta_type = 0;
	}
	if (t->file) {
		t->file->head = g_byte_array_free_to_bytes(t->head);
		t->head = NULL;
		t->file = NULL;
	}
}

/* The next @len bytes of the tar. */
static void tar_feed(struct tar *t, const guint8 *p, gsize len)
{
	while (len && !t->done) {
		gsize n;

		if (t->data) {
			n = (gsize)MIN(t->data, len);
			if (t->meta_type && t->meta->len < TAR_META_MAX)
				g_string_append_len(t->meta, (const char *)p,
						    (gssize)MIN(n, TAR_META_MAX -
								t->meta->len));
			if (t->head && t->head->len < SL_ARCHIVE_HEAD_BYTES)
				g_byte_array_append(t->head, p, (guint)MIN(
					n, SL_ARCHIVE_HEAD_BYTES - t->head->len));
			t->data -= n;
		} else if (t->pad) {
			n = (gsize)MIN(t->pad, len);
			t->pad -= n;
		} else {
			n = MIN(512 - t->have, len);
			memcpy(t->block + t->have, p, n);
			t->have += n;
			if (t->have == 512) {
				t->have = 0;
				tar_header_block(t);
			}
		}
		p += n;
		len -= n;
		if (!t->data && !t->pad && !t->have &&
		    (t->file || t->meta_type))
			tar_end_member(t);
	}
}

static void tar_init(struct tar *t, struct sl_archive *a,
		     struct sl_archive_budget *budget)
{
	memset(t, 0, sizeof(*t));
	t->a = a;
	t->budget = budget;
	t->meta = g_string_new(NULL);
}

/* The end of the input: a member cut short is listed as far as read. */
static void tar_finish(struct tar *t, gboolean complete)
{
	if (!t->done && (t->data || t->have) && complete)
		cut(t->a, "the tar ends inside a member");
	if (t->file) {
		t->file->head = g_byte_array_free_to_bytes(t->head);
		t->head = NULL;
	}
	g_string_free(t->meta, TRUE);
	g_free(t->next_name);
}

/* ---- gzip: one file, or a tar ---- */

/*
 * The gzip header (RFC 1952 2.3): where the deflate data starts, and the
 * original file name if it has one; -1 if it is not one seclint reads.
 */
static gssize gzip_header(const guint8 *b, gsize n, char **name)
{
	guint8 flags;
	gsize at = 10;
	const guint8 *nul;

	*name = NULL;
	if (n < 10 || b[2] != 8 || (b[3] & 0xe0))
		return -1;
	flags = b[3];
	if (flags & 4) {	/* FEXTRA */
		if (n - at < 2 || n - at - 2 < le16(b + at))
			return -1;
		at += 2 + (gsize)le16(b + at);
	}
	if (flags & 8) {	/* FNAME */
		if (!(nul = memchr(b + at, 0, n - at)))
			return -1;
		*name = g_strndup((const char *)b + at, (gsize)(nul - b - at));
		at = (gsize)(nul - b) + 1;
	}
	if (flags & 16) {	/* FCOMMENT */
		if (!(nul = memchr(b + at, 0, n - at))) {
			g_clear_pointer(name, g_free);
			return -1;
		}
		at = (gsize)(nul - b) + 1;
	}
	if (flags & 2)		/* FHCRC */
		at += 2;
	if (at > n) {
		g_clear_pointer(name, g_free);
		return -1;
	}
	return (gssize)at;
}

/*
 * A gzip stream: a tar (tar.gz), or one file.  Its deflate data is
 * unpacked without the check of its trailer: only the contents matter.
 */
static void gzip_unpack(struct sl_archive *a, const char *name,
			const guint8 *b, gsize n, gboolean complete,
			struct sl_archive_budget *budget)
{
	g_autoptr(GZlibDecompressor) z =
		g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_RAW);
	/* The start, until it shows whether a tar is packed. */
	g_autoptr(GByteArray) first = g_byte_array_new();
	gboolean decided = FALSE, is_tar = FALSE;
	struct sl_archive_member *m;
	g_autofree char *inner = NULL;
	struct tar t;
	guint8 buf[65536];
	/* The unpacked size, modulo 2^32, ends the stream (RFC 1952). */
	guint64 size = complete && n >= 18 ? le32(b + n - 4) : 0;
	gssize data = gzip_header(b, n, &inner);

	if (data < 0) {
		cut(a, "a gzip header seclint does not read");
		return;
	}
	b += data;
	n -= (gsize)data;
	tar_init(&t, a, budget);
	while (!t.done) {
		gsize read = 0, written = 0;
		g_autoptr(GError) error = NULL;
		GConverterResult r;

		if (!budget->unpacked) {
			cut(a, "seclint unpacked only the first part of it");
			break;
		}
		r = g_converter_convert(G_CONVERTER(z), b, n, buf,
					(gsize)MIN(sizeof(buf),
						   budget->unpacked),
					G_CONVERTER_INPUT_AT_END, &read,
					&written, &error);
		if (r == G_CONVERTER_ERROR) {
			if (complete || !g_error_matches(
				    error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
				cut(a, "broken gzip data");
			break;
		}
		b += read;
		n -= read;
		budget->unpacked -= written;
		if (is_tar) {
			tar_feed(&t, buf, written);
		} else {
			g_byte_array_append(first, buf, (guint)written);
			if (!decided && first->len >= 512) {
				decided = TRUE;
				is_tar = tar_header(first->data, first->len);
				if (is_tar)
					tar_feed(&t, first->data, first->len);
			}
			/* One file: its first bytes are all it takes. */
			if (decided && !is_tar &&
			    first->len >= SL_ARCHIVE_HEAD_BYTES)
				break;
		}
		if (r == G_CONVERTER_FINISHED || (!read && !written))
			break;
	}
	tar_finish(&t, is_tar && complete);
	if (is_tar) {
		g_free(a->format);
		a->format = g_strdup("tar.gz");
		return;
	}
	if (!inner && name && g_str_has_suffix(name, ".gz"))
		inner = g_strndup(name, strlen(name) - 3);
	m = add_member(a, budget, inner ? inner : "", inner ? strlen(inner) : 0,
		       MAX(size, first->len));
	if (m)
		m->head = g_bytes_new(first->data,
				      MIN(first->len, SL_ARCHIVE_HEAD_BYTES));
}

/*
 * A gzip stream of @n bytes may unpack SL_ARCHIVE_UNPACK_RATIO times that
 * and SL_ARCHIVE_UNPACK_FREE more, within what is left of the message's
 * budget: zlib unpacks about 180 MB/s here, so a bomb costs about a
 * second per packed MB.
 */
static void gzip_read(struct sl_archive *a, const char *name,
		      const guint8 *b, gsize n, gboolean complete,
		      struct sl_archive_budget *budget)
{
	struct sl_archive_budget mine = *budget;
	guint64 allowed = SL_ARCHIVE_UNPACK_FREE +
			  (guint64)n * SL_ARCHIVE_UNPACK_RATIO;

	mine.unpacked = MIN(mine.unpacked, allowed);
	gzip_unpack(a, name, b, n, complete, &mine);
	budget->unpacked -= MIN(allowed, budget->unpacked) - mine.unpacked;
	budget->members = mine.members;
}

struct sl_archive *sl_archive_read(const char *format, const char *name,
				   const guint8 *data, gsize len,
				   gboolean complete,
				   struct sl_archive_budget *budget)
{
	struct sl_archive *a = archive_new(format);

	if (!strcmp(format, "zip")) {
		if (!complete)
			cut(a, "larger than %u MiB, not opened",
			    SL_ARCHIVE_MAX_BYTES >> 20);
		else
			zip_read(a, data, len, budget);
	} else if (!strcmp(format, "gzip")) {
		gzip_read(a, name, data, len, complete, budget);
	} else if (!strcmp(format, "tar")) {
		struct tar t;

		tar_init(&t, a, budget);
		tar_feed(&t, data, len);
		tar_finish(&t, complete);
	} else {
		cut(a, "seclint does not open %s archives", format);
	}
	if (!complete)
		cut(a, "only its first %u MiB read", SL_ARCHIVE_MAX_BYTES >> 20);
	return a;
}
