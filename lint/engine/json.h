/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pieces of JSON that the JSON document and SARIF both write
 * (lint/engine/json.c): strings, members, a rule's citations.
 */
#ifndef SECLINT_JSON_H
#define SECLINT_JSON_H

#include <glib.h>

#include "policy.h"

struct sl_rule;
struct sl_texts;

/* @s (NULL: "") as a JSON string, valid UTF-8, control characters
 * escaped. */
void sl_json_string(GString *out, const char *s);
/* "key":"value" (or null) */
void sl_json_member(GString *out, const char *key, const char *value);
/* Citations (of struct sl_citation: sl_texts_citations_or_names()), a
 * JSON array of objects (document, revision, date, section, quote) for
 * JSON and SARIF; NULL: an empty array. */
void sl_json_citations(GString *out, const GPtrArray *cites);

#endif
