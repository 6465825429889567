// SPDX-License-Identifier: GPL-2.0-only
/*
 * Policy data: the lists, their addresses, visibility, subject tags and
 * roles, read from a GLib key file (rules/policy.conf).  Nothing about a
 * list is written in C.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "address.h"
#include "env-flag.h"
#include "errors.h"
#include "message.h"
#include "policy-block.h"
#include "policy.h"
#include "profile-table.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

#define LIST_PREFIX "list "
#define ROLE_PREFIX "role "

static void list_free(gpointer p)
{
	struct sl_list *l = p;

	g_free(l->id);
	g_free(l->name);
	g_strfreev(l->addresses);
	g_free(l->subject_tag);
	g_strfreev(l->roles);
	g_free(l);
}

void sl_policy_free(struct sl_policy *policy)
{
	if (!policy)
		return;
	g_free(policy->path);
	g_ptr_array_unref(policy->lists);
	g_strfreev(policy->list_patterns);
	if (policy->list_specs)
		g_ptr_array_unref(policy->list_specs);
	if (policy->list_addresses)
		g_ptr_array_unref(policy->list_addresses);
	if (policy->list_buffers)
		g_ptr_array_unref(policy->list_buffers);
	if (policy->list_by_address)
		g_hash_table_unref(policy->list_by_address);
	if (policy->agent_specs)
		g_ptr_array_unref(policy->agent_specs);
	g_strfreev(policy->agent_patterns);
	sl_profile_table_free(policy->key_table);
	g_hash_table_unref(policy->severity);
	sl_profile_table_free(policy->table);
	if (policy->profile_keys)
		g_key_file_unref(policy->profile_keys);
	if (policy->cited)
		g_key_file_unref(policy->cited);
	g_free(policy->profile_name);
	g_free(policy->profile_path);
	g_free(policy->rule_severity);
	if (policy->keys)
		g_key_file_unref(policy->keys);
	if (policy->params)
		g_hash_table_unref(policy->params);
	g_free(policy);
}

char *sl_key_file_get_string(GKeyFile *kf, const char *group,
			     const char *key)
{
	if (!g_key_file_has_group(kf, group) ||
	    !g_key_file_has_key(kf, group, key, NULL))
		return NULL;
	return g_key_file_get_string(kf, group, key, NULL);
}

static char **normalised_list(GKeyFile *kf, const char *group,
			      const char *key, GError **error)
{
	g_auto(GStrv) raw = g_key_file_get_string_list(kf, group, key, NULL,
						       error);
	GPtrArray *out;

	if (!raw)
		return NULL;
	out = g_ptr_array_new();
	for (char **p = raw; *p; p++)
		if (**p)
			g_ptr_array_add(out, sl_address_normalise(*p));
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

static struct sl_list *load_list(GKeyFile *kf, const char *group,
				 GError **error)
{
	struct sl_list *l = g_new0(struct sl_list, 1);
	g_autofree char *visibility = NULL;

	l->id = g_strdup(group + strlen(LIST_PREFIX));
	l->name = sl_key_file_get_string(kf, group, "name");
	l->subject_tag = sl_key_file_get_string(kf, group, "subject-tag");
	l->roles = g_key_file_get_string_list(kf, group, "roles", NULL, NULL);
	if (!l->roles)
		l->roles = g_new0(char *, 1);
	l->addresses = normalised_list(kf, group, "addresses", error);
	visibility = sl_key_file_get_string(kf, group, "visibility");
	if (!l->addresses || !l->name || !visibility ||
	    (strcmp(visibility, "public") && strcmp(visibility, "closed") &&
	     strcmp(visibility, "team"))) {
		if (error && !*error)
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
				    "[%s] needs name, addresses and "
				    "visibility=public|closed|team", group);
		list_free(l);
		return NULL;
	}
	l->public = !strcmp(visibility, "public");
	l->closed = !strcmp(visibility, "closed");
	return l;
}

static gboolean load_rule(struct sl_policy *policy, GKeyFile *kf,
			  const char *group, GError **error)
{
	const char *id = group + strlen(SL_RULE_PREFIX);
	g_autofree char *level = sl_key_file_get_string(kf, group,
							"severity");
	enum sl_severity sev;

	if (!sl_rule_find(id)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "[%s]: no such rule", group);
		return FALSE;
	}
	if (!level)
		return TRUE;
	if (!sl_severity_parse(level, &sev)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
			    "[%s]: unknown severity '%s' (off, info, warning, "
			    "error)", group, level);
		return FALSE;
	}
	g_hash_table_insert(policy->severity, g_strdup(id),
			    GINT_TO_POINTER(sev + 1));
	return TRUE;
}

/*
 * One address file of [mailing-lists] files=: an address a line, blank
 * lines and "#" comments ignored; a name without a "/" is relative to the
 * policy file's directory.  Its text is kept and cut into lines in place:
 * an address in normal form (all of a generated file) is used where it
 * is, rather than copied into a hash table of its own.
 */
