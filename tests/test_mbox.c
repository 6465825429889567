// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbox separators: git format-patch writes mboxo, so a body line starting
 * "From " is not escaped; only a real From_ line (a sender and an asctime
 * date) starts a message.  From memory and from a file (read in chunks).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <string.h>
#include <unistd.h>

#include "input.h"
#include "location.h"
#include "mbox.h"
#include "message.h"
#include "testlib.h"

#define SHA "0123456789abcdef0123456789abcdef01234567"
#define PATCH_FROM "From " SHA " Mon Sep 17 00:00:00 2001\n"

/* Parses @text from memory (@from_file FALSE) or from a file. */
static gboolean parse(const char *text, gsize len, gboolean from_file,
		      GPtrArray *msgs, GError **error)
{
	g_autofree char *path = NULL;
	gboolean is_mbox, ok;
	int fd;

	if (!from_file)
		return sl_input_parse(text, len, NULL, &is_mbox, sl_test_keep, msgs,
				      error);
	fd = g_file_open_tmp("seclint-mbox-XXXXXX", &path, NULL);
	assert_true(fd >= 0);
	assert_true(write(fd, text, len) == (ssize_t)len);
	close(fd);
	ok = sl_input_read(path, NULL, &is_mbox, sl_test_keep, msgs, error);
	unlink(path);
	return ok;
}

static GPtrArray *parse_ok(const char *text, gboolean from_file)
{
	GPtrArray *msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;

	if (!parse(text, strlen(text), from_file, msgs, &error))
		fail_msg("parse failed: %s", error->message);
	return msgs;
}

static void expect_refused(const char *text, const char *what)
{
	for (int file = 0; file < 2; file++) {
		g_autoptr(GPtrArray) msgs = sl_test_messages_new();
		g_autoptr(GError) error = NULL;

		if (parse(text, strlen(text), file, msgs, &error))
			fail_msg("accepted, want '%s'", what);
		if (!strstr(error->message, what))
			fail_msg("'%s', want '%s'", error->message, what);
	}
}

static const struct sl_message *nth(GPtrArray *msgs, guint i)
{
	assert_true(i < msgs->len);
	return msgs->pdata[i];
}

static void expect_line(const struct sl_message *msg, const char *where,
			const char *excerpt, unsigned line)
{
	struct sl_location f = { .text = "x" };

	sl_locate(msg, where, excerpt, &f);
	if (f.line != line)
		fail_msg("%s/%s: line %u, want %u", where,
			 excerpt ? excerpt : "-", f.line, line);
}

static void test_separator_lines(void **state)
{
	static const char *const separators[] = {
		/* git format-patch, SHA-1 and SHA-256 */
		"From " SHA " Mon Sep 17 00:00:00 2001",
		"From " SHA SHA "012345678901234567890123 Mon Sep 17 "
		"00:00:00 2001\n",
		/* mutt, procmail: ctime(3) */
		"From alice@example.org Thu Dec  3 13:45:42 2026\n",
		/* Thunderbird */
		"From - Thu Dec 03 13:45:42 2026\n",
		/* postfix local(8): two spaces, a quoted local part */
		"From MAILER-DAEMON  Thu Dec  3 13:45:42 2026\n",
		"From \"john doe\"@example.org  Thu Dec  3 13:45:42 2026\n",
		"From \"a \\\" b\"@example.org Thu Dec  3 13:45:42 2026\n",
		/* public-inbox, b4 */
		"From mboxrd@z Thu Jan  1 00:00:00 1970\n",
		"From git@z Thu Jan 1 00:00:00 1970",
		/* a zone after or before the year, no seconds */
		"From alice@example.org Thu Dec  3 13:45:42 2026 +0100\n",
		"From alice@example.org Thu Dec  3 13:45:42 2026 UTC\n",
		"From alice@example.org Thu Dec  3 13:45:42 2026\r\n",
		"From alice@example.org Thu Dec  3 13:45:42 2026 \n",
		/* git mailsplit looks at the end only: a full name, no
		 * weekday, other spacing, words around the date */
		("From Alice Example <alice@example.org> Thu Dec 3 13:45:42 "
		 "2026\n"),
		"From alice@example.org Dec 3 13:45:42 2026\n",
		"From xyz 13:45:42 91\n",
		"From x 03:45:42 0091\n",
		"From x 1:45:42 +2026\n",
		"From alice@example.org Thu Dec  3 13:45:42 2026 and on\n",
		"From the logs of Thu Dec  3 13:45:42 2026\n",
		"From  Thu Dec  3 13:45:42 2026\n",
		"From alice Thursday December 3 13:45:42 2026\n",
		"From a 9:12:34 99999999999999999999999999\n",
	};
	static const char *const body_lines[] = {
		"From the zlib manual, inflate will return:\n",
		"From git-config(1):\n",
		"From: alice@example.org\n",
		"From \n",
		"From\n",
		">From alice@example.org Thu Dec  3 13:45:42 2026\n",
		" From alice@example.org Thu Dec  3 13:45:42 2026\n",
		"from alice@example.org Thu Dec  3 13:45:42 2026\n",
		"From alice@example.org\n",
		"From alice@example.org yesterday\n",
		"From alice@example.org Thu Dec  3 2026\n",
		"From alice@example.org Thu Dec  3 13:45:42\n",
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(separators); i++)
		if (!sl_mbox_is_separator(separators[i],
					  strlen(separators[i])))
			fail_msg("not a separator: '%s'", separators[i]);
	for (size_t i = 0; i < G_N_ELEMENTS(body_lines); i++)
		if (sl_mbox_is_separator(body_lines[i],
					 strlen(body_lines[i])))
			fail_msg("a separator: '%s'", body_lines[i]);
	/* The length is the line's, not up to a NUL. */
	assert_false(sl_mbox_is_separator(separators[2], 20));
}

