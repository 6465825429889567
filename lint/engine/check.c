// SPDX-License-Identifier: GPL-2.0-only
/*
 * With run->jobs > 1, the messages of an input are linted and formatted
 * on a thread pool; the formatted results are emitted strictly in input
 * order, so the output does not depend on the number of threads.  An
 * mbox is only cut into messages here: the workers parse them too (GMime
 * alone runs at about the speed of a whole single-threaded check).  The
 * first message that cannot be parsed ends the output at its place, with
 * what came before it shown, as with one thread.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "errors.h"
#include "input.h"
#include "message.h"
#include "output.h"
#include "rule.h"
#include "thread.h"

struct one_input {
	struct sl_run *run;
	const char *name;
	gboolean is_mbox;
	GThreadPool *pool;
	struct job *filling;	/* not yet handed to a worker */
	GQueue pending;		/* of struct job, in input order */
	GMutex lock;
	GCond done;
	gsize raw_pending;	/* bytes of the raw messages in @pending */
	gint failed;		/* a worker could not parse a message */
	GError *error;		/* the first failure, in input order */
};

/* Messages handed to a worker at once, to amortise the hand-over; fewer
 * if their bytes add up (raw messages wait in memory). */
#define SL_JOB_BATCH 64
#define SL_JOB_BYTES (256u << 10)

/* Messages linted and formatted by a worker, waiting to be emitted. */
struct job {
	GPtrArray *msgs;	/* of struct sl_message, or */
	GPtrArray *raws;	/* of struct sl_raw_message, to parse */
	gsize raw_bytes;
	GError *error;		/* parsing stopped there */
	char *text;
	size_t text_len;
	struct sl_output part;	/* counts, and how it was formatted */
	gboolean finished;
};

/* The findings of one message that are shown (all, unless --quiet). */
static GPtrArray *lint(const struct sl_run *run, const struct sl_message *msg)
{
	GPtrArray *findings = sl_lint_message_with(msg, run->policy,
						   run->lint);

	for (guint i = findings->len; i-- > 0;) {
		const struct sl_finding *f = findings->pdata[i];

		if (f->severity < run->shown)
			g_ptr_array_remove_index(findings, i);
	}
	return findings;
}

/*
 * A message as the run sees it: a reply to one of the run's messages is
 * not a follow-up.  An mbox's messages joined the run before the first
 * was read; a single message joins it here, in input order, so that the
 * next input may reply to it.
 */
static void judge(const struct sl_run *run, struct sl_message *msg)
{
	if (!run->threads)
		return;
	sl_thread_judge(run->threads, msg);
	sl_thread_set_add_message(run->threads, msg);
}

static gboolean on_message(struct sl_message *msg, gpointer data,
			   GError **error)
{
	struct one_input *in = data;
	g_autoptr(GPtrArray) findings = NULL;

	(void)error;
	judge(in->run, msg);
	findings = lint(in->run, msg);
	sl_output_message(in->run->output, in->name, in->is_mbox, msg,
			  findings);
	return TRUE;
}

struct job_input {
	struct job *job;
	const struct one_input *in;
};

static void format_message(struct job *job, const struct one_input *in,
			   const struct sl_message *msg)
{
	g_autoptr(GPtrArray) findings = lint(in->run, msg);

	sl_output_message(&job->part, in->name, in->is_mbox, msg, findings);
}

static gboolean on_parsed(struct sl_message *msg, gpointer data,
			  GError **error)
{
	struct job_input *ji = data;

	(void)error;
	/* A worker's: the run's messages are only read (the mbox joined
	 * them before it was cut up). */
	if (ji->in->run->threads)
		sl_thread_judge(ji->in->run->threads, msg);
	format_message(ji->job, ji->in, msg);
	return TRUE;
}

static void parse_job(struct job *job, struct one_input *in)
{
	struct job_input ji = { job, in };

	/* A job goes on past a failure in a later one: it comes first. */
	for (guint i = 0; i < job->raws->len; i++) {
		if (!sl_input_parse_raw(job->raws->pdata[i], in->run->extra,
					on_parsed, &ji, &job->error)) {
			g_atomic_int_set(&in->failed, 1);
			return;
		}
	}
}

static void format_job(struct job *job, struct one_input *in)
{
	FILE *mem = open_memstream(&job->text, &job->text_len);

	if (!mem)
		g_error("open_memstream: %s", g_strerror(errno));
	sl_output_init_part(&job->part, in->run->output, mem);
	if (job->raws)
		parse_job(job, in);
	for (guint i = 0; job->msgs && i < job->msgs->len; i++)
		format_message(job, in, job->msgs->pdata[i]);
	fclose(mem);
	g_string_free(job->part.json_errors, TRUE);
	job->part.json_errors = NULL;
}

static void worker(gpointer data, gpointer user_data)
{
	struct job *job = data;
	struct one_input *in = user_data;

	format_job(job, in);
	g_mutex_lock(&in->lock);
	job->finished = TRUE;
	g_cond_broadcast(&in->done);
	g_mutex_unlock(&in->lock);
}

