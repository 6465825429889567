// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "literals.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

enum markup {
	MU_HEADING, MU_BOLD, MU_FENCE, MU_LINK, MU_TABLE, MU_TASK,
	MU_UNDERLINE, MU_DIRECTIVE, MU_LITERAL, MU_KINDS
};

static const char *const markup_names[MU_KINDS] = {
	"headings", "**bold**", "code fences", "[links](...)", "tables",
	"task lists", "RST title underlines", "RST directives",
	"``literals``",
};

/* Markup that fits on one line, in the order of enum markup. */
static const char *const line_patterns[] = {
	[MU_HEADING] = "^#{2,6} \\S|^# [A-Z][^/|<>$=;]*$",
	[MU_BOLD] = "(^|[\\s(])(\\*\\*[^*\\s][^*]{0,80}?[^*\\s]\\*\\*|"
		    "\\*\\*[^*\\s]\\*\\*|__[^_\\s][^_]{0,80} [^_]{0,80}[^_\\s]__)"
		    "(?=$|[\\s.,:;)!?])",
	[MU_FENCE] = "^\\s*(```|~~~)",
	[MU_LINK] = "\\[[^]\\n]+\\]\\(https?://",
	[MU_TABLE] = "^\\s*\\|?\\s*:?-{3,}:?\\s*\\|",
	[MU_TASK] = "^\\s*[-*] \\[[ xX]\\] ",
	[MU_UNDERLINE] = NULL,
	[MU_DIRECTIVE] = "^\\.\\. [a-z][\\w-]*::",
	[MU_LITERAL] = "``[^`\\s][^`]*``",
};

/* What every match of each holds or starts with (rules/lib/literals.h): a
 * line of prose has none of it, and is spared the patterns. */
static const struct sl_guard line_guards[] = {
	[MU_HEADING] = { .first = "#" },
	[MU_BOLD] = { .has = (const char *const[]){ "**", "__", NULL } },
	[MU_FENCE] = { .has = (const char *const[]){ "```", "~~~", NULL } },
	[MU_LINK] = { .has = (const char *const[]){ "](http", NULL } },
	[MU_TABLE] = { .has = (const char *const[]){ "---", NULL } },
	[MU_TASK] = { .has = (const char *const[]){ "- [", "* [", NULL } },
	[MU_DIRECTIVE] = { .first = "." },
	[MU_LITERAL] = { .has = (const char *const[]){ "``", NULL } },
};


/* C and shell lines: "char **argv;", "#include", indented code. */
static const char code_like[] =
	"^(\\t|    )|^\\s*#\\s*(include|define|if|ifdef|ifndef|endif|else)\\b|"
	"[;{}]\\s*$|^\\s*(/\\*|\\*/|//)";
/* ASCII white space, which \s matches (and, as PCRE2_UCP, the Unicode
 * spaces: where a test below reads a byte that is not ASCII, it says yes). */
static const char ascii_space[] = " \t\n\v\f\r";

/*
 * code_like's places: a tab or four spaces first, "#", "/" or "*" after
 * the white space that starts the line, or ";", "{" or "}" before the
 * white space that ends it.  A line of prose has most often a "/" (a
 * URL, "and/or") or a ";" inside, which a test for any of those bytes
 * let through to the pattern, and a line of code has them at its ends.
 */
static gboolean may_be_code(const char *line)
{
	const char *p = line + strspn(line, ascii_space);
	const char *end = p + strlen(p);

	if (line[0] == '\t' || strncmp(line, "    ", 4) == 0 ||
	    (guchar)*p >= 0x80 ||
	    (*p && strchr("#/*", *p)))
		return TRUE;
	while (end > p && strchr(ascii_space, end[-1]))
		end--;
	return end > p && ((guchar)end[-1] >= 0x80 || strchr(";{}", end[-1]));
}

static const struct sl_guard code_like_guard = { .may = may_be_code };
static const char underline[] = "^([=~^-])\\1{2,}$";
static const struct sl_guard underline_guard = { .first = "=~^-" };
static const char banner_text[] =
	"(BUG:|UBSAN:|WARNING:|KASAN|cut here|end trace|Call Trace)";


struct markup_count {
	unsigned n[MU_KINDS];
	gboolean in_fence;
	gboolean in_script;	/* "#!" up to a blank line: "# " comments */
	unsigned absent;	/* kinds no line of the text can hold */
	gboolean checking;	/* sl_literals_checking(): prove them */
};

/*
 * Can a line of @text (a piece between two newlines) pass @g?  No, if
 * the whole text has none of the bytes its first byte or any byte must
 * be and none of the strings a match must hold: a line has no byte and
 * no string its text lacks.  Most reports hold none of "**", "```",
 * "](http" or "``" at all, and each line was searched for each of them.
 */