/* Line numbers on the right. */
static const char series[] =
	PATCH_FROM						/* 1 */
	"From: A <a@example.org>\n"				/* 2 */
	"Subject: [PATCH 1/3] zlib: check inflate\n"		/* 3 */
	"\n"							/* 4 */
	"From the zlib manual, inflate will return:\n"		/* 5 */
	"  Z_OK if some progress has been made\n"		/* 6 */
	"---\n"							/* 7 */
	" src/zstream.c | 1 +\n"				/* 8 */
	"\n"							/* 9 */
	"diff --git a/src/zstream.c b/src/zstream.c\n"		/* 10 */
	"--- a/src/zstream.c\n"					/* 11 */
	"+++ b/src/zstream.c\n"					/* 12 */
	"@@ -1,2 +1,3 @@\n"					/* 13 */
	" From the top\n"					/* 14 */
	"+first marker\n"					/* 15 */
	" x\n"							/* 16 */
	"\n"							/* 17 */
	PATCH_FROM						/* 18 */
	"From: A <a@example.org>\n"				/* 19 */
	"To: security@kernel.org\n"				/* 20 */
	"Subject: [PATCH 2/3] config: read it\n"		/* 21 */
	"\n"							/* 22 */
	"Some text.\n"						/* 23 */
	"\n"							/* 24 */
	"From git-config(1):\n"					/* 25 */
	"From: this is not a header\n"				/* 26 */
	">From already escaped\n"				/* 27 */
	"From alice, who reported it\n"			/* 28 */
	"second marker\n"					/* 29 */
	"\n"							/* 30 */
	PATCH_FROM						/* 31 */
	"From: A <a@example.org>\n"				/* 32 */
	"To: linux-distros@vs.openwall.org\n"			/* 33 */
	"Subject: [PATCH 3/3] third\n"				/* 34 */
	"\n"							/* 35 */
	"third marker\n";					/* 36 */

static void check_series(GPtrArray *msgs)
{
	const struct sl_message *m;

	assert_int_equal(msgs->len, 3);
	m = nth(msgs, 0);
	assert_int_equal(m->index, 1);
	assert_int_equal(m->line, 2);
	assert_string_equal(m->subject, "[PATCH 1/3] zlib: check inflate");
	/* The body is as written: nothing escaped, nothing cut. */
	assert_true(g_str_has_prefix(m->body->str,
				     "From the zlib manual, inflate will "
				     "return:\n"));
	assert_non_null(strstr(m->body->str, "\n From the top\n"));
	expect_line(m, "body", "From the zlib", 5);
	expect_line(m, "body", "first marker", 15);
	m = nth(msgs, 1);
	assert_int_equal(m->line, 19);
	assert_string_equal(m->subject, "[PATCH 2/3] config: read it");
	assert_non_null(strstr(m->body->str,
			       "\n\nFrom git-config(1):\n"
			       "From: this is not a header\n"
			       ">From already escaped\n"
			       "From alice, who reported it\n"
			       "second marker\n"));
	expect_line(m, "To", NULL, 20);
	expect_line(m, "body", "From: this is not", 26);
	expect_line(m, "body", "second marker", 29);
	m = nth(msgs, 2);
	assert_int_equal(m->line, 32);
	assert_string_equal(m->subject, "[PATCH 3/3] third");
	expect_line(m, "To", NULL, 33);
	expect_line(m, "Subject", NULL, 34);
	expect_line(m, "body", "third marker", 36);
}

