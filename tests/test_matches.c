// SPDX-License-Identifier: GPL-2.0-only
/*
 * lint/util/matches.c finds what GRegex finds: the same matches, groups and
 * named groups, empty matches included, for UTF-8, raw and multi-line
 * patterns; replace and split give what g_regex_replace_literal() and
 * g_regex_split() give.  And it stays linear where GLib 2.74 is not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <time.h>

#include "matches.h"

struct sample {
	const char *pattern;
	GRegexCompileFlags flags;
	const char *text;
};

static const struct sample samples[] = {
	{ "(?m)^[ +-] {8}", 0, "+        a\n-        b\n x\n         c\n" },
	{ "\\w+", 0, "héllo wörld, 回复 x_1" },
	{ "(?i)É(t)?", 0, "été ÉTÉ et" },
	{ "(a)?b", 0, "b ab xb" },
	{ "x*", 0, "axxbé" },
	{ "", 0, "añb" },
	{ "^", G_REGEX_MULTILINE, "a\r\nb\rc\nd\x0b" "e" },
	{ "$", G_REGEX_MULTILINE, "a\r\nb\n" },
	{ "\\R", 0, "a\r\nb\nc\xc2\x85" "d" },
	{ ".+", 0, "a\r\nb\nc" },
	{ "(?<y>\\d{4})-(?<m>\\d\\d)", 0, "2026-05 and 2027-12-01" },
	{ "=\\?[^?\\s]+\\?[bBqQ]\\?[^?\\s]*\\?=", G_REGEX_RAW,
	  "a =?UTF-8?q?x?= \xff =?x?b?y?=" },
	{ "\\bfoo\\b", G_REGEX_CASELESS, "éfoo FOO foo_ foo" },
	{ "\\n\\s*\\n", 0, "a\n\nb\n \n\nc\n\n" },
	{ "\\s+", 0, "  a \t b\u00a0c\n" },
	{ "b", 0, "" },
	/* Groups unset before and after the last one set: the pooled match
	 * data has more pairs than these patterns have groups. */
	{ "(a)|(b)", 0, "ab" },
	{ "(a)(b)?(c)?", 0, "a ab abc" },
	/* More groups than a pooled matcher's match data holds. */
	{ "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)(m)(n)(o)(p)(q)(r)?", 0,
	  "abcdefghijklmnopq abcdefghijklmnopqr" },
};

static GPtrArray *glib_matches(GRegex *re, const char *text)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GMatchInfo) mi = NULL;

	g_regex_match(re, text, 0, &mi);
	for (; g_match_info_matches(mi); g_match_info_next(mi, NULL)) {
		for (int g = 0; g <= g_regex_get_capture_count(re); g++) {
			int s, e;
			char *v = g_match_info_fetch(mi, g);

			g_match_info_fetch_pos(mi, g, &s, &e);
			g_ptr_array_add(out, g_strdup_printf("%d %d:%d [%s]",
							     g, s, e, v));
			g_free(v);
		}
	}
	return out;
}

static GPtrArray *our_matches(GRegex *re, const char *text)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(sl_matches) m = sl_matches_new(re, text, -1, 0);

	while (sl_matches_next(m)) {
		for (int g = 0; g <= g_regex_get_capture_count(re); g++) {
			int s, e;
			char *v = sl_matches_fetch(m, g);

			assert_true(sl_matches_fetch_pos(m, g, &s, &e));
			g_ptr_array_add(out, g_strdup_printf("%d %d:%d [%s]",
							     g, s, e, v));
			g_free(v);
		}
	}
	assert_null(sl_matches_fetch(m, 99));
	return out;
}

static void assert_same(GPtrArray *want, GPtrArray *got, const char *what)
{
	if (want->len != got->len)
		fail_msg("%s: %u matches, GRegex finds %u", what, got->len,
			 want->len);
	for (guint i = 0; i < want->len; i++)
		assert_string_equal(got->pdata[i], want->pdata[i]);
}

static void test_same_as_gregex(void **state)
{
	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(samples); i++) {
		const struct sample *s = &samples[i];
		g_autoptr(GRegex) re = g_regex_new(s->pattern, s->flags, 0,
						   NULL);
		g_autoptr(GPtrArray) want = glib_matches(re, s->text);
		g_autoptr(GPtrArray) got = our_matches(re, s->text);

		assert_non_null(re);
		assert_same(want, got, s->pattern);
	}
}

