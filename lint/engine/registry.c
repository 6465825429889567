// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rule registry, expanded from rules/rules.def, and the names of the
 * severities.  It knows the rules only as declarations.
 */
#include <string.h>

#include "rule.h"
#include "severity.h"

#define SL_RULE(sym) extern const struct sl_rule sym;
#include "rules.def"
#undef SL_RULE

#define SL_RULE(sym) &sym,
const struct sl_rule *const sl_rules[] = {
#include "rules.def"
};
#undef SL_RULE

const size_t sl_rules_count = G_N_ELEMENTS(sl_rules);

static const char *const severity_names[] = {
	[SL_SEV_OFF] = "off",
	[SL_SEV_INFO] = "info",
	[SL_SEV_WARNING] = "warning",
	[SL_SEV_ERROR] = "error",
};

const char *sl_severity_name(enum sl_severity sev)
{
	return severity_names[sev];
}

gboolean sl_severity_parse(const char *name, enum sl_severity *out)
{
	for (size_t i = 0; i < G_N_ELEMENTS(severity_names); i++) {
		if (!strcmp(name, severity_names[i])) {
			*out = (enum sl_severity)i;
			return TRUE;
		}
	}
	return FALSE;
}

const struct sl_rule *sl_rule_find(const char *id)
{
	for (size_t i = 0; i < sl_rules_count; i++)
		if (!strcmp(sl_rules[i]->id, id))
			return sl_rules[i];
	return NULL;
}
