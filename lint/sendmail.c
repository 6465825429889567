// SPDX-License-Identifier: GPL-2.0-only
/*
 * seclint sendmail: a sendmail(8) stand-in for git send-email
 * (sendemail.sendmailCmd), b4 and mutt.  It checks the message on standard
 * input together with its envelope recipients and hands it, byte for byte,
 * to the real sendmail only when it is clean.
 *
 * usage: seclint sendmail [SENDMAIL-OPTIONS] [RECIPIENTS...]
 *                         [-- REAL-SENDMAIL [ARGS...]]
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "fix.h"
#include "modes.h"
#include "settings.h"

#define SL_MAX_MAIL_SIZE (256u * 1024 * 1024)
#define SL_DEFAULT_SENDMAIL "/usr/sbin/sendmail"

struct sendmail_args {
	GPtrArray *pass;	/* options and recipients, for the MTA */
	GPtrArray *mta;		/* REAL-SENDMAIL [ARGS...] after "--" */
	GPtrArray *extra;	/* envelope recipients, as "Bcc" */
};

static void sendmail_args_clear(struct sendmail_args *a)
{
	g_ptr_array_unref(a->pass);
	g_ptr_array_unref(a->mta);
	g_ptr_array_unref(a->extra);
}

/* Options that take a value, attached ("-fADDR") or as the next argument. */
static gboolean takes_value(const char *arg)
{
	return arg[1] && strchr("frF", arg[1]) && arg[2] == '\0';
}

static gboolean known_option(const char *arg)
{
	static const char *const exact[] = {
		"-i", "-t", "-v", "-bm", "-B7BIT", "-B8BITMIME", NULL,
	};

	for (const char *const *e = exact; *e; e++)
		if (!strcmp(arg, *e))
			return TRUE;
	/* -oXXX (-oi, -oem, ...), -fADDR, -rADDR, -FNAME */
	return arg[1] && strchr("ofrF", arg[1]) && arg[2] != '\0';
}

static gboolean add_recipient(struct sendmail_args *a, const char *addr,
			      GError **error)
{
	if (!sl_address_add_header(a->extra, "Bcc", addr, error)) {
		g_prefix_error(error, "envelope recipient: ");
		return FALSE;
	}
	return TRUE;
}

/*
 * git runs "CMD -i ADDR...", so with sendmailCmd = "seclint sendmail --
 * MTA" the recipients land after MTA.  Fail closed: every word there that
 * looks like an address is checked as an envelope recipient as well.
 */
static gboolean scan_mta_args(struct sendmail_args *a, GError **error)
{
	for (guint i = 1; i < a->mta->len; i++) {
		const char *arg = a->mta->pdata[i];

		if (arg[0] == '-') {
			if (takes_value(arg))
				i++;
			continue;
		}
		if (strchr(arg, '@') && !add_recipient(a, arg, error))
			return FALSE;
	}
	return TRUE;
}

static gboolean parse_option(struct sendmail_args *a, int argc, char **argv,
			     int *i, GError **error)
{
	const char *arg = argv[*i];

	g_ptr_array_add(a->pass, g_strdup(arg));
	if (takes_value(arg)) {
		if (++*i >= argc) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
				    "option %s needs a value", arg);
			return FALSE;
		}
		g_ptr_array_add(a->pass, g_strdup(argv[*i]));
		return TRUE;
	}
	if (!known_option(arg)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "unsupported sendmail option '%s' (seclint "
			    "sendmail [OPTIONS] [RECIPIENTS...] [-- "
			    "REAL-SENDMAIL [ARGS...]])", arg);
		return FALSE;
	}
	return TRUE;
}

static gboolean parse_args(struct sendmail_args *a, int argc, char **argv,
			   GError **error)
{
	int i;

	for (i = 0; i < argc && strcmp(argv[i], "--"); i++) {
		if (argv[i][0] == '-') {
			if (!parse_option(a, argc, argv, &i, error))
				return FALSE;
			continue;
		}
		g_ptr_array_add(a->pass, g_strdup(argv[i]));
		if (!add_recipient(a, argv[i], error))
			return FALSE;
	}
	if (i == argc)
		return TRUE;
	if (++i == argc) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "'--' must be followed by the real sendmail");
		return FALSE;
	}
	for (; i < argc; i++)
		g_ptr_array_add(a->mta, g_strdup(argv[i]));
	return scan_mta_args(a, error);
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