static void test_format_patch_from_memory(void **state)
{
	g_autoptr(GPtrArray) msgs = parse_ok(series, FALSE);

	(void)state;
	check_series(msgs);
}

static void test_format_patch_from_file(void **state)
{
	g_autoptr(GPtrArray) msgs = parse_ok(series, TRUE);

	(void)state;
	check_series(msgs);
}

static void test_classic_mbox(void **state)
{
	static const char mbox[] =
		"From alice@example.org Thu Dec  3 13:45:42 2026\n"
		"From: alice@example.org\nSubject: one\n\nFrom me, hi\n\n"
		"From MAILER-DAEMON  Thu Dec  3 13:45:42 2026 +0000\n"
		"From: bounce@example.org\nSubject: two\n\nhi\n\n"
		"From \"john doe\"@example.org  Thu Dec 03 13:45:42 2026 UTC\n"
		"From: john@example.org\nSubject: three\n\nhi\n\n"
		"From - Thu Dec  3 13:45:42 2026\r\n"
		"From: t@example.org\r\nSubject: four\r\n\r\nhi\r\n";
	static const char *const subjects[] = { "one", "two", "three",
						"four" };

	(void)state;
	for (int file = 0; file < 2; file++) {
		g_autoptr(GPtrArray) msgs = parse_ok(mbox, file);

		assert_int_equal(msgs->len, G_N_ELEMENTS(subjects));
		for (guint i = 0; i < msgs->len; i++)
			assert_string_equal(nth(msgs, i)->subject,
					    subjects[i]);
		assert_string_equal(nth(msgs, 0)->body->str, "From me, hi\n\n");
		assert_int_equal(nth(msgs, 3)->line, 20);
	}
}

/* A body line that does look like a separator still cuts the message:
 * what follows has no headers and the input is refused (fail closed). */
static void test_separator_in_body_is_refused(void **state)
{
	(void)state;
	expect_refused(PATCH_FROM "From: a@example.org\nSubject: s\n\n"
		       "quoted:\n"
		       "From alice@example.org Thu Dec  3 13:45:42 2026\n"
		       "\nmore text\n",
		       "message 2: no mail headers could be parsed");
	expect_refused(PATCH_FROM "From: a@example.org\nSubject: s\n\n"
		       "quoted:\n" PATCH_FROM "more text, not a header\n",
		       "message 2: invalid header name");
	expect_refused(PATCH_FROM "From: a@example.org\nSubject: s\n\n"
		       "hi\n" PATCH_FROM, "message 2: no mail headers");
}

/* A "From " line git does not take for a separator is body text, even
 * when it reads like one without its date: git am would send it so. */
static void test_dateless_from_line_is_body(void **state)
{
	static const char text[] =
		PATCH_FROM "From: a@example.org\nSubject: s\n\nhi\n\n"
		"From alice@example.org\n"
		"From: b@example.org\nTo: security@kernel.org\n"
		"Subject: t\n\nhi\n";

	(void)state;
	for (int file = 0; file < 2; file++) {
		g_autoptr(GPtrArray) msgs = parse_ok(text, file);

		assert_int_equal(msgs->len, 1);
		assert_int_equal(nth(msgs, 0)->recipients->len, 0);
	}
	expect_refused("From alice@example.org\nSubject: s\n\nhi\n",
		       "not with an mbox separator");
}

static void test_first_line_not_a_separator(void **state)
{
	(void)state;
	expect_refused("From the top\nSubject: s\n\nbody\n",
		       "not with an mbox separator");
	expect_refused("From alice@example.org\nSubject: s\n\nbody\n",
		       "not with an mbox separator");
}

static unsigned count_lines(const char *text)
{
	unsigned n = 0;

	while ((text = strchr(text, '\n'))) {
		n++;
		text++;
	}
	return n;
}

