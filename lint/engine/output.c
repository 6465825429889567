// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reporting findings: gcc-style text for people and editors
 * (FILE:LINE:COLUMN: error: TEXT [rule-id]), one JSON document for tools
 * (doc/seclint-json.schema.json), SARIF 2.1.0 (lint/engine/sarif.c), and the exit
 * code (0 clean, 1 error findings, 2 an input could not be checked).
 * JSON and SARIF are streamed: a finding is written when its message is
 * done, so memory does not grow with the input.
 */
#include <string.h>

#include "citation.h"
#include "json.h"
#include "message.h"
#include "output.h"
#include "policy.h"
#include "registry.h"
#include "rule.h"
#include "sarif.h"
#include "severity.h"

static const char *const text_level[] = {
	[SL_SEV_INFO] = "note",
	[SL_SEV_WARNING] = "warning",
	[SL_SEV_ERROR] = "error",
};

static const char *const level_color[] = {
	[SL_SEV_INFO] = "\033[1;36m",
	[SL_SEV_WARNING] = "\033[1;35m",
	[SL_SEV_ERROR] = "\033[1;31m",
};

void sl_output_init(struct sl_output *o, enum sl_format format,
		    gboolean color, FILE *out)
{
	memset(o, 0, sizeof(*o));
	o->format = format;
	o->color = color;
	o->out = out;
	o->json_errors = g_string_new(NULL);
}

void sl_output_set_policy(struct sl_output *o, const struct sl_policy *policy)
{
	g_autoptr(sl_texts) texts = NULL;

	o->policy = policy;
	if (o->format != SL_FORMAT_JSON || o->sources)
		return;
	/* Each rule's citations, written into every finding of the rule. */
	texts = sl_texts_open(policy, NULL);
	o->sources = g_ptr_array_new_with_free_func(g_free);
	for (size_t i = 0; i < sl_rules_count; i++) {
		GString *j = g_string_new(NULL);
		g_autoptr(GPtrArray) cites = sl_texts_citations_or_names(
			texts, policy, sl_rules[i]);

		sl_json_citations(j, cites);
		g_ptr_array_add(o->sources, g_string_free(j, FALSE));
	}
	o->owns_sources = TRUE;
}

void sl_output_init_part(struct sl_output *part,
			 const struct sl_output *main, FILE *out)
{
	sl_output_init(part, main->format, main->color, out);
	part->sources = main->sources;
	part->policy = main->policy;	/* its values in the rules' help */
	/* Every finding of a part is written as a continuation. */
	part->json_open = part->json_any = TRUE;
}

static gboolean is_json_like(const struct sl_output *o)
{
	return o->format == SL_FORMAT_JSON || o->format == SL_FORMAT_SARIF;
}

/* Findings are streamed: the document's head goes before the first. */
static void json_open(struct sl_output *o)
{
	g_autoptr(GString) profile = NULL;

	if (o->json_open)
		return;
	o->json_open = TRUE;
	if (o->format == SL_FORMAT_SARIF) {
		sl_sarif_open(o->out, o->policy);
		return;
	}
	profile = g_string_new(NULL);
	sl_json_string(profile, o->policy ? o->policy->profile_name : NULL);
	fprintf(o->out,
		"{\n  \"version\": 1,\n  \"tool\": {\"name\": \"seclint\", "
		"\"version\": \"%s\"},\n  \"profile\": %s,\n"
		"  \"findings\": [", SECLINT_VERSION,
		o->policy ? profile->str : "null");
}

const char *sl_output_file_name(const char *file)
{
	return strcmp(file, "-") ? file : "<stdin>";
}

void sl_output_merge(struct sl_output *main, const struct sl_output *part,
		     const char *text, size_t len)
{
	for (size_t i = 0; i < G_N_ELEMENTS(main->counts); i++)
		main->counts[i] += part->counts[i];
	if (is_json_like(main) && len) {
		json_open(main);
		if (!main->json_any) {
			text++;	/* the ',' of a continuation */
			len--;
		}
		main->json_any = TRUE;
	}
	fwrite(text, 1, len, main->out);
}

