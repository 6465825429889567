// SPDX-License-Identifier: GPL-2.0-only
/*
 * --list-rules and --explain: documentation printed from the rule
 * declarations themselves, so it cannot drift from the code.
 */
#include "citation.h"
#include "errors.h"
#include "explain.h"
#include "fixer.h"
#include "policy.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

static int g_strcmp0_indirect(const void *a, const void *b)
{
	return g_strcmp0(*(char *const *)a, *(char *const *)b);
}

static void print_wrapped(FILE *out, const char *indent, const char *text)
{
	g_auto(GStrv) words = g_strsplit(text, " ", -1);
	size_t col = 0;

	for (char **w = words; *w; w++) {
		size_t len = strlen(*w);

		if (!len)
			continue;
		if (col && col + 1 + len > 72) {
			fputc('\n', out);
			col = 0;
		}
		fprintf(out, "%s%s", col ? " " : indent, *w);
		col += (col ? 1 : strlen(indent)) + len;
	}
	if (col)
		fputc('\n', out);
}

void sl_list_rules(FILE *out, const struct sl_policy *policy)
{
	g_autofree char *doc = sl_profile_get(policy, "profile", "document");

	fprintf(out, "Profile: %s (%s)\n\n", policy->profile_name,
		doc ? doc : "no document");
	fprintf(out, "%-28s %-8s %s\n", "RULE", "SEVERITY", "SUMMARY");
	for (size_t i = 0; i < sl_rules_count; i++) {
		const struct sl_rule *r = sl_rules[i];
		g_autofree char *summary = sl_policy_rule_text(policy, r,
							       r->summary);

		fprintf(out, "%-28s %-8s %s\n", r->id,
			sl_severity_name(sl_policy_severity(policy, r->id)),
			summary);
	}
}

/* A profile's name: its file name without ".conf". */
static char *profile_name(const char *path)
{
	g_autofree char *base = g_path_get_basename(path);

	return g_strndup(base, strlen(base) - strlen(".conf"));
}

static char *note_of(GHashTable *profiles, const char *name,
		     const char *group)
{
	GKeyFile *kf = g_hash_table_lookup(profiles, name);

	return kf ? g_key_file_get_string(kf, group, "note", NULL) : NULL;
}

/*
 * The profile whose note @kf's is: up the inherit chain while the note
 * stays the same, so a note is shown once, under the revision that
 * wrote it.
 */
static char *note_origin(GHashTable *profiles, GKeyFile *kf,
			 const char *group, const char *note)
{
	g_autofree char *parent = g_key_file_get_string(kf, "profile",
							"inherit", NULL);
	char *origin = NULL;

	for (guint depth = 0; parent && depth < g_hash_table_size(profiles);
	     depth++) {
		g_autofree char *up = note_of(profiles, parent, group);
		GKeyFile *pkf = g_hash_table_lookup(profiles, parent);

		if (g_strcmp0(up, note))
			break;
		g_free(origin);
		origin = g_steal_pointer(&parent);
		parent = g_key_file_get_string(pkf, "profile", "inherit",
					       NULL);
	}
	return origin;
}

static void print_profile(FILE *out, GHashTable *profiles, const char *name,
			  const char *group)
{
	GKeyFile *kf = g_hash_table_lookup(profiles, name);
	g_autofree char *rev = g_key_file_get_string(kf, "profile",
						     "revision", NULL);
	g_autofree char *sev = g_key_file_get_string(kf, group, "severity",
						     NULL);
	g_autofree char *fup = g_key_file_get_string(kf, group,
						     "followup-severity", NULL);
	g_autofree char *note = g_key_file_get_string(kf, group, "note", NULL);
	g_autofree char *origin = NULL;

	fprintf(out, "  %-12s %s", rev ? rev : name,
		!g_key_file_has_group(kf, group) ? "off" : sev ? sev : "default");
	if (fup)
		fprintf(out, " (follow-ups: %s)", fup);
	fputc('\n', out);
	if (!note)
		return;
	origin = note_origin(profiles, kf, group, note);
	if (origin)
		fprintf(out, "      (note as %s)\n", origin);
	else
		print_wrapped(out, "      ", note);
}

