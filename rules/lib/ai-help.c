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

/* The matches of the pattern of @keys in @text (@len bytes), each a
 * trailer, onto @out. */
static void add_trailers(GPtrArray *out, const char *keys, const char *text,
			 gssize len)
{
	g_autofree char *pattern = g_strdup_printf(
		"(?im)^(%s):[ \\t]*([^\\n]*?)[ \\t]*$", keys);
	g_autoptr(sl_matches) mi = sl_matches_new(sl_regex_cached(pattern, 0),
						  text, len, 0);

	while (sl_matches_next(mi)) {
		struct sl_trailer *tr = g_new0(struct sl_trailer, 1);

		tr->line = sl_matches_fetch(mi, 0);
		tr->key = sl_matches_fetch(mi, 1);
		tr->value = sl_matches_fetch(mi, 2);
		split_person(tr);
		g_ptr_array_add(out, tr);
	}
}

/*
 * The pattern's answer in a @line (@n bytes, no "\n") without another
 * line break ("\r", "\v", "\f", U+0085, U+2028, U+2029) and with ASCII up
 * to past its longest key (@longest bytes): "^" and "$" only at its ends,
 * and a key matches as g_ascii_strncasecmp() says.  So the trailer is the
 * line, if one of @keys (the first, in order) and a ':' start it: its key
 * as written, and after the ':' its value between the [ \t] the pattern
 * leaves out.  FALSE: not such a line, the pattern must decide.
 */
static gboolean plain_trailer(GPtrArray *out, const char *line, size_t n,
			      char **keys, size_t longest)
{
	const unsigned char *u = (const unsigned char *)line;
	struct sl_trailer *tr;
	const char *v, *end = line + n;

	for (size_t i = 0; i < n; i++) {
		if (u[i] == '\r' || u[i] == '\v' || u[i] == '\f' ||
		    (u[i] >= 0x80 && i <= longest) ||
		    (u[i] == 0xc2 && i + 1 < n && u[i + 1] == 0x85) ||
		    (u[i] == 0xe2 && i + 2 < n && u[i + 1] == 0x80 &&
		     (u[i + 2] == 0xa8 || u[i + 2] == 0xa9)))
			return FALSE;
	}
	for (char **k = keys; *k; k++) {
		size_t len = strlen(*k);

		if (len < n && line[len] == ':' &&
		    !g_ascii_strncasecmp(line, *k, len)) {
			v = line + len + 1;
			while (v < end && (*v == ' ' || *v == '\t'))
				v++;
			while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
				end--;
			tr = g_new0(struct sl_trailer, 1);
			tr->line = g_strndup(line, n);
			tr->key = g_strndup(line, len);
			tr->value = g_strndup(v, end - v);
			split_person(tr);
			g_ptr_array_add(out, tr);
			return TRUE;
		}
	}
	return TRUE;
}

/*
 * Can a trailer with one of @keys (words: letters, digits, '-') start in
 * @line, @n bytes without a "\n"?  Its ':' is in it.  The pattern's "^"
 * matches at the line's start, or after a "\r", "\v", "\f" or a break
 * that is not ASCII; its caseless keys match ASCII as
 * g_ascii_strncasecmp() does, and anything else only with bytes that are
 * not ASCII.  So a line of ASCII without those breaks can hold one only
 * if it starts with a key.
 */
static gboolean may_hold_trailer(const char *line, size_t n, char **keys)
{
	if (!memchr(line, ':', n))
		return FALSE;
	for (char **k = keys; *k; k++) {
		size_t len = strlen(*k);

		if (len <= n && !g_ascii_strncasecmp(line, *k, len))
			return TRUE;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)line[i];

		if (c >= 0x80 || c == '\r' || c == '\v' || c == '\f')
			return TRUE;
	}
	return FALSE;
}

/*
 * No match of the pattern holds a "\n", and "^" and "$" mean the same at
 * a line's ends as at the text's: the matches in the text are those in
 * its lines, in order.  The pattern runs on the few lines that may hold
 * one (a line of prose of 2,000 messages cost 17,000 instructions a
 * call, the whole prose run by PCRE2).  A text that is not UTF-8 has
 * none, as lint/util/matches.c matches nothing in it.  Most of those
 * lines need no pattern either (plain_trailer()).
 */
