// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_date_starts: the embargo date forms, tried only where
 * rules/lib/embargo/date-starts.c says they may start, find what a search
 * of the whole text finds: the same dates, in the same order, at the same
 * offsets, with the same triggers and notes, and every match of a form
 * (a date or not) starts where it says one may.  On fixed phrasings, on
 * hostile text (digits of other scripts, Unicode spaces, the long s and
 * the Kelvin sign that caseless patterns read as "s" and "k", invalid
 * UTF-8, CRLF, long runs of spaces, more starts than are kept), and on
 * random strings of the words and signs the forms are made of.  With
 * SECLINT_CHECK_LITERALS=1, which proves the guards before the trigger
 * patterns on every window and sentence they rule out.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "date-starts.h"
#include "dates.h"

/* Everything a candidate holds, to compare the two ways. */
static void describe(GString *out, GPtrArray *dates)
{
	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];
		g_autofree char *when = d->when ?
			g_date_time_format_iso8601(d->when) : g_strdup("-");

		g_string_append_printf(
			out, "[%s@%zu '%s' k%d f%u t'%s' %d%d %s %d %"
			G_GINT64_FORMAT " n'%s' w%d]", d->where, d->offset,
			d->text, d->kind, d->flags,
			d->trigger ? d->trigger : "-", d->has_time, d->exact,
			when, d->days, d->seconds, d->note ? d->note : "-",
			d->weekday);
	}
}

static GDateTime *base(void)
{
	g_autoptr(GTimeZone) utc = g_time_zone_new_utc();

	return g_date_time_new_from_iso8601("2026-03-05T10:00:00Z", utc);
}

/* Do both ways agree on @text?  Says where not, and returns the dates. */
static guint agree(const char *text, gboolean *same)
{
	g_autoptr(GDateTime) t = base();
	g_autoptr(GPtrArray) fast = sl_embargo_extract(text, "body", t);
	g_autoptr(GPtrArray) slow = sl_embargo_extract_everywhere(text, "body",
								  t);
	g_autoptr(GString) a = g_string_new(NULL);
	g_autoptr(GString) b = g_string_new(NULL);

	describe(a, fast);
	describe(b, slow);
	*same = !strcmp(a->str, b->str);
	if (!*same)
		print_error("\"%.200s\":\n  starts: %s\n  search: %s\n", text,
			    a->str, b->str);
	/* and every match of a form, date or not, was at a start */
	if (!sl_embargo_starts_cover(text)) {
		print_error("\"%.200s\": a match not at a start\n", text);
		*same = FALSE;
	}
	return slow->len;
}

static const char *const fixtures[] = {
	"The embargo until 2026-03-12.",
	"CRD: March 12, 14:00 UTC",
	"Public disclosure date: 12 March 2026",
	"We would like to go public on Tuesday.",
	"The embargo ends in 7 days.",
	"Tentative disclosure date is 03/05/2026.",
	"[vs] foo: CRD 20260701",
	"Embargo ends Wed, 1 Jul 2026 14:00 UTC",
	"We plan to publish on July 1st, 2026.",
	"embargo until the 1st of July",
	"embargo until 12-Mar-2026, or 12 - mar",
	"embargo until 01.07.2026 or 25.03.2026",
	"embargo until this coming Tuesday, next  Friday",
	"We propose a 7-day embargo, an embargo of two weeks.",
	"embargo for 5 business days, 3 working-days, 10 calendar\tdays",
	"CRD T+7, T +7, T+ 7 d, T\t+14w",
	"the standard 90-day embargo, 2 days ago, 1234 days, 12345 days",
	"In March, 3 of them; August, 15th 2022; Mar. 3; mar.,\n4",
	"version 2 may crash; may 2026; 3 May 2026; May 3",
	"1st2nd of of July, 3rd  of\n\nAugust",
	"2026/07/01 1999-12-31 2026-13-45 +2026-03-01 .2026-03-01",
	"a:2026-03-01 /12/03/2026 v5.10.2026 x12 March",
	"embargo until\r\n12 March\r\n2026, CRLF",
	"\xd9\xa1\xd9\xa5 March 2026; \xef\xbc\x91\xef\xbc\x95 March",
	"7\xc2\xa0" "days, 7\xe2\x80\x83weeks, 15\xe3\x80\x80March",
	"\xc5\xbf" "eptember 3, 2026; \xc5\xbf" "unday; next "
	"\xc5\xbf" "aturday",
	"two wee\xe2\x84\xaa" "s; \xc5\xbf" "ix days; Augu\xc5\xbf" "t 15",
	"caf\xc3\xa9 12 March; \xc3\xa9" "12 March; 12\xc3\xa9 March",
	"\xe4\xb8\x80\xe4\xba\x8c 12 March \xe4\xb8\x89 2026-03-12",
	"1_2 March, _12 March, 12_March, March_12",
	"embargo until Thu, 12 March 2026 At 14:00 UTC, 13 March 2026 AT 2pm",
	"embargo until 12 March 2026 @ 2pm CET or 2026-03-14T14:00Z",
	"embargo until Wednesday the 12 March 2026 1400 UTC, FRI 13 Mar",
	"at 2:30pm CET on 12 March 2026; 09:00 on the 13 March 2026",
	"embargo until 2026-03-12 wrote 12/12/2026 and 13/13/2026",
	"",
	"1",
	"T",
	"may",
};

