// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tables of contents of attached archives (lint/mail/archive-list.c) and
 * what the attachment rules make of them (rules/lib/filetype.c): archives
 * built here byte by byte, well formed and hostile.  Every count and
 * offset in them is checked against the bytes there are; what cannot be
 * read is said, never guessed; the budget holds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gio/gio.h>
#include <gmime/gmime.h>
#include <string.h>

#include "archive-list.h"
#include "filetype.h"
#include "message.h"
#include "testlib.h"

#define POC "#include <unistd.h>\nint main(void) { return 0; }\n"
#define ELF "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0\x3e\0"

static struct sl_archive_budget budget(void)
{
	return (struct sl_archive_budget){ SL_ARCHIVE_MAX_UNPACKED,
					   SL_ARCHIVE_MAX_MEMBERS };
}

static struct sl_archive *read_all(GByteArray *b, const char *name)
{
	struct sl_archive_budget left = budget();
	const char *format = sl_archive_sniff(b->data, b->len);

	assert_non_null(format);
	return sl_archive_read(format, name, b->data, b->len, TRUE, &left);
}

static const struct sl_archive_member *member(const struct sl_archive *a,
					      guint i)
{
	assert_true(i < a->members->len);
	return a->members->pdata[i];
}

static gboolean head_is(const struct sl_archive_member *m, const char *text)
{
	gsize n = 0;
	const char *b = m->head ? g_bytes_get_data(m->head, &n) : NULL;

	return m->head && n == strlen(text) && (!n || !memcmp(b, text, n));
}

static void put16(GByteArray *b, guint v)
{
	guint8 x[2] = { (guint8)v, (guint8)(v >> 8) };

	g_byte_array_append(b, x, 2);
}

static void put32(GByteArray *b, guint32 v)
{
	put16(b, v & 0xffff);
	put16(b, v >> 16);
}

static void put64(GByteArray *b, guint64 v)
{
	put32(b, (guint32)v);
	put32(b, (guint32)(v >> 32));
}

static GByteArray *pack(GZlibCompressorFormat format, const void *data,
			gsize len, const char *gzip_name)
{
	g_autoptr(GZlibCompressor) z = g_zlib_compressor_new(format, 9);
	GByteArray *out = g_byte_array_new();
	guint8 buf[65536];
	const guint8 *in = data;
	GConverterResult r;

	if (gzip_name) {
		g_autoptr(GFileInfo) info = g_file_info_new();

		g_file_info_set_name(info, gzip_name);
		g_zlib_compressor_set_file_info(z, info);
	}
	do {
		gsize read = 0, written = 0;

		r = g_converter_convert(G_CONVERTER(z), in, len, buf,
					sizeof(buf), G_CONVERTER_INPUT_AT_END,
					&read, &written, NULL);
		assert_int_not_equal(r, G_CONVERTER_ERROR);
		in += read;
		len -= read;
		g_byte_array_append(out, buf, (guint)written);
	} while (r != G_CONVERTER_FINISHED);
	return out;
}

/* ---- zip ---- */

struct zip_entry {
	const char *name;
	const char *data;
	gsize len;
	gboolean deflate;
	guint16 flags;
};

