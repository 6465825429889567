// SPDX-License-Identifier: GPL-2.0-only
/*
 * lint/util/rst.c: the sections of an RST text by their headings, and its
 * words without inline markup, as the citation test reads the documents.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "rst.h"

static const char doc[] =
	".. SPDX-License-Identifier: GPL-2.0\n"
	"\n"
	".. _securitybugs:\n"
	"\n"
	"Security bugs\n"
	"=============\n"
	"\n"
	"Intro with a :doc:`link to cve <cve>` and ``code``.\n"
	"\n"
	"Preparing your report\n"
	"---------------------\n"
	"\n"
	"  * **affected kernel version range**: with no version indication,\n"
	"    your report will not be processed.  Note that a time-dependent\n"
	"    version such as \"latest\n"
	"    mainline\" is *not* acceptable.\n"
	"\n"
	"Sub part\n"
	"~~~~~~~~\n"
	"\n"
	"Deep text, see `the site <https://example.org>`_ and\n"
	"the following format::\n"
	"\n"
	"  Assisted-by: AGENT\n"
	"\n"
	"..\n"
	"   a comment that no reader sees\n"
	"\n"
	"Sending the report\n"
	"------------------\n"
	"\n"
	"Please send **plain text** emails without attachments where\n"
	"possible.\n"
	"\n"
	"-----\n"
	"\n"
	"After a transition.\n";

static void test_plain(void **state)
{
	static const struct {
		const char *rst, *plain;
	} cases[] = {
		{ "a  **strong**\n  b", "a strong b" },
		{ "*emphasis* and 2*3*4", "emphasis and 2*3*4" },
		{ "``literal *x*``", "literal *x*" },
		{ ":doc:`the team <../process/cve>`", "the team" },
		{ ":ref:`securitybugs`", "securitybugs" },
		{ "`text <https://x.org>`_ and `y`__", "text and y" },
		{ "format::\n\n  code", "format: code" },
		{ "a ::\n\n  code", "a code" },
		{ "a\\*b \\ c", "a*b c" },
		{ "\"Do not Cc:\" both", "\"Do not Cc:\" both" },
		{ ".. a comment\n   more of it\n\ntext", "text" },
		{ ".. note:: Read\n   this.", "Read this." },
		{ "* bullet\n* two", "* bullet * two" },
		{ "**NOT** considered", "NOT considered" },
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *plain = sl_rst_plain(cases[i].rst);

		if (strcmp(plain, cases[i].plain))
			fail_msg("%s: \"%s\", not \"%s\"", cases[i].rst, plain,
				 cases[i].plain);
	}
}

static void test_sections(void **state)
{
	g_autoptr(GArray) s = sl_rst_sections(doc);
	static const struct {
		const char *title;
		guint level;
	} want[] = {
		{ "Security bugs", 1 },
		{ "Preparing your report", 2 },
		{ "Sub part", 3 },
		{ "Sending the report", 2 },
	};

	(void)state;
	assert_int_equal(s->len, G_N_ELEMENTS(want));
	for (guint i = 0; i < s->len; i++) {
		const struct sl_rst_section *x =
			&g_array_index(s, struct sl_rst_section, i);

		assert_string_equal(x->title, want[i].title);
		assert_int_equal(x->level, want[i].level);
	}
	/* The outer section holds the rest; a section ends at its sibling. */
	assert_int_equal(g_array_index(s, struct sl_rst_section, 0).end,
			 strlen(doc));
	assert_true(g_array_index(s, struct sl_rst_section, 1).end ==
		    g_array_index(s, struct sl_rst_section, 3).start);
	assert_true(g_array_index(s, struct sl_rst_section, 2).end ==
		    g_array_index(s, struct sl_rst_section, 3).start);
}

static void test_quotes(void **state)
{
	char *why = NULL;

	(void)state;
	/* Across lines, indentation and markup. */
	assert_true(sl_rst_quote_in_section(
		doc, "Preparing your report",
		"Note that a time-dependent version such as \"latest "
		"mainline\" is not acceptable.", NULL));
	/* A subsection is part of its section. */
	assert_true(sl_rst_quote_in_section(doc, "Preparing your report",
					    "Deep text, see the site and the "
					    "following format:", NULL));
	/* With an omission, in order. */
	assert_true(sl_rst_quote_in_section(
		doc, "Sending the report",
		"Please send plain text emails ... where possible.", NULL));
	assert_false(sl_rst_quote_in_section(
		doc, "Sending the report",
		"where possible ... Please send plain text", NULL));
	/* Under another heading: not proven. */
	assert_false(sl_rst_quote_in_section(doc, "Sending the report",
					     "is not acceptable", &why));
	assert_non_null(strstr(why, "not under \"Sending the report\""));
	g_free(why);
	assert_false(sl_rst_quote_in_section(doc, "Contact", "Please send",
					     &why));
	assert_string_equal(why, "no section \"Contact\"");
	g_free(why);
	/* A word changed. */
	assert_false(sl_rst_quote_in_section(doc, "Security bugs",
					     "is never acceptable", NULL));
	/* A comment is not text. */
	assert_false(sl_rst_quote_in(doc, "a comment that no reader sees"));
	assert_false(sl_rst_quote_in(doc, "securitybugs"));
	assert_true(sl_rst_quote_in(doc, "After a transition."));
	/* An empty quote proves nothing. */
	assert_false(sl_rst_quote_in(doc, " ... "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_quotes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
