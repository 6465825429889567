// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where a list's Subject tag ("[vs]") is, or should be: shared by the tag
 * rules, which judge a Subject, and their fix, which edits one, so that a
 * fix leaves exactly what the rules accept.
 */
#include <string.h>

#include <gmime/gmime.h>

#include "address.h"
#include "fixer.h"
#include "matches.h"
#include "message.h"
#include "policy.h"
#include "regex-cache.h"
#include "reply-prefix.h"
#include "subject-tag.h"

/*
 * The reply and forward prefixes a tag may follow, with their blanks.
 * "VS:" is a Finnish forward and the [vs] tag misspelt both: the tag goes
 * before it (and the fixer says why), so it is not skipped as a prefix.
 */
#define REPLY_PREFIX "(?:(?!vs\\s*[:：])" SL_REPLY_PREFIX "\\s*)"

gsize sl_subject_reply_prefix_len(const char *subject)
{
	g_autoptr(GRegex) re = sl_regex_new("^\\s*(" REPLY_PREFIX ")*",
					   G_REGEX_CASELESS, 0, NULL);
	g_autoptr(GMatchInfo) m = NULL;
	int end = 0;

	if (g_regex_match(re, subject, 0, &m))
		g_match_info_fetch_pos(m, 0, NULL, &end);
	return (gsize)end;
}

gboolean sl_subject_tag_at_start(const char *subject, const char *tag)
{
	g_autofree char *esc = g_regex_escape_string(tag, -1);
	g_autofree char *re = g_strdup_printf(
		"^\\s*(" REPLY_PREFIX "|\\[[^]]*\\]\\s*)*?%s", esc);

	return sl_regex_match_simple(re, subject, G_REGEX_CASELESS, 0);
}

gboolean sl_subject_tag_near_miss(const char *subject, const char *tag,
				  gsize *start, gsize *end, gboolean *word)
{
	g_autofree char *inner = NULL;
	g_autofree char *esc = NULL;
	g_autofree char *pattern = NULL;
	g_autoptr(GRegex) re = NULL;
	g_autoptr(GMatchInfo) m = NULL;
	int s, e;

	if (strlen(tag) < 3)	/* a bracket, a word, a bracket */
		return FALSE;
	inner = g_strndup(tag + 1, strlen(tag) - 2);
	esc = g_regex_escape_string(inner, -1);
	pattern = g_strdup_printf(
		"[[(（［]\\s*%s\\s*[])）］]|(^|\\s)%s\\s*:", esc, esc);
	re = sl_regex_new(pattern, G_REGEX_CASELESS, 0, NULL);
	if (!re || !g_regex_match(re, subject, 0, &m))
		return FALSE;
	g_match_info_fetch_pos(m, 0, &s, &e);
	if (start)
		*start = (gsize)s;
	if (end)
		*end = (gsize)e;
	if (word)
		*word = subject[e - 1] == ':';
	return TRUE;
}

/*
 * The tag rules' --fix (fixer.h): the Subject field edited as text, so
 * that the rules above then find the tag at the start.
 */
static gboolean is_fws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * The Subject is edited on two strings at once: the raw value, and a view
 * of it in which encoded words are masked, so that a match in the view is
 * a match in text written outside encoded words, at the same offsets.
 */
struct subject_edit {
	GString *raw;
	GString *view;
};

static void subject_replace(struct subject_edit *e, gsize pos, gsize len,
			    const char *text)
{
	g_string_erase(e->raw, (gssize)pos, (gssize)len);
	g_string_insert(e->raw, (gssize)pos, text);
	g_string_erase(e->view, (gssize)pos, (gssize)len);
	g_string_insert(e->view, (gssize)pos, text);
}

static GString *mask_encoded_words(const char *raw)
{
	g_autoptr(GRegex) re = sl_regex_new(
		"=\\?[^?\\s]+\\?[bBqQ]\\?[^?\\s]*\\?=", G_REGEX_RAW, 0, NULL);
	g_autoptr(sl_matches) m = sl_matches_new(re, raw, -1, 0);
	GString *view = g_string_new(raw);

	while (sl_matches_next(m)) {
		int s, e;

		sl_matches_fetch_pos(m, 0, &s, &e);
		memset(view->str + s, '\x01', (size_t)(e - s));
	}
	return view;
}

