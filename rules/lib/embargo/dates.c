// SPDX-License-Identifier: GPL-2.0-only
/*
 * Embargo date extraction (rules.md 3.0): find the dates a text proposes,
 * in the forms people write, and resolve them against a base time.  The
 * patterns are GRegex; every calendar step (adding days, weekdays, time
 * zones, ISO 8601) is GDateTime, GDate or GTimeZone.
 */
#include <stdlib.h>
#include <string.h>

#include "date-starts.h"
#include "dates.h"
#include "literals.h"
#include "matches.h"
#include "regex-cache.h"

/* How far before a date an embargo phrase may stand (rules.md 3.0). */
#define TRIGGER_WINDOW 80
/* No real message proposes more; a hostile one stays linear. */
#define MAX_CANDIDATES 200

#define MONTHS "(?<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|" \
	       "may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
	       "oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])\\.?"
#define YEAR "(?<y>(?:19|20)\\d\\d)"
#define NUMBER_WORDS "an?|one|two|three|four|five|six|seven|eight|nine|" \
		     "ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|" \
		     "thirty|sixty|ninety"

/* In the order they are run (date-starts.h names them for its tests). */
enum form {
	FORM_ISO = SL_FORM_ISO,		/* 2026-07-01, 2026/07/01 */
	FORM_COMPACT = SL_FORM_COMPACT,	/* 20260701 (after a phrase only) */
	FORM_NUMERIC = SL_FORM_NUMERIC,	/* 07/01/2026, 01.07.2026 */
	FORM_DAY_MONTH = SL_FORM_DAY_MONTH, /* 1 July 2026, 12-Mar-2026 */
	FORM_MONTH_DAY = SL_FORM_MONTH_DAY, /* July 1st, 2026, Jul 1 */
	FORM_WEEKDAY = SL_FORM_WEEKDAY,	/* next Tuesday */
	FORM_RELATIVE = SL_FORM_RELATIVE, /* in 7 days, 7-day embargo */
	FORM_T_PLUS = SL_FORM_T_PLUS,	/* T+7 */
	N_FORMS = SL_N_FORMS,
};

static const char *const form_patterns[N_FORMS] = {
	[FORM_ISO] = "(?<![\\w.:/+-])" YEAR "(?<sep>[-/])(?<m>[01]?\\d)"
		     "\\k<sep>(?<d>[0-3]?\\d)(?!\\d|[/.-]\\d)",
	[FORM_COMPACT] = "(?<![\\w.+-])(?<y>20\\d\\d)(?<m>[01]\\d)"
			 "(?<d>[0-3]\\d)(?![\\w.-])",
	[FORM_NUMERIC] = "(?<![\\w./:-])(?<a>[0-3]?\\d)(?<sep>[/.])"
			 "(?<b>[0-3]?\\d)\\k<sep>(?<y>20\\d\\d)"
			 "(?!\\d|[/.-]\\d)",
	[FORM_DAY_MONTH] = "(?<![\\w.:/-])(?<d>[0-3]?\\d)(?:st|nd|rd|th)?"
			   "(?:\\s+of)?(?:\\s+|-)" MONTHS
			   "(?:,?(?:\\s+|-)" YEAR "(?!\\d|:))?",
	[FORM_MONTH_DAY] = "(?<!\\w)" MONTHS "(?<comma>,)?\\s+(?<d>[0-3]?\\d)"
			   "(?:st|nd|rd|th)?(?![\\w:.]?\\d)(?!\\w)"
			   "(?:,?\\s+" YEAR "(?![\\d:]))?",
	[FORM_WEEKDAY] = "\\b(?:(?<rel>next|this|coming)\\s+)?"
			 "(?<wd>monday|tuesday|wednesday|thursday|friday|"
			 "saturday|sunday)\\b",
	[FORM_RELATIVE] = "(?<![\\w.,])(?<n>\\d{1,3}|" NUMBER_WORDS ")"
			  "(?:\\s+|-)(?<cal>(?:business|working|calendar)"
			  "(?:\\s+|-))?(?<unit>days?|weeks?|months?)\\b"
			  "(?!\\s+ago\\b)",
	[FORM_T_PLUS] = "\\bT\\s?\\+\\s?(?<n>\\d{1,3})(?:\\s*(?<unit>days?|d|"
			"weeks?|w)\\b)?",
};

/* A time after a date: ", 14:00 UTC", " at 2pm CEST", "T14:00Z". */
static const char time_suffix[] =
	"(?<lead>T|,?\\s*(?:(?i:at)\\s+|@\\s*)?)(?<h>2[0-3]|[01]?\\d)(?!\\d)"
	"(?::(?<mi>[0-5]\\d))?(?::(?<s>[0-5]\\d)(?:\\.\\d+)?)?"
	"\\s*(?<ap>(?i:[ap]\\.?m\\.?)(?![a-zA-Z]))?"
	"(?<zone>\\s*\\(?(?<z>Z"
	"|(?:UTC|GMT)(?:\\s?[+-]\\s?\\d{1,2}(?::?\\d\\d)?)?"
	"|[+-]\\d\\d:?\\d\\d|[A-Z]{3,4}|[A-Z][a-z]+/[A-Za-z_]+"
	"(?:/[A-Za-z_]+)?)\\)?(?![\\w/]))?";

/* Military time, only with a zone: " 1400 UTC". */
static const char time_compact[] =
	"(?<lead>,?\\s*(?:(?i:at)\\s+)?)"
	"(?<h>2[0-3]|[01]\\d)(?<mi>[0-5]\\d)(?!\\d)"
	"(?<zone>\\s*\\(?(?<z>Z|UTC|GMT|[A-Z]{3,4})\\)?(?![\\w/]))";

/* A time just before a date: "14:00 UTC on ", "at 2:30pm CET, ". */
static const char time_prefix[] =
	"(?<![\\d:])(?<h>2[0-3]|[01]?\\d):(?<mi>[0-5]\\d)(?::(?<s>[0-5]\\d))?"
	"\\s*(?<ap>(?i:[ap]\\.?m\\.?))?"
	"(?:\\s*\\(?(?<z>Z|(?:UTC|GMT)(?:\\s?[+-]\\s?\\d{1,2}(?::?\\d\\d)?)?"
	"|[+-]\\d\\d:?\\d\\d|[A-Z]{3,4}|[A-Z][a-z]+/[A-Za-z_]+)\\)?)?"
	",?\\s+(?i:on\\s+)?(?i:the\\s+)?$";

