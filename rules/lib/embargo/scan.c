// SPDX-License-Identifier: GPL-2.0-only
/*
 * Embargo dates of a message: the text they are read from, the base time
 * they are measured from, and the questions the embargo rules ask.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "crypto.h"
#include "embargo.h"
#include "facts.h"
#include "matches.h"
#include "message.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* "Now" is when the run started, the same for every message and thread. */
static GDateTime *run_start(void)
{
	static GDateTime *start;
	static gsize done;

	if (g_once_init_enter(&done)) {
		start = g_date_time_new_now_utc();
		g_once_init_leave(&done, 1);
	}
	return g_date_time_ref(start);
}

GDateTime *sl_embargo_base(const struct sl_message *msg,
			   gboolean *from_header)
{
	const char *now = g_getenv("SECLINT_NOW");
	GDateTime *t = NULL;

	*from_header = msg && msg->date;
	if (*from_header)
		return g_date_time_ref(msg->date);
	if (now) {
		g_autoptr(GTimeZone) utc = g_time_zone_new_utc();

		t = g_date_time_new_from_iso8601(now, utc);
	}
	return t ? t : run_start();
}

const char *sl_embargo_base_name(gboolean from_header)
{
	return from_header ? "the Date header" : "now (no Date header)";
}

/* Lines of a kernel log: dmesg stamps, syslog prefixes, fractional time. */
static const char log_line[] =
	"^\\s*\\[\\s*\\d+\\.\\d+\\]|^\\s*\\[\\s*[TC]\\d+\\]"
	"|^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\\s+\\d{1,2}\\s+"
	"\\d\\d:\\d\\d:\\d\\d\\s"
	"|^\\d{4}-\\d\\d-\\d\\d[T ]\\d\\d:\\d\\d:\\d\\d[.,]\\d";

/* "On Mon, 2 Mar 2026 at 10:00, B wrote:": whose date is not proposed. */
static const char attribution[] =
	"^(?:On|Am|Le|El|Il|Op)\\b.{6,160}?(?:wrote|schrieb|a \\x{e9}crit|"
	"escribi\\x{f3}|ha scritto|schreef)\\s*:\\s*$";

/* The first line of a crash report; it runs to the next blank line. */
static const char log_block[] =
	"^\\s*(?:=={10,}|BUG: |WARNING: |Oops|general protection fault|"
	"Call Trace:|KASAN: |UBSAN: |kernel BUG |Unable to handle|"
	"-+\\[ cut here \\]-+|syzbot )";

/* Lines inside a hunk, and the git headers around one. */
static const char *const patch_prefixes[] = {
	" ", "+", "-", "@", "\\", "diff ", "index ", "new file", "deleted file",
	"similarity", "rename ", "old mode", "new mode", "Binary files",
	"GIT binary patch",
};

static gboolean in_hunk(const char *line)
{
	/* A hunk's own lines first: most lines of a patch are. */
	if (strchr(" +-@\\", *line) && *line)
		return TRUE;
	/* Blank lines, and the data of a binary patch. */
	if (sl_binary_patch_line(line))
		return TRUE;
	for (size_t i = 0; i < G_N_ELEMENTS(patch_prefixes); i++)
		if (g_str_has_prefix(line, patch_prefixes[i]))
			return TRUE;
	return FALSE;
}

/* @line, and @next, the rest of the text after its newline (NULL after
 * the last line). */
static gboolean starts_patch(const char *line, const char *next)
{
	return g_str_has_prefix(line, "diff --git ") ||
	       (g_str_has_prefix(line, "--- ") && next &&
		g_str_has_prefix(next, "+++ "));
}

struct log_patterns {
	GRegex *line;
	GRegex *block;
	GRegex *attribution;
};

static const struct log_patterns *log_patterns(void)
{
	static struct log_patterns p;
	static gsize done;

	if (g_once_init_enter(&done)) {
		p.line = sl_regex_new(log_line, G_REGEX_CASELESS, 0, NULL);
		p.block = sl_regex_new(log_block, 0, 0, NULL);
		p.attribution = sl_regex_new(attribution, G_REGEX_MULTILINE, 0,
					    NULL);
		g_once_init_leave(&done, 1);
	}
	return &p;
}

