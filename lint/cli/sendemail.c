// SPDX-License-Identifier: GPL-2.0-only
/*
 * Recovering the recipients of a git send-email run (see sendemail.h), the
 * way git-send-email.perl (2.39 to current) finds them.
 */
#define _DEFAULT_SOURCE		/* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "address.h"
#include "errors.h"
#include "gitconfig.h"
#include "perladdr.h"
#include "regex-cache.h"
#include "sendemail.h"

static const char *const kinds[] = { "to", "cc", "bcc" };
static const char *const kind_header[] = { "To", "Cc", "Bcc" };
static const char *const cmd_names[] = { "to-cmd", "cc-cmd", "header-cmd" };
static const char *const cmd_keys[] = { "tocmd", "cccmd", "headercmd" };

/* ---- Getopt::Long, configured as git send-email does (pass_through) ---- */

enum opt_id {
	O_NONE, O_TO, O_CC, O_BCC, O_NO_TO, O_NO_CC, O_NO_BCC, O_IDENTITY,
	O_NO_IDENTITY, O_TO_CMD, O_CC_CMD, O_HEADER_CMD, O_NO_HEADER_CMD,
	O_SUPPRESS_CC, O_SUPPRESS_FROM, O_SOB_CC, O_ANNOTATE, O_COMPOSE,
	O_IN_REPLY_TO, O_TO_COVER, O_CC_COVER,
};

struct opt_spec {
	const char *spec;	/* Getopt::Long's: "a|b=s", "x!", ... */
	enum opt_id id;
	gboolean current;	/* only in git >= 2.41 */
	gboolean old;		/* only in git <= 2.40 */
};

/* git-send-email.perl's three GetOptions() calls, in order. */
static const struct opt_spec pass_identity[] = {
	{ "identity=s", O_IDENTITY, FALSE, FALSE },
	{ "no-identity", O_NO_IDENTITY, FALSE, FALSE },
	{ NULL, O_NONE, FALSE, FALSE },
};

static const struct opt_spec pass_dump[] = {
	{ "h", O_NONE, FALSE, FALSE },
	{ "dump-aliases", O_NONE, FALSE, FALSE },
	{ "translate-aliases", O_NONE, TRUE, FALSE },
	{ NULL, O_NONE, FALSE, FALSE },
};

static const struct opt_spec pass_main[] = {
	{ "sender|from=s", O_NONE, FALSE, FALSE },
	{ "in-reply-to=s", O_IN_REPLY_TO, FALSE, FALSE },
	{ "reply-to=s", O_NONE, FALSE, FALSE },
	{ "subject=s", O_NONE, FALSE, FALSE },
	{ "to=s", O_TO, FALSE, FALSE },
	{ "to-cmd=s", O_TO_CMD, FALSE, FALSE },
	{ "no-to", O_NO_TO, FALSE, FALSE },
	{ "cc=s", O_CC, FALSE, FALSE },
	{ "no-cc", O_NO_CC, FALSE, FALSE },
	{ "bcc=s", O_BCC, FALSE, FALSE },
	{ "no-bcc", O_NO_BCC, FALSE, FALSE },
	{ "chain-reply-to!", O_NONE, FALSE, FALSE },
	{ "no-chain-reply-to", O_NONE, FALSE, TRUE },
	{ "sendmail-cmd=s", O_NONE, FALSE, FALSE },
	{ "smtp-server=s", O_NONE, FALSE, FALSE },
	{ "smtp-server-option=s", O_NONE, FALSE, FALSE },
	{ "smtp-server-port=s", O_NONE, FALSE, FALSE },
	{ "smtp-user=s", O_NONE, FALSE, FALSE },
	{ "smtp-pass:s", O_NONE, FALSE, FALSE },
	{ "smtp-ssl", O_NONE, FALSE, FALSE },
	{ "smtp-encryption=s", O_NONE, FALSE, FALSE },
	{ "smtp-ssl-cert-path=s", O_NONE, FALSE, FALSE },
	{ "smtp-debug:i", O_NONE, FALSE, FALSE },
	{ "smtp-domain:s", O_NONE, FALSE, FALSE },
	{ "smtp-auth=s", O_NONE, FALSE, FALSE },
	{ "no-smtp-auth", O_NONE, FALSE, FALSE },
	{ "annotate!", O_ANNOTATE, FALSE, FALSE },
	{ "no-annotate", O_ANNOTATE, FALSE, TRUE },
	{ "compose", O_COMPOSE, FALSE, FALSE },
	{ "quiet", O_NONE, FALSE, FALSE },
	{ "cc-cmd=s", O_CC_CMD, FALSE, FALSE },
	{ "header-cmd=s", O_HEADER_CMD, TRUE, FALSE },
	{ "no-header-cmd", O_NO_HEADER_CMD, TRUE, FALSE },
	{ "suppress-from!", O_SUPPRESS_FROM, FALSE, FALSE },
	{ "no-suppress-from", O_SUPPRESS_FROM, FALSE, TRUE },
	{ "suppress-cc=s", O_SUPPRESS_CC, FALSE, FALSE },
	{ "signed-off-cc|signed-off-by-cc!", O_SOB_CC, FALSE, FALSE },
	{ "no-signed-off-cc|no-signed-off-by-cc", O_SOB_CC, FALSE, TRUE },
	{ "cc-cover|cc-cover!", O_CC_COVER, FALSE, FALSE },
	{ "no-cc-cover", O_CC_COVER, FALSE, TRUE },
	{ "to-cover|to-cover!", O_TO_COVER, FALSE, FALSE },
	{ "no-to-cover", O_TO_COVER, FALSE, TRUE },
	{ "confirm=s", O_NONE, FALSE, FALSE },
	{ "dry-run", O_NONE, FALSE, FALSE },
	{ "envelope-sender=s", O_NONE, FALSE, FALSE },
	{ "thread!", O_NONE, FALSE, FALSE },
	{ "no-thread", O_NONE, FALSE, TRUE },
	{ "validate!", O_NONE, FALSE, FALSE },
	{ "no-validate", O_NONE, FALSE, TRUE },
	{ "transfer-encoding=s", O_NONE, FALSE, FALSE },
	{ "mailmap!", O_NONE, TRUE, FALSE },
	{ "use-mailmap!", O_NONE, TRUE, FALSE },
	{ "format-patch!", O_NONE, FALSE, FALSE },
	{ "no-format-patch", O_NONE, FALSE, TRUE },
	{ "8bit-encoding=s", O_NONE, FALSE, FALSE },
	{ "compose-encoding=s", O_NONE, FALSE, FALSE },
	{ "force", O_NONE, FALSE, FALSE },
	{ "xmailer!", O_NONE, FALSE, FALSE },
	{ "no-xmailer", O_NONE, FALSE, TRUE },
	{ "batch-size=i", O_NONE, FALSE, FALSE },
	{ "relogin-delay=i", O_NONE, FALSE, FALSE },
	{ "git-completion-helper", O_NONE, FALSE, FALSE },
	{ "v=s", O_NONE, TRUE, FALSE },
	{ "outlook-id-fix!", O_NONE, TRUE, FALSE },
	{ NULL, O_NONE, FALSE, FALSE },
};

