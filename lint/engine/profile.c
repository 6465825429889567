// SPDX-License-Identifier: GPL-2.0-only
/*
 * Profiles: which rules a revision of the documents enables, at which
 * severity (for initial messages and for follow-ups), with which
 * parameters, and what that revision says about each.  Data, in
 * rules/profiles/NAME.conf; see rules/profiles/README.
 */
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "policy.h"
#include "profile-table.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

/* The texts a profile follows: document name = a file under texts/. */
#define DOCUMENTS_GROUP "documents"

static char *profile_path(const struct sl_policy *policy, const char *name)
{
	g_autofree char *dir = NULL;
	g_autofree char *file = NULL;

	if (strchr(name, '/'))
		return g_strdup(name);
	dir = g_path_get_dirname(policy->path);
	file = g_strconcat(name, ".conf", NULL);
	return g_build_filename(dir, "profiles", file, NULL);
}

/* A key of one profile file, its value as written (not unescaped). */
struct entry {
	const char *group;	/* in the file's groups */
	char *key;
	char *value;
};

/*
 * One profile file, its keys read once for the checks, the overlay and
 * the empty values: GKeyFile hashes the group's name again for each
 * lookup, and builds an error for each key it does not have.
 */
struct profile_file {
	char **groups;
	GArray *entries;	/* of struct entry, in the file's order */
};

static void profile_file_clear(struct profile_file *f)
{
	for (guint i = 0; f->entries && i < f->entries->len; i++) {
		struct entry *e = &g_array_index(f->entries, struct entry, i);

		g_free(e->key);
		g_free(e->value);
	}
	if (f->entries)
		g_array_unref(f->entries);
	g_strfreev(f->groups);
}

typedef struct profile_file profile_file;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(profile_file, profile_file_clear)

/*
 * @value, that of @key in @group or NULL, is a level or empty.  A value
 * that is a level as written is one unescaped too; any other is
 * unescaped as GKeyFile does (g_key_file_get_string()) to be judged.
 */
static gboolean check_level(GKeyFile *kf, const char *group, const char *key,
			    const char *value, GError **error)
{
	g_autofree char *level = NULL;
	enum sl_severity sev;

	if (!value || sl_severity_parse(value, &sev))
		return TRUE;
	level = g_key_file_get_string(kf, group, key, NULL);
	if (!level || !*level || sl_severity_parse(level, &sev))
		return TRUE;
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
		    "[%s] %s: unknown severity '%s'", group, key, level);
	return FALSE;
}

/* One profile file, before what it inherits is added: checked, and its
 * keys read into @f. */
static gboolean validate(GKeyFile *kf, struct profile_file *f,
			 GError **error)
{
	g_autofree char *parent = sl_key_file_get_string(kf, "profile",
							 "inherit");

	f->groups = g_key_file_get_groups(kf, NULL);
	f->entries = g_array_new(FALSE, FALSE, sizeof(struct entry));
	if (!g_key_file_has_key(kf, "profile", "document", NULL) ||
	    !g_key_file_has_key(kf, "profile", "revision", NULL)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "[profile] needs document and revision");
		return FALSE;
	}
	if (parent && (!*parent || strchr(parent, '/'))) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "[profile] inherit: '%s' is no profile name",
			    parent);
		return FALSE;
	}
	for (char **g = f->groups; *g; g++) {
		gboolean rule = strcmp(*g, "profile") != 0 &&
				strcmp(*g, DOCUMENTS_GROUP) != 0;
		const char *severity = NULL;
		const char *followup = NULL;
		const char *enable = NULL;
		char **keys;

		if (rule && (!g_str_has_prefix(*g, SL_RULE_PREFIX) ||
			     !sl_rule_find(*g + strlen(SL_RULE_PREFIX)))) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
				    "[%s]: no such rule", *g);
			return FALSE;
		}
		keys = g_key_file_get_keys(kf, *g, NULL, NULL);
		for (char **k = keys; k && *k; k++) {
			struct entry e = {
				*g, *k, g_key_file_get_value(kf, *g, *k, NULL)
			};

			g_array_append_val(f->entries, e);
			if (rule && !strcmp(*k, "severity"))
				severity = e.value;
			else if (rule && !strcmp(*k, "followup-severity"))
				followup = e.value;
			else if (rule && !strcmp(*k, "enable-severity"))
				enable = e.value;
		}
		g_free(keys);	/* its strings are the entries' now */
		if (rule &&
		    (!check_level(kf, *g, "severity", severity, error) ||
		     !check_level(kf, *g, "followup-severity", followup,
				  error) ||
		     !check_level(kf, *g, "enable-severity", enable, error)))
			return FALSE;
	}
	return TRUE;
}

