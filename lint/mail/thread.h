/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_THREAD_H
#define SECLINT_THREAD_H

#include <glib.h>

struct sl_message;

/*
 * The messages of one run (lint/mail/thread.c): the inputs of one command
 * line (a series as files, an mbox), the staged drafts, or the messages
 * one git send-email run has sent through the hook and the send-time check
 * (lint/cli/runrecord.c).  A reply is a follow-up only when its thread
 * reaches a message outside the run, or another sender's: a series
 * threaded to its own cover letter, or a message that names itself, is
 * not one; a reply in a saved thread is.
 */
struct sl_thread_set;

struct sl_thread_set *sl_thread_set_new(void);
/* The same for a run that is not recorded (no sl_thread_set_foreach() or
 * sl_thread_set_restore()): ids compared exactly, not by their SHA-256. */
struct sl_thread_set *sl_thread_set_new_in_process(void);
void sl_thread_set_free(struct sl_thread_set *set);
typedef struct sl_thread_set sl_thread_set;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_thread_set, sl_thread_set_free)

/*
 * A message of the run: its Message-ID, its sender (the From address,
 * normalised, or NULL) and the ids it names (In-Reply-To, References;
 * strings, without angle brackets).  Judged at the next
 * sl_thread_set_settle(); of two messages with one id the first counts.
 */
void sl_thread_set_add(struct sl_thread_set *set, const char *id,
		       const char *sender, const GPtrArray *parents);
/* A message of the run judged before: whether its thread reaches outside. */
void sl_thread_set_add_judged(struct sl_thread_set *set, const char *id,
			      const char *sender, gboolean outside);
/* @msg, judged (sl_thread_judge), joins the run. */
void sl_thread_set_add_message(struct sl_thread_set *set,
			       const struct sl_message *msg);
/* Every message of the run replies to a message outside it (git
 * send-email --in-reply-to): each is a follow-up. */
void sl_thread_set_reply_outside(struct sl_thread_set *set);
/* Every message of the run is one sender's, whatever its From says (git
 * send-email sends a series of several authors' patches as its user). */
void sl_thread_set_one_sender(struct sl_thread_set *set);
/* Judges the messages added since the last call, all together, so that
 * a reply to a message further on in an mbox is judged as one to a
 * message before it. */
void sl_thread_set_settle(struct sl_thread_set *set);

/*
 * Sets @msg's reply and followup as the run sees them (it reads the set
 * only: the workers of an mbox call it at once), from the ids it names.
 */
void sl_thread_judge(const struct sl_thread_set *set, struct sl_message *msg);

/*
 * Each message of the run, as its key (16 hex digits: the Message-ID is
 * not kept, lint/mail/thread.c), and whether its thread reaches outside;
 * for the send-time record, which gives them back to sl_thread_set_restore.
 */
typedef void (*sl_thread_fn)(const char *key, gboolean outside,
			     gpointer data);
void sl_thread_set_foreach(const struct sl_thread_set *set, sl_thread_fn fn,
			   gpointer data);
void sl_thread_set_restore(struct sl_thread_set *set, const char *key,
			   gboolean outside);

#endif