static gboolean text_may_pass(const struct sl_guard *g, const char *text)
{
	if ((!g->first && !g->bytes && !g->has) || g->space || g->caseless ||
	    g->may)
		return TRUE;
	if ((g->first && strpbrk(text, g->first)) ||
	    (g->bytes && strpbrk(text, g->bytes)))
		return TRUE;
	for (const char *const *s = g->has; s && *s; s++)
		if (strstr(text, *s))
			return TRUE;
	return FALSE;
}

/* sl_guarded_count() of a kind on @line, not even guarded where the text
 * lacks what its guard asks for (the check mode proves it on @line). */
static unsigned count_kind(const struct markup_count *m, int k,
			   const char *line)
{
	if (m->absent & (1u << k)) {
		if (m->checking)
			sl_regex_cannot_match(line_patterns[k], 0, line);
		return 0;
	}
	return sl_guarded_count(NULL, line_patterns[k], 0, &line_guards[k],
				line);
}

static gboolean is_underline(const char *prev, const char *line)
{
	const char *text = prev + strspn(prev, " \t");

	if (!sl_guarded_test(NULL, underline, 0, &underline_guard, line) || !*text ||
	    sl_regex_test(banner_text, 0, text))
		return FALSE;
	for (const char *p = text; *p; p++)
		if (g_ascii_isalpha(*p))
			return g_utf8_strlen(text, -1) == (glong)strlen(line);
	return FALSE;
}

static void count_line(struct markup_count *m, const char *prev,
		       const char *line)
{
	if ((m->absent & (1u << MU_FENCE))
		    ? m->checking &&
		      !sl_regex_cannot_match(line_patterns[MU_FENCE], 0, line)
		    : sl_guarded_test(NULL, line_patterns[MU_FENCE], 0,
				      &line_guards[MU_FENCE], line)) {
		if (!m->in_fence)
			m->n[MU_FENCE]++;
		m->in_fence = !m->in_fence;
		return;
	}
	if (g_str_has_prefix(line, "#!"))
		m->in_script = TRUE;
	else if (!*line)
		m->in_script = FALSE;
	if (m->in_fence || m->in_script ||
	    sl_guarded_test(NULL, code_like, 0, &code_like_guard, line))
		return;
	if (is_underline(prev, line))
		m->n[MU_UNDERLINE]++;
	for (int k = 0; k < MU_KINDS; k++)
		if (line_patterns[k] && k != MU_FENCE)
			m->n[k] += count_kind(m, k, line);
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_kernel_report_text(c, FALSE);
	g_autofree char **lines = NULL;
	g_autofree char *copy = NULL;
	struct markup_count m = { { 0 }, FALSE, FALSE, 0,
				  sl_literals_checking() };
	g_autoptr(GString) seen = g_string_new(NULL);
	unsigned kinds = 0, most = 0;

	if (!t)
		return;
	for (int k = 0; k < MU_KINDS; k++)
		if (line_patterns[k] &&
		    !text_may_pass(&line_guards[k], t->prose->str))
			m.absent |= 1u << k;
	lines = sl_text_lines(t->prose->str, &copy);
	for (char **l = lines; *l; l++)
		count_line(&m, l == lines ? "" : l[-1], *l);
	for (int k = 0; k < MU_KINDS; k++) {
		if (!m.n[k])
			continue;
		kinds++;
		most = MAX(most, m.n[k]);
		g_string_append_printf(seen, "%s%u %s", seen->len ? ", " : "",
				       m.n[k], markup_names[k]);
	}
	/* Underlined titles alone are a plain-text convention
	 * ("Affected versions" over a line of dashes), not markup. */
	if (kinds == 1 && m.n[MU_UNDERLINE])
		return;
	if (kinds >= 2 || most >= 3)
		sl_report(c, "body", "the report looks formatted as Markdown "
			  "or RST (%s); convert it to plain text", seen->str);
}

const struct sl_rule sl_rule_report_markdown_rst = {
	.id = "report-markdown-rst",
	.summary = "the report is written in Markdown or reStructuredText",
	.rationale =
		"Markdown and RST are hard to read as mail and tempt readers "
		"to paste a confidential report into a viewer, perhaps an "
		"online one; the 2026 text frowns on them and notes that "
		"AI-generated reports are littered with Markdown.  The rule "
		"counts markup in the sender's own prose (quotes, patches, "
		"logs and code lines are skipped) and fires on two kinds of "
		"it or one kind three times, so a mention of Markdown, a "
		"plain bullet list or a KASAN banner does not count.  Titles "
		"underlined with dashes or equals signs count only beside "
		"other markup: alone they are a plain-text convention, and "
		"on real mail warning on them was wrong.",
	.help = "send plain text: no #-headings, **bold**, ``` fences, "
		"[links](url) or RST underlines; indent code instead",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow\n\n"
		       "## Summary\n\n**Impact:** local root\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\n"
			"Summary: an overflow.\n\nImpact: local root.\n",
	.check = check,
};
