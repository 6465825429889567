// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast paths of the limits scan (lint/mail/msglimits.c: words counted
 * only where the limit could be passed, header names ruled out by their
 * length, Content-Type values that cannot nest not parsed) held to the
 * slow code they replaced, which sl_limits_scan_new_reference() still
 * runs: the same answer and the same message, whole and fed in pieces, on
 * every fixture, on hostile messages (CR-only and CRLF line ends, NUL and
 * 8-bit bytes, fields at and past the limits, odd names) and on many
 * random ones.  And the byte counts of lint/mail/lines.c held to a byte
 * loop.
 * usage: test_msglimits TESTS-DIR
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "quiet.h"
#include "lines.h"
#include "msglimits.h"
#include "testlib.h"

static const char *tests_dir;
static int scale = 1;		/* $SECLINT_HOSTILE_SCALE: fewer random cases */
static unsigned compared, refused;

/* The scan's answer on @len bytes at @bytes, fed in pieces of at most
 * @piece bytes (0: whole; G_MAXSIZE: random sizes from @rand), each in a
 * buffer of its own that is wiped and freed once fed; NULL if accepted,
 * else the message. */
static char *scan(gboolean reference, const char *bytes, gsize len,
		  gsize piece, GRand *rand)
{
	g_autoptr(sl_limits_scan) s = reference
		? sl_limits_scan_new_reference(1000)
		: sl_limits_scan_new(1000);
	g_autoptr(GError) error = NULL;
	gboolean ok = TRUE;

	for (gsize at = 0; ok && (at < len || !at);) {
		gsize n = len - at, piece_len = piece;
		char *copy;

		if (piece == G_MAXSIZE)
			piece_len = (gsize)g_rand_int_range(rand, 1, 300);
		if (piece)
			n = MIN(n, piece_len);
		copy = g_memdup2(bytes + at, n);
		ok = sl_limits_scan_feed(s, copy, n, &error);
		if (copy)	/* NULL for an empty piece */
			memset(copy, 'x', n);
		g_free(copy);
		at += n;
		if (!len)
			break;
	}
	if (ok)
		ok = sl_limits_scan_finish(s, &error);
	return ok ? NULL : g_strdup(error->message);
}

static unsigned count_ref(const char *p, gsize n, char byte)
{
	unsigned count = 0;

	for (gsize i = 0; i < n; i++)
		count += p[i] == byte;
	return count;
}

/*
 * The lines of offsets in @len bytes at @bytes, looked up in the line
 * ends the limits scan noted (sl_limits_check_lines()), and counted: at
 * random offsets, mostly forward, some back, some marked, some outside.
 */
static unsigned lines_checked;

static void check_lines(const char *bytes, gsize len, GRand *rand)
{
	g_autoptr(sl_lines) fast = sl_lines_new_slice(bytes, len, 5);
	g_autoptr(sl_lines) slow = sl_lines_new_slice(bytes, len, 5);
	gint64 at = 0;

	if (!sl_limits_check_lines(bytes, len, 1000, fast, NULL))
		return;
	lines_checked++;
	for (int i = 0; i < 60; i++) {
		gboolean mark = !g_rand_int_range(rand, 0, 8);
		unsigned a, b, want;

		switch (g_rand_int_range(rand, 0, 6)) {
		case 0:
			at = g_rand_int_range(rand, -2, (gint32)MIN(len + 10,
								 G_MAXINT32 - 1));
			break;
		case 1:
			at -= g_rand_int_range(rand, 0, 300);
			break;
		default:
			at += g_rand_int_range(rand, 0, 2 + (gint32)MIN(
				len / 20, 100000));
		}
		a = mark ? sl_lines_mark(fast, at) : sl_lines_at(fast, at);
		b = mark ? sl_lines_mark(slow, at) : sl_lines_at(slow, at);
		want = at < 0 ? 0 : 5 + count_ref(bytes, MIN((gsize)at, len),
						  '\n');
		if (a != want || b != want)
			fail_msg("offset %" G_GINT64_FORMAT ": line %u, walked "
				 "%u, want %u on %zu bytes", at, a, b, want, len);
	}
}

