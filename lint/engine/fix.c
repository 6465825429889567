// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fix: the loop that applies the rules' fixes (their .fix, fixer.h) to
 * one message, and what a fix edits with.  GMime says where each header
 * field is; the fixes edit only those bytes.  After each fix the message
 * is parsed and linted again: the digest must be the old one with exactly
 * the intended change, or the fix is undone.
 */
#include <string.h>

#include "address.h"
#include "engine.h"
#include "fix.h"
#include "fixer.h"
#include "gmime-extra.h"
#include "input.h"
#include "message.h"
#include "policy.h"
#include "rule.h"
#include "thread.h"

/* One header field of the message text, as GMime found it. */
struct field {
	const char *name;	/* GMime's, valid while the message lives */
	gsize start;		/* its name */
	gsize value;		/* just after the colon */
	gsize end;		/* after its line end */
};

/* The engine's side of one fix being applied. */
struct sl_fix_state {
	GString *text;
	struct sl_fix_result *result;
	guint first_change;	/* this fix's first line in result->changes */
	GPtrArray *removed;	/* normalised addresses this fix removed */
	sl_fix_subject_judge subject;	/* NULL: the Subject stays */
	char *declined;		/* why nothing was changed */
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

static gboolean steal_digest(struct sl_message *msg, gpointer data,
			     GError **error)
{
	struct sl_message **out = data;

	(void)error;
	if (*out)	/* one message at a time */
		sl_message_free(*out);
	*out = sl_message_steal(msg);
	return TRUE;
}

static struct sl_message *digest(const GString *text, const GPtrArray *extra,
				 const struct sl_thread_set *threads,
				 GError **error)
{
	struct sl_message *msg = NULL;
	gboolean mbox;

	if (!sl_input_parse(text->str, text->len, extra, &mbox, steal_digest,
			    &msg, error)) {
		sl_message_free(msg);
		return NULL;
	}
	if (threads)
		sl_thread_judge(threads, msg);
	return msg;
}

static gboolean same_recipients(const struct sl_fixing *fx,
				const struct sl_message *now)
{
	g_autoptr(GHashTable) removed = g_hash_table_new(g_str_hash, g_str_equal);
	const GPtrArray *gone = fx->state->removed;
	guint j = 0;

	for (guint i = 0; i < gone->len; i++)
		g_hash_table_add(removed, gone->pdata[i]);
	for (guint i = 0; i < fx->msg->recipients->len; i++) {
		const struct sl_address *a = fx->msg->recipients->pdata[i];
		const struct sl_address *b;

		if (g_hash_table_contains(removed, a->addr))
			continue;
		if (j == now->recipients->len)
			return FALSE;
		b = now->recipients->pdata[j++];
		if (strcmp(a->addr, b->addr) || strcmp(a->header, b->header))
			return FALSE;
	}
	return j == now->recipients->len;
}

static gboolean same_subject(const struct sl_fixing *fx,
			     const struct sl_message *now)
{
	if (!fx->state->subject)
		return !g_strcmp0(fx->msg->subject, now->subject);
	return now->subject &&
	       fx->state->subject(fx, fx->msg->subject, now->subject);
}

static gboolean same_parts(const GPtrArray *a, const GPtrArray *b)
{
	if (a->len != b->len)
		return FALSE;
	for (guint i = 0; i < a->len; i++) {
		const struct sl_part *p = a->pdata[i], *q = b->pdata[i];

		if (strcmp(p->path, q->path) || strcmp(p->type, q->type))
			return FALSE;
	}
	return TRUE;
}

/* Is @now the message before the fix with exactly the intended change? */
static gboolean only_intended(const struct sl_fixing *fx,
			      const struct sl_message *now)
{
	const struct sl_message *was = fx->msg;

	return !g_strcmp0(was->message_id, now->message_id) &&
	       was->followup == now->followup && was->reply == now->reply &&
	       was->from->len == now->from->len &&
	       g_string_equal(was->body, now->body) &&
	       same_parts(was->parts, now->parts) &&
	       same_recipients(fx, now) && same_subject(fx, now);
}

static void note_declined(struct sl_fix_result *r, const struct sl_fixing *fx)
{
	g_ptr_array_add(r->notes, g_strdup_printf(
		"not fixed [%s]: %s", fx->finding->rule->id,
		fx->state->declined));
}

/*
 * Applies the fix of @finding's rule; keeps it only if the message still
 * parses and differs from before in nothing but the intended edit.
 */
static void apply_fix(struct sl_fix_result *r, const struct sl_message *msg,
		      const struct sl_finding *finding,
		      const struct sl_policy *policy, const GPtrArray *extra,
		      const struct sl_thread_set *threads)
{
	g_autoptr(GString) before = g_string_new_len(r->text->str,
						     (gssize)r->text->len);
	g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_message) now = NULL;
	guint changes = r->changes->len, notes = r->notes->len;
	struct sl_fix_state state = { r->text, r, changes, removed, NULL,
				      NULL };
	struct sl_fixing fx = {
		msg, policy, finding, &state,
		sl_policy_params(policy, finding->rule),
	};

	if (finding->rule->fix->apply(&fx)) {
		now = digest(r->text, extra, threads, &error);
		if (now && only_intended(&fx, now) &&
		    r->changes->len > changes) {
			char *what = r->changes->pdata[changes];

			r->changes->pdata[changes] = g_strdup_printf(
				"fixed [%s]: %s", finding->rule->id, what);
			g_free(what);
			r->edits++;
			return;
		}
		sl_fix_decline(&fx, "the edited message did not read back as "
			       "intended (%s); left as it was", error
			       ? error->message : "other headers changed");
	}
	g_string_truncate(r->text, 0);
	g_string_append_len(r->text, before->str, (gssize)before->len);
	g_ptr_array_set_size(r->changes, changes);
	g_ptr_array_set_size(r->notes, notes);
	note_declined(r, &fx);
	g_free(state.declined);
}

/* The first finding whose rule has a fix not yet tried on this message. */
static const struct sl_finding *next_fixable(const GPtrArray *findings,
					     GHashTable *tried)
{
	for (guint i = 0; i < findings->len; i++) {
		const struct sl_finding *f = findings->pdata[i];

		if (f->rule->fix && !g_hash_table_contains(tried, f->rule))
			return f;
	}
	return NULL;
}

gboolean sl_fix_message(const char *bytes, gsize len,
			const struct sl_policy *policy, const GPtrArray *extra,
			const struct sl_thread_set *threads,
			struct sl_fix_result *r, GError **error)
{
	g_autoptr(GHashTable) tried = g_hash_table_new(NULL, NULL);

	r->text = g_string_new_len(bytes, (gssize)len);
	r->changes = g_ptr_array_new_with_free_func(g_free);
	r->notes = g_ptr_array_new_with_free_func(g_free);
	r->edits = 0;
	for (;;) {
		g_autoptr(sl_message) msg = digest(r->text, extra, threads,
						   error);
		g_autoptr(GPtrArray) findings = NULL;
		const struct sl_finding *f;

		if (!msg)
			return FALSE;
		findings = sl_lint_message(msg, policy);
		f = next_fixable(findings, tried);
		if (!f)
			return TRUE;
		g_hash_table_add(tried, (gpointer)f->rule);
		apply_fix(r, msg, f, policy, extra, threads);
	}
}

void sl_fix_result_clear(struct sl_fix_result *r)
{
	if (r->text)
		g_string_free(r->text, TRUE);
	if (r->changes)
		g_ptr_array_unref(r->changes);
	if (r->notes)
		g_ptr_array_unref(r->notes);
	memset(r, 0, sizeof(*r));
}