/* Can @line start a log excerpt?  A cheap test before the patterns. */
static gboolean may_be_log(const char *line)
{
	const char *p = line;

	while (*p == ' ' || *p == '\t')
		p++;
	return *p && (strchr("[=-BWOgCKUks", *p) || g_ascii_isdigit(*p) ||
		      (g_ascii_isalpha(line[0]) && strlen(line) > 3 &&
		       line[3] == ' '));
}

/*
 * The sets of words that the embargo patterns cannot match without (enum
 * sl_embargo_words), ASCII, lower case, two letters at least.
 */
static const char *const word_sets[SL_EMBARGO_N_WORDS][16] = {
	/* long_request below */
	[SL_EMBARGO_WORDS_HOLD] = { "embargo", "disclosure", "quarter", NULL },
	/* event_request below, both */
	[SL_EMBARGO_WORDS_UNTIL] = { "until", "after", NULL },
	[SL_EMBARGO_WORDS_EVENT] = {
		"conference", "talk", "present", "paper", "publi", NULL,
	},
	/* embargo-invalid-reason's hold and reason patterns (unwrapping
	 * joins no words) */
	[SL_EMBARGO_WORDS_ASKS] = {
		"embargo", "hold", "postpon", "delay", "defer", "crd", "keep",
		"coordinat", "public", "disclosure", "until", NULL,
	},
	[SL_EMBARGO_WORDS_REASON] = {
		"conference", "talk", "present", "paper", "black", "def",
		"usenix", "bounty", "blog", "advisory", "keynote",
		"offensivecon", "hexacon", "pwn2own", NULL,
	},
};

/* More words than all the sets hold. */
#define MAX_WORDS 64

/* A word after its first two letters, waited for at those two. */
struct word_rest {
	const char *rest;
	gsize len;
	guint set;
	guint8 next;	/* 1 + the next word with the same two letters */
};

/*
 * Which of the @n NULL-ended @sets of words @text holds a word of (bit i:
 * set i), in any case, every set if it holds the long s (U+017F) or the
 * Kelvin sign (U+212A), which caseless patterns read as "s" and "k".  One
 * pass over the text for all of them, where a caseless pattern that needs
 * one of the words would try most of its positions: a table look-up a
 * byte, and where the byte may start a word, one for the next.
 */
static guint sets_in(const char *text, const char *const *const *sets,
		     int n)
{
	guint32 pairs[256] = { 0 };	/* second letters after each byte */
	guint8 heads[26][26] = { { 0 } };	/* 1 + a word of a pair */
	struct word_rest words[MAX_WORDS];
	guint all = (1u << n) - 1, found = 0;
	guint8 count = 0;

	for (int i = 0; i < n; i++)
		for (const char *const *w = sets[i]; *w; w++) {
			int a = (*w)[0] - 'a', b = (*w)[1] - 'a';

			g_assert(count < MAX_WORDS);
			words[count] = (struct word_rest){
				*w + 2, strlen(*w + 2), (guint)i, heads[a][b],
			};
			heads[a][b] = ++count;
			pairs['a' + a] |= 1u << b;
			pairs['A' + a] |= 1u << b;
		}
	/* the first bytes of the long s and the Kelvin sign */
	pairs[0xc5] = pairs[0xe2] = 1;
	for (const guchar *p = (const guchar *)text; *p; p++) {
		guint32 m = pairs[*p];
		guint d;

		if (!m)
			continue;
		if (*p >= 0x80) {
			if ((p[0] == 0xc5 && p[1] == 0xbf) ||
			    (p[0] == 0xe2 && p[1] == 0x84 && p[2] == 0xaa))
				return all;
			continue;
		}
		d = (guint)(p[1] | 0x20) - 'a';
		if (d >= 26 || !(m & (1u << d)))
			continue;
		for (guint8 k = heads[(*p | 0x20) - 'a'][d]; k;
		     k = words[k - 1].next) {
			const struct word_rest *w = &words[k - 1];

			if (!(found & (1u << w->set)) &&
			    !g_ascii_strncasecmp((const char *)p + 2, w->rest,
						 w->len))
				found |= 1u << w->set;
		}
		if (found == all)
			break;
	}
	return found;
}