/*
 * The pre-scan of an mbox's messages on shared line ends
 * (sl_input_prescan()) held to the two scans it replaced: the same answer
 * and message as sl_limits_check_lines(), the same plain as
 * sl_input_address_headers_plain(), the same quiet as sl_parse_quiet(),
 * and the lines of offsets.
 */
static unsigned prescans, plain_seen[2], quiet_seen[2];

static void check_prescan(const char *bytes, gsize len, GRand *rand)
{
	g_autoptr(sl_lines) lines = sl_lines_new_slice(bytes, len, 5);
	g_autoptr(GError) fast_error = NULL;
	g_autoptr(GError) slow_error = NULL;
	gboolean plain = TRUE, quiet = TRUE;
	gboolean fast = sl_input_prescan(bytes, len, 1000, lines, &plain,
					 &quiet, &fast_error);
	gboolean slow = sl_limits_check_lines(bytes, len, 1000, NULL,
					      &slow_error);
	gboolean slow_plain = slow && sl_input_address_headers_plain(bytes,
								     len);
	gboolean slow_quiet = slow && sl_parse_quiet(bytes, len);
	gint64 at = 0;

	if (fast != slow || plain != slow_plain || quiet != slow_quiet ||
	    (!fast && strcmp(fast_error->message, slow_error->message)))
		fail_msg("pre-scan: %s, plain %d, quiet %d; the scans: %s, "
			 "plain %d, quiet %d, on %zu bytes: %.*s",
			 fast ? "accepted" : fast_error->message, plain, quiet,
			 slow ? "accepted" : slow_error->message, slow_plain,
			 slow_quiet, len, (int)MIN(len, 300), bytes);
	prescans++;
	plain_seen[plain]++;
	quiet_seen[quiet]++;
	if (!fast)
		return;
	for (int i = 0; i < 40; i++) {
		unsigned got, want;

		at = g_rand_boolean(rand)
			? at + g_rand_int_range(rand, 0, 2 + (gint32)MIN(
						len / 10, 100000))
			: g_rand_int_range(rand, -2, (gint32)MIN(len + 10,
							 G_MAXINT32 - 1));
		got = sl_lines_at(lines, at);
		want = at < 0 ? 0 : 5 + count_ref(bytes, MIN((gsize)at, len),
						  '\n');
		if (got != want)
			fail_msg("pre-scan lines: offset %" G_GINT64_FORMAT
				 ": line %u, want %u on %zu bytes", at, got,
				 want, len);
	}
}

static void same(const char *what, const char *fast, const char *slow,
		 const char *bytes, gsize len)
{
	if (g_strcmp0(fast, slow))
		fail_msg("%s: '%s', the reference '%s' on %zu bytes: %.*s",
			 what, fast ? fast : "accepted",
			 slow ? slow : "accepted", len, (int)MIN(len, 300),
			 bytes);
}

/* Both scans on @len bytes at @bytes: whole, as sl_limits_check() reads
 * them, and in pieces. */
static void compare(const char *bytes, gsize len, GRand *rand)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *slow = scan(TRUE, bytes, len, 0, NULL);
	g_autofree char *fast = sl_limits_check(bytes, len, 1000, &error)
		? NULL : g_strdup(error->message);
	static const gsize pieces[] = { 1, 7, 4096, G_MAXSIZE };

	same("whole", fast, slow, bytes, len);
	check_lines(bytes, len, rand);
	check_prescan(bytes, len, rand);
	for (gsize i = 0; i < G_N_ELEMENTS(pieces); i++) {
		g_autofree char *fast_cut = NULL, *slow_cut = NULL;
		guint32 seed = g_rand_int(rand);
		g_autoptr(GRand) r1 = g_rand_new_with_seed(seed);
		g_autoptr(GRand) r2 = g_rand_new_with_seed(seed);

		/* A piece of one byte costs a call each: not on large input. */
		if (pieces[i] < 16 && len > 200000)
			continue;
		fast_cut = scan(FALSE, bytes, len, pieces[i], r1);
		slow_cut = scan(TRUE, bytes, len, pieces[i], r2);
		same("in pieces", fast_cut, slow_cut, bytes, len);
	}
	compared++;
	refused += slow != NULL;
}

static void compare_str(const char *text, GRand *rand)
{
	compare(text, strlen(text), rand);
}

/* ---- hostile messages ---- */

