/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_ENGINE_H
#define SECLINT_ENGINE_H

#include <glib.h>

#include "message.h"
#include "policy.h"
#include "rule.h"

/* Run every rule that is not switched off; returns the findings. */
GPtrArray *sl_lint_message(const struct sl_message *msg,
			   const struct sl_policy *policy);
GPtrArray *sl_lint_message_with(const struct sl_message *msg,
				const struct sl_policy *policy,
				const struct sl_lint_options *options);

#endif
