// SPDX-License-Identifier: GPL-2.0-only
/*
 * Switches read from the environment (lint/util/env-flag.h): a check
 * mode, or the JIT turned off for valgrind.  They are asked on every
 * match, so each is read once, and every thread sees the one answer.
 */
#include <string.h>

#include "env-flag.h"

#define CHECK_PREFIX "SECLINT_CHECK_"

/* Whether SECLINT_CHECK lists the check mode @name (SECLINT_CHECK_XY_Z
 * is "xy-z" there, or "all"). */
static gboolean listed(const char *name)
{
	const char *list = g_getenv("SECLINT_CHECK");
	g_autofree char *mode = NULL;
	g_auto(GStrv) modes = NULL;

	if (!list || strncmp(name, CHECK_PREFIX, strlen(CHECK_PREFIX)))
		return FALSE;
	mode = g_ascii_strdown(name + strlen(CHECK_PREFIX), -1);
	g_strdelimit(mode, "_", '-');
	modes = g_strsplit_set(list, ", ", -1);
	for (char **m = modes; *m; m++)
		if (!strcmp(*m, "all") || !strcmp(*m, mode))
			return TRUE;
	return FALSE;
}

gboolean sl_env_flag(gsize *once, const char *name, const char *value)
{
	if (g_once_init_enter(once)) {
		const char *env = g_getenv(name);
		gboolean on = env ? !strcmp(env, value) : listed(name);

		g_once_init_leave(once, on ? 2 : 1);
	}
	return *once == 2;
}
