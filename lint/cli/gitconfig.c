// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading git config with one `git config -z --list --show-origin` child,
 * not libgit2.  git is the authority on its own configuration, and git
 * send-email (whose settings the hook must see exactly as it does) reads
 * its own through `git config` too: libgit2 1.5 ignores `git -c`
 * (GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT), GIT_CONFIG_GLOBAL,
 * GIT_CONFIG_NOSYSTEM and includeIf "hasconfig:", and gives an entry's
 * level but not its file.  It is also cheaper: about 1.3 ms for the child
 * against 4.5 ms for git_libgit2_init() alone (Debian's libgit2 loads the
 * system CA bundle into mbedTLS there), paid on every hook call, once
 * per patch.  libgit2 stays for what git config is not: --staged and
 * install-hook.
 */
#include <pwd.h>
#include <string.h>

#include "gitconfig.h"
#include "seclint.h"

static void entry_free(gpointer p)
{
	struct sl_gitconfig_entry *e = p;

	g_free(e->key);
	g_free(e->value);
	g_free(e->origin);
	g_free(e);
}

struct sl_gitconfig *sl_gitconfig_new_empty(void)
{
	struct sl_gitconfig *cfg = g_new0(struct sl_gitconfig, 1);

	cfg->entries = g_ptr_array_new_with_free_func(entry_free);
	return cfg;
}

void sl_gitconfig_free(struct sl_gitconfig *cfg)
{
	if (!cfg)
		return;
	g_ptr_array_unref(cfg->entries);
	g_free(cfg);
}

char *sl_gitconfig_canonical(const char *key)
{
	const char *first = strchr(key, '.');
	const char *last = strrchr(key, '.');
	char *out = g_strdup(key);

	if (!first)
		return out;
	for (char *p = out; p < out + (first - key); p++)
		*p = g_ascii_tolower(*p);
	for (char *p = out + (last - key); *p; p++)
		*p = g_ascii_tolower(*p);
	return out;
}

/* One record: ORIGIN NUL KEY [LF VALUE] NUL. */
static gboolean add_record(struct sl_gitconfig *cfg, const char *origin,
			   const char *keyvalue)
{
	struct sl_gitconfig_entry *e;
	const char *nl = strchr(keyvalue, '\n');
	g_autofree char *key = NULL;

	if (!*origin || !*keyvalue || *keyvalue == '\n')
		return FALSE;
	e = g_new0(struct sl_gitconfig_entry, 1);
	e->origin = g_strdup(origin);
	key = nl ? g_strndup(keyvalue, nl - keyvalue) : g_strdup(keyvalue);
	e->key = sl_gitconfig_canonical(key);	/* git's already is */
	e->value = nl ? g_strdup(nl + 1) : NULL;
	g_ptr_array_add(cfg->entries, e);
	return TRUE;
}

struct sl_gitconfig *sl_gitconfig_parse(const char *data, gsize len,
					GError **error)
{
	g_autoptr(sl_gitconfig) cfg = sl_gitconfig_new_empty();
	const char *p = data, *end = data + len;

	while (p < end) {
		const char *origin = p;
		const char *z = memchr(p, '\0', end - p);
		const char *keyvalue = z ? z + 1 : end;
		const char *z2 = keyvalue < end
				 ? memchr(keyvalue, '\0', end - keyvalue)
				 : NULL;

		if (!z2 || !add_record(cfg, origin, keyvalue)) {
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
				    "cannot parse the output of git config "
				    "at byte %td", origin - data);
			return NULL;
		}
		p = z2 + 1;
	}
	return g_steal_pointer(&cfg);
}

struct sl_gitconfig *sl_gitconfig_read(GError **error)
{
	char *argv[] = { "git", "config", "-z", "--list", "--show-origin",
			 NULL };
	g_autofree char *out = NULL;
	g_autofree char *err = NULL;
	g_autoptr(GError) spawn_error = NULL;
	gint status;
	gsize len;

