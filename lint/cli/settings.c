// SPDX-License-Identifier: GPL-2.0-only
/*
 * The settings layer (see settings.h).  A rule choice is either a level
 * (--disable and seclint.disable are the level "off") or "enabled": the
 * level the profile gives it, keeping its follow-up level, or the rule's
 * default level when the profile leaves it off.  An explicit level applies
 * to initial messages and follow-ups alike, as a policy.conf override does.
 */
#include <string.h>

#include "errors.h"
#include "gitconfig.h"
#include "output.h"
#include "policy.h"
#include "registry.h"
#include "rule.h"
#include "settings.h"
#include "severity.h"

#define CONFIG_SECTION "seclint."

const char *const sl_settings_sections[] = { "seclint", NULL };

/* seclint.* keys read by other parts (lowercase, as git gives them). */
static const char *const elsewhere[] = {
	"upstream", "upstreamdepth",	/* the repository context (repo.c) */
	"sendmail",			/* the real sendmail (sendmail.c) */
	"installed", "savedsendmailcmd",	/* what install-hook changed */
	"savedsmtpserver",			/* (install.c) */
	NULL,
};
#define CHOICE_ENABLE 100	/* else the level + 1 */

void sl_settings_init(struct sl_settings *s)
{
	memset(s, 0, sizeof(*s));
	s->rules = g_hash_table_new(g_str_hash, g_str_equal);
}

void sl_settings_clear(struct sl_settings *s)
{
	g_free(s->profile);
	g_free(s->profile_from);
	g_hash_table_unref(s->rules);
	memset(s, 0, sizeof(*s));
}

static void choose(struct sl_settings *s, const struct sl_rule *rule,
		   int choice)
{
	g_hash_table_insert(s->rules, (gpointer)rule->id,
			    GINT_TO_POINTER(choice));
}

static const struct sl_rule *find_rule(const char *where, const char *id,
				       GError **error)
{
	const struct sl_rule *rule = sl_rule_find(id);

	if (!rule)
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "%s: no such rule '%s' (see seclint --list-rules)",
			    where, id);
	return rule;
}

static gboolean parse_level(const char *where, const char *name,
			    enum sl_severity *sev, GError **error)
{
	if (sl_severity_parse(name, sev))
		return TRUE;
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
		    "%s: unknown level '%s' (off, info, warning or error)",
		    where, name);
	return FALSE;
}

static gboolean choose_list(struct sl_settings *s, const char *where,
			    const char *list, int choice, GError **error)
{
	g_auto(GStrv) ids = g_strsplit_set(list, ", \t\n", -1);

	for (char **id = ids; *id; id++) {
		const struct sl_rule *rule;

		if (!**id)
			continue;
		rule = find_rule(where, *id, error);
		if (!rule)
			return FALSE;
		choose(s, rule, choice);
	}
	return TRUE;
}

gboolean sl_settings_disable(struct sl_settings *s, const char *option,
			     const char *list, GError **error)
{
	return choose_list(s, option, list, SL_SEV_OFF + 1, error);
}

gboolean sl_settings_enable(struct sl_settings *s, const char *list,
			    GError **error)
{
	return choose_list(s, "--enable", list, CHOICE_ENABLE, error);
}

gboolean sl_settings_severity(struct sl_settings *s, const char *assignment,
			      GError **error)
{
	const char *eq = strchr(assignment, '=');
	g_autofree char *id = NULL;
	const struct sl_rule *rule;
	enum sl_severity sev;

	if (!eq) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "--severity takes RULE=LEVEL, not '%s'",
			    assignment);
		return FALSE;
	}
	id = g_strndup(assignment, eq - assignment);
	rule = find_rule("--severity", id, error);
	if (!rule || !parse_level("--severity", eq + 1, &sev, error))
		return FALSE;
	choose(s, rule, sev + 1);
	return TRUE;
}

void sl_settings_merge(struct sl_settings *dst, const struct sl_settings *src)
{
	GHashTableIter it;
	gpointer id, choice;

	if (src->profile) {
		g_free(dst->profile);
		g_free(dst->profile_from);
		dst->profile = g_strdup(src->profile);
		dst->profile_from = g_strdup(src->profile_from);
	}
	g_hash_table_iter_init(&it, src->rules);
	while (g_hash_table_iter_next(&it, &id, &choice))
		g_hash_table_insert(dst->rules, id, choice);
	dst->strict |= src->strict;
	dst->quiet |= src->quiet;
}

/* git config: "KEY (ORIGIN)", the name of a setting in messages. */
static char *where(const struct sl_gitconfig_entry *e)
{
	return g_strdup_printf("%s (%s)", e->key, e->origin);
}

static gboolean need_value(const struct sl_gitconfig_entry *e, GError **error)
{
	g_autofree char *w = NULL;

	if (e->value && *e->value)
		return TRUE;
	w = where(e);
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
		    "%s: needs a value", w);
	return FALSE;
}

