/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The policy as one block of memory, for its cache (lint/engine/policy-block.c).
 */
#ifndef SECLINT_POLICY_BLOCK_H
#define SECLINT_POLICY_BLOCK_H

#include <glib.h>

struct sl_policy;

/* @policy, as read (with its key file), as a block; NULL: it cannot be
 * cached (policy.conf names a key twice in a group). */
GBytes *sl_policy_block(const struct sl_policy *policy);
/* Fills @policy, new (no lists, no severities), from @block: its lists,
 * severities, globs, the addresses of its files (unsorted as written),
 * and policy.conf's values as a table; FALSE: @block is not one (then
 * @policy holds part of it, to be freed). */
gboolean sl_policy_unblock(struct sl_policy *policy, GBytes *block);

#endif
