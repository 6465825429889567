// SPDX-License-Identifier: GPL-2.0-only
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