/*
 * @f's keys over @kf.  The [profile] group is the file's own: @kf's is
 * removed, and @f's copied only if @own_profile (the profile read, not
 * one it inherits, whose [profile] the next overlay would remove).
 */
static void overlay(GKeyFile *kf, const struct profile_file *f,
		    gboolean own_profile)
{
	if (g_key_file_has_group(kf, "profile"))
		g_key_file_remove_group(kf, "profile", NULL);
	for (guint i = 0; i < f->entries->len; i++) {
		const struct entry *e = &g_array_index(f->entries,
						       struct entry, i);

		if (own_profile || strcmp(e->group, "profile"))
			g_key_file_set_value(kf, e->group, e->key, e->value);
	}
}

/* Adds @f's keys with an empty value to @empty (group, key, ...). */
static void add_empty(GPtrArray *empty, const struct profile_file *f)
{
	for (guint i = 0; i < f->entries->len; i++) {
		const struct entry *e = &g_array_index(f->entries,
						       struct entry, i);

		if (e->value && !*e->value) {
			g_ptr_array_add(empty, g_strdup(e->group));
			g_ptr_array_add(empty, g_strdup(e->key));
		}
	}
}

/*
 * The words of a rule's citations (section=, quote=, note=, and their
 * -2, -3, ... keys) are most of a profile's bytes, and a lint run shows
 * them only in JSON and SARIF: a profile loaded to lint is read without
 * them (@whole FALSE), and sl_profile_get() reads the whole profile when
 * one is asked for.  Is @line (without its end) such a key of a rule
 * group?  Only a line GKeyFile would read as that key (valid UTF-8, the
 * key's name, optional blanks, '=') is left out, so a file GKeyFile
 * refuses is refused either way.
 */
static const char *citation_key_end(const char *p, const char *end)
{
	static const char *const words[] = { "section", "quote", "note" };

	for (gsize i = 0; i < G_N_ELEMENTS(words); i++) {
		gsize n = strlen(words[i]);

		if ((gsize)(end - p) < n || memcmp(p, words[i], n))
			continue;
		p += n;
		if (p + 1 < end && *p == '-' && g_ascii_isdigit(p[1]))
			for (p++; p < end && g_ascii_isdigit(*p); p++)
				;
		return p;
	}
	return NULL;
}

static gboolean citation_words_line(const char *line, gsize len)
{
	const char *p = line, *end = line + len;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (!(p = citation_key_end(p, end)))
		return FALSE;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p < end && *p == '=' &&
	       g_utf8_validate(line, (gssize)len, NULL);
}

/* @path into @kf; what is read to lint is recorded in @source. */
static gboolean load_file(GKeyFile *kf, const char *path, gboolean whole,
			  struct sl_profile_source *source, GError **error)
{
	g_autofree char *text = NULL;
	g_autoptr(GString) kept = NULL;
	gboolean rule = FALSE;
	gsize len;

	if (!whole && source)
		text = sl_profile_source_read(source, path, &len);
	/* A file that cannot be read: GKeyFile's own error. */
	if (whole ||
	    (!text && !g_file_get_contents(path, &text, &len, NULL)))
		return g_key_file_load_from_file(kf, path, G_KEY_FILE_NONE,
						 error);
	kept = g_string_sized_new(len);
	for (const char *l = text, *end = text + len; l < end;) {
		const char *nl = memchr(l, '\n', (gsize)(end - l));
		const char *next = nl ? nl + 1 : end;
		gsize n = (gsize)((nl ? nl : end) - l);

		if (n && *l == '[')
			rule = !strncmp(l, "[" SL_RULE_PREFIX,
					strlen("[" SL_RULE_PREFIX));
		if (!rule || !citation_words_line(l, n))
			g_string_append_len(kept, l, (gssize)(next - l));
		l = next;
	}
	return g_key_file_load_from_data(kf, kept->str, kept->len,
					 G_KEY_FILE_NONE, error);
}

