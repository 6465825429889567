// SPDX-License-Identifier: GPL-2.0-only
/*
 * The profile in force as one block of memory, and that block cached.
 *
 * Reading a profile is reading a chain of key files (2026-08 inherits
 * 2026-05, which inherits ...) and laying each over the one before: in a
 * run that lints one message, loading the profile through GKeyFile was
 * most of the instructions the run spent beyond starting up (3.5 of 11.9
 * million).  What a lint run reads of the result, the severities and the
 * parameters, is here a table in one block: the groups in the key file's
 * order with their keys, every string in one area, found by offsets.
 * Made from the key file the chain gave (lint/engine/profile.c), or read
 * from the cache; freed as one block.  A key file is made from it again
 * only for what asks for one (sl_profile_keys()).
 *
 * The block (every number 32-bit little-endian):
 *	n_groups, n_entries, strings_len
 *	groups[n_groups]: name, first entry, number of entries
 *	sorted[n_groups]: the groups' indexes in strcmp() order of name
 *	entries[n_entries]: key, value as written, value as text (or NONE)
 *	strings: strings_len bytes, each string NUL-terminated
 * A block read from the cache is checked whole before it is used: every
 * offset within the strings, which end with a NUL; the groups tile the
 * entries; the sorted index sorted, without a name twice.
 *
 * The cache: $XDG_CACHE_HOME/seclint/profile-WHERE (g_get_user_cache_dir()),
 * one file per profile: WHERE is a digest of its path as given and, for a
 * relative one, of the current directory.  The policy is cached the same
 * way, as policy-WHERE, in a block of its own (lint/engine/policy.c).
 * Written and read by the machinery of lint/repo/maint-cache.c (a new file
 * renamed over the old; a symbolic link, a file that is not regular, a
 * directory that cannot be written: no cache), in a directory made mode
 * 0700, and only where the cache directory is the user's own.  The header
 * holds a digest of what the same files could be read differently under:
 * WHERE, the seclint version, the program's own stat data (another build
 * of the same version) and the rule registry's ids (a profile naming an
 * unknown rule is an error).  (A file with a translated key, KEY[LOCALE]=,
 * which GKeyFile keeps or drops by the language of the environment, is not
 * cached.)  The header then names every file the chain read with its stat
 * data (device, inode, size, mtime and ctime to the nanosecond), taken
 * before it was read: a hit needs each to stat the same now.  As git's
 * index does, stat data are trusted only when both times were more than
 * two seconds older than the read (maint-cache.c, "racily clean"): a table
 * read from a file changed later than that is not written, so an edit made
 * in the same second as a run is seen by the next.  A file of the cache
 * that does not add up (magic, format, version, digest, lengths, checksum,
 * the block itself) is a miss like any other: the chain is read, and
 * written anew.  Only a profile that loaded without an error is cached; an
 * error is found and reported by reading, every time.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "env-flag.h"
#include "maint-cache.h"
#include "profile-table.h"
#include "registry.h"
#include "rule.h"

#define NONE 0xffffffffu
#define HEAD 12u		/* n_groups, n_entries, strings_len */
#define MAX_BLOCK (16u * 1024 * 1024)

struct sl_profile_table {
	GBytes *bytes;
	const guint8 *groups;	/* 3 words each */
	const guint8 *sorted;
	const guint8 *entries;	/* 3 words each */
	const char *strings;
	guint32 n_groups, n_entries, strings_len;
	gboolean exact;		/* no key twice in a group */
};

static guint32 get32(const guint8 *p)
{
	guint32 v;

	memcpy(&v, p, 4);
	return GUINT32_FROM_LE(v);
}

static void put32(GByteArray *a, guint32 v)
{
	v = GUINT32_TO_LE(v);
	g_byte_array_append(a, (const guint8 *)&v, 4);
}

static const char *str_at(const struct sl_profile_table *t, guint32 off)
{
	return off == NONE ? NULL : t->strings + off;
}

static const char *name_of(const struct sl_profile_table *t, guint32 g)
{
	return str_at(t, get32(t->groups + 12 * g));
}

