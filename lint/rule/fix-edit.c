// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fix's address edit, done on the header text so that every other byte of
 * the message stays as it was.  A small lexer finds where the items of an
 * address list begin and end (quotes, comments, angle brackets, groups);
 * GMime's address parser decides what each item is, and the edited value is
 * parsed again and compared with what was meant before it is used.
 */
#include <string.h>

#include "address.h"
#include "errors.h"
#include "fix-state.h"
#include "gmime-extra.h"

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

/*
 * Splits [@from, @to) at its commas; groups only at the top level, where a
 * ';' outside a group separates too, as git send-email and mutt read it
 * (and so seclint: lint/mail/address.c).
 */
static void split_list(const char *s, gsize from, gsize to,
		       gboolean top, GArray *items)
{
	gsize i = from;

	while (i < to) {
		struct item it = { .start = i };
		gsize j = scan_to(s, i, to, top ? ",:;" : ",");

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
