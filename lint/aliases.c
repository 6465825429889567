// SPDX-License-Identifier: GPL-2.0-only
/*
 * git send-email alias files (sendemail.aliasesFile, of the types mutt,
 * mailrc and sendmail), so that `--to secteam` is judged as the addresses
 * it stands for.
 */
#include <string.h>

#include "sendemail.h"

#define SL_ALIAS_DEPTH 8

/* "alias NAME VALUE" (mutt, where VALUE is an address list) */
static void parse_mutt_line(GHashTable *aliases, const char *line)
{
	g_auto(GStrv) f = g_regex_split_simple("^\\s*alias\\s+(?:-group\\s+\\S+\\s+)*(\\S+)\\s+(.*)$",
					       line, 0, 0);

	if (g_strv_length(f) >= 3)
		g_hash_table_insert(aliases, g_strdup(f[1]), g_strdup(f[2]));
}

/* "alias NAME ADDR ADDR ..." (mailrc) */
static void parse_mailrc_line(GHashTable *aliases, const char *line)
{
	g_auto(GStrv) f = g_regex_split_simple("^\\s*alias\\s+(\\S+)\\s+(.*)$",
					       line, 0, 0);
	g_auto(GStrv) words = NULL;

	if (g_strv_length(f) < 3 || !g_shell_parse_argv(f[2], NULL, &words,
							 NULL))
		return;
	g_hash_table_insert(aliases, g_strdup(f[1]), g_strjoinv(", ", words));
}

/* "NAME: ADDR, ADDR" (sendmail) */
static void parse_sendmail_line(GHashTable *aliases, const char *line)
{
	const char *colon = strchr(line, ':');

	if (!colon || line[0] == '#' || g_ascii_isspace(line[0]))
		return;
	g_hash_table_insert(aliases, g_strstrip(g_strndup(line, colon - line)),
			    g_strstrip(g_strdup(colon + 1)));
}

static GHashTable *load_aliases(const char *path, const char *type,
				GError **error)
{
	g_autofree char *text = NULL;
	g_auto(GStrv) lines = NULL;
	GHashTable *aliases;
	void (*parse)(GHashTable *, const char *);

	if (!strcmp(type, "mutt"))
		parse = parse_mutt_line;
	else if (!strcmp(type, "mailrc"))
		parse = parse_mailrc_line;
	else if (!strcmp(type, "sendmail"))
		parse = parse_sendmail_line;
	else {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "sendemail.aliasFileType '%s' is not supported "
			    "(mutt, mailrc, sendmail); cannot expand aliases",
			    type);
		return NULL;
	}
	if (!g_file_get_contents(path, &text, NULL, error)) {
		g_prefix_error(error, "sendemail.aliasesFile: ");
		return NULL;
	}
	aliases = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					g_free);
	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l; l++)
		parse(aliases, *l);
	return aliases;
}

static gboolean expand(GPtrArray *recipients, GHashTable *aliases,
		       unsigned depth, GError **error)
{
	for (guint i = 0; i < recipients->len; i++) {
		struct sl_address *a = recipients->pdata[i];
		const char *value = strchr(a->addr, '@') ? NULL
				    : g_hash_table_lookup(aliases, a->addr);
		g_autoptr(GPtrArray) sub = NULL;
		g_autofree char *header = NULL;

		if (!value)
			continue;
		if (depth >= SL_ALIAS_DEPTH) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
				    "alias '%s' nests too deep", a->addr);
			return FALSE;
		}
		header = g_strdup_printf("%s, alias %s", a->header, a->addr);
		sub = sl_address_list_new();
		if (!sl_address_add_header(sub, g_intern_string(header), value,
					   error) ||
		    !expand(sub, aliases, depth + 1, error))
			return FALSE;
		g_ptr_array_remove_index(recipients, i);
		for (guint j = 0; j < sub->len; j++)
			g_ptr_array_insert(recipients, i + j, sub->pdata[j]);
		i += sub->len;
		i--;
		g_ptr_array_set_free_func(sub, NULL);
	}
	return TRUE;
}

gboolean sl_sendemail_expand_aliases(const struct sl_gitconfig *cfg,
				     GPtrArray *recipients, GError **error)
{
	g_autofree char *path = sl_gitconfig_path(cfg, "sendemail.aliasesfile");
	const struct sl_gitconfig_entry *type =
		sl_gitconfig_last(cfg, "sendemail.aliasfiletype");
	g_autoptr(GHashTable) aliases = NULL;

	if (!path)
		return TRUE;
	aliases = load_aliases(path, type && type->value ? type->value
						       : "mutt", error);
	return aliases && expand(recipients, aliases, 0, error);
}
