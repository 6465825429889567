// SPDX-License-Identifier: GPL-2.0-only
/*
 * --list-rules and --explain: documentation printed from the rule
 * declarations themselves, so it cannot drift from the code.
 */
#include "explain.h"

static void print_wrapped(FILE *out, const char *indent, const char *text)
{
	g_auto(GStrv) words = g_strsplit(text, " ", -1);
	size_t col = 0;

	for (char **w = words; *w; w++) {
		size_t len = strlen(*w);

		if (!len)
			continue;
		if (col && col + 1 + len > 72) {
			fputc('\n', out);
			col = 0;
		}
		fprintf(out, "%s%s", col ? " " : indent, *w);
		col += (col ? 1 : strlen(indent)) + len;
	}
	if (col)
		fputc('\n', out);
}

void sl_list_rules(FILE *out, const struct sl_policy *policy)
{
	fprintf(out, "%-28s %-8s %s\n", "RULE", "SEVERITY", "SUMMARY");
	for (size_t i = 0; i < sl_rules_count; i++) {
		const struct sl_rule *r = sl_rules[i];

		fprintf(out, "%-28s %-8s %s\n", r->id,
			sl_severity_name(sl_policy_severity(policy, r->id,
							    r->severity)),
			r->summary);
	}
}

static void print_example(FILE *out, const char *title, const char *text)
{
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);

	fprintf(out, "\n%s:\n", title);
	for (char **l = lines; *l && (**l || l[1]); l++)
		fprintf(out, "    %s\n", *l);
}

gboolean sl_explain(FILE *out, const struct sl_policy *policy,
		    const char *id, GError **error)
{
	const struct sl_rule *r = sl_rule_find(id);

	if (!r) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "unknown rule '%s' (see --list-rules)", id);
		return FALSE;
	}
	fprintf(out, "%s\n\n", r->id);
	fprintf(out, "Severity: %s (default %s; policy %s)\n",
		sl_severity_name(sl_policy_severity(policy, r->id, r->severity)),
		sl_severity_name(r->severity), policy->path);
	fprintf(out, "\nWhat it checks:\n");
	print_wrapped(out, "    ", r->summary);
	fprintf(out, "\nWhy:\n");
	print_wrapped(out, "    ", r->rationale);
	fprintf(out, "\nHow to fix:\n");
	print_wrapped(out, "    ", r->help);
	fprintf(out, "\nSource:\n    %s, section \"%s\"\n    revision: %s\n",
		r->source.document, r->source.section, r->source.revision);
	print_example(out, "Fires on", r->example_bad);
	print_example(out, "Does not fire on", r->example_good);
	return TRUE;
}
