// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "literals.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

static const char heading[] =
	"^(#{1,6} \\S.*|\\*\\*[^*]{2,60}\\*\\*:?|[=~^-]{3,})$";
/* A heading starts its line on one of these (rules/lib/literals.h). */
static const struct sl_guard heading_guard = { .first = "#*=~^-" };
/* What a summary names: a file, a function, a version, a bug class. */
static const char summary[] =
	"(?i)\\b[\\w-]+/[\\w/.-]+\\.[chS]\\b|\\b\\w+\\(\\)|"
	"\\bv?[2-7]\\.\\d{1,2}\\b|\\b(use[- ]after[- ]free|UAF|overflow|"
	"underflow|out[- ]of[- ]bounds|OOB|null[- ]pointer|NULL deref|"
	"double[- ]free|race|leak|uninitiali[sz]ed|type confusion|deadlock|"
	"privilege escalation|LPE|denial of service|DoS|panic|crash|"
	"corruption|bypass|infinite loop|integer|refcount|lockup)";

/* A version's digit 2 to 7 and "." (the \\d after it may be any decimal
 * digit: a byte outside ASCII may start one). */
static gboolean may_name_version(const char *line)
{
	for (const char *p = strchr(line, '.'); p; p = strchr(p + 1, '.'))
		if (p > line && p[-1] >= '2' && p[-1] <= '7' &&
		    (g_ascii_isdigit(p[1]) || (guchar)p[1] >= 0x80))
			return TRUE;
	return FALSE;
}

/* What each match of summary holds (rules/lib/literals.h): a "/" (a
 * file), a "(" (a function), a version, or the start of a bug class. */
static const struct sl_guard summary_guard = {
	.bytes = "/(",
	.has = (const char *const[]){
		"\\buse after", "\\buse-after", "\\buaf", "\\boverflow",
		"\\bunderflow", "\\bout of", "\\bout-of", "\\boob",
		"\\bnull pointer", "\\bnull-pointer", "\\bnull deref",
		"\\bdouble free", "\\bdouble-free", "\\brace", "\\bleak",
		"\\buninitiali", "\\btype confusion", "\\bdeadlock",
		"\\bprivilege escalation", "\\blpe", "\\bdenial of service",
		"\\bdos", "\\bpanic", "\\bcrash", "\\bcorruption",
		"\\bbypass", "\\binfinite loop", "\\binteger", "\\brefcount",
		"\\blockup", NULL
	},
	.caseless = TRUE,
	.may = may_name_version,
};


static unsigned count_headings(char **lines)
{
	unsigned n = 0;

	for (char **l = lines; *l; l++)
		if (sl_guarded_test(NULL, heading, 0, &heading_guard, *l))
			n++;
	return n;
}

/* Does one of the first @window non-blank lines say what the bug is? */
static gboolean summary_first(char **lines, int window)
{
	int seen = 0;

	for (char **l = lines; *l && seen < window; l++) {
		if (!**l)
			continue;
		seen++;
		if (sl_guarded_test(NULL, summary, 0, &summary_guard, *l))
			return TRUE;
	}
	return FALSE;
}

static void check(struct sl_check *c)
{
	int max_lines = sl_param_int(c, "max-lines");
	int max_headings = sl_param_int(c, "max-headings");
	int window = sl_param_int(c, "summary-lines");
	const struct sl_text *t = sl_kernel_report_text(c, TRUE);
	g_autofree char **lines = NULL;
	g_autofree char *copy = NULL;
	unsigned headings = 0;

	if (!t)
		return;
	lines = sl_text_lines(t->prose->str, &copy);
	/* the headings count only in a report short enough */
	if ((int)t->prose_lines <= max_lines)
		headings = count_headings(lines);
	if ((int)t->prose_lines > max_lines)
		sl_report(c, "body", "the report has %u lines of text besides "
			  "quotes, patches and logs (more than %d); put a clear "
			  "summary and the critical details first and cut the "
			  "rest", t->prose_lines, max_lines);
	else if ((int)headings > max_headings)
		sl_report(c, "body", "the report has %u heading-like lines "
			  "(more than %d): it reads like a long document; a "
			  "short plain summary first is easier to triage",
			  headings, max_headings);
	else if ((int)t->prose_lines > 2 * window &&
		 !summary_first(lines, window))
		sl_report(c, "body", "the first %d lines name no file, "
			  "function, version or kind of bug: the summary "
			  "probably does not come first", window);
}

static const struct sl_param params[] = {
	{ .key = "max-lines", .type = SL_PARAM_INT,
	  .doc = "lines of report text (besides quotes, patches and logs) over "
	  "which the report is too long" },
	{ .key = "max-headings", .type = SL_PARAM_INT,
	  .doc = "heading-like lines over which the report reads like a long "
	  "document" },
	{ .key = "summary-lines", .type = SL_PARAM_INT,
	  .doc = "the first this many lines should name a file, function, version "
	  "or kind of bug" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_report_too_long = {
	.id = "report-too-long",
	.summary = "the report is long, or does not start with a summary",
	.rationale =
		"Triage engineers should not have to read pages of text: the "
		"2026 text notes that AI-generated reports tend to be "
		"excessively long and asks for a clear summary and the "
		"critical details first.  Only the sender's own prose counts "
		"(quotes, patches and kernel logs do not); the line and "
		"heading limits are profile parameters.",
	.help = "start with a few lines saying what is broken where and with "
		"what impact; shorten or drop the rest",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: report\n\n"
		       "# A\n# B\n# C\n# D\n# E\n# F\n# G\n# H\n# I\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\n"
			"An overflow in foo_ioctl() (drivers/misc/foo.c).\n",
	.check = check,
	.params = params,
};
