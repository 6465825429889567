/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_FIX_H
#define SECLINT_FIX_H

#include "check.h"
#include "fix-state.h"
#include "fixer.h"
#include "policy.h"

/*
 * --fix: rewrites the headers of a message so that the findings with a
 * mechanical fix go away (the fix a rule declares: fixer.h), and leaves
 * every other byte as it was.
 */

/* The command line: --fix, --fix-to=OUT, --in-place, --force. */
struct sl_fix_options {
	gboolean fix;
	char *output;		/* --fix-to=OUT; "-" is standard output */
	gboolean in_place;
	gboolean force;
	GOptionEntry entries[5];
};

/* The options' entries, for g_option_context_add_main_entries(). */
const GOptionEntry *sl_fix_option_entries(struct sl_fix_options *o);
void sl_fix_options_clear(struct sl_fix_options *o);
gboolean sl_fix_wanted(const struct sl_fix_options *o);
/*
 * Fixes each of @files as the options say, prints what changed on
 * standard error and lints the result through @run.  Returns the exit
 * status: that of linting the fixed messages, or 2.
 */
int sl_fix_files(const struct sl_fix_options *o, struct sl_run *run,
		 char **files, gboolean staged);
/* A hook mode refuses --fix: prints why and returns TRUE if it is there. */
gboolean sl_fix_refused(const char *mode, int argc, char **argv);

void sl_fix_result_clear(struct sl_fix_result *r);
struct sl_thread_set;
/*
 * Fixes the message in @bytes: lints it (with @extra recipients, judged as
 * a message of the run @threads, or alone if NULL: lint/mail/thread.h),
 * applies the fix of each fixable finding in rule order, one at a time,
 * and lints again after each.  FALSE with @error if it cannot be parsed.
 */
gboolean sl_fix_message(const char *bytes, gsize len,
			const struct sl_policy *policy, const GPtrArray *extra,
			const struct sl_thread_set *threads,
			struct sl_fix_result *result, GError **error);

#endif
