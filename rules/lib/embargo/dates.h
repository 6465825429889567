/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Embargo and disclosure dates in a text: the candidates it proposes, in
 * the forms people write, resolved against a base time with GLib's
 * calendar (GDateTime, GDate, GTimeZone); rules/lib/embargo/dates.c.
 * See ../shared/reference/rules.md, 3.0 "Embargo / disclosure date
 * extraction".  What a message's dates are, and the embargo rules'
 * questions, are embargo.h's.
 */
#ifndef SECLINT_DATES_H
#define SECLINT_DATES_H

#include <glib.h>

enum sl_date_kind {
	SL_DATE_ABSOLUTE,	/* a full date: 2026-03-12, 12 March 2026 */
	SL_DATE_DATETIME,	/* a date with a time and a known zone */
	SL_DATE_YEARLESS,	/* 12 March, Mar 12: the next such day */
	SL_DATE_WEEKDAY,	/* "on Tuesday", "next Friday": no date */
	SL_DATE_RELATIVE,	/* "in 7 days", "two weeks", "T+7" */
};

enum sl_date_flag {
	SL_DATE_AMBIGUOUS_ORDER = 1 << 0,	/* 03/05/2026: d/m or m/d */
	SL_DATE_AMBIGUOUS_ZONE = 1 << 1,	/* IST, CST */
	SL_DATE_WEEKDAY_MISMATCH = 1 << 2,	/* "Tuesday, 1 July 2026" */
	SL_DATE_NEEDS_TRIGGER = 1 << 3,		/* 20260701: only after one */
	SL_DATE_FIX_READY = 1 << 4,	/* "the fix will be ready on <date>" */
};

struct sl_embargo_date {
	char *text;		/* the words matched, as written */
	const char *where;	/* "Subject" or "body" */
	enum sl_date_kind kind;
	unsigned flags;		/* enum sl_date_flag */
	char *trigger;		/* the embargo phrase before it, or NULL */
	gboolean has_time;	/* a time of day was written */
	gboolean exact;		/* a time in a known zone, or relative */
	GDateTime *when;	/* the end (UTC if exact); NULL if ambiguous */
	int days;		/* calendar days from the base date */
	gint64 seconds;		/* from the base time, if exact */
	gsize offset;		/* of the match in the scanned text */
	char *note;		/* why it is flagged ("3 May or 5 March") */
	GDateWeekday weekday;	/* of the end where it was written */
};

void sl_embargo_date_free(struct sl_embargo_date *date);

/* Every date candidate in @text, in order (of struct sl_embargo_date). */
GPtrArray *sl_embargo_extract(const char *text, const char *where,
			      GDateTime *base);
/* The same, each form searched for over the whole text, not only where
 * date-starts.c says it may start: what the tests compare it with. */
GPtrArray *sl_embargo_extract_everywhere(const char *text, const char *where,
					 GDateTime *base);
/* Does every match of every form in @text start where date-starts.c says
 * that form may (for its tests)? */
gboolean sl_embargo_starts_cover(const char *text);

/* Does the sentence around [@start, @end) of @text take an embargo back
 * ("the 90-day deadline does not apply", "no embargo needed")? */
gboolean sl_embargo_negated(const char *text, gsize start, gsize end);
/* Does the sentence that goes on at @end of @text name a date ("... until
 * our talk at X on 12 May")? */
gboolean sl_embargo_dated(const char *text, gsize end);
/* The latest date the message says its fix is ready on ("the fix will be
 * ready on March 12"), or NULL. */
const struct sl_embargo_date *sl_embargo_fix_ready(GPtrArray *dates);
/* "Monday" ... "Sunday" */
const char *sl_weekday_name(GDateWeekday day);

#endif
