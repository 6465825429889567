// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON pieces for the JSON document (lint/engine/output.c) and SARIF
 * (lint/engine/sarif.c): strings, members and a rule's citations, below
 * both so that neither borrows from the other.
 */
#include "citation.h"
#include "json.h"
#include "policy.h"
#include "rule.h"

void sl_json_string(GString *out, const char *s)
{
	g_autofree char *valid = g_utf8_make_valid(s ? s : "", -1);

	g_string_append_c(out, '"');
	for (const unsigned char *p = (const unsigned char *)valid; *p; p++) {
		if (*p == '"' || *p == '\\')
			g_string_append_printf(out, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			g_string_append_printf(out, "\\u%04x", *p);
		else
			g_string_append_c(out, (char)*p);
	}
	g_string_append_c(out, '"');
}

void sl_json_member(GString *out, const char *key, const char *value)
{
	g_string_append_printf(out, "\"%s\":", key);
	if (value)
		sl_json_string(out, value);
	else
		g_string_append(out, "null");
}

void sl_json_citations(GString *out, const GPtrArray *cites)
{
	g_string_append_c(out, '[');
	for (guint i = 0; cites && i < cites->len; i++) {
		const struct sl_citation *c = cites->pdata[i];
		const char *const members[][2] = {
			{ "document", c->title ? c->title : c->document },
			{ "revision", c->revision },
			{ "date", c->date },
			{ "section", c->section },
			{ "quote", c->quote },
		};

		g_string_append(out, i ? ",{" : "{");
		for (size_t k = 0; k < G_N_ELEMENTS(members); k++) {
			if (k)
				g_string_append_c(out, ',');
			sl_json_member(out, members[k][0], members[k][1]);
		}
		g_string_append_c(out, '}');
	}
	g_string_append_c(out, ']');
}
