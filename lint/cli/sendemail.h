/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_SENDEMAIL_H
#define SECLINT_SENDEMAIL_H

#include <sys/types.h>

#include "gitconfig.h"

/*
 * What git send-email will send to that its sendemail-validate hook is not
 * told: before git 2.41 the hook gets no recipients at all, in 2.41/2.42
 * only unexpanded ones, and never the Bcc.  They are recovered the way
 * git-send-email.perl finds them: its command line (read from /proc and
 * parsed with Getopt::Long's rules), git config, the alias files, the
 * patch's headers and trailers, and the commands it runs (--to-cmd,
 * --cc-cmd, --header-cmd).
 */
struct sl_sendemail {
	GPtrArray *opt[3];	/* --to, --cc, --bcc values */
	gboolean no[3];		/* --no-to, --no-cc, --no-bcc */
	char *identity;
	gboolean no_identity;
	char *cmd[3];		/* --to-cmd, --cc-cmd, --header-cmd */
	gboolean no_header_cmd;
	GPtrArray *suppress_cc;	/* --suppress-cc values */
	int suppress_from;	/* -1: not given */
	int signed_off_by_cc;	/* -1: not given */
	int annotate;		/* -1: not given */
	gboolean compose;
	char *in_reply_to;	/* --in-reply-to, as given */
	int cover[2];		/* --[no-]to-cover, --[no-]cc-cover; -1 */
	GPtrArray *args;	/* what Getopt::Long left: files, revisions */
	gboolean current;	/* git >= 2.41's options (header-cmd, ...) */
	pid_t pid;		/* the git send-email process, or 0 */
	guint64 start;		/* its start (sl_proc_start_time) */
	char *argv_origin;	/* "git send-email (pid N)", or NULL */
	char *cwd;		/* where git send-email was started */
	char **envp;		/* its environment */
};

enum { SL_SE_TO, SL_SE_CC, SL_SE_BCC };
enum { SL_SE_TO_CMD, SL_SE_CC_CMD, SL_SE_HEADER_CMD };

void sl_sendemail_init(struct sl_sendemail *se);
void sl_sendemail_clear(struct sl_sendemail *se);

/*
 * Parses send-email's command line (argv after "git-send-email") as its
 * three GetOptions() calls do, for git 2.39/2.40 or, with @current, for
 * later git.  FALSE where Getopt::Long fails (git dies there too).
 */
gboolean sl_sendemail_parse_argv(struct sl_sendemail *se, char **argv,
				 gboolean current, GError **error);

/*
 * Looks for the git send-email process among our ancestors: 1 found and
 * parsed, 0 not found, -1 error.
 */
int sl_sendemail_from_parent(struct sl_sendemail *se, gboolean current,
			     GError **error);

/* The git send-email process among our ancestors, or 0; its start time
 * to *@start. */
pid_t sl_sendemail_process(guint64 *start);
/* When process @pid started (clock ticks since boot, /proc/PID/stat), which
 * tells it from a later process given the same pid; 0: no such process. */
guint64 sl_proc_start_time(pid_t pid);

/*
 * --to-cover and --cc-cover, or sendemail.toCover and sendemail.ccCover
 * (the identity's first): git sends every message after the first to the
 * first message's To (and Cc) too.  FALSE on a value git refuses too.
 */
gboolean sl_sendemail_cover(const struct sl_sendemail *se,
			    const struct sl_gitconfig *cfg, gboolean *to,
			    gboolean *cc, GError **error);

/* The message --in-reply-to names, as git reads it (<> and blanks
 * stripped), or NULL. */
char *sl_sendemail_in_reply_to(const struct sl_sendemail *se);

/*
 * Adds to @recipients every address git send-email will send @patch to:
 * To, Cc and Bcc from the command line or config, the patch's To/Cc/From
 * headers and body trailers (per --suppress-cc), the output of the
 * to/cc/header commands, all with aliases expanded.
 */
gboolean sl_sendemail_recipients(const struct sl_sendemail *se,
				 const struct sl_gitconfig *cfg,
				 const char *patch, GPtrArray *recipients,
				 GError **error);

/* The alias files of sendemail.aliasesFile, parsed as git does. */
GHashTable *sl_sendemail_load_aliases(const struct sl_gitconfig *cfg,
				      const char *identity, GError **error);

/*
 * parse_address_line + expand_aliases of git send-email: adds the
 * recipients @value stands for, labelled @header.
 */
gboolean sl_sendemail_add_addresses(GPtrArray *recipients, const char *header,
				    const char *value, GHashTable *aliases,
				    GError **error);

/*
 * The To and Cc of git >= 2.41's header file (the hook's second argument),
 * read as git reads them, aliases expanded (2.41 and 2.42 give them raw).
 */
gboolean sl_sendemail_header_file(const struct sl_sendemail *se,
				  const struct sl_gitconfig *cfg,
				  const char *path, GPtrArray *recipients,
				  GError **error);

/* Text the hook says for what it cannot see (--compose, --annotate). */
void sl_sendemail_warn_unseen(const struct sl_sendemail *se,
			      const struct sl_gitconfig *cfg,
			      gboolean have_headers);

#endif