/* Parses @text from a file: two messages, the second's body "end" on the
 * input's last line. */
static void expect_two(const char *text)
{
	g_autoptr(GPtrArray) msgs = parse_ok(text, TRUE);

	assert_int_equal(msgs->len, 2);
	assert_string_equal(nth(msgs, 1)->subject, "two");
	expect_line(nth(msgs, 1), "body", "end", count_lines(text));
}

/*
 * The file reader reads 128 KiB blocks: the newline before a separator
 * (searched for as "\nFrom ") just before, on and after the end of the
 * second (256 KiB in), and the separator line cut by it; then a body line longer than a block that
 * starts "From " and would be a separator if it were not that long.
 */
static void test_chunk_boundaries(void **state)
{
	static const char head[] =
		PATCH_FROM "From: a@example.org\nSubject: one\n\n";
	static const char tail[] =
		PATCH_FROM "From: a@example.org\nSubject: two\n\nend\n";
	static const gsize block = 262144;
	static const gsize before[] = { 1, 2, 3, 4, 5, 6, 7, 8, 30, 1023,
					1024, 1025, 1100, 5000 };
	g_autoptr(GString) text = g_string_new(head);

	(void)state;
	for (guint i = 0; i < G_N_ELEMENTS(before) + 2; i++) {
		/* The newline before the tail's separator is at @nl. */
		gsize nl = i < G_N_ELEMENTS(before) ? block - before[i]
						    : block + i % 2;

		g_string_assign(text, head);
		while (text->len + 14 < nl)
			g_string_append(text, "From the pad\n");
		while (text->len < nl)
			g_string_append_c(text, 'y');
		g_string_append_c(text, '\n');
		g_string_append(text, tail);
		expect_two(text->str);
	}
	g_string_assign(text, head);
	g_string_append(text, "From ");
	for (gsize i = 0; i < 300000; i++)
		g_string_append_c(text, 'x');
	/* git takes a separator of any length */
	g_string_append(text, " Mon Sep 17 00:00:00 2001\n");
	g_string_append(text, tail + strlen(PATCH_FROM));
	expect_two(text->str);
}

/* A body line for the generated mbox: text, "From " prose, a long line,
 * or a separator-like line that is not one (no year). */
static void random_line(GString *text, GRand *rand)
{
	gint32 kind = g_rand_int_range(rand, 0, 8);
	gint32 len = g_rand_int_range(rand, 0, 90);

	if (kind == 0)
		g_string_append(text, "From the manual, ");
	if (kind == 1) {
		g_string_append(text, "From x");
		len = g_rand_int_range(rand, 1015, 1030);
	}
	if (kind == 2)
		g_string_append(text, "From " SHA "x Mon Sep 17 00:00:00 ");
	if (kind == 3)
		len = g_rand_int_range(rand, 1000, 9000);
	for (gint32 i = 0; i < len; i++)
		g_string_append_c(text, (char)('a' + i % 26));
	g_string_append_c(text, '\n');
}

/*
 * The file reader's blocks (and its buffer, grown for a long message and
 * shrunk after it) must not change where messages start or their lines:
 * a generated mbox of some 3 MB, messages of a few bytes to 600 KiB, is
 * read from a file and from memory (no blocks) with the same result.
 */
static void test_file_reads_as_memory(void **state)
{
	g_autoptr(GRand) rand = g_rand_new_with_seed(7);
	g_autoptr(GString) text = g_string_new(NULL);
	g_autoptr(GPtrArray) file = NULL, mem = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	unsigned n;

	(void)state;
	for (n = 0; text->len < (3u << 20); n++) {
		gsize size = n % 40 == 39 ? 600000
					  : (gsize)g_rand_int_range(rand, 0, 40000);
		gsize start;

		g_string_append(text, PATCH_FROM);
		g_string_append_printf(text, "From: a@example.org\n"
				       "Subject: m%u\n\n", n);
		start = text->len;
		while (text->len - start < size)
			random_line(text, rand);
		g_string_append_printf(text, "end of m%u\n", n);
	}
	file = parse_ok(text->str, TRUE);
	assert_true(parse(text->str, text->len, FALSE, mem, &error));
	assert_int_equal(file->len, n);
	assert_int_equal(mem->len, n);
	for (guint i = 0; i < n; i++) {
		g_autofree char *subject = g_strdup_printf("m%u", i);
		g_autofree char *end = g_strdup_printf("end of m%u", i);
		const char *at = strstr(text->str, end);

		assert_string_equal(nth(file, i)->subject, subject);
		assert_string_equal(nth(mem, i)->subject, subject);
		assert_int_equal(nth(file, i)->line, nth(mem, i)->line);
		*(char *)at = '\0';	/* the lines before it */
		expect_line(nth(file, i), "body", end,
			    count_lines(text->str) + 1);
		*(char *)at = 'e';
	}
}

