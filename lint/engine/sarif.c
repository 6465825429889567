// SPDX-License-Identifier: GPL-2.0-only
/*
 * SARIF 2.1.0 (OASIS), for code-scanning tools: one run whose driver lists
 * every rule of the registry (so ruleIndex is the same under every
 * profile; a rule the profile leaves off is "enabled": false), results
 * with their physical location, and one invocation that says whether
 * every input could be checked.  Validated against the OASIS schema by
 * tests/sarif.sh.
 */
#include <string.h>

#include "citation.h"
#include "json.h"
#include "message.h"
#include "policy.h"
#include "registry.h"
#include "rule.h"
#include "sarif.h"
#include "severity.h"

/* The rules are documented in the man page, section RULES. */
#define SL_SARIF_HELP_URI "man:seclint(1)"

static const char *const sarif_level[] = {
	[SL_SEV_OFF] = "none",
	[SL_SEV_INFO] = "note",
	[SL_SEV_WARNING] = "warning",
	[SL_SEV_ERROR] = "error",
};

/* "key":{"text":"..."} */
static void text_object(GString *out, const char *key, const char *text)
{
	g_string_append_printf(out, "\"%s\":{\"text\":", key);
	sl_json_string(out, text);
	g_string_append_c(out, '}');
}

/* "Documentation/process/security-bugs.rst at ... (...), "Section": "quote"" */
static char *sources_text(const GPtrArray *cites, gboolean markdown)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; cites && i < cites->len; i++) {
		const struct sl_citation *c = cites->pdata[i];
		g_autofree char *line = sl_citation_line(c);

		g_string_append_printf(out, "\n\n%s %s", markdown
				       ? "**Source:**" : "Source:", line);
		if (c->quote)
			g_string_append_printf(out, markdown ? ":\n\n> %s"
						       : ": \"%s\"", c->quote);
	}
	return g_string_free(out, FALSE);
}

static void rule_help(GString *out, const GPtrArray *cites,
		      const struct sl_rule *r, const char *summary,
		      const char *help)
{
	g_autofree char *src = sources_text(cites, FALSE);
	g_autofree char *msrc = sources_text(cites, TRUE);
	g_autofree char *text = g_strdup_printf(
		"%s\n\nHow to fix: %s%s\n\nMore: seclint --explain %s",
		summary, help, src, r->id);
	g_autofree char *markdown = g_strdup_printf(
		"%s\n\n**How to fix:** %s%s\n\nMore: `seclint --explain %s`",
		summary, help, msrc, r->id);

	g_string_append(out, "\"help\":{\"text\":");
	sl_json_string(out, text);
	g_string_append(out, ",\"markdown\":");
	sl_json_string(out, markdown);
	g_string_append_c(out, '}');
}

static void rule_descriptor(GString *out, sl_texts *texts,
			    const struct sl_policy *policy,
			    const struct sl_rule *r)
{
	enum sl_severity sev = policy ? sl_policy_severity(policy, r->id)
				      : SL_SEV_OFF;
	/* What the rule cites under the profile: its help and its
	 * properties say it. */
	g_autoptr(GPtrArray) cites = policy ? sl_texts_citations_or_names(
		texts, policy, r) : NULL;
	g_autofree char *summary = sl_policy_rule_text(policy, r, r->summary);
	g_autofree char *help = sl_policy_rule_text(policy, r, r->help);

	g_string_append(out, "{");
	sl_json_member(out, "id", r->id);
	g_string_append_c(out, ',');
	text_object(out, "shortDescription", summary);
	g_string_append_c(out, ',');
	text_object(out, "fullDescription", r->rationale);
	g_string_append_c(out, ',');
	rule_help(out, cites, r, summary, help);
	g_string_append(out, ",\"helpUri\":\"" SL_SARIF_HELP_URI "\"");
	if (sev == SL_SEV_OFF)
		g_string_append(out, ",\"defaultConfiguration\":"
				     "{\"enabled\":false}");
	else
		g_string_append_printf(out, ",\"defaultConfiguration\":"
				       "{\"enabled\":true,\"level\":\"%s\"}",
				       sarif_level[sev]);
	g_string_append(out, ",\"properties\":{\"tags\":[\"security\"]");
	if (policy) {
		g_string_append(out, ",\"sources\":");
		sl_json_citations(out, cites);
	}
	g_string_append(out, "}}");
}