gboolean sl_embargo_words_in(const char *text, const char *const *words)
{
	return sets_in(text, &words, 1) != 0;
}

/* sets_in() of every set of word_sets. */
static guint word_sets_in(const char *text)
{
	const char *const *sets[SL_EMBARGO_N_WORDS];

	for (int i = 0; i < SL_EMBARGO_N_WORDS; i++)
		sets[i] = word_sets[i];
	return sets_in(text, sets, SL_EMBARGO_N_WORDS);
}

/* Can @text hold an attribution line?  Only with one of its verbs. */
static gboolean may_attribute(const char *text)
{
	static const char *const verbs[] = {
		"wrote", "schrieb", "a \xc3\xa9\x63rit", "escribi\xc3\xb3",
		"ha scritto", "schreef",
	};

	for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
		if (strstr(text, verbs[i]))
			return TRUE;
	return FALSE;
}

/*
 * The lines are cut in one copy of @text (each ended in place), not split
 * into strings of their own: the text is the whole message, patches
 * included, and splitting it was a third of this function.
 */
char *sl_embargo_strip(const char *text)
{
	const struct log_patterns *lp = log_patterns();
	gsize len = strlen(text);
	g_autofree char *copy = g_memdup2(text, len + 1);
	GString *out = g_string_sized_new(len + 2);
	gboolean in_patch = FALSE, in_log = FALSE;
	gboolean attributions = may_attribute(text);
	char *line = copy, *next;

	if (!len)
		return g_string_free(out, FALSE);	/* no line at all */
	for (;; line = next) {
		char *nl = memchr(line, '\n', copy + len - line);
		gboolean drop;

		next = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		if (!in_patch && starts_patch(line, next))
			in_patch = TRUE;
		else if (in_patch && !in_hunk(line))
			in_patch = FALSE;
		if (in_log && !*line)
			in_log = FALSE;
		else if (!in_patch && !in_log && may_be_log(line) &&
			 sl_regex_matches(lp->block, line, 0))
			in_log = TRUE;
		drop = in_patch || in_log ||
		       (may_be_log(line) &&
			sl_regex_matches(lp->line, line, 0)) ||
		       (attributions &&
			sl_regex_matches(lp->attribution, line, 0));
		if (!drop)
			g_string_append_len(out, line,
					    (nl ? nl : copy + len) - line);
		g_string_append_c(out, '\n');	/* keep the line count */
		if (!nl)
			break;
	}
	return g_string_free(out, FALSE);
}

char *sl_facts_embargo_text(struct sl_facts *f)
{
	return sl_embargo_strip(sl_facts_own_text(f));
}

GDateTime *sl_embargo_thread_start(const char *own_text, GDateTime *base)
{
	const struct log_patterns *lp = log_patterns();
	g_autoptr(sl_matches) mi = NULL;
	GDateTime *oldest = NULL;

	if (!may_attribute(own_text))
		return NULL;
	mi = sl_matches_new(lp->attribution, own_text, -1, 0);
	while (sl_matches_next(mi)) {
		g_autofree char *line = sl_matches_fetch(mi, 0);
		g_autoptr(GPtrArray) dates = sl_embargo_extract(line, "body",
								base);

		for (guint i = 0; i < dates->len; i++) {
			const struct sl_embargo_date *d = dates->pdata[i];

			/* An ambiguous date (12/2/2025) has no end. */
			if ((d->kind != SL_DATE_ABSOLUTE &&
			     d->kind != SL_DATE_DATETIME) || !d->when)
				continue;
			if (oldest && g_date_time_compare(d->when, oldest) >= 0)
				continue;
			g_clear_pointer(&oldest, g_date_time_unref);
			oldest = g_date_time_ref(d->when);
		}
	}
	return oldest;
}

