// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report functions a rule's check calls (the rule API, rule.h).
 * They only append to the check's findings; nothing here calls back
 * into the rules or their library.
 */
#include <stdarg.h>

#include "location.h"
#include "rule.h"
#include "severity.h"

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
	struct sl_location at;

	f->text = g_strdup_vprintf(fmt, ap);
	f->rule = check->rule;
	f->severity = sev;
	f->where = g_strdup(where);
	at.text = f->text;
	sl_locate(check->msg, where, excerpt, &at);
	f->line = at.line;
	f->column = at.column;
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
