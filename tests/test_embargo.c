// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_embargo: the embargo date extractor alone, on a table of phrasings
 * and near misses, then on whole messages (quoted text, patches, Subject)
 * and the injectable base time.
 *
 * Expected results are written one candidate a word: a kind letter (A
 * absolute, T date and time, Y year-less, W weekday, R relative), the
 * resolved date (UTC time added when exact), "?order" for d/m vs m/d,
 * "!zone" for an ambiguous zone and "!wd" for a weekday that does not
 * fit.  A leading "~" marks a candidate no embargo phrase introduces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <stdlib.h>
#include <string.h>

#include "embargo.h"
#include "facts.h"
#include "input.h"
#include "message.h"

/* Thursday, so that weekdays and 7-day steps are easy to check. */
#define BASE "2026-03-05T10:00:00Z"

struct phrasing {
	const char *text;
	const char *base;	/* NULL: BASE */
	const char *expect;
};

static const struct phrasing table[] = {
	/* the forms of the issue text */
	{ "The embargo until 2026-03-12.", NULL, "A2026-03-12" },
	{ "CRD: March 12, 14:00 UTC", NULL, "T2026-03-12T14:00Z" },
	{ "Public disclosure date: 12 March 2026", NULL, "A2026-03-12" },
	{ "We would like to go public on Tuesday.", NULL, "W2026-03-10" },
	{ "The embargo ends in 7 days.", NULL, "R2026-03-12T10:00Z" },
	{ "Tentative disclosure date is 03/05/2026.", NULL, "?order" },
	/* absolute forms */
	{ "embargo: 2026-07-01T14:00Z", NULL, "T2026-07-01T14:00Z" },
	{ "[vs] foo: CRD 20260701", NULL, "A2026-07-01" },
	{ "Coordinated release 2026/07/01", NULL, "A2026-07-01" },
	{ "Embargo ends Wed, 1 Jul 2026 14:00 UTC", NULL,
	  "T2026-07-01T14:00Z" },
	{ "We plan to publish on July 1st, 2026.", NULL, "A2026-07-01" },
	{ "embargo until the 1st of July", NULL, "Y2026-07-01" },
	{ "embargo until Jul 1", NULL, "Y2026-07-01" },
	{ "embargo until 12-Mar-2026", NULL, "A2026-03-12" },
	{ "disclosure on 07/01/2026", NULL, "?order" },
	{ "disclosure date: 13/03/2026", NULL, "A2026-03-13" },
	{ "disclosure date: 03/13/2026", NULL, "A2026-03-13" },
	{ "embargo until 03/03/2026", NULL, "A2026-03-03" },
	{ "embargo until 01.07.2026", NULL, "?order" },
	{ "embargo until 25.03.2026", NULL, "A2026-03-25" },
	{ "embargo until next Tuesday", NULL, "W2026-03-10" },
	{ "embargo until Thursday", NULL, "W2026-03-12" },
	{ "embargo until Tuesday, July 1st, 2026", NULL, "A2026-07-01!wd" },
	{ "embargo until Wednesday, July 1st, 2026", NULL, "A2026-07-01" },
	/* relative forms */
	{ "We propose a 7-day embargo.", NULL, "R2026-03-12T10:00Z" },
	{ "an embargo of two weeks", NULL, "R2026-03-19T10:00Z" },
	{ "embargo ending 14 days from today", NULL, "R2026-03-19T10:00Z" },
	{ "CRD T+7", NULL, "R2026-03-12T10:00Z" },
	{ "the standard 90-day embargo", NULL, "R2026-06-03T10:00Z" },
	{ "embargo for one month", NULL, "R2026-04-05T10:00Z" },
	{ "embargo for 5 business days", NULL, "R2026-03-12T10:00Z" },
	/* time zones and DST */
	{ "embargo until 2026-03-12 14:00 CET", NULL, "T2026-03-12T13:00Z" },
	{ "embargo until 2026-07-01 14:00 CEST", NULL, "T2026-07-01T12:00Z" },
	{ "embargo until 2026-07-01 14:00 Europe/Berlin", NULL,
	  "T2026-07-01T12:00Z" },
	{ "embargo until 2026-01-15 14:00 Europe/Berlin", NULL,
	  "T2026-01-15T13:00Z" },
	{ "embargo until 2026-03-29 12:00 Europe/Berlin", NULL,
	  "T2026-03-29T10:00Z" },
	{ "embargo until 2026-03-28 12:00 Europe/Berlin", NULL,
	  "T2026-03-28T11:00Z" },
	{ "embargo until 2026-03-12 09:00 PDT", NULL, "T2026-03-12T16:00Z" },
	{ "embargo until 2026-07-02 23:00 PDT", NULL, "T2026-07-03T06:00Z" },
	{ "embargo until 2026-03-12 10:00 IST", NULL, "A2026-03-12!zone" },
	{ "embargo until 2026-03-12 10:00 CST", NULL, "A2026-03-12!zone" },
	{ "embargo until 2026-03-12 10:00", NULL, "A2026-03-12" },
	{ "embargo until 2026-03-12 2pm EST", NULL, "T2026-03-12T19:00Z" },
	{ "embargo until 2026-03-12T14:00:00+02:00", NULL,
	  "T2026-03-12T12:00Z" },
	{ "embargo until 2026-03-12 14:00 UTC+2", NULL, "T2026-03-12T12:00Z" },
	{ "embargo until 2026-03-12 at 14:00 (UTC)", NULL,
	  "T2026-03-12T14:00Z" },
	{ "Disclosure date: 2026-03-10 1400 UTC", NULL, "T2026-03-10T14:00Z" },
	{ "embargo until 2026-03-12, 1400 patches later", NULL, "A2026-03-12" },
	/* month, year and leap-day boundaries */
	{ "embargo for 7 days", "2026-01-28T12:00:00Z", "R2026-02-04T12:00Z" },
	{ "embargo for 7 days", "2028-02-25T12:00:00Z", "R2028-03-03T12:00Z" },
	{ "embargo until January 4", "2026-12-28T12:00:00Z", "Y2027-01-04" },
	{ "embargo until 12 March", "2026-03-20T12:00:00Z", "Y2027-03-12" },
	{ "embargo until Feb 29", "2027-03-01T00:00:00Z", "Y2028-02-29" },
	{ "embargo until 2028-02-29", "2028-02-20T00:00:00Z", "A2028-02-29" },
	{ "embargo until 2026-02-29", NULL, "" },
	/* several candidates */
	{ "embargo until 2026-03-10, or at the latest 2026-03-14", NULL,
	  "A2026-03-10 A2026-03-14" },
	{ "Embargo until 2026-03-12. The bug was found on 2026-03-01.", NULL,
	  "A2026-03-12 ~A2026-03-01" },
	/* phrases after the date, sentences, other verbs */
	{ "Timeline:\n2026-02-20: found\n2026-03-10: planned public disclosure",
	  NULL, "~A2026-02-20 A2026-03-10" },
	{ "Disclosure on March 11?  The fix was merged on March 2.", NULL,
	  "Y2026-03-11 ~Y2027-03-02" },
	{ "We plan to publish the advisory within 7 days.", NULL,
	  "R2026-03-12T10:00Z" },
	{ "The next kernel release date is 2026-05-25.", NULL,
	  "~A2026-05-25" },
	{ "Public release date: 2026-03-10", NULL, "A2026-03-10" },
	{ "The fix will be released in 2 weeks.", NULL,
	  "~R2026-03-19T10:00Z" },
	{ "Please keep it private until the fix is released on 2026-03-10.",
	  NULL, "A2026-03-10" },
	{ "we will publish the advisory and the exploit on 2026-03-10", NULL,
	  "A2026-03-10" },
	{ "L\u2019embargo \u2014 jusqu\u2019au \u00ab2026-03-12\u00bb", NULL,
	  "A2026-03-12" },
	{ "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9 CRD 12 March 2026",
	  NULL, "A2026-03-12" },
	{ "public disclosure between 2026-03-10 and 2026-03-12", NULL,
	  "A2026-03-10 A2026-03-12" },
	{ "Proposed date: 2026-03-10", NULL, "A2026-03-10" },
	{ "planned disclosure 2026-03-10", NULL, "A2026-03-10" },
	{ "Publication date: 2026-03-10", NULL, "A2026-03-10" },
	{ "The publication in 2026-03 journal", NULL, "" },
	{ "embargo until 14:00 UTC on 2026-03-12", NULL, "T2026-03-12T14:00Z" },
	{ "CRD at 2:30pm CET, March 12", NULL, "T2026-03-12T13:30Z" },
	{ "embargo until 10:00 on 2026-03-12", NULL, "A2026-03-12" },
	{ "fixed in 6.1.12, embargo until 2026-03-12", NULL, "A2026-03-12" },
	/* a date before its phrase, holds, negations (issue 14) */
	{ "Depending of your workload, we can\nsuggest the August, 15th 2022 "
	  "as a potential date for public disclosure.", "2022-07-01T15:43:16Z",
	  "A2022-08-15" },
	{ "We suggest 2026-03-20 as the coordinated disclosure date.", NULL,
	  "A2026-03-20" },
	{ "Please hold it back 30 days so vendors can ship.", NULL,
	  "R2026-04-04T10:00Z" },
	{ "Please do not merge the fix before 2026-04-30.", NULL,
	  "A2026-04-30" },
	{ "The 90-day deadline does not apply to kernel bugs.", NULL,
	  "~R2026-06-03T10:00Z" },
	{ "No need for an embargo of 14 days, publish when ready.", NULL,
	  "~R2026-03-19T10:00Z" },
	{ "In March, 3 of them failed.", NULL, "" },
	{ "The fix will be ready on March 12.", NULL, "~Y2026-03-12" },
	/* near misses */
	{ "Fixed in 6.1.12 and 5.15.150.", NULL, "" },
	{ "This is CVE-2026-1234, see also CVE-2026-12345.", NULL, "" },
	{ "The embargo is until 14:00 UTC.", NULL, "" },
	{ "It took me 7 days to find this.", NULL, "~R2026-03-12T10:00Z" },
	{ "The crash shows up in 7 days of fuzzing.", NULL,
	  "~R2026-03-12T10:00Z" },
	{ "The bug was reported on 2026-03-01.", NULL, "~A2026-03-01" },
	{ "build 20260701 of the firmware", NULL, "" },
	{ "The bug was introduced 3 weeks ago.", NULL, "" },
	{ "I waited until 2 March 2026 for a reply.", NULL, "~A2026-03-02" },
	{ "Version 2026.03 was released.", NULL, "" },
	{ "version 2 may crash on boot", NULL, "" },
	{ "[   12.345678] embargo until 2026-03-12", NULL, "" },
	{ "Mar 12 10:11:12 host kernel: embargo until 2026-03-12", NULL, "" },
	{ "==================================================================\n"
	  "BUG: KASAN: slab-use-after-free in foo+0x12/0x40\n"
	  "Read of size 8 by task a/1 until 2026-03-12\n\n"
	  "embargo until 2026-03-13", NULL, "A2026-03-13" },
	{ "diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n"
	  "-/* embargo until 2026-03-12 */\n+/* embargo until 2026-03-13 */\n",
	  NULL, "" },
};