void sl_sarif_open(FILE *out, const struct sl_policy *policy)
{
	g_autoptr(GString) j = g_string_new(NULL);
	g_autoptr(sl_texts) texts = policy ? sl_texts_open(policy, NULL)
					   : NULL;

	g_string_append(j,
		"{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
		"  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
		"      \"tool\": {\"driver\": {\"name\": \"seclint\", "
		"\"version\": \"" SECLINT_VERSION "\", "
		"\"semanticVersion\": \"" SECLINT_VERSION "\", "
		"\"informationUri\": \"" SL_SARIF_HELP_URI "\",\n"
		"        \"rules\": [");
	for (size_t i = 0; i < sl_rules_count; i++) {
		g_string_append(j, i ? ",\n          " : "\n          ");
		rule_descriptor(j, texts, policy, sl_rules[i]);
	}
	g_string_append(j, "\n        ]}},\n");
	if (policy && policy->profile_name) {
		g_string_append(j, "      \"properties\": {\"profile\": ");
		sl_json_string(j, policy->profile_name);
		g_string_append(j, "},\n");
	}
	g_string_append(j, "      \"columnKind\": \"unicodeCodePoints\",\n"
			   "      \"results\": [");
	fwrite(j->str, 1, j->len, out);
}

/* A relative path is a relative URI reference; an absolute one a file:
 * URI; standard input and pseudo-files ("(git index)") have none. */
static char *artifact_uri(const char *file)
{
	if (!strcmp(file, "-") || *file == '(')
		return NULL;
	if (g_path_is_absolute(file))
		return g_filename_to_uri(file, NULL, NULL);
	return g_uri_escape_string(file, "/", FALSE);
}

static void artifact_location(GString *out, const char *file)
{
	g_autofree char *uri = artifact_uri(file);

	g_string_append(out, "\"artifactLocation\":{");
	if (uri)
		sl_json_member(out, "uri", uri);
	else
		text_object(out, "description", strcmp(file, "-")
						? file : "standard input");
	g_string_append_c(out, '}');
}

static int rule_index(const struct sl_rule *rule)
{
	for (size_t i = 0; i < sl_rules_count; i++)
		if (sl_rules[i] == rule)
			return (int)i;
	return -1;
}

/* Stable across edits that move lines: the rule, the message, the text. */
static void fingerprint(GString *out, const struct sl_message *msg,
			const struct sl_finding *f)
{
	g_autofree char *key = g_strdup_printf("%s\n%s\n%s\n%s", f->rule->id,
		f->where ? f->where : "", msg->message_id ? msg->message_id : "",
		f->text);
	g_autofree char *valid = g_utf8_make_valid(key, -1);
	g_autofree char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256,
							     valid, -1);

	g_string_append_printf(out, ",\"partialFingerprints\":"
			       "{\"seclintFinding/v1\":\"%s\"}", sum);
}

static void result_properties(GString *out, const struct sl_message *msg,
			      const struct sl_finding *f)
{
	g_string_append_printf(out, ",\"properties\":{\"message\":%u,",
			       msg->index);
	sl_json_member(out, "messageId", msg->message_id);
	g_string_append_c(out, ',');
	sl_json_member(out, "subject", msg->subject);
	g_string_append_c(out, ',');
	sl_json_member(out, "where", f->where);
	g_string_append_c(out, '}');
}

void sl_sarif_result(GString *out, const char *file,
		     const struct sl_message *msg, const struct sl_finding *f)
{
	g_string_append(out, "{");
	sl_json_member(out, "ruleId", f->rule->id);
	g_string_append_printf(out, ",\"ruleIndex\":%d,\"level\":\"%s\",",
			       rule_index(f->rule), sarif_level[f->severity]);
	text_object(out, "message", f->text);
	g_string_append(out, ",\"locations\":[{\"physicalLocation\":{");
	artifact_location(out, file);
	if (f->line) {
		g_string_append_printf(out, ",\"region\":{\"startLine\":%u",
				       f->line);
		if (f->column)
			g_string_append_printf(out, ",\"startColumn\":%u",
					       f->column);
		g_string_append_c(out, '}');
	}
	g_string_append(out, "}}]");
	fingerprint(out, msg, f);
	result_properties(out, msg, f);
	g_string_append_c(out, '}');
}

void sl_sarif_input_error(GString *out, const char *file, const char *name,
			  const char *reason)
{
	g_autofree char *text = g_strdup_printf("cannot check '%s': %s", name,
						reason);

	g_string_append(out, out->len ? ",\n          {" : "\n          {");
	g_string_append(out, "\"level\":\"error\",");
	text_object(out, "message", text);
	g_string_append(out, ",\"locations\":[{\"physicalLocation\":{");
	artifact_location(out, file);
	g_string_append(out, "}}]}");
}

void sl_sarif_close(FILE *out, const GString *input_errors, gboolean ok,
		    int exit_code)
{
	fprintf(out,
		"\n      ],\n"
		"      \"invocations\": [{\"executionSuccessful\": %s, "
		"\"exitCode\": %d,\n"
		"        \"toolExecutionNotifications\": [%s\n        ]}]\n"
		"    }\n  ]\n}\n", ok ? "true" : "false", exit_code,
		input_errors->str);
}