static void test_named_groups(void **state)
{
	g_autoptr(GRegex) re = g_regex_new("(?<y>\\d{4})(?:-(?<m>\\d\\d))?",
					   0, 0, NULL);
	g_autoptr(sl_matches) m = sl_matches_new(re, "1999 2026-05", -1, 0);
	g_autofree char *y1 = NULL, *m1 = NULL, *y2 = NULL, *m2 = NULL;

	(void)state;
	assert_true(sl_matches_next(m));
	y1 = sl_matches_fetch_named(m, "y");
	m1 = sl_matches_fetch_named(m, "m");
	assert_true(sl_matches_next(m));
	y2 = sl_matches_fetch_named(m, "y");
	m2 = sl_matches_fetch_named(m, "m");
	assert_false(sl_matches_next(m));
	assert_false(sl_matches_next(m));
	assert_string_equal(y1, "1999");
	assert_string_equal(m1, "");
	assert_string_equal(y2, "2026");
	assert_string_equal(m2, "05");
	assert_null(sl_matches_fetch_named(m, "nope"));
}

/* A text that is not UTF-8 has no matches, as with GRegex. */
static void test_invalid_utf8(void **state)
{
	g_autoptr(GRegex) re = g_regex_new("a", 0, 0, NULL);
	g_autoptr(sl_matches) m = sl_matches_new(re, "a\xff" "a", -1, 0);

	(void)state;
	assert_false(g_regex_match(re, "a\xff" "a", 0, NULL));
	assert_false(sl_matches_next(m));
}

static void test_utf8_valid(void **state)
{
	static const char *const texts[] = {
		"", "plain ascii text, longer than eight bytes",
		"héllo wörld 回复 \xf0\x9f\x98\x80 end", "\xff", "abcdefgh\xc3",
		"abcdefg\xc3\x28", "\xed\xa0\x80 surrogate", "\xf4\x90\x80\x80",
		"\xc0\xaf overlong", "12345678\x80", "ok\xe2\x82\xac",
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
		assert_int_equal(sl_utf8_valid(texts[i], strlen(texts[i])),
				 g_utf8_validate(texts[i], -1, NULL));
}

/* What sl_utf8_valid() replaced: GLib's check of each character that is
 * not ASCII (NUL bytes pass, as PCRE2 takes them). */
static gboolean glib_valid(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		gunichar c;

		if (!(*p & 0x80)) {
			p++;
			continue;
		}
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2)
			return FALSE;
		p = g_utf8_next_char(p);
	}
	return TRUE;
}

/* @seq after @pad bytes of ASCII and before @tail more: through the
 * 32-byte, word and byte paths, and cut at the end of the text. */
static void check_valid_at(const guchar *seq, size_t n, size_t pad,
			   size_t tail)
{
	char buf[96];
	size_t len = pad + n + tail;

	memset(buf, 'a', sizeof(buf));
	memcpy(buf + pad, seq, n);
	if (sl_utf8_valid(buf, len) != glib_valid(buf, len))
		fail_msg("%02x %02x %02x %02x (%zu bytes) after %zu, %zu more",
			 seq[0], n > 1 ? seq[1] : 0, n > 2 ? seq[2] : 0,
			 n > 3 ? seq[3] : 0, n, pad, tail);
}

/* Every sequence of up to three bytes, and four-byte ones from the bytes
 * at each edge of the table, say what GLib says, wherever they stand. */
static void test_utf8_valid_exhaustive(void **state)
{
	static const guchar edges[] = {
		0x00, 0x0a, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0,
		0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0,
		0xf4, 0xf5, 0xff,
	};
	guchar seq[4];

	(void)state;
	for (unsigned a = 0; a < 256; a++) {
		seq[0] = (guchar)a;
		for (size_t pad = 0; pad < 40; pad += 13)
			check_valid_at(seq, 1, pad, pad % 2);
		for (unsigned b = 0; b < 256; b++) {
			seq[1] = (guchar)b;
			check_valid_at(seq, 2, 0, 0);
			check_valid_at(seq, 2, 33, 1);
			if (a < 0x80)
				continue;
			for (unsigned c = 0; c < 256; c++) {
				seq[2] = (guchar)c;
				check_valid_at(seq, 3, 7, c % 3);
			}
			if (a < 0xe0)
				continue;
			for (size_t c = 0; c < sizeof(edges); c++)
				for (size_t d = 0; d < sizeof(edges); d++) {
					seq[2] = edges[c];
					seq[3] = edges[d];
					check_valid_at(seq, 4, 31, 0);
					check_valid_at(seq, 4, 8, 5);
				}
		}
	}
}

