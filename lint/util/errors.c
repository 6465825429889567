// SPDX-License-Identifier: GPL-2.0-only
/* The error domain of every seclint GError, and the digest's check mode. */
#include "errors.h"
#include "env-flag.h"

G_DEFINE_QUARK(seclint-error-quark, seclint_error)

gboolean sl_check_digest(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_DIGEST", "1");
}
