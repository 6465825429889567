/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The embargo dates of a message: the candidates it proposes in its own
 * text and Subject (dates.h), resolved against its Date header (or now),
 * scanned once per message, and the questions the embargo rules ask of
 * them (rules/lib/embargo/scan.c).
 */
#ifndef SECLINT_EMBARGO_H
#define SECLINT_EMBARGO_H

#include "dates.h"
#include "facts.h"
#include "message.h"
#include "policy.h"
#include "rule.h"
#include "severity.h"

/*
 * The base time: the Date header, else $SECLINT_NOW (ISO 8601, for
 * tests), else the time the run started.  *from_header says which.
 */
GDateTime *sl_embargo_base(const struct sl_message *msg,
			   gboolean *from_header);

/* Does @text hold one of @words (lower case), in any case, or a character
 * a caseless pattern may read as a letter of them?  A cheap test before a
 * caseless pattern that needs one of the words. */
gboolean sl_embargo_words_in(const char *text, const char *const *words);

/* The sets of words the embargo patterns on the scan's text cannot match
 * without (rules/lib/embargo/scan.c lists them). */
enum sl_embargo_words {
	SL_EMBARGO_WORDS_HOLD,		/* a long hold: "embargo", "quarter" */
	SL_EMBARGO_WORDS_UNTIL,		/* a hold until an event ... */
	SL_EMBARGO_WORDS_EVENT,		/* ... and the event */
	SL_EMBARGO_WORDS_ASKS,		/* embargo-invalid-reason's hold */
	SL_EMBARGO_WORDS_REASON,	/* and its reason */
	SL_EMBARGO_N_WORDS
};
/* sl_embargo_words_in() of the scan's text (sl_embargo_scan_open()) and
 * the set: every set is looked for in one pass, once a message. */
gboolean sl_embargo_scan_has(struct sl_facts *facts,
			     enum sl_embargo_words set);
/* The words of @set, NULL-ended (for the tests). */
const char *const *sl_embargo_word_set(enum sl_embargo_words set);

/* @text without inline patches and log excerpts (KASAN, oopses, dmesg). */
char *sl_embargo_strip(const char *text);
/* The same, each pattern tried on every line, not only on those a cheap
 * test lets through: what the tests compare it with. */
char *sl_embargo_strip_everywhere(const char *text);

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
/* sl_embargo_strip() of @own_text, and its sl_embargo_thread_start() in
 * *@start, with one pass over its lines. */
char *sl_embargo_strip_start(const char *own_text, GDateTime *base,
			     GDateTime **start);
/* "'12 March' = 2026-03-12 (body, 7 days)" */
char *sl_embargo_date_name(const struct sl_embargo_date *date);
/* The same for every triggered candidate, "; " between them. */
char *sl_embargo_describe(GPtrArray *dates);
/* What the embargo rules share: the base, and the dates measured from it. */
struct sl_embargo_scan {
	GDateTime *base;
	gboolean from_header;
	GPtrArray *dates;	/* of struct sl_embargo_date */
	const char *text;	/* the scanned body text, the message's */
	char *since;		/* what a rule counts from, if not the base */
};

/* The message's scan, made once per message and kept in @facts; @scan
 * holds its own references (sl_embargo_scan_clear() them). */
void sl_embargo_scan_open(struct sl_embargo_scan *scan,
			  struct sl_facts *facts);
void sl_embargo_scan_clear(struct sl_embargo_scan *scan);
/* The oldest "On <date>, X wrote:" of the message's own text, against
 * the scan's base (sl_embargo_strip_start()), or NULL; read once a
 * message, when asked, and owned by @facts. */
GDateTime *sl_embargo_scan_thread_start(struct sl_facts *facts);
typedef struct sl_embargo_scan sl_embargo_scan;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(sl_embargo_scan, sl_embargo_scan_clear)

/* An open-ended or long hold: "standard 90-day embargo", "next quarter",
 * "until after our talk".  Returns the words, or NULL. */
char *sl_embargo_long_request(const char *text);
/* The same of the scan's text, found once a message (NULL: none). */
const char *sl_embargo_scan_long_request(struct sl_facts *facts);
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