/* The profiles beside @policy's, by name, sorted. */
static GPtrArray *profile_names(const struct sl_policy *policy)
{
	g_autofree char *base = g_path_get_dirname(policy->path);
	g_autofree char *dir = g_build_filename(base, "profiles", NULL);
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	const char *file;

	while (d && (file = g_dir_read_name(d)))
		if (g_str_has_suffix(file, ".conf"))
			g_ptr_array_add(names, profile_name(file));
	g_ptr_array_sort(names, (GCompareFunc)g_strcmp0_indirect);
	return names;
}

gboolean sl_list_profiles(FILE *out, const struct sl_policy *policy,
			  GError **error)
{
	g_autoptr(GPtrArray) names = profile_names(policy);

	for (guint i = 0; i < names->len; i++) {
		const char *name = names->pdata[i];
		g_autoptr(sl_policy) p = sl_policy_open(policy->path, name,
							error);
		g_autoptr(sl_texts) texts = p ? sl_texts_open(p, error) : NULL;
		g_autoptr(GPtrArray) docs = NULL;
		g_autofree char *summary = NULL;

		if (!texts)
			return FALSE;
		docs = sl_texts_documents(texts, p);
		summary = sl_profile_get(p, "profile", "summary");
		fprintf(out, "%s%s%s\n", i ? "\n" : "", name,
			!strcmp(name, SL_DEFAULT_PROFILE) ? " (default)"
			: !strcmp(name, policy->profile_name) ? " (in force)"
			: "");
		for (guint k = 0; k < docs->len; k++)
			fprintf(out, "    %s\n", (char *)docs->pdata[k]);
		if (summary)
			print_wrapped(out, "  ", summary);
	}
	return TRUE;
}

/* The rule's severity and what each document revision says about it. */
static void print_profiles(FILE *out, const struct sl_policy *policy,
			   const struct sl_rule *r)
{
	g_autofree char *base = g_path_get_dirname(policy->path);
	g_autofree char *group = g_strconcat(SL_RULE_PREFIX, r->id, NULL);
	g_autoptr(GPtrArray) all = profile_names(policy);
	g_autoptr(GPtrArray) names = g_ptr_array_new();
	g_autoptr(GHashTable) profiles = g_hash_table_new_full(
		g_str_hash, g_str_equal, NULL,
		(GDestroyNotify)g_key_file_unref);

	for (guint i = 0; i < all->len; i++) {
		g_autofree char *file = g_strconcat(all->pdata[i], ".conf",
						    NULL);
		g_autofree char *path = g_build_filename(base, "profiles", file,
							 NULL);
		GKeyFile *kf = sl_profile_read(path, NULL);

		if (!kf)
			continue;
		g_ptr_array_add(names, all->pdata[i]);
		g_hash_table_insert(profiles, all->pdata[i], kf);
	}
	if (!names->len)
		return;
	fprintf(out, "\nBy profile:\n");
	for (guint i = 0; i < names->len; i++)
		print_profile(out, profiles, names->pdata[i], group);
}

/* Each parameter: its type, its value in force, where that is written,
 * what it means (the declaration's doc). */
static void print_params(FILE *out, const struct sl_policy *policy,
			 const struct sl_rule *r)
{
	const struct sl_value *values = sl_policy_params(policy, r);
	gboolean on = sl_policy_rule_severity(policy, r, FALSE) != SL_SEV_OFF ||
		      sl_policy_rule_severity(policy, r, TRUE) != SL_SEV_OFF;

	if (!r->params || !r->params[0].key)
		return;
	fprintf(out, "\nParameters:\n");
	for (size_t k = 0; r->params[k].key; k++) {
		const struct sl_param *p = &r->params[k];
		const char *type = sl_param_type_name(p->type);
		g_autofree char *where = p->role
			? g_strdup_printf("%s, [role %s]", policy->path, p->role)
			: g_strdup_printf("profile %s, [rule %s]",
					  policy->profile_name, r->id);
		g_autofree char *value = values && values[k].set
			? sl_value_show(p, &values[k]) : NULL;
		g_autofree char *line = NULL;

		if (!on)
			line = g_strdup_printf("%s (%s; not read: the rule is "
					       "off under profile %s)", p->key,
					       type, policy->profile_name);
		else if (!value)
			line = g_strdup_printf("%s (%s; not set: %s)", p->key,
					       type, where);
		else
			line = g_strdup_printf("%s = %s (%s; %s)", p->key,
					       value, type, where);
		fprintf(out, "    %s\n", line);
		print_wrapped(out, "        ", p->doc);
	}
}

