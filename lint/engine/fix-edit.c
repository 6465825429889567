// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fix's header edits, done on the header text so that every other byte of
 * the message stays as it was.  A small lexer finds where the items of an
 * address list begin and end (quotes, comments, angle brackets, groups);
 * GMime's address parser decides what each item is, and the edited value is
 * parsed again and compared with what was meant before it is used.
 */
#include <string.h>

#include "address.h"
#include "errors.h"
#include "fix.h"
#include "gmime-extra.h"
#include "matches.h"
#include "regex-cache.h"
#include "subject-tag.h"

/* One item of an address list: a mailbox, or a group with its members. */
struct item {
	gsize start, end;		/* without surrounding white space */
	gboolean group;
	gsize inner_start, inner_end;	/* a group's members: ':' to ';' */
};

static gboolean is_fws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Past the quoted string, comment or bracketed part that starts at @i. */
static gsize skip_nested(const char *s, gsize i, gsize to)
{
	char open = s[i];
	char close = open == '"' ? '"' : open == '(' ? ')' :
		     open == '<' ? '>' : ']';
	unsigned depth = 1;

	for (i++; i < to && depth; i++) {
		if (s[i] == '\\' && i + 1 < to)
			i++;
		else if (s[i] == close)
			depth--;
		else if (open == '(' && s[i] == '(')
			depth++;
		else if (open == '<' && s[i] == '"')
			i = skip_nested(s, i, to) - 1;
	}
	return i;
}

/* The first of @stops outside quotes, comments and brackets, or @to. */
static gsize scan_to(const char *s, gsize i, gsize to, const char *stops)
{
	while (i < to && !strchr(stops, s[i])) {
		if (strchr("\"(<[", s[i]))
			i = skip_nested(s, i, to);
		else
			i++;
	}
	return i;
}

static void add_item(GArray *items, const char *s, struct item *it)
{
	while (it->start < it->end && is_fws(s[it->start]))
		it->start++;
	while (it->end > it->start && is_fws(s[it->end - 1]))
		it->end--;
	if (it->end > it->start)
		g_array_append_val(items, *it);
}

/* Splits [@from, @to) at its commas; groups only at the top level. */
static void split_list(const char *s, gsize from, gsize to,
		       gboolean top, GArray *items)
{
	gsize i = from;

	while (i < to) {
		struct item it = { .start = i };
		gsize j = scan_to(s, i, to, top ? ",:" : ",");

		if (j < to && s[j] == ':') {
			gsize k = scan_to(s, j + 1, to, ";");

			it.group = TRUE;
			it.inner_start = j + 1;
			it.inner_end = k;
			j = scan_to(s, k < to ? k + 1 : to, to, ",");
		}
		it.end = j;
		add_item(items, s, &it);
		i = j + 1;
	}
}

struct dropper {
	sl_fix_addr_pred drop;
	gpointer data;
	GPtrArray *removed;	/* of char *, normalised */
};

/* The one mailbox an item is, by GMime's parser; else NULL. */
static char *item_address(const char *s, const struct item *it)
{
	g_autofree char *text = g_strndup(s + it->start, it->end - it->start);
	g_autoptr(InternetAddressList) list = NULL;
	InternetAddress *ia;

	/* GMime 3.2.13 leaks on an unterminated comment (lint/mail/input.c). */
	if (sl_address_has_open_comment(text))
		return NULL;
	list = internet_address_list_parse(NULL, text);
	if (!list || internet_address_list_length(list) != 1)
		return NULL;
	ia = internet_address_list_get_address(list, 0);
	if (!INTERNET_ADDRESS_IS_MAILBOX(ia))
		return NULL;
	return sl_address_normalise(internet_address_mailbox_get_addr(
		INTERNET_ADDRESS_MAILBOX(ia)));
}

static gboolean rebuild_list(const char *s, gsize from, gsize to,
			     gboolean top, struct dropper *d, GString *out);

/* Appends the item as kept (a group with its members edited); FALSE if
 * nothing of it is left. */
static gboolean keep_item(const char *s, const struct item *it,
			  struct dropper *d, GString *out)
{
	g_autofree char *addr = NULL;
	g_autoptr(GString) members = NULL;
	guint before = d->removed->len;