/* A field @name of about @words words (give or take @jitter), each of
 * one or two bytes, between random white space, with folded lines in
 * the line ends given, then a blank line and a body. */
static void many_words(GString *s, GRand *rand, const char *name,
		       unsigned words, unsigned jitter, const char *nl)
{
	static const char *const space[] = { " ", "  ", "\t", "\v", "\f",
					      "\r", " \r " };
	static const char *const word[] = { "a", "bc", "\x80", "\xc3\xa9",
					     ":", ",", ";", "\x01" };
	unsigned n = words - jitter + (unsigned)g_rand_int_range(
		rand, 0, 2 * (gint32)jitter + 1);

	g_string_append_printf(s, "%s:", name);
	if (g_rand_boolean(rand))
		g_string_append_c(s, ' ');
	for (unsigned i = 0; i < n; i++) {
		g_string_append(s, word[g_rand_int_range(rand, 0,
							G_N_ELEMENTS(word))]);
		if (!g_rand_int_range(rand, 0, 40))
			g_string_append_printf(s, "%s%s", nl,
					       g_rand_boolean(rand) ? " " : "\t");
		else
			g_string_append(s, space[g_rand_int_range(
					       rand, 0, G_N_ELEMENTS(space))]);
	}
	g_string_append_printf(s, "%s%s%shi%s", nl, nl, nl, nl);
}

/* Fields with about as many words as the limit, in every shape: the
 * count passes the limit (or not) on any line, in any piece. */
static void test_words_at_limit(void **state)
{
	static const char *const nl[] = { "\n", "\r\n", "\r" };
	static const char *const name[] = { "Subject", "To", "Content-Type",
					    "X-A", "Subject " };
	g_autoptr(GRand) rand = g_rand_new_with_seed(50000);

	(void)state;
	for (int i = 0; i < 60 / scale; i++) {
		g_autoptr(GString) s = g_string_new("From: a@b\n");
		const char *end = nl[i % 3];

		if (i % 5 == 4)
			g_string_append(s, "X-Before: one two\n");
		many_words(s, rand, name[g_rand_int_range(rand, 0, 5)],
			   SL_MAX_HEADER_WORDS, i % 2 ? 3 : 200, end);
		compare(s->str, s->len, rand);
	}
	/* Exactly at the limit and one past, one word a line, then one
	 * more field. */
	for (unsigned extra = 0; extra < 2; extra++) {
		g_autoptr(GString) s = g_string_new("Subject: a");

		for (unsigned i = 1; i < SL_MAX_HEADER_WORDS + extra; i++)
			g_string_append(s, "\n a");
		g_string_append(s, "\nTo: x\n\nhi\n");
		compare(s->str, s->len, rand);
	}
}

/* Names GMime reads as the same or not: case, spaces before the colon,
 * NUL and 8-bit bytes, no colon at all, names longer than kept. */
static void test_names(void **state)
{
	static const char *const names[] = {
		"To", "to", "TO", "To ", "To\t", " To", "T\xc3\xb6", "Tx",
		"Cc", "Bcc", "Reply-To", "Received", "Return-Path",
		"return-PATH", "Disposition-Notification-To",
		"Disposition-Notification-Toooooooooooooooooo", "Content-Type",
		"content-type", "Content-Type ", "Content-Typ",
		"Content-Disposition", "CONTENT-DISPOSITION", "From", "Date",
		"Resent-Reply-To", "Errors-To", "Apparently-To", "X",
		"",
	};
	g_autoptr(GRand) rand = g_rand_new_with_seed(19);

	(void)state;
	for (gsize i = 0; i < G_N_ELEMENTS(names); i++) {
		for (int shape = 0; shape < 4; shape++) {
			g_autoptr(GString) s = g_string_new("X-First: 1\n");

			g_string_append(s, names[i]);
			if (shape == 1)
				g_string_append_len(s, "\0z", 2);
			if (shape != 3)
				g_string_append_c(s, ':');
			/* past the address, parameter or colon limits only
			 * where the name is counted */
			for (int j = 0; j < 1100; j++)
				g_string_append(s, shape == 2 ? " a:b;" :
						" a:b;, c,");
			g_string_append(s, "\n\nbody\n");
			compare(s->str, s->len, rand);
		}
	}
}