/* Fewer than @most of the @n @pieces, drawn at random, appended to @s,
 * with a NUL byte drawn as often as each piece. */
static void append_random(GString *s, GRand *rand, const char *const *pieces,
			  gint32 n, gint32 most)
{
	gint32 count = g_rand_int_range(rand, 0, most);

	for (gint32 i = 0; i < count; i++) {
		gint32 k = g_rand_int_range(rand, -1, n);

		if (k < 0)
			g_string_append_c(s, '\0');
		else
			g_string_append(s, pieces[k]);
	}
}

/* Random text, mostly ASCII with NUL bytes, CRLF, long runs and broken
 * characters, and its every prefix length around a character. */
static void test_utf8_valid_random(void **state)
{
	static const char *const pieces[] = {
		"plain text ", "\xff", "\xc3", "\xc3\xa9", "\xe2\x82\xac",
		"\xe2\x82", "\xf0\x9f\x98\x80", "\xed\xa0\x80", "\xc0\xaf",
		"\xf4\x8f\xbf\xbf", "\xef\xbf\xbe", "\r\n",
		"forty bytes of ASCII, past a 32-byte run",
	};
	g_autoptr(GRand) rand = g_rand_new_with_seed(7);

	(void)state;
	for (int round = 0; round < 3000; round++) {
		g_autoptr(GString) s = g_string_new(NULL);

		append_random(s, rand, pieces, G_N_ELEMENTS(pieces), 30);
		for (gsize len = 0; len <= s->len; len++)
			assert_int_equal(sl_utf8_valid(s->str, len),
					 glib_valid(s->str, len));
	}
}

/* A long line of 1 MiB: ASCII, then one bad byte at its very end. */
static void test_utf8_valid_long(void **state)
{
	gsize len = 1 << 20;
	g_autofree char *text = g_malloc(len);

	(void)state;
	memset(text, 'x', len);
	assert_true(sl_utf8_valid(text, len));
	text[len - 1] = '\xc3';
	assert_false(sl_utf8_valid(text, len));
	assert_true(sl_utf8_valid(text, len - 1));
}

/* In place, as g_utf8_make_valid() does it: random bytes, mostly ASCII
 * with invalid, truncated and NUL bytes, after a prefix left alone. */
static void test_make_valid_tail(void **state)
{
	static const char *const pieces[] = {
		"plain text ", "\xff", "\xc3", "\xc3\xa9", "\xe2\x82\xac",
		"\xe2\x82", "\xf0\x9f\x98\x80", "\xed\xa0\x80", "\xc0\xaf",
		"0123456789abcdef", "\n",
		"forty bytes of ASCII, past a 32-byte run",
	};
	g_autoptr(GRand) rand = g_rand_new_with_seed(11);

	(void)state;
	for (int round = 0; round < 2000; round++) {
		g_autoptr(GString) s = g_string_new("h\xc3\xa9" "ad ");
		gsize from = s->len;
		g_autofree char *want = NULL;

		append_random(s, rand, pieces, G_N_ELEMENTS(pieces), 40);
		want = g_utf8_make_valid(s->str + from, (gssize)(s->len - from));
		sl_utf8_make_valid_tail(s, from);
		assert_memory_equal(s->str, "h\xc3\xa9" "ad ", from);
		assert_int_equal(s->len - from, strlen(want));
		assert_memory_equal(s->str + from, want, strlen(want));
		assert_int_equal(s->str[s->len], '\0');
	}
}

/* A bad byte at each offset of a long ASCII run, and runs of every
 * length around the 32 and 64 bytes read at once. */
