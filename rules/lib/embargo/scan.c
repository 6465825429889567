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
#include "literals.h"
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

/* Does @s start with one of the @n strings of @list, whose first bytes
 * are @firsts? */
static gboolean prefix_in(const char *s, const char *firsts,
			  const char *const *list, size_t n)
{
	if (!*s || !strchr(firsts, *s))
		return FALSE;
	for (size_t i = 0; i < n; i++)
		if (g_str_has_prefix(s, list[i]))
			return TRUE;
	return FALSE;
}

/* Does @s start with the literal @lit? */
#define HAS_PREFIX(s, lit) (strncmp((s), (lit), sizeof(lit) - 1) == 0)

static gboolean in_hunk(const char *line)
{
	/* A hunk's own lines first: most lines of a patch are. */
	switch (*line) {
	case ' ': case '+': case '-': case '@': case '\\':
		return TRUE;
	default:
		break;
	}
	/* Blank lines, and the data of a binary patch. */
	if (sl_binary_patch_line(line))
		return TRUE;
	/* the first bytes of the git headers of patch_prefixes */
	return prefix_in(line, "dinsroBG", patch_prefixes,
			 G_N_ELEMENTS(patch_prefixes));
}

/* @line, and @next, the rest of the text after its newline (NULL after
 * the last line). */
static gboolean starts_patch(const char *line, const char *next)
{
	return (*line == 'd' && HAS_PREFIX(line, "diff --git ")) ||
	       (*line == '-' && HAS_PREFIX(line, "--- ") && next &&
		HAS_PREFIX(next, "+++ "));
}

/* The three patterns, from the process's cache: each is compiled when a
 * line first needs it, and most messages need none (the guards below turn
 * every line away; a patch to security@ paid 0.17 million instructions,
 * 2 % of its hook, to compile all three up front). */
static GRegex *log_line_re(void)
{
	return sl_regex_cached(log_line, G_REGEX_CASELESS);
}

static GRegex *log_block_re(void)
{
	return sl_regex_cached(log_block, 0);
}

static GRegex *attribution_re(void)
{
	return sl_regex_cached(attribution, G_REGEX_MULTILINE);
}

/* Can @line start a log excerpt?  A cheap test before the patterns. */
static gboolean may_be_log(const char *line)
{
	const char *p = line;

	while (*p == ' ' || *p == '\t')
		p++;
	return *p && (strchr("[=-BWOgCKUks", *p) || g_ascii_isdigit(*p) ||
		      (g_ascii_isalpha(line[0]) && line[1] && line[2] &&
		       line[3] == ' '));
}


/*
 * The tests after may_be_log(), each a guard of rules/lib/literals.h
 * (SECLINT_CHECK_LITERALS=1 proves each line it turns away): most lines
 * of prose pass may_be_log() ("The " has a space fourth), and the
 * patterns cost a thousand instructions a line.
 */
/* ASCII white space, all of which \s matches (and, with PCRE2_UCP, the
 * Unicode spaces: any byte that is not ASCII is let through). */
static const char ascii_space[] = " \t\n\v\f\r";

/* log_block: after white space, "==", "BUG: ", ... or "-+[ cut here ]". */
static gboolean block_start(const char *line)
{
	static const char *const starts[] = {
		"==", "BUG: ", "WARNING: ", "Oops", "general protection fault",
		"Call Trace:", "KASAN: ", "UBSAN: ", "kernel BUG ",
		"Unable to handle", "syzbot ",
	};
	const char *p = line + strspn(line, ascii_space);

	if ((guchar)*p >= 0x80)
		return TRUE;
	if (*p == '-')
		return g_str_has_prefix(p + strspn(p, "-"), "[ cut here ]");
	return prefix_in(p, "=BWOgCKUks", starts, G_N_ELEMENTS(starts));
}

static const struct sl_guard block_guard = { .may = block_start };

/* Is @c ASCII white space, or a byte that is not ASCII? */
static inline gboolean may_be_space(guchar c)
{
	return c >= 0x80 || (c && strchr(ascii_space, c));
}

