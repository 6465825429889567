// SPDX-License-Identifier: GPL-2.0-only
/*
 * Citations: what a rule cites under a profile, and the proof that the
 * cited words are in the cited text.  Only --explain, --list-profiles,
 * JSON and SARIF read them: the stored texts are not opened to lint.
 */
#include <string.h>

#include "citation.h"
#include "errors.h"
#include "rst.h"
#include "rule.h"

#define INDEX_NAME "INDEX"

/* A line of the texts' INDEX: PATH, TITLE, REVISION, DATE. */
struct text_entry {
	char *title, *revision, *date;
};

struct sl_texts {
	char *dir;
	GHashTable *index;	/* path -> struct text_entry */
	GHashTable *contents;	/* path -> its text, read on first proof */
	gboolean have_index;	/* FALSE: no texts installed */
};

static void text_entry_free(gpointer p)
{
	struct text_entry *e = p;

	g_free(e->title);
	g_free(e->revision);
	g_free(e->date);
	g_free(e);
}

void sl_texts_free(sl_texts *texts)
{
	if (!texts)
		return;
	g_free(texts->dir);
	g_hash_table_unref(texts->index);
	g_hash_table_unref(texts->contents);
	g_free(texts);
}

static gboolean read_index(sl_texts *t, GError **error)
{
	g_autofree char *path = g_build_filename(t->dir, INDEX_NAME, NULL);
	g_autofree char *text = NULL;
	g_auto(GStrv) lines = NULL;
	guint n = 0;

	g_autoptr(GError) e = NULL;

	if (!g_file_get_contents(path, &text, NULL, &e)) {
		/* A policy installed without its texts cites by name. */
		if (g_error_matches(e, G_FILE_ERROR, G_FILE_ERROR_NOENT))
			return TRUE;
		g_propagate_error(error, g_steal_pointer(&e));
		return FALSE;
	}
	t->have_index = TRUE;
	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l; l++) {
		g_auto(GStrv) f = NULL;
		struct text_entry *e;

		n++;
		if (!**l || **l == '#')
			continue;
		f = g_strsplit(*l, "\t", -1);
		if (g_strv_length(f) != 4 || !*f[0] || !*f[1] || !*f[2] ||
		    !*f[3] || strstr(f[0], "..") || g_path_is_absolute(f[0])) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
				    "%s:%u: not PATH, TITLE, REVISION and "
				    "DATE separated by tabs", path, n);
			return FALSE;
		}
		e = g_new0(struct text_entry, 1);
		e->title = g_strdup(f[1]);
		e->revision = g_strdup(f[2]);
		e->date = g_strdup(f[3]);
		g_hash_table_replace(t->index, g_strdup(f[0]), e);
	}
	return TRUE;
}

sl_texts *sl_texts_open(const struct sl_policy *policy, GError **error)
{
	g_autofree char *base = g_path_get_dirname(policy->path);
	g_autoptr(sl_texts) t = g_new0(sl_texts, 1);

	t->dir = g_build_filename(base, "texts", NULL);
	t->index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					 text_entry_free);
	t->contents = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					    g_free);
	if (!read_index(t, error))
		return NULL;
	return g_steal_pointer(&t);
}

static void citation_free(gpointer p)
{
	struct sl_citation *c = p;

	g_free(c->document);
	g_free(c->title);
	g_free(c->revision);
	g_free(c->date);
	g_free(c->path);
	g_free(c->section);
	g_free(c->quote);
	g_free(c);
}

/* "source", "source-2", ... */
static char *numbered(const char *key, guint n)
{
	return n == 1 ? g_strdup(key) : g_strdup_printf("%s-%u", key, n);
}

/* The citation @n of [rule ID] @group, or NULL with @error; *@none when
 * there is no such citation. */
