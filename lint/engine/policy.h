/* SPDX-License-Identifier: GPL-2.0-only */
/* The policy (lint/engine/policy.c) and its profiles (lint/engine/profile.c). */
#ifndef SECLINT_POLICY_H
#define SECLINT_POLICY_H

#include <glib.h>

#include "severity.h"

/* A list seclint knows, from the policy data. */
struct sl_list {
	char *id;		/* the key-file group name after "list " */
	char *name;		/* human name */
	char **addresses;	/* normalised */
	gboolean public;	/* visibility=public: anyone reads the archive */
	gboolean closed;	/* visibility=closed: a closed mailing list */
	char *subject_tag;	/* e.g. "[vs]", or NULL */
	char **roles;		/* e.g. "kernel-security", "plain-text" */
};

struct sl_policy {
	char *path;
	GPtrArray *lists;	/* of struct sl_list */
	char **list_patterns;	/* glob patterns of mailing-list addresses */
	GHashTable *severity;	/* rule id -> GINT_TO_POINTER(sev + 1) */
	/* The document revision in force, or NULL: as a lint run reads it
	 * (lint/engine/profile-table.c), and as a key file, the one read or
	 * one made from the table when first asked (sl_profile_keys()). */
	struct sl_profile_table *table;
	GKeyFile *profile_keys;
	char *profile_name;
	/* The profile is read without its rules' citation words (section=,
	 * quote=, note=: only JSON and SARIF show them in a lint run);
	 * sl_profile_get() reads them from @cited, the whole profile read
	 * again from @profile_path when first asked (profile.c). */
	char *profile_path;
	GKeyFile *cited;
	GPtrArray *list_specs;	/* list_patterns compiled (policy.c) */
	/* The addresses of the [mailing-lists] files, sorted by strcmp() for
	 * a binary search, pointing into list_buffers. */
	GPtrArray *list_addresses;
	GPtrArray *list_buffers;
	GHashTable *list_by_address;	/* address -> its [list], built once */
	/* [ai-agents] addresses: glob patterns of the addresses AI coding
	 * tools put in trailers, compiled (policy.c). */
	GPtrArray *agent_specs;
	/* sl_policy_rule_severity() of sl_rules[i], initial at [2 * i] and
	 * follow-up at [2 * i + 1]; see sl_policy_update_severities().  NULL
	 * until a profile is loaded (or the table made): each rule is then
	 * looked up. */
	enum sl_severity *rule_severity;
	/* policy.conf itself (its [role ID] values): read, or from the
	 * cache as a table, @keys then made from it only when asked for
	 * (sl_policy_keys()). */
	GKeyFile *keys;
	struct sl_profile_table *key_table;
	char **agent_patterns;	/* [ai-agents] addresses=, normalised */
	/* The values each rule in force reads (rule -> its struct
	 * sl_value, in the order of rule->params); see
	 * sl_policy_resolve_params(). */
	GHashTable *params;
	/* Told apart from every other policy of the process (caches that
	 * outlive a policy, such as the message's sl_recipients_seen). */
	guint serial;
};

/* A rule's group, in policy.conf (a site's level) and in a profile:
 * [rule ID]. */
#define SL_RULE_PREFIX "rule "

/* policy.conf alone, without a profile or the severity table: policy.c
 * knows no profile (profile.c does; sl_policy_open() loads both).  Through
 * the user's cache (sl_policy_load_from()). */
struct sl_policy *sl_policy_load(const char *path, GError **error);
struct sl_policy *sl_policy_load_default(GError **error);
/* The policy (@path, else the default) with a profile (@profile, else the
 * default profile) loaded: what every front end uses. */
struct sl_policy *sl_policy_open(const char *path, const char *profile,
				 GError **error);
void sl_policy_free(struct sl_policy *policy);
typedef struct sl_policy sl_policy;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_policy, sl_policy_free)

const struct sl_list *sl_policy_find_list(const struct sl_policy *policy,
					  const char *addr);
gboolean sl_policy_is_mailing_list(const struct sl_policy *policy,
				   const char *addr);
gboolean sl_policy_is_public_list(const struct sl_policy *policy,
				  const char *addr);
gboolean sl_list_has_role(const struct sl_list *list, const char *role);
/* Is @addr (normalised) one an AI coding tool signs or co-authors with
 * ([ai-agents] of the policy)? */
gboolean sl_policy_is_ai_agent(const struct sl_policy *policy,
			       const char *addr);

/* What the policy says of one recipient address. */
struct sl_recipient_kind {
	const struct sl_list *list;	/* sl_policy_find_list() */
	gboolean mailing_list;		/* sl_policy_is_mailing_list() */
	gboolean public_list;		/* sl_policy_is_public_list() */
	/* The first recipient from this one on that is a [list] (@list
	 * set), or the number of recipients: none.  Most recipients are
	 * none, and some sixty rules ask for a role each message. */
	guint next_list;
};
struct sl_message;
/* The same of each of @msg's recipients, in the order of
 * msg->recipients: found on the first question and kept with the
 * message for the rules that ask after it. */
const struct sl_recipient_kind *sl_policy_recipients(
	const struct sl_policy *policy, const struct sl_message *msg);
