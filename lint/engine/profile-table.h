/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A profile as a lint run reads it, in one block (lint/engine/profile-table.c),
 * and that block cached under the user's cache directory.
 */
#ifndef SECLINT_PROFILE_TABLE_H
#define SECLINT_PROFILE_TABLE_H

#include <glib.h>

#include "policy.h"	/* enum sl_profile_cache_status */

/*
 * The groups of a key file in its order, each with its keys in their
 * order, each key with its value as written (g_key_file_get_value()) and
 * as text (g_key_file_get_string(), NULL where that fails).  Read-only
 * once made, so any thread may read it.
 */
struct sl_profile_table;

/* @kf as a table (one whose group names a key twice is never cached: the
 * key file made again from it would name the key once). */
struct sl_profile_table *sl_profile_table_new(GKeyFile *kf);
void sl_profile_table_free(struct sl_profile_table *t);
/* The key file again, as g_key_file_get_groups(), _get_keys(), _get_value()
 * and _get_string() read it. */
GKeyFile *sl_profile_table_keys(const struct sl_profile_table *t);
/* Are @a and @b the same, byte for byte? */
gboolean sl_profile_table_equal(const struct sl_profile_table *a,
				const struct sl_profile_table *b);

/* The index of @group, or -1. */
gssize sl_profile_table_group(const struct sl_profile_table *t,
			      const char *group);
guint sl_profile_table_groups(const struct sl_profile_table *t);
const char *sl_profile_table_group_name(const struct sl_profile_table *t,
					guint g);
/* The keys of group @g: how many, and the key, value or text of one. */
guint sl_profile_table_keys_of(const struct sl_profile_table *t, guint g);
const char *sl_profile_table_key(const struct sl_profile_table *t, guint g,
				 guint k);
const char *sl_profile_table_value(const struct sl_profile_table *t, guint g,
				   guint k, gboolean text);
/* @key of @group, as written or (@text) as text; NULL: none. */
const char *sl_profile_table_get(const struct sl_profile_table *t,
				 const char *group, const char *key,
				 gboolean text);

/*
 * What a table was read from: each file with its stat data, taken before
 * it was read (exact: older than the racy window, see maint-cache.c).
 */
struct sl_profile_source;
struct sl_profile_source *sl_profile_source_new(void);
void sl_profile_source_free(struct sl_profile_source *s);
/* Reads @path whole for the table, with its stat data; NULL: it cannot
 * be (then nothing made from it is cached). */
char *sl_profile_source_read(struct sl_profile_source *s, const char *path,
			     gsize *len);

/* @bytes as a table, if it is one (checked whole, as a cached block is);
 * else NULL.  A table's block, and whether it can be cached (no key named
 * twice in a group). */
struct sl_profile_table *sl_profile_table_from_bytes(GBytes *bytes);
GBytes *sl_profile_table_bytes(const struct sl_profile_table *t);
gboolean sl_profile_table_exact(const struct sl_profile_table *t);

/*
 * The cache itself, for any block made from files read through a
 * struct sl_profile_source: the block of the @kind ("profile", "policy")
 * made from @path cached in @dir/seclint, if every file it was made from
 * is as it was then (*@st a hit or a miss; NONE without @dir), and
 * caching one (FALSE: not to be cached, or @dir not the user's own).
 */
GBytes *sl_cache_block_get(const char *dir, const char *kind,
			   const char *path, enum sl_profile_cache_status *st);
gboolean sl_cache_block_put(const char *dir, const char *kind,
			    const char *path,
			    const struct sl_profile_source *source,
			    GBytes *block);

/* SECLINT_CHECK_POLICY_CACHE=1: a profile or policy found in the cache is
 * read too, and the run aborts if the two differ. */
gboolean sl_cache_checking(void);

/* The table of the profile @path cached in @dir/seclint, if every file it
 * was made from is as it was then; else NULL. */
struct sl_profile_table *sl_profile_cache_get(const char *dir,
					      const char *path,
					      enum sl_profile_cache_status *st);
/* Caches @t, read from @source for @path, in @dir/seclint where every
 * file read was exact and the table makes the same key file; quietly
 * nothing where that cannot be done.  FALSE: not to be cached. */
gboolean sl_profile_cache_put(const char *dir, const char *path,
			      const struct sl_profile_source *source,
			      const struct sl_profile_table *t);

#endif
