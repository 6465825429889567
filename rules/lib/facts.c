// SPDX-License-Identifier: GPL-2.0-only
/*
 * The facts of a message: made empty, filled by the getters on first use
 * (see rules/lib/facts.h), freed at the end of the lint pass.
 */
#include "facts.h"
#include "message.h"

struct sl_facts *sl_facts_new(const struct sl_message *msg,
			      const struct sl_lint_options *options)
{
	struct sl_facts *f = g_new0(struct sl_facts, 1);

	f->msg = msg;
	f->options = options;
	return f;
}

void sl_facts_free(struct sl_facts *f)
{
	if (!f)
		return;
	g_free(f->own);
	g_free(f->signature);
	if (f->text.destroy)
		f->text.destroy(f->text.data);
	if (f->patches)
		g_ptr_array_unref(f->patches);
	g_free(f->cve_request);
	g_free(f->no_disclaimers);
	g_free(f->ai_said);
	if (f->embargo.destroy)
		f->embargo.destroy(f->embargo.data);
	g_free(f);
}
