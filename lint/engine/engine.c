// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's loop: every rule that is on in the policy, over one message.
 * The registry is in registry.c, the report functions in report.c.
 */
#include "engine.h"
#include "facts.h"
#include "message.h"
#include "policy.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

static enum sl_severity rule_severity(const struct sl_policy *policy,
				      size_t i, gboolean followup)
{
	if (policy->rule_severity)
		return policy->rule_severity[2 * i + !!followup];
	return sl_policy_rule_severity(policy, sl_rules[i], followup);
}

GPtrArray *sl_lint_message(const struct sl_message *msg,
			   const struct sl_policy *policy)
{
	return sl_lint_message_with(msg, policy, NULL);
}

GPtrArray *sl_lint_message_with(const struct sl_message *msg,
				const struct sl_policy *policy,
				const struct sl_lint_options *options)
{
	GPtrArray *findings = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sl_finding_free);
	g_auto(sl_facts) facts = SL_FACTS_INIT(msg, options);

	for (size_t i = 0; i < sl_rules_count; i++) {
		struct sl_check check = {
			.rule = sl_rules[i],
			.msg = msg,
			.policy = policy,
			.severity = rule_severity(policy, i, msg->followup),
			.findings = findings,
			.facts = &facts,
			.params = sl_rules[i]->params
					  ? sl_policy_params(policy, sl_rules[i])
					  : NULL,
		};

		if (check.severity != SL_SEV_OFF)
			sl_rules[i]->check(&check);
	}
	return findings;
}
