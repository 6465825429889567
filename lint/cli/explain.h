/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_EXPLAIN_H
#define SECLINT_EXPLAIN_H

#include <stdio.h>
#include <string.h>

#include "policy.h"

void sl_list_rules(FILE *out, const struct sl_policy *policy);
gboolean sl_explain(FILE *out, const struct sl_policy *policy,
		    const char *id, GError **error);

#endif
