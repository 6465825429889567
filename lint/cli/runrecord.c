// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-run record of a git send-email run (runrecord.h): a GLib key
 * file, written whole (a new file renamed over the old) after each message
 * that passes.
 *
 *   [run]       boot=UUID              (the boot it was written in)
 *               files=2                (patch files the hook passed)
 *   [cover]     to=...;  cc=...        (kept for --to-cover, --cc-cover)
 *   [messages]  inside=KEY;...  outside=KEY;...  (thread.h: no ids)
 */
#define _POSIX_C_SOURCE 200809L	/* lstat */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "errors.h"
#include "fd-write.h"
#include "runrecord.h"
#include "sendemail.h"
#include "thread.h"

struct sl_runrecord {
	char *path;
	char *boot;
	GKeyFile *kf;
};

void sl_runrecord_free(struct sl_runrecord *rec)
{
	if (!rec)
		return;
	g_free(rec->path);
	g_free(rec->boot);
	g_key_file_unref(rec->kf);
	g_free(rec);
}

/* Only the user may read it, and it is what it seems. */
static gboolean is_private(const char *path, gboolean dir, GError **error)
{
	struct stat st;

	if (g_lstat(path, &st) < 0) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "the send-email run's record: %s: %s", path,
			    g_strerror(errno));
		return FALSE;
	}
	if ((dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode)) ||
	    st.st_uid != getuid() || (st.st_mode & 077)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "the send-email run's record: %s is not a %s only "
			    "you can read (mode %03o, owner %u); remove it or "
			    "make it so", path, dir ? "directory" : "file",
			    (unsigned)(st.st_mode & 0777), (unsigned)st.st_uid);
		return FALSE;
	}
	return TRUE;
}

/* Removes the records (and any half-written copies) of ended runs. */
static void remove_ended(const char *dir)
{
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	const char *name;

	while (d && (name = g_dir_read_name(d))) {
		int pid;
		unsigned long long start;

		if (sscanf(name, "send-email-%d-%llu.run", &pid, &start) != 2 ||
		    pid <= 0 || sl_proc_start_time(pid) == start)
			continue;
		{
			g_autofree char *path = g_build_filename(dir, name,
								 NULL);

			g_unlink(path);
		}
	}
}

/*
 * The kernel's id of this boot ("" where it cannot be read).  A record
 * written in another boot belongs to a run that ended with it, however
 * its process id and start time (clock ticks since boot) compare, and
 * may be short of what was last written: the record is written without
 * fsync() (see write_record()).
 */
static char *boot_id(void)
{
	char *text = NULL;

	if (!g_file_get_contents("/proc/sys/kernel/random/boot_id", &text,
				 NULL, NULL))
		return g_strdup("");
	return g_strstrip(text);
}

/* The record as it was saved in this boot; else it starts empty. */
static void keep_if_this_boot(struct sl_runrecord *rec)
{
	g_autofree char *boot = g_key_file_get_string(rec->kf, "run", "boot",
						      NULL);

	if (g_strcmp0(boot, rec->boot)) {
		g_key_file_unref(rec->kf);
		rec->kf = g_key_file_new();
	}
}

struct sl_runrecord *sl_runrecord_open(pid_t pid, guint64 start,
				       GError **error)
{
	g_autofree char *dir = g_build_filename(g_get_user_runtime_dir(),
						"seclint", NULL);
	g_autofree char *name = g_strdup_printf(
		"send-email-%d-%" G_GUINT64_FORMAT ".run", (int)pid, start);
	struct sl_runrecord *rec;

	if (g_mkdir_with_parents(dir, 0700) < 0) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "cannot make %s for the send-email run's record: "
			    "%s", dir, g_strerror(errno));
		return NULL;
	}
	if (!is_private(dir, TRUE, error))
		return NULL;
	remove_ended(dir);
	rec = g_new0(struct sl_runrecord, 1);
	rec->path = g_build_filename(dir, name, NULL);
	rec->boot = boot_id();
	rec->kf = g_key_file_new();
	if (g_file_test(rec->path, G_FILE_TEST_EXISTS)) {
		if (!is_private(rec->path, FALSE, error) ||
		    !g_key_file_load_from_file(rec->kf, rec->path,
					       G_KEY_FILE_NONE, error)) {
			g_prefix_error(error, "%s: ", rec->path);
			sl_runrecord_free(rec);
			return NULL;
		}
		keep_if_this_boot(rec);
	}
	return rec;
}