/* The block @bytes as a table, if it is one (see the top). */
static struct sl_profile_table *table_load(GBytes *bytes)
{
	gsize len;
	const guint8 *p = g_bytes_get_data(bytes, &len);
	struct sl_profile_table *t;
	guint64 need;
	guint32 next = 0;

	if (len < HEAD || len > MAX_BLOCK)
		return NULL;
	t = g_new0(struct sl_profile_table, 1);
	t->n_groups = get32(p);
	t->n_entries = get32(p + 4);
	t->strings_len = get32(p + 8);
	need = HEAD + 16 * (guint64)t->n_groups + 12 * (guint64)t->n_entries +
	       t->strings_len;
	if (need != len || !t->strings_len)
		goto bad;
	t->groups = p + HEAD;
	t->sorted = t->groups + 12 * (gsize)t->n_groups;
	t->entries = t->sorted + 4 * (gsize)t->n_groups;
	t->strings = (const char *)t->entries + 12 * (gsize)t->n_entries;
	if (t->strings[t->strings_len - 1])
		goto bad;
	for (guint32 g = 0; g < t->n_groups; g++) {
		const guint8 *e = t->groups + 12 * g;
		guint32 s = get32(t->sorted + 4 * g);

		if (get32(e) >= t->strings_len || get32(e + 4) != next ||
		    get32(e + 8) > t->n_entries - next || s >= t->n_groups)
			goto bad;
		next += get32(e + 8);
	}
	if (next != t->n_entries)
		goto bad;
	/* Sorted, and so no name twice: each group is in it once. */
	for (guint32 g = 1; g < t->n_groups; g++)
		if (strcmp(name_of(t, get32(t->sorted + 4 * (g - 1))),
			   name_of(t, get32(t->sorted + 4 * g))) >= 0)
			goto bad;
	for (guint32 i = 0; i < t->n_entries; i++) {
		const guint8 *e = t->entries + 12 * i;

		if (get32(e) >= t->strings_len ||
		    get32(e + 4) >= t->strings_len ||
		    (get32(e + 8) >= t->strings_len && get32(e + 8) != NONE))
			goto bad;
	}
	t->bytes = g_bytes_ref(bytes);
	t->exact = TRUE;
	return t;
bad:
	g_free(t);
	return NULL;
}

static guint32 add_string(GString *s, const char *text)
{
	guint32 off = (guint32)s->len;

	g_string_append_len(s, text, (gssize)strlen(text) + 1);
	return off;
}

static int compare_names(gconstpointer a, gconstpointer b, gpointer names)
{
	char **n = names;

	return strcmp(n[*(const guint32 *)a], n[*(const guint32 *)b]);
}

struct sl_profile_table *sl_profile_table_new(GKeyFile *kf)
{
	gsize n_groups = 0;
	g_auto(GStrv) groups = g_key_file_get_groups(kf, &n_groups);
	g_autoptr(GString) strings = g_string_new(NULL);
	g_autoptr(GByteArray) group_words = g_byte_array_new();
	g_autoptr(GByteArray) entries = g_byte_array_new();
	g_autofree guint32 *sorted = g_new(guint32, n_groups + 1);
	GByteArray *block;
	struct sl_profile_table *t;
	gboolean exact = TRUE;
	guint32 n_entries = 0;

