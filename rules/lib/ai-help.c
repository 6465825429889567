// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a message shows of AI help: the --ai-assisted declaration, the
 * words of its text (sl_text_ai_claim()), an Assisted-by: trailer, and
 * trailers that name an AI agent as a person (Signed-off-by: Claude
 * <noreply@anthropic.com>).  Derived once per message, kept in the facts.
 */
#include <string.h>

#include "address.h"
#include "ai-help.h"
#include "context.h"
#include "facts.h"
#include "matches.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "signals.h"
#include "text.h"

/* The trailers whose person an AI agent would be. */
static const char person_keys[] =
	"Signed-off-by|Co-developed-by|Co-authored-by";

static void trailer_free(gpointer p)
{
	struct sl_trailer *tr = p;

	g_free(tr->line);
	g_free(tr->key);
	g_free(tr->value);
	g_free(tr->name);
	g_free(tr->addr);
	g_free(tr);
}

/* "Name <addr>", "addr" or "Name": its name and normalised address. */
static void split_person(struct sl_trailer *tr)
{
	const char *v = tr->value;
	const char *lt = strrchr(v, '<');
	const char *gt = lt ? strchr(lt, '>') : NULL;

	if (lt && gt && memchr(lt, '@', gt - lt)) {
		g_autofree char *addr = g_strndup(lt + 1, gt - lt - 1);

		tr->name = g_strstrip(g_strndup(v, lt - v));
		tr->addr = sl_address_normalise(g_strstrip(addr));
	} else if (!strchr(v, ' ') && strchr(v, '@')) {
		tr->name = g_strdup("");
		tr->addr = sl_address_normalise(v);
	} else {
		tr->name = g_strdup(v);
	}
}

GPtrArray *sl_text_trailers(const struct sl_text *t, const char *keys)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(trailer_free);
	g_autofree char *pattern = NULL;
	g_autoptr(sl_matches) mi = NULL;

	if (!strchr(t->prose->str, ':'))
		return out;
	pattern = g_strdup_printf("(?im)^(%s):[ \\t]*([^\\n]*?)[ \\t]*$", keys);
	mi = sl_matches_new(sl_regex_cached(pattern, 0), t->prose->str, -1, 0);
	while (sl_matches_next(mi)) {
		struct sl_trailer *tr = g_new0(struct sl_trailer, 1);

		tr->line = sl_matches_fetch(mi, 0);
		tr->key = sl_matches_fetch(mi, 1);
		tr->value = sl_matches_fetch(mi, 2);
		split_person(tr);
		g_ptr_array_add(out, tr);
	}
	return out;
}

enum sl_agent_name sl_check_trailer_agent(const struct sl_check *c,
					  const struct sl_trailer *tr)
{
	if (tr->addr && sl_policy_is_ai_agent(c->policy, tr->addr))
		return SL_AGENT_NAME_YES;
	return sl_text_agent_name(tr->name);
}

char *sl_check_agent_person(const struct sl_check *c,
			    const struct sl_text *t)
{
	g_autoptr(GPtrArray) persons = sl_text_trailers(t, person_keys);

	for (guint i = 0; i < persons->len; i++) {
		const struct sl_trailer *tr = persons->pdata[i];

		if (sl_check_trailer_agent(c, tr) == SL_AGENT_NAME_YES)
			return g_strdup(tr->line);
	}
	return NULL;
}

/* An Assisted-by: trailer, or a person trailer of an AI agent: the line. */
static char *agent_trailer(struct sl_check *c, const struct sl_text *t)
{
	g_autoptr(GPtrArray) assisted = sl_text_trailers(t, "Assisted-by");

	for (guint i = 0; i < assisted->len; i++) {
		const struct sl_trailer *tr = assisted->pdata[i];

		if (*tr->value)
			return g_strdup(tr->line);
	}
	return sl_check_agent_person(c, t);
}

/* What the message itself shows, the declaration aside. */
static enum sl_ai_sign derive(struct sl_check *c, char **said)
{
	enum sl_ai_claim claim = SL_AI_CLAIM_NONE;
	const struct sl_text *t;
	char *line;

	*said = NULL;
	if (!sl_facts_content_visible(c->facts))
		return SL_AI_NONE;
	t = sl_facts_text(c->facts);
	*said = sl_text_ai_claim(t, &claim);
	if (claim == SL_AI_CLAIM_FOUND)
		return SL_AI_FOUND;
	if ((line = agent_trailer(c, t))) {
		g_free(*said);
		*said = line;
		return SL_AI_TRAILER;
	}
	return claim == SL_AI_CLAIM_HELPED ? SL_AI_MENTIONED : SL_AI_NONE;
}

enum sl_ai_sign sl_check_ai_shown(struct sl_check *c, const char **said)
{
	static const char sign_key, said_key;
	struct sl_facts_slot *sign = sl_facts_slot(c->facts, &sign_key);
	struct sl_facts_slot *words = sl_facts_slot(c->facts, &said_key);

	if (!sign->filled) {
		char *found = NULL;

		sl_facts_fill(sign, GINT_TO_POINTER(derive(c, &found)), NULL);
		sl_facts_fill(words, found, g_free);
	}
	if (said)
		*said = words->data;
	return (enum sl_ai_sign)GPOINTER_TO_INT(sign->data);
}

enum sl_ai_sign sl_check_ai_sign(struct sl_check *c, const char **said)
{
	enum sl_ai_sign shown = sl_check_ai_shown(c, said);

	return sl_check_ai_assisted(c) ? SL_AI_DECLARED : shown;
}

gboolean sl_ai_sign_strong(enum sl_ai_sign sign)
{
	return sign >= SL_AI_TRAILER;
}

/* A pull request's Subject: a maintainer's, no report. */
static const char pull_subject[] =
	"(?i)^\\s*(\\[[^]]*\\]\\s*)*\\[(GIT )?PULL\\b";

/*
 * A report under security-bugs.rst: to the security teams or with
 * --security (sl_check_kernel_report()), or, declared AI-assisted, to
 * maintainers and lists alone, as the 2026-08 text sends AI reports; not
 * a posting to the Openwall lists or the CVE team, which have their own
 * rules.
 */
static gboolean under_security_bugs(const struct sl_check *c)
{
	if (sl_check_kernel_report(c))
		return TRUE;
	return sl_check_ai_assisted(c) &&
	       !sl_msg_has_closed_list(c->msg, c->policy) &&
	       !sl_msg_find_role(c->msg, c->policy, "oss-security") &&
	       !sl_msg_find_role(c->msg, c->policy, "kernel-cve");
}

const struct sl_text *sl_check_ai_report(struct sl_check *c,
					 gboolean patches, const char **how)
{
	const struct sl_text *t;
	const char *said;

	*how = NULL;
	if (c->msg->followup || sl_msg_patch_subject(c->msg) ||
	    (c->msg->subject && sl_regex_test(pull_subject, 0,
					      c->msg->subject)) ||
	    !sl_facts_content_visible(c->facts) || !under_security_bugs(c))
		return NULL;
	t = sl_facts_text(c->facts);
	if (!t->prose_lines ||
	    (!patches && sl_msg_is_patch_submission(c->msg, t)) ||
	    !sl_ai_sign_strong(sl_check_ai_sign(c, &said)))
		return NULL;
	*how = said ? "says AI helped" : "is AI-assisted (you said so)";
	return t;
}