static gboolean load_address_file(struct sl_policy *policy, const char *name,
				  struct sl_profile_source *source,
				  GError **error)
{
	g_autofree char *dir = g_path_get_dirname(policy->path);
	g_autofree char *path = g_path_is_absolute(name)
					? g_strdup(name)
					: g_build_filename(dir, name, NULL);
	gsize len;
	char *text = source ? sl_profile_source_read(source, path, &len)
			    : NULL;
	char *next;

	if (!text && !g_file_get_contents(path, &text, NULL, error)) {
		g_prefix_error(error, "[mailing-lists] files: ");
		return FALSE;
	}
	g_ptr_array_add(policy->list_buffers, text);
	for (char *line = text; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		g_strstrip(line);
		if (!*line || *line == '#')
			continue;
		if (!sl_address_is_normal(line)) {
			line = sl_address_normalise(line);
			g_ptr_array_add(policy->list_buffers, line);
		}
		g_ptr_array_add(policy->list_addresses, line);
	}
	return TRUE;
}

static int compare_addresses(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int compare_address(const void *key, const void *elem)
{
	return strcmp(key, *(char *const *)elem);
}

/* A generated file is sorted already. */
static void sort_addresses(GPtrArray *a)
{
	for (guint i = 1; i < a->len; i++)
		if (compare_addresses(&a->pdata[i - 1], &a->pdata[i]) > 0) {
			g_ptr_array_sort(a, compare_addresses);
			break;
		}
}

static gboolean load_address_files(struct sl_policy *policy, GKeyFile *kf,
				   struct sl_profile_source *source,
				   GError **error)
{
	g_auto(GStrv) files = g_key_file_get_string_list(kf, "mailing-lists",
							 "files", NULL, NULL);
	GPtrArray *a;

	policy->list_addresses = a = g_ptr_array_new();
	policy->list_buffers = g_ptr_array_new_with_free_func(g_free);
	for (char **f = files; f && *f; f++)
		if (**f && !load_address_file(policy, *f, source, error))
			return FALSE;
	return TRUE;
}

/* A [role ID] group holds the limits of the lists with that role. */
static gboolean check_role(const struct sl_policy *policy, const char *group,
			   GError **error)
{
	const char *role = group + strlen(ROLE_PREFIX);

	for (guint i = 0; i < policy->lists->len; i++)
		if (sl_list_has_role(policy->lists->pdata[i], role))
			return TRUE;
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
		    "[%s]: no [list] has the role '%s'", group, role);
	return FALSE;
}

/*
 * A glob of the policy ('*' and '?' its only wildcards), and what every
 * string it matches holds: it starts with @head, ends with @tail (the
 * bytes before the first wildcard and after the last), is as long as
 * both, and holds @mid, the longest run of bytes between wildcards.
 * Most addresses (people's) fail at once, and GLib's match of a pattern
 * that ends in a literal copies the string reversed: that, for each of
 * some dozen patterns and each recipient of each message, was most of
 * the cost of telling people from lists.
 */
struct spec {
	GPatternSpec *spec;
	char *head, *mid, *tail;
	size_t head_len, tail_len;
	gboolean exact;		/* no wildcard: the pattern itself */
};

static void spec_free(gpointer p)
{
	struct spec *s = p;

	g_pattern_spec_free(s->spec);
	g_free(s->head);
	g_free(s->mid);
	g_free(s->tail);
	g_free(s);
}

static struct spec *spec_new(const char *pattern)
{
	struct spec *s = g_new0(struct spec, 1);
	size_t first = strcspn(pattern, "*?"), last = first;
	const char *mid = "";
	size_t mid_len = 0;

	s->spec = g_pattern_spec_new(pattern);
	s->exact = !pattern[first];
	for (size_t i = first; pattern[i]; i++)
		if (pattern[i] == '*' || pattern[i] == '?')
			last = i;
	s->head = g_strndup(pattern, first);
	s->head_len = first;
	s->tail = g_strdup(s->exact ? "" : pattern + last + 1);
	s->tail_len = strlen(s->tail);
	for (size_t i = first; i < last;) {
		size_t run;

		i += strspn(pattern + i, "*?");
		run = strcspn(pattern + i, "*?");
		if (i + run <= last && run > mid_len) {
			mid = pattern + i;
			mid_len = run;
		}
		i += run;
	}
	s->mid = g_strndup(mid, mid_len);
	return s;
}

