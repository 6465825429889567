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

static void each_file(const char *path,
		      void (*each)(const char *text, gsize len, gpointer data),
		      gpointer data)
{
	g_autoptr(GDir) dir = g_dir_open(path, 0, NULL);
	const char *name;

	if (!dir) {
		g_autofree char *text = NULL;
		gsize len;

		if (g_file_get_contents(path, &text, &len, NULL) &&
		    len < 4 * 1024 * 1024)
			each(text, len, data);
		return;
	}
	while ((name = g_dir_read_name(dir))) {
		g_autofree char *sub = g_build_filename(path, name, NULL);

		each_file(sub, each, data);
	}
}

void sl_test_each_fixture(const char *tests_dir,
			  void (*each)(const char *text, gsize len,
				       gpointer data),
			  gpointer data)
{
	static const char *const dirs[] = { "rules", "corpus", "inputs",
					    "acceptance" };

	for (size_t i = 0; i < G_N_ELEMENTS(dirs); i++) {
		g_autofree char *path = g_build_filename(tests_dir, dirs[i],
							 NULL);

		each_file(path, each, data);
	}
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

/* The names of the shipped profiles (rules/profiles/NAME.conf). */
GPtrArray *sl_test_profile_names(void)
{
	g_autofree char *base = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	g_autofree char *dir = g_build_filename(base, "profiles", NULL);
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	const char *f;

	assert_non_null(d);
	while ((f = g_dir_read_name(d)))
		if (g_str_has_suffix(f, ".conf"))
			g_ptr_array_add(names, g_strndup(f, strlen(f) - 5));
	assert_true(names->len >= 6);
	return names;
}
