/* SPDX-License-Identifier: GPL-2.0-only */
/* The error domain of every seclint GError (lint/util/errors.c). */
#ifndef SECLINT_ERRORS_H
#define SECLINT_ERRORS_H

#include <glib.h>

#define SECLINT_ERROR (seclint_error_quark())
GQuark seclint_error_quark(void);

/*
 * SECLINT_CHECK_DIGEST=1 in the environment: the digest's shortcuts
 * (lint/mail) prove each result against the long way round and abort on
 * a difference.
 */
gboolean sl_check_digest(void);

enum seclint_error_code {
	SECLINT_ERROR_USAGE,
	SECLINT_ERROR_IO,
	SECLINT_ERROR_PARSE,
	SECLINT_ERROR_POLICY,
};

#endif