/* A weekday just before a date: "Tuesday, ", "Wed, ", "Thu the ". */
static const char weekday_prefix[] =
	"\\b(?<wd>mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s*(?:the\\s+)?$";

/* What every match of weekday_prefix holds (literals.h). */
static const char *const weekday_needs[] = {
	"mon", "tue", "wed", "thu", "fri", "sat", "sun", NULL,
};

/* Phrases that make a date an embargo date (rules.md 3.0). */
static const char trigger_pattern[] =
	"embargo|\\bcrd\\b|\\b(?:public|coordinated)\\s+(?:disclosure|release)"
	"|\\bdisclos(?:e|ed|ure)(?:\\s+date)?\\s*(?:on|at|by|date|:)"
	"|\\b(?:publish|disclose|release)(?:ed|ing|d)?\\s+(?:[\\w-]+\\s+){0,5}?"
	"(?:on|at|by|within|in)\\b|\\bgo(?:es|ing)?\\s+public"
	"|\\bpublic\\s+(?:on|at|by|date)|\\brelease\\s+date|\\btentative"
	"|\\bdisclos(?:e|ure)\\s*$|\\bpublication(?:\\s+date)?\\s*:?\\s*$"
	"|\\bproposed\\s+(?:date|deadline|end)\\b"
	"|\\b(?:until|till|no\\s+later\\s+than)\\b"
	/* holds: "hold it back 30 days", "the fix held until ...",
	 * "do not merge it before ...", "don't merge this before ..." */
	"|\\b(?:hold|holding|held)\\s+(?:(?:it|this|them|that|the\\s+\\w+)"
	"\\s+)?(?:back|off)\\b|\\b(?:hold|held)\\s+(?:(?:it|this|them|that|"
	"the\\s+\\w+)\\s+)?(?:for|until|till)\\b"
	"|(?:\\bnot|n't|\\bnever)\\s+(?:be\\s+)?(?:merge|publish|release|push|"
	"disclose|post|apply|share)[a-z]*\\b[^.!?]{0,40}?"
	"\\b(?:before|until|till|prior\\s+to)\\b"
	/* "delay the fix until our talk on ...", "postpone merging the
	 * patch until ...", "defer it by two weeks"; not a story ("the fix
	 * was delayed by two weeks") */
	"|(?<!\\bwas\\s|\\bwere\\s|\\bbeen\\s|\\bgot\\s|\\bhad\\s)"
	"\\b(?:delay|postpone|defer)(?:s|ed|ing)?\\s+(?:[\\w-]+\\s+){0,4}?"
	"(?:until|till|to|by|for|after)\\b";

/* The words one of which every match of trigger_pattern holds (a guard
 * of rules/lib/literals.h: "public" is in "publication", "post" in
 * "postpone"), ruling out most of the text before a date. */
static const char *const trigger_needs[] = {
	"embargo", "crd", "public", "coordinated", "disclos", "publish",
	"release", "tentative", "proposed", "until", "till", "later", "hold",
	"held", "merge", "push", "post", "apply", "share", "delay", "defer",
	NULL,
};

/*
 * "until", "no later than" and "release" count only next to one of these
 * words: "the next kernel release date is ..." proposes nothing.
 */
static const char weak_trigger[] =
	"^(?:until|till|no\\s+later\\s+than|releas.*)$";
static const char trigger_company[] =
	"embargo|private|confidential|\\bhold|\\bkeep|disclos|public|publish|"
	"secret|quiet|\\bcrd\\b|coordinat";

/* A phrase after the date, in its sentence: "we suggest August 15th 2022
 * as a potential date for public disclosure". */
static const char trigger_following[] =
	"^(?:[^.!?\\n]|\\n(?!\\n)){0,40}?\\b(?:as|for|is|be|would\\s+be)\\s+"
	"(?:[^.!?\\n]|\\n(?!\\n)){0,30}?\\b(?:(?:public|coordinated)\\s+"
	"(?:disclosure|release)|disclosure|embargo|publication|crd|"
	"release\\s+date|go(?:ing)?\\s+public)\\b";

/* The same for trigger_following ("go public" and "publication" hold
 * "public"). */
static const char *const following_needs[] = {
	"public", "coordinated", "disclos", "embargo", "crd", "release", NULL,
};

/* What takes the embargo back in the date's sentence: "the 90-day
 * deadline does not apply", "no embargo needed", "without an embargo". */
static const char negation[] =
	"\\b(?:does|do|did|will|would|should|shall)\\s*(?:not|n't)\\s+apply\\b"
	"|\\bn't\\s+apply\\b|\\bno\\s+(?:need\\s+for\\s+(?:an?\\s+)?)?"
	"(?:embargo|deadline|disclosure\\s+deadline)"
	"|\\bwithout\\s+(?:an?\\s+|any\\s+)?embargo"
	"|\\b(?:embargo|deadline)\\b[^.!?\\n]{0,30}?\\b(?:is|are)\\s+"
	"(?:not|n't)\\s+(?:needed|necessary|required|wanted)\\b"
	"|\\b(?:embargo|deadline)s?\\s+(?:isn't|aren't|not)\\s+(?:needed|"
	"necessary|required)\\b";

/* Where a date says when the fix is ready: "the fix will be ready on
 * March 12", "patch available by 2026-03-12". */
static const char fix_ready[] =
	"\\b(?:fix|fixes|patch|patches|update|release)\\b[^.!?\\n]{0,30}?"
	"\\b(?:ready|available|merged|released|applied|out|done)\\b"
	"[^.!?\\n]{0,12}$";

/* The same for fix_ready. */
static const char *const fix_ready_needs[] = {
	"fix", "patch", "update", "release", NULL,
};

/* "7-day embargo": a relative period that is itself the request. */
static const char self_trigger[] =
	"\\s*(?:-\\s*)?(?:embargo|disclosure|hold|deadline)"
	"|[ \\t]*[:\\-]?[ \\t]*(?:\\(?(?:planned|proposed|tentative|expected|"
	"target)\\)?[ \\t]+)?(?:public[ \\t]+|coordinated[ \\t]+)?"
	"(?:disclosure|"
	"release date|embargo|CRD|publication)\\b";

/* How the forms are compiled (lint/util/matches.c): to search the text
 * from a position on, and anchored as well, to try one position
 * (find_form()). */
