/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Embargo and disclosure dates: the candidates a message proposes, found
 * in its own text and Subject and resolved against its Date header (or
 * now), with GLib's calendar (GDateTime, GDate, GTimeZone).
 * See ../shared/reference/rules.md, 3.0 "Embargo / disclosure date
 * extraction".
 */
#ifndef SECLINT_EMBARGO_H
#define SECLINT_EMBARGO_H

#include "facts.h"
#include "message.h"
#include "policy.h"
#include "rule.h"
#include "severity.h"

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

/*
 * The base time: the Date header, else $SECLINT_NOW (ISO 8601, for
 * tests), else the time the run started.  *from_header says which.
 */
GDateTime *sl_embargo_base(const struct sl_message *msg,
			   gboolean *from_header);

/* @text without inline patches and log excerpts (KASAN, oopses, dmesg). */
char *sl_embargo_strip(const char *text);

/* Every date candidate in @text, in order (of struct sl_embargo_date). */
GPtrArray *sl_embargo_extract(const char *text, const char *where,
			      GDateTime *base);

/*
 * The candidates of a message: its Subject, then its own body text
 * (quoted lines, the signature, patches and logs excluded).
 */
GPtrArray *sl_facts_embargo_dates(struct sl_facts *facts, GDateTime *base);

/* The scanned body text of a message, as sl_facts_embargo_dates sees it. */
char *sl_facts_embargo_text(struct sl_facts *facts);

/* A candidate that an embargo phrase introduces and that resolves. */
gboolean sl_embargo_date_usable(const struct sl_embargo_date *date);
/* The latest / earliest usable candidate, or NULL. */
const struct sl_embargo_date *sl_embargo_latest(GPtrArray *dates);
const struct sl_embargo_date *sl_embargo_earliest(GPtrArray *dates);
/* Is @date more than @days days (plus @grace_hours if exact) away? */
gboolean sl_embargo_exceeds(const struct sl_embargo_date *date, int days,
			    int grace_hours);
/* The same, counted from @since instead of the base. */
gboolean sl_embargo_exceeds_since(const struct sl_embargo_date *date,
				  GDateTime *since, int days, int grace_hours);
/* The oldest date of an attribution line ("On <date>, X wrote:") in
 * @own_text, read against @base; NULL if none. */
GDateTime *sl_embargo_thread_start(const char *own_text, GDateTime *base);
/* "'12 March' = 2026-03-12 (body, 7 days)" */
char *sl_embargo_date_name(const struct sl_embargo_date *date);
/* The same for every triggered candidate, "; " between them. */
char *sl_embargo_describe(GPtrArray *dates);
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

/* What the embargo rules share: the base, and the dates measured from it. */
struct sl_embargo_scan {
	GDateTime *base;
	gboolean from_header;
	GPtrArray *dates;	/* of struct sl_embargo_date */
	char *text;		/* the scanned body text */
	GDateTime *thread_start; /* oldest "On <date>, X wrote:", or NULL */
	char *since;		/* what a rule counts from, if not the base */
};

/* The message's scan, made once per message and kept in @facts; @scan
 * holds its own references (sl_embargo_scan_clear() them). */
void sl_embargo_scan_open(struct sl_embargo_scan *scan,
			  struct sl_facts *facts);
void sl_embargo_scan_clear(struct sl_embargo_scan *scan);
typedef struct sl_embargo_scan sl_embargo_scan;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(sl_embargo_scan, sl_embargo_scan_clear)

/* An open-ended or long hold: "standard 90-day embargo", "next quarter",
 * "until after our talk".  Returns the words, or NULL. */
char *sl_embargo_long_request(const char *text);
/* "from the Date header" or "from now (no Date header)". */
const char *sl_embargo_base_name(gboolean from_header);

/*
 * Report on @end: "the proposed embargo end <date> <fmt...>; counted from
 * <base>; candidates: <all>", at no more than @cap.
 */
void sl_embargo_report(struct sl_check *check, enum sl_severity cap,
		       const struct sl_embargo_scan *scan,
		       const struct sl_embargo_date *end, const char *fmt, ...)
	G_GNUC_PRINTF(5, 6);

/*
 * The start of most embargo rules: if the message goes to a list with
 * @role and is readable, open @scan and return its latest usable end (the
 * earliest with @earliest), else NULL.
 */
const struct sl_embargo_date *sl_embargo_end(struct sl_embargo_scan *scan,
					     const struct sl_check *check,
					     const char *role,
					     gboolean earliest);

/* Does @pattern (caseless) match the sentence before @date (80 bytes
 * at most)? */
gboolean sl_embargo_date_context(const struct sl_message *msg,
				 const struct sl_embargo_scan *scan,
				 const struct sl_embargo_date *date,
				 const char *pattern);

/* The headers of the rules' example messages, Thursday 5 March 2026. */
#define SL_EXAMPLE_DATE "Date: Thu, 05 Mar 2026 10:00:00 +0000\n"
#define SL_EXAMPLE_DISTROS "From: A <a@example.org>\n" \
	"To: linux-distros@vs.openwall.org\n" SL_EXAMPLE_DATE \
	"Subject: [vs] foo: heap overflow\n\n"
#define SL_EXAMPLE_KSEC "From: A <a@example.org>\n" \
	"To: security@kernel.org\n" SL_EXAMPLE_DATE \
	"Subject: foo: heap overflow\n\n"

/* Is the message to one of the lists with @role, and readable? */
gboolean sl_embargo_applies(struct sl_facts *facts,
			    const struct sl_policy *policy, const char *role);

#endif