/* A zip of @n entries; @zip64 writes the zip64 end records too. */
static GByteArray *zip(const struct zip_entry *e, gsize n, gboolean zip64)
{
	GByteArray *b = g_byte_array_new();
	g_autoptr(GByteArray) cd = g_byte_array_new();
	guint32 cd_at;

	for (gsize i = 0; i < n; i++) {
		g_autoptr(GByteArray) data = e[i].deflate
			? pack(G_ZLIB_COMPRESSOR_FORMAT_RAW, e[i].data,
			       e[i].len, NULL)
			: g_byte_array_new();
		guint32 at = b->len;
		guint32 crc = (guint32)e[i].len;	/* not checked */

		if (!e[i].deflate)
			g_byte_array_append(data, (const guint8 *)e[i].data,
					    (guint)e[i].len);
		g_byte_array_append(b, (const guint8 *)"PK\x03\x04", 4);
		put16(b, 20);
		put16(b, e[i].flags);
		put16(b, e[i].deflate ? 8 : 0);
		put32(b, 0);
		put32(b, crc);
		put32(b, data->len);
		put32(b, (guint32)e[i].len);
		put16(b, (guint)strlen(e[i].name));
		put16(b, 0);
		g_byte_array_append(b, (const guint8 *)e[i].name,
				    (guint)strlen(e[i].name));
		g_byte_array_append(b, data->data, data->len);

		g_byte_array_append(cd, (const guint8 *)"PK\x01\x02", 4);
		put16(cd, 20);
		put16(cd, 20);
		put16(cd, e[i].flags);
		put16(cd, e[i].deflate ? 8 : 0);
		put32(cd, 0);
		put32(cd, crc);
		put32(cd, data->len);
		put32(cd, (guint32)e[i].len);
		put16(cd, (guint)strlen(e[i].name));
		put16(cd, 0);
		put16(cd, 0);
		put16(cd, 0);
		put16(cd, 0);
		put32(cd, 0);
		put32(cd, at);
		g_byte_array_append(cd, (const guint8 *)e[i].name,
				    (guint)strlen(e[i].name));
	}
	cd_at = b->len;
	g_byte_array_append(b, cd->data, cd->len);
	if (zip64) {
		guint32 rec = b->len;

		g_byte_array_append(b, (const guint8 *)"PK\x06\x06", 4);
		put64(b, 44);
		put16(b, 45);
		put16(b, 45);
		put32(b, 0);
		put32(b, 0);
		put64(b, n);
		put64(b, n);
		put64(b, cd->len);
		put64(b, cd_at);
		g_byte_array_append(b, (const guint8 *)"PK\x06\x07", 4);
		put32(b, 0);
		put64(b, rec);
		put32(b, 1);
	}
	g_byte_array_append(b, (const guint8 *)"PK\x05\x06", 4);
	put16(b, 0);
	put16(b, 0);
	put16(b, zip64 ? 0xffff : (guint)n);
	put16(b, zip64 ? 0xffff : (guint)n);
	put32(b, zip64 ? 0xffffffffu : cd->len);
	put32(b, zip64 ? 0xffffffffu : cd_at);
	put16(b, 0);
	return b;
}

static void test_zip(void **state)
{
	const struct zip_entry e[] = {
		{ "poc/", "", 0, FALSE, 0 },
		{ "poc/poc.c", POC, strlen(POC), TRUE, 0 },
		{ "poc/README", "run it\n", 7, FALSE, 8 },	/* descriptor */
		{ "poc/secret.c", "xxxxxxxxxxxx", 12, FALSE, 1 }, /* encrypted */
	};

	(void)state;
	for (int z64 = 0; z64 <= 1; z64++) {
		g_autoptr(GByteArray) b = zip(e, G_N_ELEMENTS(e), z64);
		struct sl_archive *a = read_all(b, "poc.zip");

		assert_string_equal(a->format, "zip");
		assert_null(a->cut);
		assert_int_equal(a->members->len, 3);	/* no directory */
		assert_string_equal(member(a, 0)->name, "poc/poc.c");
		assert_true(head_is(member(a, 0), POC));
		assert_int_equal(member(a, 0)->size, strlen(POC));
		assert_true(head_is(member(a, 1), "run it\n"));
		assert_null(member(a, 2)->head);	/* encrypted: by name */
		sl_archive_free(a);
	}
}

/* Cut short, pointing past its end, lying about its count: said, not
 * read out of bounds. */
static void test_zip_broken(void **state)
{
	const struct zip_entry e[] = {
		{ "a.c", POC, strlen(POC), TRUE, 0 },
		{ "b.c", POC, strlen(POC), FALSE, 0 },
	};
	g_autoptr(GByteArray) b = zip(e, 2, FALSE);
	struct sl_archive_budget left = budget();
	struct sl_archive *a;
	guint eocd = b->len - 22;

	(void)state;
	/* Cut before its directory. */
	a = sl_archive_read("zip", NULL, b->data, 60, TRUE, &left);
	assert_string_equal(a->cut, "no zip directory at its end");
	sl_archive_free(a);
	/* A count of 65535 entries in a directory of two. */
	b->data[eocd + 10] = 0xff;
	b->data[eocd + 11] = 0xff;
	a = sl_archive_read("zip", NULL, b->data, b->len, TRUE, &left);
	assert_int_equal(a->members->len, 2);
	assert_non_null(strstr(a->cut, "broken zip directory at entry 3"));
	sl_archive_free(a);
	/* The directory past the end; a local header offset past it. */
	b->data[eocd + 10] = 2;
	b->data[eocd + 11] = 0;
	b->data[eocd + 19] = 0x7f;
	a = sl_archive_read("zip", NULL, b->data, b->len, TRUE, &left);
	assert_string_equal(a->cut, "its directory points past its end");
	sl_archive_free(a);
	/* Every byte cut off in turn: never out of bounds (ASan). */
	b->data[eocd + 19] = 0;
	for (gsize n = 0; n <= b->len; n++) {
		a = sl_archive_read("zip", NULL, b->data, n, TRUE, &left);
		sl_archive_free(a);
	}
}

