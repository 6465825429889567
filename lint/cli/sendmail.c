// SPDX-License-Identifier: GPL-2.0-only
/*
 * seclint sendmail: a sendmail(8) stand-in for git send-email
 * (sendemail.sendmailCmd), b4 and mutt.  It checks the message on standard
 * input together with its envelope recipients and hands it, byte for byte,
 * to the real sendmail only when it is clean.
 *
 * usage: seclint sendmail [SENDMAIL-OPTIONS] [--] RECIPIENTS...
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "address.h"
#include "check.h"
#include "errors.h"
#include "fd-write.h"
#include "fix.h"
#include "gitconfig.h"
#include "modes.h"
#include "output.h"
#include "policy.h"
#include "repo.h"
#include "rule.h"
#include "runrecord.h"
#include "sendemail.h"
#include "settings.h"
#include "thread.h"

#define SL_MAX_MAIL_SIZE (256u * 1024 * 1024)
/* Set in the real sendmail's environment: seclint must not call itself. */
#define SL_SENDMAIL_ACTIVE "SECLINT_SENDMAIL_ACTIVE"

struct sendmail_args {
	int argc;		/* the command line, passed on unchanged */
	char **argv;
	gboolean from_headers;	/* -t: the headers name recipients too */
	guint recipients;	/* recipient arguments */
	GPtrArray *extra;	/* envelope recipients, as "Bcc" */
	char *mta;		/* the real sendmail, a shell command */
	const char *mta_from;	/* where that came from */
};

static void sendmail_args_clear(struct sendmail_args *a)
{
	g_ptr_array_unref(a->extra);
	g_free(a->mta);
}

/*
 * sendmail(8)'s options as mutt, neomutt, aerc, git send-email and b4 use
 * them (and Postfix, Exim and msmtp accept them).  Anything else, -bs
 * (SMTP on standard input), -bt, -C, -q, ..., is refused: seclint would
 * not know what it does to the recipients.
 */
enum sm_kind { SM_FLAG, SM_VALUE, SM_ATTACHED };
static const struct sm_option {
	const char *name;
	enum sm_kind kind;
} sm_options[] = {
	{ "-i", SM_FLAG },	/* a lone "." does not end the message */
	{ "-t", SM_FLAG },	/* recipients from To, Cc, Bcc too */
	{ "-v", SM_FLAG },
	{ "-bm", SM_FLAG },	/* deliver mail: the default mode */
	{ "-G", SM_FLAG },
	{ "-U", SM_FLAG },
	{ "-f", SM_VALUE },	/* envelope sender */
	{ "-r", SM_VALUE },
	{ "-F", SM_VALUE },	/* sender's full name */
	{ "-N", SM_VALUE },	/* DSN: never, success, failure, delay */
	{ "-R", SM_VALUE },	/* DSN: full, hdrs */
	{ "-V", SM_VALUE },	/* DSN envelope id */
	{ "-B", SM_VALUE },	/* 7BIT, 8BITMIME */
	{ "-L", SM_VALUE },	/* syslog tag */
	{ "-o", SM_ATTACHED },	/* -oi, -oem, -oee, -odb, ... */
};

static const struct sm_option *find_option(const char *arg)
{
	for (gsize i = 0; i < G_N_ELEMENTS(sm_options); i++) {
		const struct sm_option *o = &sm_options[i];

		if (o->kind == SM_FLAG ? !strcmp(arg, o->name)
				       : !strncmp(arg, o->name, 2))
			return o;
	}
	return NULL;
}

static gboolean usage_error(GError **error, const char *fmt, const char *arg)
{
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE, fmt, arg);
	return FALSE;
}

/*
 * One recipient argument (an address list, as sendmail takes it, split at
 * ';' too, as git splits it: sl_address_add_header).  A file or program
 * ("/path", "|cmd") is no mail recipient: it is most likely the old
 * "seclint sendmail -- /usr/sbin/sendmail" form.
 */
