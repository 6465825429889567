// SPDX-License-Identifier: GPL-2.0-only
/*
 * MAINTAINERS: its sections and the kernel's rules for matching a file
 * against them, as scripts/get_maintainer.pl applies them.  A section is a
 * title line followed by "X:\tvalue" lines; F: and X: are globs that match
 * a prefix of the path (a trailing '/' means the directory and all under
 * it, otherwise the path must have as many '/' as the pattern), N: is an
 * extended regex searched in the path.  Pure computation: the caller
 * reads the file.
 */
#include <string.h>

#include "seclint.h"

struct sl_maintainers {
	GPtrArray *sections;	/* of struct sl_maint_section */
	GHashTable *lists;	/* every L: address */
	gboolean kernel;	/* has a SECURITY CONTACT section */
};

static void section_free(gpointer p)
{
	struct sl_maint_section *s = p;

	g_free(s->name);
	g_strfreev(s->maintainers);
	g_strfreev(s->reviewers);
	g_strfreev(s->lists);
	g_strfreev(s->files);
	g_strfreev(s->excludes);
	g_ptr_array_unref(s->regexes);
	g_free(s);
}

void sl_maintainers_free(struct sl_maintainers *m)
{
	if (!m)
		return;
	g_ptr_array_unref(m->sections);
	g_hash_table_unref(m->lists);
	g_free(m);
}

/* The addr-spec of "Name <addr>" or of a bare "addr (comment)". */
static char *entry_address(const char *value)
{
	const char *lt = strchr(value, '<');
	const char *gt = lt ? strchr(lt, '>') : NULL;
	g_autofree char *spec = NULL;
	char *space;

	if (lt && gt)
		spec = g_strndup(lt + 1, gt - lt - 1);
	else
		spec = g_strdup(value);
	space = strpbrk(spec, " \t(");
	if (space)
		*space = '\0';
	if (!strchr(spec, '@'))
		return NULL;
	return sl_address_normalise(spec);
}

/* Section fields being filled, as growing arrays. */
struct draft {
	struct sl_maint_section *s;
	GPtrArray *m, *r, *l, *f, *x;
};

static char **strv_take(GPtrArray *a)
{
	g_ptr_array_add(a, NULL);
	return (char **)g_ptr_array_free(a, FALSE);
}

static void draft_start(struct draft *d, const char *title)
{
	d->s = g_new0(struct sl_maint_section, 1);
	d->s->name = g_strdup(title);
	d->s->regexes = g_ptr_array_new_with_free_func(
		(GDestroyNotify)g_regex_unref);
	d->m = g_ptr_array_new();
	d->r = g_ptr_array_new();
	d->l = g_ptr_array_new();
	d->f = g_ptr_array_new();
	d->x = g_ptr_array_new();
}

static void draft_finish(struct draft *d, struct sl_maintainers *m)
{
	if (!d->s)
		return;
	d->s->maintainers = strv_take(d->m);
	d->s->reviewers = strv_take(d->r);
	d->s->lists = strv_take(d->l);
	d->s->files = strv_take(d->f);
	d->s->excludes = strv_take(d->x);
	if (!strcmp(d->s->name, "SECURITY CONTACT"))
		m->kernel = TRUE;
	g_ptr_array_add(m->sections, d->s);
	d->s = NULL;
}

static void add_address(GPtrArray *to, const char *value,
			GHashTable *also)
{
	char *addr = entry_address(value);

	if (!addr)
		return;
	g_ptr_array_add(to, addr);
	if (also)
		g_hash_table_add(also, g_strdup(addr));
}

static void draft_entry(struct draft *d, struct sl_maintainers *m,
			char type, const char *value)
{
	GRegex *re;

	switch (type) {
	case 'M':
		add_address(d->m, value, NULL);
		break;
	case 'R':
		add_address(d->r, value, NULL);
		break;
	case 'L':
		add_address(d->l, value, m->lists);
		break;
	case 'F':
		g_ptr_array_add(d->f, g_strdup(value));
		break;
	case 'X':
		g_ptr_array_add(d->x, g_strdup(value));
		break;
	case 'N':
		/* get_maintainer.pl matches N: with m/$value/x. */
		re = sl_regex_new(value, G_REGEX_EXTENDED, 0, NULL);
		if (re)
			g_ptr_array_add(d->s->regexes, re);
		break;
	}
}

/* "X:\tvalue": the type letter, and the value in @value. */
static char entry_type(const char *line, const char **value)
{
	if (!g_ascii_isupper(line[0]) || line[1] != ':')
		return 0;
	*value = line + 2;
	while (**value == ' ' || **value == '\t')
		(*value)++;
	return line[0];
}

struct sl_maintainers *sl_maintainers_parse(const char *text, gsize len)
{
	struct sl_maintainers *m = g_new0(struct sl_maintainers, 1);
	g_autofree char *copy = g_strndup(text, len);
	g_auto(GStrv) lines = g_strsplit(copy, "\n", -1);
	struct draft d = { 0 };

	m->sections = g_ptr_array_new_with_free_func(section_free);
	m->lists = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (char **l = lines; *l; l++) {
		const char *value;
		char type;

		g_strchomp(*l);
		type = entry_type(*l, &value);
		if (type && d.s)
			draft_entry(&d, m, type, value);
		else if (!type && **l && **l != ' ' && **l != '\t') {
			draft_finish(&d, m);
			draft_start(&d, *l);
		} else if (!**l) {
			draft_finish(&d, m);
		}
	}
	draft_finish(&d, m);
	return m;
}