	for (gsize g = 0; g < n_groups; g++) {
		gsize n_keys = 0;
		g_auto(GStrv) keys = g_key_file_get_keys(kf, groups[g],
							 &n_keys, NULL);

		put32(group_words, add_string(strings, groups[g]));
		put32(group_words, n_entries);
		put32(group_words, (guint32)n_keys);
		for (gsize k = 0; k < n_keys; k++) {
			g_autofree char *value = g_key_file_get_value(
				kf, groups[g], keys[k], NULL);
			g_autofree char *text = g_key_file_get_string(
				kf, groups[g], keys[k], NULL);

			for (gsize j = 0; j < k; j++)
				exact &= strcmp(keys[j], keys[k]) != 0;
			put32(entries, add_string(strings, keys[k]));
			put32(entries, add_string(strings, value ? value : ""));
			put32(entries, text ? add_string(strings, text) : NONE);
			n_entries++;
		}
		sorted[g] = (guint32)g;
	}
	g_qsort_with_data(sorted, (gint)n_groups, sizeof(*sorted),
			  compare_names, groups);
	if (!strings->len)
		g_string_append_c(strings, '\0');
	block = g_byte_array_new();
	put32(block, (guint32)n_groups);
	put32(block, n_entries);
	put32(block, (guint32)strings->len);
	g_byte_array_append(block, group_words->data, group_words->len);
	for (gsize g = 0; g < n_groups; g++)
		put32(block, sorted[g]);
	g_byte_array_append(block, entries->data, entries->len);
	g_byte_array_append(block, (const guint8 *)strings->str,
			    (guint)strings->len);
	{
		g_autoptr(GBytes) bytes = g_byte_array_free_to_bytes(block);

		t = table_load(bytes);
	}
	/* Made here from a key file, it is one. */
	g_assert(t);
	t->exact = exact;
	return t;
}

void sl_profile_table_free(struct sl_profile_table *t)
{
	if (!t)
		return;
	g_bytes_unref(t->bytes);
	g_free(t);
}

gboolean sl_profile_table_equal(const struct sl_profile_table *a,
				const struct sl_profile_table *b)
{
	return g_bytes_equal(a->bytes, b->bytes);
}

guint sl_profile_table_groups(const struct sl_profile_table *t)
{
	return t->n_groups;
}

const char *sl_profile_table_group_name(const struct sl_profile_table *t,
					guint g)
{
	return name_of(t, g);
}

guint sl_profile_table_keys_of(const struct sl_profile_table *t, guint g)
{
	return get32(t->groups + 12 * g + 8);
}

static const guint8 *entry(const struct sl_profile_table *t, guint g, guint k)
{
	return t->entries + 12 * (gsize)(get32(t->groups + 12 * g + 4) + k);
}

const char *sl_profile_table_key(const struct sl_profile_table *t, guint g,
				 guint k)
{
	return str_at(t, get32(entry(t, g, k)));
}

const char *sl_profile_table_value(const struct sl_profile_table *t, guint g,
				   guint k, gboolean text)
{
	return str_at(t, get32(entry(t, g, k) + (text ? 8 : 4)));
}