/* Content-Type values that nest or not, as GMime parses them. */
static void test_content_types(void **state)
{
	static const char *const types[] = {
		"multipart/mixed; boundary=b", "MULTIPART/Mixed; boundary=b",
		"Multipart/mixed; boundary=\"b\"",
		" (comment) multipart/mixed; boundary=b",
		"multipart/mixed (c); boundary=b", "multipart/mixed",
		"multipart/mixed; boundary=", "multipart /mixed; boundary=b",
		"multipar/mixed; boundary=b", "message/rfc822", "MESSAGE/Rfc822",
		"message/", "messages/rfc822", "text/plain; name=multipart",
		"text/plain; x=message", "text/plain", "text/plain; charset=utf-8",
		"(message) text/plain", "x-multipart/mixed; boundary=b",
		"multipart/mixed;\n boundary=b", "multi\n part/mixed; boundary=b",
		"=?utf-8?q?multipart?=/mixed; boundary=b", "\"multipart\"/mixed",
		"", "/", "mul", "m", "M",
	};
	static const char *const bodies[] = {
		"--b\nX: 1\n\ninner\n--b--\nafter\n",
		"--b\nContent-Type: message/rfc822\n\nSubject: x\n\nin\n--b--\n",
		"Subject: inner\nTo: a, b\n\nbody\n",
		"--b \t\nX: 2\n\n--b--  \n",
		"--bb\nX: 3\n\n--b\n\n",
		"--b\n--b\nX: 4\n\n--b--\n",
		"Subject: x\n\n--b\nX: 5\n\n",
	};
	g_autoptr(GRand) rand = g_rand_new_with_seed(2046);
	/* A field past a limit: refused only where it is a header. */
	g_autoptr(GString) over = g_string_new("Content-Disposition: a");

	(void)state;
	for (int i = 0; i <= SL_MAX_PARAMETERS; i++)
		g_string_append(over, "; b");
	for (gsize i = 0; i < G_N_ELEMENTS(types); i++) {
		for (gsize j = 0; j < G_N_ELEMENTS(bodies) * 2; j++) {
			g_autoptr(GString) s = g_string_new(NULL);
			g_autofree char *body = g_strdup(
				bodies[j % G_N_ELEMENTS(bodies)]);

			if (j >= G_N_ELEMENTS(bodies)) {
				/* each header in it over the limit */
				g_autofree char *old = body;
				g_auto(GStrv) lines = g_strsplit(old, "\n", -1);

				for (gsize k = 0; lines[k]; k++)
					if (strchr(lines[k], ':')) {
						g_free(lines[k]);
						lines[k] = g_strdup(over->str);
					}
				body = g_strjoinv("\n", lines);
			}
			g_string_printf(s, "From: a\nContent-Type: %s\n\n%s",
					types[i], body);
			compare_str(s->str, rand);
			/* the value with a NUL byte in it */
			g_string_printf(s, "From: a\nContent-Type: %s", types[i]);
			g_string_append_len(s, "\0multipart/x\n\n", 14);
			g_string_append(s, body);
			compare(s->str, s->len, rand);
		}
	}
}