/* One name in Getopt::Long's %opctl: the longest is 21 bytes
 * ("git-completion-helper"). */
#define OPT_NAME_SIZE 24

struct opt_name {
	char name[OPT_NAME_SIZE];
	char cname[OPT_NAME_SIZE];	/* the option's first name */
	char type;		/* '\0' flag, '!' negation, 's', 'i' */
	gboolean mand;		/* '=' rather than ':' */
	enum opt_id id;
};

/* The names of one GetOptions() call, in one block: the hook builds
 * three tables for every patch, and a name each allocated, split and
 * hashed cost 0.2 million instructions (2 % of the hook). */
typedef struct opt_table {
	struct opt_name *names;
	guint len;
} opt_table;

static void opt_table_clear(struct opt_table *t)
{
	g_free(t->names);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(opt_table, opt_table_clear)

static const struct opt_name *lookup(const struct opt_table *t,
				     const char *name)
{
	for (guint i = 0; i < t->len; i++)
		if (!strcmp(t->names[i].name, name))
			return &t->names[i];
	return NULL;
}

/* Adds @prefix @name (of @n bytes) unless the table has it already (a
 * later duplicate is the same option). */
static void add_name(struct opt_table *t, const char *prefix,
		     const char *name, size_t n, const char *cname,
		     size_t cn, char type, gboolean mand, enum opt_id id)
{
	struct opt_name *o = &t->names[t->len];
	size_t p = strlen(prefix);

	g_assert(p + n < OPT_NAME_SIZE && cn < OPT_NAME_SIZE);
	memset(o, 0, sizeof(*o));
	memcpy(o->name, prefix, p);
	memcpy(o->name + p, name, n);
	for (guint i = 0; i < t->len; i++)	/* both padded with NULs */
		if (!memcmp(t->names[i].name, o->name, OPT_NAME_SIZE))
			return;
	memcpy(o->cname, cname, cn);
	o->type = type;
	o->mand = mand;
	o->id = id;
	t->len++;
}

/* Getopt::Long's ParseOptionSpec for the forms send-email uses. */
static void build_table(struct opt_table *t, const struct opt_spec *specs,
			gboolean current)
{
	size_t most = 0;

	for (const struct opt_spec *s = specs; s->spec; s++)	/* 3 a name */
		for (const char *c = s->spec; c; c = strchr(c + 1, '|'))
			most += 3;
	t->names = g_new(struct opt_name, most);
	t->len = 0;
	for (const struct opt_spec *s = specs; s->spec; s++) {
		const char *end = s->spec + strcspn(s->spec, "!=:");
		size_t cn = strcspn(s->spec, "|!=:");
		char type = 0;
		gboolean mand = FALSE;

		if ((current && s->old) || (!current && s->current))
			continue;
		if (*end == '!')
			type = '!';
		else if (*end)
			type = end[1], mand = *end == '=';
		for (const char *n = s->spec; n < end;) {
			size_t len = strcspn(n, "|!=:");

			if (type == '!') {
				add_name(t, "", n, len, s->spec, cn, 0, FALSE,
					 s->id);
				add_name(t, "no", n, len, s->spec, cn, '!',
					 FALSE, s->id);
				add_name(t, "no-", n, len, s->spec, cn, '!',
					 FALSE, s->id);
			} else {
				add_name(t, "", n, len, s->spec, cn, type,
					 mand, s->id);
			}
			n += len + (n[len] == '|');
		}
	}
}

/* Getopt::Long's option prefix: "--", "-" or "+" (getopt_compat). */
static size_t option_starter(const char *arg)
{
	if (g_str_has_prefix(arg, "--"))
		return 2;
	return arg[0] == '-' || arg[0] == '+';
}

/* [-+]?_*[0-9][0-9_]* */
static gboolean perl_int(const char *s)
{
	if (*s == '-' || *s == '+')
		s++;
	while (*s == '_')
		s++;
	if (!g_ascii_isdigit(*s))
		return FALSE;
	for (; *s; s++)
		if (!g_ascii_isdigit(*s) && *s != '_')
			return FALSE;
	return TRUE;
}

/*
 * Getopt::Long's FindOption with ignore_case, auto_abbrev and
 * pass_through.  Returns the option matched (with *@value, which may be
 * NULL for a flag, and *@flag 1 or 0 for "--no-x"), or NULL: the argument
 * is passed through.  May take the next argument from @args at *@i.
 */
static const struct opt_name *find_option(const struct opt_table *table,
					  GPtrArray *args,
					  guint *i, const char **value,
					  int *flag)
{
	const char *arg = args->pdata[*i];
	size_t start = option_starter(arg);
	g_autofree char *opt = NULL;
	const char *optarg = NULL, *eq;
	const struct opt_name *o = NULL;

	*value = NULL;
	*flag = 1;
	if (!start || !strcmp(arg, "-"))
		return NULL;
	eq = arg[start] ? strchr(arg + start + 1, '=') : NULL;
	opt = eq ? g_strndup(arg + start, eq - arg - start)
		 : g_strdup(arg + start);
	if (eq)
		optarg = eq + 1;
	if (*opt) {
		g_autofree char *lc = g_ascii_strdown(opt, -1);
		g_autoptr(GPtrArray) hits = g_ptr_array_new();
		gboolean exact = FALSE;

		for (guint k = 0; k < table->len; k++) {
			const struct opt_name *n = &table->names[k];

			if (g_str_has_prefix(n->name, lc)) {
				g_ptr_array_add(hits, (gpointer)n);
				exact |= !strcmp(n->name, lc);
			}
		}
		if (exact) {
			o = lookup(table, lc);
		} else if (hits->len == 1) {
			o = hits->pdata[0];
		} else if (hits->len > 1) {
			/* ambiguous unless all hits are one option */
			const struct opt_name *first = hits->pdata[0];

			for (guint k = 1; k < hits->len; k++) {
				const struct opt_name *n = hits->pdata[k];

				if (strcmp(n->cname, first->cname) ||
				    (n->type == '!') != (first->type == '!'))
					return NULL;
			}
			/* the hit is "cname" or "nocname" */
			if (first->type == '!') {
				g_autofree char *no = g_strconcat(
					"no", first->cname, NULL);

				o = lookup(table, no);
			} else {
				o = lookup(table, first->cname);
			}
		}
	}
	if (!o)
		return NULL;
	if (o->type == 0 || o->type == '!') {
		if (optarg)
			return NULL;
		*flag = o->type == '!' ? 0 : 1;
		return o;
	}
	if (optarg ? !*optarg : *i + 1 >= args->len) {
		if (o->mand)
			return NULL;
		*value = "";
		return o;
	}
	if (optarg) {
		*value = optarg;
	} else {
		const char *next = args->pdata[*i + 1];

		if (o->type == 's' && !o->mand && strcmp(next, "-") &&
		    (!strcmp(next, "--") ||
		     (option_starter(next) && next[option_starter(next)])))
			*value = "";	/* an option follows: pushed back */
		else if (o->type == 'i' && !perl_int(next))
			*value = o->mand ? NULL : "0";
		else
			*value = args->pdata[++*i];
		if (!*value)
			return NULL;	/* pass_through: not an option */
	}
	if (o->type == 'i' && optarg && !perl_int(optarg))
		return NULL;
	return o;
}

static void take(struct sl_sendemail *se, enum opt_id id, const char *value,
		 int flag)
{
	switch (id) {
	case O_TO: case O_CC: case O_BCC:
		g_ptr_array_add(se->opt[id - O_TO], g_strdup(value));
		break;
	case O_NO_TO: case O_NO_CC: case O_NO_BCC:
		se->no[id - O_NO_TO] = TRUE;
		break;
	case O_IDENTITY:
		g_free(se->identity);
		se->identity = g_strdup(value);
		break;
	case O_NO_IDENTITY:
		se->no_identity = TRUE;
		break;
	case O_TO_CMD: case O_CC_CMD: case O_HEADER_CMD:
		g_free(se->cmd[id - O_TO_CMD]);
		se->cmd[id - O_TO_CMD] = g_strdup(value);
		break;
	case O_NO_HEADER_CMD:
		se->no_header_cmd = TRUE;
		break;
	case O_SUPPRESS_CC:
		g_ptr_array_add(se->suppress_cc, g_strdup(value));
		break;
	case O_SUPPRESS_FROM:
		se->suppress_from = flag;
		break;
	case O_SOB_CC:
		se->signed_off_by_cc = flag;
		break;
	case O_ANNOTATE:
		se->annotate = flag;
		break;
	case O_COMPOSE:
		se->compose = TRUE;
		break;
	case O_IN_REPLY_TO:
		g_free(se->in_reply_to);
		se->in_reply_to = g_strdup(value);
		break;
	case O_TO_COVER: case O_CC_COVER:
		se->cover[id - O_TO_COVER] = flag;
		break;
	case O_NONE:
		break;
	}
}

/* One GetOptions() call: what it leaves is what the next one sees. */
static void get_options(struct sl_sendemail *se,
			const struct opt_table *table, GPtrArray *args)
{
	GPtrArray *rest = g_ptr_array_new_with_free_func(g_free);

	for (guint i = 0; i < args->len; i++) {
		const struct opt_name *o;
		const char *value;
		int flag;

		if (!strcmp(args->pdata[i], "--")) {
			for (; i < args->len; i++)
				g_ptr_array_add(rest, g_strdup(args->pdata[i]));
			break;
		}
		o = find_option(table, args, &i, &value, &flag);
		if (o)
			take(se, o->id, value, flag);
		else
			g_ptr_array_add(rest, g_strdup(args->pdata[i]));
	}
	g_ptr_array_set_size(args, 0);
	g_ptr_array_extend_and_steal(args, rest);
}

/* Options that add recipients: a passed-through "--NAME-..." is refused. */
static const char *const recipient_options[] = {
	"to", "cc", "bcc", "to-cmd", "cc-cmd", "header-cmd", "identity",
	"suppress-cc", "signed-off-by-cc", "signed-off-cc", "suppress-from",
	"no-to", "no-cc", "no-bcc", "no-identity", "compose", "annotate",
};

/*
 * What GetOptions passes through goes to git format-patch, whose options
 * (its own --to= and --cc= too) only shape the patch files the hook reads
 * anyway.  But a "--to-x", "--cc-x", ... that send-email did not take is
 * an option of a git newer than seclint knows, that may add recipients;
 * and format-patch takes no "+x": refuse both.
 */
static gboolean check_passed_through(GPtrArray *args,
				     const struct opt_table *table,
				     GError **error)
{
	for (guint i = 0; i < args->len; i++) {
		const char *a = args->pdata[i];
		size_t start = option_starter(a);
		g_autofree char *name = NULL;

		if (!strcmp(a, "--"))
			break;
		if (!start || !a[start])
			continue;
		name = g_ascii_strdown(a + start, strcspn(a + start, "="));
		for (size_t k = 0; k < G_N_ELEMENTS(recipient_options); k++) {
			const char *r = recipient_options[k];

			size_t n = strlen(r);

			if (a[0] == '+' || (!strncmp(name, r, n) &&
					    name[n] == '-' &&
					    !lookup(table, name))) {
				g_set_error(error, SECLINT_ERROR,
					    SECLINT_ERROR_USAGE,
					    "git send-email option '%s' is not "
					    "one seclint understands, so it "
					    "cannot tell whom it sends to", a);
				return FALSE;
			}
		}
	}
	return TRUE;
}

gboolean sl_sendemail_parse_argv(struct sl_sendemail *se, char **argv,
				 gboolean current, GError **error)
{
	g_auto(opt_table) identity = { NULL, 0 };
	g_auto(opt_table) dump = { NULL, 0 };
	/* The largest table, built once for both of its uses. */
	g_auto(opt_table) main_table = { NULL, 0 };

	build_table(&identity, pass_identity, current);
	build_table(&dump, pass_dump, current);
	build_table(&main_table, pass_main, current);

	for (char **a = argv; *a; a++)
		g_ptr_array_add(se->args, g_strdup(*a));
	se->current = current;
	get_options(se, &identity, se->args);
	get_options(se, &dump, se->args);
	get_options(se, &main_table, se->args);
	return check_passed_through(se->args, &main_table, error);
}

void sl_sendemail_init(struct sl_sendemail *se)
{
	memset(se, 0, sizeof(*se));
	for (int i = 0; i < 3; i++)
		se->opt[i] = g_ptr_array_new_with_free_func(g_free);
	se->suppress_cc = g_ptr_array_new_with_free_func(g_free);
	se->args = g_ptr_array_new_with_free_func(g_free);
	se->suppress_from = se->signed_off_by_cc = se->annotate = -1;
	se->cover[0] = se->cover[1] = -1;
}

void sl_sendemail_clear(struct sl_sendemail *se)
{
	for (int i = 0; i < 3; i++) {
		g_ptr_array_unref(se->opt[i]);
		g_free(se->cmd[i]);
	}
	g_ptr_array_unref(se->suppress_cc);
	g_ptr_array_unref(se->args);
	g_free(se->identity);
	g_free(se->in_reply_to);
	g_free(se->argv_origin);
	g_free(se->cwd);
	g_strfreev(se->envp);
}

/* ---- The send-email process, found from the hook through /proc ---- */

static char **read_nul_list(pid_t pid, const char *what)
{
	g_autofree char *path = g_strdup_printf("/proc/%d/%s", (int)pid, what);
	g_autofree char *data = NULL;
	gsize len;
	GPtrArray *argv;

	if (!g_file_get_contents(path, &data, &len, NULL) || !len)
		return NULL;
	argv = g_ptr_array_new();
	for (gsize i = 0; i < len; i += strlen(data + i) + 1)
		g_ptr_array_add(argv, g_strdup(data + i));
	g_ptr_array_add(argv, NULL);
	return (char **)g_ptr_array_free(argv, FALSE);
}

/* Fields 4 (the parent) and 22 (the start, in clock ticks since boot) of
 * /proc/PID/stat; FALSE if there is no such process. */
static gboolean proc_stat(pid_t pid, pid_t *ppid, guint64 *start)
{
	g_autofree char *path = g_strdup_printf("/proc/%d/stat", (int)pid);
	g_autofree char *stat = NULL;
	const char *close;
	int parent = 0;
	unsigned long long started = 0;

	if (!g_file_get_contents(path, &stat, NULL, NULL))
		return FALSE;
	close = strrchr(stat, ')');	/* the command name may hold spaces */
	if (!close || sscanf(close + 1, " %*c %d %*d %*d %*d %*d %*u %*u %*u "
			     "%*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
			     &parent, &started) != 2)
		return FALSE;
	*ppid = parent;
	*start = started;
	return TRUE;
}

static pid_t parent_of(pid_t pid)
{
	pid_t ppid;
	guint64 start;

	return proc_stat(pid, &ppid, &start) ? ppid : 0;
}

guint64 sl_proc_start_time(pid_t pid)
{
	pid_t ppid;
	guint64 start;

	return proc_stat(pid, &ppid, &start) ? start : 0;
}

/* Index of the first send-email option in @argv, or -1. */
static int send_email_args(char **argv)
{
	for (int i = 0; argv[i] && i < 3; i++)
		if (g_str_has_suffix(argv[i], "/git-send-email") ||
		    !strcmp(argv[i], "git-send-email"))
			return i + 1;
	return -1;
}

static char *proc_cwd(pid_t pid)
{
	g_autofree char *path = g_strdup_printf("/proc/%d/cwd", (int)pid);

	return g_file_read_link(path, NULL);
}

/*
 * By the time the hook runs, send-email has changed to the top of the
 * work tree; the directory it was started in (where it later runs
 * --cc-cmd) is that of the git process that started it.
 */
static char *start_dir(pid_t perl, char **envp)
{
	pid_t parent = parent_of(perl);
	g_auto(GStrv) argv = parent > 1 ? read_nul_list(parent, "cmdline")
					: NULL;
	const char *pwd;

	if (argv && argv[0] && (!strcmp(argv[0], "git") ||
				g_str_has_suffix(argv[0], "/git")))
		return proc_cwd(parent);
	pwd = g_environ_getenv(envp, "PWD");
	return pwd ? g_strdup(pwd) : proc_cwd(perl);
}

/* The git send-email process among our ancestors (its command line to
 * *@argv, the index of its first option to *@first), or 0. */
static pid_t find_send_email(char ***argv, int *first)
{
	pid_t pid = getppid();

	for (int depth = 0; pid > 1 && depth < 6; depth++) {
		g_auto(GStrv) args = read_nul_list(pid, "cmdline");

		*first = args ? send_email_args(args) : -1;
		if (*first >= 0) {
			*argv = g_steal_pointer(&args);
			return pid;
		}
		pid = parent_of(pid);
	}
	return 0;
}

pid_t sl_sendemail_process(guint64 *start)
{
	g_auto(GStrv) argv = NULL;
	int first;
	pid_t pid = find_send_email(&argv, &first);

	*start = pid ? sl_proc_start_time(pid) : 0;
	return *start ? pid : 0;
}

int sl_sendemail_from_parent(struct sl_sendemail *se, gboolean current,
			     GError **error)
{
	g_auto(GStrv) argv = NULL;
	int first;
	pid_t pid = find_send_email(&argv, &first);

	if (!pid)
		return 0;
	se->envp = read_nul_list(pid, "environ");
	if (!se->envp)
		se->envp = g_get_environ();
	if (g_environ_getenv(se->envp, "POSIXLY_CORRECT")) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "POSIXLY_CORRECT changes how git send-email reads "
			    "its options; seclint does not model that");
		return -1;
	}
	se->pid = pid;
	se->start = sl_proc_start_time(pid);
	se->argv_origin = g_strdup_printf("git send-email (pid %d)", (int)pid);
	se->cwd = start_dir(pid, se->envp);
	return sl_sendemail_parse_argv(se, argv + first, current, error) ? 1
									  : -1;
}

