// SPDX-License-Identifier: GPL-2.0-only
/*
 * Every citation proven against the text it cites: for every profile of
 * rules/profiles and every rule in force under it, what the rule cites
 * (the profile's [rule ID] source=, section=, quote=) is found, word for
 * word (white space and RST markup aside), in that profile's stored text
 * of the document (rules/texts/), under the cited heading.  No rule is
 * excepted.  A rule that cites no document (source=none) may only inform.
 * The words a note quotes are the profile's texts' too.  And the proof is
 * not vacuous: each quote with a word changed, and each quote under a
 * heading it is not under, fails.  A profile loaded to lint, read without
 * its citations' words, gives every key of every group as the whole
 * profile does (lint/engine/profile.c reads them when asked).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "citation.h"
#include "policy.h"
#include "rst.h"
#include "registry.h"
#include "rule.h"
#include "testlib.h"

static struct sl_policy *open_profile(const char *name)
{
	g_autoptr(GError) error = NULL;
	struct sl_policy *p = sl_policy_open(SECLINT_SOURCE_POLICY, name,
					     &error);

	if (!p)
		fail_msg("profile %s: %s", name, error->message);
	return p;
}

static gboolean in_force(const struct sl_policy *p, const struct sl_rule *r)
{
	return sl_policy_rule_severity(p, r, FALSE) != SL_SEV_OFF ||
	       sl_policy_rule_severity(p, r, TRUE) != SL_SEV_OFF;
}

/* Every rule in force under every profile cites, and each citation holds;
 * the failures are all listed before the test fails. */
static void test_every_citation(void **state)
{
	g_autoptr(GPtrArray) names = sl_test_profile_names();
	GString *failures = g_string_new(NULL);
	guint proven = 0;

	(void)state;
	for (guint n = 0; n < names->len; n++) {
		g_autoptr(sl_policy) p = open_profile(names->pdata[n]);
		g_autoptr(GError) error = NULL;
		g_autoptr(sl_texts) texts = sl_texts_open(p, &error);

		if (!texts)
			fail_msg("%s", error->message);
		for (size_t i = 0; i < sl_rules_count; i++) {
			const struct sl_rule *r = sl_rules[i];
			g_autoptr(GPtrArray) cites = NULL;

			if (!in_force(p, r))
				continue;
			cites = sl_texts_citations(texts, p, r, &error);
			if (!cites) {
				g_string_append_printf(failures, "%s: %s\n",
						       r->id, error->message);
				g_clear_error(&error);
				continue;
			}
			if (!cites->len)
				g_string_append_printf(
					failures, "%s under %s: in force, "
					"cites nothing\n", r->id, p->profile_name);
			for (guint c = 0; c < cites->len; c++) {
				const struct sl_citation *cite = cites->pdata[c];

				if (!strcmp(cite->document, SL_SOURCE_NONE) &&
				    (sl_policy_rule_severity(p, r, FALSE) >
					     SL_SEV_INFO ||
				     sl_policy_rule_severity(p, r, TRUE) >
					     SL_SEV_INFO))
					g_string_append_printf(
						failures, "%s under %s: cites "
						"no document, yet warns or "
						"blocks\n", r->id,
						p->profile_name);
				if (sl_citation_prove(texts, cite, &error)) {
					proven++;
					continue;
				}
				g_string_append_printf(failures,
						       "%s under %s: %s\n",
						       r->id, p->profile_name,
						       error->message);
				g_clear_error(&error);
			}
		}
	}
	if (failures->len)
		fail_msg("citations not proven:\n%s", failures->str);
	g_string_free(failures, TRUE);
	assert_true(proven > sl_rules_count);
}

