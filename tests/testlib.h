/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers shared by the cmocka tests (tests/testlib.c). */
#ifndef SECLINT_TESTLIB_H
#define SECLINT_TESTLIB_H
#include "message.h"

/* An array that owns struct sl_message elements. */
GPtrArray *sl_test_messages_new(void);
/* sl_message_fn for sl_input_parse/sl_input_read: keeps each message in
 * the GPtrArray @data (from sl_test_messages_new()). */
gboolean sl_test_keep(struct sl_message *msg, gpointer data, GError **error);
/* The one message of @text, as sl_input_parse() reads it; the test fails
 * if it is refused or holds more than one. */
struct sl_message *sl_test_parse_one(const char *text);
/* Calls @each on the text of every file below @tests_dir's rules, corpus,
 * inputs and acceptance fixtures (each under 4 MiB, with a NUL after
 * its @len bytes). */
void sl_test_each_fixture(const char *tests_dir,
			  void (*each)(const char *text, gsize len,
				       gpointer data),
			  gpointer data);
/* The names of the profiles shipped in rules/profiles/ (six or more). */
GPtrArray *sl_test_profile_names(void);
#endif
