/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_OUTPUT_H
#define SECLINT_OUTPUT_H

#include <stdio.h>

#include "message.h"
#include "policy.h"
#include "rule.h"
#include "severity.h"

enum sl_format {
	SL_FORMAT_TEXT,
	SL_FORMAT_JSON,
	SL_FORMAT_SARIF,
};

struct sl_output {
	enum sl_format format;
	gboolean color;
	FILE *out;
	gboolean json_open;	/* the JSON document's head is written */
	gboolean json_any;	/* a JSON finding is written */
	GString *json_errors;	/* input errors array, written at the end */
	unsigned counts[SL_SEV_ERROR + 1];
	unsigned input_errors;
	const struct sl_policy *policy;	/* the profile, for JSON and SARIF */
	/* JSON: each rule's citations under the profile, by rule index
	 * (sl_json_citations()); a part borrows its main output's. */
	GPtrArray *sources;
	gboolean owns_sources;
};

void sl_output_init(struct sl_output *o, enum sl_format format,
		    gboolean color, FILE *out);
/* The rules and profile in force: JSON names the profile, SARIF lists the
 * rules with their level under it. */
void sl_output_set_policy(struct sl_output *o, const struct sl_policy *policy);
void sl_output_message(struct sl_output *o, const char *file,
		       gboolean is_mbox, const struct sl_message *msg,
		       const GPtrArray *findings);
/*
 * Output formatted elsewhere (another thread), into @out: @part formats
 * like @main; sl_output_merge() appends its text and counts to @main.
 */
void sl_output_init_part(struct sl_output *part,
			 const struct sl_output *main, FILE *out);
void sl_output_merge(struct sl_output *main, const struct sl_output *part,
		     const char *text, size_t len);
void sl_output_input_error(struct sl_output *o, const char *file,
			   const GError *error);
void sl_output_finish(struct sl_output *o);
int sl_output_exit_code(const struct sl_output *o);

/* Valid UTF-8 with control characters replaced, safe for a terminal. */
char *sl_sanitise(const char *s);
/* How an input is named in the output: "-" is "<stdin>". */
const char *sl_output_file_name(const char *file);

#endif
