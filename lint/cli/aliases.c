// SPDX-License-Identifier: GPL-2.0-only
/*
 * git send-email's alias files (sendemail.aliasesFile, every value, of the
 * type sendemail.aliasFileType), parsed as git-send-email.perl's
 * %parse_alias does, so that `--to secteam` is judged as the addresses it
 * stands for.  Alias names keep their case, as in git.  Lines git only
 * warns about (sendmail quotes, :include:, pipes, unrecognised lines) are
 * refused: git would send to the bare name.
 */
#include <string.h>

#include "errors.h"
#include "gitconfig.h"
#include "perladdr.h"
#include "sendemail.h"

struct alias_file {
	GHashTable *aliases;	/* name -> GPtrArray of strings */
	const char *path;
	GError **error;
};

static void set(struct alias_file *f, const char *name, GPtrArray *values)
{
	if (!values)	/* quotewords' empty list */
		values = g_ptr_array_new_with_free_func(g_free);
	g_hash_table_insert(f->aliases, g_strdup(name), values);
}

/* split_addrs(): quotewords('\s*,\s*', 1, ...) */
static GPtrArray *split_addrs(const char *s)
{
	return sl_perl_quotewords(s, TRUE, TRUE);
}

static gboolean match(const char *pattern, const char *line, char **m1,
		      char **m2)
{
	g_autoptr(GRegex) re = g_regex_new(pattern, G_REGEX_RAW, 0, NULL);
	g_autoptr(GMatchInfo) m = NULL;

	if (!g_regex_match(re, line, 0, &m))
		return FALSE;
	*m1 = g_match_info_fetch(m, 1);
	*m2 = g_match_info_fetch(m, 2);
	return TRUE;
}

static gboolean parse_mutt(struct alias_file *f, char **lines)
{
	for (char **l = lines; *l; l++) {
		g_autofree char *name = NULL, *addr = NULL;
		GPtrArray *list;
		char *hash;

		if (!match("^\\s*alias\\s+(?:-group\\s+\\S+\\s+)*(\\S+)\\s+(.*)$",
			   *l, &name, &addr))
			continue;
		if ((hash = strchr(addr, '#')))	/* mutt's # comments */
			*hash = '\0';
		list = split_addrs(addr);
		for (guint i = 0; list && i < list->len; i++) {
			if (!list->pdata[i])
				continue;
			/* s/\\"/"/g */
			g_autoptr(GRegex) re = g_regex_new("\\\\\"", 0, 0, NULL);
			char *v = g_regex_replace_literal(re, list->pdata[i], -1,
							  0, "\"", 0, NULL);

			g_free(list->pdata[i]);
			list->pdata[i] = v;
		}
		set(f, name, list);
	}
	return TRUE;
}

static gboolean parse_mailrc(struct alias_file *f, char **lines)
{
	for (char **l = lines; *l; l++) {
		g_autofree char *name = NULL, *addr = NULL;

		if (match("^alias\\s+(\\S+)\\s+(.*?)\\s*$", *l, &name, &addr))
			set(f, name, sl_perl_quotewords(addr, FALSE, FALSE));
	}
	return TRUE;
}

static gboolean parse_pine(struct alias_file *f, char **lines)
{
	g_autoptr(GString) x = g_string_new(NULL);

	/* a line, with the following lines that start with spaces */
	for (guint i = 0;;) {
		g_autofree char *name = NULL, *addr = NULL;

		for (; lines[i] && lines[i][0] == ' '; i++)
			g_string_append(x, lines[i] + strspn(lines[i], " "));
		if (match("^(\\S+)\\t[^\\t]*\\t\\(?([^\\t]+?)\\)?(:?\\t[^\\t]*){0,2}$",
			  x->str, &name, &addr))
			set(f, name, split_addrs(addr));
		if (!lines[i])
			return TRUE;
		g_string_assign(x, lines[i++]);
	}
}

static gboolean parse_elm(struct alias_file *f, char **lines)
{
	for (char **l = lines; *l; l++) {
		g_autofree char *name = NULL, *addr = NULL;

		if (match("^(\\S+)\\s+=\\s+[^=]+=\\s(\\S+)", *l, &name, &addr))
			set(f, name, split_addrs(addr));
	}
	return TRUE;
}

static gboolean parse_gnus(struct alias_file *f, char **lines)
{
	for (char **l = lines; *l; l++) {
		g_autofree char *name = NULL, *addr = NULL;

		if (match("\\(define-mail-alias\\s+\"(\\S+?)\"\\s+\"(\\S+?)\"\\)",
			  *l, &name, &addr)) {
			GPtrArray *one = g_ptr_array_new_with_free_func(g_free);

			g_ptr_array_add(one, g_steal_pointer(&addr));
			set(f, name, one);
		}
	}
	return TRUE;
}

