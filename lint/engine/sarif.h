/* SPDX-License-Identifier: GPL-2.0-only */
/* SARIF 2.1.0 (lint/engine/sarif.c), streamed by lint/engine/output.c
 * like the JSON document. */
#ifndef SECLINT_SARIF_H
#define SECLINT_SARIF_H

#include <stdio.h>

#include "message.h"
#include "policy.h"
#include "rule.h"

void sl_sarif_open(FILE *out, const struct sl_policy *policy);
void sl_sarif_result(GString *out, const char *file,
		     const struct sl_message *msg, const struct sl_finding *f);
/* @file could not be checked, for @reason; @name is how the output names
 * it (sl_output_file_name()). */
void sl_sarif_input_error(GString *out, const char *file, const char *name,
			  const char *reason);
void sl_sarif_close(FILE *out, const GString *input_errors, gboolean ok,
		    int exit_code);

#endif