#define FORM_FLAGS G_REGEX_CASELESS

struct patterns {
	GRegex *time_suffix;
	GRegex *time_compact;
	GRegex *time_prefix;
	GRegex *weekday_prefix;
	GRegex *trigger;
	GRegex *weak_trigger;
	GRegex *trigger_company;
	GRegex *self_trigger;
	GRegex *trigger_following;
	GRegex *negation;
	GRegex *fix_ready;
};

static GRegex *compile(const char *pattern, GRegexCompileFlags flags)
{
	GError *error = NULL;
	GRegex *re = sl_regex_new(pattern, flags, 0, &error);

	if (!re)
		g_error("embargo pattern: %s", error->message);
	return re;
}

/* Compiled once, shared by every thread (GRegex matching is reentrant). */
static const struct patterns *patterns(void)
{
	static struct patterns p;
	static gsize done;

	if (g_once_init_enter(&done)) {
		p.time_suffix = compile(time_suffix, 0);
		p.time_compact = compile(time_compact, 0);
		p.time_prefix = compile(time_prefix, G_REGEX_DOLLAR_ENDONLY);
		p.weekday_prefix = compile(weekday_prefix,
					   G_REGEX_CASELESS |
					   G_REGEX_DOLLAR_ENDONLY);
		p.trigger = compile(trigger_pattern, G_REGEX_CASELESS);
		p.weak_trigger = compile(weak_trigger, G_REGEX_CASELESS);
		p.trigger_company = compile(trigger_company, G_REGEX_CASELESS);
		p.self_trigger = compile(self_trigger, G_REGEX_CASELESS);
		p.trigger_following = compile(trigger_following,
					      G_REGEX_CASELESS);
		p.negation = compile(negation, G_REGEX_CASELESS);
		p.fix_ready = compile(fix_ready, G_REGEX_CASELESS |
				      G_REGEX_DOLLAR_ENDONLY);
		g_once_init_leave(&done, 1);
	}
	return &p;
}

void sl_embargo_date_free(struct sl_embargo_date *date)
{
	if (!date)
		return;
	g_free(date->text);
	g_free(date->trigger);
	g_free(date->note);
	if (date->when)
		g_date_time_unref(date->when);
	g_free(date);
}

/* One extraction: the text, the base time and what was found so far. */
struct scan {
	const char *text;
	gsize len;
	const char *where;
	GDateTime *base;
	GDate base_date;
	GPtrArray *dates;
	GArray *spans;		/* of struct span, accepted matches */
};

struct span {
	gsize start;
	gsize end;
};

static gboolean overlaps(const struct scan *s, gsize start, gsize end)
{
	for (guint i = 0; i < s->spans->len; i++) {
		const struct span *sp =
			&g_array_index(s->spans, struct span, i);

		if (start < sp->end && sp->start < end)
			return TRUE;
	}
	return FALSE;
}

static int named_int(GMatchInfo *mi, const char *name)
{
	g_autofree char *v = g_match_info_fetch_named(mi, name);

	return v && *v ? atoi(v) : 0;
}

static int match_int(const sl_matches *m, const char *name)
{
	g_autofree char *v = sl_matches_fetch_named(m, name);

	return v && *v ? atoi(v) : 0;
}

static gboolean named_present(GMatchInfo *mi, const char *name)
{
	g_autofree char *v = g_match_info_fetch_named(mi, name);

	return v && *v;
}

/* 1 + the index of @name's first three letters in @table, or 0. */
static int abbr_index(const char *name, const char *table)
{
	char abbr[4] = { 0 };
	const char *at;

	for (int i = 0; i < 3 && name[i]; i++)
		abbr[i] = g_ascii_tolower(name[i]);
	at = strlen(abbr) == 3 ? strstr(table, abbr) : NULL;
	return at && (at - table) % 3 == 0 ? (int)((at - table) / 3 + 1) : 0;
}

static GDateMonth month_number(const char *name)
{
	return (GDateMonth)abbr_index(name,
				      "janfebmaraprmayjunjulaugsepoctnovdec");
}

static GDateWeekday weekday_number(const char *name)
{
	return (GDateWeekday)abbr_index(name, "montuewedthufrisatsun");
}

static int number_word(const char *w)
{
	static const char *const words[] = {
		"zero", "one", "two", "three", "four", "five", "six", "seven",
		"eight", "nine", "ten", "eleven", "twelve", "thirteen",
		"fourteen", "fifteen",
	};

	if (g_ascii_isdigit(*w))
		return atoi(w);
	if (!g_ascii_strcasecmp(w, "a") || !g_ascii_strcasecmp(w, "an"))
		return 1;
	for (size_t i = 0; i < G_N_ELEMENTS(words); i++)
		if (!g_ascii_strcasecmp(w, words[i]))
			return (int)i;
	if (!g_ascii_strcasecmp(w, "twenty"))
		return 20;
	if (!g_ascii_strcasecmp(w, "thirty"))
		return 30;
	if (!g_ascii_strcasecmp(w, "sixty"))
		return 60;
	return !g_ascii_strcasecmp(w, "ninety") ? 90 : -1;
}

/* Abbreviated zone names; 0 offset with ambiguous set means unreadable. */
static const struct zone_name {
	const char *name;
	int hours, minutes;
	gboolean ambiguous;
} zone_names[] = {
	{ "WET", 0, 0, FALSE }, { "WEST", 1, 0, FALSE },
	{ "BST", 1, 0, FALSE }, { "CET", 1, 0, FALSE },
	{ "CEST", 2, 0, FALSE }, { "EET", 2, 0, FALSE },
	{ "EEST", 3, 0, FALSE }, { "MSK", 3, 0, FALSE },
	{ "PST", -8, 0, FALSE }, { "PDT", -7, 0, FALSE },
	{ "MST", -7, 0, FALSE }, { "MDT", -6, 0, FALSE },
	{ "CDT", -5, 0, FALSE }, { "EST", -5, 0, FALSE },
	{ "EDT", -4, 0, FALSE }, { "HKT", 8, 0, FALSE },
	{ "SGT", 8, 0, FALSE }, { "JST", 9, 0, FALSE },
	{ "KST", 9, 0, FALSE }, { "AEST", 10, 0, FALSE },
	{ "AEDT", 11, 0, FALSE }, { "NZST", 12, 0, FALSE },
	{ "NZDT", 13, 0, FALSE },
	/* India, Ireland or Israel; US Central or China; and so on */
	{ "IST", 0, 0, TRUE }, { "CST", 0, 0, TRUE }, { "AST", 0, 0, TRUE },
};

