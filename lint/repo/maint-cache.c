// SPDX-License-Identifier: GPL-2.0-only
/*
 * The parsed MAINTAINERS, cached under the git directory:
 * $GIT_DIR/seclint/maintainers, one file holding the index of
 * lint/repo/maintainers.c behind a header that names what it was made from.
 * git send-email runs the hook once per patch, and parsing the kernel's
 * MAINTAINERS (700-900 KB) cost as much again as the rest of the hook.
 *
 * The key is the file's blob id (what git hash-object gives its bytes),
 * computed with GLib's SHA-1: libgit2's collision-detecting SHA-1 took
 * four times as long (46 million instructions for the kernel's file),
 * and the id is compared only with ids of the same file's earlier
 * contents, never used to find an object.
 * For the work-tree file the header also keeps its stat data (device,
 * inode, size, mtime and ctime to the nanosecond), as git's index does:
 * when they are unchanged, the content is, and nothing is read or
 * hashed.  They are recorded only when both times are more than
 * SL_RACY_SECONDS older than the moment before the file was read (git's
 * "racily clean" rule): a later change then always gets a later mtime and
 * ctime, and the ctime cannot be set back by a program.  Otherwise the
 * file is hashed and compared with the blob id.
 *
 * The file is never trusted: a wrong magic, format version or seclint
 * version, a size that does not add up, a checksum that does not match,
 * a file that is no regular file or is larger than SL_CACHE_MAX, and an
 * index whose counts and offsets do not fit (checked again when loading)
 * are all a miss, and the cache is written anew.  The checksum catches
 * damage; it is no signature, and needs none: whoever can write to the
 * git directory can change its hooks and config too.
 *
 * Summing the kernel's cache (475 KB) was half a million instructions of
 * every hook run, for a file that changes once in many runs.  So once the
 * sum has matched, $GIT_DIR/seclint/maintainers.ok records the cache
 * file's own stat data (device, inode, size, mtime and ctime to the
 * nanosecond) and its checksum field; while the file stats the same, it
 * is the bytes that were summed, and they are not summed again.  The same
 * racily-clean rule as above: recorded only when both times are more than
 * SL_RACY_SECONDS older than the moment before the file was read, so any
 * later write to it (in place, or another file renamed over it, however
 * its size and mtime are set) gives it another ctime or inode, and the
 * sum is taken again.  Before the record is written the cache's data are
 * flushed to disk (fdatasync), so a crash cannot leave a record for bytes
 * that never reached it.  A record that is not exactly that of the file
 * read (damaged, of another file, of another checksum) is no record.
 * Everything else is checked on every read as before, and
 * SECLINT_CHECK_MAINTAINERS=1 sums the file even so, and aborts where the
 * sum does not match.
 *
 * Written to a new file in $GIT_DIR/seclint and renamed over the old one,
 * so a reader sees a whole file or none, and processes racing to write
 * it each rename a whole file.  Nothing is written where $GIT_DIR/seclint
 * is not a directory of its own (a symbolic link is refused), and a
 * read-only git directory or a full disk just means no cache.
 * lint/cli/gitconfig.c keeps its cache of git's config there the same way
 * (sl_git_cache_read(), sl_git_cache_write()).
 */
#define _GNU_SOURCE		/* MAP_POPULATE, MAP_ANONYMOUS */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fd-write.h"
#include "maint-cache.h"
#include "maintainers.h"

#define SL_CACHE_DIR "seclint"
#define SL_CACHE_FILE "maintainers"
#define SL_CACHE_STAMP "maintainers.ok"
#define SL_CACHE_MAX (64u * 1024 * 1024)
#define SL_CACHE_FORMAT 2u	/* 2: the index has buckets */
#define SL_RACY_SECONDS 2

static const char magic[8] = "seclintM";

/* The header: every number 64-bit little-endian. */
enum {
	H_MAGIC = 0,
	H_FORMAT = 8,		/* SL_CACHE_FORMAT */
	H_VERSION = 16,		/* SECLINT_VERSION, NUL-padded */
	H_OID = 48,		/* the blob id, hex, NUL-padded */
	H_STAT = 48 + SL_MAINT_OID_SIZE,	/* has_stat, then st[] */
	H_LENGTH = H_STAT + 8 * (1 + SL_MAINT_STAT_WORDS),
	H_CHECKSUM = H_LENGTH + 8,
	H_SIZE = H_CHECKSUM + 8,
};

void sl_cache_put64(guint8 *p, guint64 v)
{
	v = GUINT64_TO_LE(v);
	memcpy(p, &v, 8);
}