/*
 * @path and, through [profile] inherit=NAME (a file beside it), the
 * profiles it is written against, oldest first; @chain holds the paths
 * on the way down, to refuse a circle.  The keys of every file that are
 * empty are added to @empty; [profile] is @path's if @own_profile.
 */
static GKeyFile *read_chain(const char *path, GPtrArray *chain,
			    gboolean own_profile, gboolean whole,
			    struct sl_profile_source *source, GPtrArray *empty,
			    GError **error)
{
	g_autoptr(GKeyFile) kf = g_key_file_new();
	g_autoptr(GKeyFile) base = NULL;
	g_auto(profile_file) f = { 0 };
	g_autofree char *parent = NULL;
	g_autofree char *dir = NULL;
	g_autofree char *file = NULL;
	g_autofree char *parent_path = NULL;

	if (!load_file(kf, path, whole, source, error) ||
	    !validate(kf, &f, error)) {
		g_prefix_error(error, "%s: ", path);
		return NULL;
	}
	add_empty(empty, &f);
	parent = sl_key_file_get_string(kf, "profile", "inherit");
	if (!parent)
		return g_steal_pointer(&kf);
	dir = g_path_get_dirname(path);
	file = g_strconcat(parent, ".conf", NULL);
	parent_path = g_build_filename(dir, file, NULL);
	for (guint i = 0; i < chain->len; i++)
		if (!strcmp(chain->pdata[i], parent_path)) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
				    "%s: inherit=%s: a circle of profiles",
				    path, parent);
			return NULL;
		}
	g_ptr_array_add(chain, g_strdup(parent_path));
	base = read_chain(parent_path, chain, FALSE, whole, source, empty,
			  error);
	if (!base) {
		g_prefix_error(error, "%s: inherit=%s: ", path, parent);
		return NULL;
	}
	overlay(base, &f, own_profile);
	return g_steal_pointer(&base);
}

/*
 * Each citation of @kf (a rule group's source=, source-2=, ...) names a
 * document of its [documents] group, or "none"; each document is a
 * relative path under texts/.  Whether the texts hold the words cited is
 * the citation test's to prove (tests/test_citations.c): the texts are
 * not read to lint.
 */
static gboolean check_documents(GKeyFile *kf, GError **error)
{
	g_auto(GStrv) groups = g_key_file_get_groups(kf, NULL);
	g_auto(GStrv) docs = g_key_file_get_keys(kf, DOCUMENTS_GROUP, NULL,
						 NULL);

	for (char **d = docs; d && *d; d++) {
		g_autofree char *path = sl_key_file_get_string(
			kf, DOCUMENTS_GROUP, *d);

		if (!path || !*path || g_path_is_absolute(path) ||
		    strstr(path, "..")) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
				    "[" DOCUMENTS_GROUP "] %s: '%s' is no "
				    "file under texts/", *d, path ? path : "");
			return FALSE;
		}
	}
	for (char **g = groups; *g; g++) {
		g_auto(GStrv) keys = NULL;

		if (!g_str_has_prefix(*g, SL_RULE_PREFIX))
			continue;
		keys = g_key_file_get_keys(kf, *g, NULL, NULL);
		for (char **k = keys; k && *k; k++) {
			g_autofree char *doc = NULL;

			if (!g_str_has_prefix(*k, "source"))
				continue;
			doc = sl_key_file_get_string(kf, *g, *k);
			if (doc && *doc && strcmp(doc, "none") &&
			    !g_key_file_has_key(kf, DOCUMENTS_GROUP, doc,
						NULL)) {
				g_set_error(error, SECLINT_ERROR,
					    SECLINT_ERROR_POLICY,
					    "[%s] %s=%s: no such document in "
					    "[" DOCUMENTS_GROUP "]", *g, *k,
					    doc);
				return FALSE;
			}
		}
	}
	return TRUE;
}

/*
 * Each rule group of @kf (a profile read, what it inherits resolved) says
 * its level: the profile is where a rule's level is written, and only
 * there.  Checked when a profile is loaded for use.
 */
static gboolean check_levels(GKeyFile *kf, GError **error)
{
	g_auto(GStrv) groups = g_key_file_get_groups(kf, NULL);

	for (char **g = groups; *g; g++)
		if (g_str_has_prefix(*g, SL_RULE_PREFIX) &&
		    !g_key_file_has_key(kf, *g, "severity", NULL)) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
				    "[%s]: no severity (a rule the profile "
				    "names needs its level)", *g);
			return FALSE;
		}
	return TRUE;
}