/* The texts a profile names, read. */
static GPtrArray *profile_texts(const struct sl_policy *p)
{
	g_autofree char *base = g_path_get_dirname(p->path);
	g_auto(GStrv) docs = g_key_file_get_keys(sl_profile_keys(p), "documents", NULL,
						 NULL);
	GPtrArray *texts = g_ptr_array_new_with_free_func(g_free);

	for (char **d = docs; d && *d; d++) {
		g_autofree char *rel = sl_profile_get(p, "documents", *d);
		g_autofree char *path = g_build_filename(base, "texts", rel,
							 NULL);
		char *text = NULL;

		if (!g_file_get_contents(path, &text, NULL, NULL))
			fail_msg("%s: [documents] %s: cannot read %s",
				 p->profile_name, *d, path);
		g_ptr_array_add(texts, text);
	}
	return texts;
}

/* The passages of @s between double quotes. */
static GPtrArray *quoted(const char *s)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
	const char *open = NULL;

	for (const char *q = s; *q; q++)
		if (*q != '"')
			continue;
		else if (!open)
			open = q + 1;
		else {
			g_ptr_array_add(out, g_strndup(open, q - open));
			open = NULL;
		}
	if (open)
		fail_msg("an unbalanced quote in: %s", s);
	return out;
}

/* The keys of a profile that say what the documents say. */
static const char *const prose_keys[] = {
	"note", "fix-advice", "summary", "document", NULL
};

/* What a profile's own notes (and its other prose) quote is in the
 * texts of that profile. */
static void test_notes(void **state)
{
	g_autoptr(GPtrArray) names = sl_test_profile_names();
	g_autofree char *base = g_path_get_dirname(SECLINT_SOURCE_POLICY);
	GString *failures = g_string_new(NULL);

	(void)state;
	for (guint n = 0; n < names->len; n++) {
		g_autoptr(sl_policy) p = open_profile(names->pdata[n]);
		g_autoptr(GPtrArray) texts = profile_texts(p);
		g_autofree char *file = g_strconcat(names->pdata[n], ".conf",
						    NULL);
		g_autofree char *path = g_build_filename(base, "profiles",
							 file, NULL);
		g_autoptr(GKeyFile) own = g_key_file_new();
		g_auto(GStrv) groups = NULL;

		assert_true(g_key_file_load_from_file(own, path, 0, NULL));
		groups = g_key_file_get_groups(own, NULL);
		for (char **g = groups; *g; g++)
		for (const char *const *key = prose_keys; *key; key++) {
			g_autofree char *note = g_key_file_get_string(
				own, *g, *key, NULL);
			g_autoptr(GPtrArray) qs = NULL;

			if (!note)
				continue;
			qs = quoted(note);
			for (guint i = 0; i < qs->len; i++) {
				gboolean found = FALSE;

				for (guint t = 0; t < texts->len && !found; t++)
					found = sl_rst_quote_in(texts->pdata[t],
								qs->pdata[i]);
				if (!found)
					g_string_append_printf(
						failures, "%s [%s] %s: \"%s\" "
						"is in none of its texts\n",
						(char *)names->pdata[n], *g, *key,
						(char *)qs->pdata[i]);
			}
		}
	}
	if (failures->len)
		fail_msg("notes quote what the texts do not say:\n%s",
			 failures->str);
	g_string_free(failures, TRUE);
}

/* @quote with its longest word replaced. */
static char *with_a_word_changed(const char *quote)
{
	g_auto(GStrv) words = g_strsplit(quote, " ", -1);
	char **longest = words;

	for (char **w = words; *w; w++)
		if (strlen(*w) > strlen(*longest))
			longest = w;
	g_free(*longest);
	*longest = g_strdup("seclintplanted");
	return g_strjoinv(" ", words);
}