/*
 * What the file reader holds is the current message and a few blocks: a
 * long message grows its buffer, and once it is handed over the reader is
 * back to a small one, not reading (and keeping) megabytes ahead from then
 * on.  A 3 MB message between short ones; each is cut where it was
 * written.
 */
static void test_file_reader_memory(void **state)
{
	static const gsize few_blocks = 512u << 10;	/* 4 of 128 KiB */
	g_autoptr(GString) text = g_string_new(NULL);
	g_autoptr(GArray) starts = g_array_new(FALSE, FALSE, sizeof(gsize));
	g_autoptr(sl_mbox_reader) reader = NULL;
	g_autoptr(GError) error = NULL;
	g_autofree char *path = NULL;
	struct sl_raw_message *raw;
	gsize most = 0;
	unsigned n = 0;
	int fd;

	(void)state;
	for (unsigned i = 0; i < 600; i++) {
		gsize start = text->len, size = i == 20 ? (3u << 20) : 4000;

		g_array_append_val(starts, start);
		g_string_append_printf(text, PATCH_FROM "From: a@example.org\n"
				       "Subject: m%u\n\n", i);
		while (text->len - start < size)
			g_string_append(text, "a line of the body, as long as "
					      "many are in a patch\n");
	}
	fd = g_file_open_tmp("seclint-mbox-XXXXXX", &path, NULL);
	assert_true(fd >= 0);
	assert_true(write(fd, text->str, text->len) == (ssize_t)text->len);
	unlink(path);
	reader = sl_mbox_reader_new_fd(fd, 0, SL_MAX_INPUT_SIZE);
	assert_true(sl_mbox_reader_start(reader, &error));
	while (sl_mbox_reader_next(reader, &raw, &error) && raw) {
		gsize start = g_array_index(starts, gsize, n);
		gsize end = n + 1 < starts->len
				    ? g_array_index(starts, gsize, n + 1)
				    : text->len;

		assert_int_equal(raw->index, n + 1);
		assert_int_equal(raw->offset, start + strlen(PATCH_FROM));
		assert_int_equal(raw->bytes->len, end - raw->offset);
		assert_memory_equal(raw->bytes->data, text->str + raw->offset,
				    raw->bytes->len);
		if (n > 20)
			most = MAX(most, sl_mbox_reader_held(reader));
		sl_raw_message_free(raw);
		n++;
	}
	assert_null(error);
	assert_int_equal(n, 600);
	assert_true(most > 0);
	if (most > few_blocks)
		fail_msg("the reader holds %" G_GSIZE_FORMAT " bytes after "
			 "the long message", most);
	close(fd);
}

/* sl_mbox_header_length() held to the plain reading of its words: after
 * the first newline that a newline, or a CR and a newline, follow. */
static gsize header_length_ref(const char *p, gsize n)
{
	for (gsize i = 0; i < n; i++) {
		if (p[i] != '\n')
			continue;
		if (i + 1 < n && p[i + 1] == '\n')
			return i + 2;
		if (i + 2 < n && p[i + 1] == '\r' && p[i + 2] == '\n')
			return i + 3;
	}
	return n;
}

