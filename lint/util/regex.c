// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compiled regular expressions, cached.  The rules match a few hundred
 * fixed patterns against every message; g_regex_match_simple() compiles
 * its pattern on each call, which was most of the time spent on a large
 * mbox.  Each thread keeps its own cache (GLib 2.74 updates a GRegex's
 * JIT state while matching, so one GRegex is not shared between -j
 * threads); the cache lives as long as the thread.
 *
 * G_REGEX_OPTIMIZE is dropped: it turns on PCRE2's JIT inside GRegex,
 * which runs on a 32 KiB stack that a hostile message can exhaust,
 * failing the match silently.  Matching itself is mostly done by
 * lint/util/matches.c, which uses the JIT with a larger stack and falls back
 * to the interpreter (and can be told not to, for valgrind, whose
 * reports on JIT code reading past the subject cannot be suppressed
 * narrowly).
 */
#include <string.h>

#include "matches.h"
#include "regex-cache.h"

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

/*
 * Most patterns are string constants, asked for again and again from the
 * same address: a slot keyed by the address finds them without hashing
 * the whole pattern.  An address may hold another string later (a pattern
 * built at run time and freed), so a slot is only taken after comparing
 * the strings; the table entry it points to lives as long as the cache.
 */
#define SL_REGEX_SLOTS 512

struct regex_slot {
	const char *address;
	const struct regex_key *key;	/* the table's */
	GRegex *re;			/* the table's */
};

struct regex_cache {
	GHashTable *table;	/* struct regex_key -> GRegex */
	struct regex_slot slots[SL_REGEX_SLOTS];
};

static void cache_free(gpointer p)
{
	struct regex_cache *cache = p;

	g_hash_table_unref(cache->table);
	g_free(cache);
}

static GPrivate cache_key = G_PRIVATE_INIT(cache_free);

static struct regex_cache *thread_cache(void)
{
	struct regex_cache *cache = g_private_get(&cache_key);

	if (!cache) {
		cache = g_new0(struct regex_cache, 1);
		cache->table = g_hash_table_new_full(key_hash, key_equal,
						     key_free,
						     (GDestroyNotify)g_regex_unref);
		g_private_set(&cache_key, cache);
	}
	return cache;
}

static struct regex_slot *slot_of(struct regex_cache *cache,
				  const char *pattern,
				  GRegexCompileFlags cflags,
				  GRegexMatchFlags mflags)
{
	guintptr h = (guintptr)pattern;

	h ^= h >> 9 ^ (guintptr)cflags ^ ((guintptr)mflags << 7);
	return &cache->slots[(h >> 3) % SL_REGEX_SLOTS];
}

static gboolean slot_holds(const struct regex_slot *slot, const char *pattern,
			   GRegexCompileFlags cflags, GRegexMatchFlags mflags)
{
	return slot->address == pattern && slot->key->cflags == cflags &&
	       slot->key->mflags == mflags && !strcmp(slot->key->pattern,
						      pattern);
}

static GRegex *table_regex(GHashTable *table, const char *pattern,
			   GRegexCompileFlags cflags, GRegexMatchFlags mflags,
			   struct regex_key **found, GError **error)
{
	struct regex_key probe = { (char *)pattern, cflags, mflags };
	gpointer key, re;

	if (g_hash_table_lookup_extended(table, &probe, &key, &re)) {
		*found = key;
		return re;
	}
	re = g_regex_new(pattern, cflags, mflags, error);
	if (!re)
		return NULL;
	*found = g_new(struct regex_key, 1);
	**found = (struct regex_key){ g_strdup(pattern), cflags, mflags };
	g_hash_table_insert(table, *found, re);
	return re;
}

GRegex *sl_regex(const char *pattern, GRegexCompileFlags cflags,
		 GRegexMatchFlags mflags, GError **error)
{
	struct regex_cache *cache = thread_cache();
	struct regex_slot *slot;
	struct regex_key *key;
	GRegex *re;

	cflags &= ~G_REGEX_OPTIMIZE;
	slot = slot_of(cache, pattern, cflags, mflags);
	if (slot->key && slot_holds(slot, pattern, cflags, mflags))
		return slot->re;
	re = table_regex(cache->table, pattern, cflags, mflags, &key, error);
	if (re)
		*slot = (struct regex_slot){ pattern, key, re };
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
	g_autoptr(sl_matches) m = sl_matches_of(pattern, cflags, string, -1,
						mflags);

	if (!m) {
		g_critical("seclint: invalid pattern '%s'", pattern);
		return FALSE;
	}
	return sl_matches_next(m);
}

/* Shorthands for fixed patterns: an invalid one is a bug, so asserted. */
GRegex *sl_regex_cached(const char *pattern, GRegexCompileFlags flags)
{
	GRegex *re = sl_regex(pattern, flags, 0, NULL);

	g_assert(re);
	return re;
}

/* Matching fixed patterns needs no GRegex: lint/util/matches.c compiles them
 * for PCRE2 alone. */
gboolean sl_regex_test(const char *pattern, GRegexCompileFlags flags,
		       const char *text)
{
	g_autoptr(sl_matches) m = sl_matches_fixed(pattern, flags, text, -1);

	return sl_matches_next(m);
}

unsigned sl_regex_count(const char *pattern, GRegexCompileFlags flags,
			const char *text)
{
	g_autoptr(sl_matches) m = sl_matches_fixed(pattern, flags, text, -1);
	unsigned n = 0;

	while (sl_matches_next(m))
		n++;
	return n;
}