static void insert_tag(struct subject_edit *e, const char *tag)
{
	g_autofree char *text = g_strconcat(tag, " ", NULL);

	subject_replace(e, sl_subject_reply_prefix_len(e->view->str), 0, text);
}

/* Moves a tag that is present to the start; FALSE if not in the view. */
static gboolean move_tag(struct subject_edit *e, const char *tag)
{
	const char *p = strstr(e->view->str, tag);
	gsize pos, len = strlen(tag);

	if (!p)
		return FALSE;
	pos = (gsize)(p - e->view->str);
	if (p[len] == ' ')
		len++;
	else if (pos && p[-1] == ' ')
		pos--, len++;
	subject_replace(e, pos, len, "");
	insert_tag(e, tag);
	return TRUE;
}

/* Replaces a loose spelling with the tag; FALSE if not in the view. */
static gboolean respell_tag(struct subject_edit *e, const char *tag)
{
	gsize s, end;
	gboolean word;

	if (!sl_subject_tag_near_miss(e->view->str, tag, &s, &end, &word) ||
	    word)
		return FALSE;
	subject_replace(e, s, end - s, tag);
	return sl_subject_tag_at_start(e->view->str, tag) || move_tag(e, tag);
}

enum tag_edit { TAG_NONE, TAG_INSERT, TAG_MOVE, TAG_RESPELL };

/* What the Subject needs, judged on the decoded text the rules see. */
static enum tag_edit tag_edit_for(const char *decoded, const char *tag,
				  char **what)
{
	gsize s, e;
	gboolean word = FALSE;
	g_autofree char *miss = NULL;

	if (strstr(decoded, tag)) {
		if (sl_subject_tag_at_start(decoded, tag))
			return TAG_NONE;
		*what = g_strdup_printf("moved '%s' to the start", tag);
		return TAG_MOVE;
	}
	if (sl_subject_tag_near_miss(decoded, tag, &s, &e, &word) && !word) {
		miss = g_strndup(decoded + s, e - s);
		*what = g_strdup_printf("wrote '%s' as '%s'", miss, tag);
		return TAG_RESPELL;
	}
	if (word)
		*what = g_strdup_printf("added '%s' (kept the '%.*s', which "
					"is also a reply prefix; delete it if "
					"it was meant as the tag)", tag,
					(int)(e - s), decoded + s);
	else
		*what = g_strdup_printf("added '%s'", tag);
	return TAG_INSERT;
}

static gboolean apply_tag_edit(struct subject_edit *e, enum tag_edit how,
			       const char *tag)
{
	switch (how) {
	case TAG_MOVE:
		return move_tag(e, tag);
	case TAG_RESPELL:
		return respell_tag(e, tag);
	case TAG_INSERT:
		insert_tag(e, tag);
		return TRUE;
	case TAG_NONE:
		break;
	}
	return TRUE;
}

/* The decoded Subject edited, encoded and folded by GMime. */
static char *reencode(const char *decoded, enum tag_edit how, const char *tag,
		      const char *eol)
{
	struct subject_edit e = { g_string_new(decoded), g_string_new(decoded) };
	g_autofree char *encoded = NULL;
	g_autofree char *header = NULL;
	g_autofree char *folded = NULL;
	g_auto(GStrv) lines = NULL;
	g_autofree char *joined = NULL;

	apply_tag_edit(&e, how, tag);
	encoded = g_mime_utils_header_encode_text(NULL, e.raw->str,
						  "utf-8");
	g_string_free(e.raw, TRUE);
	g_string_free(e.view, TRUE);
	header = g_strconcat("Subject: ", encoded, NULL);
	folded = g_mime_utils_unstructured_header_fold(NULL, NULL, header);
	g_strchomp(folded);
	lines = g_strsplit(folded + strlen("Subject:"), "\n", -1);
	joined = g_strjoinv(eol, lines);
	return g_strconcat(joined, eol, NULL);
}