/* "UTC+2", "GMT-07:00", "+0200", "+02:00": the offset in seconds. */
static gboolean parse_offset(const char *z, gint32 *seconds)
{
	g_autoptr(GRegex) re = sl_regex_new(
		"^(?:UTC|GMT)?\\s?([+-])\\s?(\\d{1,2}):?(\\d\\d)?$", 0, 0,
		NULL);
	g_autoptr(GMatchInfo) mi = NULL;
	g_autofree char *sign = NULL, *h = NULL, *m = NULL;

	if (!g_regex_match(re, z, 0, &mi))
		return FALSE;
	sign = g_match_info_fetch(mi, 1);
	h = g_match_info_fetch(mi, 2);
	m = g_match_info_fetch(mi, 3);
	*seconds = (atoi(h) * 3600 + (m ? atoi(m) : 0) * 60) *
		   (*sign == '-' ? -1 : 1);
	return atoi(h) <= 14;
}

/* The zone @z names, or NULL (unknown, or ambiguous: then the flag). */
static GTimeZone *zone_new(const char *z, unsigned *flags)
{
	gint32 offset;

	if (!strcmp(z, "Z") || !strcmp(z, "UTC") || !strcmp(z, "GMT"))
		return g_time_zone_new_utc();
	if (parse_offset(z, &offset))
		return g_time_zone_new_offset(offset);
	for (size_t i = 0; i < G_N_ELEMENTS(zone_names); i++) {
		const struct zone_name *n = &zone_names[i];

		if (strcmp(z, n->name))
			continue;
		if (n->ambiguous) {
			*flags |= SL_DATE_AMBIGUOUS_ZONE;
			return NULL;
		}
		return g_time_zone_new_offset(n->hours * 3600 +
					      n->minutes * 60);
	}
	return strchr(z, '/') ? g_time_zone_new_identifier(z) : NULL;
}

/* A time of day found after a date. */
struct clock {
	int hour, minute, second;
	gsize end;		/* where the time (and a known zone) ends */
	GTimeZone *zone;	/* NULL: none, unknown or ambiguous */
	unsigned flags;
	char zone_name[16];
};

static void twelve_hour(struct clock *c, const char *ap)
{
	gboolean pm = g_ascii_tolower(*ap) == 'p';

	if (c->hour == 12)
		c->hour = pm ? 12 : 0;
	else if (pm)
		c->hour += 12;
}

/*
 * An anchored match at @at, on the next few bytes only: GRegex checks the
 * whole subject's UTF-8 on every call, which a long body would pay for
 * every candidate.  Positions in *mi are relative to @at.
 */
#define LOOKAHEAD 160

static gboolean match_at(GRegex *re, const struct scan *s, gsize at,
			 GMatchInfo **mi)
{
	gsize len = MIN(s->len - at, LOOKAHEAD);

	while (len < s->len - at && (s->text[at + len] & 0xC0) == 0x80)
		len++;		/* end on a character boundary */
	return g_regex_match_full(re, s->text + at, (gssize)len, 0,
				  G_REGEX_MATCH_ANCHORED, mi, NULL);
}

/* The hour, minute, second and zone of a time match. */
static gboolean fill_clock(GMatchInfo *mi, struct clock *c)
{
	g_autofree char *ap = g_match_info_fetch_named(mi, "ap");
	g_autofree char *z = g_match_info_fetch_named(mi, "z");

	c->hour = named_int(mi, "h");
	c->minute = named_int(mi, "mi");
	c->second = named_int(mi, "s");
	if (ap && *ap && c->hour > 12)
		return FALSE;
	if (ap && *ap)
		twelve_hour(c, ap);
	if (z && *z) {
		c->zone = zone_new(z, &c->flags);
		g_strlcpy(c->zone_name, z, sizeof(c->zone_name));
	}
	return TRUE;
}

static gboolean read_clock_with(const struct scan *s, GRegex *re, gsize at,
				struct clock *c)
{
	g_autoptr(GMatchInfo) mi = NULL;
	g_autofree char *lead = NULL, *ap = NULL;
	gint zs, ze, ts, te;

	memset(c, 0, sizeof(*c));
	if (!match_at(re, s, at, &mi))
		return FALSE;
	lead = g_match_info_fetch_named(mi, "lead");
	ap = g_match_info_fetch_named(mi, "ap");
	if (!named_present(mi, "mi") && !(ap && *ap))
		return FALSE;		/* "2026-07-01, 3 patches" */
	if (!strcmp(lead, "T") && !named_present(mi, "mi"))
		return FALSE;
	if (!fill_clock(mi, c))
		return FALSE;
	g_match_info_fetch_named_pos(mi, "zone", &zs, &ze);
	g_match_info_fetch_pos(mi, 0, &ts, &te);
	c->end = at + (zs >= 0 ? (gsize)zs : (gsize)te);
	if (c->zone || (c->flags & SL_DATE_AMBIGUOUS_ZONE))
		c->end = at + (gsize)te;
	return TRUE;
}

/* A time before the date: "at 14:00 UTC on 2026-03-10"; moves *start. */
static gboolean read_clock_before(const struct scan *s, gsize *start,
				  struct clock *c)
{
	gsize from = sl_utf8_back(s->text, *start, 48);
	g_autofree char *before = g_strndup(s->text + from, *start - from);
	g_autoptr(GMatchInfo) mi = NULL;
	gint ms, me;

	memset(c, 0, sizeof(*c));
	/* every time before a date has its colon ("14:00") */
	if ((!strchr(before, ':') &&
	     sl_regex_cannot_match(time_prefix, G_REGEX_DOLLAR_ENDONLY,
				   before)) ||
	    !g_regex_match(patterns()->time_prefix, before, 0, &mi) ||
	    !fill_clock(mi, c)) {
		if (c->zone)
			g_time_zone_unref(c->zone);
		c->zone = NULL;
		return FALSE;
	}
	g_match_info_fetch_pos(mi, 0, &ms, &me);
	*start = from + (gsize)ms;
	return TRUE;
}

/*
 * Can time_suffix or time_compact match at @at?  Both need a digit after
 * what may lead it ("T", ",", "at", "@" and white space): a byte that is
 * not ASCII there may be a digit or a space of another script.
 */