static void test_fixtures(void **state)
{
	unsigned failed = 0;
	guint found = 0;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(fixtures); i++) {
		gboolean same;

		found += agree(fixtures[i], &same);
		failed += !same;
	}
	assert_int_equal(failed, 0);
	assert_true(found > 40);	/* the fixtures do hold dates */
}

/* What the forms are made of, and what is near them: words and signs,
 * and what goes between them. */
static const char *const words[] = {
	"0", "1", "3", "9", "12", "31", "2026", "1999", "20260701", "123",
	"1234", "1st", "3rd", "12th", "of", "March", "mar", "MAY", "Sept",
	"jul", "december", "Monday", "sunday", "next", "this", "coming", "a",
	"an", "two", "fifteen", "ninety", "business", "days", "week",
	"Months", "ago", "T", "t", "d", "w", "embargo", "until", "on", "at",
	"14:00", "UTC", "pm", "x", "e", "_", "\xd9\xa1", "\xef\xbc\x91",
	"\xc5\xbf", "\xe2\x84\xaa", "\xc3\xa9", "\xe4\xb8\x80",
	"\xc5\xbf" "ep", "wee\xe2\x84\xaa" "s", "T+7", "2026-03-12",
	"12/03/2026", "12.03.2026", "Thu,", "Tuesday", "wed", "FRI", "At",
	"AT", "@", "T14:00Z", "1400", "2pm", "2:30pm", "14:00:05", "the",
};

static const char *const between[] = {
	" ", " ", " ", "  ", "\n", "\t", "\r\n", "", "/", ".", "-", ":",
	",", ", ", ". ", "+", "(", ")", "\xc2\xa0", "\xe2\x80\x83",
	"\xe2\x80\xa8", "\xc2\x85", "\n\n",
};

static void test_random(void **state)
{
	const char *scale = g_getenv("SECLINT_HOSTILE_SCALE");
	int rounds = 30000 / (scale ? MAX(atoi(scale), 1) : 1);
	g_autoptr(GRand) rand = g_rand_new_with_seed(32);
	unsigned failed = 0;
	guint found = 0;

	(void)state;
	for (int r = 0; r < rounds && failed < 5; r++) {
		g_autoptr(GString) text = g_string_new(NULL);
		int n = g_rand_int_range(rand, 1, 9);
		gboolean same;

		for (int i = 0; i < n; i++) {
			if (i)
				g_string_append(text, between[g_rand_int_range(
					rand, 0, G_N_ELEMENTS(between))]);
			g_string_append(text, words[g_rand_int_range(
					       rand, 0, G_N_ELEMENTS(words))]);
		}
		found += agree(text->str, &same) > 0;
		failed += !same;
	}
	assert_int_equal(failed, 0);
	print_message("%u of %d random texts hold dates\n", found, rounds);
	assert_true(found > (guint)rounds / 10);
}