static gboolean add_recipient(struct sendmail_args *a, const char *arg,
			      GError **error)
{
	const char *p = arg + strspn(arg, " \t");

	a->recipients++;
	if (*p == '/' || *p == '|')
		return usage_error(error, "'%s' is not a mail recipient (the "
				   "real sendmail is set with git config "
				   "seclint.sendmail or $SECLINT_SENDMAIL, "
				   "not on the command line)", arg);
	if (!sl_address_add_header(a->extra, "Bcc", arg, error)) {
		g_prefix_error(error, "envelope recipient: ");
		return FALSE;
	}
	return TRUE;
}

/* One option at argv[*i]; a value in the next argument moves *i on. */
static gboolean parse_option(struct sendmail_args *a, int *i, GError **error)
{
	const char *arg = a->argv[*i];
	const struct sm_option *o = find_option(arg);

	if (!o || (o->kind == SM_ATTACHED && !arg[2]))
		return usage_error(error, "unsupported sendmail option '%s' "
				   "(seclint sendmail takes -i, -t, -v, -bm, "
				   "-oX, -f ADDR, -r ADDR, -F NAME, -N, -R, "
				   "-V, -B, -L, then recipients; -- ends the "
				   "options)", arg);
	if (!strcmp(arg, "-t"))
		a->from_headers = TRUE;
	if (o->kind == SM_VALUE && !arg[2] && ++*i >= a->argc)
		return usage_error(error, "sendmail option %s needs a value",
				   arg);
	return TRUE;
}

/* Options may follow recipients (getopt permutes); "--" ends them. */
static gboolean parse_args(struct sendmail_args *a, GError **error)
{
	gboolean options = TRUE;

	for (int i = 0; i < a->argc; i++) {
		const char *arg = a->argv[i];

		gboolean ok = TRUE;

		if (options && !strcmp(arg, "--"))
			options = FALSE;
		else if (options && arg[0] == '-' && arg[1])
			ok = parse_option(a, &i, error);
		else
			ok = add_recipient(a, arg, error);
		if (!ok)
			return FALSE;
	}
	if (!a->recipients && !a->from_headers) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "no recipients: give them as arguments, or -t to "
			    "take them from the headers");
		return FALSE;
	}
	return TRUE;
}

/* Where git send-email looks for sendmail when nothing is configured. */
static char *default_sendmail(void)
{
	const char *fixed[] = { "/usr/sbin/sendmail", "/usr/lib/sendmail" };
	g_auto(GStrv) path = g_strsplit(g_getenv("PATH") ? g_getenv("PATH")
						       : "", ":", -1);

	for (gsize i = 0; i < G_N_ELEMENTS(fixed); i++)
		if (g_file_test(fixed[i], G_FILE_TEST_IS_EXECUTABLE))
			return g_strdup(fixed[i]);
	for (char **d = path; *d; d++) {
		g_autofree char *f = g_build_filename(**d ? *d : ".",
						      "sendmail", NULL);

		if (g_file_test(f, G_FILE_TEST_IS_EXECUTABLE) &&
		    !g_file_test(f, G_FILE_TEST_IS_DIR))
			return g_shell_quote(f);
	}
	return NULL;
}

/*
 * The real sendmail: $SECLINT_SENDMAIL, else git config seclint.sendmail
 * (a shell command, as git's sendemail.sendmailCmd), else sendmail where
 * git send-email looks for it.  Its program must exist: fail before the
 * message is read, not after it has been checked.
 */
