// SPDX-License-Identifier: GPL-2.0-only
/* The error domain of every seclint GError, and the digest's check mode. */
#include "errors.h"

#include <string.h>

G_DEFINE_QUARK(seclint-error-quark, seclint_error)

gboolean sl_check_digest(void)
{
	static gsize on;

	if (g_once_init_enter(&on)) {
		const char *env = g_getenv("SECLINT_CHECK_DIGEST");

		g_once_init_leave(&on, env && !strcmp(env, "1") ? 2 : 1);
	}
	return on == 2;
}