static gboolean may_clock(const struct scan *s, gsize at)
{
	gsize i = at;

	while (i < s->len && strchr("Tt,@aA \t\n\v\f\r", s->text[i]))
		i++;
	return i < s->len && ((guchar)s->text[i] >= 0x80 ||
			      g_ascii_isdigit(s->text[i]));
}

static gboolean match_clock(const struct scan *s, gsize at, struct clock *c)
{
	return read_clock_with(s, patterns()->time_suffix, at, c) ||
	       read_clock_with(s, patterns()->time_compact, at, c);
}

static gboolean read_clock(const struct scan *s, gsize at, struct clock *c)
{
	if (may_clock(s, at))
		return match_clock(s, at, c);
	/* The check mode proves may_clock() by matching. */
	if (sl_literals_checking() && match_clock(s, at, c))
		g_error("seclint: no time was to follow, yet one does: %.80s",
			s->text + at);
	memset(c, 0, sizeof(*c));
	return FALSE;
}

/* The weekday written just before @start, moving *start back over it. */
static GDateWeekday read_weekday_prefix(const struct scan *s, gsize *start)
{
	gsize from = sl_utf8_back(s->text, *start, 16);
	g_autofree char *before = g_strndup(s->text + from, *start - from);
	g_autoptr(GMatchInfo) mi = NULL;
	g_autofree char *wd = NULL;
	gint ms, me;

	if (sl_regex_ruled_out(NULL, weekday_prefix, G_REGEX_CASELESS |
			       G_REGEX_DOLLAR_ENDONLY, weekday_needs, before) ||
	    !g_regex_match(patterns()->weekday_prefix, before, 0, &mi))
		return G_DATE_BAD_WEEKDAY;
	wd = g_match_info_fetch_named(mi, "wd");
	g_match_info_fetch_pos(mi, 0, &ms, &me);
	*start = from + (gsize)ms;
	return weekday_number(wd);
}

/* Day counts and the resolved end, against the base. */
static void measure(const struct scan *s, struct sl_embargo_date *d)
{
	g_autoptr(GDateTime) local = g_date_time_to_timezone(
		d->when, g_date_time_get_timezone(s->base));
	GDate end;
	int y, m, day;

	g_date_time_get_ymd(local, &y, &m, &day);
	g_date_clear(&end, 1);
	g_date_set_dmy(&end, (GDateDay)day, (GDateMonth)m, (GDateYear)y);
	d->days = g_date_days_between(&s->base_date, &end);
	if (!d->weekday)
		d->weekday = g_date_get_weekday(&end);
	d->seconds = g_date_time_difference(d->when, s->base) /
		     G_TIME_SPAN_SECOND;
}

/* The next @day/@month on or after the base date (leap days included). */
static int next_year(const struct scan *s, GDateDay day, GDateMonth month)
{
	GDateYear y = g_date_get_year(&s->base_date);

	for (int i = 0; i < 9; i++, y++) {
		GDate cand;

		if (!g_date_valid_dmy(day, month, y))
			continue;
		g_date_clear(&cand, 1);
		g_date_set_dmy(&cand, day, month, y);
		if (g_date_compare(&cand, &s->base_date) >= 0)
			return y;
	}
	return 0;
}

static const char *const month_names[] = {
	"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December",
};

const char *sl_weekday_name(GDateWeekday day)
{
	static const char *const names[] = {
		"bad weekday", "Monday", "Tuesday", "Wednesday", "Thursday",
		"Friday", "Saturday", "Sunday",
	};

	return names[day <= G_DATE_SUNDAY ? day : 0];
}

static GDateWeekday weekday_of(int year, int month, int day)
{
	GDate g;

	g_date_clear(&g, 1);
	g_date_set_dmy(&g, (GDateDay)day, (GDateMonth)month, (GDateYear)year);
	return g_date_get_weekday(&g);
}

static struct sl_embargo_date *date_new(const struct scan *s,
					enum sl_date_kind kind, gsize start,
					gsize end)
{
	struct sl_embargo_date *d = g_new0(struct sl_embargo_date, 1);

	d->text = g_strndup(s->text + start, end - start);
	d->where = s->where;
	d->kind = kind;
	d->offset = start;
	return d;
}

/* "2026-03-10: planned public disclosure", "7-day embargo" */
static char *trigger_after(const struct scan *s, gsize end)
{
	g_autoptr(GMatchInfo) mi = NULL;

	if (!match_at(patterns()->self_trigger, s, end, &mi))
		return NULL;
	return g_match_info_fetch(mi, 0);
}

/*
 * Takes @d, found at [d->offset, @end), unless it overlaps a date taken
 * before.  The forms refuse a match that overlaps (find_form()), but a
 * calendar date grows after that test: a weekday before it, a clock before
 * or after it ("10:00:00 2022-02-03" after "Tue, 01 Dec 2026 10:00:00").
 * Overlapping dates would make find_triggers() read a window backwards.
 */
static void accept(struct scan *s, struct sl_embargo_date *d, gsize end)
{
	struct span sp = { d->offset, end };

	if (overlaps(s, d->offset, end)) {
		sl_embargo_date_free(d);
		return;
	}
	if (!d->trigger)
		d->trigger = trigger_after(s, end);

	g_array_append_val(s->spans, sp);
	g_ptr_array_add(s->dates, d);
}

/*
 * A calendar date found at [start, end): add the weekday before it and the
 * time after it, check it, resolve it.  @year 0 means year-less.
 */
