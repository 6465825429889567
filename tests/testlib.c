// SPDX-License-Identifier: GPL-2.0-only
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "input.h"
#include "message.h"
#include "testlib.h"

GPtrArray *sl_test_messages_new(void)
{
	return g_ptr_array_new_with_free_func((GDestroyNotify)sl_message_free);
}

gboolean sl_test_keep(struct sl_message *msg, gpointer data, GError **error)
{
	(void)error;
	g_ptr_array_add(data, sl_message_steal(msg));
	return TRUE;
}

struct sl_message *sl_test_parse_one(const char *text)
{
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean mbox;

	if (!sl_input_parse(text, strlen(text), NULL, &mbox, sl_test_keep, msgs,
			    &error))
		fail_msg("parse failed: %s", error->message);
	assert_int_equal(msgs->len, 1);
	return g_ptr_array_steal_index(msgs, 0);
}
