// SPDX-License-Identifier: GPL-2.0-only
/*
 * git's sendemail-validate hook: `seclint hook sendemail-validate PATCH
 * [HEADERS]`, or seclint installed as hooks/sendemail-validate.  A non-zero
 * exit makes git send-email abort the whole series before anything is sent.
 */
#include <stdio.h>
#include <string.h>

#include "address.h"
#include "check.h"
#include "fix.h"
#include "gitconfig.h"
#include "input.h"
#include "message.h"
#include "modes.h"
#include "output.h"
#include "policy.h"
#include "repo.h"
#include "rule.h"
#include "runrecord.h"
#include "sendemail.h"
#include "settings.h"
#include "thread.h"

static gboolean steal_recipients(struct sl_message *msg, gpointer data,
				 GError **error)
{
	GPtrArray *out = data;

	(void)error;
	for (guint i = 0; i < msg->recipients->len; i++) {
		struct sl_address *a = msg->recipients->pdata[i];
		g_autofree char *label = g_strdup_printf(
			"%s, send-email headers", a->header);

		a->header = g_intern_string(label);
	}
	g_ptr_array_extend_and_steal(out, g_steal_pointer(&msg->recipients));
	msg->recipients = sl_address_list_new();
	return TRUE;
}

/* git >= 2.41 passes the SMTP headers (To, Cc, folded) as a second file. */
static gboolean read_header_file(const char *path, GPtrArray *out,
				 GError **error)
{
	g_autofree char *text = NULL;
	g_autofree char *message = NULL;
	gsize len;
	gboolean mbox;

	if (!g_file_get_contents(path, &text, &len, error))
		return FALSE;
	message = g_strconcat(text, "\n\n", NULL);
	if (!sl_input_parse(message, strlen(message), NULL, &mbox,
			    steal_recipients, out, error)) {
		g_prefix_error(error, "%s: ", path);
		return FALSE;
	}
	return TRUE;
}

static void warn_blind(void)
{
	fprintf(stderr,
		"seclint: warning: git send-email gave the hook no recipients "
		"(git < 2.41) and its command line could not be read; only the "
		"patch's own headers, trailers and git config were checked.\n"
		"seclint: for full checking use git >= 2.43, or set "
		"sendemail.sendmailCmd to \"seclint sendmail\".\n");
}

/*
 * Every recipient git send-email will give @patch: from the header file
 * of git >= 2.41 (GMime's reading and git's), and, for every version,
 * rebuilt the way git-send-email.perl builds it; the Bcc is only ever
 * found that way.
 */
static gboolean gather(struct sl_sendemail *se, const char *patch,
		       const char *headers, const struct sl_gitconfig *cfg,
		       GPtrArray *extra, GError **error)
{
	gboolean ok = TRUE;
	int found;

	found = sl_sendemail_from_parent(se, headers != NULL, error);
	if (found < 0)
		ok = FALSE;
	else if (!found) {	/* run by hand: commands run from here */
		se->cwd = g_get_current_dir();
		se->envp = g_get_environ();
		if (!headers)
			warn_blind();
	}
	if (ok && headers)
		ok = read_header_file(headers, extra, error) &&
		     sl_sendemail_header_file(se, cfg, headers, extra, error);
	if (ok)
		ok = sl_sendemail_recipients(se, cfg, patch, extra, error);
	if (ok && found > 0)
		sl_sendemail_warn_unseen(se, cfg, headers != NULL);
	return ok;
}

/*
 * Is this the first message of the run?  git >= 2.41 counts them for the
 * hook; before, the record says whether the hook has passed one already.
 */
static gboolean first_message(const struct sl_runrecord *rec)
{
	const char *counter = g_getenv("GIT_SENDEMAIL_FILE_COUNTER");

	if (counter && *counter)
		return !strcmp(counter, "1");
	return sl_runrecord_files(rec) == 0;
}

/*
 * --to-cover and --cc-cover (or sendemail.toCover, ccCover): git sends
 * every message after the first to the first one's To (and Cc) too,
 * before the hook of git < 2.43 is told.  The first message's are kept in
 * the run's record and added to each later patch.  A --compose cover
 * letter is the first message, which git < 2.43 never shows the hook
 * (sl_sendemail_warn_unseen says so; git >= 2.43 puts its recipients in
 * the header file).
 */