static void print_example(FILE *out, const char *title, const char *text)
{
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);

	fprintf(out, "\n%s:\n", title);
	for (char **l = lines; *l && (**l || l[1]); l++)
		fprintf(out, "    %s\n", *l);
}

/* What the rule cites under the profile in force, with the words. */
static gboolean print_sources(FILE *out, const struct sl_policy *policy,
			      const struct sl_rule *r, GError **error)
{
	g_autoptr(sl_texts) texts = sl_texts_open(policy, error);
	g_autoptr(GPtrArray) cites = texts ? sl_texts_citations(texts, policy,
								r, error)
					   : NULL;

	if (!cites)
		return FALSE;
	fprintf(out, "\nSource under profile %s:\n", policy->profile_name);
	if (!cites->len)
		fprintf(out, "    none: the rule is off under this profile "
			"(see \"By profile\" above)\n");
	for (guint i = 0; i < cites->len; i++) {
		const struct sl_citation *c = cites->pdata[i];
		g_autofree char *line = sl_citation_line(c);
		g_autofree char *quote = c->quote ? g_strdup_printf(
			"\"%s\"", c->quote) : NULL;
		g_autofree char *file = sl_texts_file(texts, c);

		print_wrapped(out, "    ", line);
		if (quote)
			print_wrapped(out, "        ", quote);
		if (file)
			fprintf(out, "        (the text: %s)\n", file);
	}
	return TRUE;
}

gboolean sl_explain(FILE *out, const struct sl_policy *policy,
		    const char *id, GError **error)
{
	const struct sl_rule *r = sl_rule_find(id);
	enum sl_severity enable;
	g_autofree char *summary = NULL;
	g_autofree char *help = NULL;

	if (!r) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "unknown rule '%s' (see --list-rules)", id);
		return FALSE;
	}
	summary = sl_policy_rule_text(policy, r, r->summary);
	help = sl_policy_rule_text(policy, r, r->help);
	fprintf(out, "%s\n\n", r->id);
	fprintf(out, "Severity: %s under profile %s (",
		sl_severity_name(sl_policy_severity(policy, r->id)),
		policy->profile_name);
	/* A rule the profile leaves off: the level --enable gives it.  A
	 * policy without the default profile beside it has none (--enable
	 * then says why). */
	if (sl_policy_severity(policy, r->id) == SL_SEV_OFF &&
	    sl_policy_default_severity(policy, r, &enable, NULL))
		fprintf(out, "--enable gives %s, from profile %s; ",
			sl_severity_name(enable), SL_DEFAULT_PROFILE);
	fprintf(out, "policy %s)\n", policy->path);
	print_profiles(out, policy, r);
	print_params(out, policy, r);
	fprintf(out, "\nWhat it checks:\n");
	print_wrapped(out, "    ", summary);
	if (r->needs) {
		fprintf(out, "\nNeeds:\n");
		print_wrapped(out, "    ", r->needs);
	}
	fprintf(out, "\nWhy:\n");
	print_wrapped(out, "    ", r->rationale);
	fprintf(out, "\nHow to fix:\n");
	print_wrapped(out, "    ", help);
	if (r->fix) {
		g_autofree char *fix = g_strconcat("seclint --fix ",
						   r->fix->summary, NULL);

		print_wrapped(out, "    ", fix);
	}
	if (!print_sources(out, policy, r, error))
		return FALSE;
	print_example(out, "Fires on", r->example_bad);
	print_example(out, "Does not fire on", r->example_good);
	return TRUE;
}
