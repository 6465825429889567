// SPDX-License-Identifier: GPL-2.0-only
/*
 * Recovering the recipients of a git send-email run (see sendemail.h).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sendemail.h"

static const char *const kinds[] = { "to", "cc", "bcc" };
static const char *const kind_header[] = { "To", "Cc", "Bcc" };

/* send-email's long options that share a first letter with to/cc/bcc. */
static const char *const long_options[] = {
	"to", "to-cmd", "to-cover", "thread", "transfer-encoding",
	"translate-aliases", "cc", "cc-cmd", "cc-cover", "chain-reply-to",
	"compose", "compose-encoding", "confirm", "bcc", "batch-size",
	"identity", "in-reply-to", "annotate", "no-to", "no-cc", "no-bcc",
	"no-thread", "no-chain-reply-to", "no-cc-cover", "no-to-cover",
	"no-identity", "no-annotate",
};

void sl_sendemail_init(struct sl_sendemail *se)
{
	memset(se, 0, sizeof(*se));
	for (int i = 0; i < 3; i++)
		se->opt[i] = g_ptr_array_new_with_free_func(g_free);
}

void sl_sendemail_clear(struct sl_sendemail *se)
{
	for (int i = 0; i < 3; i++)
		g_ptr_array_unref(se->opt[i]);
	g_free(se->identity);
	g_free(se->argv_origin);
}

/* Getopt::Long: an option may be abbreviated to any unique prefix. */
static const char *resolve_option(const char *name)
{
	const char *match = NULL;

	for (size_t i = 0; i < G_N_ELEMENTS(long_options); i++) {
		if (!strcmp(long_options[i], name))
			return long_options[i];
		if (g_str_has_prefix(long_options[i], name)) {
			if (match)
				return NULL;	/* ambiguous */
			match = long_options[i];
		}
	}
	return match;
}

static int kind_of(const char *option)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(option, kinds[i]))
			return i;
	return -1;
}

static void take_option(struct sl_sendemail *se, const char *option,
			const char *value)
{
	int kind = kind_of(option);

	if (kind >= 0) {
		se->given[kind] = TRUE;
		g_ptr_array_add(se->opt[kind], g_strdup(value));
	} else if (g_str_has_prefix(option, "no-") &&
		   (kind = kind_of(option + 3)) >= 0) {
		se->given[kind] = TRUE;	/* --no-to also drops the config */
		g_ptr_array_set_size(se->opt[kind], 0);
	} else if (!strcmp(option, "identity")) {
		g_free(se->identity);
		se->identity = g_strdup(value);
	}
}

static gboolean takes_value(const char *option)
{
	return kind_of(option) >= 0 || !strcmp(option, "identity");
}

void sl_sendemail_parse_argv(struct sl_sendemail *se, char **argv)
{
	for (char **a = argv; *a; a++) {
		g_autofree char *name = NULL;
		const char *eq, *option, *value = NULL;

		if (!strcmp(*a, "--"))
			break;
		if (!g_str_has_prefix(*a, "--"))
			continue;
		eq = strchr(*a, '=');
		name = eq ? g_strndup(*a + 2, eq - *a - 2) : g_strdup(*a + 2);
		option = resolve_option(name);
		if (!option)
			continue;
		if (eq)
			value = eq + 1;
		else if (takes_value(option) && a[1])
			value = *++a;
		if (value || !takes_value(option))
			take_option(se, option, value);
	}
}

static char **read_cmdline(pid_t pid)
{
	g_autofree char *path = g_strdup_printf("/proc/%d/cmdline", (int)pid);
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

static pid_t parent_of(pid_t pid)
{
	g_autofree char *path = g_strdup_printf("/proc/%d/stat", (int)pid);
	g_autofree char *stat = NULL;
	const char *close;
	int ppid = 0;

	if (!g_file_get_contents(path, &stat, NULL, NULL))
		return 0;
	close = strrchr(stat, ')');	/* the command name may hold spaces */
	if (!close || sscanf(close + 1, " %*c %d", &ppid) != 1)
		return 0;
	return ppid;
}

/* Index of the first send-email option in @argv, or -1. */
static int send_email_args(char **argv)
{
	for (int i = 0; argv[i] && i < 3; i++) {
		if (g_str_has_suffix(argv[i], "/git-send-email") ||
		    !strcmp(argv[i], "git-send-email"))
			return i + 1;
		if (!strcmp(argv[i], "send-email") && i > 0)
			return i + 1;
	}
	return -1;
}

gboolean sl_sendemail_from_parent(struct sl_sendemail *se)
{
	pid_t pid = getppid();

	for (int depth = 0; pid > 1 && depth < 6; depth++) {
		g_auto(GStrv) argv = read_cmdline(pid);
		int first = argv ? send_email_args(argv) : -1;

		if (first >= 0) {
			sl_sendemail_parse_argv(se, argv + first);
			se->argv_origin = g_strdup_printf(
				"git send-email (pid %d)", (int)pid);
			return TRUE;
		}
		pid = parent_of(pid);
	}
	return FALSE;
}

static void add_config_values(const struct sl_gitconfig *cfg, const char *key,
			      GPtrArray *values)
{
	g_autoptr(GPtrArray) all = sl_gitconfig_all(cfg, key);

	g_ptr_array_extend_and_steal(values, g_steal_pointer(&all));
}

static GPtrArray *config_values(const struct sl_gitconfig *cfg, const char *identity,
				const char *kind)
{
	GPtrArray *values = g_ptr_array_new_with_free_func(g_free);

	if (identity) {
		g_autofree char *key = g_strdup_printf("sendemail.%s.%s",
						       identity, kind);

		add_config_values(cfg, key, values);
	}
	if (!values->len) {
		g_autofree char *key = g_strdup_printf("sendemail.%s", kind);

		add_config_values(cfg, key, values);
	}
	return values;
}

static char *config_string(const struct sl_gitconfig *cfg, const char *key)
{
	const struct sl_gitconfig_entry *e = sl_gitconfig_last(cfg, key);

	return e && e->value ? g_strdup(e->value) : NULL;
}

static gboolean add_values(GPtrArray *recipients, const char *header,
			   const GPtrArray *values, GError **error)
{
	for (guint i = 0; i < values->len; i++)
		if (!sl_address_add_header(recipients, header,
					   values->pdata[i], error))
			return FALSE;
	return TRUE;
}

gboolean sl_sendemail_recipients(const struct sl_sendemail *se,
				 const struct sl_gitconfig *cfg,
				 const gboolean want[3],
				 GPtrArray *recipients, GError **error)
{
	g_autofree char *identity = NULL;
	gboolean ok = TRUE;

	identity = se->identity ? g_strdup(se->identity)
				: config_string(cfg, "sendemail.identity");
	for (int k = 0; ok && k < 3; k++) {
		g_autofree char *header = NULL;
		g_autoptr(GPtrArray) cfgv = NULL;

		if (!want[k])
			continue;
		if (se->given[k]) {
			header = g_strdup_printf("%s, %s --%s", kind_header[k],
						 se->argv_origin, kinds[k]);
			ok = add_values(recipients, g_intern_string(header),
					se->opt[k], error);
			continue;
		}
		cfgv = config_values(cfg, identity, kinds[k]);
		header = g_strdup_printf("%s, git config sendemail.%s",
					 kind_header[k], kinds[k]);
		ok = add_values(recipients, g_intern_string(header), cfgv,
				error);
	}
	return ok && sl_sendemail_expand_aliases(cfg, recipients, error);
}
