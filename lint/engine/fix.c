// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fix: the loop that applies the rules' fixes (their .fix, fixer.h) to
 * one message; what a fix edits with is the rule API's
 * (lint/rule/fixing.c).  GMime says where each header field is; the fixes
 * edit only those bytes.  After each fix the message
 * is parsed and linted again: the digest must be the old one with exactly
 * the intended change, or the fix is undone.
 */
#include <string.h>

#include "address.h"
#include "engine.h"
#include "fix.h"
#include "fix-state.h"
#include "fixer.h"
#include "input.h"
#include "message.h"
#include "policy.h"
#include "rule.h"
#include "thread.h"

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