/* Glob @patterns (NULL: none) compiled, for specs_match(). */
static GPtrArray *specs_new(char **patterns)
{
	GPtrArray *specs = g_ptr_array_new_with_free_func(spec_free);

	for (char **p = patterns; p && *p; p++)
		g_ptr_array_add(specs, spec_new(*p));
	return specs;
}

/* Can @s not match @addr (@len bytes)?  TRUE: it cannot. */
static inline gboolean spec_ruled_out(const struct spec *s, const char *addr,
				      size_t len)
{
	if (s->exact)
		return strcmp(addr, s->head) != 0;
	return len < s->head_len + s->tail_len ||
	       (s->head_len && memcmp(addr, s->head, s->head_len)) ||
	       (s->tail_len &&
		memcmp(addr + len - s->tail_len, s->tail, s->tail_len)) ||
	       (*s->mid && !strstr(addr, s->mid));
}

/* SECLINT_CHECK_LITERALS=1: every glob ruled out is matched all the same,
 * and a match aborts (as the rules' guards are proved). */
static gboolean checking(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_LITERALS", "1");
}

static gboolean specs_match(const GPtrArray *specs, const char *addr)
{
	size_t len = strlen(addr);
	gboolean check = checking();

	for (guint i = 0; specs && i < specs->len; i++) {
		const struct spec *s = specs->pdata[i];

		if (spec_ruled_out(s, addr, len)) {
			if (check && g_pattern_spec_match_string(s->spec, addr))
				g_error("seclint: a glob was ruled out, yet "
					"matches: %s", addr);
			continue;
		}
		if (s->exact || g_pattern_spec_match_string(s->spec, addr))
			return TRUE;
	}
	return FALSE;
}

/* The globs of @group's @key, normalised; none without. */
static char **patterns_of(GKeyFile *kf, const char *group, const char *key)
{
	char **patterns = normalised_list(kf, group, key, NULL);

	return patterns ? patterns : g_new0(char *, 1);
}

/*
 * What a policy derives from what it says, read or from the cache: the
 * file addresses sorted for a binary search; the lists by address
 * (recipients are looked up once per address and rule: a table, not a
 * scan of every list's addresses; the first list naming an address wins,
 * as the scan did); the globs of [mailing-lists] and [ai-agents] compiled.
 */
static void derive(struct sl_policy *policy)
{
	sort_addresses(policy->list_addresses);
	policy->list_specs = specs_new(policy->list_patterns);
	policy->agent_specs = specs_new(policy->agent_patterns);
	policy->list_by_address = g_hash_table_new(g_str_hash, g_str_equal);
	for (guint i = 0; i < policy->lists->len; i++) {
		struct sl_list *l = policy->lists->pdata[i];

		for (char **a = l->addresses; a && *a; a++)
			if (!g_hash_table_contains(policy->list_by_address, *a))
				g_hash_table_insert(policy->list_by_address,
						    *a, l);
	}
}

static gboolean load_groups(struct sl_policy *policy, GKeyFile *kf,
			    struct sl_profile_source *source, GError **error)
{
	g_auto(GStrv) groups = g_key_file_get_groups(kf, NULL);

	for (char **g = groups; *g; g++) {
		if (g_str_has_prefix(*g, LIST_PREFIX)) {
			struct sl_list *l = load_list(kf, *g, error);

			if (!l)
				return FALSE;
			g_ptr_array_add(policy->lists, l);
		} else if (g_str_has_prefix(*g, SL_RULE_PREFIX)) {
			if (!load_rule(policy, kf, *g, error))
				return FALSE;
		} else if (!g_str_has_prefix(*g, ROLE_PREFIX) &&
			   strcmp(*g, "mailing-lists") &&
			   strcmp(*g, "ai-agents")) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_POLICY,
				    "unknown group [%s]", *g);
			return FALSE;
		}
	}
	for (char **g = groups; *g; g++)
		if (g_str_has_prefix(*g, ROLE_PREFIX) &&
		    !check_role(policy, *g, error))
			return FALSE;
	policy->list_patterns = patterns_of(kf, "mailing-lists", "patterns");
	/* [ai-agents] addresses=: what AI coding tools sign with. */
	policy->agent_patterns = patterns_of(kf, "ai-agents", "addresses");
	return load_address_files(policy, kf, source, error);
}