char *sl_subject_tag_edit(const char *raw, const char *decoded,
			  const char *tag, const char *eol, char **what)
{
	enum tag_edit how = tag_edit_for(decoded, tag, what);
	gsize body = strlen(raw);
	struct subject_edit e;
	gboolean done;

	if (how == TAG_NONE)
		return NULL;
	if (!g_utf8_validate(raw, -1, NULL))
		return reencode(decoded, how, tag, eol);
	while (body && is_fws(raw[body - 1]))
		body--;
	e.raw = g_string_new_len(raw, (gssize)body);
	e.view = mask_encoded_words(e.raw->str);
	done = apply_tag_edit(&e, how, tag);
	g_string_free(e.view, TRUE);
	if (!done) {
		g_string_free(e.raw, TRUE);
		return reencode(decoded, how, tag, eol);
	}
	g_string_append(e.raw, raw + body);
	return g_string_free(e.raw, FALSE);
}

/* The tag of the distros list the message goes to (as the rules find it). */
static const char *distros_tag(const struct sl_fixing *fx)
{
	for (guint i = 0; i < fx->msg->recipients->len; i++) {
		const struct sl_address *a = fx->msg->recipients->pdata[i];
		const struct sl_list *l = sl_policy_find_list(fx->policy, a->addr);

		if (sl_list_has_role(l, "distros") && l->subject_tag)
			return l->subject_tag;
	}
	return NULL;
}

static gboolean is_blank(const char *s)
{
	for (; s && *s; s++)
		if (!g_ascii_isspace(*s))
			return FALSE;
	return TRUE;
}

/* The Subject without its tag (or loose spelling) and white space. */
static char *subject_core(const char *subject, const char *tag)
{
	GString *s = g_string_new(subject);
	const char *p = strstr(s->str, tag);
	gsize start, end;
	gboolean word;

	if (p)
		g_string_erase(s, p - s->str, (gssize)strlen(tag));
	else if (sl_subject_tag_near_miss(s->str, tag, &start, &end, &word) &&
		 !word)
		g_string_erase(s, (gssize)start, (gssize)(end - start));
	for (gsize i = s->len; i-- > 0;)
		if (g_ascii_isspace(s->str[i]))
			g_string_erase(s, (gssize)i, 1);
	return g_string_free(s, FALSE);
}

/* The Subject read back: the same text but for the tag, which is in it. */
static gboolean only_tag_changed(const struct sl_fixing *fx, const char *was,
				 const char *now)
{
	const char *tag = distros_tag(fx);
	g_autofree char *core_was = NULL;
	g_autofree char *core_now = NULL;

	if (!tag)
		return !g_strcmp0(was, now);
	core_was = subject_core(was, tag);
	core_now = subject_core(now, tag);
	return !strcmp(core_was, core_now) && strstr(now, tag);
}

gboolean sl_subject_tag_fix(struct sl_fixing *fx)
{
	g_autoptr(GArray) fields = sl_fix_fields(fx);
	const char *tag = distros_tag(fx);
	const struct sl_fix_field *f = sl_fix_find_field(fields, "Subject");
	g_autofree char *value = NULL;
	g_autofree char *edited = NULL;
	g_autofree char *what = NULL;
	g_autofree char *head = NULL;
	g_autofree char *text = NULL;

	if (!tag || is_blank(fx->msg->subject)) {
		sl_fix_decline(fx, "the message has no Subject (or an empty "
			       "one): write one that starts with %s",
			       tag ? tag : "the tag");
		return FALSE;
	}
	if (!f) {
		sl_fix_decline(fx, "the Subject header is not where GMime read "
			       "it from; add %s by hand", tag);
		return FALSE;
	}
	value = sl_fix_field_value(fx, f);
	edited = sl_subject_tag_edit(value, fx->msg->subject, tag,
				     sl_fix_field_eol(fx, f), &what);
	if (!edited) {
		sl_fix_decline(fx, "the Subject already has %s at the start",
			       tag);
		return FALSE;
	}
	head = sl_fix_field_head(fx, f);
	text = g_strconcat(head, edited, NULL);
	sl_fix_done(fx, "%s", what);
	sl_fix_replace_field(fx, f, text);
	sl_fix_expect_subject(fx, only_tag_changed);
	return TRUE;
}
