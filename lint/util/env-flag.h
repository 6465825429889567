/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_ENV_FLAG_H
#define SECLINT_ENV_FLAG_H

#include <glib.h>

/*
 * A switch in the environment, read once for the process
 * (lint/util/env-flag.c): is @name set to exactly @value?  @once is the
 * caller's static, zero before the first call, which keeps the answer:
 *	static gsize once;
 *	return sl_env_flag(&once, "SECLINT_CHECK_LITERALS", "1");
 * Set the variable before the first call (a test, with g_setenv()).
 * A check mode SECLINT_CHECK_X_Y that is not set is also on where
 * SECLINT_CHECK lists "x-y" or "all" (commas or spaces between):
 * SECLINT_CHECK=all proves every shortcut at once.
 */
gboolean sl_env_flag(gsize *once, const char *name, const char *value);

#endif
