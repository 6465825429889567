// SPDX-License-Identifier: GPL-2.0-only
/*
 * Switches read from the environment (lint/util/env-flag.h): a check
 * mode, or the JIT turned off for valgrind.  They are asked on every
 * match, so each is read once, and every thread sees the one answer.
 */
#include <string.h>

#include "env-flag.h"

gboolean sl_env_flag(gsize *once, const char *name, const char *value)
{
	if (g_once_init_enter(once)) {
		const char *env = g_getenv(name);

		g_once_init_leave(once, env && !strcmp(env, value) ? 2 : 1);
	}
	return *once == 2;
}
