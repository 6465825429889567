// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rule registry, expanded from rules/rules.def.  It knows the rules
 * only as declarations.
 */
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "rule.h"

#define SL_RULE(sym) extern const struct sl_rule sym;
#include "rules.def"
#undef SL_RULE

#define SL_RULE(sym) &sym,
const struct sl_rule *const sl_rules[] = {
#include "rules.def"
};
#undef SL_RULE

const size_t sl_rules_count = G_N_ELEMENTS(sl_rules);

/*
 * Indices into sl_rules sorted by id, for a binary search: every group of
 * the policy and of each profile in a chain names a rule, and a scan of
 * the table for each was a visible share of a one-message run.
 */
static guint8 by_id[G_N_ELEMENTS(sl_rules)];
G_STATIC_ASSERT(G_N_ELEMENTS(sl_rules) <= G_MAXUINT8);

static int compare_index(const void *a, const void *b)
{
	return strcmp(sl_rules[*(const guint8 *)a]->id,
		      sl_rules[*(const guint8 *)b]->id);
}

static int compare_id(const void *key, const void *elem)
{
	return strcmp(key, sl_rules[*(const guint8 *)elem]->id);
}

gssize sl_rule_index(const char *id)
{
	static gsize sorted;
	const guint8 *hit;

	if (g_once_init_enter(&sorted)) {
		for (size_t i = 0; i < G_N_ELEMENTS(by_id); i++)
			by_id[i] = (guint8)i;
		qsort(by_id, G_N_ELEMENTS(by_id), sizeof(by_id[0]),
		      compare_index);
		g_once_init_leave(&sorted, 1);
	}
	hit = bsearch(id, by_id, G_N_ELEMENTS(by_id), sizeof(by_id[0]),
		      compare_id);
	return hit ? *hit : -1;
}

const struct sl_rule *sl_rule_find(const char *id)
{
	gssize i = sl_rule_index(id);

	return i < 0 ? NULL : sl_rules[i];
}