static gint policy_count;

static struct sl_policy *policy_new(const char *path)
{
	struct sl_policy *policy = g_new0(struct sl_policy, 1);

	policy->path = g_strdup(path);
	policy->serial = (guint)g_atomic_int_add(&policy_count, 1) + 1;
	policy->lists = g_ptr_array_new_with_free_func(list_free);
	policy->severity = g_hash_table_new_full(g_str_hash, g_str_equal,
						 g_free, NULL);
	return policy;
}

/* The policy at @path read, its files through @source (NULL: none). */
static struct sl_policy *policy_read(const char *path,
				     struct sl_profile_source *source,
				     GError **error)
{
	g_autoptr(GKeyFile) kf = g_key_file_new();
	g_autoptr(sl_policy) policy = policy_new(path);
	gsize len;
	g_autofree char *text = source ? sl_profile_source_read(source, path,
								&len)
				       : NULL;

	if (!(text ? g_key_file_load_from_data(kf, text, len,
					       G_KEY_FILE_NONE, error)
		   : g_key_file_load_from_file(kf, path, G_KEY_FILE_NONE,
					       error)) ||
	    !load_groups(policy, kf, source, error)) {
		g_prefix_error(error, "policy '%s': ", path);
		if (error && *error)
			(*error)->code = SECLINT_ERROR_POLICY;
		return NULL;
	}
	derive(policy);
	policy->keys = g_steal_pointer(&kf);
	return g_steal_pointer(&policy);
}

/* The policy @path from its cached @block; NULL: the block is not one. */
static struct sl_policy *policy_from_block(const char *path, GBytes *block)
{
	g_autoptr(sl_policy) policy = policy_new(path);

	if (!sl_policy_unblock(policy, block))
		return NULL;
	derive(policy);
	return g_steal_pointer(&policy);
}

/*
 * The policy at @path: from the cache in @cache_dir (NULL: none) if it
 * holds these files as they are (policy.conf and its [mailing-lists]
 * files), else read, and then cached there.  Reading it was 0.45 million
 * instructions of the 2.3 million a one-message run spends beyond
 * `seclint --version` (GKeyFile, the address file's 263 lines, the globs);
 * from the cache, 0.19 million.  An error is found, and reported, by
 * reading: only a policy read without one is cached.
 */
struct sl_policy *sl_policy_load_from(const char *path, const char *cache_dir,
				      enum sl_profile_cache_status *status,
				      GError **error)
{
	enum sl_profile_cache_status st;
	g_autoptr(GBytes) block = sl_cache_block_get(cache_dir, "policy", path,
						     &st);
	g_autoptr(sl_policy) cached = block ? policy_from_block(path, block)
					    : NULL;
	struct sl_profile_source *source = NULL;
	GError *why = NULL;
	struct sl_policy *fresh;

	if (cached)
		st = SL_PROFILE_CACHE_HIT;
	if (status)
		*status = st;
	if (cached && !sl_cache_checking())
		return g_steal_pointer(&cached);
	if (cache_dir && !cached)
		source = sl_profile_source_new();
	fresh = policy_read(path, source, &why);
	if (cached) {
		if (!fresh)
			g_error("seclint: SECLINT_CHECK_POLICY_CACHE: the policy "
				"%s is in the cache, yet reads with an error: %s",
				path, why->message);
		if (!sl_policy_same(fresh, cached))
			g_error("seclint: SECLINT_CHECK_POLICY_CACHE: the policy "
				"%s in the cache is not the one read", path);
		sl_policy_free(fresh);
		return g_steal_pointer(&cached);
	}
	if (fresh && source) {
		g_autoptr(GBytes) b = sl_policy_block(fresh);

		if (b)
			sl_cache_block_put(cache_dir, "policy", path, source,
					   b);
	}
	sl_profile_source_free(source);
	if (why)
		g_propagate_error(error, why);
	return fresh;
}

struct sl_policy *sl_policy_load(const char *path, GError **error)
{
	return sl_policy_load_from(path, g_get_user_cache_dir(), NULL, error);
}

/* Guards the key file a policy from the cache makes when first asked. */
static GMutex keys_lock;

GKeyFile *sl_policy_keys(const struct sl_policy *policy)
{
	struct sl_policy *p = (struct sl_policy *)policy;
	GKeyFile *kf;

	g_mutex_lock(&keys_lock);
	if (!p->keys && p->key_table)
		p->keys = sl_profile_table_keys(p->key_table);
	kf = p->keys;
	g_mutex_unlock(&keys_lock);
	return kf;
}

