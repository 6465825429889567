/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_CHECK_H
#define SECLINT_CHECK_H

#include "output.h"
#include "policy.h"
#include "rule.h"
#include "severity.h"

/*
 * One run over inputs: every front end (the CLI, the send-email hook,
 * sendmail mode, the pre-commit check) feeds its inputs through this, so
 * they all judge a message the same way.
 */
struct sl_run {
	const struct sl_policy *policy;
	struct sl_output *output;
	const GPtrArray *extra;	/* recipients added to every message */
	unsigned jobs;		/* lint threads for an mbox; 0 or 1: none */
	const struct sl_lint_options *lint;	/* repository, flags; or NULL */
	enum sl_severity shown;	/* findings below it are dropped (--quiet) */
	/* The run's messages, which decide what is a follow-up
	 * (lint/mail/thread.h); each input's join it.  NULL: each message
	 * is judged alone. */
	struct sl_thread_set *threads;
};

void sl_run_path(struct sl_run *run, const char *path);
void sl_run_bytes(struct sl_run *run, const char *name, const char *bytes,
		  gsize len);

#endif