/*
 * Does the glob @pat match a prefix of @str?  '*' is any run of characters
 * ('/' included), '?' one character, "[...]" a class: the regex that
 * get_maintainer.pl makes of a pattern, anchored at the start only.
 */
static gboolean glob_prefix(const char *pat, const char *str)
{
	for (; *pat; pat++, str++) {
		if (*pat == '*') {
			for (const char *s = str;; s++) {
				if (glob_prefix(pat + 1, s))
					return TRUE;
				if (!*s)
					return FALSE;
			}
		}
		if (!*str)
			return FALSE;
		if (*pat == '[') {
			const char *end = strchr(pat + 1, ']');
			gboolean neg = pat[1] == '^';
			gboolean hit = FALSE;

			if (!end)
				return FALSE;
			for (const char *c = pat + 1 + neg; c < end; c++)
				hit |= *c == *str;
			if (hit == neg)
				return FALSE;
			pat = end;
		} else if (*pat != '?' && *pat != *str) {
			return FALSE;
		}
	}
	return TRUE;
}

static unsigned slashes(const char *s)
{
	unsigned n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

/*
 * A pattern without a trailing '/' that names a directory is one (the
 * Perl script asks the file system, -d); here: a plain path of which @file
 * lies beneath.
 */
static gboolean names_directory(const char *pat, const char *file)
{
	size_t n = strlen(pat);

	return !strpbrk(pat, "*?[") && !strncmp(file, pat, n) && file[n] == '/';
}

/* Does the F: or X: pattern @pat cover @file? */
static gboolean pattern_covers(const char *pat, const char *file)
{
	size_t n = strlen(pat);

	if (!n || !glob_prefix(pat, file))
		return FALSE;
	return pat[n - 1] == '/' || names_directory(pat, file) ||
	       slashes(file) == slashes(pat);
}

/*
 * get_maintainer.pl's depth of a pattern: its '/'s, plus one unless it
 * ends with '/' (so "net/core/" and "net/core" are 2, "net/core/dev.c"
 * is 3); -1 for a pattern starting with '*' (THE REST).
 */
static int pattern_depth(const char *pat)
{
	if (pat[0] == '*')
		return -1;
	return (int)slashes(pat) + (pat[strlen(pat) - 1] != '/');
}

gboolean sl_maint_section_match(const struct sl_maint_section *section,
				const char *file, int *depth)
{
	gboolean hit = FALSE;

	for (char **x = section->excludes; *x; x++)
		if (pattern_covers(*x, file))
			return FALSE;
	*depth = -1;
	for (char **f = section->files; *f; f++) {
		if (pattern_covers(*f, file)) {
			*depth = hit ? MAX(*depth, pattern_depth(*f))
				     : pattern_depth(*f);
			hit = TRUE;
		}
	}
	/* An N: match counts as exact: the script never drops it by depth. */
	for (guint i = 0; !hit && i < section->regexes->len; i++) {
		if (sl_regex_matches(section->regexes->pdata[i], file, 0)) {
			*depth = (int)slashes(file) + 1;
			hit = TRUE;
		}
	}
	return hit;
}

struct match {
	const struct sl_maint_section *section;
	int depth;
};

static gint deeper_first(gconstpointer a, gconstpointer b)
{
	const struct match *x = a, *y = b;

	return y->depth - x->depth;
}

/*
 * The matches for @files; with @pattern_depth_1 only those at least as
 * deep as the file ("--pattern-depth 1").
 */
static GArray *matches_for(const struct sl_maintainers *m,
			   const char *const *files, gboolean pattern_depth_1)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct match));

	for (guint i = 0; i < m->sections->len; i++) {
		struct match best = { m->sections->pdata[i], -2 };

		for (const char *const *f = files; *f; f++) {
			int depth;

			if (!sl_maint_section_match(best.section, *f, &depth))
				continue;
			if (pattern_depth_1 && (int)slashes(*f) - depth >= 1)
				continue;
			best.depth = MAX(best.depth, depth);
		}
		if (best.depth > -2)
			g_array_append_val(out, best);
	}
	g_array_sort(out, deeper_first);
	return out;
}

static gboolean any_maintainer(GArray *matches)
{
	for (guint i = 0; i < matches->len; i++)
		if (*g_array_index(matches, struct match, i).section->maintainers)
			return TRUE;
	return FALSE;
}

GPtrArray *sl_maintainers_for(const struct sl_maintainers *m,
			      const char *const *files)
{
	g_autoptr(GArray) matches = matches_for(m, files, TRUE);
	GPtrArray *out = g_ptr_array_new();

	if (!any_maintainer(matches)) {
		g_array_unref(matches);
		matches = matches_for(m, files, FALSE);
	}
	for (guint i = 0; i < matches->len; i++)
		g_ptr_array_add(out, (gpointer)g_array_index(matches,
			struct match, i).section);
	return out;
}

gboolean sl_maintainers_is_list(const struct sl_maintainers *m,
				const char *addr)
{
	return g_hash_table_contains(m->lists, addr);
}

gboolean sl_maintainers_is_kernel(const struct sl_maintainers *m)
{
	return m->kernel;
}
