/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_SENDEMAIL_H
#define SECLINT_SENDEMAIL_H

#include "gitconfig.h"
#include "seclint.h"

/*
 * What git send-email will send to that its sendemail-validate hook is not
 * told: before git 2.41 the hook gets no recipients at all, in 2.41/2.42
 * only unexpanded ones, and never the Bcc.  They are recovered from the
 * send-email command line (read from /proc), git config and the alias file.
 */
struct sl_sendemail {
	GPtrArray *opt[3];	/* raw --to, --cc, --bcc values */
	gboolean given[3];	/* option (or --no-X) on the command line */
	char *identity;
	char *argv_origin;	/* "git send-email" process found, or NULL */
};

enum { SL_SE_TO, SL_SE_CC, SL_SE_BCC };

void sl_sendemail_init(struct sl_sendemail *se);
void sl_sendemail_clear(struct sl_sendemail *se);

/* Parses send-email's own options (argv after "send-email"). */
void sl_sendemail_parse_argv(struct sl_sendemail *se, char **argv);

/* Looks for the git send-email process among our ancestors. */
gboolean sl_sendemail_from_parent(struct sl_sendemail *se);

/*
 * Adds to @recipients what send-email will use: @se's options, else the
 * sendemail.{to,cc,bcc} config (with the identity's own keys first), with
 * aliases expanded.  @want selects
 * which of To/Cc/Bcc to add.
 */
gboolean sl_sendemail_recipients(const struct sl_sendemail *se,
				 const struct sl_gitconfig *cfg,
				 const gboolean want[3],
				 GPtrArray *recipients, GError **error);

/* Replaces alias names among @recipients with their addresses. */
gboolean sl_sendemail_expand_aliases(const struct sl_gitconfig *cfg,
				     GPtrArray *recipients, GError **error);

#endif