/* ---- git config, as read_config() gives it ---- */

/* Values of sendemail.<identity>.<name> if that key exists, else of
 * sendemail.<name>; entries without a value are left out. */
static GPtrArray *config_list(const struct sl_gitconfig *cfg,
			      const char *identity, const char *name)
{
	GPtrArray *values = g_ptr_array_new_with_free_func(g_free);

	for (int pass = identity ? 0 : 1; pass < 2; pass++) {
		g_autofree char *key = pass ? g_strdup_printf("sendemail.%s",
							      name)
				       : g_strdup_printf("sendemail.%s.%s",
							 identity, name);
		g_autofree char *canon = sl_gitconfig_canonical(key);
		gboolean exists = FALSE;

		for (guint i = 0; i < cfg->entries->len; i++) {
			const struct sl_gitconfig_entry *e =
				cfg->entries->pdata[i];

			if (strcmp(e->key, canon))
				continue;
			exists = TRUE;
			if (e->value)
				g_ptr_array_add(values, g_strdup(e->value));
		}
		if (exists)
			break;
	}
	return values;
}

static char *config_scalar(const struct sl_gitconfig *cfg,
			   const char *identity, const char *name)
{
	for (int pass = identity ? 0 : 1; pass < 2; pass++) {
		g_autofree char *key = pass ? g_strdup_printf("sendemail.%s",
							      name)
				       : g_strdup_printf("sendemail.%s.%s",
							 identity, name);
		const struct sl_gitconfig_entry *e = sl_gitconfig_last(cfg, key);

		if (e && e->value)
			return g_strdup(e->value);
	}
	return NULL;
}