static void add_calendar_date(struct scan *s, gsize start, gsize end,
			      int year, int month, int day, unsigned flags)
{
	GDateWeekday said = read_weekday_prefix(s, &start);
	struct clock c;
	gboolean timed = read_clock(s, end, &c);
	gsize stop = timed ? c.end : end;
	enum sl_date_kind kind = year ? SL_DATE_ABSOLUTE : SL_DATE_YEARLESS;
	struct sl_embargo_date *d;

	if (!timed)
		timed = read_clock_before(s, &start, &c);
	if (!year && month && day)
		year = next_year(s, (GDateDay)day, (GDateMonth)month);
	if (!(flags & SL_DATE_AMBIGUOUS_ORDER) &&
	    !g_date_valid_dmy((GDateDay)day, (GDateMonth)month,
			      (GDateYear)year)) {
		if (timed && c.zone)
			g_time_zone_unref(c.zone);
		return;
	}
	d = date_new(s, kind, start, stop);
	d->flags = flags | (timed ? c.flags : 0);
	d->has_time = timed;
	if (flags & SL_DATE_AMBIGUOUS_ORDER) {
		if (timed && c.zone)
			g_time_zone_unref(c.zone);
		accept(s, d, stop);
		return;
	}
	if (said != G_DATE_BAD_WEEKDAY && weekday_of(year, month, day) != said)
		d->flags |= SL_DATE_WEEKDAY_MISMATCH;
	if (d->flags & SL_DATE_AMBIGUOUS_ZONE)
		d->note = g_strdup_printf("%s names more than one time zone",
					  c.zone_name);
	else if (d->flags & SL_DATE_WEEKDAY_MISMATCH)
		d->note = g_strdup_printf("%d %s %d is a %s, not a %s", day,
					  month_names[month - 1], year,
					  sl_weekday_name(weekday_of(
						  year, month, day)),
					  sl_weekday_name(said));
	d->weekday = weekday_of(year, month, day);
	if (timed && c.zone) {
		g_autoptr(GDateTime) there = g_date_time_new(
			c.zone, year, month, day, c.hour, c.minute, c.second);

		g_time_zone_unref(c.zone);
		d->when = there ? g_date_time_to_utc(there) : NULL;
		d->exact = d->when != NULL;
		if (d->exact)
			d->kind = SL_DATE_DATETIME;
	}
	if (!d->when)
		d->when = g_date_time_new(g_date_time_get_timezone(s->base),
					  year, month, day, 0, 0, 0);
	measure(s, d);
	accept(s, d, stop);
}

static void add_numeric(struct scan *s, const sl_matches *mi,
			gsize start, gsize end)
{
	int a = match_int(mi, "a"), b = match_int(mi, "b");
	int y = match_int(mi, "y");

	if (a > 12 && b <= 12)
		add_calendar_date(s, start, end, y, b, a, 0);
	else if (b > 12 && a <= 12)
		add_calendar_date(s, start, end, y, a, b, 0);
	else if (a == b && a >= 1)
		add_calendar_date(s, start, end, y, a, a, 0);
	else if (a >= 1 && b >= 1 && a <= 12 && b <= 12) {
		struct sl_embargo_date *d;
		guint had = s->dates->len;

		add_calendar_date(s, start, end, y, 0, 0,
				  SL_DATE_AMBIGUOUS_ORDER);
		/* Not taken (it grew into a date taken before): the last date
		 * is another's, whose note this once replaced (and leaked). */
		if (s->dates->len == had)
			return;
		d = s->dates->pdata[s->dates->len - 1];
		d->note = g_strdup_printf("%d %s or %d %s %d", b,
					  month_names[a - 1], a,
					  month_names[b - 1], y);
	}
}

static void add_weekday(struct scan *s, const sl_matches *mi,
			gsize start, gsize end)
{
	g_autofree char *wd = sl_matches_fetch_named(mi, "wd");
	GDateWeekday want = weekday_number(wd);
	struct sl_embargo_date *d;
	GDate g = s->base_date;

	/* The caseless pattern matches "\u017funday" (a long s), whose
	 * first three bytes name no day: the loop below never ended. */
	if (want == G_DATE_BAD_WEEKDAY)
		return;
	d = date_new(s, SL_DATE_WEEKDAY, start, end);
	do
		g_date_add_days(&g, 1);
	while (g_date_get_weekday(&g) != want);
	d->when = g_date_time_new(g_date_time_get_timezone(s->base),
				  g_date_get_year(&g), g_date_get_month(&g),
				  g_date_get_day(&g), 0, 0, 0);
	measure(s, d);
	accept(s, d, end);
}

/* The base plus @n business days (Monday to Friday). */
static GDateTime *add_business_days(GDateTime *base, int n)
{
	GDateTime *t = g_date_time_ref(base);

	while (n > 0) {
		GDateTime *next = g_date_time_add_days(t, 1);

		g_date_time_unref(t);
		t = next;
		if (g_date_time_get_day_of_week(t) <= 5)
			n--;
	}
	return t;
}

static void add_relative(struct scan *s, const sl_matches *mi,
			 gsize start, gsize end)
{
	g_autofree char *n_text = sl_matches_fetch_named(mi, "n");
	g_autofree char *unit = sl_matches_fetch_named(mi, "unit");
	g_autofree char *cal = sl_matches_fetch_named(mi, "cal");
	int n = number_word(n_text);
	struct sl_embargo_date *d;
	char u = unit && *unit ? g_ascii_tolower(*unit) : 'd';

	if (n < 1 || n > 366)
		return;
	d = date_new(s, SL_DATE_RELATIVE, start, end);
	if (u == 'w')
		d->when = g_date_time_add_weeks(s->base, n);
	else if (u == 'm')
		d->when = g_date_time_add_months(s->base, n);
	else if (cal && *cal && g_ascii_tolower(*cal) != 'c')
		d->when = add_business_days(s->base, n);
	else
		d->when = g_date_time_add_days(s->base, n);
	d->exact = TRUE;
	d->has_time = TRUE;
	measure(s, d);
	accept(s, d, end);
}

/* "August, 15th 2022" is a date; "In March, 3 of them" is not. */
static gboolean comma_without_ordinal(const sl_matches *mi)
{
	g_autofree char *comma = sl_matches_fetch_named(mi, "comma");
	g_autofree char *all = sl_matches_fetch(mi, 0);

	return comma && *comma &&
	       !sl_regex_test("\\d(?:st|nd|rd|th)$", G_REGEX_CASELESS, all);
}