static GDateTime *parse_base(const char *iso)
{
	g_autoptr(GTimeZone) utc = g_time_zone_new_utc();
	GDateTime *t = g_date_time_new_from_iso8601(iso, utc);

	assert_non_null(t);
	return t;
}

static void describe(GString *out, const struct sl_embargo_date *d)
{
	static const char kinds[] = "ATYWR";
	g_autofree char *when = NULL;

	if (out->len)
		g_string_append_c(out, ' ');
	if (!d->trigger)
		g_string_append_c(out, '~');
	if (d->flags & SL_DATE_AMBIGUOUS_ORDER) {
		g_string_append(out, "?order");
		return;
	}
	assert_non_null(d->when);
	when = g_date_time_format(d->when, d->exact ? "%Y-%m-%dT%H:%MZ" :
				  "%Y-%m-%d");
	g_string_append_printf(out, "%c%s", kinds[d->kind], when);
	if (d->flags & SL_DATE_AMBIGUOUS_ZONE)
		g_string_append(out, "!zone");
	if (d->flags & SL_DATE_WEEKDAY_MISMATCH)
		g_string_append(out, "!wd");
}

static char *extract(const char *text, const char *base_iso)
{
	g_autoptr(GDateTime) base = parse_base(base_iso);
	g_autofree char *scanned = sl_embargo_strip(text);
	g_autoptr(GPtrArray) dates = sl_embargo_extract(scanned, "body", base);
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < dates->len; i++)
		describe(out, dates->pdata[i]);
	return g_string_free(out, FALSE);
}