/* The Subject's candidates, then those of the scanned body @text. */
static GPtrArray *dates_of(const struct sl_message *msg, const char *text,
			   GDateTime *base)
{
	GPtrArray *dates = msg->subject ?
		sl_embargo_extract(msg->subject, "Subject", base) :
		g_ptr_array_new_with_free_func(
			(GDestroyNotify)sl_embargo_date_free);
	g_autoptr(GPtrArray) body = sl_embargo_extract(text, "body", base);

	g_ptr_array_set_free_func(body, NULL);
	g_ptr_array_extend_and_steal(dates, g_steal_pointer(&body));
	return dates;
}

GPtrArray *sl_facts_embargo_dates(struct sl_facts *f, GDateTime *base)
{
	g_autofree char *text = sl_facts_embargo_text(f);

	return dates_of(f->msg, text, base);
}

gboolean sl_embargo_date_usable(const struct sl_embargo_date *date)
{
	return date->trigger && date->when &&
	       !(date->flags & SL_DATE_AMBIGUOUS_ORDER);
}

static const struct sl_embargo_date *pick(GPtrArray *dates, int sign)
{
	const struct sl_embargo_date *best = NULL;

	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];

		if (sl_embargo_date_usable(d) &&
		    (!best || g_date_time_compare(d->when, best->when) == sign))
			best = d;
	}
	return best;
}

const struct sl_embargo_date *sl_embargo_latest(GPtrArray *dates)
{
	return pick(dates, 1);
}

const struct sl_embargo_date *sl_embargo_earliest(GPtrArray *dates)
{
	return pick(dates, -1);
}

gboolean sl_embargo_exceeds(const struct sl_embargo_date *date, int days,
			    int grace_hours)
{
	if (date->exact)
		return date->seconds > (gint64)days * 86400 +
				       (gint64)grace_hours * 3600;
	return date->days > days;
}

static GDate date_of(GDateTime *t)
{
	GDate d;
	int y, m, day;

	g_date_time_get_ymd(t, &y, &m, &day);
	g_date_clear(&d, 1);
	g_date_set_dmy(&d, (GDateDay)day, (GDateMonth)m, (GDateYear)y);
	return d;
}

gboolean sl_embargo_exceeds_since(const struct sl_embargo_date *date,
				  GDateTime *since, int days, int grace_hours)
{
	GDate from = date_of(since), to = date_of(date->when);

	if (date->exact)
		return g_date_time_difference(date->when, since) >
		       ((gint64)days * 86400 + (gint64)grace_hours * 3600) *
		       G_TIME_SPAN_SECOND;
	return g_date_days_between(&from, &to) > days;
}

char *sl_embargo_date_name(const struct sl_embargo_date *d)
{
	g_autofree char *when = NULL;

	if (!d->when)
		return g_strdup_printf("'%s' (%s, ambiguous: %s)", d->text,
				       d->where, d->note ? d->note : "?");
	when = g_date_time_format(d->when, d->exact ? "%Y-%m-%d %H:%M UTC"
				  : "%Y-%m-%d");
	if (d->exact)
		return g_strdup_printf("'%s' = %s (%s, %.1f days)", d->text,
				       when, d->where,
				       (double)d->seconds / 86400.0);
	return g_strdup_printf("'%s' = %s (%s, %d days)", d->text, when,
			       d->where, d->days);
}

char *sl_embargo_describe(GPtrArray *dates)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];
		g_autofree char *name = NULL;

		if (!d->trigger)
			continue;
		name = sl_embargo_date_name(d);
		g_string_append_printf(out, "%s%s", out->len ? "; " : "", name);
	}
	return g_string_free(out, FALSE);
}

static GDateTime *thread_start_of(struct sl_facts *f, GDateTime *base)
{
	return sl_embargo_thread_start(sl_facts_own_text(f), base);
}