static gboolean find_mta(struct sendmail_args *a,
			 const struct sl_gitconfig *cfg, GError **error)
{
	const char *env = g_getenv("SECLINT_SENDMAIL");
	const struct sl_gitconfig_entry *e =
		sl_gitconfig_last(cfg, "seclint.sendmail");
	g_auto(GStrv) words = NULL;
	g_autofree char *prog = NULL;

	if (env && *env) {
		a->mta = g_strdup(env);
		a->mta_from = "$SECLINT_SENDMAIL";
	} else if (e && e->value && *e->value) {
		a->mta = g_strdup(e->value);
		a->mta_from = "git config seclint.sendmail";
	} else if ((a->mta = default_sendmail())) {
		a->mta_from = "the default";
	} else {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "no real sendmail: /usr/sbin/sendmail, "
			    "/usr/lib/sendmail and sendmail on PATH do not "
			    "exist; name yours with git config --global "
			    "seclint.sendmail COMMAND");
		return FALSE;
	}
	if (!g_shell_parse_argv(a->mta, NULL, &words, NULL) || !words[0]) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "the real sendmail '%s' (%s) is not a command",
			    a->mta, a->mta_from);
		return FALSE;
	}
	prog = strchr(words[0], '/') ? g_strdup(words[0])
				     : g_find_program_in_path(words[0]);
	if (!prog || !g_file_test(prog, G_FILE_TEST_IS_EXECUTABLE) ||
	    g_file_test(prog, G_FILE_TEST_IS_DIR)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "the real sendmail '%s' (%s) cannot be run: %s "
			    "is not an executable file", a->mta, a->mta_from,
			    words[0]);
		return FALSE;
	}
	return TRUE;
}

static gboolean read_message(GByteArray *buf, GError **error)
{
	char chunk[65536];
	ssize_t n;

	while ((n = read(STDIN_FILENO, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
				    "reading the message: %s",
				    g_strerror(errno));
			return FALSE;
		}
		if (buf->len + (gsize)n > SL_MAX_MAIL_SIZE) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
				    "message larger than %u MiB, refusing it",
				    SL_MAX_MAIL_SIZE >> 20);
			return FALSE;
		}
		g_byte_array_append(buf, (const guint8 *)chunk, n);
	}
	return TRUE;
}

/*
 * sh -c 'MTA "$@"' seclint-sendmail ARGS...: the real sendmail gets the
 * command line seclint got, word for word, as git runs sendmailCmd.
 */
static GPtrArray *mta_argv(const struct sendmail_args *a)
{
	GPtrArray *av = g_ptr_array_new_with_free_func(g_free);

	g_ptr_array_add(av, g_strdup("/bin/sh"));
	g_ptr_array_add(av, g_strdup("-c"));
	g_ptr_array_add(av, g_strconcat(a->mta, " \"$@\"", NULL));
	g_ptr_array_add(av, g_strdup("seclint-sendmail"));
	for (int i = 0; i < a->argc; i++)
		g_ptr_array_add(av, g_strdup(a->argv[i]));
	g_ptr_array_add(av, NULL);
	return av;
}

static int wait_mta(GPid pid, const char *prog, gboolean fed)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "seclint: waiting for %s: %s\n", prog,
				g_strerror(errno));
			return 2;
		}
	}
	g_spawn_close_pid(pid);
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "seclint: %s killed by signal %d\n", prog,
			WTERMSIG(status));
		return 2;
	}
	if (WEXITSTATUS(status))
		return WEXITSTATUS(status);
	return fed ? 0 : 2;	/* it did not take the whole message */
}

static int run_mta(const struct sendmail_args *a, const GByteArray *msg)
{
	g_autoptr(GPtrArray) av = mta_argv(a);
	g_auto(GStrv) env = g_environ_setenv(g_get_environ(),
					     SL_SENDMAIL_ACTIVE, "1", TRUE);
	g_autoptr(GError) error = NULL;
	gboolean fed;
	GPid pid;
	int in;

	if (!g_spawn_async_with_pipes(NULL, (char **)av->pdata, env,
				      G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
				      &pid, &in, NULL, NULL, &error)) {
		fprintf(stderr, "seclint: cannot run the real sendmail %s: "
				"%s\n", a->mta, error->message);
		return 2;
	}
	/* After the spawn: an ignored SIGPIPE would be inherited. */
	signal(SIGPIPE, SIG_IGN);
	fed = sl_write_all(in, msg->data, msg->len);
	if (!fed)
		fprintf(stderr, "seclint: writing the message to sendmail: "
				"%s\n", g_strerror(errno));
	close(in);
	return wait_mta(pid, a->mta, fed);
}

static int refuse(const struct sendmail_args *a, int status)
{
	fprintf(stderr, "seclint: message not sent\n"
		"seclint: to send it anyway after review, pipe it to the real "
		"sendmail directly (%s), bypassing seclint\n", a->mta);
	return status;
}