/* REAL-SENDMAIL [ARGS...] OPTIONS-AND-RECIPIENTS, NULL-terminated. */
static GPtrArray *mta_argv(const struct sendmail_args *a)
{
	GPtrArray *av = g_ptr_array_new_with_free_func(g_free);
	const char *env = g_getenv("SECLINT_SENDMAIL");

	if (!a->mta->len)
		g_ptr_array_add(av, g_strdup(env && *env ? env
						 : SL_DEFAULT_SENDMAIL));
	for (guint i = 0; i < a->mta->len; i++)
		g_ptr_array_add(av, g_strdup(a->mta->pdata[i]));
	for (guint i = 0; i < a->pass->len; i++)
		g_ptr_array_add(av, g_strdup(a->pass->pdata[i]));
	g_ptr_array_add(av, NULL);
	return av;
}

static gboolean write_all(int fd, const guint8 *bytes, gsize len,
			  GError **error)
{
	while (len) {
		ssize_t n = write(fd, bytes, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
				    "writing the message to sendmail: %s",
				    g_strerror(errno));
			return FALSE;
		}
		bytes += n;
		len -= n;
	}
	return TRUE;
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
	g_autoptr(GError) error = NULL;
	char **argv = (char **)av->pdata;
	gboolean fed;
	GPid pid;
	int in;

	if (!g_spawn_async_with_pipes(NULL, argv, NULL,
				      G_SPAWN_DO_NOT_REAP_CHILD |
				      G_SPAWN_SEARCH_PATH, NULL, NULL, &pid,
				      &in, NULL, NULL, &error)) {
		fprintf(stderr, "seclint: cannot run %s: %s\n", argv[0],
			error->message);
		return 2;
	}
	/* After the spawn: an ignored SIGPIPE would be inherited. */
	signal(SIGPIPE, SIG_IGN);
	fed = write_all(in, msg->data, msg->len, &error);
	if (!fed)
		fprintf(stderr, "seclint: %s\n", error->message);
	close(in);
	return wait_mta(pid, argv[0], fed);
}

static int refuse(const struct sendmail_args *a, int status)
{
	g_autoptr(GPtrArray) av = mta_argv(a);

	fprintf(stderr, "seclint: message not sent\n"
		"seclint: to send it anyway after review, pipe it to the real "
		"sendmail directly (%s), bypassing seclint\n",
		(const char *)av->pdata[0]);
	return status;
}

static int check_with(const struct sendmail_args *a, const GByteArray *msg,
		      const struct sl_settings *settings,
		      const struct sl_policy *policy)
{
	struct sl_output output;
	/* The repository git send-email runs in; opened only if a rule asks. */
	g_autoptr(sl_repo) repo = sl_repo_new(NULL);
	struct sl_lint_options lint = { .repo = repo };
	struct sl_run run = { policy, &output, a->extra, 1, &lint,
			      .shown = sl_settings_shown(settings) };
	int status;

	sl_output_init(&output, SL_FORMAT_TEXT, FALSE, stderr);
	sl_run_bytes(&run, "(stdin)", (const char *)msg->data, msg->len);
	sl_output_finish(&output);
	status = sl_settings_exit_code(settings, &output);
	return status ? refuse(a, status) : 0;
}

static int check_message(const struct sendmail_args *a, const GByteArray *msg)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_gitconfig) cfg = sl_gitconfig_read(&error);
	g_autoptr(sl_policy) policy = NULL;
	struct sl_settings settings;
	int status;

	sl_settings_init(&settings);
	if (cfg)
		policy = sl_settings_load(&settings, cfg, &error);
	if (policy) {
		status = check_with(a, msg, &settings, policy);
	} else {
		fprintf(stderr, "seclint: %s\n", error->message);
		status = refuse(a, 2);
	}
	sl_settings_clear(&settings);
	return status;
}

static int sendmail(const struct sendmail_args *a)
{
	g_autoptr(GByteArray) msg = g_byte_array_new();
	g_autoptr(GError) error = NULL;
	int status;

	if (!read_message(msg, &error)) {
		fprintf(stderr, "seclint: %s\n", error->message);
		return refuse(a, 2);
	}
	status = check_message(a, msg);
	if (status)
		return status;
	return run_mta(a, msg);
}

int sl_sendmail_main(int argc, char **argv)
{
	struct sendmail_args a = {
		g_ptr_array_new_with_free_func(g_free),
		g_ptr_array_new_with_free_func(g_free),
		sl_address_list_new(),
	};
	g_autoptr(GError) error = NULL;
	int status;

	if (sl_fix_refused("seclint sendmail", argc, argv)) {
		status = 2;
	} else if (parse_args(&a, argc, argv, &error)) {
		status = sendmail(&a);
	} else {
		fprintf(stderr, "seclint sendmail: %s\n", error->message);
		status = 2;
	}
	sendmail_args_clear(&a);
	return status;
}