static void scan_fill(struct sl_embargo_scan *scan, struct sl_facts *f)
{
	scan->base = sl_embargo_base(f->msg, &scan->from_header);
	scan->text = sl_facts_embargo_text(f);
	scan->dates = dates_of(f->msg, scan->text, scan->base);
	scan->thread_start = thread_start_of(f, scan->base);
}

/*
 * The scan kept in the message's facts: the embargo rules of one message
 * run one after another, and each would otherwise read the same text
 * again.  @scan gets its own references, for the rule to change and clear.
 */
static void scan_free(gpointer scan)
{
	sl_embargo_scan_clear(scan);
	g_free(scan);
}

static const struct sl_embargo_scan *kept_scan(struct sl_facts *f)
{
	static const char key;
	struct sl_facts_slot *s = sl_facts_slot(f, &key);

	if (!s->filled) {
		struct sl_embargo_scan *kept = g_new0(struct sl_embargo_scan, 1);

		scan_fill(kept, f);
		sl_facts_fill(s, kept, scan_free);
	}
	return s->data;
}

void sl_embargo_scan_open(struct sl_embargo_scan *scan, struct sl_facts *f)
{
	const struct sl_embargo_scan *kept = kept_scan(f);

	scan->base = g_date_time_ref(kept->base);
	scan->from_header = kept->from_header;
	scan->text = g_strdup(kept->text);
	scan->dates = g_ptr_array_ref(kept->dates);
	scan->thread_start = kept->thread_start ?
		g_date_time_ref(kept->thread_start) : NULL;
}

void sl_embargo_scan_clear(struct sl_embargo_scan *scan)
{
	g_clear_pointer(&scan->base, g_date_time_unref);
	g_clear_pointer(&scan->dates, g_ptr_array_unref);
	g_clear_pointer(&scan->text, g_free);
	g_clear_pointer(&scan->thread_start, g_date_time_unref);
	g_clear_pointer(&scan->since, g_free);
}

/* Holds no list accepts: "standard 90-day embargo", "next quarter". */
static const char long_request[] =
	"\\b(?:standard|usual|customary|normal|typical)\\s+(?:\\d+[- ]day\\s+)?"
	"(?:embargo|disclosure\\s+(?:deadline|policy|period|window))"
	"|\\bnext\\s+quarter\\b"
	"|\\b(?:disclosure|embargo)[^.\\n]{0,40}"
	"\\b(?:[2-9]\\d|1\\d\\d)[- ]days?\\b";

/* Holds until an event: "until our talk", "until we can publish".  With
 * the event's date in the sentence ("until our talk at X on 12 May") the
 * hold is as long as that date says, and the date rules judge it. */
static const char event_request[] =
	"\\b(?:until|after)\\s+(?:after\\s+)?(?:the|our|my)\\s+(?:\\w+\\s+)?"
	"(?:conference|talk|presentation|paper|publication)\\b"
	"|\\buntil\\s+(?:we|I)\\s+(?:can\\s+)?(?:publish|present)\\b";

/* The first match of @pattern its sentence does not take back ("the
 * standard 90-day embargo does not apply"), nor, with @undated, date. */
static char *first_request(const char *pattern, const char *text,
			   gboolean undated)
{
	g_autoptr(sl_matches) mi = sl_matches_of(pattern, G_REGEX_CASELESS,
						 text, -1, 0);

	while (mi && sl_matches_next(mi)) {
		gint s, e;

		sl_matches_fetch_pos(mi, 0, &s, &e);
		if (sl_embargo_negated(text, (gsize)s, (gsize)e) ||
		    (undated && sl_embargo_dated(text, (gsize)e)))
			continue;
		return sl_matches_fetch(mi, 0);
	}
	return NULL;
}

/* By lint/util/matches.c, with the JIT: GRegex runs PCRE2's interpreter, and
 * this reads the whole text of every message to a list.  @found: the word
 * sets @text holds (word_sets_in()), which each pattern cannot match
 * without. */
