/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A rule's parameters: values of the policy a rule reads rather than
 * writes in C.  The rule declares each (struct sl_param, in its .params)
 * with a type; the profile or policy.conf gives the value, which is
 * checked by type when the policy loads (a bad one: the profile does not
 * load, naming the file and the key); the check reads it with the getter
 * of that type.  --explain shows each with its type and its value.
 */
#ifndef SECLINT_PARAM_H
#define SECLINT_PARAM_H

#include <glib.h>

#include "severity.h"

struct sl_check;

enum sl_param_type {
	SL_PARAM_INT,		/* a decimal integer: sl_param_int() */
	SL_PARAM_FLAG,		/* 0 or 1: sl_param_flag() */
	SL_PARAM_DURATION,	/* a whole number of .unit: sl_param_duration() */
	SL_PARAM_STRING,	/* text, as written: sl_param_string() */
	SL_PARAM_LIST,		/* words, at spaces or commas: sl_param_list() */
	SL_PARAM_LEVEL,		/* off, info, warning or error: sl_param_level() */
};

/*
 * A value a rule reads: from the rule's [rule ID] group in the profile,
 * or with .role from policy.conf's [role ROLE] group, a limit of every
 * list with that role, written once.  Each is required unless .optional:
 * a profile or policy that puts the rule in force without it does not
 * load.
 */
struct sl_param {
	const char *key;
	const char *role;	/* NULL: the rule's profile group */
	const char *doc;	/* one line, shown by --explain */
	enum sl_param_type type;	/* 0: an integer */
	/* SL_PARAM_DURATION: what the number written counts,
	 * G_TIME_SPAN_DAY or G_TIME_SPAN_HOUR. */
	GTimeSpan unit;
	/* Absent is allowed: the getter returns NULL (a string or a list)
	 * or SL_SEV_OFF (a level).  Numbers are never optional. */
	gboolean optional;
};

/* A parameter's value in force, as the policy load read it. */
struct sl_value {
	gboolean set;		/* FALSE: an optional one, absent */
	gint64 number;		/* int, flag; a duration in microseconds */
	enum sl_severity level;
	char *text;		/* as written, for every type; NULL if unset */
	char **list;		/* SL_PARAM_LIST */
};

/*
 * The value of the checking rule's parameter @key, which it declares in
 * its .params with the getter's type: asking for one it does not
 * declare, or with another type, is a programming error (an abort that
 * names the rule and the key; tests/test_registry.c runs every rule's
 * declarations through sl_param_check()).
 */
int sl_param_int(const struct sl_check *check, const char *key);
gboolean sl_param_flag(const struct sl_check *check, const char *key);
GTimeSpan sl_param_duration(const struct sl_check *check, const char *key);
/* A duration in whole days or hours (rounded down). */
int sl_param_days(const struct sl_check *check, const char *key);
int sl_param_hours(const struct sl_check *check, const char *key);
const char *sl_param_string(const struct sl_check *check, const char *key);
const char *const *sl_param_list(const struct sl_check *check,
				 const char *key);
enum sl_severity sl_param_level(const struct sl_check *check,
				const char *key);

/* The same of @values, the values in force of @params. */
const struct sl_value *sl_param_value(const struct sl_param *params,
				      const struct sl_value *values,
				      const char *key, enum sl_param_type type,
				      const char *rule_id);

/*
 * @text, the value written for @p, into @out (cleared with
 * sl_value_clear()); FALSE with @error saying what @p takes.
 */
gboolean sl_value_parse(const struct sl_param *p, const char *text,
			struct sl_value *out, GError **error);
void sl_value_clear(struct sl_value *v);
/* The type's name, for --explain and errors: "int", "duration", ... */
const char *sl_param_type_name(enum sl_param_type type);
/* @v as --explain shows it: "14 days", "warning", the text. */
char *sl_value_show(const struct sl_param *p, const struct sl_value *v);
/*
 * @text (a rule's .summary or .help) with each {KEY} of one of @r's
 * parameters written as its value in @values (NULL: none read): a
 * number as written (a duration in its unit: "{max-days} days"), text
 * as it is.  A placeholder without a value stays as written.
 */
struct sl_rule;
char *sl_rule_text(const struct sl_rule *r, const struct sl_value *values,
		   const char *text);
/* Is @p's declaration whole (a known type, a unit for a duration, no
 * optional number)?  For the registry test. */
gboolean sl_param_check(const struct sl_param *p);

#endif
