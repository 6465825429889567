/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_PATTERN_CACHE_H
#define SECLINT_PATTERN_CACHE_H

#include <stdatomic.h>
#include <glib.h>

/*
 * A process-wide cache of what is compiled from a pattern and its flags
 * (lint/util/pattern-cache.c), for lint/util/regex.c and matches.c.  The
 * first thread to ask compiles it, under a lock; every later look-up, by
 * any thread, reads without one.  What is cached is never freed nor
 * replaced, so a pointer from it stays valid for the process's life.
 * A static cache is zero-initialised but for its compile function.
 */
#define SL_PATTERN_SLOTS 1024

struct sl_pattern_entry;

struct sl_pattern_cache {
	/* Compiles @pattern, NULL (with @error set) if it does not. */
	gpointer (*compile)(const char *pattern, guint64 flags,
			    GError **error);
	GMutex lock;
	GHashTable *table;	/* of struct sl_pattern_entry, under lock */
	_Atomic(const struct sl_pattern_entry *) slots[SL_PATTERN_SLOTS];
};

gpointer sl_pattern_cache_get(struct sl_pattern_cache *cache,
			      const char *pattern, guint64 flags,
			      GError **error);

#endif