/* A job after a failure is dropped: nothing after it is shown. */
static void emit_job(struct one_input *in, struct job *job)
{
	if (!in->error)
		sl_output_merge(in->run->output, &job->part, job->text,
				job->text_len);
	if (job->error && !in->error)
		in->error = g_steal_pointer(&job->error);
	g_clear_error(&job->error);
	if (job->msgs)
		g_ptr_array_unref(job->msgs);
	if (job->raws)
		g_ptr_array_unref(job->raws);
	free(job->text);
	g_free(job);
}

/* Emits finished jobs in order until at most @keep are pending, and the
 * raw messages they hold (parsed or not) add up to at most @keep_bytes. */
static void emit_pending(struct one_input *in, guint keep, gsize keep_bytes)
{
	while (g_queue_get_length(&in->pending) > keep ||
	       (in->raw_pending > keep_bytes &&
		!g_queue_is_empty(&in->pending))) {
		struct job *job = g_queue_peek_head(&in->pending);

		g_mutex_lock(&in->lock);
		while (!job->finished)
			g_cond_wait(&in->done, &in->lock);
		g_mutex_unlock(&in->lock);
		g_queue_pop_head(&in->pending);
		in->raw_pending -= job->raw_bytes;
		emit_job(in, job);
	}
}

static void push_job(struct one_input *in)
{
	struct job *job = g_steal_pointer(&in->filling);

	if (!job)
		return;
	g_queue_push_tail(&in->pending, job);
	in->raw_pending += job->raw_bytes;
	/*
	 * The pool and its threads are made for an mbox only: a single
	 * message is linted here, as starting a thread costs more than
	 * it could save (the job and its output are the same).
	 */
	if (in->is_mbox && !in->pool)
		in->pool = g_thread_pool_new(worker, in, (gint)in->run->jobs,
					     FALSE, NULL);
	if (!in->pool)
		worker(job, in);
	else	/* fails only when no thread can be made; GLib retries */
		g_thread_pool_push(in->pool, job, NULL);
	/*
	 * A bounded window keeps memory flat however long the mbox is: so
	 * many jobs, and so many bytes of raw messages (a job holds one
	 * message at least, and a message may be megabytes: several such
	 * near each other would all be read ahead).
	 */
	emit_pending(in, 2 * in->run->jobs,
		     (gsize)2 * in->run->jobs * SL_JOB_BYTES);
}

static gboolean on_message_parallel(struct sl_message *msg, gpointer data,
				    GError **error)
{
	struct one_input *in = data;

	(void)error;
	judge(in->run, msg);
	if (!in->filling) {
		in->filling = g_new0(struct job, 1);
		in->filling->msgs = g_ptr_array_new_with_free_func(
			(GDestroyNotify)sl_message_free);
	}
	g_ptr_array_add(in->filling->msgs, sl_message_steal(msg));
	if (in->filling->msgs->len == SL_JOB_BATCH)
		push_job(in);
	return TRUE;
}

static gboolean on_raw_parallel(struct sl_raw_message *raw, gpointer data,
				GError **error)
{
	struct one_input *in = data;

	if (g_atomic_int_get(&in->failed)) {
		sl_raw_message_free(raw);
		g_set_error_literal(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
				    "stopped");	/* replaced by the worker's */
		return FALSE;
	}
	if (!in->filling) {
		in->filling = g_new0(struct job, 1);
		in->filling->raws = g_ptr_array_new_with_free_func(
			(GDestroyNotify)sl_raw_message_free);
	}
	in->filling->raw_bytes += raw->bytes->len;
	g_ptr_array_add(in->filling->raws, raw);
	if (in->filling->raws->len == SL_JOB_BATCH ||
	    in->filling->raw_bytes >= SL_JOB_BYTES)
		push_job(in);
	return TRUE;
}

static gboolean read_parallel(struct one_input *in, GError **error)
{
	gboolean ok;

	g_mutex_init(&in->lock);
	g_cond_init(&in->done);
	g_queue_init(&in->pending);
	ok = sl_input_read_split(in->name, in->run->extra, in->run->threads,
				 &in->is_mbox, on_message_parallel,
				 on_raw_parallel, in, error);
	push_job(in);
	emit_pending(in, 0, 0);
	if (in->pool)
		g_thread_pool_free(in->pool, FALSE, TRUE);
	g_cond_clear(&in->done);
	g_mutex_clear(&in->lock);
	if (in->error) {
		/* A worker's failure comes first in the input. */
		g_clear_error(error);
		g_propagate_error(error, g_steal_pointer(&in->error));
		return FALSE;
	}
	return ok;
}

void sl_run_path(struct sl_run *run, const char *path)
{
	struct one_input in = { .run = run, .name = path };
	g_autoptr(GError) error = NULL;
	gboolean ok;

	if (run->jobs > 1)
		ok = read_parallel(&in, &error);
	else
		ok = sl_input_read_split(path, run->extra, run->threads,
					 &in.is_mbox, on_message, NULL, &in,
					 &error);
	if (!ok)
		sl_output_input_error(run->output, path, error);
}

void sl_run_bytes(struct sl_run *run, const char *name, const char *bytes,
		  gsize len)
{
	struct one_input in = { .run = run, .name = name };
	g_autoptr(GError) error = NULL;

	if (run->threads)
		sl_input_scan_threads(bytes, len, run->threads);
	if (!sl_input_parse(bytes, len, run->extra, &in.is_mbox, on_message,
			    &in, &error))
		sl_output_input_error(run->output, name, error);
}