static void add_match(struct scan *s, enum form form,
		      const sl_matches *mi)
{
	int at = 0, to = 0;
	gsize start, end;
	g_autofree char *mon = NULL;

	sl_matches_fetch_pos(mi, 0, &at, &to);
	start = (gsize)at;
	end = (gsize)to;
	if (overlaps(s, start, end))
		return;
	switch (form) {
	case FORM_ISO:
	case FORM_COMPACT:
		add_calendar_date(s, start, end, match_int(mi, "y"),
				  match_int(mi, "m"), match_int(mi, "d"),
				  form == FORM_COMPACT ?
				  SL_DATE_NEEDS_TRIGGER : 0);
		break;
	case FORM_NUMERIC:
		add_numeric(s, mi, start, end);
		break;
	case FORM_DAY_MONTH:
	case FORM_MONTH_DAY:
		mon = sl_matches_fetch_named(mi, "mon");
		if (!strcmp(mon, "may") && !match_int(mi, "y"))
			break;		/* "version 2 may crash" */
		if (form == FORM_MONTH_DAY && !match_int(mi, "y") &&
		    comma_without_ordinal(mi))
			break;		/* "In March, 3 of them" */
		add_calendar_date(s, start, end, match_int(mi, "y"),
				  month_number(mon), match_int(mi, "d"), 0);
		break;
	case FORM_WEEKDAY:
		add_weekday(s, mi, start, end);
		break;
	case FORM_RELATIVE:
	case FORM_T_PLUS:
		add_relative(s, mi, start, end);
		if (form == FORM_T_PLUS && s->dates->len) {
			struct sl_embargo_date *d =
				s->dates->pdata[s->dates->len - 1];

			if (d->offset == start && !d->trigger)
				d->trigger = g_strdup(d->text);
		}
		break;
	case N_FORMS:
		break;
	}
}

/*
 * The matches of @form, in order, as a search from the start and then
 * from the end of each match would find them.  With @starts (of struct
 * sl_date_start, a superset of where the form can match), the form is only
 * tried there: the first start on from the end of the last match where it
 * matches is where the search would have found the next.
 */
static void find_form(struct scan *s, enum form form, const GArray *starts)
{
	g_autoptr(sl_matches) m = NULL;
	int at = 0, end = 0;
	gsize pos = 0;

	if (!starts) {
		m = sl_matches_fixed_valid(form_patterns[form], FORM_FLAGS,
					   s->text, s->len);
		while (s->dates->len < MAX_CANDIDATES && sl_matches_next(m))
			add_match(s, form, m);
		return;
	}
	for (guint i = 0; i < starts->len &&
	     s->dates->len < MAX_CANDIDATES; i++) {
		const struct sl_date_start *st =
			&g_array_index(starts, struct sl_date_start, i);

		if (!(st->forms & (1u << form)) || st->at < pos)
			continue;
		if (!m)
			m = sl_matches_fixed_valid(form_patterns[form],
						   FORM_FLAGS |
						   G_REGEX_ANCHORED,
						   s->text, s->len);
		if (!sl_matches_next_at(m, st->at))
			continue;
		add_match(s, form, m);
		sl_matches_fetch_pos(m, 0, &at, &end);
		pos = (gsize)end;
	}
}

/* More starts than this (a hostile text) and each form searches it all. */
#define MAX_STARTS 65536

/* The matches of every form in @s, with the starts of sl_date_starts()
 * unless @everywhere: the same, found at a fraction of the cost. */
static void find_forms(struct scan *s, gboolean everywhere)
{
	g_autoptr(GArray) starts = NULL;

	/* No matches in a text that is not UTF-8, as with lint/util. */
	if (!sl_utf8_valid(s->text, s->len))
		return;
	if (!everywhere) {
		starts = g_array_new(FALSE, FALSE,
				     sizeof(struct sl_date_start));
		if (!sl_date_starts(s->text, s->len, starts, MAX_STARTS))
			g_clear_pointer(&starts, g_array_unref);
	}
	for (int f = 0; f < N_FORMS; f++)
		find_form(s, (enum form)f, starts);
}

/* Does a new sentence start at @p (spaces, then a capital) before @end? */
static gboolean sentence_starts(const char *p, const char *end)
{
	if (p >= end || !g_ascii_isspace(*p))
		return FALSE;
	while (p < end && g_ascii_isspace(*p))
		p++;
	return p < end && g_ascii_isupper(*p);
}

/*
 * Where the phrase before a date may start: at most TRIGGER_WINDOW bytes
 * back, not before the previous date, a blank line or a sentence start.
 */
static gsize window_start(const char *text, gsize from, gsize at)
{
	gsize w = MAX(sl_utf8_back(text, at, TRIGGER_WINDOW), from);

	for (gsize i = at; i > w; i--) {
		const char *p = text + i - 1;

		if (p[0] == '\n' && i >= 2 && p[-1] == '\n')
			return i;
		if (strchr(".!?", p[0]) && sentence_starts(p + 1, text + at))
			return i;
	}
	return w;
}

static char *find_trigger(const char *window)
{
	const struct patterns *p = patterns();
	g_autoptr(sl_matches) mi = NULL;
	char *found = NULL;

	if (sl_regex_ruled_out(NULL, trigger_pattern, G_REGEX_CASELESS,
			       trigger_needs, window))
		return NULL;
	mi = sl_matches_new(p->trigger, window, -1, 0);
	while (sl_matches_next(mi)) {
		char *t = sl_matches_fetch(mi, 0);

		if (!sl_regex_matches(p->weak_trigger, t, 0) ||
		    sl_regex_matches(p->trigger_company, window, 0)) {
			g_free(found);
			found = t;
		} else {
			g_free(t);
		}
	}
	return found;
}