static void test_table(void **state)
{
	unsigned failed = 0;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(table); i++) {
		const struct phrasing *p = &table[i];
		g_autofree char *got =
			extract(p->text, p->base ? p->base : BASE);

		if (strcmp(got, p->expect)) {
			print_error("\"%s\": got \"%s\", want \"%s\"\n",
				    p->text, got, p->expect);
			failed++;
		}
	}
	assert_int_equal(failed, 0);
}

/* Day counts: calendar days for dates, seconds for exact ends. */
static void test_counts(void **state)
{
	g_autoptr(GDateTime) base = parse_base(BASE);
	g_autoptr(GPtrArray) dates = sl_embargo_extract(
		"embargo until 2026-03-19, or 2026-03-19 22:00 UTC", "body",
		base);
	const struct sl_embargo_date *a, *b;

	(void)state;
	assert_int_equal(dates->len, 2);
	a = dates->pdata[0];
	b = dates->pdata[1];
	assert_int_equal(a->days, 14);
	assert_false(a->exact);
	assert_false(sl_embargo_exceeds(a, 14, 12));
	assert_true(sl_embargo_exceeds(a, 13, 12));
	assert_true(b->exact);
	assert_int_equal(b->seconds, 14 * 86400 + 12 * 3600);
	assert_false(sl_embargo_exceeds(b, 14, 12));
	assert_true(sl_embargo_exceeds(b, 14, 11));
	assert_ptr_equal(sl_embargo_latest(dates), b);
	assert_ptr_equal(sl_embargo_earliest(dates), a);
}