static struct sl_citation *citation_at(sl_texts *t,
				       const struct sl_policy *policy,
				       const char *group, guint n,
				       gboolean *none, GError **error)
{
	g_autofree char *skey = numbered("source", n);
	g_autofree char *sec_key = numbered("section", n);
	g_autofree char *quote_key = numbered("quote", n);
	g_autofree char *doc = sl_profile_get(policy, group, skey);
	struct sl_citation *c;
	const struct text_entry *e;

	*none = !doc;
	if (!doc)
		return NULL;
	c = g_new0(struct sl_citation, 1);
	c->document = g_steal_pointer(&doc);
	c->section = sl_profile_get(policy, group, sec_key);
	c->quote = sl_profile_get(policy, group, quote_key);
	if (!strcmp(c->document, SL_SOURCE_NONE))
		return c;
	c->path = sl_profile_get(policy, "documents", c->document);
	e = c->path && t ? g_hash_table_lookup(t->index, c->path) : NULL;
	if (c->path && !e && (!t || !t->have_index)) {
		c->title = g_strdup(c->document);
		return c;
	}
	if (!e) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "profile %s [%s] %s=%s: %s", policy->profile_name,
			    group, skey, c->document,
			    c->path ? "the text [documents] names is not in "
				      "the texts' " INDEX_NAME
				    : "no such document in [documents]");
		citation_free(c);
		return NULL;
	}
	c->title = g_strdup(e->title);
	c->revision = g_strdup(e->revision);
	c->date = g_strdup(e->date);
	return c;
}

GPtrArray *sl_texts_citations(sl_texts *t, const struct sl_policy *policy,
			      const struct sl_rule *r, GError **error)
{
	g_autofree char *group = g_strconcat(SL_RULE_PREFIX, r->id, NULL);
	g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func(
		citation_free);

	if (!sl_profile_has_group(policy, group))
		return g_steal_pointer(&out);
	for (guint n = 1;; n++) {
		gboolean none;
		struct sl_citation *c = citation_at(t, policy, group, n, &none,
						    error);

		if (none)
			break;
		if (!c)
			return NULL;
		g_ptr_array_add(out, c);
	}
	return g_steal_pointer(&out);
}

GPtrArray *sl_texts_citations_or_names(sl_texts *texts,
				       const struct sl_policy *policy,
				       const struct sl_rule *r)
{
	GPtrArray *cites = texts ? sl_texts_citations(texts, policy, r, NULL)
				 : NULL;

	return cites ? cites : sl_texts_citations(NULL, policy, r, NULL);
}

static const char *text_of(sl_texts *t, const char *path, GError **error)
{
	char *text = g_hash_table_lookup(t->contents, path);
	g_autofree char *file = NULL;

	if (text)
		return text;
	file = g_build_filename(t->dir, path, NULL);
	if (!g_file_get_contents(file, &text, NULL, error))
		return NULL;
	g_hash_table_insert(t->contents, g_strdup(path), text);
	return text;
}

gboolean sl_citation_prove(sl_texts *t, const struct sl_citation *c,
			   GError **error)
{
	g_autofree char *why = NULL;
	const char *text;

	if (!strcmp(c->document, SL_SOURCE_NONE)) {
		if (!c->section && !c->quote)
			return TRUE;
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "source=" SL_SOURCE_NONE " cites no section or "
			    "quote");
		return FALSE;
	}
	if (!c->section || !c->quote || !*c->section || !*c->quote) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "%s: a citation needs a section and a quote",
			    c->document);
		return FALSE;
	}
	text = text_of(t, c->path, error);
	if (!text)
		return FALSE;
	if (sl_rst_quote_in_section(text, c->section, c->quote, &why))
		return TRUE;
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY, "%s (%s): %s",
		    c->title, c->path, why);
	return FALSE;
}

char *sl_citation_line(const struct sl_citation *c)
{
	g_autofree char *section = c->section ? g_strdup_printf(
		", \"%s\"", c->section) : g_strdup("");

	if (!strcmp(c->document, SL_SOURCE_NONE))
		return g_strdup("none: a notice of seclint's own, which no "
				"document asks for");
	if (!c->revision)
		return g_strdup_printf("%s%s", c->title, section);
	return g_strdup_printf("%s (%s, %s)%s", c->title, c->revision,
			       c->date, section);
}

GPtrArray *sl_texts_documents(sl_texts *t, const struct sl_policy *policy)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
	g_auto(GStrv) names = sl_profile_get_keys(policy, "documents");

	for (char **n = names; n && *n; n++) {
		g_autofree char *path = sl_profile_get(policy, "documents", *n);
		const struct text_entry *e =
			path ? g_hash_table_lookup(t->index, path) : NULL;

		g_ptr_array_add(out, e ? g_strdup_printf("%s (%s, %s)",
							 e->title, e->revision,
							 e->date)
				       : g_strdup_printf("%s: %s (not in the "
							 "texts' INDEX)", *n,
							 path ? path : "?"));
	}
	return out;
}

char *sl_texts_file(const sl_texts *t, const struct sl_citation *c)
{
	return c->path ? g_build_filename(t->dir, c->path, NULL) : NULL;
}