static GKeyFile *profile_read(const char *path, gboolean whole,
			      struct sl_profile_source *source, GError **error)
{
	g_autoptr(GPtrArray) chain = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) empty = g_ptr_array_new_with_free_func(g_free);
	GKeyFile *kf;

	g_ptr_array_add(chain, g_strdup(path));
	kf = read_chain(path, chain, TRUE, whole, source, empty, error);
	if (!kf) {
		if (error && *error)
			(*error)->code = SECLINT_ERROR_POLICY;
		return NULL;
	}
	/* An empty value says "none": the key the parent had is dropped.
	 * Only a key some file of the chain leaves empty can be. */
	for (guint i = 0; i + 1 < empty->len; i += 2) {
		const char *group = empty->pdata[i];
		const char *key = empty->pdata[i + 1];
		g_autofree char *v = g_key_file_has_key(kf, group, key, NULL)
					     ? g_key_file_get_value(kf, group,
								    key, NULL)
					     : NULL;

		if (v && !*v)
			g_key_file_remove_key(kf, group, key, NULL);
	}
	if (!check_documents(kf, error)) {
		g_prefix_error(error, "%s: ", path);
		g_key_file_unref(kf);
		return NULL;
	}
	return kf;
}

GKeyFile *sl_profile_read(const char *path, GError **error)
{
	return profile_read(path, TRUE, NULL, error);
}

/* The table of @kf, a profile read from @source: cached in @cache_dir if
 * it was not found there. */
static struct sl_profile_table *table_of(GKeyFile *kf, const char *path,
					 struct sl_profile_table *cached,
					 const char *cache_dir,
					 const struct sl_profile_source *source)
{
	struct sl_profile_table *fresh = sl_profile_table_new(kf);

	if (!cached) {
		sl_profile_cache_put(cache_dir, path, source, fresh);
		return fresh;
	}
	if (!sl_profile_table_equal(cached, fresh))
		g_error("seclint: SECLINT_CHECK_POLICY_CACHE: the profile %s "
			"in the cache is not the one read", path);
	sl_profile_table_free(fresh);
	return cached;
}

/*
 * The profile @path as a lint run reads it: from the cache in @cache_dir
 * (NULL: none) if it holds these files as they are, else read (and then
 * cached there); *@kf the key file read, NULL if none was.
 */
static struct sl_profile_table *load_table(const char *path,
					   const char *cache_dir,
					   GKeyFile **kf,
					   enum sl_profile_cache_status *status,
					   GError **error)
{
	struct sl_profile_table *cached = sl_profile_cache_get(cache_dir, path,
							       status);
	struct sl_profile_source *source;
	struct sl_profile_table *t = NULL;
	GError *why = NULL;

	*kf = NULL;
	if (cached && !sl_cache_checking())
		return cached;
	source = sl_profile_source_new();
	*kf = profile_read(path, FALSE, source, &why);
	if (*kf && !check_levels(*kf, &why)) {
		g_prefix_error(&why, "%s: ", path);
		g_clear_pointer(kf, g_key_file_unref);
	}
	if (*kf)
		t = table_of(*kf, path, cached, cache_dir, source);
	else if (cached)
		g_error("seclint: SECLINT_CHECK_POLICY_CACHE: the profile %s "
			"is in the cache, yet reads with an error: %s", path,
			why->message);
	sl_profile_source_free(source);
	if (why)
		g_propagate_error(error, why);
	if (t == cached && *kf)
		g_clear_pointer(kf, g_key_file_unref);
	return t;
}

gboolean sl_policy_load_profile_from(struct sl_policy *policy,
				     const char *name, const char *cache_dir,
				     enum sl_profile_cache_status *status,
				     GError **error)
{
	g_autofree char *path = profile_path(policy, name);
	enum sl_profile_cache_status st;
	GKeyFile *kf;
	struct sl_profile_table *t = load_table(path, cache_dir, &kf, &st,
						error);

	if (status)
		*status = st;
	if (!t) {
		g_prefix_error(error, "profile '%s': ", name);
		return FALSE;
	}
	sl_profile_table_free(policy->table);
	g_clear_pointer(&policy->profile_keys, g_key_file_unref);
	g_clear_pointer(&policy->cited, g_key_file_unref);
	g_free(policy->profile_name);
	g_free(policy->profile_path);
	policy->table = t;
	policy->profile_keys = kf;
	policy->profile_name = g_strdup(name);
	policy->profile_path = g_steal_pointer(&path);
	sl_policy_update_severities(policy);
	return sl_policy_resolve_params(policy, error);
}

