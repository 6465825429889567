// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine: the rule registry (expanded from rules/rules.def), the report
 * function the rules call, and the loop that runs them.
 */
#include <stdarg.h>
#include <string.h>

#include "memo.h"

G_DEFINE_QUARK(seclint-error-quark, seclint_error)

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

void sl_finding_free(struct sl_finding *finding)
{
	g_free(finding->text);
	g_free(finding->where);
	g_free(finding);
}

static void report(struct sl_check *check, enum sl_severity sev,
		   const char *where, const char *excerpt, const char *fmt,
		   va_list ap)
{
	struct sl_finding *f = g_new0(struct sl_finding, 1);

	f->text = g_strdup_vprintf(fmt, ap);
	f->rule = check->rule;
	f->severity = sev;
	f->where = g_strdup(where);
	sl_locate(check->msg, where, excerpt, f);
	g_ptr_array_add(check->findings, f);
}

void sl_report(struct sl_check *check, const char *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(check, check->severity, where, NULL, fmt, ap);
	va_end(ap);
}

void sl_report_at(struct sl_check *check, const char *where,
		  const char *excerpt, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(check, check->severity, where, excerpt, fmt, ap);
	va_end(ap);
}

void sl_report_weak(struct sl_check *check, const char *where,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(check, MIN(check->severity, SL_SEV_INFO), where, NULL, fmt, ap);
	va_end(ap);
}

void sl_report_weak_at(struct sl_check *check, const char *where,
		       const char *excerpt, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(check, MIN(check->severity, SL_SEV_INFO), where, excerpt, fmt,
	       ap);
	va_end(ap);
}

void sl_report_capped(struct sl_check *check, enum sl_severity max,
		      const char *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(check, MIN(check->severity, max), where, NULL, fmt, ap);
	va_end(ap);
}

void sl_report_capped_at(struct sl_check *check, enum sl_severity max,
			 const char *where, const char *excerpt,
			 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(check, MIN(check->severity, max), where, excerpt, fmt, ap);
	va_end(ap);
}

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
	struct sl_context ctx = { .options = options };
	struct sl_memo memo;

	sl_memo_begin(&memo, msg);
	for (size_t i = 0; i < sl_rules_count; i++) {
		struct sl_check check = {
			.rule = sl_rules[i],
			.msg = msg,
			.policy = policy,
			.severity = rule_severity(policy, i, msg->followup),
			.findings = findings,
			.ctx = &ctx,
		};

		if (check.severity != SL_SEV_OFF)
			sl_rules[i]->check(&check);
	}
	sl_memo_end(&memo);
	if (ctx.patches)
		g_ptr_array_unref(ctx.patches);
	sl_text_free(ctx.text);
	return findings;
}