static GStrv list(const struct sl_runrecord *rec, const char *group,
		  const char *key)
{
	GStrv v = g_key_file_get_string_list(rec->kf, group, key, NULL, NULL);

	return v ? v : g_new0(char *, 1);
}

void sl_runrecord_threads(const struct sl_runrecord *rec,
			  struct sl_thread_set *threads)
{
	static const char *const keys[] = { "inside", "outside" };

	for (int k = 0; k < 2; k++) {
		g_auto(GStrv) kept = list(rec, "messages", keys[k]);

		for (char **key = kept; *key; key++)
			sl_thread_set_restore(threads, *key, k == 1);
	}
}

guint sl_runrecord_files(const struct sl_runrecord *rec)
{
	gint n = g_key_file_get_integer(rec->kf, "run", "files", NULL);

	return n > 0 ? (guint)n : 0;
}

GStrv sl_runrecord_cover(const struct sl_runrecord *rec, const char *which)
{
	return list(rec, "cover", which);
}

void sl_runrecord_set_cover(struct sl_runrecord *rec, const char *which,
			    const char *const *addrs)
{
	g_key_file_set_string_list(rec->kf, "cover", which, addrs,
				   g_strv_length((GStrv)addrs));
}

static void add_message(const char *key, gboolean outside, gpointer data)
{
	GPtrArray *const *lists = data;

	g_ptr_array_add(lists[outside ? 1 : 0], g_strdup(key));
}

/*
 * @data to a new file beside the record, renamed over it: a reader (the
 * run's next hook or send-time check) sees the old record or the new one,
 * whole, also if this process is killed on the way.  Not synced to disk:
 * only this run reads the record, and a crash of the system ends the run;
 * a record of an earlier boot is not read (keep_if_this_boot()).  Two
 * fsync() calls a message (g_file_set_contents_full()'s, for a record
 * under ~/.cache where XDG_RUNTIME_DIR is unset) were some 0.3 ms of
 * the hook's CPU a patch.  Every error fails the save, so no mail goes out
 * past a record that was not written.
 */
static gboolean write_record(const char *path, const char *data, gsize len,
			     GError **error)
{
	g_autofree char *tmp = g_strconcat(path, ".XXXXXX", NULL);
	int fd = g_mkstemp_full(tmp, O_WRONLY | O_CLOEXEC, 0600);
	int saved;

	if (fd < 0)
		goto failed;
	if (!sl_write_all(fd, data, len)) {
		saved = errno;
		close(fd);
		errno = saved;
		goto failed_tmp;
	}
	if (close(fd) < 0 || g_rename(tmp, path) < 0)
		goto failed_tmp;
	return TRUE;
failed_tmp:
	saved = errno;
	g_unlink(tmp);
	errno = saved;
failed:
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
		    "the send-email run's record: cannot write %s: %s", path,
		    g_strerror(errno));
	return FALSE;
}

gboolean sl_runrecord_save(struct sl_runrecord *rec, const char *patch,
			   const struct sl_thread_set *threads,
			   GError **error)
{
	g_autoptr(GPtrArray) inside = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) outside = g_ptr_array_new_with_free_func(g_free);
	GPtrArray *lists[] = { inside, outside };
	g_autofree char *data = NULL;
	gsize len;

	g_key_file_set_string(rec->kf, "run", "boot", rec->boot);
	if (patch)
		g_key_file_set_integer(rec->kf, "run", "files",
				       (gint)sl_runrecord_files(rec) + 1);
	sl_thread_set_foreach(threads, add_message, lists);
	g_key_file_set_string_list(rec->kf, "messages", "inside",
				   (const char *const *)inside->pdata,
				   inside->len);
	g_key_file_set_string_list(rec->kf, "messages", "outside",
				   (const char *const *)outside->pdata,
				   outside->len);
	data = g_key_file_to_data(rec->kf, &len, NULL);
	return write_record(rec->path, data, len, error);
}