gboolean sl_policy_load_profile(struct sl_policy *policy, const char *name,
				GError **error)
{
	return sl_policy_load_profile_from(policy, name,
					   g_get_user_cache_dir(), NULL, error);
}

/* Guards what a policy makes on first use: its key files. */
static GMutex profile_lock;

static GKeyFile *keys_locked(struct sl_policy *p)
{
	if (!p->profile_keys && p->table)
		p->profile_keys = sl_profile_table_keys(p->table);
	return p->profile_keys;
}

GKeyFile *sl_profile_keys(const struct sl_policy *policy)
{
	GKeyFile *kf;

	g_mutex_lock(&profile_lock);
	kf = keys_locked((struct sl_policy *)policy);
	g_mutex_unlock(&profile_lock);
	return kf;
}

void sl_policy_profile_changed(struct sl_policy *policy)
{
	GKeyFile *kf = sl_profile_keys(policy);

	if (!kf)
		return;
	sl_profile_table_free(policy->table);
	policy->table = sl_profile_table_new(kf);
}

gboolean sl_profile_has_group(const struct sl_policy *policy,
			      const char *group)
{
	return policy->table &&
	       sl_profile_table_group(policy->table, group) >= 0;
}

char **sl_profile_get_keys(const struct sl_policy *policy, const char *group)
{
	gssize g = policy->table ? sl_profile_table_group(policy->table, group)
				 : -1;
	guint n = g < 0 ? 0 : sl_profile_table_keys_of(policy->table, (guint)g);
	char **keys;

	if (g < 0)
		return NULL;
	keys = g_new(char *, n + 1);
	for (guint k = 0; k < n; k++)
		keys[k] = g_strdup(sl_profile_table_key(policy->table,
							(guint)g, k));
	keys[n] = NULL;
	return keys;
}

/* A key load_file() leaves out of a profile loaded to lint. */
gboolean sl_profile_is_citation_word(const char *group, const char *key)
{
	const char *end = key + strlen(key);

	return g_str_has_prefix(group, SL_RULE_PREFIX) &&
	       citation_key_end(key, end) == end;
}

/* The whole profile in force, with its citations' words: read the first
 * time one is asked for (the same files, so the same words; if they can
 * no longer be read, the profile as loaded, without them). */
GKeyFile *sl_profile_cited(const struct sl_policy *policy)
{
	struct sl_policy *p = (struct sl_policy *)policy;
	GKeyFile *kf;

	g_mutex_lock(&profile_lock);
	if (!p->cited && p->profile_path)
		p->cited = profile_read(p->profile_path, TRUE, NULL, NULL);
	kf = p->cited ? p->cited : keys_locked(p);
	g_mutex_unlock(&profile_lock);
	return kf;
}

char *sl_profile_get(const struct sl_policy *policy, const char *group,
		     const char *key)
{
	if (!policy->table)
		return NULL;
	if (policy->profile_path && sl_profile_is_citation_word(group, key))
		return sl_key_file_get_string(sl_profile_cited(policy), group,
					      key);
	return g_strdup(sl_profile_table_get(policy->table, group, key, TRUE));
}

static char *rule_value(const struct sl_policy *policy, const char *rule_id,
			const char *key)
{
	g_autofree char *group = g_strconcat(SL_RULE_PREFIX, rule_id, NULL);

	return sl_profile_get(policy, group, key);
}

/* @p of @r, from the profile or the policy's [role ID] group, read by
 * its type into @out. */
static gboolean param_value(const struct sl_policy *policy,
			    const struct sl_rule *r, const struct sl_param *p,
			    struct sl_value *out, GError **error)
{
	g_autofree char *group = p->role ? g_strconcat("role ", p->role, NULL)
					 : g_strconcat(SL_RULE_PREFIX, r->id,
						       NULL);
	/* Numbers as written, text unescaped as GKeyFile does. */
	gboolean text = p->type == SL_PARAM_STRING || p->type == SL_PARAM_LIST;
	g_autofree char *v =
		!p->role ? (policy->table
				    ? g_strdup(sl_profile_table_get(
					      policy->table, group, p->key,
					      text))
				    : NULL)
		: sl_policy_value(policy, group, p->key, text);
	g_autofree char *where = p->role ? g_strdup(policy->path)
					 : g_strconcat("profile ",
						       policy->profile_name,
						       NULL);
	g_autoptr(GError) why = NULL;