/*
 * A date grown by a clock before it overlapped the date that clock
 * belonged to, and find_triggers() then asked for a window of minus
 * 9 bytes (fuzz_message found it): the one found second is dropped.
 */
static void test_overlapping_dates(void **state)
{
	g_autoptr(GDateTime) base = parse_base(BASE);
	g_autoptr(GPtrArray) dates = sl_embargo_extract(
		"Sent Tue, 01 Dec 2026 10:00:00 2022-02-03 about it.\n"
		"Proposed public disclosure: 2026-12-08 14:00 UTC.", "body",
		base);
	gsize end = 0;

	(void)state;
	assert_int_equal(dates->len, 2);
	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];

		assert_true(d->offset >= end);
		end = d->offset + strlen(d->text);
	}
	assert_string_equal(((struct sl_embargo_date *)
			     dates->pdata[1])->text, "2026-12-08 14:00 UTC");
}

/* The fix-ready date, and holds a sentence takes back. */
static void test_fix_ready_and_negation(void **state)
{
	g_autoptr(GDateTime) base = parse_base(BASE);
	g_autoptr(GPtrArray) dates = sl_embargo_extract(
		"The fix will be ready on March 12.  Please keep it "
		"embargoed until March 18.", "body", base);
	const struct sl_embargo_date *fix, *end;
	g_autofree char *hold = NULL, *none = NULL;

	(void)state;
	fix = sl_embargo_fix_ready(dates);
	end = sl_embargo_latest(dates);
	assert_non_null(fix);
	assert_non_null(end);
	assert_string_equal(fix->text, "March 12");
	assert_string_equal(end->text, "March 18");
	assert_true(sl_embargo_exceeds(end, 7, 12));
	assert_false(sl_embargo_exceeds_since(end, fix->when, 7, 12));
	hold = sl_embargo_long_request("We ask for the standard 90-day "
				       "embargo.");
	assert_non_null(hold);
	none = sl_embargo_long_request("The standard 90-day embargo does "
				       "not apply here.");
	assert_null(none);
}

