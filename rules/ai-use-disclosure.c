// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "context.h"
#include "facts.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* Naming the tool or model: the specifics the list admin asks for. */
static const char specific[] =
	"(?i:\\b(chat ?gpt|gpt-?\\d\\w*|openai|claude|"
	"anthropic|gemini|bard|copilot|codex|deepseek|llama ?\\d*|mistral|"
	"mixtral|qwen|grok|big ?sleep|xbow|windsurf)\\b|"
	"\\bassisted-by:\\s*\\S+)";

/* Saying that some AI was used, without naming it. */
static const char vague[] =
	"(\\bA\\.?I\\.?(?![\\w.])|(?i:\\bai[- ](assisted|generated|based|"
	"powered|driven|tool|agent|model)s?\\b|\\bLLMs?\\b|\\b(large )?"
	"language models?\\b|\\bmachine[- ]learning\\b|\\bneural net\\w*|"
	"\\bgenerative\\b|\\bchat ?bots?\\b|\\bagentic\\b|\\bartificial "
	"intelligence\\b))";

static void check(struct sl_check *c)
{
	const struct sl_address *to =
		sl_msg_find_role(c->msg, c->policy, "distros");
	const char *own = NULL;

	if (!to)
		to = sl_msg_find_role(c->msg, c->policy, "oss-security");
	if (!to || !sl_check_ai_assisted(c) ||
	    !sl_facts_content_visible(c->facts))
		return;
	own = sl_facts_own_text(c->facts);
	if (sl_regex_match_simple(specific, own, 0, 0))
		return;
	if (sl_regex_match_simple(vague, own, 0, 0))
		sl_report(c, "body", "the message says AI was used but not "
			  "which tool or model, nor for what; %s asks for "
			  "specifics", to->addr);
	else
		sl_report(c, "body", "you said the work was AI-assisted "
			  "(--ai-assisted), but the message to %s does not say "
			  "so", to->addr);
}

const struct sl_rule sl_rule_ai_use_disclosure = {
	.id = "ai-use-disclosure",
	.summary = "a message to the Openwall lists does not disclose the AI "
		   "use the sender declared",
	.rationale =
		"The Openwall list administrator asks reporters to disclose "
		"their use of AI, with specifics, on the distros list and in "
		"the oss-security posting (list practice of 2026, not in the "
		"wiki's text).  seclint cannot know how a report was made, so "
		"this rule runs only when the sender says so with "
		"--ai-assisted.  Then a message to the distros lists or "
		"oss-security that names no AI use is reported, and one that "
		"only says 'AI' or 'an LLM' without naming the tool or model "
		"gets the same note.",
	.help = "say which tool or model was used and for what (finding, "
		"triage, the reproducer, the write-up)",
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] foo: overflow\n\n"
		       "The details follow.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] foo: overflow\n\n"
			"Found with Claude Opus 4 while auditing bar.c; I "
			"checked the reproducer by hand.\n",
	.check = check,
};
