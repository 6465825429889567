/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MEMO_H
#define SECLINT_MEMO_H

#include "message.h"

/*
 * What the rules derive from a message, derived once per lint pass
 * (lint/engine/memo.c).  The engine opens a memo for the message it lints, on
 * the thread that lints it, and frees it when the pass ends: each message
 * is linted on one thread, so no memo is shared between threads, and a
 * memo never outlives the message it describes.
 */

/* The output of a function of a text, for the last text it was given. */
struct sl_text_memo {
	char *input;		/* NULL: nothing remembered */
	char *output;
	gboolean flag;
};

struct sl_memo {
	const struct sl_message *msg;
	struct sl_memo *outer;	/* the pass this one interrupts, or NULL */
	char *own;		/* sl_msg_own_text(), NULL: not yet */
	char *signature;
	struct sl_text_memo cve_request;	/* sl_text_find_cve_request() */
	struct sl_text_memo no_disclaimers;	/* flag: it had some */
	int kernel_issue;	/* 0: not asked, 1: no, 2: yes */
	int encryption;		/* sl_msg_encryption() + 1; 0: not asked */
	/* The embargo rules' scan of the message (sl_embargo_scan_open()),
	 * NULL: not yet; freed with embargo_free. */
	gpointer embargo;
	GDestroyNotify embargo_free;
};

void sl_memo_begin(struct sl_memo *memo, const struct sl_message *msg);
void sl_memo_end(struct sl_memo *memo);
/* The open memo of @msg on this thread, or NULL (outside a lint pass). */
struct sl_memo *sl_memo_of(const struct sl_message *msg);
/* The open memo on this thread, whichever message it is of, or NULL. */
struct sl_memo *sl_memo_current(void);

/* Does @m hold the output for @input? */
gboolean sl_text_memo_holds(const struct sl_text_memo *m, const char *input);
/* Remembers @output (copied; may be NULL) for @input. */
void sl_text_memo_set(struct sl_text_memo *m, const char *input,
		      const char *output, gboolean flag);

#endif