static const char message[] =
	"From: A <a@example.org>\n"
	"To: linux-distros@vs.openwall.org\n"
	"Subject: [vs] foo: use-after-free, CRD 2026-07-01\n"
	"%s"
	"\n"
	"On Mon, 2 Mar 2026, B wrote:\n"
	"> embargo until 2026-03-09\n"
	"\n"
	"Embargo until 2026-03-12 14:00 UTC.\n"
	"\n"
	"diff --git a/x b/x\n"
	"--- a/x\n"
	"+++ b/x\n"
	"@@ -1 +1 @@\n"
	"+/* embargo until 2026-04-01 */\n"
	"-- \n"
	"Embargo until 2026-05-01 in the signature\n";

static gboolean keep_dates(struct sl_message *msg, gpointer data,
			   GError **error)
{
	GString *out = data;
	gboolean from_header;
	g_autoptr(GDateTime) base = sl_embargo_base(msg, &from_header);
	g_auto(sl_facts) facts = SL_FACTS_INIT(msg, NULL);
	g_autoptr(GPtrArray) dates = sl_facts_embargo_dates(&facts, base);
	g_autofree char *b = g_date_time_format_iso8601(base);

	(void)error;
	g_string_append_printf(out, "%s %s:", from_header ? "header" : "now",
			       b);
	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];

		g_string_append_printf(out, " %s", d->where);
		describe(out, d);
	}
	return TRUE;
}

static char *message_dates(const char *date_header)
{
	g_autofree char *text = g_strdup_printf(message, date_header);
	g_autoptr(GError) error = NULL;
	GString *out = g_string_new(NULL);
	gboolean mbox;

	assert_true(sl_input_parse(text, strlen(text), NULL, &mbox, keep_dates,
				   out, &error));
	return g_string_free(out, FALSE);
}

static void test_message(void **state)
{
	g_autofree char *with = NULL, *without = NULL;

	(void)state;
	with = message_dates("Date: Thu, 05 Mar 2026 10:00:00 +0000\n");
	assert_string_equal(with, "header 2026-03-05T10:00:00Z: "
			    "Subject A2026-07-01 body T2026-03-12T14:00Z");
	g_setenv("SECLINT_NOW", "2026-06-30T12:00:00Z", TRUE);
	without = message_dates("");
	g_unsetenv("SECLINT_NOW");
	assert_string_equal(without, "now 2026-06-30T12:00:00Z: "
			    "Subject A2026-07-01 body T2026-03-12T14:00Z");
}

/* A reply's thread starts at its oldest attribution line. */
static void test_thread_start(void **state)
{
	g_autoptr(GDateTime) base = parse_base(BASE);
	g_autoptr(GDateTime) start = sl_embargo_thread_start(
		"On Mon, 2 Mar 2026, C wrote:\n"
		"> On Wed, 25 Feb 2026 at 09:00 +0100, B wrote:\n"
		"On Wed, 25 Feb 2026 at 09:00 +0100, B wrote:\n"
		"Embargo until 2026-01-01 wrote nothing\n", base);
	g_autoptr(GDateTime) none = sl_embargo_thread_start(
		"Embargo until 2026-03-10.\n", base);
	g_autofree char *iso = NULL;

	(void)state;
	assert_non_null(start);
	iso = g_date_time_format(start, "%Y-%m-%dT%H:%M%z");
	assert_string_equal(iso, "2026-02-25T08:00+0000");
	assert_null(none);
}

/* An ambiguous numeric date in an attribution line has no end to start a
 * thread at (it once reached g_date_time_ref(NULL): a GLib-CRITICAL). */
static void test_thread_start_ambiguous(void **state)
{
	g_autoptr(GDateTime) base = parse_base(BASE);
	g_autoptr(GDateTime) start = NULL;
	GLogLevelFlags was = g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL |
						    G_LOG_LEVEL_WARNING);

	(void)state;
	start = sl_embargo_thread_start(
		"On 12/2/2025 3:45 PM, A wrote:\n"
		"On Wed, 25 Feb 2026 at 09:00 +0100, B wrote:\n", base);
	g_log_set_always_fatal(was);
	assert_non_null(start);
	assert_int_equal(g_date_time_get_month(start), 2);
}

/* The words of @set in @text the slow way: in lower case, or a character
 * caseless PCRE2 reads as "s" or "k" anywhere. */
