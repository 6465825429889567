// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a fix edits with (fixer.h): the header fields of the message text
 * as GMime finds them, their edits, and what the fix says it did.  The
 * loop that applies the fixes and checks their result is the engine's
 * (lint/engine/fix.c).
 */
#include <string.h>

#include "address.h"
#include "fix-state.h"
#include "fixer.h"
#include "gmime-extra.h"
#include "input.h"
#include "message.h"

/* One header field of the message text, as GMime found it. */
struct field {
	const char *name;	/* GMime's, valid while the message lives */
	gsize start;		/* its name */
	gsize value;		/* just after the colon */
	gsize end;		/* after its line end */
};

void sl_fix_done(struct sl_fixing *fx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_ptr_array_insert(fx->state->result->changes,
			   (gint)fx->state->first_change,
			   g_strdup_vprintf(fmt, ap));
	va_end(ap);
}

void sl_fix_note(struct sl_fixing *fx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_ptr_array_add(fx->state->result->notes, g_strdup_vprintf(fmt, ap));
	va_end(ap);
}

void sl_fix_decline(struct sl_fixing *fx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_free(fx->state->declined);
	fx->state->declined = g_strdup_vprintf(fmt, ap);
	va_end(ap);
}

/* The message's header fields; FALSE if GMime finds none.  The message is
 * parsed as the linter parses it, after an mbox separator line. */
static GMimeMessage *locate_fields(const GString *text, GArray *fields)
{
	gsize start;
	g_autoptr(GMimeParser) parser = sl_input_open_message(
		text->str, text->len, &start);
	GMimeMessage *gm;
	GMimeHeaderList *list;
	int n;

	gm = g_mime_parser_construct_message(parser, NULL);
	if (!gm)
		return NULL;
	list = g_mime_object_get_header_list(GMIME_OBJECT(gm));
	n = g_mime_header_list_get_count(list);
	for (int i = 0; i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(list, i);
		const char *raw = g_mime_header_get_raw_value(h);
		struct field f = {
			g_mime_header_get_name(h),
			start + (gsize)g_mime_header_get_offset(h), 0, 0
		};
		const char *colon = memchr(text->str + f.start, ':',
					   text->len - f.start);

		/* Only a field whose bytes are GMime's can be edited. */
		if (!raw || !colon ||
		    strncmp(text->str + f.start, f.name, strlen(f.name)))
			continue;
		f.value = (gsize)(colon + 1 - text->str);
		f.end = f.value + strlen(raw);
		if (f.end <= text->len &&
		    !memcmp(text->str + f.value, raw, strlen(raw)))
			g_array_append_val(fields, f);
	}
	return gm;
}

static void clear_field(gpointer data)
{
	struct sl_fix_field *f = data;

	g_free(f->name);
}

GArray *sl_fix_fields(const struct sl_fixing *fx)
{
	g_autoptr(GArray) located = g_array_new(FALSE, FALSE,
						sizeof(struct field));
	g_autoptr(GMimeMessage) gm = locate_fields(fx->state->text, located);
	GArray *fields = g_array_new(FALSE, FALSE, sizeof(struct sl_fix_field));

	g_array_set_clear_func(fields, clear_field);
	for (guint i = 0; gm && i < located->len; i++) {
		const struct field *l =
			&g_array_index(located, struct field, i);
		struct sl_fix_field f = { g_strdup(l->name), l->start, l->value,
					  l->end };

		g_array_append_val(fields, f);
	}
	return fields;
}

const struct sl_fix_field *sl_fix_find_field(const GArray *fields,
					     const char *name)
{
	for (guint i = 0; i < fields->len; i++)
		if (!g_ascii_strcasecmp(g_array_index(fields,
						      struct sl_fix_field,
						      i).name, name))
			return &g_array_index(fields, struct sl_fix_field, i);
	return NULL;
}

char *sl_fix_field_head(const struct sl_fixing *fx,
			const struct sl_fix_field *f)
{
	return g_strndup(fx->state->text->str + f->start, f->value - f->start);
}

char *sl_fix_field_value(const struct sl_fixing *fx,
			 const struct sl_fix_field *f)
{
	return g_strndup(fx->state->text->str + f->value, f->end - f->value);
}

const char *sl_fix_field_eol(const struct sl_fixing *fx,
			     const struct sl_fix_field *f)
{
	return f->end - f->start >= 2 &&
	       fx->state->text->str[f->end - 2] == '\r' ? "\r\n" : "\n";
}

/* "-" and "+" lines of one header edit, for the summary. */
static void describe_edit(struct sl_fixing *fx, const char *old,
			  const char *new)
{
	const char *sides[2] = { old, new };

	for (int side = 0; side < 2; side++) {
		g_auto(GStrv) lines = NULL;

		if (!sides[side])
			continue;
		lines = g_strsplit(sides[side], "\n", -1);
		for (char **l = lines; *l; l++) {
			g_strchomp(*l);
			if (**l || l[1])
				g_ptr_array_add(fx->state->result->changes,
						g_strdup_printf("  %c%s",
								side ? '+' : '-',
								*l));
		}
	}
}

void sl_fix_describe_field(struct sl_fixing *fx, const struct sl_fix_field *f,
			   const char *field_text)
{
	g_autofree char *old = g_strndup(fx->state->text->str + f->start,
					 f->end - f->start);

	describe_edit(fx, old, *field_text ? field_text : NULL);
}

void sl_fix_splice_field(struct sl_fixing *fx, const struct sl_fix_field *f,
			 const char *field_text)
{
	GString *text = fx->state->text;

	g_string_erase(text, (gssize)f->start, (gssize)(f->end - f->start));
	g_string_insert(text, (gssize)f->start, field_text);
}

void sl_fix_replace_field(struct sl_fixing *fx, const struct sl_fix_field *f,
			  const char *field_text)
{
	sl_fix_describe_field(fx, f, field_text);
	sl_fix_splice_field(fx, f, field_text);
}

char *sl_fix_field_drop_addresses(struct sl_fixing *fx,
				  const struct sl_fix_field *f,
				  sl_fix_addr_pred drop, gpointer data,
				  gboolean *empty, GError **error)
{
	g_autofree char *value = sl_fix_field_value(fx, f);

	return sl_fix_drop_addresses(value, drop, data, fx->state->removed,
				     empty, error);
}

const GPtrArray *sl_fix_removed(const struct sl_fixing *fx)
{
	return fx->state->removed;
}

void sl_fix_expect_subject(struct sl_fixing *fx, sl_fix_subject_judge judge)
{
	fx->state->subject = judge;
}