static void test_make_valid_tail_offsets(void **state)
{
	static const char bad[] = { '\0', '\xff', '\xc3', '\x80' };
	unsigned checked = 0;

	(void)state;
	for (gsize len = 1; len < 300; len += len < 140 ? 1 : 37) {
		for (gsize at = 0; at <= len; at++) {
			for (size_t b = 0; b < G_N_ELEMENTS(bad); b++) {
				g_autoptr(GString) s = g_string_new("ab");
				g_autofree char *want = NULL;

				for (gsize i = 0; i < len; i++)
					g_string_append_c(s, i == at ? bad[b]
							  : (char)('a' + i % 26));
				want = g_utf8_make_valid(s->str + 2,
							 (gssize)(s->len - 2));
				sl_utf8_make_valid_tail(s, 2);
				assert_int_equal(s->len - 2, strlen(want));
				assert_memory_equal(s->str + 2, want,
						    strlen(want));
				assert_int_equal(s->str[s->len], '\0');
				checked++;
			}
		}
	}
	assert_true(checked > 10000);
}

static void test_length_and_flags(void **state)
{
	g_autoptr(GRegex) re = g_regex_new("^b", G_REGEX_MULTILINE, 0, NULL);
	g_autoptr(sl_matches) part = sl_matches_new(re, "b\nb\nb", 3, 0);
	g_autoptr(sl_matches) notbol = sl_matches_new(re, "b\nb", -1,
						      G_REGEX_MATCH_NOTBOL);
	unsigned n = 0;
	int s, e;

	(void)state;
	while (sl_matches_next(part))
		n++;
	assert_int_equal(n, 2);
	assert_true(sl_matches_next(notbol));
	assert_true(sl_matches_fetch_pos(notbol, 0, &s, &e));
	assert_int_equal(s, 2);
	assert_false(sl_matches_next(notbol));
}

/* Once a pattern has run over enough text to be compiled by the JIT,
 * its matches stay GRegex's, G_REGEX_MATCH_ANCHORED (which the JIT's own
 * entry ignores) and groups included, for each of a run of short lines. */
static void test_after_jit(void **state)
{
	g_autoptr(GRegex) re = g_regex_new("(x)?b(c)?", 0, 0, NULL);
	g_autoptr(GString) long_text = g_string_new(NULL);
	static const char *const lines[] = { "ab", "ba", "bc", "xbc", "", "a" };

	(void)state;
	for (int i = 0; i < 1000; i++)
		g_string_append(long_text, "a\xc3\xa9 ");
	g_string_append(long_text, "xb");
	for (int round = 0; round < 3; round++) {
		g_autoptr(sl_matches) m = sl_matches_new(re, long_text->str,
							 -1, 0);
		g_autofree char *x = NULL;

		assert_true(sl_matches_next(m));
		x = sl_matches_fetch(m, 1);
		assert_string_equal(x, "x");
		assert_false(sl_matches_next(m));
	}
	for (size_t i = 0; i < G_N_ELEMENTS(lines); i++)
		for (int anchored = 0; anchored < 2; anchored++) {
			GRegexMatchFlags f = anchored ? G_REGEX_MATCH_ANCHORED
						      : 0;
			g_autoptr(GMatchInfo) gm = NULL;
			g_autoptr(sl_matches) m = sl_matches_new(re, lines[i],
								 -1, f);
			gboolean want = g_regex_match(re, lines[i], f, &gm);

			assert_int_equal(sl_matches_next(m), want);
			if (want) {
				g_autofree char *a = g_match_info_fetch(gm, 2);
				g_autofree char *b = sl_matches_fetch(m, 2);

				assert_string_equal(a, b);
			}
		}
}

/* The match from @at on of @re in @text, as "START:END", or "-". */
static char *glib_match_at(GRegex *re, const char *text, gsize at)
{
	g_autoptr(GMatchInfo) mi = NULL;
	int s, e;

	if (!g_regex_match_full(re, text, -1, (gint)at, 0, &mi, NULL))
		return g_strdup("-");
	g_match_info_fetch_pos(mi, 0, &s, &e);
	return g_strdup_printf("%d:%d", s, e);
}

static char *our_match_at(sl_matches *m, gsize at)
{
	int s, e;

	if (!sl_matches_next_at(m, at))
		return g_strdup("-");
	assert_true(sl_matches_fetch_pos(m, 0, &s, &e));
	return g_strdup_printf("%d:%d", s, e);
}

/* sl_matches_next_at() against GRegex from the same start, at every
 * character of each sample and of a text long enough for the JIT,
 * searching and anchored (a compile flag, which the JIT honours). */