guint64 sl_cache_get64(const guint8 *p)
{
	guint64 v;

	memcpy(&v, p, 8);
	return GUINT64_FROM_LE(v);
}

/*
 * A 64-bit checksum, eight bytes a step (the whole cache in well under a
 * millisecond): against damage, not forgery.
 */
guint64 sl_cache_checksum(guint64 h, const void *data, gsize n)
{
	const guint8 *p = data;
	const guint64 k = 0x9e3779b97f4a7c15u;

	h ^= n * k;
	for (; n >= 8; p += 8, n -= 8) {
		h = (h ^ sl_cache_get64(p)) * k;
		h ^= h >> 29;
	}
	for (; n; p++, n--)
		h = (h ^ *p) * k;
	h ^= h >> 32;
	return h * k;
}

static guint64 whole_checksum(const guint8 *header, const guint8 *payload,
			      gsize len)
{
	guint8 head[H_SIZE];

	memcpy(head, header, H_SIZE);
	sl_cache_put64(head + H_CHECKSUM, 0);
	return sl_cache_checksum(sl_cache_checksum(0, head, H_SIZE), payload,
				 len);
}

void sl_maint_key_set_stat(struct sl_maint_key *key, const struct stat *st,
			   gint64 before)
{
	key->has_stat = st->st_mtim.tv_sec + SL_RACY_SECONDS < before &&
			st->st_ctim.tv_sec + SL_RACY_SECONDS < before;
	key->st[0] = st->st_dev;
	key->st[1] = st->st_ino;
	key->st[2] = (guint64)st->st_size;
	key->st[3] = (guint64)st->st_mtim.tv_sec;
	key->st[4] = (guint64)st->st_mtim.tv_nsec;
	key->st[5] = (guint64)st->st_ctim.tv_sec;
	key->st[6] = (guint64)st->st_ctim.tv_nsec;
}

gboolean sl_maint_key_same_file(const struct sl_maint_key *key,
				const char *path)
{
	struct sl_maint_key now = { .has_stat = FALSE };
	struct stat st;

	if (!key->has_stat || stat(path, &st) || !S_ISREG(st.st_mode))
		return FALSE;
	sl_maint_key_set_stat(&now, &st, G_MAXINT64);
	return !memcmp(now.st, key->st, sizeof(now.st));
}

void sl_maint_blob_id(const char *text, gsize len,
		      char oid[SL_MAINT_OID_SIZE])
{
	g_autoptr(GChecksum) sha1 = g_checksum_new(G_CHECKSUM_SHA1);
	char head[32];
	int n = g_snprintf(head, sizeof(head), "blob %" G_GSIZE_FORMAT, len);

	g_checksum_update(sha1, (const guchar *)head, n + 1);	/* and NUL */
	g_checksum_update(sha1, (const guchar *)text, (gssize)len);
	g_strlcpy(oid, g_checksum_get_string(sha1), SL_MAINT_OID_SIZE);
}

char *sl_maint_read_file(const char *path, gsize *len,
			 struct sl_maint_key *key)
{
	/* Before the stat, and the stat before the read: a change made
	 * after it then shows in the times recorded. */
	gint64 before = g_get_real_time() / G_USEC_PER_SEC;
	struct stat st;
	char *text = NULL;

	if (stat(path, &st) || !S_ISREG(st.st_mode) ||
	    !g_file_get_contents(path, &text, len, NULL))
		return NULL;
	sl_maint_key_set_stat(key, &st, before);
	return text;
}

static char *cache_dir(const char *gitdir)
{
	return g_build_filename(gitdir, SL_CACHE_DIR, NULL);
}

/*
 * Buffers this large are mapped with their pages in at once: the
 * kernel's MAINTAINERS cache (480 KB) was 121 page faults of every hook
 * process, each a trap for a page the read() was about to fill anyway;
 * populated in one call the same pages came 20 % cheaper (250 -> 205
 * microseconds a read, the fresh pages most of it).  malloc() maps such
 * a block too (M_MMAP_THRESHOLD is 128 KiB), without MAP_POPULATE.
 */
#define POPULATED_MIN (128u * 1024)
#ifndef MAP_POPULATE
#define MAP_POPULATE 0
#endif

struct mapped {
	void *at;
	gsize len;
};

static void mapped_free(gpointer data)
{
	struct mapped *m = data;

	munmap(m->at, m->len);
	g_free(m);
}