/* Is @c an ASCII digit, or a byte that is not ASCII? */
static inline gboolean may_be_digit(guchar c)
{
	return c >= 0x80 || g_ascii_isdigit(c);
}

/*
 * log_line (caseless): "[" after white space (a dmesg stamp), four digits
 * and "-" (an ISO date), or a month's three letters, white space and a
 * digit (syslog).  Caseless "sep" also matches the long s U+017F; \d and
 * \s match digits and spaces outside ASCII: a byte that is not ASCII
 * where the test reads lets the line through.
 */
static gboolean log_line_start(const char *line)
{
	static const char months[] = "janfebmaraprmayjunjulaugsepoctnovdec";
	const guchar *p = (const guchar *)line + strspn(line, ascii_space);
	const guchar *s = (const guchar *)line;
	char m[3];
	int i;

	if (*p >= 0x80 || *p == '[')
		return TRUE;
	for (i = 0; i < 4 && may_be_digit(s[i]); i++)
		if (s[i] >= 0x80)
			return TRUE;
	if (i == 4)
		return s[4] == '-' || s[4] >= 0x80;
	for (i = 0; i < 3; i++) {
		if (s[i] >= 0x80)
			return TRUE;
		if (!g_ascii_isalpha(s[i]))
			return FALSE;
		m[i] = g_ascii_tolower(s[i]);
	}
	for (i = 0; i < 36 && memcmp(months + i, m, 3); i += 3)
		;
	if (i == 36 || !may_be_space(s[3]))
		return FALSE;
	for (p = s + 3; *p && *p < 0x80 && strchr(ascii_space, *p); p++)
		;
	return may_be_digit(*p);
}

static const struct sl_guard line_guard = { .may = log_line_start };

/*
 * The attribution pattern is multi-line: it starts where a line starts,
 * and with PCRE2's default newline (any) also after a CR, VT, FF, NEL
 * (U+0085), LS or PS (U+2028, U+2029) inside a line of the strip (which
 * cuts at LF only).  Does @text hold one of those?
 */
static gboolean other_newline(const char *text)
{
	for (const guchar *p = (const guchar *)text;; p++) {
		p += strcspn((const char *)p, "\r\v\f\xc2\xe2");
		if (!*p)
			return FALSE;
		if (*p < 0x80 || (p[0] == 0xc2 && p[1] == 0x85) ||
		    (p[0] == 0xe2 && p[1] == 0x80 &&
		     (p[2] == 0xa8 || p[2] == 0xa9)))
			return TRUE;
	}
}