static void test_header_length(void **state)
{
	static const char alphabet[] = "\n\r\nabc:\r\n ";
	g_autoptr(GRand) rand = g_rand_new_with_seed(33);
	char *buf = g_malloc(4096);

	(void)state;
	assert_int_equal(sl_mbox_header_length(NULL, 0), 0);
	for (int round = 0; round < 50000; round++) {
		gsize n = (gsize)g_rand_int_range(rand, 1, round < 40000
								 ? 80 : 4000);
		gsize off = (gsize)g_rand_int_range(rand, 0, 16);
		/* mostly one kind of byte, so that the end comes late */
		int rare = g_rand_int_range(rand, 2, 60);

		for (gsize j = 0; j < n; j++)
			buf[off + j] = g_rand_int_range(rand, 0, rare)
					       ? "ab\n"[g_rand_int_range(
							 rand, 0, 3)]
					       : alphabet[g_rand_int_range(
							 rand, 0,
							 sizeof(alphabet) - 1)];
		/* a line that ends it, somewhere, or none */
		if (round % 4 == 0 && n > 3) {
			gsize at = (gsize)g_rand_int_range(rand, 0,
							   (gint32)n - 2);

			memcpy(buf + off + at, round % 8 ? "\n\n" : "\n\r\n",
			       round % 8 ? 2 : 3);
		}
		assert_int_equal(sl_mbox_header_length(buf + off, n),
				 header_length_ref(buf + off, n));
	}
	g_free(buf);
}

/* What a reader hands over: each message (index, line, offset, bytes),
 * then how it ended; with @heads, each message's header section. */
static GString *reading(struct sl_mbox_reader *r, GString *heads,
			unsigned *count)
{
	GString *out = g_string_new(NULL);
	g_autoptr(GError) error = NULL;
	struct sl_raw_message *raw;

	if (sl_mbox_reader_start(r, &error)) {
		while (sl_mbox_reader_next(r, &raw, &error) && raw) {
			const char *bytes = (const char *)raw->bytes->data;
			gsize len = raw->bytes->len;

			g_string_append_printf(out, "%u %u %" G_GINT64_FORMAT
					       " %" G_GSIZE_FORMAT ":",
					       raw->index, raw->line,
					       raw->offset, len);
			g_string_append_len(out, bytes, (gssize)len);
			if (heads)
				g_string_append_len(heads, bytes, (gssize)
					sl_mbox_header_length(bytes, len));
			sl_raw_message_free(raw);
			++*count;
		}
	}
	g_string_append_printf(out, "\nend: %d %s", error ? error->code : -1,
			       error ? error->message : "");
	return out;
}

/* The header sections a scan of @fd hands over, recorded in @plan. */
static GString *scan_heads(int fd, gsize max, struct sl_mbox_plan *plan)
{
	g_autoptr(sl_mbox_reader) scan = sl_mbox_reader_new_fd(fd, 0, max);
	GString *heads = g_string_new(NULL);
	const char *head;
	gsize len;

	sl_mbox_reader_record(scan, plan);
	if (!sl_mbox_reader_start(scan, NULL))
		return heads;
	while (sl_mbox_reader_next_head(scan, &head, &len, NULL) && head)
		g_string_append_len(heads, head, (gssize)len);
	return heads;
}

/*
 * A reader that follows the plan a scan of the same file recorded hands
 * over what a reader that cuts the file itself does: the same messages,
 * indexes, lines, offsets, and the same error after the same messages
 * (a NUL byte or a message too large is found by the scan's reads, at the
 * same offsets); and the scan's header sections are theirs.  With plans
 * of every size, down to none: the rest is cut again.  Returns how many
 * messages were handed over.
 */
static unsigned expect_plan_same(const char *text, gsize len, gsize max)
{
	static const guint most[] = { 0, 1, 2, 3, 7, G_MAXUINT };
	g_autofree char *path = NULL;
	g_autoptr(GString) want = NULL;
	g_autoptr(GString) want_heads = g_string_new(NULL);
	unsigned n = 0;
	int fd = g_file_open_tmp("seclint-mbox-XXXXXX", &path, NULL);

	assert_true(fd >= 0);
	assert_true(write(fd, text, len) == (ssize_t)len);
	unlink(path);
	{
		g_autoptr(sl_mbox_reader) cut = sl_mbox_reader_new_fd(fd, 0,
								      max);

		want = reading(cut, want_heads, &n);
	}
	for (guint i = 0; i < G_N_ELEMENTS(most); i++) {
		g_autoptr(sl_mbox_plan) plan = sl_mbox_plan_new(most[i]);
		g_autoptr(GString) heads = scan_heads(fd, max, plan);
		g_autoptr(sl_mbox_reader) follow = sl_mbox_reader_new_fd(
			fd, 0, max);
		g_autoptr(GString) got = NULL;
		unsigned got_n = 0;

		sl_mbox_reader_follow(follow, plan);
		got = reading(follow, NULL, &got_n);
		assert_int_equal(got_n, n);
		assert_int_equal(heads->len, want_heads->len);
		assert_memory_equal(heads->str, want_heads->str, heads->len);
		if (got->len != want->len || memcmp(got->str, want->str,
						    got->len))
			fail_msg("plan of %u: %s\nnot %s", most[i],
				 strrchr(got->str, '\n'),
				 strrchr(want->str, '\n'));
	}
	if (g_getenv("SECLINT_TEST_VERBOSE"))
		printf("%u messages, %s\n", n, strrchr(want->str, '\n') + 1);
	close(fd);
	return n;
}