	if (!it->group) {
		addr = item_address(s, it);
		if (addr && d->drop(addr, d->data)) {
			g_ptr_array_add(d->removed, g_steal_pointer(&addr));
			return FALSE;
		}
		g_string_append_len(out, s + it->start, it->end - it->start);
		return TRUE;
	}
	members = g_string_new(NULL);
	if (!rebuild_list(s, it->inner_start, it->inner_end, FALSE, d,
			  members) && d->removed->len > before)
		return FALSE;	/* a group emptied by the fix goes too */
	g_string_append_len(out, s + it->start, it->inner_start - it->start);
	g_string_append(out, members->str);
	g_string_append_len(out, s + it->inner_end, it->end - it->inner_end);
	return TRUE;
}

/*
 * Writes the list [@from, @to) without the dropped mailboxes: each kept
 * item after the first keeps the separator (comma, folding) before it.
 * Returns whether any item is left.
 */
static gboolean rebuild_list(const char *s, gsize from, gsize to,
			     gboolean top, struct dropper *d, GString *out)
{
	g_autoptr(GArray) items = g_array_new(FALSE, FALSE, sizeof(struct item));
	gboolean any = FALSE;

	split_list(s, from, to, top, items);
	if (!items->len) {
		g_string_append_len(out, s + from, to - from);
		return FALSE;
	}
	g_string_append_len(out, s + from,
			    g_array_index(items, struct item, 0).start - from);
	for (guint i = 0; i < items->len; i++) {
		const struct item *it = &g_array_index(items, struct item, i);
		gsize mark = out->len;

		if (any)
			g_string_append_len(out, s + it[-1].end,
					    it->start - it[-1].end);
		if (keep_item(s, it, d, out))
			any = TRUE;
		else
			g_string_truncate(out, mark);
	}
	g_string_append_len(out, s + g_array_index(items, struct item,
						   items->len - 1).end,
			    to - g_array_index(items, struct item,
					       items->len - 1).end);
	return any;
}

/* The addresses GMime reads in @value, normalised; NULL if none parse. */
static GPtrArray *addresses_of(const char *value)
{
	GPtrArray *list = sl_address_list_new();

	if (!sl_address_add_header(list, "Cc", value, NULL)) {
		g_ptr_array_unref(list);
		return NULL;
	}
	return list;
}

/* Is @got the list @was without the addresses @d drops? */
static gboolean same_but_dropped(const GPtrArray *was, const GPtrArray *got,
				 const struct dropper *d)
{
	guint j = 0;

	if (!was || !got)
		return FALSE;
	for (guint i = 0; i < was->len; i++) {
		const struct sl_address *a = was->pdata[i];

		if (d->drop(a->addr, d->data))
			continue;
		if (j == got->len ||
		    strcmp(a->addr,
			   ((const struct sl_address *)got->pdata[j++])->addr))
			return FALSE;
	}
	return j == got->len;
}

char *sl_fix_drop_addresses(const char *value, sl_fix_addr_pred drop,
			    gpointer data, GPtrArray *removed, gboolean *empty,
			    GError **error)
{
	struct dropper d = { drop, data, g_ptr_array_new_with_free_func(g_free) };
	g_autoptr(GPtrArray) gone = d.removed;
	g_autoptr(GString) out = g_string_new(NULL);
	g_autoptr(GPtrArray) was = NULL;
	g_autoptr(GPtrArray) got = NULL;

	*empty = !rebuild_list(value, 0, strlen(value), TRUE, &d, out);
	if (!gone->len)
		return NULL;
	/* The edit must mean what was meant: the same list, less those. */
	was = addresses_of(value);
	got = addresses_of(out->str);
	if (!same_but_dropped(was, got, &d) || (*empty && got->len)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "cannot remove %s from this header safely",
			    (const char *)gone->pdata[0]);
		return NULL;
	}
	for (guint i = 0; i < gone->len; i++)
		g_ptr_array_add(removed, g_strdup(gone->pdata[i]));
	return g_string_free(g_steal_pointer(&out), FALSE);
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

char *sl_fix_subject_tag(const char *raw, const char *decoded,
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
