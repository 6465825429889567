// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compiled regular expressions, cached.  The rules match a few hundred
 * fixed patterns against every message; g_regex_match_simple() compiles
 * its pattern on each call, which was most of the time spent on a large
 * mbox.  Each thread keeps its own cache (GLib 2.74 updates a GRegex's
 * JIT state while matching, so one GRegex is not shared between -j
 * threads); the cache lives as long as the thread.
 */
#include <string.h>

#include "seclint.h"

struct regex_key {
	char *pattern;
	GRegexCompileFlags cflags;
	GRegexMatchFlags mflags;
};

static guint key_hash(gconstpointer p)
{
	const struct regex_key *k = p;

	return g_str_hash(k->pattern) ^ (guint)k->cflags ^
	       ((guint)k->mflags << 16);
}

static gboolean key_equal(gconstpointer a, gconstpointer b)
{
	const struct regex_key *x = a, *y = b;

	return x->cflags == y->cflags && x->mflags == y->mflags &&
	       !strcmp(x->pattern, y->pattern);
}

static void key_free(gpointer p)
{
	struct regex_key *k = p;

	g_free(k->pattern);
	g_free(k);
}

static GPrivate cache_key = G_PRIVATE_INIT((GDestroyNotify)g_hash_table_unref);

static GHashTable *thread_cache(void)
{
	GHashTable *cache = g_private_get(&cache_key);

	if (!cache) {
		cache = g_hash_table_new_full(key_hash, key_equal, key_free,
					      (GDestroyNotify)g_regex_unref);
		g_private_set(&cache_key, cache);
	}
	return cache;
}

GRegex *sl_regex(const char *pattern, GRegexCompileFlags cflags,
		 GRegexMatchFlags mflags, GError **error)
{
	GHashTable *cache = thread_cache();
	struct regex_key probe = { (char *)pattern, cflags, mflags };
	struct regex_key *key;
	GRegex *re = g_hash_table_lookup(cache, &probe);

	if (re)
		return re;
	re = g_regex_new(pattern, cflags, mflags, error);
	if (!re)
		return NULL;
	key = g_new(struct regex_key, 1);
	*key = (struct regex_key){ g_strdup(pattern), cflags, mflags };
	g_hash_table_insert(cache, key, re);
	return re;
}

GRegex *sl_regex_new(const char *pattern, GRegexCompileFlags cflags,
		     GRegexMatchFlags mflags, GError **error)
{
	GRegex *re = sl_regex(pattern, cflags, mflags, error);

	return re ? g_regex_ref(re) : NULL;
}

gboolean sl_regex_match_simple(const char *pattern, const char *string,
			       GRegexCompileFlags cflags,
			       GRegexMatchFlags mflags)
{
	GRegex *re = sl_regex(pattern, cflags, 0, NULL);

	if (!re) {
		g_critical("seclint: invalid pattern '%s'", pattern);
		return FALSE;
	}
	return g_regex_match(re, string, mflags, NULL);
}
