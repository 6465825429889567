// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness for --fix: the input is taken as an address-list
 * value, as a raw Subject, and as a whole message.  Whatever the fix
 * writes must parse again, without the addresses it removed and with the
 * tag it added; anything else aborts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gmime/gmime.h>

#include "address.h"
#include "fix.h"
#include "input.h"
#include "message.h"
#include "policy.h"
#include "subject-tag.h"

static struct sl_policy *policy;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	g_autoptr(GError) error = NULL;

	(void)argc;
	(void)argv;
	g_mime_init();
	policy = sl_policy_open(SECLINT_SOURCE_POLICY, NULL, &error);
	if (!policy) {
		g_printerr("fuzz_fix: %s\n", error->message);
		abort();
	}
	return 0;
}

static gboolean is_distros(const char *addr, gpointer data)
{
	(void)data;
	return sl_list_has_role(sl_policy_find_list(policy, addr), "distros");
}

static void fuzz_addresses(const char *value)
{
	g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) left = sl_address_list_new();
	g_autoptr(GError) error = NULL;
	gboolean empty;
	g_autofree char *out = sl_fix_drop_addresses(value, is_distros, NULL,
						     removed, &empty, &error);

	if (!out)
		return;
	if (!sl_address_add_header(left, "Cc", out, NULL))
		abort();
	for (guint i = 0; i < left->len; i++)
		if (is_distros(((struct sl_address *)left->pdata[i])->addr, NULL))
			abort();
}

static void fuzz_subject(const char *raw)
{
	g_autofree char *decoded = g_mime_utils_header_decode_text(NULL, raw);
	g_autofree char *what = NULL;
	g_autofree char *out = NULL;
	g_autofree char *now = NULL;

	if (!g_utf8_validate(decoded, -1, NULL))
		return;
	out = sl_subject_tag_edit(raw, decoded, "[vs]", "\n", &what);
	if (!out)
		return;
	now = g_mime_utils_header_decode_text(NULL, out);
	if (!strstr(now, "[vs]"))
		abort();
}

static gboolean parses(struct sl_message *msg, gpointer data, GError **error)
{
	(void)msg;
	(void)data;
	(void)error;
	return TRUE;
}

static void fuzz_message(const char *bytes, size_t size)
{
	struct sl_fix_result r = { 0 };
	g_autoptr(GError) error = NULL;
	gboolean mbox;

	if (sl_fix_message(bytes, size, policy, NULL, NULL, &r, &error) &&
	    !sl_input_parse(r.text->str, r.text->len, NULL, &mbox, parses,
			    NULL, NULL))
		abort();
	sl_fix_result_clear(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	g_autofree char *text = g_strndup((const char *)data, size);

	fuzz_addresses(text);
	fuzz_subject(text);
	fuzz_message((const char *)data, size);
	return 0;
}
