/* SPDX-License-Identifier: GPL-2.0-only */
/* The rules seclint has, from rules/rules.def (registry.c). */
#ifndef SECLINT_REGISTRY_H
#define SECLINT_REGISTRY_H

#include <glib.h>

struct sl_rule;

extern const struct sl_rule *const sl_rules[];
extern const size_t sl_rules_count;
const struct sl_rule *sl_rule_find(const char *id);
/* The index of the rule @id in sl_rules, or -1. */
gssize sl_rule_index(const char *id);

#endif