/* -1 unset, else the boolean; FALSE on a value git refuses too. */
static gboolean config_bool(const struct sl_gitconfig *cfg,
			    const char *identity, const char *name, int *out,
			    GError **error)
{
	*out = -1;
	for (int pass = identity ? 0 : 1; pass < 2; pass++) {
		g_autofree char *key = pass ? g_strdup_printf("sendemail.%s",
							      name)
				       : g_strdup_printf("sendemail.%s.%s",
							 identity, name);
		const struct sl_gitconfig_entry *e = sl_gitconfig_last(cfg, key);
		gboolean b;

		if (!e)
			continue;
		if (!sl_gitconfig_bool(e, &b, error))
			return FALSE;
		*out = b;
		return TRUE;
	}
	return TRUE;
}

static char *identity_of(const struct sl_sendemail *se,
			 const struct sl_gitconfig *cfg)
{
	const struct sl_gitconfig_entry *e;

	if (se->no_identity)
		return NULL;
	if (se->identity)
		return g_strdup(se->identity);
	e = sl_gitconfig_last(cfg, "sendemail.identity");
	return e && e->value ? g_strdup(e->value) : NULL;
}

gboolean sl_sendemail_cover(const struct sl_sendemail *se,
			    const struct sl_gitconfig *cfg, gboolean *to,
			    gboolean *cc, GError **error)
{
	g_autofree char *identity = identity_of(se, cfg);
	static const char *const keys[] = { "tocover", "cccover" };
	gboolean *out[] = { to, cc };

	for (int k = 0; k < 2; k++) {
		int v = se->cover[k];

		if (v < 0 && !config_bool(cfg, identity, keys[k], &v, error))
			return FALSE;
		*out[k] = v > 0;
	}
	return TRUE;
}