/* Room for @len bytes, mapped (*@map set) or from malloc. */
static guint8 *buffer_new(gsize len, struct mapped **map)
{
	void *at;

	*map = NULL;
	if (len >= POPULATED_MIN) {
		at = mmap(NULL, len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
		if (at != MAP_FAILED) {
			*map = g_new(struct mapped, 1);
			(*map)->at = at;
			(*map)->len = len;
			return at;
		}
	}
	return g_malloc(len);
}

/* The whole of a regular file of @min to @max bytes, or NULL; its stat
 * data, taken once it was open, in @st. */
static GBytes *read_small(const char *path, gsize min, gsize max,
			  struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	guint8 *buf = NULL;
	struct mapped *map = NULL;
	gsize got = 0;

	if (fd < 0)
		return NULL;
	if (fstat(fd, st) || !S_ISREG(st->st_mode) ||
	    (guint64)st->st_size < min || (guint64)st->st_size > max)
		goto out;
	buf = buffer_new((gsize)st->st_size, &map);
	while (got < (gsize)st->st_size) {
		ssize_t n = read(fd, buf + got, (gsize)st->st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (gsize)n;
	}
out:
	close(fd);
	if (buf && got == (gsize)st->st_size)
		return map ? g_bytes_new_with_free_func(buf, got, mapped_free,
							map)
			   : g_bytes_new_take(buf, got);
	if (map)
		mapped_free(map);
	else
		g_free(buf);
	return NULL;
}

static void header_version(guint8 *field)
{
	memset(field, 0, H_OID - H_VERSION);
	memcpy(field, SECLINT_VERSION,
	       strnlen(SECLINT_VERSION, H_OID - H_VERSION - 1));
}

/*
 * The record that the cache file was summed (maintainers.ok, see the
 * top): a magic, the file's stat data and its checksum field, 64-bit
 * little-endian.  Trusted only when it is exactly that for the file read.
 */
static const char record_magic[8] = "seclintO";
enum {
	R_MAGIC = 0,
	R_STAT = 8,
	R_SUM = R_STAT + 8 * SL_MAINT_STAT_WORDS,
	R_SIZE = R_SUM + 8,
};

static void record_make(guint8 *out, const struct sl_maint_key *self,
			guint64 sum)
{
	memcpy(out + R_MAGIC, record_magic, sizeof(record_magic));
	for (int i = 0; i < SL_MAINT_STAT_WORDS; i++)
		sl_cache_put64(out + R_STAT + 8 * i, self->st[i]);
	sl_cache_put64(out + R_SUM, sum);
}

/* Was the file of @self's stat data, with checksum field @sum, summed? */
static gboolean record_says_summed(const char *gitdir,
				   const struct sl_maint_key *self,
				   guint64 sum)
{
	g_autoptr(GBytes) record = sl_git_cache_read(gitdir, SL_CACHE_STAMP,
						     R_SIZE, R_SIZE);
	guint8 want[R_SIZE];

	record_make(want, self, sum);
	return record && !memcmp(g_bytes_get_data(record, NULL), want,
				 R_SIZE);
}

/* Record that the cache at @path, of @self's stat data, was summed: once
 * its data are on disk, and if it is still that file. */
static void record_summed(const char *gitdir, const char *path,
			  const struct sl_maint_key *self, guint64 sum)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct sl_maint_key now = { .has_stat = FALSE };
	struct stat st;
	guint8 record[R_SIZE];
	gboolean same;

	if (fd < 0)
		return;
	same = !fstat(fd, &st);
	if (same)
		sl_maint_key_set_stat(&now, &st, G_MAXINT64);
	same = same && !memcmp(now.st, self->st, sizeof(now.st)) &&
	       !fdatasync(fd);
	close(fd);
	if (!same)
		return;
	record_make(record, self, sum);
	sl_git_cache_write(gitdir, SL_CACHE_STAMP, record, R_SIZE, NULL, 0);
}


GBytes *sl_maint_cache_read_at(const char *gitdir, struct sl_maint_key *key,
			       gint64 before, gboolean *recorded)
{
	g_autofree char *dir = cache_dir(gitdir);
	g_autofree char *path = g_build_filename(dir, SL_CACHE_FILE, NULL);
	struct stat st;
	g_autoptr(GBytes) file = read_small(path, H_SIZE, SL_CACHE_MAX, &st);
	struct sl_maint_key self = { .has_stat = FALSE };
	guint8 version[H_OID - H_VERSION];
	const guint8 *p;
	gsize len;
	guint64 sum;

	*recorded = FALSE;
	if (!file)
		return NULL;
	p = g_bytes_get_data(file, &len);
	header_version(version);
	if (memcmp(p + H_MAGIC, magic, sizeof(magic)) ||
	    sl_cache_get64(p + H_FORMAT) != SL_CACHE_FORMAT ||
	    memcmp(p + H_VERSION, version, sizeof(version)) ||
	    sl_cache_get64(p + H_LENGTH) != len - H_SIZE ||
	    !memchr(p + H_OID, '\0', SL_MAINT_OID_SIZE) ||
	    sl_cache_get64(p + H_STAT) > 1)
		return NULL;
	sl_maint_key_set_stat(&self, &st, before);
	sum = sl_cache_get64(p + H_CHECKSUM);
	*recorded = record_says_summed(gitdir, &self, sum);
	if ((!*recorded || sl_maint_checking()) &&
	    sum != whole_checksum(p, p + H_SIZE, len - H_SIZE)) {
		if (*recorded)
			g_error("seclint: %s was recorded as summed, yet its "
				"checksum does not match", path);
		return NULL;
	}
	if (!*recorded && self.has_stat)
		record_summed(gitdir, path, &self, sum);
	memcpy(key->oid, p + H_OID, SL_MAINT_OID_SIZE);
	key->has_stat = sl_cache_get64(p + H_STAT) == 1;
	for (int i = 0; i < SL_MAINT_STAT_WORDS; i++)
		key->st[i] = sl_cache_get64(p + H_STAT + 8 * (1 + i));
	return g_bytes_new_from_bytes(file, H_SIZE, len - H_SIZE);
}

GBytes *sl_maint_cache_read(const char *gitdir, struct sl_maint_key *key)
{
	gboolean recorded;

	/* Before the file is opened: see sl_maint_read_file(). */
	return sl_maint_cache_read_at(gitdir, key,
				      g_get_real_time() / G_USEC_PER_SEC,
				      &recorded);
}

/* A new file in @dirfd for @base: its name in @name, or -1. */
static int create_temp(int dirfd, const char *base, char *name, gsize size)
{
	for (int tries = 0; tries < 8; tries++) {
		int fd;

		g_snprintf(name, size, "%s.%ld.%08x.tmp", base,
			   (long)getpid(), g_random_int());
		fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL |
			    O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

GBytes *sl_git_cache_read(const char *gitdir, const char *name, gsize min,
			  gsize max)
{
	g_autofree char *dir = cache_dir(gitdir);
	g_autofree char *path = g_build_filename(dir, name, NULL);
	struct stat st;

	return read_small(path, min, max, &st);
}

void sl_git_cache_write(const char *gitdir, const char *name,
			const void *head, gsize head_len,
			const void *payload, gsize len)
{
	g_autofree char *dir = cache_dir(gitdir);
	char temp[128];
	int dirfd, fd;
	gboolean ok;

	if (strlen(name) > 64 || (mkdir(dir, 0777) && errno != EEXIST))
		return;
	dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dirfd < 0)
		return;
	fd = create_temp(dirfd, name, temp, sizeof(temp));
	if (fd >= 0) {
		ok = sl_write_all(fd, head, head_len) &&
		     sl_write_all(fd, payload, len);
		ok = !close(fd) && ok;
		if (!ok || renameat(dirfd, temp, dirfd, name))
			unlinkat(dirfd, temp, 0);
	}
	close(dirfd);
}

void sl_maint_cache_write(const char *gitdir, const struct sl_maint_key *key,
			  GBytes *index)
{
	guint8 head[H_SIZE] = { 0 };
	gsize len;
	const guint8 *payload = g_bytes_get_data(index, &len);

	if (H_SIZE + (guint64)len > SL_CACHE_MAX)
		return;
	memcpy(head + H_MAGIC, magic, sizeof(magic));
	sl_cache_put64(head + H_FORMAT, SL_CACHE_FORMAT);
	header_version(head + H_VERSION);
	memcpy(head + H_OID, key->oid,
	       strnlen(key->oid, SL_MAINT_OID_SIZE - 1));
	sl_cache_put64(head + H_STAT, key->has_stat);
	for (int i = 0; i < SL_MAINT_STAT_WORDS; i++)
		sl_cache_put64(head + H_STAT + 8 * (1 + i), key->st[i]);
	sl_cache_put64(head + H_LENGTH, len);
	sl_cache_put64(head + H_CHECKSUM, whole_checksum(head, payload, len));
	sl_git_cache_write(gitdir, SL_CACHE_FILE, head, H_SIZE, payload, len);
}
