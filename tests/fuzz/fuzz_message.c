// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: one input is the bytes of one file seclint reads.
 * Every message it yields is linted; everything is freed, so the leak
 * checker sees what seclint leaks.
 */
#include <stdint.h>
#include <stdlib.h>

#include <gmime/gmime.h>

#include "engine.h"
#include "input.h"
#include "message.h"
#include "policy.h"
#include "quiet.h"

static struct sl_policy *policy;

static gboolean lint_one(struct sl_message *msg, gpointer data, GError **error)
{
	GPtrArray *findings = sl_lint_message(msg, data);

	(void)error;
	g_ptr_array_unref(findings);
	return TRUE;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	g_autoptr(GError) error = NULL;

	(void)argc;
	(void)argv;
	g_mime_init();
	/* Every input a proof of the header pre-scan that lets GMime parse
	 * without its warning callback (lint/mail/quiet.c): an abort where
	 * a message it passed draws a complaint seclint refuses mail for. */
	sl_parse_quiet_check(TRUE);
	policy = sl_policy_open(SECLINT_SOURCE_POLICY, NULL, &error);
	if (!policy) {
		g_printerr("fuzz_message: %s\n", error->message);
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	g_autoptr(GError) error = NULL;
	gboolean is_mbox = FALSE;

	sl_input_parse((const char *)data, size, NULL, &is_mbox, lint_one,
		       policy, &error);
	return 0;
}
