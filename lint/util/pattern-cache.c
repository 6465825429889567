// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compiled patterns shared by all threads.  The rules match a few hundred
 * fixed patterns, most of them string constants asked for again and again
 * from the same address: a slot chosen by the address finds the entry
 * without hashing the pattern.  The strings are still compared, as an
 * address may hold another pattern later and two patterns may share a
 * slot, but for a string constant of the program: one in a segment of the
 * executable that is mapped without write access, for the process's
 * whole life, can hold nothing else, so its address alone names it (a
 * million look-ups on an mbox, each comparing patterns of 200 bytes).  A
 * slot is an atomic pointer to an entry that never changes once
 * published, so a reader needs no lock; a miss takes the lock and looks in
 * the table that owns the entries, compiling the pattern if it is new.
 * Entries live as long as the process (a few hundred patterns), so a
 * pointer read from a slot can never dangle.
 */
#define _GNU_SOURCE	/* dl_iterate_phdr() */
#include <string.h>
#ifdef __ELF__
#include <link.h>
#endif

#include "pattern-cache.h"

struct sl_pattern_entry {
	char *pattern;
	guint64 flags;
	gpointer value;
	const char *constant;	/* the constant it was asked by, or NULL */
};

/* The read-only segments of the executable (the first object
 * dl_iterate_phdr() reports), found once. */
#define READ_ONLY_MAX 8

static struct {
	guintptr start, end;
} read_only[READ_ONLY_MAX];
static int read_only_n;

#ifdef __ELF__
static int find_read_only(struct dl_phdr_info *info, size_t size,
			  void *data)
{
	(void)size;
	(void)data;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W) ||
		    read_only_n == READ_ONLY_MAX)
			continue;
		read_only[read_only_n].start = info->dlpi_addr + ph->p_vaddr;
		read_only[read_only_n].end = read_only[read_only_n].start +
					     ph->p_memsz;
		read_only_n++;
	}
	return 1;	/* the executable only */
}
#endif

/* Whether the string at @p is a constant of the program: never written
 * nor unmapped.  FALSE where that cannot be known. */
static gboolean is_constant(const char *p)
{
	static gsize found;
	guintptr a = (guintptr)p;

	if (g_once_init_enter(&found)) {
#ifdef __ELF__
		dl_iterate_phdr(find_read_only, NULL);
#endif
		g_once_init_leave(&found, 1);
	}
	for (int i = 0; i < read_only_n; i++)
		if (a >= read_only[i].start && a < read_only[i].end)
			return TRUE;
	return FALSE;
}

static guint entry_hash(gconstpointer p)
{
	const struct sl_pattern_entry *e = p;

	return g_str_hash(e->pattern) ^ (guint)e->flags ^
	       (guint)(e->flags >> 32);
}

static gboolean entry_equal(gconstpointer a, gconstpointer b)
{
	const struct sl_pattern_entry *x = a, *y = b;

	return x->flags == y->flags && !strcmp(x->pattern, y->pattern);
}

static gboolean entry_holds(const struct sl_pattern_entry *e,
			    const char *pattern, guint64 flags)
{
	return e && e->flags == flags &&
	       (e->constant == pattern || !strcmp(e->pattern, pattern));
}

static const struct sl_pattern_entry *
table_entry(struct sl_pattern_cache *cache, const char *pattern,
	    guint64 flags, GError **error)
{
	struct sl_pattern_entry probe = { (char *)pattern, flags, NULL, NULL };
	struct sl_pattern_entry *e;
	gpointer value;

	if (!cache->table)
		cache->table = g_hash_table_new(entry_hash, entry_equal);
	e = g_hash_table_lookup(cache->table, &probe);
	if (e)
		return e;
	value = cache->compile(pattern, flags, error);
	if (!value)
		return NULL;	/* not cached: asked again, it fails again */
	e = g_new(struct sl_pattern_entry, 1);
	*e = (struct sl_pattern_entry){ g_strdup(pattern), flags, value,
					is_constant(pattern) ? pattern : NULL };
	g_hash_table_add(cache->table, e);
	return e;
}

gpointer sl_pattern_cache_get(struct sl_pattern_cache *cache,
			      const char *pattern, guint64 flags,
			      GError **error)
{
	guintptr h = (guintptr)pattern;
	_Atomic(const struct sl_pattern_entry *) *slot;
	const struct sl_pattern_entry *e;

	h ^= h >> 9 ^ (guintptr)flags ^ (guintptr)(flags >> 25);
	slot = &cache->slots[(h >> 3) % SL_PATTERN_SLOTS];
	e = atomic_load_explicit(slot, memory_order_acquire);
	if (entry_holds(e, pattern, flags))
		return e->value;
	g_mutex_lock(&cache->lock);
	e = table_entry(cache, pattern, flags, error);
	if (e)
		atomic_store_explicit(slot, e, memory_order_release);
	g_mutex_unlock(&cache->lock);
	return e ? e->value : NULL;
}