/* The other limits, at and past them, in every line end. */
static void test_limits(void **state)
{
	static const char *const nl[] = { "\n", "\r\n", "\r" };
	g_autoptr(GRand) rand = g_rand_new_with_seed(1024);

	(void)state;
	for (gsize e = 0; e < G_N_ELEMENTS(nl); e++) {
		const char *n = nl[e];
		g_autoptr(GString) s = g_string_new(NULL);

		/* a field of the length limit, and one byte longer */
		for (gsize extra = 0; extra < 2; extra++) {
			g_string_printf(s, "Subject: ");
			while (s->len < SL_MAX_HEADER_LENGTH + extra)
				g_string_append_c(s, s->len % 3 ? 'x' : ' ');
			g_string_append_printf(s, "%s%shi%s", n, n, n);
			compare(s->str, s->len, rand);
		}
		/* header sections past 4 MiB together */
		g_string_printf(s, "From: a%s", n);
		for (int i = 0; i < 5; i++) {
			g_string_append(s, "X-Big: ");
			for (int j = 0; j < 900000; j++)
				g_string_append_c(s, "ab c"[j % 4]);
			g_string_append(s, n);
		}
		g_string_append_printf(s, "%shi%s", n, n);
		compare(s->str, s->len, rand);
		/* many fields, many parts, deep nesting */
		g_string_printf(s, "From: a%s", n);
		for (int i = 0; i < SL_MAX_HEADER_FIELDS + 1; i++)
			g_string_append_printf(s, "X: %d%s", i, n);
		g_string_append(s, n);
		compare(s->str, s->len, rand);
		g_string_printf(s, "Content-Type: multipart/mixed; "
				"boundary=b%s%s", n, n);
		for (int i = 0; i < SL_MAX_MIME_PARTS + 1; i++)
			g_string_append_printf(s, "--b%sX: %d%s%sp%s", n, i, n,
					       n, n);
		compare(s->str, s->len, rand);
		g_string_truncate(s, 0);
		for (int i = 0; i < SL_MAX_MIME_DEPTH + 1; i++)
			g_string_append_printf(s, "Content-Type: multipart/"
					       "mixed; boundary=b%d%s%s--b%d%s",
					       i, n, n, i, n);
		compare(s->str, s->len, rand);
		/* addresses over the message, parameters over the message */
		g_string_printf(s, "Subject: x%s", n);
		for (int i = 0; i < 12; i++) {
			g_string_append(s, "Cc: ");
			for (int j = 0; j < 900; j++)
				g_string_append(s, "a@b, ");
			g_string_append(s, n);
		}
		compare(s->str, s->len, rand);
		g_string_printf(s, "Content-Type: multipart/mixed; boundary=b"
				"%s%s", n, n);
		for (int i = 0; i < 60; i++) {
			g_string_append_printf(s, "--b%sContent-Disposition: "
					       "inline", n);
			for (int j = 0; j < 99; j++)
				g_string_append(s, "; a=b");
			g_string_append_printf(s, "%s%sx%s", n, n, n);
		}
		compare(s->str, s->len, rand);
	}
}

/* ---- random messages ---- */

static void random_text(GString *s, GRand *rand, int parts)
{
	static const char *const bits[] = {
		"\n", "\n", "\n", "\r\n", "\r", " ", " ", "\t", "\n ", "\n\t",
		"a", "bc", "def", ":", ",", ";", "\"", "(", ")", "\x80",
		"\xff", "\0", "\v", "\f", "From: a@b\n", "To: x, y:z;\n",
		"Subject: a b  c\n", "Cc:", "Content-Type: ",
		"Content-Type: multipart/mixed; boundary=b\n",
		"Content-Type: message/rfc822\n",
		"content-disposition: a; b; c\n", "--b\n", "--b--\n", "--b",
		"\n\n", "\r\n\r\n", "Return-Path:", "X-Y: ",
	};
	/* runs that bring the parameter and address limits within reach */
	static const char runs[] = ";:,";

	for (int i = 0; i < parts; i++) {
		int pick = g_rand_int_range(rand, 0, G_N_ELEMENTS(bits) + 6);
		const char *b;

		if (pick >= (int)G_N_ELEMENTS(bits)) {
			char c = runs[pick % 3];

			for (int j = 0; j < (c == ';' ? 40 : 400); j++)
				g_string_append_c(s, c);
			continue;
		}
		b = bits[pick];
		g_string_append_len(s, b, *b ? (gssize)strlen(b) : 1);
	}
}

static void test_random(void **state)
{
	g_autoptr(GRand) rand = g_rand_new_with_seed(32);

	(void)state;
	for (int i = 0; i < 6000 / scale; i++) {
		g_autoptr(GString) s = g_string_new(NULL);

		random_text(s, rand, g_rand_int_range(rand, 0, 120));
		compare(s->str, s->len, rand);
	}
	/* a few large ones, near the word limit in one field */
	for (int i = 0; i < 20 / scale; i++) {
		g_autoptr(GString) s = g_string_new(NULL);

		random_text(s, rand, 30);
		g_string_append(s, "\nX-Words: ");
		random_text(s, rand, 30);
		many_words(s, rand, "Subject", SL_MAX_HEADER_WORDS, 20,
			   i % 2 ? "\n" : "\r\n");
		random_text(s, rand, 200);
		compare(s->str, s->len, rand);
	}
}