/* The address a finding advises for @role: the first of the first list
 * with it (policy.conf), or @role itself in a policy without one. */
const char *sl_policy_role_address(const struct sl_policy *policy,
				   const char *role);
enum sl_severity sl_policy_severity(const struct sl_policy *policy,
				    const char *rule_id);
/* g_key_file_get_string(@kf, @group, @key, NULL), cheaper when the group
 * or the key is missing (GKeyFile builds a GError for that even when the
 * caller passes none). */
char *sl_key_file_get_string(GKeyFile *kf, const char *group,
			     const char *key);

/* Profiles: one key file per document revision (rules/profiles/). */
#define SL_DEFAULT_PROFILE "2026-08"
gboolean sl_policy_load_profile(struct sl_policy *policy, const char *name,
				GError **error);
/* The same, through the cache under @cache_dir (NULL: none; the one above
 * takes g_get_user_cache_dir()), saying in *@status how that went. */
enum sl_profile_cache_status {
	SL_PROFILE_CACHE_NONE,		/* no cache asked for */
	SL_PROFILE_CACHE_MISS,		/* none, or not of these files */
	SL_PROFILE_CACHE_HIT,
};
/* The policy at @path, from the cache in @cache_dir (NULL: none) if it is
 * there as these files are, else read and cached there (policy.c). */
struct sl_policy *sl_policy_load_from(const char *path, const char *cache_dir,
				      enum sl_profile_cache_status *status,
				      GError **error);
/* policy.conf as a key file (made from the cached table when first asked
 * for), and @key of its [@group] as written or (@text) as
 * g_key_file_get_string() reads it; NULL: none. */
GKeyFile *sl_policy_keys(const struct sl_policy *policy);
char *sl_policy_value(const struct sl_policy *policy, const char *group,
		      const char *key, gboolean text);
/* Do @a and @b say the same (lists, severities, globs, addresses, the
 * values of policy.conf)?  For the cache's check mode and its tests. */
gboolean sl_policy_same(const struct sl_policy *a, const struct sl_policy *b);
gboolean sl_policy_load_profile_from(struct sl_policy *policy,
				     const char *name, const char *cache_dir,
				     enum sl_profile_cache_status *status,
				     GError **error);
/* The profile in force as a key file, or NULL: made on first use, not to
 * be changed but by a test, which then calls sl_policy_profile_changed()
 * (then sl_policy_update_severities() and sl_policy_resolve_params()). */
GKeyFile *sl_profile_keys(const struct sl_policy *policy);
void sl_policy_profile_changed(struct sl_policy *policy);
/* Has the profile in force @group; its keys (g_key_file_get_keys()). */
gboolean sl_profile_has_group(const struct sl_policy *policy,
			      const char *group);
char **sl_profile_get_keys(const struct sl_policy *policy, const char *group);
/* The profile file @path with what it inherits resolved, as a rule sees
 * it: [profile] is the file's own, a [rule ID] key its own or else its
 * parent's, an empty value none (rules/profiles/README). */
GKeyFile *sl_profile_read(const char *path, GError **error);
/* The whole profile, citation words too (read once when first asked);
 * whether @key of @group is one the profile loaded to lint leaves out. */
GKeyFile *sl_profile_cited(const struct sl_policy *policy);
gboolean sl_profile_is_citation_word(const char *group, const char *key);
char *sl_profile_get(const struct sl_policy *policy, const char *group,
		     const char *key);
struct sl_rule;
enum sl_severity sl_policy_rule_severity(const struct sl_policy *policy,
					 const struct sl_rule *rule,
					 gboolean followup);
/* Reads every parameter of every rule in force (struct sl_param) once:
 * a missing one, or one that is not of its type, is an error naming the
 * rule, the file, the group and the key.  Whoever changes the profile or the severities calls it after
 * sl_policy_update_severities(). */
gboolean sl_policy_resolve_params(struct sl_policy *policy, GError **error);
/* The values of @r's parameters (in the order of r->params), or NULL if
 * it declares none: of a rule that is off, what the policy has (unset
 * where it has nothing, or nothing of the type). */
struct sl_value;
const struct sl_value *sl_policy_params(const struct sl_policy *policy,
					const struct sl_rule *r);
/* @r's .summary or .help (@text) with the values of @policy in its
 * placeholders (sl_rule_text()): what --list-rules, --explain, the
 * output and SARIF print.  @policy may be NULL. */
char *sl_policy_rule_text(const struct sl_policy *policy,
			  const struct sl_rule *r, const char *text);
/* The level --enable gives @r where the profile in force leaves it off:
 * its level under the default profile beside the policy (SL_DEFAULT_PROFILE),
 * or where that is off, the group's enable-severity=.  A rule's level is
 * data, in the profiles only (unit.registry proves each rule has one). */
gboolean sl_policy_default_severity(const struct sl_policy *policy,
				    const struct sl_rule *r,
				    enum sl_severity *out, GError **error);
/* Recomputes policy->rule_severity: whoever changes the severities of a
 * policy (its site overrides, its profile) calls it before linting. */
void sl_policy_update_severities(struct sl_policy *policy);

#endif
