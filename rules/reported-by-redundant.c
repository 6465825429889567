// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "context.h"
#include "matches.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

static const char trailer[] =
	"(?im)^(Reported-by|Signed-off-by|From):\\s*(.*?)\\s*$";
static const char addr_spec[] = "<([^<>\\s]+@[^<>\\s]+)>|([^<>\\s]+@[^<>\\s]+)";


static char *address_of(const char *value)
{
	g_autoptr(GMatchInfo) mi = NULL;
	g_autofree char *a = NULL;
	g_autofree char *b = NULL;

	if (!g_regex_match(sl_regex_cached(addr_spec, 0), value, 0,
			   &mi))
		return NULL;
	a = g_match_info_fetch(mi, 1);
	b = g_match_info_fetch(mi, 2);
	return g_ascii_strdown(a && *a ? a : b, -1);
}

/* Through the repository's .mailmap, if any, in lower case. */
static char *canonical(struct sl_check *c, const char *addr)
{
	g_autofree char *mapped = sl_check_canonical_address(c, addr);

	return g_ascii_strdown(mapped, -1);
}

struct trailers {
	GPtrArray *reported, *signed_off;
	char *author;		/* the body's From: line, or NULL */
};

static void collect(struct sl_check *c, struct trailers *tr,
		    const char *prose)
{
	g_autoptr(sl_matches) mi = sl_matches_fixed(trailer, 0, prose, -1);

	while (sl_matches_next(mi)) {
		g_autofree char *key = sl_matches_fetch(mi, 1);
		g_autofree char *value = sl_matches_fetch(mi, 2);
		g_autofree char *raw = address_of(value);
		char *addr = raw ? canonical(c, raw) : NULL;

		if (!addr)
			continue;
		if (!g_ascii_strcasecmp(key, "Reported-by"))
			g_ptr_array_add(tr->reported, addr);
		else if (!g_ascii_strcasecmp(key, "Signed-off-by"))
			g_ptr_array_add(tr->signed_off, addr);
		else if (!tr->author)
			tr->author = addr;
		else
			g_free(addr);
	}
}

static gboolean contains(const GPtrArray *list, const char *addr)
{
	for (guint i = 0; i < list->len; i++)
		if (!strcmp(list->pdata[i], addr))
			return TRUE;
	return FALSE;
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = NULL;
	struct trailers tr = { g_ptr_array_new_with_free_func(g_free),
			       g_ptr_array_new_with_free_func(g_free), NULL };
	const char *author;

	/* The advice is for fixes proposed to the security team. */
	t = sl_kernel_report_text(c, FALSE);
	/* Without a Reported-by: there is nothing to compare, and .mailmap
	 * (which opens the repository) is not worth reading. */
	if (!t || !t->hunks ||
	    !sl_regex_test("(?im)^reported-by:", 0, t->prose->str))
		goto out;
	collect(c, &tr, t->prose->str);
	if (!tr.author && c->msg->from->len)
		tr.author = canonical(c, ((const struct sl_address *)
					  c->msg->from->pdata[0])->addr);
	author = tr.author;
	if (author && contains(tr.reported, author) &&
	    contains(tr.signed_off, author))
		sl_report(c, "body", "the patch has both Reported-by: and "
			  "Signed-off-by: for its author %s; the "
			  "Signed-off-by: alone is enough", author);
out:
	g_ptr_array_unref(tr.reported);
	g_ptr_array_unref(tr.signed_off);
	g_free(tr.author);
}

const struct sl_rule sl_rule_reported_by_redundant = {
	.id = "reported-by-redundant",
	.summary = "a patch credits its own author with Reported-by:",
	.rationale =
		"When the reporter also writes the fix, the 2026 text says "
		"only a Signed-off-by: tag is needed, without Reported-by:.  "
		"The rule compares the trailers of an inline patch to the "
		"security team (or marked --security) with its "
		"author (the From: line in the body, else the message's "
		"From), case-insensitively and, with a repository, through "
		"its .mailmap.",
	.help = "drop the Reported-by: line that names the patch's author",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: [PATCH] foo: fix overflow\n\n"
		       "Check the length.\n\n"
		       "Reported-by: A <a@reporter.test>\n"
		       "Signed-off-by: A <a@reporter.test>\n---\n"
		       "--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: [PATCH] foo: fix overflow\n\n"
			"Check the length.\n\n"
			"Signed-off-by: A <a@reporter.test>\n---\n"
			"--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.check = check,
};
