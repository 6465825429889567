// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "ai-help.h"
#include "regex-cache.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* AGENT_NAME:MODEL_VERSION first; an agent's name of two or three
 * words ("GitHub Copilot:gpt-5") is still read as one. */
static const char agent_model[] =
	"^([\\w.-]+ ){0,2}[^\\s:<>()@]+:[^\\s:<>()@]+( |$)";
/* Basic development tools, which the tag does not list. */
static const char basic_tool[] =
	"(?i)^\\[?(git|gcc|g\\+\\+|clang|make|ld|gdb|vim?|emacs|nano|"
	"vscode|editor)\\]?$";

/* Is the tag as coding-assistants.rst writes it?  What is wrong, or
 * NULL. */
static char *malformed(const struct sl_trailer *tr)
{
	g_auto(GStrv) words = g_strsplit_set(tr->value, " \t", -1);
	gboolean tools = FALSE;

	if (!*tr->value)
		return g_strdup("is empty");
	if (tr->addr)
		return g_strdup("gives an e-mail address, which the tag does "
				"not take");
	if (!sl_regex_test(agent_model, 0, tr->value))
		return g_strdup_printf("does not start with "
				       "AGENT_NAME:MODEL_VERSION (it starts "
				       "with '%s')", words[0]);
	/* The tools: the words after the AGENT:MODEL one. */
	for (char **w = words; *w; w++) {
		if (!**w)
			continue;
		if (!tools) {
			tools = strchr(*w, ':') != NULL;
			continue;
		}
		if (sl_regex_test(basic_tool, 0, *w))
			return g_strdup_printf("lists '%s', a basic "
					       "development tool, which the "
					       "tag leaves out", *w);
	}
	return NULL;
}

static void check_missing(struct sl_check *c)
{
	g_autofree char *person = sl_check_agent_person(c);
	g_autofree char *words = NULL;
	const char *said = NULL;

	if (person) {
		sl_report_at(c, "body", person, "the patch credits an AI "
			     "agent as a person ('%s') but has no "
			     "Assisted-by: tag; credit the tool with "
			     "Assisted-by: AGENT_NAME:MODEL_VERSION", person);
		return;
	}
	switch (sl_check_ai_sign(c, &said)) {
	case SL_AI_NONE:
	case SL_AI_TRAILER:	/* an agent's trailer: reported above */
		return;
	case SL_AI_DECLARED:
		sl_report_capped(c, SL_SEV_INFO, "body", "you said AI helped "
				 "(--ai-assisted), but the patch has no "
				 "Assisted-by: tag; if an AI tool wrote any of "
				 "it, add Assisted-by: AGENT_NAME:MODEL_VERSION");
		return;
	case SL_AI_MENTIONED:	/* AI wrote something, maybe not code */
		return;
	case SL_AI_FOUND:
		/* The words may run over a line break: one line here. */
		words = g_strdelimit(g_strdup(said), "\r\n\t", ' ');
		sl_report_capped_at(c, SL_SEV_INFO, "body", said, "the message "
				    "says AI helped ('%s') and the patch has "
				    "no Assisted-by: tag; if an AI tool wrote "
				    "any of the patch, add Assisted-by: "
				    "AGENT_NAME:MODEL_VERSION", words);
		return;
	}
}

static void check(struct sl_check *c)
{
	const struct sl_text *t;
	g_autoptr(GPtrArray) tags = NULL;

	if (!sl_facts_content_visible(c->facts))
		return;
	t = sl_facts_text(c->facts);
	if (!t->hunks)
		return;
	tags = sl_facts_trailers(c->facts, "Assisted-by");
	if (!tags->len) {
		check_missing(c);
		return;
	}
	for (guint i = 0; i < tags->len; i++) {
		const struct sl_trailer *tr = tags->pdata[i];
		g_autofree char *why = malformed(tr);

		if (why)
			sl_report_at(c, "body", tr->line, "the %s: tag %s; "
				     "its form is AGENT_NAME:MODEL_VERSION "
				     "[TOOL1] [TOOL2]", tr->key, why);
	}
}

const struct sl_rule sl_rule_ai_assisted_by_tag = {
	.id = "ai-assisted-by-tag",
	.summary = "a patch AI helped to write lacks an Assisted-by: tag, or "
		   "its tag is not in the documented form",
	.rationale =
		"coding-assistants.rst asks contributions that AI tools helped "
		"with to say so in an Assisted-by: tag of the form "
		"AGENT_NAME:MODEL_VERSION followed by the specialised analysis "
		"tools used, not basic ones such as git or gcc; the 2026-08 "
		"procedure for finding and fixing bugs makes the tag one of "
		"its steps.  A tag that does not start with AGENT:MODEL (a "
		"name alone, a model in brackets, an e-mail address; an "
		"agent's name of a few words is let pass) or that lists a "
		"basic tool is reported.  Whether AI wrote the patch "
		"a message can only suggest: a patch that credits an AI agent "
		"as a person (Signed-off-by:, Co-authored-by: at a tool's "
		"address) without a tag is a warning; one whose sender gave "
		"--ai-assisted or whose text says AI found the bug is a note, "
		"since a person may have written the fix, and AI merely "
		"mentioned (an explanation it wrote) is none.",
	.help = "add Assisted-by: AGENT_NAME:MODEL_VERSION (for example "
		"Assisted-by: Claude:claude-opus-4-7 coccinelle) above your "
		"Signed-off-by:",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: foo@vger.kernel.org\n"
		       "Subject: [PATCH] foo: fix overflow\n\n"
		       "Check the length.\n\n"
		       "Assisted-by: Claude <noreply@anthropic.com>\n"
		       "Signed-off-by: A <a@reporter.test>\n---\n"
		       "--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: foo@vger.kernel.org\n"
			"Subject: [PATCH] foo: fix overflow\n\n"
			"Check the length.\n\n"
			"Assisted-by: Claude:claude-opus-4-7 coccinelle\n"
			"Signed-off-by: A <a@reporter.test>\n---\n"
			"--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.check = check,
};