static char *long_request_in(const char *text, guint found)
{
	char *words = NULL;

	if (found & (1u << SL_EMBARGO_WORDS_HOLD))
		words = first_request(long_request, text, FALSE);
	if (!words && (found & (1u << SL_EMBARGO_WORDS_UNTIL)) &&
	    (found & (1u << SL_EMBARGO_WORDS_EVENT)))
		words = first_request(event_request, text, TRUE);
	return words;
}

char *sl_embargo_long_request(const char *text)
{
	return long_request_in(text, word_sets_in(text));
}

/* What the scan's text holds of the word sets and its long request,
 * found once a message. */
struct scan_words {
	guint found;
	gboolean request_asked;
	char *request;
};

static void scan_words_free(gpointer p)
{
	struct scan_words *w = p;

	g_free(w->request);
	g_free(w);
}

static struct scan_words *scan_words(struct sl_facts *f)
{
	static const char key;
	struct sl_facts_slot *s = sl_facts_slot(f, &key);

	if (!s->filled) {
		struct scan_words *w = g_new0(struct scan_words, 1);

		w->found = word_sets_in(kept_scan(f)->text);
		sl_facts_fill(s, w, scan_words_free);
	}
	return s->data;
}

const char *const *sl_embargo_word_set(enum sl_embargo_words set)
{
	return word_sets[set];
}

gboolean sl_embargo_scan_has(struct sl_facts *f, enum sl_embargo_words set)
{
	return (scan_words(f)->found & (1u << set)) != 0;
}

const char *sl_embargo_scan_long_request(struct sl_facts *f)
{
	struct scan_words *w = scan_words(f);

	if (!w->request_asked) {
		w->request = long_request_in(kept_scan(f)->text, w->found);
		w->request_asked = TRUE;
	}
	return w->request;
}

gboolean sl_embargo_applies(struct sl_facts *f,
			    const struct sl_policy *policy, const char *role)
{
	return sl_msg_find_role(f->msg, policy, role) &&
	       !sl_facts_is_encrypted(f);
}

void sl_embargo_report(struct sl_check *check, enum sl_severity cap,
		       const struct sl_embargo_scan *scan,
		       const struct sl_embargo_date *end, const char *fmt, ...)
{
	g_autofree char *name = sl_embargo_date_name(end);
	g_autofree char *all = sl_embargo_describe(scan->dates);
	g_autofree char *what = NULL;
	va_list ap;

	va_start(ap, fmt);
	what = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	sl_report_capped(check, cap, end->where, "the proposed embargo end %s "
			 "%s; counted from %s; candidates: %s", name, what,
			 scan->since ? scan->since :
			 sl_embargo_base_name(scan->from_header), all);
}

const struct sl_embargo_date *sl_embargo_end(struct sl_embargo_scan *scan,
					     const struct sl_check *check,
					     const char *role,
					     gboolean earliest)
{
	if (!sl_embargo_applies(check->facts, check->policy, role))
		return NULL;
	sl_embargo_scan_open(scan, check->facts);
	return earliest ? sl_embargo_earliest(scan->dates)
			: sl_embargo_latest(scan->dates);
}

gboolean sl_embargo_date_context(const struct sl_message *msg,
				 const struct sl_embargo_scan *scan,
				 const struct sl_embargo_date *date,
				 const char *pattern)
{
	const char *text = strcmp(date->where, "Subject") ? scan->text
							   : msg->subject;
	gsize from = sl_utf8_back(text, date->offset, 80);
	g_autofree char *before = g_strndup(text + from, date->offset - from);
	char *sentence = before;

	/* only the sentence the date is in */
	for (char *p = before; *p; p++)
		if ((strchr(".!?", *p) && g_ascii_isspace(p[1])) ||
		    (*p == '\n' && p[1] == '\n'))
			sentence = p + 1;
	return sl_regex_match_simple(pattern, sentence, G_REGEX_CASELESS, 0);
}
