// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-message memos: dozens of rules ask for the same derived text (the
 * own text, the CVE request, the text without disclaimers); deriving it
 * once per message instead of once per rule was much of the time spent
 * on a large mbox.  See lint/engine/memo.h.
 */
#include <string.h>

#include "memo.h"
#include "message.h"

static _Thread_local struct sl_memo *current;

void sl_memo_begin(struct sl_memo *memo, const struct sl_message *msg)
{
	*memo = (struct sl_memo){ .msg = msg, .outer = current };
	current = memo;
}

static void text_memo_clear(struct sl_text_memo *m)
{
	g_clear_pointer(&m->input, g_free);
	g_clear_pointer(&m->output, g_free);
}

void sl_memo_end(struct sl_memo *memo)
{
	current = memo->outer;
	g_free(memo->own);
	g_free(memo->signature);
	text_memo_clear(&memo->cve_request);
	text_memo_clear(&memo->no_disclaimers);
	if (memo->embargo)
		memo->embargo_free(memo->embargo);
}

struct sl_memo *sl_memo_of(const struct sl_message *msg)
{
	return current && current->msg == msg ? current : NULL;
}

struct sl_memo *sl_memo_current(void)
{
	return current;
}

gboolean sl_text_memo_holds(const struct sl_text_memo *m, const char *input)
{
	return m->input && !strcmp(m->input, input);
}

void sl_text_memo_set(struct sl_text_memo *m, const char *input,
		      const char *output, gboolean flag)
{
	text_memo_clear(m);
	m->input = g_strdup(input);
	m->output = g_strdup(output);
	m->flag = flag;
}