static gboolean words_slowly(const char *text, const char *const *set)
{
	g_autofree char *low = g_ascii_strdown(text, -1);

	if (strstr(text, "\xc5\xbf") || strstr(text, "\xe2\x84\xaa"))
		return TRUE;
	for (; *set; set++)
		if (strstr(low, *set))
			return TRUE;
	return FALSE;
}

/* What the facts keep of the scan's text, found in one pass for every
 * set of words, against a pass for each, the slow way and the request
 * itself. */
static gboolean same_words(struct sl_message *msg, gpointer data,
			   GError **error)
{
	g_auto(sl_facts) facts = SL_FACTS_INIT(msg, NULL);
	g_autofree char *text = sl_facts_embargo_text(&facts);
	g_autofree char *request = sl_embargo_long_request(text);
	const char *kept;
	unsigned *found = data;

	(void)error;
	for (int i = 0; i < SL_EMBARGO_N_WORDS; i++) {
		const char *const *set =
			sl_embargo_word_set((enum sl_embargo_words)i);
		gboolean has = sl_embargo_words_in(text, set);

		assert_int_equal(words_slowly(text, set), has);

		assert_int_equal(sl_embargo_scan_has(
					 &facts, (enum sl_embargo_words)i),
				 has);
		*found += has;
	}
	kept = sl_embargo_scan_long_request(&facts);
	assert_string_equal(kept ? kept : "-", request ? request : "-");
	/* asked again: the same */
	assert_ptr_equal(sl_embargo_scan_long_request(&facts), kept);
	return TRUE;
}

static void test_scan_words(void **state)
{
	static const char *const bodies[] = {
		"",
		"nothing to see\r\n",
		"We ask for the standard 90-day embargo.\n",
		"Hold it UNTIL after our TALK at the conference.\n",
		"Publi\xc5\xbfh later\n",		/* long s */
		"\342\204\252eep it quiet\n",	/* Kelvin sign */
		"\xff\xc5\r\nembarg\xe2\x84\n",
		"Please keep this private until the Black Hat keynote.\n",
		"> embargo until our paper is out\nquoted only\n",
		"next quarter, CRD, pwn2own, hexacon, OffensiveCon, usenix\n",
		"disclosure\n-- \nembargo in the signature\n",
	};
	unsigned found = 0;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(bodies); i++) {
		g_autofree char *text = g_strdup_printf(
			"From: a@example.org\nTo: security@kernel.org\n"
			"Subject: x\n\n%s", bodies[i]);
		g_autoptr(GError) error = NULL;
		gboolean mbox;

		assert_true(sl_input_parse(text, strlen(text), NULL, &mbox,
					   same_words, &found, &error));
	}
	assert_true(found > 10);	/* not all "no" */
}

/* The cheap test before a caseless pattern: any case, and the two
 * characters caseless PCRE2 reads as ASCII letters. */
static void test_words_in(void **state)
{
	static const char *const words[] = { "embargo", "disclosure", NULL };
	g_autoptr(GString) big = g_string_new(NULL);

	(void)state;
	assert_true(sl_embargo_words_in("an EMBARGO until", words));
	assert_true(sl_embargo_words_in("unembargoed", words));
	assert_true(sl_embargo_words_in("Disclosure", words));
	assert_false(sl_embargo_words_in("embarg disclos", words));
	assert_false(sl_embargo_words_in("", words));
	/* "di\u017fclo\u017fure", and the Kelvin sign anywhere */
	assert_true(sl_embargo_words_in("di\xc5\xbf" "clo\xc5\xbf" "ure",
					words));
	assert_true(sl_embargo_words_in("\xe2\x84\xaa", words));
	/* invalid UTF-8 and CRLF are only bytes */
	assert_false(sl_embargo_words_in("\xff\xc5\r\nembarg\xe2\x84",
					 words));
	for (int i = 0; i < 100000; i++)
		g_string_append(big, "no such words here\r\n");
	assert_false(sl_embargo_words_in(big->str, words));
	g_string_append(big, "embargO");
	assert_true(sl_embargo_words_in(big->str, words));
}