	memset(out, 0, sizeof(*out));
	if (v && sl_value_parse(p, v, out, &why))
		return TRUE;
	if (v)
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "rule %s is in force, but %s [%s] %s=%s %s",
			    r->id, where, group, p->key, v, why->message);
	else if (p->optional)
		return TRUE;
	else
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "rule %s is in force, but %s has no [%s] %s",
			    r->id, where, group, p->key);
	return FALSE;
}

/* The values of one rule's parameters, in the order of its .params. */
struct param_values {
	size_t n;
	struct sl_value v[];
};

static void param_values_free(gpointer p)
{
	struct param_values *pv = p;

	for (size_t k = 0; k < pv->n; k++)
		sl_value_clear(&pv->v[k]);
	g_free(pv);
}

gboolean sl_policy_resolve_params(struct sl_policy *policy, GError **error)
{
	if (!policy->params)
		policy->params = g_hash_table_new_full(g_direct_hash,
						       g_direct_equal, NULL,
						       param_values_free);
	g_hash_table_remove_all(policy->params);
	for (size_t i = 0; i < sl_rules_count; i++) {
		const struct sl_rule *r = sl_rules[i];
		size_t n = 0;
		struct param_values *values;

		gboolean on = policy->rule_severity[2 * i] != SL_SEV_OFF ||
			      policy->rule_severity[2 * i + 1] != SL_SEV_OFF;

		if (!r->params)
			continue;
		while (r->params[n].key)
			n++;
		values = g_malloc0(sizeof(*values) + n * sizeof(values->v[0]));
		values->n = n;
		g_hash_table_insert(policy->params, (gpointer)r, values);
		/* A rule that is off needs none, but what there is still
		 * reads in its summary and help (sl_rule_text()). */
		for (size_t k = 0; k < n; k++)
			if (!param_value(policy, r, &r->params[k],
					 &values->v[k], on ? error : NULL) &&
			    on)
				return FALSE;
	}
	return TRUE;
}

const struct sl_value *sl_policy_params(const struct sl_policy *policy,
					const struct sl_rule *r)
{
	const struct param_values *values =
		policy && policy->params ? g_hash_table_lookup(policy->params, r)
					 : NULL;

	return values ? values->v : NULL;
}

/* @level as a level, else @fallback. */
static enum sl_severity level_or(const char *level, enum sl_severity fallback)
{
	enum sl_severity sev = fallback;

	if (level)
		sl_severity_parse(level, &sev);
	return sev;
}

/*
 * The severity in force: a site override in the policy wins, then the
 * profile (a rule the profile does not name is off, and so is every rule
 * without a profile).
 */
enum sl_severity sl_policy_severity(const struct sl_policy *policy,
				    const char *rule_id)
{
	gpointer v = g_hash_table_lookup(policy->severity, rule_id);
	g_autofree char *group = NULL;
	g_autofree char *level = NULL;

	if (v)
		return (enum sl_severity)(GPOINTER_TO_INT(v) - 1);
	if (!policy->table)
		return SL_SEV_OFF;
	group = g_strconcat(SL_RULE_PREFIX, rule_id, NULL);
	if (!sl_profile_has_group(policy, group))
		return SL_SEV_OFF;
	level = rule_value(policy, rule_id, "severity");
	return level_or(level, SL_SEV_OFF);
}

/* @rule's level in a reply, given @sev, its level in a first message. */
static enum sl_severity followup_severity(const struct sl_policy *policy,
					  const struct sl_rule *rule,
					  enum sl_severity sev)
{
	g_autofree char *level = NULL;

	if (sev == SL_SEV_OFF ||
	    g_hash_table_contains(policy->severity, rule->id))
		return sev;
	level = rule_value(policy, rule->id, "followup-severity");
	return level_or(level, sev);
}