static gboolean sendmail_alias(struct alias_file *f, const char *s)
{
	g_autofree char *name = NULL, *addr = NULL;
	const char *why = NULL;

	if (strchr(s, '"'))
		why = "sendmail alias with quotes is not supported";
	else if (strstr(s, ":include:"))
		why = "`:include:` not supported";
	else if (strpbrk(s, "/|"))
		why = "`/file` or `|pipe` redirection not supported";
	else if (!match("^(\\S+?)\\s*:\\s*(.+)$", s, &name, &addr))
		why = "sendmail line is not recognized";
	if (why) {
		g_set_error(f->error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "%s: %s: '%s' (git send-email only warns and "
			    "would send to the bare name)", f->path, why, s);
		return FALSE;
	}
	set(f, name, split_addrs(addr));
	return TRUE;
}

/* parse_sendmail_aliases(): continuation lines are indented, or follow a
 * line that ends in a backslash. */
static gboolean parse_sendmail(struct alias_file *f, char **lines)
{
	g_autoptr(GString) s = g_string_new(NULL);

	for (char **l = lines; *l; l++) {
		const char *line = *l;
		const char *t = line + strspn(line, " \t\r\f\v");

		if (!*t || *t == '#')
			continue;
		if (s->len && s->str[s->len - 1] == '\\') {
			g_string_truncate(s, s->len - 1);
			g_string_append(s, line);
			continue;
		}
		if (t != line) {	/* s/^\s+// */
			g_string_append(s, t);
			continue;
		}
		if (s->len && !sendmail_alias(f, s->str))
			return FALSE;
		g_string_assign(s, line);
	}
	if (s->len && s->str[s->len - 1] == '\\')
		g_string_truncate(s, s->len - 1);
	return !s->len || sendmail_alias(f, s->str);
}

static const struct {
	const char *type;
	gboolean (*parse)(struct alias_file *, char **);
} parsers[] = {
	{ "mutt", parse_mutt }, { "mailrc", parse_mailrc },
	{ "pine", parse_pine }, { "elm", parse_elm },
	{ "sendmail", parse_sendmail }, { "gnus", parse_gnus },
};

static void values_free(gpointer p)
{
	g_ptr_array_unref(p);
}

GHashTable *sl_sendemail_load_aliases(const struct sl_gitconfig *cfg,
				      const char *identity, GError **error)
{
	GHashTable *aliases = g_hash_table_new_full(g_str_hash, g_str_equal,
						    g_free, values_free);
	g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(g_free);
	g_autofree char *type = NULL;
	gboolean (*parse)(struct alias_file *, char **) = NULL;

	/* read_config(): the identity's keys, if present, else the plain */
	for (int pass = identity ? 0 : 1; pass < 2 && !files->len; pass++) {
		g_autofree char *key = pass ? g_strdup("sendemail.aliasesfile")
				       : g_strdup_printf("sendemail.%s.aliasesfile",
							 identity);
		g_autoptr(GPtrArray) v = sl_gitconfig_all(cfg, key);

		for (guint i = 0; i < v->len; i++) {
			char *path = sl_gitconfig_expand_path(v->pdata[i]);

			if (path)
				g_ptr_array_add(files, path);
		}
	}
	for (int pass = identity ? 0 : 1; pass < 2 && !type; pass++) {
		g_autofree char *key = pass ? g_strdup("sendemail.aliasfiletype")
				       : g_strdup_printf("sendemail.%s.aliasfiletype",
							 identity);
		const struct sl_gitconfig_entry *e = sl_gitconfig_last(cfg, key);

		if (e && e->value)
			type = g_strdup(e->value);
	}
	for (size_t i = 0; type && i < G_N_ELEMENTS(parsers); i++)
		if (!strcmp(type, parsers[i].type))
			parse = parsers[i].parse;
	if (!parse)	/* git then reads no alias file at all */
		return aliases;
	for (guint i = 0; i < files->len; i++) {
		struct alias_file f = { aliases, files->pdata[i], error };
		g_autofree char *text = NULL;
		g_auto(GStrv) lines = NULL;
		guint n;

		if (!g_file_get_contents(f.path, &text, NULL, error)) {
			g_prefix_error(error, "sendemail.aliasesFile: ");
			g_hash_table_unref(aliases);
			return NULL;
		}
		lines = g_strsplit(text, "\n", -1);
		n = g_strv_length(lines);
		if (n && !*lines[n - 1]) {	/* after the last newline */
			g_free(lines[n - 1]);
			lines[n - 1] = NULL;
		}
		if (!parse(&f, lines)) {
			g_hash_table_unref(aliases);
			return NULL;
		}
	}
	return aliases;
}
