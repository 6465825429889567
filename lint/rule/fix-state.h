/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The state of one fix being applied, between the engine's --fix loop
 * (lint/engine/fix.c) and what a fix edits with (fixing.c, fix-edit.c):
 * the engine sets it up, the fixer.h calls fill it in.
 */
#ifndef SECLINT_FIX_STATE_H
#define SECLINT_FIX_STATE_H

#include "fixer.h"

/* One message (for an mbox, from its "From " line), fixed in memory. */
struct sl_fix_result {
	GString *text;		/* the fixed message */
	GPtrArray *changes;	/* of char *: lines describing the edits */
	GPtrArray *notes;	/* of char *: what the user must still do */
	unsigned edits;		/* how many fixes changed something */
};

/* The engine's side of one fix being applied. */
struct sl_fix_state {
	GString *text;
	struct sl_fix_result *result;
	guint first_change;	/* this fix's first line in result->changes */
	GPtrArray *removed;	/* normalised addresses this fix removed */
	sl_fix_subject_judge subject;	/* NULL: the Subject stays */
	char *declined;		/* why nothing was changed */
};

/*
 * The address edit (fix-edit.c), on the value after the colon:
 * the address-list value @value without the mailboxes @drop selects (it
 * sees normalised addresses; display names never count), or NULL if none
 * was there.  A group left empty goes too; *empty says nothing is left.
 * The normalised addresses removed are added to @removed.  The result is
 * parsed again: if it does not hold exactly the other addresses, NULL
 * and @error.
 */
char *sl_fix_drop_addresses(const char *value, sl_fix_addr_pred drop,
			    gpointer data, GPtrArray *removed, gboolean *empty,
			    GError **error);

#endif