static gint by_offset(gconstpointer a, gconstpointer b)
{
	const struct sl_embargo_date *x = *(struct sl_embargo_date *const *)a;
	const struct sl_embargo_date *y = *(struct sl_embargo_date *const *)b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Where the sentence that goes on at @at ends (at most SENTENCE_AFTER
 * bytes on, before the next date at @next). */
#define SENTENCE_AFTER 160
static gsize sentence_end(const char *text, gsize len, gsize at, gsize next)
{
	gsize stop = MIN(MIN(len, next), at + SENTENCE_AFTER);

	for (gsize i = at; i < stop; i++) {
		if (strchr(".!?", text[i]) &&
		    (i + 1 == len || g_ascii_isspace(text[i + 1])))
			return i;
		if (text[i] == '\n' && i + 1 < len && text[i + 1] == '\n')
			return i;
	}
	while (stop > at && (text[stop] & 0xC0) == 0x80)
		stop--;		/* on a character boundary */
	return stop;
}

/*
 * The phrase after the date when none stands before it ("... August 15th
 * 2022 as a potential date for public disclosure"), a negation that takes
 * the embargo back ("the 90-day deadline does not apply"), and the date a
 * fix is said to be ready on.
 */
static void read_sentence(struct scan *s, struct sl_embargo_date *d,
			  gsize w, gsize end, gsize next)
{
	const struct patterns *p = patterns();
	gsize stop = sentence_end(s->text, s->len, end, next);
	g_autofree char *after = g_strndup(s->text + end, stop - end);
	g_autofree char *sentence = g_strndup(s->text + w, stop - w);
	g_autofree char *before = g_strndup(s->text + w, d->offset - w);

	/* one sentence: its line breaks are only wrapping */
	g_strdelimit(sentence, "\n", ' ');
	g_strdelimit(before, "\n", ' ');
	if (!d->trigger &&
	    !sl_regex_ruled_out(NULL, trigger_following, G_REGEX_CASELESS,
				following_needs, after) &&
	    sl_regex_matches(p->trigger_following, after, 0)) {
		g_autoptr(GMatchInfo) mi = NULL;

		g_regex_match(p->trigger_following, after, 0, &mi);
		d->trigger = g_match_info_fetch(mi, 0);
		g_strstrip(d->trigger);
	}
	if (d->trigger && sl_regex_matches(p->negation, sentence, 0))
		g_clear_pointer(&d->trigger, g_free);	/* taken back */
	if (!d->trigger &&
	    !sl_regex_ruled_out(NULL, fix_ready, G_REGEX_CASELESS |
				G_REGEX_DOLLAR_ENDONLY, fix_ready_needs,
				before) &&
	    sl_regex_matches(p->fix_ready, before, 0))
		d->flags |= SL_DATE_FIX_READY;
}

gboolean sl_embargo_negated(const char *text, gsize start, gsize end)
{
	gsize len = strlen(text);
	gsize from = window_start(text, 0, start);
	gsize stop = sentence_end(text, len, end, len);
	g_autofree char *sentence = g_strndup(text + from, stop - from);

	g_strdelimit(sentence, "\n", ' ');
	return sl_regex_matches(patterns()->negation, sentence, 0);
}

gboolean sl_embargo_dated(const char *text, gsize end)
{
	gsize len = strlen(text);
	gsize stop = sentence_end(text, len, end, len);
	g_autofree char *rest = g_strndup(text + end, stop - end);
	g_autoptr(GDateTime) now = g_date_time_new_now_utc();
	g_autoptr(GPtrArray) dates = NULL;

	g_strdelimit(rest, "\n", ' ');
	dates = sl_embargo_extract(rest, "body", now);
	return dates->len > 0;
}

const struct sl_embargo_date *sl_embargo_fix_ready(GPtrArray *dates)
{
	const struct sl_embargo_date *best = NULL;

	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];

		if ((d->flags & SL_DATE_FIX_READY) && d->when &&
		    d->kind != SL_DATE_RELATIVE &&
		    (!best || g_date_time_compare(d->when, best->when) > 0))
			best = d;
	}
	return best;
}

static void find_triggers(struct scan *s)
{
	gsize prev_end = 0;

	for (guint i = 0; i < s->dates->len; i++) {
		struct sl_embargo_date *d = s->dates->pdata[i];
		gsize w = window_start(s->text, prev_end, d->offset);
		g_autofree char *window = g_strndup(s->text + w, d->offset - w);
		gsize end = d->offset + strlen(d->text);
		gsize next = i + 1 < s->dates->len ?
			((struct sl_embargo_date *)s->dates->pdata[i + 1])
				->offset : s->len;

		if (!d->trigger)
			d->trigger = find_trigger(window);
		read_sentence(s, d, w, end, MAX(next, end));
		/* "embargo until X, or at the latest Y": Y is one too */
		if (!d->trigger && i && w == prev_end &&
		    d->offset - prev_end <= 40) {
			const struct sl_embargo_date *prev =
				s->dates->pdata[i - 1];

			if (prev->trigger)
				d->trigger = g_strdup(prev->trigger);
		}
		prev_end = d->offset + strlen(d->text);
	}
}

static GPtrArray *extract(const char *text, const char *where,
			  GDateTime *base, gboolean everywhere)
{
	struct scan s = {
		.text = text,
		.len = strlen(text),
		.where = where,
		.base = base,
		.dates = g_ptr_array_new_with_free_func(
			(GDestroyNotify)sl_embargo_date_free),
		.spans = g_array_new(FALSE, FALSE, sizeof(struct span)),
	};
	int y, m, d;

	g_date_time_get_ymd(base, &y, &m, &d);
	g_date_clear(&s.base_date, 1);
	g_date_set_dmy(&s.base_date, (GDateDay)d, (GDateMonth)m,
		       (GDateYear)y);
	find_forms(&s, everywhere);
	g_array_free(s.spans, TRUE);
	g_ptr_array_sort(s.dates, by_offset);
	find_triggers(&s);
	for (guint i = s.dates->len; i-- > 0;) {
		struct sl_embargo_date *date = s.dates->pdata[i];

		if ((date->flags & SL_DATE_NEEDS_TRIGGER) && !date->trigger)
			g_ptr_array_remove_index(s.dates, i);
	}
	return s.dates;
}

GPtrArray *sl_embargo_extract(const char *text, const char *where,
			      GDateTime *base)
{
	return extract(text, where, base, FALSE);
}

GPtrArray *sl_embargo_extract_everywhere(const char *text, const char *where,
					 GDateTime *base)
{
	return extract(text, where, base, TRUE);
}

gboolean sl_embargo_starts_cover(const char *text)
{
	gsize len = strlen(text);
	g_autoptr(GArray) starts = g_array_new(FALSE, FALSE,
					       sizeof(struct sl_date_start));
	gboolean covered = TRUE;

	if (!sl_utf8_valid(text, len) ||
	    !sl_date_starts(text, len, starts, G_MAXUINT))
		return TRUE;	/* no start is needed */
	for (int f = 0; f < N_FORMS && covered; f++) {
		g_autoptr(sl_matches) m = sl_matches_fixed_valid(
			form_patterns[f], FORM_FLAGS, text, len);
		guint i = 0;

		while (covered && sl_matches_next(m)) {
			const struct sl_date_start *st = NULL;
			int at = 0, end = 0;

			sl_matches_fetch_pos(m, 0, &at, &end);
			for (; i < starts->len; i++) {
				st = &g_array_index(starts,
						    struct sl_date_start, i);
				if (st->at >= (gsize)at)
					break;
			}
			covered = i < starts->len && st->at == (gsize)at &&
				  (st->forms & (1u << f));
		}
	}
	return covered;
}