char *sl_policy_value(const struct sl_policy *policy, const char *group,
		      const char *key, gboolean text)
{
	GKeyFile *kf;

	/* A key file once made (and maybe changed) is the one in force. */
	g_mutex_lock(&keys_lock);
	kf = policy->keys;
	g_mutex_unlock(&keys_lock);
	if (!kf)
		return policy->key_table
			       ? g_strdup(sl_profile_table_get(
					 policy->key_table, group, key, text))
			       : NULL;
	return text ? sl_key_file_get_string(kf, group, key)
		    : g_key_file_get_value(kf, group, key, NULL);
}

static char *exe_relative_policy(void)
{
	g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
	g_autofree char *bindir = NULL;

	if (!exe)
		return NULL;
	bindir = g_path_get_dirname(exe);
	return g_build_filename(bindir, "..", "share", "seclint",
				"policy.conf", NULL);
}

/*
 * The policy in force without --policy: $SECLINT_POLICY, then the install
 * prefix relative to the executable, then (unless built without
 * SECLINT_SOURCE_POLICY_FALLBACK, as packages are) the source tree it was
 * built from.
 */
struct sl_policy *sl_policy_load_default(GError **error)
{
	const char *env = g_getenv("SECLINT_POLICY");
	g_autofree char *installed = NULL;

	if (env && *env)
		return sl_policy_load(env, error);
	installed = exe_relative_policy();
#ifdef SECLINT_SOURCE_POLICY
	if (!installed || !g_file_test(installed, G_FILE_TEST_IS_REGULAR))
		return sl_policy_load(SECLINT_SOURCE_POLICY, error);
#endif
	return sl_policy_load(installed ? installed
					 : "../share/seclint/policy.conf",
			      error);
}

static gboolean strv_contains(char **v, const char *s)
{
	return v && g_strv_contains((const char *const *)v, s);
}

const struct sl_list *sl_policy_find_list(const struct sl_policy *policy,
					  const char *addr)
{
	return g_hash_table_lookup(policy->list_by_address, addr);
}

/* The mailing lists that are no [list] of the policy: an address of the
 * [mailing-lists] files, or one matching a host pattern. */
static gboolean other_mailing_list(const struct sl_policy *policy,
				   const char *addr)
{
	if (policy->list_addresses && policy->list_addresses->len &&
	    bsearch(addr, policy->list_addresses->pdata,
		    policy->list_addresses->len, sizeof(gpointer),
		    compare_address))
		return TRUE;
	return specs_match(policy->list_specs, addr);
}

/*
 * A mailing list: a [list] of the policy that is one (not a team's alias
 * such as cve@kernel.org), an address of the [mailing-lists] files (every
 * L: of the kernel's MAINTAINERS), or one matching a host pattern.  @l is
 * the [list] at @addr, or NULL.
 */
static gboolean is_mailing_list(const struct sl_policy *policy,
				const struct sl_list *l, const char *addr)
{
	return l ? l->public || l->closed : other_mailing_list(policy, addr);
}

gboolean sl_policy_is_mailing_list(const struct sl_policy *policy,
				   const char *addr)
{
	return is_mailing_list(policy, sl_policy_find_list(policy, addr), addr);
}

/*
 * A public mailing list: a known one marked public, or any other mailing
 * list (sl_policy_is_mailing_list()).  The one answer to "is this address
 * a public list" for every rule that asks it.
 */
gboolean sl_policy_is_public_list(const struct sl_policy *policy,
				  const char *addr)
{
	const struct sl_list *l = sl_policy_find_list(policy, addr);

	return l ? l->public : other_mailing_list(policy, addr);
}

gboolean sl_list_has_role(const struct sl_list *list, const char *role)
{
	return list && strv_contains(list->roles, role);
}

gboolean sl_policy_is_ai_agent(const struct sl_policy *policy,
			       const char *addr)
{
	return specs_match(policy->agent_specs, addr);
}