/* Does @line start as an attribution line may ("On", "Am", "Le", ...)? */
static inline gboolean attribution_start(const char *line)
{
	static const char pairs[] = "OnAmLeElIlOp";

	for (int i = 0; i < 12; i += 2)
		if (line[0] == pairs[i] && line[1] == pairs[i + 1])
			return TRUE;
	return FALSE;
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
static guint sets_scan(const char *text, const char *const *const *sets,
		       int n, gboolean filter)
{
	guint32 pairs[256] = { 0 };	/* second letters after each byte */
	/* Of the low five bits of a byte, those of the bytes that may follow
	 * it in a pair above: a test of every byte pair without a branch
	 * that most letters take (a letter that starts no word and one that
	 * does alternate in prose), before the look-ups. */
	guint32 next5[32] = { 0 };
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
			next5[(*w)[0] & 0x1f] |= 1u << ((*w)[1] & 0x1f);
		}
	/* the first bytes of the long s and the Kelvin sign */
	pairs[0xc5] = pairs[0xe2] = 1;
	next5[0xc5 & 0x1f] |= 1u << (0xbf & 0x1f);
	next5[0xe2 & 0x1f] |= 1u << (0x84 & 0x1f);
	for (const guchar *p = (const guchar *)text; *p; p++) {
		guint32 m;
		guint d;

		/* p[1] is at most the text's NUL */
		if (filter && !((next5[*p & 0x1f] >> (p[1] & 0x1f)) & 1))
			continue;
		m = pairs[*p];
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

/* sets_scan(), proved with SECLINT_CHECK_LITERALS=1 against the scan
 * without its test of the byte pairs. */
static guint sets_in(const char *text, const char *const *const *sets,
		     int n)
{
	guint found = sets_scan(text, sets, n, TRUE);

	if (sl_literals_checking() && found != sets_scan(text, sets, n, FALSE))
		g_error("seclint: the embargo word sets' test of byte pairs "
			"says %#x, the scan without it %#x: %s", found,
			sets_scan(text, sets, n, FALSE), text);
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

/* What sl_embargo_strip() learns of the attribution lines of its text. */
struct attribution {
	gboolean everywhere;	/* try every pattern on every line */
	gboolean other_newline;	/* other_newline() of the text */
	gboolean line_starts;	/* a line passes attribution_start() */
	int verbs;		/* may_attribute() of the text; -1: not asked */
};

/* log_block_at() and log_line_at() ask of a line that passed
 * may_be_log(). */
static gboolean log_block_at(const char *line, gboolean everywhere)
{
	return (everywhere ||
		sl_guard_admits(NULL, log_block, 0, &block_guard, line)) &&
	       sl_regex_matches(log_block_re(), line, 0);
}

static gboolean log_line_at(const char *line, gboolean everywhere)
{
	return (everywhere ||
		sl_guard_admits(NULL, log_line, G_REGEX_CASELESS, &line_guard,
				line)) &&
	       sl_regex_matches(log_line_re(), line, 0);
}

/* Is @line of @text an attribution line?  @starts: attribution_start(). */
static gboolean attribution_at(const char *text, const char *line,
			       gboolean starts, struct attribution *at)
{
	if (!at->everywhere && !at->other_newline && !starts)
		return !sl_regex_cannot_match(attribution, G_REGEX_MULTILINE,
					      line);
	if (at->verbs < 0)
		at->verbs = may_attribute(text);
	return at->verbs && sl_regex_matches(attribution_re(), line, 0);
}

/*
 * The lines are cut in one copy of @text (each ended in place), not split
 * into strings of their own: the text is the whole message, patches
 * included, and splitting it was a third of this function.  The lines
 * kept move down in the same copy, behind the line read: what is written
 * never reaches a line not yet read.
 */
static char *strip_lines(const char *text, struct attribution *at)
{
	gsize len = strlen(text);
	char *copy = g_malloc(len + 2);	/* a newline more, and the NUL */
	gboolean in_patch = FALSE, in_log = FALSE;
	char *line = copy, *next, *out = copy;

	memcpy(copy, text, len + 1);
	at->other_newline = other_newline(text);
	at->line_starts = FALSE;
	at->verbs = -1;
	if (!len)
		return copy;	/* no line at all */
	for (;; line = next) {
		char *nl = memchr(line, '\n', copy + len - line);
		gboolean starts = attribution_start(line);
		gboolean drop, may_log;

		next = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		may_log = may_be_log(line);
		at->line_starts |= starts;
		if (!in_patch && starts_patch(line, next))
			in_patch = TRUE;
		else if (in_patch && !in_hunk(line))
			in_patch = FALSE;
		if (in_log && !*line)
			in_log = FALSE;
		else if (!in_patch && !in_log && may_log &&
			 log_block_at(line, at->everywhere))
			in_log = TRUE;
		drop = in_patch || in_log ||
		       (may_log && log_line_at(line, at->everywhere)) ||
		       attribution_at(text, line, starts, at);
		if (!drop) {
			gsize n = (gsize)((nl ? nl : copy + len) - line);

			if (out != line)
				memmove(out, line, n);
			out += n;
		}
		*out++ = '\n';	/* keep the line count */
		if (!nl)
			break;
	}
	*out = '\0';
	return copy;
}

char *sl_embargo_strip(const char *text)
{
	struct attribution at = { .everywhere = FALSE };

	return strip_lines(text, &at);
}

char *sl_embargo_strip_everywhere(const char *text)
{
	struct attribution at = { .everywhere = TRUE };

	return strip_lines(text, &at);
}

char *sl_facts_embargo_text(struct sl_facts *f)
{
	return sl_embargo_strip(sl_facts_own_text(f));
}

/* sl_embargo_thread_start(), with @verbs the text's may_attribute() if
 * known (-1: not). */
static GDateTime *thread_start(const char *own_text, GDateTime *base,
			       int verbs)
{
	g_autoptr(sl_matches) mi = NULL;
	GDateTime *oldest = NULL;

	if (verbs < 0)
		verbs = may_attribute(own_text);
	if (!verbs)
		return NULL;
	mi = sl_matches_new(attribution_re(), own_text, -1, 0);
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

GDateTime *sl_embargo_thread_start(const char *own_text, GDateTime *base)
{
	return thread_start(own_text, base, -1);
}

/*
 * The strip's pass over the lines says where an attribution line may
 * start (attribution_at()): with no line that starts as one, and no
 * newline but LF, the pattern cannot match anywhere in the text.
 */
static GDateTime *start_after_strip(const char *own_text, GDateTime *base,
				    const struct attribution *at)
{
	if (!at->other_newline && !at->line_starts &&
	    sl_regex_cannot_match(attribution, G_REGEX_MULTILINE, own_text))
		return NULL;
	return thread_start(own_text, base, at->verbs);
}

char *sl_embargo_strip_start(const char *own_text, GDateTime *base,
			     GDateTime **start)
{
	struct attribution at = { .everywhere = FALSE };
	char *text = strip_lines(own_text, &at);

	*start = start_after_strip(own_text, base, &at);
	return text;
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

/*
 * The scan kept in the message's facts: the embargo rules of one message
 * run one after another, and each would otherwise read the same text
 * again.  The thread's start is read when a rule asks for it (one rule
 * of the distros lists, on a reply): with what the strip learnt of the
 * attribution lines, it is what sl_embargo_strip_start() finds.
 */
struct kept {
	struct sl_embargo_scan scan;	/* its text is @text */
	char *text;
	struct attribution at;		/* of the strip of the own text */
	gboolean start_asked;
	GDateTime *start;
};

static void kept_free(gpointer p)
{
	struct kept *kept = p;

	sl_embargo_scan_clear(&kept->scan);
	g_free(kept->text);
	g_clear_pointer(&kept->start, g_date_time_unref);
	g_free(kept);
}

static void scan_fill(struct kept *kept, struct sl_facts *f)
{
	struct sl_embargo_scan *scan = &kept->scan;

	kept->at.everywhere = FALSE;
	scan->base = sl_embargo_base(f->msg, &scan->from_header);
	kept->text = strip_lines(sl_facts_own_text(f), &kept->at);
	scan->text = kept->text;
	scan->dates = dates_of(f->msg, scan->text, scan->base);
}

static struct kept *kept_of(struct sl_facts *f)
{
	static const char key;
	struct sl_facts_slot *s = sl_facts_slot(f, &key);

	if (!s->filled) {
		struct kept *kept = g_new0(struct kept, 1);

		scan_fill(kept, f);
		sl_facts_fill(s, kept, kept_free);
	}
	return s->data;
}

static const struct sl_embargo_scan *kept_scan(struct sl_facts *f)
{
	return &kept_of(f)->scan;
}

GDateTime *sl_embargo_scan_thread_start(struct sl_facts *f)
{
	struct kept *kept = kept_of(f);

	if (!kept->start_asked) {
		kept->start = start_after_strip(sl_facts_own_text(f),
						kept->scan.base, &kept->at);
		kept->start_asked = TRUE;
	}
	return kept->start;
}

/* @scan gets its own references, for the rule to change and clear. */
void sl_embargo_scan_open(struct sl_embargo_scan *scan, struct sl_facts *f)
{
	const struct sl_embargo_scan *kept = kept_scan(f);

	scan->base = g_date_time_ref(kept->base);
	scan->from_header = kept->from_header;
	scan->text = kept->text;	/* as long as the facts */
	scan->dates = g_ptr_array_ref(kept->dates);
}

void sl_embargo_scan_clear(struct sl_embargo_scan *scan)
{
	g_clear_pointer(&scan->base, g_date_time_unref);
	g_clear_pointer(&scan->dates, g_ptr_array_unref);
	scan->text = NULL;
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