/* As sl_policy_severity(), with the profile's follow-up level for replies. */
enum sl_severity sl_policy_rule_severity(const struct sl_policy *policy,
					 const struct sl_rule *rule,
					 gboolean followup)
{
	enum sl_severity sev = sl_policy_severity(policy, rule->id);

	return followup ? followup_severity(policy, rule, sev) : sev;
}

/*
 * The engine asks for every rule's severity for every message: GKeyFile
 * lookups by strings were a large share of linting a big mbox.  The table
 * is what sl_policy_rule_severity() gives, filled from one pass over the
 * profile's groups and the site overrides rather than a lookup of each
 * rule's group and keys by name.  A level is the same unescaped or not:
 * the escapes of a key file make no letters.
 */
void sl_policy_update_severities(struct sl_policy *policy)
{
	enum sl_severity *sev = g_renew(enum sl_severity,
					policy->rule_severity,
					2 * sl_rules_count);
	const struct sl_profile_table *t = policy->table;
	guint n_groups = t ? sl_profile_table_groups(t) : 0;
	GHashTableIter it;
	gpointer id, level;

	/* A rule the profile does not name is off, and so is every rule
	 * without one. */
	for (size_t i = 0; i < sl_rules_count; i++)
		sev[2 * i] = sev[2 * i + 1] = SL_SEV_OFF;
	for (guint g = 0; g < n_groups; g++) {
		const char *name = sl_profile_table_group_name(t, g);
		gssize i = g_str_has_prefix(name, SL_RULE_PREFIX)
				   ? sl_rule_index(name + strlen(SL_RULE_PREFIX))
				   : -1;
		const char *severity = NULL;
		const char *followup = NULL;

		if (i < 0)
			continue;
		for (guint k = sl_profile_table_keys_of(t, g); k-- > 0;) {
			const char *key = sl_profile_table_key(t, g, k);

			/* The first of each, as written. */
			if (!strcmp(key, "severity"))
				severity = sl_profile_table_value(t, g, k,
								  FALSE);
			else if (!strcmp(key, "followup-severity"))
				followup = sl_profile_table_value(t, g, k,
								  FALSE);
		}
		sev[2 * i] = level_or(severity, SL_SEV_OFF);
		sev[2 * i + 1] = sev[2 * i] == SL_SEV_OFF
					 ? SL_SEV_OFF
					 : level_or(followup, sev[2 * i]);
	}
	/* A site override wins, for follow-ups too. */
	g_hash_table_iter_init(&it, policy->severity);
	while (g_hash_table_iter_next(&it, &id, &level)) {
		gssize i = sl_rule_index(id);

		if (i >= 0)
			sev[2 * i] = sev[2 * i + 1] = (enum sl_severity)(
				GPOINTER_TO_INT(level) - 1);
	}
	policy->rule_severity = sev;
}

char *sl_policy_rule_text(const struct sl_policy *policy,
			  const struct sl_rule *r, const char *text)
{
	return sl_rule_text(r, r->params ? sl_policy_params(policy, r) : NULL,
			    text);
}

gboolean sl_policy_default_severity(const struct sl_policy *policy,
				    const struct sl_rule *r,
				    enum sl_severity *out, GError **error)
{
	g_autofree char *path = profile_path(policy, SL_DEFAULT_PROFILE);
	g_autoptr(GKeyFile) kf = sl_profile_read(path, error);
	g_autofree char *group = g_strconcat(SL_RULE_PREFIX, r->id, NULL);
	g_autofree char *level = NULL;

	if (!kf)
		return FALSE;
	level = sl_key_file_get_string(kf, group, "severity");
	*out = level_or(level, SL_SEV_OFF);
	if (*out == SL_SEV_OFF) {
		g_free(level);
		level = sl_key_file_get_string(kf, group, "enable-severity");
		*out = level_or(level, SL_SEV_OFF);
	}
	if (*out != SL_SEV_OFF)
		return TRUE;
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
		    "%s: [%s] has no level to enable the rule at (severity= "
		    "or, where that is off, enable-severity=)", path, group);
	return FALSE;
}

struct sl_policy *sl_policy_open(const char *path, const char *profile,
				 GError **error)
{
	g_autoptr(sl_policy) policy = path ? sl_policy_load(path, error)
					   : sl_policy_load_default(error);

	if (!policy || !sl_policy_load_profile(policy, profile ? profile
						: SL_DEFAULT_PROFILE, error))
		return NULL;
	return g_steal_pointer(&policy);
}