/* ---- fixtures ---- */

static void compare_file(const char *text, gsize len, gpointer rand)
{
	compare(text, len, rand);
}

static void test_fixtures(void **state)
{
	g_autoptr(GRand) rand = g_rand_new_with_seed(7);
	unsigned before = compared;

	(void)state;
	sl_test_each_fixture(tests_dir, compare_file, rand);
	if (compared - before < 1000)
		fail_msg("only %u files: the fixtures not found?",
			 compared - before);
}

/* Both answers were seen, refused and accepted. */
static void test_both_seen(void **state)
{
	(void)state;
	print_message("%u compared, %u refused, %u with their lines, %u "
		      "pre-scanned (%u plain, %u quiet)\n", compared, refused,
		      lines_checked, prescans, plain_seen[1], quiet_seen[1]);
	if (prescans != compared || plain_seen[0] < 100 / (unsigned)scale ||
	    plain_seen[1] < 1000 / (unsigned)scale)
		fail_msg("%u pre-scanned of %u, %u plain, %u not", prescans,
			 compared, plain_seen[1], plain_seen[0]);
	if (quiet_seen[0] < 100 / (unsigned)scale ||
	    quiet_seen[1] < 1000 / (unsigned)scale)
		fail_msg("%u pre-scanned, %u quiet, %u not", prescans,
			 quiet_seen[1], quiet_seen[0]);
	if (refused < 100 / (unsigned)scale ||
	    lines_checked < 1000 / (unsigned)scale ||
	    compared - refused < 1000 / (unsigned)scale)
		fail_msg("%u compared, %u refused: too few of one", compared,
			 refused);
}

/* More lines than the scan notes the ends of, in a header and in a
 * multipart's body. */
static void test_many_lines(void **state)
{
	g_autoptr(GRand) rand = g_rand_new_with_seed(18);
	g_autoptr(GString) s = g_string_new("Subject: x\n");

	(void)state;
	for (int i = 0; i < 300000; i++)
		g_string_append(s, " \n");
	g_string_append(s, "\nbody\n");
	compare(s->str, s->len, rand);
	g_string_assign(s, "Content-Type: multipart/mixed; boundary=b\n\n");
	for (int i = 0; i < 300000; i++)
		g_string_append(s, i % 1000 ? "\n" : "--b\n\n");
	compare(s->str, s->len, rand);
}

/* ---- sl_limits_address_value() and the byte counts ---- */

/* sl_line_ends() held to a byte loop. */
static void check_line_ends(const char *p, gsize n)
{
	gsize count, k = 0;
	guint32 *ends = sl_line_ends(p, n, &count);

	if (!ends) {
		assert_int_equal(count, 0);
		assert_true(!n || count_ref(p, n, '\n') > SL_LINE_ENDS_MOST);
		return;
	}
	for (gsize i = 0; i < n; i++)
		if (p[i] == '\n') {
			assert_true(k < count);
			assert_int_equal(ends[k], i + 1);
			k++;
		}
	assert_int_equal(k, count);
	sl_line_ends_free(ends);
}

/* The arrays of line ends a pool keeps: each as roomy as asked, what
 * was in it kept when it grows, whatever array the pool gave before. */
static void test_line_ends_pool(void **state)
{
	g_autoptr(GRand) rand = g_rand_new_with_seed(7);
	guint32 *held[12] = { NULL };

	(void)state;
	for (int round = 0; round < 400; round++) {
		guint slot = (guint)g_rand_int_range(rand, 0, 12);
		gsize cap = (gsize)g_rand_int_range(rand, 1, 3) == 1
				    ? (gsize)g_rand_int_range(rand, 1, 3000)
				    : (gsize)g_rand_int_range(rand, 1, 80000);
		gsize more = cap + (gsize)g_rand_int_range(rand, 1, 50000);
		guint32 *e;

		sl_line_ends_free(held[slot]);
		e = sl_line_ends_new(cap);
		for (gsize i = 0; i < cap; i++)
			e[i] = (guint32)(i ^ (gsize)round);
		if (round % 3 == 0) {
			e = sl_line_ends_renew(e, more);
			for (gsize i = cap; i < more; i++)
				e[i] = 0;	/* ASan/valgrind: the room is there */
		}
		for (gsize i = 0; i < cap; i++)
			assert_int_equal(e[i], (guint32)(i ^ (gsize)round));
		held[slot] = e;
	}
	for (guint i = 0; i < G_N_ELEMENTS(held); i++)
		sl_line_ends_free(held[i]);
	sl_line_ends_free(NULL);
	held[0] = sl_line_ends_renew(NULL, 5);
	held[0][4] = 9;
	assert_int_equal(held[0][4], 9);
	sl_line_ends_free(held[0]);
}