/* The mbox of test_file_reads_as_memory(), smaller: some 1 MB. */
static void generated_mbox(GString *text, guint32 seed)
{
	g_autoptr(GRand) rand = g_rand_new_with_seed(seed);

	for (unsigned n = 0; text->len < (1u << 20); n++) {
		gsize size = n % 40 == 39 ? 300000
					  : (gsize)g_rand_int_range(rand, 0, 20000);
		gsize start;

		g_string_append(text, n % 3 ? PATCH_FROM
				: "From alice@example.org Thu Dec  3 "
				  "13:45:42 2026\r\n");
		g_string_append_printf(text, "From: a@example.org\n"
				       "Subject: m%u\n%s\n", n,
				       n % 5 ? "" : "\r");
		start = text->len;
		while (text->len - start < size)
			random_line(text, rand);
	}
}

static void test_plan_reads_as_cut(void **state)
{
	static const char *const inputs[] = {
		"mbox-mailsplit-shapes.mbox", "from-separator-in-body.mbox",
		"from-in-body.mbox", "series.mbox", "thread.mbox",
	};
	static const char *const dirs[] = { "fuzz/seeds", "inputs",
					    "inputs", "inputs",
					    "acceptance/msgs" };
	static const gsize nul_at[] = { 0, 100, 131071, 131072, 131073,
					262140, 262150, 500000, 1000000 };
	g_autoptr(GString) text = g_string_new(NULL);
	g_autoptr(GString) hostile = g_string_new(NULL);
	gsize long_line = (1u << 20) + 300000;

	(void)state;
	for (guint i = 0; i < G_N_ELEMENTS(inputs); i++) {
		g_autofree char *path = g_build_filename(
			SECLINT_TEST_DIR, dirs[i], inputs[i], NULL);
		g_autofree char *bytes = NULL;
		gsize len;

		assert_true(g_file_get_contents(path, &bytes, &len, NULL));
		assert_true(expect_plan_same(bytes, len, SL_MAX_INPUT_SIZE) >
			    1);
	}
	generated_mbox(text, 7);
	assert_true(expect_plan_same(text->str, text->len,
				     SL_MAX_INPUT_SIZE) > 40);
	/* A message too large: an error after the ones before. */
	expect_plan_same(text->str, text->len, 200000);
	expect_plan_same(text->str, text->len, 21000);
	/* A NUL byte, on either side of a block's end (the reader reads
	 * 128 KiB at a time), or in a separator line. */
	for (guint i = 0; i < G_N_ELEMENTS(nul_at); i++) {
		g_string_assign(hostile, text->str);
		hostile->str[nul_at[i]] = '\0';
		expect_plan_same(hostile->str, hostile->len,
				 SL_MAX_INPUT_SIZE);
	}
	g_string_assign(hostile, text->str);
	*strstr(hostile->str + 400000, "\nFrom ") = '\0';
	expect_plan_same(hostile->str, hostile->len, SL_MAX_INPUT_SIZE);
	/* A line longer than a message may be, in the third message. */
	g_string_assign(hostile, PATCH_FROM "\n" PATCH_FROM "a\n" PATCH_FROM);
	for (gsize i = 0; i < long_line; i++)
		g_string_append_c(hostile, 'x');
	expect_plan_same(hostile->str, hostile->len, 1000);
	/* Empty messages; a separator last, without its newline; no
	 * newline at the end; no separator first. */
	assert_int_equal(expect_plan_same(PATCH_FROM PATCH_FROM PATCH_FROM,
					  3 * strlen(PATCH_FROM),
					  SL_MAX_INPUT_SIZE), 3);
	expect_plan_same(PATCH_FROM "a\n" PATCH_FROM "b\n" PATCH_FROM,
			 3 * strlen(PATCH_FROM) + 3, SL_MAX_INPUT_SIZE);
	expect_plan_same(PATCH_FROM "a\nb", strlen(PATCH_FROM) + 3,
			 SL_MAX_INPUT_SIZE);
	expect_plan_same("From nobody\nSubject: x\n\n", 24,
			 SL_MAX_INPUT_SIZE);
}