static gboolean add_cover(const struct sl_sendemail *se,
			  const struct sl_gitconfig *cfg,
			  struct sl_runrecord *rec, GPtrArray *extra,
			  GError **error)
{
	static const char *const which[] = { "to", "cc" };
	static const char *const label[] = { "To, cover letter (--to-cover)",
					      "Cc, cover letter (--cc-cover)" };
	gboolean on[2];
	gboolean first;

	if (!sl_sendemail_cover(se, cfg, &on[0], &on[1], error))
		return FALSE;
	if (!rec || se->compose)
		return TRUE;
	first = first_message(rec);
	for (int k = 0; k < 2; k++) {
		const char *head = k ? "Cc" : "To";
		g_autoptr(GPtrArray) addrs = NULL;
		g_auto(GStrv) kept = NULL;

		if (!on[k])
			continue;
		if (!first) {
			kept = sl_runrecord_cover(rec, which[k]);
			for (char **a = kept; *a; a++)
				sl_address_add_header(extra, label[k], *a,
						      NULL);
			continue;
		}
		addrs = g_ptr_array_new();
		for (guint i = 0; i < extra->len; i++) {
			const struct sl_address *a = extra->pdata[i];

			if (g_str_has_prefix(a->header, head) &&
			    (!a->header[2] || a->header[2] == ','))
				g_ptr_array_add(addrs, a->addr);
		}
		g_ptr_array_add(addrs, NULL);
		sl_runrecord_set_cover(rec, which[k],
				       (const char *const *)addrs->pdata);
	}
	return TRUE;
}

static int check_patch(const char *patch, const GPtrArray *extra,
		       struct sl_thread_set *threads,
		       const struct sl_settings *settings,
		       const struct sl_policy *policy)
{
	struct sl_output output;
	/* The hook runs in the repository; opened only if a rule asks. */
	g_autoptr(sl_repo) repo = sl_repo_new(NULL);
	struct sl_lint_options lint = { .repo = repo };
	struct sl_run run = { policy, &output, extra, 1, &lint,
			      .shown = sl_settings_shown(settings),
			      .threads = threads };
	int status;

	sl_output_init(&output, SL_FORMAT_TEXT, FALSE, stderr);
	sl_output_set_policy(&output, policy);
	sl_run_path(&run, patch);
	sl_output_finish(&output);
	status = sl_settings_exit_code(settings, &output);
	if (status)
		fprintf(stderr,
			"seclint: refusing to send '%s'.\n"
			"seclint: after a human review you may bypass this "
			"check with: git send-email --no-validate ...\n", patch);
	return status;
}

/*
 * The run @patch is part of: the messages the hook and the send-time
 * check passed before it in the same git send-email run (so that a patch
 * threaded to the cover letter is no follow-up), and --in-reply-to, which
 * makes every message of the run one.
 */
static gboolean join_run(const struct sl_sendemail *se,
			 struct sl_runrecord **rec,
			 struct sl_thread_set *threads, GError **error)
{
	g_autofree char *parent = sl_sendemail_in_reply_to(se);

	sl_thread_set_one_sender(threads);	/* git sends all as its user */
	if (se->pid) {
		*rec = sl_runrecord_open(se->pid, se->start, error);
		if (!*rec)
			return FALSE;
		sl_runrecord_threads(*rec, threads);
	}
	if (parent)
		sl_thread_set_reply_outside(threads);
	return TRUE;
}

/* What the hook reads of git config: seclint's settings, send-email's. */
static const char *const hook_sections[] = { "seclint", "sendemail", NULL };

static int hook(const char *patch, const char *headers)
{
	g_autoptr(GPtrArray) extra = sl_address_list_new();
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_gitconfig) cfg = sl_gitconfig_read(FALSE, hook_sections,
							&error);
	g_autoptr(sl_policy) policy = NULL;
	g_autoptr(sl_runrecord) rec = NULL;
	g_autoptr(sl_thread_set) threads = sl_thread_set_new();
	struct sl_sendemail se;
	struct sl_settings settings;
	int status = 2;

	sl_settings_init(&settings);
	sl_sendemail_init(&se);
	if (!cfg || !(policy = sl_settings_load(&settings, cfg, &error)))
		fprintf(stderr, "seclint: %s\n", error->message);
	else if (!gather(&se, patch, headers, cfg, extra, &error) ||
		 !join_run(&se, &rec, threads, &error) ||
		 !add_cover(&se, cfg, rec, extra, &error))
		fprintf(stderr, "seclint: cannot determine the recipients of "
				"'%s': %s\n", patch, error->message);
	else if (!(status = check_patch(patch, extra, threads, &settings,
					policy)) && rec &&
		 !sl_runrecord_save(rec, patch, threads, &error)) {
		fprintf(stderr, "seclint: %s\n", error->message);
		status = 2;
	}
	sl_sendemail_clear(&se);
	sl_settings_clear(&settings);
	return status;
}

int sl_hook_main(int argc, char **argv)
{
	if (sl_fix_refused("the sendemail-validate hook", argc, argv))
		return 2;
	if (argc < 1 || argc > 2) {
		fprintf(stderr, "usage: seclint hook sendemail-validate PATCH "
				"[HEADERS]\n");
		return 2;
	}
	return hook(argv[0], argc == 2 ? argv[1] : NULL);
}