gssize sl_profile_table_group(const struct sl_profile_table *t,
			      const char *group)
{
	guint32 lo = 0, hi = t->n_groups;

	while (lo < hi) {
		guint32 mid = lo + (hi - lo) / 2;
		guint32 g = get32(t->sorted + 4 * mid);
		int c = strcmp(group, name_of(t, g));

		if (!c)
			return g;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

const char *sl_profile_table_get(const struct sl_profile_table *t,
				 const char *group, const char *key,
				 gboolean text)
{
	gssize g = sl_profile_table_group(t, group);
	guint n = g < 0 ? 0 : sl_profile_table_keys_of(t, (guint)g);

	for (guint k = 0; k < n; k++)
		if (!strcmp(sl_profile_table_key(t, (guint)g, k), key))
			return sl_profile_table_value(t, (guint)g, k, text);
	return NULL;
}

GKeyFile *sl_profile_table_keys(const struct sl_profile_table *t)
{
	GKeyFile *kf = g_key_file_new();

	for (guint g = 0; g < t->n_groups; g++) {
		const char *group = name_of(t, g);
		guint n = sl_profile_table_keys_of(t, g);

		/* A group without keys is one too: GKeyFile makes a group
		 * only with a key, and keeps it when the key goes. */
		if (!n) {
			g_key_file_set_value(kf, group, "k", "");
			g_key_file_remove_key(kf, group, "k", NULL);
		}
		for (guint k = 0; k < n; k++)
			g_key_file_set_value(kf, group,
					     sl_profile_table_key(t, g, k),
					     sl_profile_table_value(t, g, k,
								    FALSE));
	}
	return kf;
}

/* What was read, as sl_maint_read_file() keys it. */
struct source_file {
	char *path;
	struct sl_maint_key key;
};

struct sl_profile_source {
	GArray *files;		/* of struct source_file, in the order read */
	gboolean tainted;
};

static void source_file_clear(gpointer p)
{
	g_free(((struct source_file *)p)->path);
}

struct sl_profile_source *sl_profile_source_new(void)
{
	struct sl_profile_source *s = g_new0(struct sl_profile_source, 1);

	s->files = g_array_new(FALSE, TRUE, sizeof(struct source_file));
	g_array_set_clear_func(s->files, source_file_clear);
	return s;
}

void sl_profile_source_free(struct sl_profile_source *s)
{
	if (!s)
		return;
	g_array_unref(s->files);
	g_free(s);
}

/*
 * Could GKeyFile read a line of @text as a translated key, KEY[LOCALE]=?
 * It keeps one only for the languages of the environment (LANGUAGE,
 * LC_ALL, LC_MESSAGES, LANG), so a file with one is not cached.  Any
 * other line is a comment, a [group], a key or an error, whatever the
 * language.
 */
static gboolean has_locale_key(const char *text, gsize len)
{
	for (const char *l = text, *end = text + len; l < end;) {
		const char *nl = memchr(l, '\n', (gsize)(end - l));
		const char *e = nl ? nl : end;
		const char *eq;

		while (l < e && g_ascii_isspace(*l))
			l++;
		eq = l < e ? memchr(l, '=', (gsize)(e - l)) : NULL;
		if (l < e && *l != '#' && *l != '[' &&
		    memchr(l, '[', (gsize)((eq ? eq : e) - l)))
			return TRUE;
		l = nl ? nl + 1 : end;
	}
	return FALSE;
}

char *sl_profile_source_read(struct sl_profile_source *s, const char *path,
			     gsize *len)
{
	struct source_file f = { .path = NULL };
	char *text = sl_maint_read_file(path, len, &f.key);

	if (!text) {
		s->tainted = TRUE;
		return NULL;
	}
	s->tainted |= has_locale_key(text, *len);
	f.path = g_strdup(path);
	g_array_append_val(s->files, f);
	return text;
}

/* The cache file's header, every number 64-bit little-endian; then the
 * files read (each: its stat data, its path's length, the path and its
 * NUL, padded to 8 bytes), then the table's block. */
static const char magic[8] = "seclintP";
#define FORMAT 1u
enum {
	H_MAGIC = 0,
	H_FORMAT = 8,
	H_VERSION = 16,		/* SECLINT_VERSION, NUL-padded */
	H_DIGEST = 48,		/* see the top */
	H_FILES = 56,		/* how many */
	H_FILES_LEN = 64,	/* their bytes */
	H_BLOCK_LEN = 72,
	H_CHECKSUM = 80,	/* of all the rest, this field 0 */
	H_SIZE = 88,
};

static guint64 digest_str(guint64 h, const char *s)
{
	return sl_cache_checksum(h, s, strlen(s) + 1);
}

/* Where the @kind ("profile", "policy") at @path is cached: its path as
 * given and, for a relative one, the current directory; one file each. */
static guint64 where_of(const char *kind, const char *path)
{
	g_autofree char *what = g_strdup_printf("seclint %s cache: path",
						kind);
	guint64 h = digest_str(0, what);

	h = digest_str(h, path);
	if (!g_path_is_absolute(path)) {
		g_autofree char *cwd = g_get_current_dir();

		h = digest_str(h, cwd);
	}
	return h;
}

/*
 * What the file at @where is read under, besides its files: the seclint
 * version, the program itself (a build of the same version may read a
 * file otherwise) and the rule registry's ids.  Worked out once a process
 * (the policy and the profile ask; a process's first look into /proc is
 * some 20 us).
 */
static gboolean digest_of(guint64 where, guint64 *digest)
{
	static guint64 program;
	static gboolean known;
	static gsize once;

	if (g_once_init_enter(&once)) {
		struct sl_maint_key exe = { .has_stat = FALSE };
		struct stat st;

		known = !stat("/proc/self/exe", &st);
		if (known) {
			sl_maint_key_set_stat(&exe, &st, 0);
			program = digest_str(0, SECLINT_VERSION);
			program = sl_cache_checksum(program, exe.st,
						    sizeof(exe.st));
			for (size_t i = 0; i < sl_rules_count; i++)
				program = digest_str(program, sl_rules[i]->id);
		}
		g_once_init_leave(&once, 1);
	}
	if (!known)
		return FALSE;
	*digest = sl_cache_checksum(where, &program, sizeof(program));
	return TRUE;
}

static char *cache_name(const char *kind, guint64 where)
{
	return g_strdup_printf("%s-%016" G_GINT64_MODIFIER "x", kind, where);
}

static void header_version(guint8 *field)
{
	memset(field, 0, H_DIGEST - H_VERSION);
	memcpy(field, SECLINT_VERSION,
	       strnlen(SECLINT_VERSION, H_DIGEST - H_VERSION - 1));
}

static guint64 whole_checksum(const guint8 *p, gsize len)
{
	guint8 head[H_SIZE];

	memcpy(head, p, H_SIZE);
	sl_cache_put64(head + H_CHECKSUM, 0);
	return sl_cache_checksum(sl_cache_checksum(0, head, H_SIZE),
				 p + H_SIZE, len - H_SIZE);
}

/* Is every file of the list at @p (@len bytes, @n files), the first
 * @path, as it was? */
static gboolean files_same(const guint8 *p, gsize len, guint64 n,
			   const char *path)
{
	const guint8 *end = p + len;

	for (guint64 i = 0; i < n; i++) {
		struct sl_maint_key key = { .has_stat = TRUE };
		guint64 plen;
		const char *name;

		if ((gsize)(end - p) < 8 * (SL_MAINT_STAT_WORDS + 1))
			return FALSE;
		for (int w = 0; w < SL_MAINT_STAT_WORDS; w++)
			key.st[w] = sl_cache_get64(p + 8 * w);
		plen = sl_cache_get64(p + 8 * SL_MAINT_STAT_WORDS);
		p += 8 * (SL_MAINT_STAT_WORDS + 1);
		name = (const char *)p;
		if (plen >= (guint64)(end - p) ||
		    ((plen + 8) & ~(guint64)7) > (guint64)(end - p) ||
		    memchr(name, '\0', (plen + 8) & ~(guint64)7) !=
			    name + plen ||
		    (!i && strcmp(name, path)) ||
		    !sl_maint_key_same_file(&key, name))
			return FALSE;
		p += (plen + 8) & ~(guint64)7;
	}
	return p == end;
}

GBytes *sl_cache_block_get(const char *dir, const char *kind,
			   const char *path, enum sl_profile_cache_status *st)
{
	guint64 where, digest;
	g_autofree char *name = NULL;
	g_autoptr(GBytes) file = NULL;
	guint8 version[H_DIGEST - H_VERSION];
	const guint8 *p;
	gsize len;
	guint64 files_len, block_len;

	*st = SL_PROFILE_CACHE_NONE;
	if (!dir)
		return NULL;
	*st = SL_PROFILE_CACHE_MISS;
	where = where_of(kind, path);
	if (!digest_of(where, &digest))
		return NULL;
	name = cache_name(kind, where);
	file = sl_git_cache_read(dir, name, H_SIZE, MAX_BLOCK);
	if (!file)
		return NULL;
	p = g_bytes_get_data(file, &len);
	header_version(version);
	files_len = sl_cache_get64(p + H_FILES_LEN);
	block_len = sl_cache_get64(p + H_BLOCK_LEN);
	if (memcmp(p + H_MAGIC, magic, sizeof(magic)) ||
	    sl_cache_get64(p + H_FORMAT) != FORMAT ||
	    memcmp(p + H_VERSION, version, sizeof(version)) ||
	    sl_cache_get64(p + H_DIGEST) != digest || files_len > len - H_SIZE ||
	    block_len != len - H_SIZE - files_len ||
	    sl_cache_get64(p + H_CHECKSUM) != whole_checksum(p, len) ||
	    !files_same(p + H_SIZE, files_len, sl_cache_get64(p + H_FILES), path))
		return NULL;
	return g_bytes_new_from_bytes(file, H_SIZE + files_len, block_len);
}

struct sl_profile_table *sl_profile_cache_get(const char *dir,
					      const char *path,
					      enum sl_profile_cache_status *st)
{
	g_autoptr(GBytes) block = sl_cache_block_get(dir, "profile", path,
						     st);
	struct sl_profile_table *t = block ? table_load(block) : NULL;

	if (t)
		*st = SL_PROFILE_CACHE_HIT;
	return t;
}

gboolean sl_cache_block_put(const char *dir, const char *kind,
			    const char *path,
			    const struct sl_profile_source *source,
			    GBytes *bytes)
{
	g_autoptr(GByteArray) out = g_byte_array_new();
	g_autofree char *sub = dir ? g_build_filename(dir, "seclint", NULL)
				   : NULL;
	guint64 where, digest;
	g_autofree char *name = NULL;
	guint8 *head;
	gsize files_len, block_len;
	const guint8 *block = g_bytes_get_data(bytes, &block_len);
	static const guint8 zeros[8];
	struct stat st;

	if (!dir || source->tainted || !source->files->len ||
	    strcmp(g_array_index(source->files, struct source_file, 0).path,
		   path))
		return FALSE;
	g_byte_array_set_size(out, H_SIZE);
	for (guint i = 0; i < source->files->len; i++) {
		const struct source_file *f = &g_array_index(
			source->files, struct source_file, i);
		guint8 words[8 * (SL_MAINT_STAT_WORDS + 1)];
		gsize plen = strlen(f->path);

		if (!f->key.has_stat)
			return FALSE;
		for (int w = 0; w < SL_MAINT_STAT_WORDS; w++)
			sl_cache_put64(words + 8 * w, f->key.st[w]);
		sl_cache_put64(words + 8 * SL_MAINT_STAT_WORDS, plen);
		g_byte_array_append(out, words, sizeof(words));
		g_byte_array_append(out, (const guint8 *)f->path,
				    (guint)plen);
		g_byte_array_append(out, zeros, (guint)(8 - plen % 8));
	}
	files_len = out->len - H_SIZE;
	if (H_SIZE + files_len + block_len > MAX_BLOCK)
		return FALSE;
	g_byte_array_append(out, block, (guint)block_len);
	where = where_of(kind, path);
	if (!digest_of(where, &digest))
		return FALSE;
	head = out->data;
	memcpy(head + H_MAGIC, magic, sizeof(magic));
	sl_cache_put64(head + H_FORMAT, FORMAT);
	header_version(head + H_VERSION);
	sl_cache_put64(head + H_DIGEST, digest);
	sl_cache_put64(head + H_FILES, source->files->len);
	sl_cache_put64(head + H_FILES_LEN, files_len);
	sl_cache_put64(head + H_BLOCK_LEN, block_len);
	sl_cache_put64(head + H_CHECKSUM, 0);
	sl_cache_put64(head + H_CHECKSUM, whole_checksum(out->data, out->len));
	/* Where $XDG_RUNTIME_DIR is unset, the send-email run's record is
	 * kept there too, in a directory only the user may read and owns
	 * (lint/cli/runrecord.c): made so, if it is made here, and not in
	 * another user's cache (sudo -E keeps $HOME). */
	if (stat(dir, &st) || st.st_uid != geteuid() ||
	    (mkdir(sub, 0700) && errno != EEXIST))
		return FALSE;
	name = cache_name(kind, where);
	sl_git_cache_write(dir, name, out->data, out->len, NULL, 0);
	return TRUE;
}

gboolean sl_cache_checking(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_POLICY_CACHE", "1");
}

gboolean sl_profile_cache_put(const char *dir, const char *path,
			      const struct sl_profile_source *source,
			      const struct sl_profile_table *t)
{
	return t->exact &&
	       sl_cache_block_put(dir, "profile", path, source, t->bytes);
}

struct sl_profile_table *sl_profile_table_from_bytes(GBytes *bytes)
{
	return table_load(bytes);
}

GBytes *sl_profile_table_bytes(const struct sl_profile_table *t)
{
	return t->bytes;
}

gboolean sl_profile_table_exact(const struct sl_profile_table *t)
{
	return t->exact;
}
