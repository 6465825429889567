// SPDX-License-Identifier: GPL-2.0-only
/* The error domain of every seclint GError. */
#include "errors.h"

G_DEFINE_QUARK(seclint-error-quark, seclint_error)