char *sl_sendemail_in_reply_to(const struct sl_sendemail *se)
{
	g_autofree char *id = NULL;
	gsize n;

	if (!se->in_reply_to)
		return NULL;
	id = g_strstrip(g_strdup(se->in_reply_to));	/* s/^\s*<?//, ... */
	n = strlen(id);
	if (n && id[n - 1] == '>')
		id[--n] = '\0';
	g_strchomp(id);
	if (*id == '<')
		memmove(id, id + 1, n--);
	return *id ? g_steal_pointer(&id) : NULL;
}

/* ---- --suppress-cc ---- */

enum {
	S_CCCMD = 1, S_CC = 2, S_AUTHOR = 4, S_SELF = 8, S_SOB = 16,
	S_BODYCC = 32, S_MISC_BY = 64,
};

static gboolean suppressions(const struct sl_sendemail *se,
			     const struct sl_gitconfig *cfg,
			     const char *identity, unsigned *out,
			     GError **error)
{
	static const char *const names[] = { "cccmd", "cc", "author", "self",
					      "sob", "bodycc", "misc-by" };
	g_autoptr(GPtrArray) list = config_list(cfg, identity, "suppresscc");
	int sob, sob2, from;
	unsigned s = 0;

	for (guint i = 0; i < se->suppress_cc->len; i++)
		g_ptr_array_add(list, g_strdup(se->suppress_cc->pdata[i]));
	for (guint i = 0; i < list->len; i++) {
		const char *v = list->pdata[i];
		gboolean known = FALSE;

		if (!strcmp(v, "all")) {
			s |= 127;
			continue;
		}
		if (!strcmp(v, "body")) {
			s |= S_SOB | S_BODYCC | S_MISC_BY;
			continue;
		}
		for (size_t k = 0; k < G_N_ELEMENTS(names); k++)
			if (!strcmp(v, names[k])) {
				s |= 1u << k;
				known = TRUE;
			}
		if (!known) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
				    "Unknown --suppress-cc field: '%s' (git "
				    "send-email refuses it too)", v);
			return FALSE;
		}
	}
	if (!config_bool(cfg, identity, "signedoffbycc", &sob, error) ||
	    !config_bool(cfg, identity, "signedoffcc", &sob2, error) ||
	    !config_bool(cfg, identity, "suppressfrom", &from, error))
		return FALSE;
	if (sob < 0)
		sob = sob2;
	if (se->signed_off_by_cc >= 0)
		sob = se->signed_off_by_cc;
	if (se->suppress_from >= 0)
		from = se->suppress_from;
	/* the old-style options trump --suppress-cc ("body" comes after) */
	if (from >= 0)
		s = from ? s | S_SELF : s & ~S_SELF;
	if (sob >= 0 && !(list->len && g_ptr_array_find_with_equal_func(
			list, "body", g_str_equal, NULL)))
		s = sob ? s & ~S_SOB : s | S_SOB;
	*out = s;
	return TRUE;
}

/* ---- Addresses ---- */