/*
 * The newline count (sixteen bytes at a time, lanes summed every 255
 * blocks) and the separator search (sixteen bytes at a time) against the
 * byte-by-byte answer: every length to 600 bytes at every alignment, and
 * runs of newlines and of "\nFrom " longer than a lane counts.
 */
static void test_newlines_and_from_lines(void **state)
{
	g_autoptr(GRand) rand = g_rand_new_with_seed(32);
	g_autofree char *buf = g_malloc(20000 + 16);
	static const char alphabet[] = "\nFrom \nF\n";

	(void)state;
	for (guint round = 0; round < 4; round++) {
		for (gsize i = 0; i < 20000 + 16; i++)
			buf[i] = round == 0 ? '\n'
				 : round == 1 ? alphabet[i % 6]
				 : g_rand_int_range(rand, 0, 4)
				       ? (char)g_rand_int_range(rand, 'a',
								'z')
				       : alphabet[g_rand_int_range(
					       rand, 0, sizeof(alphabet) - 1)];
		for (gsize off = 0; off < 16; off++) {
			for (gsize len = 0; len < 20000;
			     len += len < 600 ? 1 : 997) {
				const char *p = buf + off;
				unsigned want = 0;

				for (gsize i = 0; i < len; i++)
					want += p[i] == '\n';
				assert_int_equal(sl_newlines(p, len), want);
			}
		}
	}
	/* Separators among lines made of the pieces of one, cut as a walk
	 * over the lines cuts them. */
	for (guint round = 0; round < 300; round++) {
		static const char *const pieces[] = {
			PATCH_FROM, "From ", "From the manual\n", "F", "\n",
			"\nFrom", "x", "From " SHA "\n",
		};
		g_autoptr(GString) text = g_string_new(PATCH_FROM);
		g_autoptr(GString) want = g_string_new(NULL);
		g_autoptr(GString) got = g_string_new(NULL);
		g_autoptr(sl_mbox_reader) reader = NULL;
		g_autoptr(GError) error = NULL;
		struct sl_raw_message *raw;
		gint32 n = g_rand_int_range(rand, 0, 400);

		for (gint32 i = 0; i < n; i++)
			g_string_append(text, pieces[g_rand_int_range(
				rand, 0, G_N_ELEMENTS(pieces))]);
		g_string_append_printf(want, "%zu ", strlen(PATCH_FROM));
		for (const char *line = text->str + strlen(PATCH_FROM), *nl;
		     *line; line = nl + 1) {
			nl = strchr(line, '\n');
			if (!nl)
				break;
			if (sl_mbox_is_separator(line, (gsize)(nl + 1 - line)))
				g_string_append_printf(
					want, "%zu ",
					(gsize)(nl + 1 - text->str));
		}
		reader = sl_mbox_reader_new_bytes(text->str, text->len,
						  SL_MAX_INPUT_SIZE);
		assert_true(sl_mbox_reader_start(reader, &error));
		while (sl_mbox_reader_next(reader, &raw, &error) && raw) {
			g_string_append_printf(got, "%" G_GINT64_FORMAT " ",
					       raw->offset);
			sl_raw_message_free(raw);
		}
		assert_null(error);
		assert_string_equal(got->str, want->str);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_separator_lines),
		cmocka_unit_test(test_format_patch_from_memory),
		cmocka_unit_test(test_format_patch_from_file),
		cmocka_unit_test(test_classic_mbox),
		cmocka_unit_test(test_separator_in_body_is_refused),
		cmocka_unit_test(test_dateless_from_line_is_body),
		cmocka_unit_test(test_first_line_not_a_separator),
		cmocka_unit_test(test_chunk_boundaries),
		cmocka_unit_test(test_file_reads_as_memory),
		cmocka_unit_test(test_file_reader_memory),
		cmocka_unit_test(test_plan_reads_as_cut),
		cmocka_unit_test(test_newlines_and_from_lines),
		cmocka_unit_test(test_header_length),
	};
	int rc;

	g_mime_init();
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	g_mime_shutdown();
	return rc;
}
