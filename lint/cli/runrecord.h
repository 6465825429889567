/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_RUNRECORD_H
#define SECLINT_RUNRECORD_H

#include <sys/types.h>

#include <glib.h>

struct sl_thread_set;

/*
 * What one git send-email run has passed so far, kept between the hook's
 * calls (one per patch) and the send-time check's (one per message sent):
 * a key for each message it passed (a hash of its Message-ID,
 * lint/mail/thread.c) and whether it is a reply outside the run,
 * the patch files the hook passed, and the first message's To or Cc when
 * --to-cover or --cc-cover sends every other message to them too.  It is
 * a file private to the user, in a directory only the user can enter
 * ($XDG_RUNTIME_DIR/seclint, else ~/.cache/seclint), named after the git
 * send-email process and its start time; it is removed once that process
 * has ended, by the next run of the hook or the send-time check.
 */
struct sl_runrecord;

/*
 * The record of the git send-email process @pid started at @start,
 * created empty if there is none, after removing the records of ended
 * runs.  NULL with @error if it cannot be kept privately.
 */
struct sl_runrecord *sl_runrecord_open(pid_t pid, guint64 start,
				       GError **error);
void sl_runrecord_free(struct sl_runrecord *rec);
typedef struct sl_runrecord sl_runrecord;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_runrecord, sl_runrecord_free)

/* The messages passed so far join @threads, judged as they were. */
void sl_runrecord_threads(const struct sl_runrecord *rec,
			  struct sl_thread_set *threads);
/* How many patch files the hook has passed in this run. */
guint sl_runrecord_files(const struct sl_runrecord *rec);
/* The first message's recipients kept for --to-cover ("to") or
 * --cc-cover ("cc"), normalised addresses. */
GStrv sl_runrecord_cover(const struct sl_runrecord *rec, const char *which);
void sl_runrecord_set_cover(struct sl_runrecord *rec, const char *which,
			    const char *const *addrs);

/* Records what passed: the hook's @patch file (or NULL), every message of
 * @threads; FALSE with @error if the record cannot be written. */
gboolean sl_runrecord_save(struct sl_runrecord *rec, const char *patch,
			   const struct sl_thread_set *threads,
			   GError **error);

#endif