static void add_address(GPtrArray *recipients, const char *header,
			const char *addr, const char *display)
{
	struct sl_address *a = g_new0(struct sl_address, 1);

	a->addr = sl_address_normalise(addr);
	a->display = display && *display ? g_utf8_make_valid(display, -1)
					 : NULL;
	a->header = g_intern_string(header);
	g_ptr_array_add(recipients, a);
}

/* expand_one_alias: @seen holds the aliases being expanded. */
static gboolean expand_one(GPtrArray *out, const char *header,
			   const char *value, GHashTable *aliases,
			   GHashTable *seen, GError **error)
{
	GPtrArray *to;

	if (!value)	/* an alias list's undef: git sends nothing then */
		return TRUE;
	to = aliases ? g_hash_table_lookup(aliases, value) : NULL;
	if (!to) {	/* sanitize + extract_valid_address */
		g_autoptr(GPtrArray) parsed =
			sl_perl_address_parse(value, error);

		if (!parsed)
			return FALSE;
		for (guint i = 0; i < parsed->len; i++) {
			struct sl_perl_addr *p = parsed->pdata[i];

			if (*p->address)
				add_address(out, header, p->address, p->phrase);
		}
		return TRUE;
	}
	if (g_hash_table_contains(seen, value)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "alias '%s' expands to itself (git send-email "
			    "dies on it too)", value);
		return FALSE;
	}
	g_hash_table_add(seen, (gpointer)value);
	for (guint i = 0; i < to->len; i++) {
		g_autofree char *label = g_strdup_printf("%s, alias %s",
							 header, value);

		if (!expand_one(out, g_intern_string(label), to->pdata[i],
				aliases, seen, error))
			return FALSE;
	}
	g_hash_table_remove(seen, value);
	return TRUE;
}

gboolean sl_sendemail_add_addresses(GPtrArray *recipients, const char *header,
				    const char *value, GHashTable *aliases,
				    GError **error)
{
	g_autoptr(GPtrArray) parsed = sl_perl_address_parse(value, error);
	g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);

	if (!parsed)
		return FALSE;
	for (guint i = 0; i < parsed->len; i++) {
		struct sl_perl_addr *p = parsed->pdata[i];

		if (!expand_one(recipients, header, p->formatted, aliases, seen,
				error))
			return FALSE;
	}
	return TRUE;
}

/* ---- The commands git runs for each patch ---- */

/*
 * recipients_cmd()/execute_cmd(): Perl's open(-|, "$cmd \Q$file\E"),
 * i.e. sh -c with the file quoted, in send-email's directory and
 * environment.  Its status must be 0 (git dies otherwise).
 */
static gboolean run_cmd(const struct sl_sendemail *se, const char *which,
			const char *cmd, const char *file, char **out,
			GError **error)
{
	g_autofree char *quoted = g_shell_quote(file);
	g_autofree char *line = g_strdup_printf("%s %s", cmd, quoted);
	char *argv[] = { "/bin/sh", "-c", line, NULL };
	g_autoptr(GError) spawn_error = NULL;
	gint status;

	if (!g_spawn_sync(se->cwd, argv, se->envp,
			  G_SPAWN_STDIN_FROM_DEV_NULL |
			  G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, out, NULL,
			  &status, &spawn_error)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "cannot run --%s '%s': %s", which, cmd,
			    spawn_error->message);
		return FALSE;
	}
	if (!g_spawn_check_wait_status(status, &spawn_error)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "--%s '%s' failed (%s); git send-email would die "
			    "on it while sending", which, cmd,
			    spawn_error->message);
		g_clear_pointer(out, g_free);
		return FALSE;
	}
	return TRUE;
}

/*
 * The name send-email gives its command for @patch (the hook is given
 * Cwd::abs_path of it): the file or directory entry named on its command
 * line, else the absolute path (format-patch writes into a temp dir).
 */
static char *file_as_git_names_it(const struct sl_sendemail *se,
				  const char *patch)
{
	g_autofree char *want = realpath(patch, NULL);

	for (guint i = 0; want && se->cwd && i < se->args->len; i++) {
		const char *a = se->args->pdata[i];
		g_autofree char *full = g_build_filename(se->cwd, a, NULL);
		g_autofree char *real = NULL;
		g_autofree char *base = NULL;

		if (!strcmp(a, "--"))
			break;
		if (g_file_test(full, G_FILE_TEST_IS_DIR)) {
			g_autofree char *dir = realpath(full, NULL);
			g_autofree char *up = g_path_get_dirname(want);

			if (!dir || strcmp(dir, up))
				continue;
			base = g_path_get_basename(want);
			/* File::Spec->catfile: one '/' between */
			{
				g_autofree char *d = g_strdup(a);
				size_t n = strlen(d);

				while (n > 1 && d[n - 1] == '/')
					d[--n] = '\0';
				return g_strdup_printf("%s/%s", d, base);
			}
		}
		real = realpath(full, NULL);
		if (real && !strcmp(real, want))
			return g_strdup(a);
	}
	return g_strdup(patch);
}

/* ---- process_file(): the patch's headers and body ---- */

struct patch_ctx {
	const struct sl_sendemail *se;
	unsigned suppress;
	GHashTable *aliases;
	GPtrArray *out;
	const char *origin;	/* "patch", for the labels */
};

static gboolean add_from(struct patch_ctx *p, const char *what,
			 const char *value, GError **error)
{
	g_autofree char *label = g_strdup_printf("%s, %s", what, p->origin);

	return sl_sendemail_add_addresses(p->out, g_intern_string(label),
					  value, p->aliases, error);
}

/* The headers, unfolded as process_file() does. */
static GPtrArray *unfold(const char *const *lines, guint n, guint *body)
{
	GPtrArray *h = g_ptr_array_new_with_free_func(g_free);
	guint i;

	for (i = 0; i < n; i++) {
		const char *l = lines[i];
		const char *q = l;

		while (*q && (q[0] == ' ' || q[0] == '\t' || q[0] == '\r' ||
			      q[0] == '\f' || q[0] == '\v'))
			q++;
		if (!*q)
			break;	/* /^\s*$/ ends the header */
		if (q != l && h->len) {
			char *prev = h->pdata[h->len - 1];

			h->pdata[h->len - 1] = g_strconcat(prev, " ", q, NULL);
			g_free(prev);
		} else {
			g_ptr_array_add(h, g_strdup(l));
		}
	}
	*body = i + 1;
	return h;
}