/* A wrong quote fails: a word changed, or another heading. */
static void test_planted(void **state)
{
	g_autoptr(GPtrArray) names = sl_test_profile_names();
	guint planted = 0, moved = 0;

	(void)state;
	for (guint n = 0; n < names->len; n++) {
		g_autoptr(sl_policy) p = open_profile(names->pdata[n]);
		g_autoptr(sl_texts) texts = sl_texts_open(p, NULL);

		assert_non_null(texts);
		for (size_t i = 0; i < sl_rules_count; i++) {
			g_autoptr(GPtrArray) cites = sl_texts_citations(
				texts, p, sl_rules[i], NULL);

			for (guint c = 0; cites && c < cites->len; c++) {
				struct sl_citation wrong = *(struct sl_citation *)
								   cites->pdata[c];
				g_autofree char *quote = NULL;
				g_autofree char *text = NULL;
				g_autofree char *path = NULL;
				g_autofree char *base = NULL;
				g_autoptr(GArray) sections = NULL;

				if (!wrong.quote)
					continue;
				quote = with_a_word_changed(wrong.quote);
				wrong.quote = quote;
				if (sl_citation_prove(texts, &wrong, NULL))
					fail_msg("%s under %s: \"%s\" proven",
						 sl_rules[i]->id, p->profile_name,
						 quote);
				planted++;
				/* The right words under a heading that
				 * does not hold them. */
				wrong.quote = ((struct sl_citation *)
					       cites->pdata[c])->quote;
				base = g_path_get_dirname(p->path);
				path = g_build_filename(base, "texts",
							wrong.path, NULL);
				assert_true(g_file_get_contents(path, &text,
								NULL, NULL));
				sections = sl_rst_sections(text);
				for (guint s = 0; s < sections->len; s++) {
					const struct sl_rst_section *sec =
						&g_array_index(sections,
							       struct sl_rst_section,
							       s);
					g_autofree char *body = g_strndup(
						text + sec->start,
						sec->end - sec->start);

					if (sl_rst_quote_in(body, wrong.quote))
						continue;
					wrong.section = sec->title;
					if (sl_citation_prove(texts, &wrong,
							      NULL))
						fail_msg("%s: proven under "
							 "\"%s\"",
							 sl_rules[i]->id,
							 sec->title);
					moved++;
					break;
				}
			}
		}
	}
	assert_true(planted > sl_rules_count);
	assert_true(moved > sl_rules_count / 2);
}

static void test_lean_profile(void **state)
{
	g_autoptr(GPtrArray) names = sl_test_profile_names();
	g_autofree char *base = g_path_get_dirname(SECLINT_SOURCE_POLICY);

	(void)state;
	for (guint n = 0; n < names->len; n++) {
		const char *name = names->pdata[n];
		g_autofree char *file = g_strconcat(name, ".conf", NULL);
		g_autofree char *path = g_build_filename(base, "profiles", file,
							 NULL);
		g_autoptr(GKeyFile) whole = sl_profile_read(path, NULL);
		struct sl_policy *p = sl_policy_open(SECLINT_SOURCE_POLICY, name,
						     NULL);
		g_auto(GStrv) groups = NULL;
		guint left_out = 0;

		assert_non_null(whole);
		assert_non_null(p);
		groups = g_key_file_get_groups(whole, NULL);
		for (char **g = groups; *g; g++) {
			g_auto(GStrv) keys = g_key_file_get_keys(whole, *g, NULL,
								 NULL);

			for (char **k = keys; k && *k; k++) {
				g_autofree char *want = g_key_file_get_string(
					whole, *g, *k, NULL);
				g_autofree char *got = sl_profile_get(p, *g, *k);

				left_out += !g_key_file_has_key(sl_profile_keys(p), *g,
								*k, NULL);
				if (g_strcmp0(want, got))
					fail_msg("profile %s [%s] %s: '%s' "
						 "loaded to lint, '%s' whole",
						 name, *g, *k, got, want);
			}
		}
		/* Not vacuous: the quotes were left out, and read when
		 * asked. */
		assert_true(left_out > 0);
		assert_non_null(p->cited);
		sl_policy_free(p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_citation),
		cmocka_unit_test(test_notes),
		cmocka_unit_test(test_planted),
		cmocka_unit_test(test_lean_profile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