/*
 * What the policy says of one address (its [list], and whether it is a
 * mailing list), kept per thread: the same few lists take most mail's
 * recipients, and each answer is a hashed lookup, a search of the
 * [mailing-lists] addresses and the host globs (2.7 % of a run on the
 * bench corpus).  Keyed by the address and the policy's serial, which
 * no other policy of the process has; a policy's lists do not change
 * once it is loaded.  SECLINT_CHECK_LITERALS=1 works each answer out
 * again and aborts on a difference.
 *
 * The answers are a table of KIND_SLOTS slots made at a thread's first
 * question, a slot chosen by the address's hash, the newest address
 * taking its slot over; an address longer than a slot's key is worked
 * out each time.  It was a hash table of up to 4,096 answers, two small
 * blocks each, made one by one through a run: spread over a worker's
 * heap among each message's blocks, they kept its pages from being
 * given back (some 2,500 a thread on the bench corpus at -j 2).
 */
#define KIND_SLOTS 1024		/* a power of two */
#define KIND_KEY_MAX 54		/* bytes of an address a slot holds */

struct kind {
	const struct sl_list *list;
	gboolean mailing_list;
};

struct kind_slot {
	guint policy;		/* the serial of its answer's policy; 0:
				 * empty (serials start at 1) */
	guint8 len;
	char addr[KIND_KEY_MAX + 1];
	struct kind kind;
};

/* The answer for @addr, worked out. */
static struct kind kind_new(const struct sl_policy *policy, const char *addr)
{
	const struct sl_list *l = sl_policy_find_list(policy, addr);

	return (struct kind){ l, is_mailing_list(policy, l, addr) };
}

/* @addr's answer, kept in the thread's table if it fits a slot. */
static struct kind kind_of(const struct sl_policy *policy, const char *addr)
{
	static GPrivate memo_key = G_PRIVATE_INIT(g_free);
	struct kind_slot *table = g_private_get(&memo_key);
	struct kind_slot *slot;
	gsize len = strlen(addr);

	if (len > KIND_KEY_MAX)
		return kind_new(policy, addr);
	if (!table) {
		table = g_new0(struct kind_slot, KIND_SLOTS);
		g_private_set(&memo_key, table);
	}
	slot = &table[g_str_hash(addr) & (KIND_SLOTS - 1)];
	if (slot->policy == policy->serial && slot->len == len &&
	    !memcmp(slot->addr, addr, len)) {
		if (checking()) {
			struct kind again = kind_new(policy, addr);

			if (again.list != slot->kind.list ||
			    again.mailing_list != slot->kind.mailing_list)
				g_error("seclint: the kept answer of the "
					"policy for %s differs from a new one",
					addr);
		}
		return slot->kind;
	}
	slot->kind = kind_new(policy, addr);
	slot->policy = policy->serial;
	slot->len = (guint8)len;
	memcpy(slot->addr, addr, len + 1);
	return slot->kind;
}

struct sl_recipients_seen {
	guint policy;		/* its serial */
	guint len;		/* of msg->recipients when seen */
	struct sl_recipient_kind kind[];
};

/*
 * Some sixty rules ask the policy about the same recipients of a message,
 * and a hashed lookup per question was a tenth of a run on list traffic;
 * so each recipient is looked up once per message and policy.  The answer
 * is kept with the message, which is linted on one thread (no lock); the
 * recipients are only ever appended to (the command line's after the
 * digest), and a policy's lists do not change once it is loaded.
 */
const struct sl_recipient_kind *sl_policy_recipients(
	const struct sl_policy *policy, const struct sl_message *msg)
{
	struct sl_message *m = (struct sl_message *)msg;
	struct sl_recipients_seen *seen = m->seen;
	guint n = msg->recipients->len;

	if (seen && seen->policy == policy->serial && seen->len == n)
		return seen->kind;
	g_free(m->seen);
	seen = g_malloc(sizeof(*seen) + n * sizeof(seen->kind[0]));
	seen->policy = policy->serial;
	seen->len = n;
	for (guint i = 0; i < n; i++) {
		const struct sl_address *a = msg->recipients->pdata[i];
		struct sl_recipient_kind *k = &seen->kind[i];
		struct kind known = kind_of(policy, a->addr);

		k->list = known.list;
		k->mailing_list = known.mailing_list;
		k->public_list = k->list ? k->list->public : k->mailing_list;
	}
	for (guint i = n, next = n; i-- > 0;) {
		if (seen->kind[i].list)
			next = i;
		seen->kind[i].next_list = next;
	}
	m->seen = seen;
	return seen->kind;
}

const char *sl_policy_role_address(const struct sl_policy *policy,
				   const char *role)
{
	for (guint i = 0; i < policy->lists->len; i++) {
		const struct sl_list *l = policy->lists->pdata[i];

		if (sl_list_has_role(l, role) && l->addresses[0])
			return l->addresses[0];
	}
	return role;
}
