// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "literals.h"
#include "matches.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* "Issue 1:", "Bug #2 -", "### Vulnerability 3", "2. Finding:" at a line start. */
static const char numbered[] =
	"(?im)^\\s*(#+\\s*)?(\\*\\*)?(issue|bug|vulnerability|finding|problem|"
	"flaw|weakness)\\s*#?\\s*(\\d{1,2})\\s*(\\*\\*)?\\s*[:.)\\-]";
/* A CVE id that heads a line: one issue per CVE. */
static const char cve_heading[] =
	"(?im)^\\s*(#+\\s*|[-*]\\s+|\\d+[.)]\\s+)?(\\*\\*)?(CVE-\\d{4}-\\d{4,})"
	"(\\*\\*)?\\s*[:(\\-]";
/* The word each match of them holds (rules/lib/literals.h). */
static const char *const numbered_words[] = {
	"\\bissue", "\\bbug", "\\bvulnerability", "\\bfinding",
	"\\bproblem", "\\bflaw", "\\bweakness", NULL
};
static const char *const cve_words[] = { "\\bcve-", NULL };


/* The distinct values of group @group of @pattern in @text (none if it
 * holds none of @needs). */
static unsigned distinct(struct sl_facts *f, const char *pattern,
			 const char *const *needs, int group, const char *text,
			 GString *seen)
{
	g_autoptr(sl_matches) mi = NULL;
	g_autoptr(GHashTable) set = NULL;

	if (sl_regex_ruled_out(f, pattern, 0, needs, text))
		return 0;
	mi = sl_matches_new(sl_regex_cached(pattern, 0), text, -1, 0);
	set = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	while (sl_matches_next(mi)) {
		g_autofree char *raw = sl_matches_fetch(mi, group);
		char *v = g_ascii_strup(raw ? raw : "", -1);

		if (g_hash_table_add(set, v) && g_hash_table_size(set) <= 4)
			g_string_append_printf(seen, "%s%s", seen->len ? ", " : "",
					       v);
	}
	return g_hash_table_size(set);
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_kernel_report_text(c, TRUE);
	g_autoptr(GString) issues = g_string_new(NULL);
	g_autoptr(GString) cves = g_string_new(NULL);

	if (!t)
		return;
	if (distinct(c->facts, numbered, numbered_words, 4, t->prose->str,
		     issues) >= 2)
		sl_report(c, "body", "the report looks like it lists several "
			  "issues (numbered %s); unless the same maintainers "
			  "handle all of them, send one report per issue",
			  issues->str);
	else if (distinct(c->facts, cve_heading, cve_words, 3, t->prose->str,
			  cves) >= 2)
		sl_report(c, "body", "the report looks like it covers several "
			  "issues (%s); unless the same maintainers handle all "
			  "of them, send one report per issue", cves->str);
}

const struct sl_rule sl_rule_multiple_issues_one_report = {
	.id = "multiple-issues-one-report",
	.summary = "one report seems to describe several separate issues",
	.rationale =
		"Since 2026 reports go to the maintainers of the affected "
		"code, so issues in different parts of the kernel, even "
		"similar ones, need separate messages that each reach the "
		"right people; only closely related issues with the very same "
		"maintainers may share one.  seclint cannot ask "
		"get_maintainer.pl, so it only notices an enumeration ('Issue "
		"1:', 'Bug #2', several CVE ids as headings) and reports it "
		"as a guess.",
	.help = "split the report into one message per issue, each to the "
		"maintainers of the code it affects",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: several bugs\n\n"
		       "Issue 1: overflow in fs/foo.c\n\n"
		       "Issue 2: use-after-free in net/bar.c\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\n"
			"An overflow in fs/foo.c, found while fixing bug 1234.\n",
	.check = check,
};