static void test_byte_counts(void **state)
{
	static const char alphabet[] = "\n\n\r :,a\x80\xff\x0a\x8a\x2a";
	g_autoptr(GRand) rand = g_rand_new_with_seed(16);
	char *buf = g_malloc(20000);

	(void)state;
	for (int i = 0; i < 20000; i++) {
		gsize n = (gsize)g_rand_int_range(rand, 0, i < 19000 ? 300
								       : 20000);
		gsize off = (gsize)g_rand_int_range(rand, 0, 16);
		char byte = alphabet[g_rand_int_range(rand, 0,
						     sizeof(alphabet))];

		n = MIN(n, 20000 - off);
		for (gsize j = 0; j < n; j++)
			buf[off + j] = alphabet[g_rand_int_range(
				rand, 0, sizeof(alphabet))];
		assert_int_equal(sl_bytes_count(buf + off, n, byte),
				 count_ref(buf + off, n, byte));
		assert_int_equal(sl_newlines(buf + off, n),
				 count_ref(buf + off, n, '\n'));
		check_line_ends(buf + off, n);
	}
	/* every byte one: the per-byte sums must not overflow (127 rounds
	 * of 32 bytes and one of 16 at most) */
	memset(buf, '\n', 20000);
	for (gsize n = 4000; n < 20000; n += 997)
		assert_int_equal(sl_newlines(buf, n), n);
	for (gsize k = 1; k < 4; k++)
		for (gsize n = k * 4064 - 40; n < k * 4064 + 40; n++) {
			assert_int_equal(sl_newlines(buf, n), n);
			assert_int_equal(sl_newlines(buf + 1, n), n);
		}
	check_line_ends(buf, 20000);
	g_free(buf);
	/* one newline more than are kept: none kept */
	buf = g_malloc(SL_LINE_ENDS_MOST + 1);
	memset(buf, '\n', SL_LINE_ENDS_MOST + 1);
	check_line_ends(buf, SL_LINE_ENDS_MOST);
	check_line_ends(buf, SL_LINE_ENDS_MOST + 1);
	g_free(buf);
}

static void test_address_value(void **state)
{
	g_autoptr(GRand) rand = g_rand_new_with_seed(10000);

	(void)state;
	for (int i = 0; i < 400; i++) {
		unsigned colons = (unsigned)g_rand_int_range(rand, 995, 1005);
		unsigned commas = (unsigned)g_rand_int_range(rand, 9995,
							     10005);
		g_autoptr(GString) s = g_string_new(NULL);
		g_autoptr(GError) error = NULL;
		gboolean ok;

		if (i % 2)
			colons = 3;
		else
			commas = 7;
		while (colons || commas) {
			gboolean colon = colons &&
					 (!commas || g_rand_boolean(rand));

			g_string_append(s, colon ? "a:" : "b@c,");
			if (colon)
				colons--;
			else
				commas--;
		}
		ok = sl_limits_address_value("To", s->str, &error);
		assert_int_equal(ok, count_ref(s->str, s->len, ':') <=
					     SL_MAX_ADDRESS_COLONS &&
					     count_ref(s->str, s->len, ',') <
						     SL_MAX_ADDRESSES);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_byte_counts),
		cmocka_unit_test(test_line_ends_pool),
		cmocka_unit_test(test_address_value),
		cmocka_unit_test(test_words_at_limit),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_content_types),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_many_lines),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_both_seen),
	};

	if (argc != 2) {
		fprintf(stderr, "usage: %s TESTS-DIR\n", argv[0]);
		return 2;
	}
	tests_dir = argv[1];
	if (g_getenv("SECLINT_HOSTILE_SCALE"))
		scale = MAX(1, atoi(g_getenv("SECLINT_HOSTILE_SCALE")));
	g_mime_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
