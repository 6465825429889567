// SPDX-License-Identifier: GPL-2.0-only
/*
 * profile-dump POLICY PROFILE...: every profile as the rules see it, once
 * loaded: its [profile] keys, then for every registered rule its severity
 * for an initial message and a follow-up (or off) and each key of its
 * group, then the values it reads from the policy's [role ID] groups
 * (struct sl_param).  tests/profiles.sh compares it with resolved.golden, so a change
 * of how profiles are written (inheritance, list-level limits) that
 * changes what a rule sees shows up as a diff.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

static int strcmp_indirect(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* @group's keys: its citations' words as sl_profile_get() reads them,
 * the rest as loaded (lint/engine/profile.c). */
static void dump_group(const struct sl_policy *policy, const char *group,
		       const char *skip)
{
	GKeyFile *cited = sl_profile_cited(policy);
	g_auto(GStrv) keys = g_key_file_get_keys(cited, group, NULL, NULL);

	if (!keys)
		return;
	qsort(keys, g_strv_length(keys), sizeof(*keys), strcmp_indirect);
	for (char **k = keys; *k; k++) {
		g_autofree char *v = NULL;

		if (skip && !strcmp(*k, skip))
			continue;
		v = g_key_file_get_value(sl_profile_is_citation_word(group, *k)
						 ? cited : sl_profile_keys(policy),
					 group, *k, NULL);
		printf("  %s=%s\n", *k, v ? v : "(missing)");
	}
}

static void dump_role_params(const struct sl_policy *policy,
			     const struct sl_rule *r)
{
	for (const struct sl_param *p = r->params; p && p->key; p++) {
		g_autofree char *group = NULL;
		g_autofree char *v = NULL;

		if (!p->role)
			continue;
		group = g_strconcat("role ", p->role, NULL);
		v = sl_policy_value(policy, group, p->key, FALSE);
		printf("  [%s] %s=%s\n", group, p->key, v);
	}
}

static void dump(const struct sl_policy *policy)
{
	printf("profile %s\n", policy->profile_name);
	dump_group(policy, "profile", "inherit");
	for (size_t i = 0; i < sl_rules_count; i++) {
		const struct sl_rule *r = sl_rules[i];
		g_autofree char *group = g_strconcat("rule ", r->id, NULL);
		enum sl_severity initial = sl_policy_rule_severity(policy, r,
								   FALSE);

		if (initial == SL_SEV_OFF) {
			printf("rule %s: off\n", r->id);
			continue;
		}
		printf("rule %s: %s, follow-ups %s\n", r->id,
		       sl_severity_name(initial),
		       sl_severity_name(sl_policy_rule_severity(policy, r,
								TRUE)));
		dump_group(policy, group, NULL);
		dump_role_params(policy, r);
	}
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: profile-dump POLICY PROFILE...\n");
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		g_autoptr(GError) error = NULL;
		g_autoptr(sl_policy) policy = sl_policy_open(argv[1], argv[i],
							     &error);

		if (!policy) {
			fprintf(stderr, "profile-dump: %s\n", error->message);
			return 2;
		}
		dump(policy);
	}
	return 0;
}