/*
 * What sl_embargo_strip() drops (patches, crash logs, attribution lines)
 * and keeps: every line's place, so offsets into the text stay lines.
 */
static void test_strip(void **state)
{
	static const struct {
		const char *text, *expect;
	} cases[] = {
		{ "", "" },	/* no line at all */
		{ "no newline", "no newline\n" },
		{ "a\n", "a\n\n" },
		{ "\n\n", "\n\n\n" },
		{ "Hello\nOn Mon, 2 Mar 2026 at 10:00, B wrote:\n> x\n",
		  "Hello\n\n> x\n\n" },
		{ "text\ndiff --git a/f b/f\nindex 1..2 100644\n--- a/f\n"
		  "+++ b/f\n@@ -1 +1 @@\n-a\n+b\n\nafter until 1 May",
		  "text\n\n\n\n\n\n\n\n\nafter until 1 May\n" },
		{ "--- a/f\n+++ b/f\n@@ -1 +1 @@\n x\\\nkept\n",
		  "\n\n\n\nkept\n\n" },
		{ "--- not a patch\nsince +++ is not next\n",
		  "--- not a patch\nsince +++ is not next\n\n" },
		{ "diff --git a/b b/b\nGIT binary patch\nliteral 12\n"
		  "LcmV+%0RR91AAAAA\n\nthen",
		  "\n\n\n\n\nthen\n" },
		/* not base85 of the length its first letter says: the text */
		{ "diff --git a/b b/b\nGIT binary patch\nliteral 12\n"
		  "zcmV+%0RR91\n\nthen",
		  "\n\n\nzcmV+%0RR91\n\nthen\n" },
		{ "BUG: KASAN: use-after-free\nCall Trace:\n dump 1 May\n\n"
		  "embargo until 3 May\n",
		  "\n\n\n\nembargo until 3 May\n\n" },
		{ "[   12.345] oops at 2 May\nplain 4 May\n",
		  "\nplain 4 May\n\n" },
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *got = sl_embargo_strip(cases[i].text);

		assert_string_equal(got, cases[i].expect);
	}
}


/* Does sl_embargo_strip_start() read @text as the patterns on every line
 * do, and find the same thread start?  Counts what it dropped and found. */
static gboolean strip_agrees(const char *text, GDateTime *base,
			     unsigned *dropped, unsigned *started)
{
	g_autoptr(GDateTime) start = NULL;
	g_autoptr(GDateTime) slow_start = sl_embargo_thread_start(text, base);
	g_autofree char *fast = sl_embargo_strip_start(text, base, &start);
	g_autofree char *slow = sl_embargo_strip_everywhere(text);
	g_autofree char *plain = sl_embargo_strip(text);
	g_autofree char *whole = g_strdup_printf("%s\n", text);
	gboolean same = !strcmp(fast, slow) && !strcmp(plain, slow) &&
			(start ? slow_start &&
			 g_date_time_equal(start, slow_start) : !slow_start);

	if (!same)
		print_error("\"%.300s\":\n  fast: \"%.300s\"\n  slow: "
			    "\"%.300s\"\n", text, fast, slow);
	*dropped += *text && strcmp(slow, whole);
	*started += slow_start != NULL;
	return same;
}

/* What attribution lines, logs and patches are made of, and what is near
 * them: the newlines PCRE2 reads inside a line (CR, VT, FF, NEL, LS, PS),
 * Unicode spaces and digits, the long s. */