GPtrArray *sl_text_trailers(const struct sl_text *t, const char *keys)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(trailer_free);
	const char *text = t->prose->str;
	const char *end = text + t->prose->len;
	g_auto(GStrv) words = NULL;
	size_t longest = 0;

	if (!strchr(text, ':'))
		return out;
	if (keys[strspn(keys, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			      "abcdefghijklmnopqrstuvwxyz0123456789-|")]) {
		add_trailers(out, keys, text, -1);	/* not words */
		return out;
	}
	if (!sl_utf8_valid(text, t->prose->len))
		return out;
	words = g_strsplit(keys, "|", -1);
	for (char **k = words; *k; k++)
		longest = MAX(longest, strlen(*k));
	for (const char *l = text; l < end; ) {
		const char *nl = memchr(l, '\n', end - l);
		const char *e = nl ? nl : end;

		if (may_hold_trailer(l, e - l, words) &&
		    !plain_trailer(out, l, e - l, words, longest))
			add_trailers(out, keys, l, e - l);
		if (!nl)
			break;
		l = nl + 1;
	}
	return out;
}

/* Is @word (@n bytes) one of @keys (words joined by "|"), by
 * g_ascii_strncasecmp()? */
static gboolean word_in(const char *word, size_t n, const char *keys)
{
	for (const char *k = keys; *k; ) {
		size_t len = strcspn(k, "|");

		if (len == n && !g_ascii_strncasecmp(word, k, n))
			return TRUE;
		k += len + (k[len] == '|');
	}
	return FALSE;
}

/* Does the key of @tr, caseless as the pattern reads it, equal one of
 * @keys (words)?  For an ASCII key that is word_in(); one with other
 * bytes (the long s, the Kelvin sign) asks the pattern. */
static gboolean key_in(const struct sl_trailer *tr, const char *keys)
{
	g_autofree char *pattern = NULL;

	if (word_in(tr->key, strlen(tr->key), keys))
		return TRUE;
	for (const guchar *p = (const guchar *)tr->key; *p; p++)
		if (*p >= 0x80) {
			pattern = g_strdup_printf("(?i)^(?:%s)$", keys);
			return sl_regex_test(pattern, 0, tr->key);
		}
	return FALSE;
}

GPtrArray *sl_trailers_pick(const GPtrArray *all, const char *keys)
{
	GPtrArray *out = g_ptr_array_new();

	for (guint i = 0; i < all->len; i++)
		if (key_in(all->pdata[i], keys))
			g_ptr_array_add(out, all->pdata[i]);
	return out;
}

/* Is every key of @keys (words) one of SL_TRAILER_KEYS? */
static gboolean known_keys(const char *keys)
{
	for (const char *k = keys; *k; ) {
		size_t len = strcspn(k, "|");

		if (!word_in(k, len, SL_TRAILER_KEYS))
			return FALSE;
		k += len + (k[len] == '|');
	}
	return TRUE;
}

GPtrArray *sl_facts_trailers(struct sl_facts *f, const char *keys)
{
	static const char key;
	struct sl_facts_slot *s = sl_facts_slot(f, &key);

	if (!s->filled)
		sl_facts_fill(s, sl_text_trailers(sl_facts_text(f),
						  SL_TRAILER_KEYS),
			      (GDestroyNotify)g_ptr_array_unref);
	if (!known_keys(keys))
		g_error("seclint: trailers of '%s' are not kept (%s)", keys,
			SL_TRAILER_KEYS);
	return sl_trailers_pick(s->data, keys);
}

enum sl_agent_name sl_check_trailer_agent(const struct sl_check *c,
					  const struct sl_trailer *tr)
{
	if (tr->addr && sl_policy_is_ai_agent(c->policy, tr->addr))
		return SL_AGENT_NAME_YES;
	return sl_text_agent_name(tr->name);
}

char *sl_check_agent_person(const struct sl_check *c)
{
	g_autoptr(GPtrArray) persons = sl_facts_trailers(c->facts,
							 person_keys);

	for (guint i = 0; i < persons->len; i++) {
		const struct sl_trailer *tr = persons->pdata[i];

		if (sl_check_trailer_agent(c, tr) == SL_AGENT_NAME_YES)
			return g_strdup(tr->line);
	}
	return NULL;
}

/* An Assisted-by: trailer, or a person trailer of an AI agent: the line. */
static char *agent_trailer(struct sl_check *c)
{
	g_autoptr(GPtrArray) assisted = sl_facts_trailers(c->facts,
							  "Assisted-by");

	for (guint i = 0; i < assisted->len; i++) {
		const struct sl_trailer *tr = assisted->pdata[i];

		if (*tr->value)
			return g_strdup(tr->line);
	}
	return sl_check_agent_person(c);
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
	*said = sl_text_ai_claim(c->facts, t, &claim);
	if (claim == SL_AI_CLAIM_FOUND)
		return SL_AI_FOUND;
	if ((line = agent_trailer(c))) {
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
