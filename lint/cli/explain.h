/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_EXPLAIN_H
#define SECLINT_EXPLAIN_H

#include <stdio.h>
#include <string.h>

#include "policy.h"

void sl_list_rules(FILE *out, const struct sl_policy *policy);
/* Each profile beside @policy's: the documents it follows (upstream
 * commit and date) and its summary. */
gboolean sl_list_profiles(FILE *out, const struct sl_policy *policy,
			  GError **error);
gboolean sl_explain(FILE *out, const struct sl_policy *policy,
		    const char *id, GError **error);

#endif