static const char *const strip_pieces[] = {
	"On", "Am", "Le", "El", "Il", "Op", "On Mon, 2 Mar 2026 at 10:00, B",
	"Am 3. M\303\244rz 2026 um 10:00 schrieb C", "Le 4 mars 2026, D a \303\251crit",
	"El 5 mar 2026, E escribi\xc3\xb3", "Il 6 marzo 2026 F ha scritto",
	"Op 7 maart 2026 schreef G", " wrote", "wrote:", " wrote :", ":",
	"On Wed, 25 Feb 2026 09:00 +0100, X wrote:", "Once", "Only",
	" ", "\t", "\r", "\v", "\f", "\xc2\x85", "\xe2\x80\xa8",
	"\xe2\x80\xa9", "\xc2\xa0", "\xe2\x80\x99", "\xe3\x80\x80", "[",
	"[   12.345]", "[ T123]", "[C7]", "Mar 12 10:00:00 ", "mar", "SEP",
	"\305\277ep 1 10:00:00 ", "Dec\t 3 01:02:03\t", "May 1",
	"2026-03-05 10:00:00.1", "2026-03-05T10:00:00,5", "2026", "\xd9\xa1",
	"12", "1", "-", "--", "BUG: ", "WARNING: ", "Oops", "==========",
	"===========", "---[ cut here ]---", "-[ cut here ]-", "syzbot ",
	"kernel BUG ", "Call Trace:", "KASAN: ", "UBSAN: ", "Unable to handle",
	"general protection fault", "x", "The", "and", "embargo until 3 May",
	"diff --git a/f b/f", "--- a/f", "+++ b/f", "@@ -1 +1 @@", "+x", " y",
	"index 1..2", "GIT binary patch",
};

static const char *const strip_between[] = {
	"", "", " ", "\n", "\n", "\n", "\n\n", "\r\n", "\t", ", ",
};

/* The tests before the strip's patterns, and the strip's word on where an
 * attribution line may start, against the patterns tried everywhere; with
 * SECLINT_CHECK_LITERALS=1 (main()) each line a test turned away is
 * matched as well, and a match aborts. */
static void test_strip_guards(void **state)
{
	static const char *const fixed[] = {
		"", "\n", "On Mon, 2 Mar 2026, C wrote:\n> x\n",
		"x\rOn Mon, 2 Mar 2026, C wrote:\n",
		"x\xe2\x80\xa8On Mon, 2 Mar 2026, C wrote:\n",
		"x\xc2\x85On Mon, 2 Mar 2026, C wrote:",
		"On Mon, 2 Mar 2026, C wrote\n:\n",
		"  [ 1.5] a\n\v[ 1.5] b\n\xc2\xa0[T1] c\nJan 12 10:00:00 d\n",
		"\343\200\200BUG: x\n1 May\n\n\t==========\nembargo 2 May\n",
		"2026-03-05 10:00:00.1 x\n20260-03-05\n",
	};
	g_autoptr(GDateTime) base = parse_base(BASE);
	const char *scale = g_getenv("SECLINT_HOSTILE_SCALE");
	int rounds = 20000 / (scale ? MAX(atoi(scale), 1) : 1);
	g_autoptr(GRand) rand = g_rand_new_with_seed(32);
	unsigned failed = 0, dropped = 0, started = 0;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++)
		failed += !strip_agrees(fixed[i], base, &dropped, &started);
	for (int r = 0; r < rounds && failed < 5; r++) {
		g_autoptr(GString) text = g_string_new(NULL);
		int n = g_rand_int_range(rand, 1, 12);

		for (int i = 0; i < n; i++) {
			if (i)
				g_string_append(text, strip_between[
					g_rand_int_range(rand, 0, G_N_ELEMENTS(
						strip_between))]);
			g_string_append(text, strip_pieces[g_rand_int_range(
				rand, 0, G_N_ELEMENTS(strip_pieces))]);
		}
		failed += !strip_agrees(text->str, base, &dropped, &started);
	}
	assert_int_equal(failed, 0);
	print_message("of %d texts, %u lost lines, %u started a thread\n",
		      rounds, dropped, started);
	/* not all kept, not all without an attribution */
	assert_true(dropped > (unsigned)rounds / 4);
	assert_true(started > (unsigned)rounds / 50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_overlapping_dates),
		cmocka_unit_test(test_fix_ready_and_negation),
		cmocka_unit_test(test_message),
		cmocka_unit_test(test_thread_start),
		cmocka_unit_test(test_thread_start_ambiguous),
		cmocka_unit_test(test_words_in),
		cmocka_unit_test(test_scan_words),
		cmocka_unit_test(test_strip),
		cmocka_unit_test(test_strip_guards),
	};
	int rc;

	/* every line a guard turns away is matched too (literals.h) */
	g_setenv("SECLINT_CHECK_LITERALS", "1", TRUE);
	g_mime_init();
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	g_mime_shutdown();
	return rc;
}