/* /^NAME:\s+(.*)$/i */
static const char *header_value(const char *line, const char *name)
{
	size_t n = strlen(name);
	const char *v;

	if (g_ascii_strncasecmp(line, name, n) || line[n] != ':')
		return NULL;
	v = line + n + 1;
	if (!*v || !strchr(" \t\r\f\v", *v))
		return NULL;
	while (*v && strchr(" \t\r\f\v", *v))
		v++;
	return v;
}

static gboolean header_like(const char *line)
{
	const char *p = line;

	while (g_ascii_isalpha(*p) || *p == '-')
		p++;
	return p > line && *p == ':' && p[1] && strchr(" \t\r\f\v", p[1]);
}

/* strip_garbage_one_address() */
static char *strip_garbage(const char *addr)
{
	g_autoptr(GMatchInfo) m = NULL;
	static const char *const pats[] = {
		"^((\"[^\"]*\"|[^\"<]*)? *<[^>]*>)",
		"^(<[^>]*>)",
		"^([^\"#,\\s]*)",
	};

	for (size_t i = 0; i < G_N_ELEMENTS(pats); i++) {
		/* Compiled once per process, not once per trailer. */
		GRegex *re = sl_regex_cached(pats[i], G_REGEX_RAW);

		g_clear_pointer(&m, g_match_info_unref);
		if (g_regex_match(re, addr, 0, &m))
			return g_match_info_fetch(m, 1);
	}
	return g_strdup(addr);
}

static gboolean body_trailer(struct patch_ctx *p, const char *line,
			     GError **error)
{
	/* Asked of every line of the body: compiled once per process. */
	GRegex *re = sl_regex_cached("^([a-z][a-z-]*-by|Cc): (.*)",
				     G_REGEX_CASELESS | G_REGEX_RAW);
	g_autoptr(GMatchInfo) m = NULL;
	g_autofree char *what = NULL, *c = NULL, *clean = NULL;
	g_autofree char *label = NULL;
	unsigned need;

	if (!g_regex_match(re, line, 0, &m))
		return TRUE;
	what = g_match_info_fetch(m, 1);
	c = g_match_info_fetch(m, 2);
	if (!g_ascii_strcasecmp(what, "Signed-off-by"))
		need = S_SOB;
	else if (strlen(what) > 3 &&
		 !g_ascii_strcasecmp(what + strlen(what) - 3, "-by"))
		need = S_MISC_BY;
	else
		need = S_BODYCC;
	if (p->suppress & need)
		return TRUE;
	clean = strip_garbage(c);
	if (!g_regex_match(sl_regex_cached(".+@.+|<.+>", G_REGEX_RAW), clean, 0,
			   NULL))
		return TRUE;	/* git: "(body) Ignoring" */
	label = g_strdup_printf("Cc, %s: trailer", what);
	{
		g_autofree char *l = g_strdup_printf("%s of %s", label,
						     p->origin);

		return sl_sendemail_add_addresses(p->out, g_intern_string(l),
						  clean, p->aliases, error);
	}
}

static gboolean parse_headers(struct patch_ctx *p, GPtrArray *headers,
			      GError **error)
{
	gboolean mbox = FALSE, lots = FALSE, have_cc = FALSE;

	for (guint i = 0; i < headers->len; i++) {
		const char *h = headers->pdata[i];
		const char *v;

		if (g_str_has_prefix(h, "From ")) {
			mbox = TRUE;
			continue;
		}
		if (!mbox && !lots && header_like(h))
			mbox = TRUE;
		if (!mbox) {	/* "lots": line 1 is the Cc */
			lots = TRUE;
			if (!have_cc && !(p->suppress & S_CC)) {
				have_cc = TRUE;
				if (!add_from(p, "Cc, first line", h, error))
					return FALSE;
			}
			continue;
		}
		if (header_value(h, "Subject")) {
			continue;
		} else if ((v = header_value(h, "From"))) {
			if (p->suppress & S_AUTHOR)
				continue;
			if (!add_from(p, "Cc, From (author)", v, error))
				return FALSE;
		} else if ((v = header_value(h, "To"))) {
			if (!add_from(p, "To", v, error))
				return FALSE;
		} else if ((v = header_value(h, "Cc"))) {
			if (p->suppress & S_CC)
				continue;
			if (!add_from(p, "Cc", v, error))
				return FALSE;
		}
	}
	return TRUE;
}

static gboolean cmd_lines(struct patch_ctx *p, int which, const char *cmd,
			  const char *file, GError **error)
{
	g_autofree char *out = NULL;
	g_auto(GStrv) lines = NULL;
	g_autofree char *label = NULL;

	if (!run_cmd(p->se, cmd_names[which], cmd, file, &out, error))
		return FALSE;
	label = g_strdup_printf("%s, --%s '%s'", which ? "Cc" : "To",
				cmd_names[which], cmd);
	lines = g_strsplit(out ? out : "", "\n", -1);
	for (char **l = lines; *l; l++)
		if (!sl_sendemail_add_addresses(p->out, g_intern_string(label),
						g_strstrip(*l), p->aliases,
						error))
			return FALSE;
	return TRUE;
}

static gboolean patch_recipients(struct patch_ctx *p, const char *patch,
				 char *const cmds[3], GError **error)
{
	g_autofree char *text = NULL;
	g_auto(GStrv) lines = NULL;
	g_autoptr(GPtrArray) headers = NULL;
	g_autofree char *file = NULL;
	guint body, n;

	if (!g_file_get_contents(patch, &text, NULL, error))
		return FALSE;
	lines = g_strsplit(text, "\n", -1);
	n = g_strv_length(lines);
	if (n && !*lines[n - 1])
		n--;	/* the text after the last newline */
	headers = unfold((const char *const *)lines, n, &body);
	file = file_as_git_names_it(p->se, patch);
	if (cmds[SL_SE_HEADER_CMD]) {	/* its lines join the header */
		g_autofree char *out = NULL;
		g_auto(GStrv) extra = NULL;
		g_autoptr(GPtrArray) more = NULL;
		guint ignored;

		if (!run_cmd(p->se, "header-cmd", cmds[SL_SE_HEADER_CMD], file,
			     &out, error))
			return FALSE;
		extra = g_strsplit(out ? out : "", "\n", -1);
		more = unfold((const char *const *)extra, g_strv_length(extra),
			      &ignored);
		g_ptr_array_extend_and_steal(headers, g_steal_pointer(&more));
	}
	if (!parse_headers(p, headers, error))
		return FALSE;
	for (guint i = body; i < n; i++)
		if (!body_trailer(p, lines[i], error))
			return FALSE;
	if (cmds[SL_SE_TO_CMD] &&
	    !cmd_lines(p, SL_SE_TO_CMD, cmds[SL_SE_TO_CMD], file, error))
		return FALSE;
	if (cmds[SL_SE_CC_CMD] && !(p->suppress & S_CCCMD) &&
	    !cmd_lines(p, SL_SE_CC_CMD, cmds[SL_SE_CC_CMD], file, error))
		return FALSE;
	return TRUE;
}

