// SPDX-License-Identifier: GPL-2.0-only
/*
 * Typed parameters (param.h): a value written in a profile or policy.conf
 * read by its declared type, and the getters a rule's check calls.
 */
#include <string.h>

#include "errors.h"
#include "fixer.h"
#include "param.h"
#include "rule.h"
#include "severity.h"

static const char *const type_names[] = {
	[SL_PARAM_INT] = "int",
	[SL_PARAM_FLAG] = "flag",
	[SL_PARAM_DURATION] = "duration",
	[SL_PARAM_STRING] = "string",
	[SL_PARAM_LIST] = "list",
	[SL_PARAM_LEVEL] = "level",
};

const char *sl_param_type_name(enum sl_param_type type)
{
	return (size_t)type < G_N_ELEMENTS(type_names) ? type_names[type]
						       : "unknown";
}

static const char *unit_name(GTimeSpan unit)
{
	return unit == G_TIME_SPAN_HOUR ? "hours" : "days";
}

gboolean sl_param_check(const struct sl_param *p)
{
	if ((size_t)p->type >= G_N_ELEMENTS(type_names))
		return FALSE;
	if (p->type == SL_PARAM_DURATION)
		return p->unit == G_TIME_SPAN_DAY || p->unit == G_TIME_SPAN_HOUR;
	if (p->unit)
		return FALSE;
	return !p->optional || p->type == SL_PARAM_STRING ||
	       p->type == SL_PARAM_LIST || p->type == SL_PARAM_LEVEL;
}

void sl_value_clear(struct sl_value *v)
{
	g_free(v->text);
	g_strfreev(v->list);
	memset(v, 0, sizeof(*v));
}

gboolean sl_value_parse(const struct sl_param *p, const char *text,
			struct sl_value *out, GError **error)
{
	gint64 n = 0;
	gint64 max = G_MAXINT;
	const char *wants = NULL;

	memset(out, 0, sizeof(*out));
	switch (p->type) {
	case SL_PARAM_FLAG:
		max = 1;
		/* fall through */
	case SL_PARAM_INT:
	case SL_PARAM_DURATION:
		if (!g_ascii_string_to_signed(text, 10,
					      p->type == SL_PARAM_INT
						      ? G_MININT : 0,
					      max, &n, NULL))
			wants = p->type == SL_PARAM_FLAG ? "is no flag (0 or 1)"
				: p->type == SL_PARAM_INT ? "is no integer"
				: "is no integer (of days or hours, at least 0)";
		out->number = p->type == SL_PARAM_DURATION ? n * p->unit : n;
		break;
	case SL_PARAM_LEVEL:
		if (!sl_severity_parse(text, &out->level))
			wants = "is no level (off, info, warning, error)";
		break;
	case SL_PARAM_LIST:
		out->list = g_strsplit_set(text, " \t,", -1);
		{
			char **w = out->list;
			char **to = out->list;

			for (; *w; w++)
				if (**w)
					*to++ = *w;
				else
					g_free(*w);
			*to = NULL;
		}
		break;
	case SL_PARAM_STRING:
		break;
	}
	if (wants) {
		sl_value_clear(out);
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY, "%s",
			    wants);
		return FALSE;
	}
	out->set = TRUE;
	out->text = g_strdup(text);
	return TRUE;
}

char *sl_value_show(const struct sl_param *p, const struct sl_value *v)
{
	if (p->type == SL_PARAM_DURATION)
		return g_strdup_printf("%" G_GINT64_FORMAT " %s",
				       v->number / p->unit, unit_name(p->unit));
	return g_strdup(v->text);
}

char *sl_rule_text(const struct sl_rule *r, const struct sl_value *values,
		   const char *text)
{
	GString *out;
	const char *p = text;
	const char *open;

	if (!strchr(text, '{'))
		return g_strdup(text);
	out = g_string_sized_new(strlen(text) + 16);
	while ((open = strchr(p, '{'))) {
		const char *close = strchr(open, '}');
		const struct sl_value *v = NULL;
		const struct sl_param *d = NULL;

		g_string_append_len(out, p, open - p);
		for (size_t k = 0; close && values && r->params &&
				   r->params[k].key; k++)
			if (strlen(r->params[k].key) == (size_t)(close - open - 1) &&
			    !strncmp(r->params[k].key, open + 1,
				     close - open - 1)) {
				d = &r->params[k];
				v = &values[k];
			}
		if (!v || !v->set) {
			g_string_append_c(out, '{');
			p = open + 1;
			continue;
		}
		if (d->type == SL_PARAM_DURATION)
			g_string_append_printf(out, "%" G_GINT64_FORMAT,
					       v->number / d->unit);
		else
			g_string_append(out, v->text);
		p = close + 1;
	}
	g_string_append(out, p);
	return g_string_free(out, FALSE);
}

const struct sl_value *sl_param_value(const struct sl_param *params,
				      const struct sl_value *values,
				      const char *key, enum sl_param_type type,
				      const char *rule_id)
{
	for (size_t k = 0; params && params[k].key; k++) {
		if (strcmp(params[k].key, key))
			continue;
		if (params[k].type != type)
			g_error("rule %s reads parameter %s as a %s, but "
				"declares it a %s", rule_id, key,
				sl_param_type_name(type),
				sl_param_type_name(params[k].type));
		if (!values)
			break;
		return &values[k];
	}
	g_error("rule %s reads parameter %s that it does not declare, or "
		"that the policy load did not read", rule_id, key);
}

static const struct sl_value *get(const struct sl_check *c, const char *key,
				  enum sl_param_type type)
{
	return sl_param_value(c->rule->params, c->params, key, type,
			      c->rule->id);
}

int sl_param_int(const struct sl_check *c, const char *key)
{
	return (int)get(c, key, SL_PARAM_INT)->number;
}

gboolean sl_param_flag(const struct sl_check *c, const char *key)
{
	return get(c, key, SL_PARAM_FLAG)->number != 0;
}

GTimeSpan sl_param_duration(const struct sl_check *c, const char *key)
{
	return get(c, key, SL_PARAM_DURATION)->number;
}

int sl_param_days(const struct sl_check *c, const char *key)
{
	return (int)(sl_param_duration(c, key) / G_TIME_SPAN_DAY);
}

int sl_param_hours(const struct sl_check *c, const char *key)
{
	return (int)(sl_param_duration(c, key) / G_TIME_SPAN_HOUR);
}

const char *sl_param_string(const struct sl_check *c, const char *key)
{
	return get(c, key, SL_PARAM_STRING)->text;
}

const char *const *sl_param_list(const struct sl_check *c, const char *key)
{
	return (const char *const *)get(c, key, SL_PARAM_LIST)->list;
}

const char *sl_fix_param_string(const struct sl_fixing *fx, const char *key)
{
	const struct sl_rule *r = fx->finding->rule;

	return sl_param_value(r->params, fx->params, key, SL_PARAM_STRING,
			      r->id)->text;
}

enum sl_severity sl_param_level(const struct sl_check *c, const char *key)
{
	const struct sl_value *v = get(c, key, SL_PARAM_LEVEL);

	return v->set ? v->level : SL_SEV_OFF;
}