static void test_next_at(void **state)
{
	static const char date[] = "(?<y>\\d{4})-(?<m>\\d\\d)";
	g_autoptr(GString) dates = g_string_new(NULL);

	(void)state;
	for (int i = 0; i < 300; i++)
		g_string_append(dates, i % 7 ? "x 2026-05 " : "\xc3\xa9 20261");
	for (size_t i = 0; i <= G_N_ELEMENTS(samples); i++)
		for (int round = 0; round < 6; round++) {
			gboolean last = i == G_N_ELEMENTS(samples);
			const char *pattern = last ? date : samples[i].pattern;
			const char *text = last ? dates->str : samples[i].text;
			GRegexCompileFlags flags =
				(last ? 0 : samples[i].flags) |
				(round % 2 ? G_REGEX_ANCHORED : 0);
			g_autoptr(GRegex) re = g_regex_new(pattern, flags, 0,
							   NULL);
			gsize len = strlen(text);
			g_autoptr(sl_matches) m = sl_matches_fixed_valid(
				pattern, flags, text, len);

			assert_non_null(re);
			for (gsize at = 0; at <= len; at++) {
				g_autofree char *want = NULL;
				g_autofree char *got = NULL;

				if (!(flags & G_REGEX_RAW) &&
				    (text[at] & 0xC0) == 0x80)
					continue;	/* inside a character */
				want = glib_match_at(re, text, at);
				got = our_match_at(m, at);
				assert_string_equal(got, want);
			}
			/* past the end: nothing */
			assert_false(sl_matches_next_at(m, len + 1));
		}
}

static void test_replace_and_split(void **state)
{
	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(samples); i++) {
		const struct sample *s = &samples[i];
		g_autoptr(GRegex) re = g_regex_new(s->pattern, s->flags, 0,
						   NULL);
		g_autofree char *want = g_regex_replace_literal(
			re, s->text, -1, 0, "<>", 0, NULL);
		g_autofree char *got = sl_regex_replace_all(re, s->text, "<>");
		g_auto(GStrv) want_split = NULL;
		g_auto(GStrv) got_split = NULL;

		if (!want)
			fail_msg("%s: GRegex failed", s->pattern);
		assert_string_equal(got, want);
		if (g_regex_match(re, "", 0, NULL) ||
		    g_regex_get_capture_count(re))
			continue;	/* split's contract excludes these */
		want_split = g_regex_split(re, s->text, 0);
		got_split = sl_regex_split_all(re, s->text);
		assert_int_equal(g_strv_length(got_split),
				 g_strv_length(want_split));
		for (guint k = 0; want_split[k]; k++)
			assert_string_equal(got_split[k], want_split[k]);
	}
}

/* 200 000 matches in 2.2 MB: GLib 2.74 takes minutes (each match checks
 * the rest of the text again); linear takes milliseconds. */
static void test_linear(void **state)
{
	GString *text = g_string_new(NULL);
	g_autoptr(GRegex) re = g_regex_new("(?m)^[ +-] {8}", 0, 0, NULL);
	clock_t t0;
	double cpu;
	unsigned n = 0;

	(void)state;
	for (int i = 0; i < 200000; i++)
		g_string_append(text, "+        x\n");
	t0 = clock();
	{
		g_autoptr(sl_matches) m = sl_matches_new(re, text->str, -1, 0);

		while (sl_matches_next(m))
			n++;
	}
	cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
	g_string_free(text, TRUE);
	assert_int_equal(n, 200000);
	if (cpu > 5.0)
		fail_msg("200000 matches took %.1f s of CPU", cpu);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_gregex),
		cmocka_unit_test(test_named_groups),
		cmocka_unit_test(test_invalid_utf8),
		cmocka_unit_test(test_utf8_valid),
		cmocka_unit_test(test_utf8_valid_exhaustive),
		cmocka_unit_test(test_utf8_valid_random),
		cmocka_unit_test(test_utf8_valid_long),
		cmocka_unit_test(test_make_valid_tail),
		cmocka_unit_test(test_make_valid_tail_offsets),
		cmocka_unit_test(test_length_and_flags),
		cmocka_unit_test(test_after_jit),
		cmocka_unit_test(test_next_at),
		cmocka_unit_test(test_replace_and_split),
		cmocka_unit_test(test_linear),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