/* ---- tar ---- */

/* A tar header: @type '0' a file, '5' a directory, 'L' a GNU long name,
 * 'x' pax; @size in octal, or base-256 with @base256. */
static void tar_header(GByteArray *b, const char *name, const char *prefix,
		       char type, guint64 size, gboolean base256)
{
	guint8 h[512] = { 0 };
	guint sum = 0;

	strncpy((char *)h, name, 100);
	memcpy(h + 100, "0000644", 7);
	if (base256) {
		h[124] = 0x80;
		for (int i = 0; i < 8; i++)
			h[135 - i] = (guint8)(size >> (8 * i));
	} else {
		g_snprintf((char *)h + 124, 12, "%011" G_GINT64_MODIFIER "o",
			   size);
	}
	memset(h + 148, ' ', 8);
	h[156] = (guint8)type;
	memcpy(h + 257, "ustar\0" "00", 8);
	if (prefix)
		strncpy((char *)h + 345, prefix, 155);
	for (int i = 0; i < 512; i++)
		sum += h[i];
	g_snprintf((char *)h + 148, 8, "%06o", sum);
	g_byte_array_append(b, h, 512);
}

static void tar_data(GByteArray *b, const void *data, gsize len)
{
	static const guint8 zero[512];

	g_byte_array_append(b, data, (guint)len);
	g_byte_array_append(b, zero, (guint)((512 - len % 512) % 512));
}

static void tar_file(GByteArray *b, const char *name, const char *text)
{
	tar_header(b, name, NULL, '0', strlen(text), FALSE);
	tar_data(b, text, strlen(text));
}

static void tar_end(GByteArray *b)
{
	static const guint8 zero[1024];

	g_byte_array_append(b, zero, sizeof(zero));
}

static GByteArray *sample_tar(void)
{
	GByteArray *b = g_byte_array_new();
	g_autofree char *long_name = g_strnfill(150, 'd');
	g_autofree char *pax = NULL;
	g_autofree char *record = NULL;

	tar_header(b, "poc/", NULL, '5', 0, FALSE);
	tar_file(b, "poc/poc.c", POC);
	tar_header(b, "poc.c", "a/deep/path", '0', strlen(POC), TRUE);
	tar_data(b, POC, strlen(POC));
	tar_header(b, "././@LongLink", NULL, 'L', strlen(long_name) + 1,
		   FALSE);
	tar_data(b, long_name, strlen(long_name) + 1);
	tar_file(b, "cut-name", "long\n");
	record = g_strdup_printf("path=pax/%s\n", "named-by-pax.sh");
	pax = g_strdup_printf("%zu %s", strlen(record) + 3, record);
	tar_header(b, "PaxHeaders/x", NULL, 'x', strlen(pax), FALSE);
	tar_data(b, pax, strlen(pax));
	tar_file(b, "short", "#!/bin/sh\n");
	tar_file(b, "empty", "");
	tar_end(b);
	return b;
}

static void check_sample(const struct sl_archive *a)
{
	assert_null(a->cut);
	assert_int_equal(a->members->len, 5);
	assert_string_equal(member(a, 0)->name, "poc/poc.c");
	assert_true(head_is(member(a, 0), POC));
	assert_string_equal(member(a, 1)->name, "a/deep/path/poc.c");
	assert_int_equal(member(a, 1)->size, strlen(POC));
	assert_int_equal(strlen(member(a, 2)->name), 150);
	assert_true(head_is(member(a, 2), "long\n"));
	assert_string_equal(member(a, 3)->name, "pax/named-by-pax.sh");
	assert_true(head_is(member(a, 3), "#!/bin/sh\n"));
	assert_string_equal(member(a, 4)->name, "empty");
	assert_true(head_is(member(a, 4), ""));
}

