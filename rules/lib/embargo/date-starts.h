/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Where in a text a date form may start (rules/lib/embargo/date-starts.c):
 * one pass over the text that dates.c runs before its patterns, so that
 * each form is tried only there, not searched for over the whole text.
 */
#ifndef SECLINT_DATE_STARTS_H
#define SECLINT_DATE_STARTS_H

#include <glib.h>

/* The date forms of dates.c, in the order it runs them. */
enum sl_date_form {
	SL_FORM_ISO,		/* 2026-07-01, 2026/07/01 */
	SL_FORM_COMPACT,	/* 20260701 */
	SL_FORM_NUMERIC,	/* 07/01/2026, 01.07.2026 */
	SL_FORM_DAY_MONTH,	/* 1 July 2026, 1st of July, 12-Mar-2026 */
	SL_FORM_MONTH_DAY,	/* July 1st, 2026, Jul 1 */
	SL_FORM_WEEKDAY,	/* next Tuesday */
	SL_FORM_RELATIVE,	/* in 7 days, two weeks, 7-day embargo */
	SL_FORM_T_PLUS,		/* T+7 */
	SL_N_FORMS,
};

/* A position and the forms (1 << enum sl_date_form) that may start there. */
struct sl_date_start {
	guint32 at;
	guint32 forms;
};

/*
 * Appends to @starts (of struct sl_date_start), in order, every position
 * of @text (valid UTF-8, @len bytes) where a form's pattern may match: a
 * superset, never missing one.  FALSE if there are more than @max, or the
 * text is too long for the offsets: then search the whole text instead.
 */
gboolean sl_date_starts(const char *text, gsize len, GArray *starts,
			guint max);

#endif
