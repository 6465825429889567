/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rule API for --fix: a rule with a mechanical fix declares it in its
 * .fix, and the fix edits the message's header fields with the functions
 * here (lint/engine/fix.c, fix-edit.c).  The engine picks the next finding
 * whose rule has a fix, applies it, then parses and lints the message
 * again: it keeps the edit only if the message reads back as the one
 * before with just the intended change (the addresses the fix removed; a
 * Subject its judge accepts), else it puts the message back and says so.
 */
#ifndef SECLINT_FIXER_H
#define SECLINT_FIXER_H

#include <glib.h>

struct sl_finding;
struct sl_message;
struct sl_policy;
struct sl_fix_state;

/* One fix being applied to one message. */
struct sl_fixing {
	const struct sl_message *msg;		/* digest of the message now */
	const struct sl_policy *policy;
	const struct sl_finding *finding;	/* the one to fix */
	struct sl_fix_state *state;		/* the engine's */
	/* The values in force of the finding's rule's .params (param.h). */
	const struct sl_value *params;
};

struct sl_fix {
	/*
	 * Edits the message so that the finding goes, says what it did
	 * (sl_fix_done()) and returns TRUE; or leaves it, says why
	 * (sl_fix_decline()) and returns FALSE.
	 */
	gboolean (*apply)(struct sl_fixing *fx);
	/* What it does, after "seclint --fix " (shown by --explain). */
	const char *summary;
};

/* The string parameter @key of the finding's rule, as sl_param_string(). */
const char *sl_fix_param_string(const struct sl_fixing *fx, const char *key);

/* What the fix did, in one line: the first of its changes. */
void sl_fix_done(struct sl_fixing *fx, const char *fmt, ...)
	G_GNUC_PRINTF(2, 3);
/* What the user must still do, printed after the changes. */
void sl_fix_note(struct sl_fixing *fx, const char *fmt, ...)
	G_GNUC_PRINTF(2, 3);
/* Why nothing was changed (the last reason given wins). */
void sl_fix_decline(struct sl_fixing *fx, const char *fmt, ...)
	G_GNUC_PRINTF(2, 3);

/* One header field of the message text: where its bytes are. */
struct sl_fix_field {
	char *name;	/* as GMime read it */
	gsize start;	/* its name */
	gsize value;	/* just after the colon */
	gsize end;	/* after its line end */
};

/*
 * The header fields whose bytes are the ones GMime read (only those can
 * be edited), in order: a GArray of struct sl_fix_field, empty if GMime
 * reads no message.  Offsets hold until the next splice.
 */
GArray *sl_fix_fields(const struct sl_fixing *fx);
/* The first of @fields named @name (in any case), or NULL. */
const struct sl_fix_field *sl_fix_find_field(const GArray *fields,
					     const char *name);
/* Its name and colon, as written. */
char *sl_fix_field_head(const struct sl_fixing *fx,
			const struct sl_fix_field *f);
/* Its value after the colon, as written: folding and line end too. */
char *sl_fix_field_value(const struct sl_fixing *fx,
			 const struct sl_fix_field *f);
/* The line end it is written with: "\r\n" or "\n". */
const char *sl_fix_field_eol(const struct sl_fixing *fx,
			     const struct sl_fix_field *f);
/* Tells the change of @f's bytes into @field_text ("" drops the field). */
void sl_fix_describe_field(struct sl_fixing *fx, const struct sl_fix_field *f,
			   const char *field_text);
/*
 * Puts @field_text (name, value and line end; "" drops the field) in
 * place of @f's bytes.  Later offsets move: splice the last field first.
 */
void sl_fix_splice_field(struct sl_fixing *fx, const struct sl_fix_field *f,
			 const char *field_text);
/* Describes, then splices. */
void sl_fix_replace_field(struct sl_fixing *fx, const struct sl_fix_field *f,
			  const char *field_text);

typedef gboolean (*sl_fix_addr_pred)(const char *addr, gpointer data);
/*
 * The value of the address field @f without the mailboxes @drop selects
 * (it sees normalised addresses; display names never count), or NULL if
 * none was there.  A group left empty goes too; *empty says nothing is
 * left.  If the edited value, parsed again, does not hold exactly the
 * other addresses: NULL and @error.  The addresses removed are the
 * intended change: the read-back check expects them gone.
 */
char *sl_fix_field_drop_addresses(struct sl_fixing *fx,
				  const struct sl_fix_field *f,
				  sl_fix_addr_pred drop, gpointer data,
				  gboolean *empty, GError **error);
/* The normalised addresses removed so far, in order, repeats included. */
const GPtrArray *sl_fix_removed(const struct sl_fixing *fx);

/*
 * Is the decoded Subject @now (never NULL) the Subject @was with just the
 * change the fix meant?
 */
typedef gboolean (*sl_fix_subject_judge)(const struct sl_fixing *fx,
					 const char *was, const char *now);
/*
 * The fix edits the Subject: the read-back check asks @judge.  Without,
 * the Subject must read back as it was.
 */
void sl_fix_expect_subject(struct sl_fixing *fx, sl_fix_subject_judge judge);

#endif