static void test_tar(void **state)
{
	g_autoptr(GByteArray) b = sample_tar();
	struct sl_archive *a = read_all(b, "poc.tar");

	(void)state;
	assert_string_equal(a->format, "tar");
	check_sample(a);
	sl_archive_free(a);
}

static void test_tar_gz(void **state)
{
	g_autoptr(GByteArray) b = sample_tar();
	g_autoptr(GByteArray) gz = pack(G_ZLIB_COMPRESSOR_FORMAT_GZIP,
					b->data, b->len, NULL);
	g_autoptr(GByteArray) one = pack(G_ZLIB_COMPRESSOR_FORMAT_GZIP, POC,
					 strlen(POC), "poc.c");
	g_autoptr(GByteArray) bare = pack(G_ZLIB_COMPRESSOR_FORMAT_GZIP, POC,
					  strlen(POC), NULL);
	struct sl_archive *a = read_all(gz, "poc.tgz");

	(void)state;
	assert_string_equal(a->format, "tar.gz");
	check_sample(a);
	sl_archive_free(a);
	/* One file: its name from the gzip header, else the file's. */
	a = read_all(one, "x.gz");
	assert_string_equal(a->format, "gzip");
	assert_int_equal(a->members->len, 1);
	assert_string_equal(member(a, 0)->name, "poc.c");
	assert_true(head_is(member(a, 0), POC));
	assert_int_equal(member(a, 0)->size, strlen(POC));
	sl_archive_free(a);
	a = read_all(bare, "repro.c.gz");
	assert_string_equal(member(a, 0)->name, "repro.c");
	sl_archive_free(a);
}

/* A member longer than the tar, a broken header, every cut: said. */
static void test_tar_broken(void **state)
{
	g_autoptr(GByteArray) b = g_byte_array_new();
	g_autoptr(GByteArray) t = sample_tar();
	struct sl_archive_budget left = budget();
	struct sl_archive *a;

	(void)state;
	tar_header(b, "huge.img", NULL, '0', G_GUINT64_CONSTANT(1) << 60,
		   TRUE);
	tar_data(b, "data", 4);
	a = read_all(b, NULL);
	assert_int_equal(a->members->len, 1);
	assert_string_equal(a->cut, "the tar ends inside a member");
	sl_archive_free(a);
	t->data[512 + 10] ^= 1;		/* the second header's checksum */
	a = read_all(t, NULL);
	assert_int_equal(a->members->len, 0);
	assert_non_null(strstr(a->cut, "broken tar header"));
	sl_archive_free(a);
	t->data[512 + 10] ^= 1;
	for (gsize n = 0; n <= t->len; n += 7) {
		a = sl_archive_read("tar", NULL, t->data, n, TRUE, &left);
		sl_archive_free(a);
	}
}

/* A message's archives share one budget of members and unpacked bytes;
 * a gzip stream unpacks at most SL_ARCHIVE_UNPACK_RATIO times its size. */
static void test_budget(void **state)
{
	g_autoptr(GByteArray) many = g_byte_array_new();
	g_autoptr(GByteArray) zeros = g_byte_array_new();
	g_autoptr(GByteArray) bomb = NULL;
	struct sl_archive_budget left = budget();
	struct sl_archive *a;

	(void)state;
	for (int i = 0; i < 1500; i++) {
		g_autofree char *name = g_strdup_printf("f%d.c", i);

		tar_file(many, name, "x\n");
	}
	tar_end(many);
	a = sl_archive_read("tar", NULL, many->data, many->len, TRUE, &left);
	assert_int_equal(a->members->len, SL_ARCHIVE_MAX_MEMBERS);
	assert_non_null(strstr(a->cut, "at most 1000 members"));
	sl_archive_free(a);
	a = sl_archive_read("tar", NULL, many->data, many->len, TRUE, &left);
	assert_int_equal(a->members->len, 0);
	sl_archive_free(a);

	/* 64 MiB of zeros packed into about 64 KB. */
	left = budget();
	tar_header(zeros, "zeros.img", NULL, '0', 64u << 20, FALSE);
	g_byte_array_set_size(zeros, 512 + (64u << 20));
	memset(zeros->data + 512, 0, 64u << 20);
	tar_file(zeros, "poc.c", POC);
	tar_end(zeros);
	bomb = pack(G_ZLIB_COMPRESSOR_FORMAT_GZIP, zeros->data, zeros->len,
		    NULL);
	a = sl_archive_read("gzip", NULL, bomb->data, bomb->len, TRUE, &left);
	assert_string_equal(a->format, "tar.gz");
	assert_int_equal(a->members->len, 1);	/* poc.c not reached */
	assert_string_equal(a->cut, "seclint unpacked only the first part "
				    "of it");
	assert_true(SL_ARCHIVE_MAX_UNPACKED - left.unpacked <=
		    SL_ARCHIVE_UNPACK_FREE +
		    (guint64)bomb->len * SL_ARCHIVE_UNPACK_RATIO);
	sl_archive_free(a);
}