/* seclint.RULE.severity: @name is "RULE.severity". */
static gboolean config_rule(struct sl_settings *s,
			    const struct sl_gitconfig_entry *e,
			    const char *name, GError **error)
{
	g_autofree char *w = where(e);
	const char *dot = strrchr(name, '.');
	g_autofree char *id = g_strndup(name, dot - name);
	const struct sl_rule *rule;
	enum sl_severity sev;

	if (strcmp(dot, ".severity")) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "%s: unknown seclint setting (seclint.RULE takes "
			    "only severity)", w);
		return FALSE;
	}
	if (!need_value(e, error))
		return FALSE;
	rule = find_rule(w, id, error);
	if (!rule || !parse_level(w, e->value, &sev, error))
		return FALSE;
	choose(s, rule, sev + 1);
	return TRUE;
}

static gboolean config_entry(struct sl_settings *s, struct sl_settings *off,
			     const struct sl_gitconfig_entry *e,
			     GError **error)
{
	const char *name = e->key + strlen(CONFIG_SECTION);
	g_autofree char *w = where(e);

	if (strchr(name, '.'))
		return config_rule(s, e, name, error);
	if (!strcmp(name, "disable")) {
		/* As with git's own lists, an empty value resets it. */
		if (!e->value || !*e->value)
			g_hash_table_remove_all(off->rules);
		return choose_list(off, w, e->value ? e->value : "",
				   SL_SEV_OFF + 1, error);
	}
	if (!strcmp(name, "strict"))
		return sl_gitconfig_bool(e, &s->strict, error);
	if (!strcmp(name, "profile")) {
		if (!need_value(e, error))
			return FALSE;
		g_free(s->profile);
		g_free(s->profile_from);
		s->profile = g_strdup(e->value);
		s->profile_from = g_steal_pointer(&w);
		return TRUE;
	}
	if (g_strv_contains(elsewhere, name))
		return TRUE;
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
		    "%s: unknown seclint setting (profile, disable, strict, "
		    "RULE.severity)", w);
	return FALSE;
}

/*
 * Entries come in git's order, so a later file wins; seclint.RULE.severity
 * wins over seclint.disable whatever the order, being about one rule.
 */
gboolean sl_settings_from_gitconfig(struct sl_settings *s,
				    const struct sl_gitconfig *cfg,
				    GError **error)
{
	struct sl_settings off, levels;
	gboolean ok = TRUE;

	sl_settings_init(&off);
	sl_settings_init(&levels);
	for (guint i = 0; ok && i < cfg->entries->len; i++) {
		const struct sl_gitconfig_entry *e = cfg->entries->pdata[i];

		if (g_str_has_prefix(e->key, CONFIG_SECTION))
			ok = config_entry(&levels, &off, e, error);
	}
	if (ok) {
		sl_settings_merge(s, &off);
		sl_settings_merge(s, &levels);
		s->strict = levels.strict;
	}
	sl_settings_clear(&levels);
	sl_settings_clear(&off);
	return ok;
}

static gboolean apply_rules(const struct sl_settings *s,
			    struct sl_policy *policy, GError **error)
{
	GHashTableIter it;
	gpointer id, choice;

	g_hash_table_iter_init(&it, s->rules);
	while (g_hash_table_iter_next(&it, &id, &choice)) {
		const struct sl_rule *rule = sl_rule_find(id);
		int c = GPOINTER_TO_INT(choice);

		if (c == CHOICE_ENABLE) {
			enum sl_severity sev;

			/* On in the profile: as it is, follow-up level too;
			 * else at the level of the default profile. */
			if (sl_policy_rule_severity(policy, rule, FALSE) !=
			    SL_SEV_OFF)
				continue;
			if (!sl_policy_default_severity(policy, rule, &sev,
							error))
				return FALSE;
			c = sev + 1;
		}
		g_hash_table_insert(policy->severity, g_strdup(id),
				    GINT_TO_POINTER(c));
	}
	sl_policy_update_severities(policy);
	return TRUE;
}

struct sl_policy *sl_settings_open_policy(const struct sl_settings *s,
					  const char *path, GError **error)
{
	g_autoptr(sl_policy) policy = path ? sl_policy_load(path, error)
					   : sl_policy_load_default(error);

	if (!policy)
		return NULL;
	if (!sl_policy_load_profile(policy, s->profile ? s->profile
				    : SL_DEFAULT_PROFILE, error)) {
		if (s->profile_from)
			g_prefix_error(error, "%s: ", s->profile_from);
		return NULL;
	}
	/* Loading the profile resolved them; again only if choices change. */
	if (g_hash_table_size(s->rules) > 0) {
		if (!apply_rules(s, policy, error) ||
		    !sl_policy_resolve_params(policy, error))
			return NULL;
	}
	return g_steal_pointer(&policy);
}

struct sl_policy *sl_settings_load(struct sl_settings *s,
				   const struct sl_gitconfig *cfg,
				   GError **error)
{
	if (!sl_settings_from_gitconfig(s, cfg, error))
		return NULL;
	return sl_settings_open_policy(s, NULL, error);
}

enum sl_severity sl_settings_shown(const struct sl_settings *s)
{
	if (!s->quiet)
		return SL_SEV_INFO;
	return s->strict ? SL_SEV_WARNING : SL_SEV_ERROR;
}

int sl_settings_exit_code(const struct sl_settings *s,
			  const struct sl_output *output)
{
	int status = sl_output_exit_code(output);

	if (!status && s->strict && output->counts[SL_SEV_WARNING])
		return 1;
	return status;
}
