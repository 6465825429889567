/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MODES_H
#define SECLINT_MODES_H

#include <glib.h>

/*
 * The ways in besides "seclint FILE...": each takes the arguments after
 * its own name and returns seclint's exit status (0, 1 or 2).
 */
int sl_hook_main(int argc, char **argv);	 /* hook sendemail-validate */
int sl_install_hook_main(int argc, char **argv); /* install-hook */
int sl_sendmail_main(int argc, char **argv);	 /* sendmail [-- MTA ARGS] */

/* A hook file "#!SECLINT --run-hook" runs "SECLINT --run-hook FILE ARGS". */
#define SL_RUN_HOOK "--run-hook"

struct sl_run;
/*
 * --staged: checks the staged (index) version of every added or changed
 * file that holds mail, through sl_run_bytes(); FALSE if the repository
 * cannot be read.
 */
gboolean sl_staged_check(struct sl_run *run, GError **error);

#endif