/* Bytes that only start like an archive: nothing read out of bounds, and
 * the reason said. */
static void test_garbage(void **state)
{
	static const char *const formats[] = { "zip", "gzip", "tar" };
	struct sl_archive_budget left = budget();
	GRand *rand = g_rand_new_with_seed(28);

	(void)state;
	for (int round = 0; round < 300; round++) {
		gsize n = (gsize)g_rand_int_range(rand, 0, 3000);
		g_autofree guint8 *b = g_malloc(n + 1);
		struct sl_archive *a;

		for (gsize i = 0; i < n; i++)
			b[i] = (guint8)g_rand_int(rand);
		if (n >= 4 && round % 3 == 0)
			memcpy(b, "PK\x05\x06", 4);
		if (n >= 2 && round % 3 == 1)
			memcpy(b, "\x1f\x8b\x08", MIN(n, 3));
		a = sl_archive_read(formats[round % 3], NULL, b, n, TRUE,
				    &left);
		assert_non_null(a);
		sl_archive_free(a);
	}
	g_rand_free(rand);
}

/* ---- what the rules see ---- */

/* An attached zip, as the digest and the file-type module see it. */
static void test_filetype(void **state)
{
	const struct zip_entry source[] = {
		{ "poc", ELF, sizeof(ELF) - 1, FALSE, 0 },
		{ "poc.c", POC, strlen(POC), TRUE, 0 },
	};
	const struct zip_entry binary[] = {
		{ "poc", ELF, sizeof(ELF) - 1, FALSE, 0 },
		{ "image.img", "\0\0\0\0", 4, FALSE, 0 },
	};
	const struct zip_entry office[] = {
		{ "[Content_Types].xml", "<Types/>", 8, TRUE, 0 },
		{ "word/document.xml", "<w/>", 4, TRUE, 0 },
	};
	const struct {
		const struct zip_entry *e;
		gsize n;
		enum sl_file_kind kind;
		const char *member;
	} cases[] = {
		{ source, 2, SL_FILE_TEXT, "poc.c" },
		{ binary, 2, SL_FILE_PROGRAM, "poc" },
		{ office, 2, SL_FILE_DOCUMENT, NULL },
	};

	(void)state;
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(GByteArray) z = zip(cases[i].e, cases[i].n, FALSE);
		g_autofree char *b64 = g_base64_encode(z->data, z->len);
		g_autofree char *text = g_strdup_printf(
			"From: a@example.org\nTo: security@kernel.org\n"
			"Subject: s\nMIME-Version: 1.0\n"
			"Content-Type: multipart/mixed; boundary=b\n\n"
			"--b\n\nsee\n--b\nContent-Type: application/zip\n"
			"Content-Transfer-Encoding: base64\n\n%s\n--b--\n",
			b64);
		g_autoptr(sl_message) m = sl_test_parse_one(text);
		const struct sl_part *p = m->parts->pdata[2];
		struct sl_filetype v;

		assert_true(sl_part_is_attachment(p));
		assert_non_null(p->archive);
		v = sl_filetype_of_part(p);
		assert_int_equal(v.kind, cases[i].kind);
		if (cases[i].member)
			assert_string_equal(v.member->name, cases[i].member);
		assert_true((sl_filetype_archive_source(p) != NULL) == (i == 0));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zip),
		cmocka_unit_test(test_zip_broken),
		cmocka_unit_test(test_tar),
		cmocka_unit_test(test_tar_gz),
		cmocka_unit_test(test_tar_broken),
		cmocka_unit_test(test_budget),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_filetype),
	};
	int rc;

	g_mime_init();
	rc = cmocka_run_group_tests_name("archive", tests, NULL, NULL);
	g_mime_shutdown();
	return rc;
}