gboolean sl_sendemail_recipients(const struct sl_sendemail *se,
				 const struct sl_gitconfig *cfg,
				 const char *patch, GPtrArray *recipients,
				 GError **error)
{
	g_autofree char *identity = identity_of(se, cfg);
	g_autoptr(GHashTable) aliases = NULL;
	char *cmds[3] = { NULL, NULL, NULL };
	struct patch_ctx p = { .se = se, .out = recipients,
			       .origin = "patch" };
	gboolean ok = TRUE;

	aliases = sl_sendemail_load_aliases(cfg, identity, error);
	if (!aliases || !suppressions(se, cfg, identity, &p.suppress, error))
		return FALSE;
	p.aliases = aliases;
	for (int k = 0; ok && k < 3; k++) {
		g_autofree char *header = NULL;
		g_autoptr(GPtrArray) values = NULL;

		if (se->opt[k]->len) {
			header = g_strdup_printf("%s, %s --%s", kind_header[k],
						 se->argv_origin
						 ? se->argv_origin
						 : "git send-email", kinds[k]);
			values = g_ptr_array_ref(se->opt[k]);
		} else if (!se->no[k]) {
			header = g_strdup_printf("%s, git config sendemail.%s",
						 kind_header[k], kinds[k]);
			values = config_list(cfg, identity, kinds[k]);
		} else {
			continue;
		}
		for (guint i = 0; ok && i < values->len; i++)
			ok = sl_sendemail_add_addresses(
				recipients, g_intern_string(header),
				values->pdata[i], aliases, error);
	}
	for (int k = 0; ok && k < 3; k++) {
		if (k == SL_SE_HEADER_CMD && (!se->current || se->no_header_cmd))
			continue;
		cmds[k] = se->cmd[k] ? g_strdup(se->cmd[k])
				     : config_scalar(cfg, identity, cmd_keys[k]);
	}
	if (ok && (cmds[0] || cmds[1] || cmds[2]) && !se->cwd) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "git send-email runs a --to-cmd/--cc-cmd/"
			    "--header-cmd, but its process was not found to "
			    "run it the same way");
		ok = FALSE;
	}
	ok = ok && patch_recipients(&p, patch, cmds, error);
	for (int k = 0; k < 3; k++)
		g_free(cmds[k]);
	return ok;
}

gboolean sl_sendemail_header_file(const struct sl_sendemail *se,
				  const struct sl_gitconfig *cfg,
				  const char *path, GPtrArray *recipients,
				  GError **error)
{
	g_autofree char *identity = identity_of(se, cfg);
	g_autoptr(GHashTable) aliases = NULL;
	g_autofree char *text = NULL;
	g_auto(GStrv) lines = NULL;
	g_autoptr(GPtrArray) headers = NULL;
	guint body;

	if (!g_file_get_contents(path, &text, NULL, error))
		return FALSE;
	aliases = sl_sendemail_load_aliases(cfg, identity, error);
	if (!aliases)
		return FALSE;
	lines = g_strsplit(text, "\n", -1);
	headers = unfold((const char *const *)lines, g_strv_length(lines),
			 &body);
	for (guint i = 0; i < headers->len; i++) {
		const char *v;
		const char *label = NULL;

		if ((v = header_value(headers->pdata[i], "To")))
			label = "To, send-email headers";
		else if ((v = header_value(headers->pdata[i], "Cc")))
			label = "Cc, send-email headers";
		if (label && !sl_sendemail_add_addresses(recipients, label, v,
							 aliases, error))
			return FALSE;
	}
	return TRUE;
}

void sl_sendemail_warn_unseen(const struct sl_sendemail *se,
			      const struct sl_gitconfig *cfg,
			      gboolean have_headers)
{
	g_autofree char *identity = identity_of(se, cfg);
	int annotate = se->annotate;

	if (annotate < 0 &&
	    !config_bool(cfg, identity, "annotate", &annotate, NULL))
		annotate = 1;
	if (have_headers)	/* git >= 2.43 validates after all three */
		return;
	if (!se->opt[SL_SE_TO]->len && !se->cmd[SL_SE_TO_CMD]) {
		g_autoptr(GPtrArray) to = config_list(cfg, identity, "to");
		g_autofree char *cmd = config_scalar(cfg, identity, "tocmd");

		if ((se->no[SL_SE_TO] || !to->len) && !cmd)
			fprintf(stderr,
				"seclint: warning: git send-email has no To "
				"and will ask \"To whom should the emails be "
				"sent\"; this git (< 2.43) asks after this "
				"check, so the answer is not checked here.  "
				"Give --to, or use the send-time check "
				"(sendemail.sendmailCmd = \"seclint "
				"sendmail\").\n");
	}
	if (se->compose) {
		gboolean to = FALSE, cc = FALSE;

		fprintf(stderr,
			"seclint: warning: git send-email --compose: this git "
			"(< 2.43) never shows the cover letter to the hook; "
			"it is not checked here.  The send-time check "
			"(sendemail.sendmailCmd = \"seclint sendmail\") "
			"checks it.\n");
		if (sl_sendemail_cover(se, cfg, &to, &cc, NULL) && (to || cc))
			fprintf(stderr,
				"seclint: warning: with --%s-cover git sends "
				"every patch to the cover letter's %s too; "
				"those recipients are checked only as each "
				"message is sent, when the messages before it "
				"are already out.\n", to ? "to" : "cc",
				to ? "To" : "Cc");
	}
	if (annotate > 0)
		fprintf(stderr,
			"seclint: warning: git send-email --annotate: edits "
			"made in the editor come after this check (git < "
			"2.43); the send-time check (sendemail.sendmailCmd = "
			"\"seclint sendmail\") checks what is sent.\n");
}