static int check_with(const struct sendmail_args *a, const GByteArray *msg,
		      struct sl_thread_set *threads,
		      const struct sl_settings *settings,
		      const struct sl_policy *policy)
{
	struct sl_output output;
	/* The repository git send-email runs in; opened only if a rule asks. */
	g_autoptr(sl_repo) repo = sl_repo_new(NULL);
	struct sl_lint_options lint = { .repo = repo };
	struct sl_run run = { policy, &output, a->extra, 1, &lint,
			      .shown = sl_settings_shown(settings),
			      .threads = threads };
	int status;

	sl_output_init(&output, SL_FORMAT_TEXT, FALSE, stderr);
	sl_output_set_policy(&output, policy);
	sl_run_bytes(&run, "(stdin)", (const char *)msg->data, msg->len);
	sl_output_finish(&output);
	status = sl_settings_exit_code(settings, &output);
	return status ? refuse(a, status) : 0;
}

/*
 * Under git send-email, the messages of its run (the hook's and this
 * check's, runrecord.h) are what this message's thread is read against:
 * one that replies to the first message the run sent is no follow-up.
 * Outside such a run (mutt, b4) the message stands alone.
 */
static gboolean join_run(struct sl_runrecord **rec,
			 struct sl_thread_set *threads, GError **error)
{
	guint64 start;
	pid_t pid = sl_sendemail_process(&start);

	if (!pid)
		return TRUE;
	sl_thread_set_one_sender(threads);	/* git sends all as its user */
	*rec = sl_runrecord_open(pid, start, error);
	if (*rec)
		sl_runrecord_threads(*rec, threads);
	return *rec != NULL;
}

static int sendmail(const struct sendmail_args *a,
		    const struct sl_gitconfig *cfg)
{
	g_autoptr(GByteArray) msg = g_byte_array_new();
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) policy = NULL;
	g_autoptr(sl_runrecord) rec = NULL;
	g_autoptr(sl_thread_set) threads = sl_thread_set_new();
	struct sl_settings settings;
	int status;

	sl_settings_init(&settings);
	if (!read_message(msg, &error) ||
	    !(policy = sl_settings_load(&settings, cfg, &error)) ||
	    !join_run(&rec, threads, &error)) {
		fprintf(stderr, "seclint: %s\n", error->message);
		status = refuse(a, 2);
	} else {
		status = check_with(a, msg, threads, &settings, policy);
	}
	sl_settings_clear(&settings);
	if (status || (status = run_mta(a, msg)))
		return status;
	/* Sent: the run's later messages may reply to it. */
	if (rec && !sl_runrecord_save(rec, NULL, threads, &error)) {
		fprintf(stderr, "seclint: the message was sent, but %s\n",
			error->message);
		return 2;
	}
	return 0;
}

static gboolean setup(struct sendmail_args *a, struct sl_gitconfig **cfg,
		      GError **error)
{
	if (g_getenv(SL_SENDMAIL_ACTIVE)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "the real sendmail runs seclint sendmail again; "
			    "set git config seclint.sendmail (or "
			    "$SECLINT_SENDMAIL) to the real one");
		return FALSE;
	}
	return parse_args(a, error) &&
	       (*cfg = sl_gitconfig_read(FALSE, sl_settings_sections,
						 error)) &&
	       find_mta(a, *cfg, error);
}

int sl_sendmail_main(int argc, char **argv)
{
	struct sendmail_args a = { argc, argv, .extra = sl_address_list_new() };
	g_autoptr(sl_gitconfig) cfg = NULL;
	g_autoptr(GError) error = NULL;
	int status;

	if (sl_fix_refused("seclint sendmail", argc, argv)) {
		status = 2;
	} else if (setup(&a, &cfg, &error)) {
		status = sendmail(&a, cfg);
	} else {
		fprintf(stderr, "seclint sendmail: %s\n", error->message);
		status = 2;
	}
	sendmail_args_clear(&a);
	return status;
}