/* Invalid UTF-8 has no matches either way; a NUL ends the text. */
static void test_invalid(void **state)
{
	static const char *const texts[] = {
		"embargo until 12 March 2026 \xff",
		"\xc5 12 March 2026",
		"12 March \xe2\x84 2026",
		"\xed\xa0\x80 2026-03-12",	/* a surrogate */
	};
	gboolean same;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
		assert_int_equal(agree(texts[i], &same), 0);
		assert_true(same);
	}
	assert_int_equal(agree("12 March 2026\0 13 March 2026", &same), 1);
	assert_true(same);
}

/* A long text, long runs of spaces between a day and its month, and more
 * starts than are kept (then every form searches the whole text). */
static void test_long(void **state)
{
	g_autoptr(GString) text = g_string_new(NULL);
	g_autoptr(GString) many = g_string_new(NULL);
	g_autoptr(GArray) starts = g_array_new(FALSE, FALSE,
					       sizeof(struct sl_date_start));
	gboolean same;

	(void)state;
	for (int i = 0; i < 2000; i++)
		g_string_append_printf(text, "Line %d: a patch may fix it in "
				       "%d days, by %d March or 2026-03-%02d. ",
				       i, i % 20, i % 28 + 1, i % 28 + 1);
	g_string_append(text, "embargo until 15");
	for (int i = 0; i < 100000; i++)
		g_string_append_c(text, i % 7 ? ' ' : '\n');
	g_string_append(text, "March 2026 and two");
	for (int i = 0; i < 100000; i++)
		g_string_append_c(text, ' ');
	g_string_append(text, "weeks");
	assert_true(agree(text->str, &same) > 0);
	assert_true(same);

	for (int i = 0; i < 70000; i++)
		g_string_append(many, "1 may ");
	assert_false(sl_date_starts(many->str, many->len, starts, 65536));
	assert_int_equal(agree(many->str, &same), 0);
	assert_true(same);
}

/* The starts are in order, and only where a word starts. */
static void test_starts(void **state)
{
	static const char text[] = "x12 March, 12 March; may 3 and T+7";
	g_autoptr(GArray) starts = g_array_new(FALSE, FALSE,
					       sizeof(struct sl_date_start));
	const struct sl_date_start *st;

	(void)state;
	assert_true(sl_date_starts(text, strlen(text), starts, 100));
	st = (const struct sl_date_start *)(void *)starts->data;
	assert_int_equal(starts->len, 4);
	assert_int_equal(st[0].at, 4);		/* March 12 (, 12: no) */
	assert_int_equal(st[1].at, 11);		/* 12 March */
	assert_int_equal(st[2].at, 21);		/* may 3 */
	assert_int_equal(st[3].at, 31);		/* T+7 */
	assert_true(st[1].forms & (1u << SL_FORM_DAY_MONTH));
	assert_true(st[3].forms & (1u << SL_FORM_T_PLUS));
}

/* An ambiguous date that grows into the date before it (a clock before
 * it is that date's) is not taken, and leaves that date's note alone: it
 * once replaced it, and leaked it. */
static void test_ambiguous_overlap(void **state)
{
	g_autoptr(GDateTime) t = base();
	g_autoptr(GPtrArray) dates = sl_embargo_extract(
		"12.03.2026 14:00:05 12/04/2026", "body", t);
	const struct sl_embargo_date *d;

	(void)state;
	assert_int_equal(dates->len, 1);
	d = dates->pdata[0];
	assert_string_equal(d->note, "3 December or 12 March 2026");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_invalid),
		cmocka_unit_test(test_long),
		cmocka_unit_test(test_starts),
		cmocka_unit_test(test_ambiguous_overlap),
	};

	/* and the guards before the trigger patterns (literals.h) proved
	 * on every text: a window they rule out that matches aborts */
	g_setenv("SECLINT_CHECK_LITERALS", "1", TRUE);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
