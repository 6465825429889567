// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "context.h"
#include "maintainers.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

/* The most specific sections are named; the rest only counted. */
#define SL_MAX_SECTIONS_NAMED 4

/* The recipients, as .mailmap maps them: maintainers' addresses move. */
static GHashTable *recipient_set(struct sl_check *c)
{
	GHashTable *set = g_hash_table_new_full(g_str_hash, g_str_equal,
						g_free, NULL);

	for (guint i = 0; i < c->msg->recipients->len; i++)
		g_hash_table_add(set, sl_check_canonical_address(c,
			((const struct sl_address *)
			 c->msg->recipients->pdata[i])->addr));
	return set;
}

static gboolean is_recipient(struct sl_check *c, GHashTable *to,
			     const char *addr)
{
	g_autofree char *canonical = sl_check_canonical_address(c, addr);

	return g_hash_table_contains(to, canonical);
}

/* "SECTION (a@x, b@y); ...", and whether any of them is a recipient. */
static gboolean describe(struct sl_check *c, const GPtrArray *sections,
			 GString *out)
{
	g_autoptr(GHashTable) to = recipient_set(c);
	gboolean reached = FALSE;
	guint named = 0, more = 0;

	for (guint i = 0; i < sections->len; i++) {
		const struct sl_maint_section *s = sections->pdata[i];
		g_autofree char *who = NULL;

		if (!*s->maintainers)
			continue;
		for (char **m = s->maintainers; *m; m++)
			reached |= is_recipient(c, to, *m);
		if (named == SL_MAX_SECTIONS_NAMED) {
			more++;
			continue;
		}
		who = g_strjoinv(", ", s->maintainers);
		g_string_append_printf(out, "%s%s (%s)", named ? "; " : "",
				       s->name, who);
		named++;
	}
	if (more)
		g_string_append_printf(out, "; and %u more section%s", more,
				       more == 1 ? "" : "s");
	return reached;
}

static void check(struct sl_check *c)
{
	const struct sl_maintainers *m;
	g_auto(GStrv) files = NULL;
	g_autoptr(GPtrArray) sections = NULL;
	g_autoptr(GString) who = g_string_new(NULL);
	g_autofree char *names = NULL;

	/* A report to the security team, or one flagged --security. */
	if (!sl_msg_find_role(c->msg, c->policy, "kernel-security") &&
	    !(sl_check_security(c) &&
	      !sl_msg_has_closed_list(c->msg, c->policy)))
		return;
	m = sl_check_maintainers(c);
	if (!m)
		return;
	files = sl_check_named_files(c);
	if (!*files)
		return;
	sections = sl_maintainers_for(m, (const char *const *)files);
	if (describe(c, sections, who) || !who->len)
		return;
	names = g_strjoinv(", ", files);
	sl_report(c, "To", "no maintainer of %s is a recipient: %s (their "
		  "lists are public, keep them out of a private report)",
		  names, who->str);
}

const struct sl_rule sl_rule_report_missing_maintainers = {
	.id = "report-missing-maintainers",
	.summary = "a security report names kernel files but none of their "
		   "maintainers is a recipient",
	.rationale =
		"The people who can fix a bug are the maintainers of the code "
		"it is in; most of the security team's work on a report is "
		"finding them.  The 2026 text has reporters send reports "
		"directly to the affected subsystem's maintainers with the "
		"security team in Cc, and gives the get_maintainer.pl command "
		"to find them.  seclint reads the repository's MAINTAINERS "
		"and matches the files the message's patch touches or its "
		"text names ('fs/foo.c:123') the way that script does with "
		"--pattern-depth 1 (F: globs, X: excludes, N: regexes), and "
		"names the M: people; addresses are compared after the "
		"repository's .mailmap.  It never proposes the L: lists: they "
		"are public.  Needs a repository with a MAINTAINERS file; "
		"silent otherwise.",
	.help = "Cc the maintainers that scripts/get_maintainer.pl --no-l "
		"--no-r --pattern-depth 1 names for the files",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: fs/foo: overflow\n\n"
		       "Overflow in fs/foo/inode.c:120.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: Alice Maintainer <alice@example.org>\n"
			"Cc: security@kernel.org\n"
			"Subject: fs/foo: overflow\n\n"
			"Overflow in fs/foo/inode.c:120.\n",
	.check = check,
	.needs = "a git repository whose work tree or HEAD has a MAINTAINERS "
		 "file; silent without one.  --security for a report that "
		 "goes to no closed list.",
};