	/*
	 * LEAVE_DESCRIPTORS_OPEN lets GLib use posix_spawn() (a vfork)
	 * rather than fork(); seclint opens its own files close-on-exec.
	 */
	if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH |
			  G_SPAWN_STDIN_FROM_DEV_NULL |
			  G_SPAWN_LEAVE_DESCRIPTORS_OPEN, NULL, NULL, &out,
			  &err, &status, &spawn_error)) {
		/* Without git there is no git config to honour. */
		if (g_error_matches(spawn_error, G_SPAWN_ERROR,
				    G_SPAWN_ERROR_NOENT))
			return sl_gitconfig_new_empty();
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "cannot run git config: %s", spawn_error->message);
		return NULL;
	}
	if (!g_spawn_check_wait_status(status, NULL)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "cannot read git config: %s",
			    *g_strstrip(err) ? err : "git config failed");
		return NULL;
	}
	/*
	 * g_spawn_sync() gives no length; no field of a record is empty, so
	 * the data ends at the first empty string (its own terminator).
	 */
	len = 0;
	while (out && out[len])
		len += strlen(out + len) + 1;
	return sl_gitconfig_parse(out ? out : "", len, error);
}

const struct sl_gitconfig_entry *
sl_gitconfig_last(const struct sl_gitconfig *cfg, const char *key)
{
	g_autofree char *canon = sl_gitconfig_canonical(key);

	for (guint i = cfg->entries->len; i-- > 0;) {
		const struct sl_gitconfig_entry *e = cfg->entries->pdata[i];

		if (!strcmp(e->key, canon))
			return e;
	}
	return NULL;
}

GPtrArray *sl_gitconfig_all(const struct sl_gitconfig *cfg, const char *key)
{
	g_autofree char *canon = sl_gitconfig_canonical(key);
	GPtrArray *values = g_ptr_array_new_with_free_func(g_free);

	for (guint i = 0; i < cfg->entries->len; i++) {
		const struct sl_gitconfig_entry *e = cfg->entries->pdata[i];

		if (!strcmp(e->key, canon))
			g_ptr_array_add(values, g_strdup(e->value ? e->value
							 : ""));
	}
	return values;
}

/* git's expand_user_path(): "~/x" is $HOME/x, "~user/x" user's home. */
char *sl_gitconfig_path(const struct sl_gitconfig *cfg, const char *key)
{
	const struct sl_gitconfig_entry *e = sl_gitconfig_last(cfg, key);

	return sl_gitconfig_expand_path(e ? e->value : NULL);
}

char *sl_gitconfig_expand_path(const char *v)
{
	const char *slash;
	g_autofree char *user = NULL;
	struct passwd *pw;

	if (!v || !*v)
		return NULL;
	if (v[0] != '~')
		return g_strdup(v);
	slash = strchr(v, '/');
	if (v[1] == '/' || !v[1])
		return g_strconcat(g_get_home_dir(), v + 1, NULL);
	user = slash ? g_strndup(v + 1, slash - v - 1) : g_strdup(v + 1);
	pw = getpwnam(user);
	if (!pw)
		return g_strdup(v);	/* git fails too; open() will say so */
	return g_strconcat(pw->pw_dir, slash ? slash : "", NULL);
}

gboolean sl_gitconfig_bool(const struct sl_gitconfig_entry *e, gboolean *out,
			   GError **error)
{
	static const char *const words[] = { "true", "yes", "on",
					     "false", "no", "off", "" };
	gint64 n;

	if (!e->value) {
		*out = TRUE;
		return TRUE;
	}
	for (size_t i = 0; i < G_N_ELEMENTS(words); i++) {
		if (!g_ascii_strcasecmp(e->value, words[i])) {
			*out = i < 3;
			return TRUE;
		}
	}
	if (g_ascii_string_to_signed(e->value, 10, G_MININT64, G_MAXINT64,
				     &n, NULL)) {
		*out = n != 0;
		return TRUE;
	}
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
		    "%s (%s): '%s' is not a boolean (true or false)", e->key,
		    e->origin, e->value);
	return FALSE;
}