char *sl_sanitise(const char *s)
{
	char *valid = g_utf8_make_valid(s ? s : "", -1);

	for (char *p = valid; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	return valid;
}

/* Before the findings of one message of an mbox: which message, as gcc
 * says "In function" (no line, so editors do not take it for a finding). */
static void text_message_context(struct sl_output *o, const char *file,
				 const struct sl_message *msg)
{
	g_autofree char *id = sl_sanitise(msg->message_id ? msg->message_id
							   : "(no Message-ID)");
	g_autofree char *subject = sl_sanitise(msg->subject ? msg->subject
							    : "(no Subject)");

	fprintf(o->out, "%s: In message %u <%s> \"%s\", line %u:\n", file,
		msg->index, id, subject, msg->line);
}

static void text_finding(struct sl_output *o, const char *file,
			 const struct sl_finding *f)
{
	g_autofree char *text = sl_sanitise(f->text);
	const char *on = o->color ? level_color[f->severity] : "";
	const char *off = o->color ? "\033[0m" : "";
	g_autofree char *help = sl_policy_rule_text(o->policy, f->rule,
						    f->rule->help);

	fprintf(o->out, "%s", file);
	if (f->line)
		fprintf(o->out, ":%u", f->line);
	if (f->line && f->column)
		fprintf(o->out, ":%u", f->column);
	fprintf(o->out, ": %s%s:%s %s [%s]\n", on, text_level[f->severity],
		off, text, f->rule->id);
	fprintf(o->out, "    fix: %s\n", help);
}

static void json_number(GString *out, const char *key, unsigned n)
{
	if (n)
		g_string_append_printf(out, ",\"%s\":%u", key, n);
	else
		g_string_append_printf(out, ",\"%s\":null", key);
}

static void json_finding(struct sl_output *o, const char *file,
			 const struct sl_message *msg,
			 const struct sl_finding *f)
{
	g_autofree char *summary = sl_policy_rule_text(o->policy, f->rule,
						       f->rule->summary);
	g_autofree char *help = sl_policy_rule_text(o->policy, f->rule,
						    f->rule->help);
	const char *const members[][2] = {
		{ "message_id", msg->message_id },
		{ "subject", msg->subject },
		{ "rule", f->rule->id },
		{ "severity", sl_severity_name(f->severity) },
		{ "summary", summary },
		{ "text", f->text },
		{ "where", f->where },
		{ "help", help },
	};
	g_autoptr(GString) j = g_string_new(o->json_any ? ",\n    {"
							: "\n    {");

	sl_json_member(j, "file", file);
	g_string_append_printf(j, ",\"message\":%u", msg->index);
	for (size_t i = 0; i < G_N_ELEMENTS(members); i++) {
		g_string_append_c(j, ',');
		sl_json_member(j, members[i][0], members[i][1]);
	}
	json_number(j, "line", f->line);
	json_number(j, "column", f->column);
	if (o->sources) {
		gssize i = sl_rule_index(f->rule->id);

		g_string_append(j, ",\"sources\":");
		g_string_append(j, i >= 0 ? (const char *)o->sources->pdata[i]
					  : "[]");
	}
	g_string_append_c(j, '}');
	json_open(o);
	fwrite(j->str, 1, j->len, o->out);
	o->json_any = TRUE;
}

static void sarif_finding(struct sl_output *o, const char *file,
			  const struct sl_message *msg,
			  const struct sl_finding *f)
{
	g_autoptr(GString) j = g_string_new(o->json_any ? ",\n        "
							: "\n        ");

	sl_sarif_result(j, file, msg, f);
	json_open(o);
	fwrite(j->str, 1, j->len, o->out);
	o->json_any = TRUE;
}

void sl_output_message(struct sl_output *o, const char *file,
		       gboolean is_mbox, const struct sl_message *msg,
		       const GPtrArray *findings)
{
	const char *name = sl_output_file_name(file);
	g_autofree char *safe_file = sl_sanitise(name);

	if (o->format == SL_FORMAT_TEXT && is_mbox && findings->len)
		text_message_context(o, safe_file, msg);
	for (guint i = 0; i < findings->len; i++) {
		const struct sl_finding *f = findings->pdata[i];

		o->counts[f->severity]++;
		if (o->format == SL_FORMAT_TEXT)
			text_finding(o, safe_file, f);
		else if (o->format == SL_FORMAT_SARIF)
			sarif_finding(o, file, msg, f);
		else
			json_finding(o, name, msg, f);
	}
}

void sl_output_input_error(struct sl_output *o, const char *file,
			   const GError *error)
{
	g_autofree char *safe_file = sl_sanitise(sl_output_file_name(file));
	g_autofree char *reason = sl_sanitise(error->message);
	GString *j = o->json_errors;

	o->input_errors++;
	fprintf(stderr, "seclint: cannot check '%s': %s\n", safe_file, reason);
	if (o->format == SL_FORMAT_SARIF) {
		sl_sarif_input_error(j, file, sl_output_file_name(file),
				     error->message);
		return;
	}
	if (o->format != SL_FORMAT_JSON)
		return;
	file = sl_output_file_name(file);
	g_string_append(j, j->len ? ",\n    {" : "\n    {");
	sl_json_member(j, "file", file);
	g_string_append_c(j, ',');
	sl_json_member(j, "reason", error->message);
	g_string_append_c(j, '}');
}

void sl_output_finish(struct sl_output *o)
{
	if (o->format == SL_FORMAT_SARIF) {
		json_open(o);
		sl_sarif_close(o->out, o->json_errors, o->input_errors == 0,
			       sl_output_exit_code(o));
	} else if (o->format == SL_FORMAT_JSON) {
		json_open(o);
		fprintf(o->out,
			"\n  ],\n"
			"  \"input_errors\": [%s\n  ],\n"
			"  \"counts\": {\"error\": %u, \"warning\": %u, "
			"\"info\": %u, \"input_error\": %u}\n}\n",
			o->json_errors->str,
			o->counts[SL_SEV_ERROR], o->counts[SL_SEV_WARNING],
			o->counts[SL_SEV_INFO], o->input_errors);
	}
	g_string_free(o->json_errors, TRUE);
	o->json_errors = NULL;
	if (o->owns_sources)
		g_ptr_array_unref(o->sources);
	o->sources = NULL;
	fflush(o->out);
}

int sl_output_exit_code(const struct sl_output *o)
{
	if (o->input_errors)
		return 2;
	return o->counts[SL_SEV_ERROR] ? 1 : 0;
}
