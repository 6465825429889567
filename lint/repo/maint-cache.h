/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MAINT_CACHE_H
#define SECLINT_MAINT_CACHE_H

#include <glib.h>

/*
 * The parsed MAINTAINERS cached under the git directory
 * (lint/repo/maint-cache.c): what it was made from, its blob id and, for the
 * work-tree file, its stat data where they are exact (has_stat).
 */
#define SL_MAINT_OID_SIZE 72	/* hex, NUL-terminated: SHA-1 or SHA-256 */
#define SL_MAINT_STAT_WORDS 7
struct sl_maint_key {
	char oid[SL_MAINT_OID_SIZE];
	gboolean has_stat;
	guint64 st[SL_MAINT_STAT_WORDS];	/* dev ino size mtime ctime */
};
struct stat;

/*
 * A file of seclint's under the git directory, $GIT_DIR/seclint/@name: the
 * whole of it if it is a regular file of @min to @max bytes, else NULL;
 * and written whole (@head, then @payload) to a new file renamed over it,
 * quietly nothing where that cannot be done (see maint-cache.c).
 */
GBytes *sl_git_cache_read(const char *gitdir, const char *name, gsize min,
			  gsize max);
void sl_git_cache_write(const char *gitdir, const char *name,
			const void *head, gsize head_len,
			const void *payload, gsize len);

/* A 64-bit checksum of @n bytes at @data, going on from @h (0 to
 * start): against damage, not forgery. */
guint64 sl_cache_checksum(guint64 h, const void *data, gsize n);
/* A 64-bit number at @p, little-endian, as the cache files keep them. */
void sl_cache_put64(guint8 *p, guint64 v);
guint64 sl_cache_get64(const guint8 *p);

/* The index cached in @gitdir and its key; NULL: none, or unusable. */
GBytes *sl_maint_cache_read(const char *gitdir, struct sl_maint_key *key);
/* The same, read at @before (seconds, as sl_maint_key_set_stat() takes
 * it); *@recorded: whether a record of an earlier sum stood for summing
 * the file (for the tests). */
GBytes *sl_maint_cache_read_at(const char *gitdir, struct sl_maint_key *key,
			       gint64 before, gboolean *recorded);
/* Cache @index under @key; quietly nothing where that cannot be done. */
void sl_maint_cache_write(const char *gitdir, const struct sl_maint_key *key,
			  GBytes *index);
/* The blob id git gives @text (git hash-object), hex. */
void sl_maint_blob_id(const char *text, gsize len,
		      char oid[SL_MAINT_OID_SIZE]);
/* The text of the file @path, with its stat data in @key. */
char *sl_maint_read_file(const char *path, gsize *len,
			 struct sl_maint_key *key);
/* Are @key's stat data exact, and the same as @path's now? */
gboolean sl_maint_key_same_file(const struct sl_maint_key *key,
				const char *path);
/* @key's stat data from @st; exact if older than @before (seconds). */
void sl_maint_key_set_stat(struct sl_maint_key *key, const struct stat *st,
			   gint64 before);

#endif
