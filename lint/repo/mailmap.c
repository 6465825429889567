// SPDX-License-Identifier: GPL-2.0-only
/*
 * A .mailmap read as libgit2 1.5 reads it (git_mailmap_from_buffer()),
 * for the one question seclint asks: the address an address maps to,
 * with no name (git_mailmap_resolve(mm, "", addr)).  That is answered by
 * the entries without a commit name ("Proper Name <commit@email>",
 * "<proper@email> <commit@email>", "Proper Name <proper@email>
 * <commit@email>"), the email compared byte for byte, a later line
 * replacing an earlier one.  As libgit2 reads a line: blanks skipped,
 * '#' ends it anywhere (a name or an email holding one makes the line
 * void), a name is trimmed at its end, an email is kept as is, anything
 * but blanks or a comment after the last '>' voids the line; a line with
 * an empty commit email ("<>") stops the reading there (libgit2's
 * assertion fails and it keeps what it had); a NUL voids the file.
 * SECLINT_CHECK_GIT=1 and tests/test_repo.c compare it with libgit2.
 */
#include <string.h>

#include "mailmap.h"

struct sl_mailmap {
	GHashTable *by_email;	/* commit email -> proper email or "" */
};

struct sl_mailmap *sl_mailmap_new(void)
{
	struct sl_mailmap *mm = g_new0(struct sl_mailmap, 1);

	mm->by_email = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					     g_free);
	return mm;
}

void sl_mailmap_free(struct sl_mailmap *mm)
{
	if (!mm)
		return;
	g_hash_table_unref(mm->by_email);
	g_free(mm);
}

/* git__isspace() */
static gboolean space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

/* Only blanks, or a comment, up to the end of the line. */
static gboolean at_eol(const char *p, const char *end)
{
	while (p < end && space(*p))
		p++;
	return p == end || *p == '#';
}

/* Up to @needle, which must come before a '#' and the end: the part
 * before it in [*start, *len), *p past it. */
static gboolean until(const char **p, const char *end, char needle,
		      const char **start, size_t *len)
{
	*start = *p;
	while (*p < end && **p != '#' && **p != needle)
		(*p)++;
	if (*p == end || **p == '#')
		return FALSE;
	*len = (size_t)(*p - *start);
	(*p)++;
	return TRUE;
}

static size_t rtrim(const char *s, size_t n)
{
	while (n && space(s[n - 1]))
		n--;
	return n;
}

/* One line [p, end), its '\n' included; FALSE: stop reading. */
static gboolean add_line(struct sl_mailmap *mm, const char *p, const char *end)
{
	const char *name, *email, *proper = NULL, *other;
	size_t name_len, email_len, proper_len = 0, other_len = 0;

	while (p < end && *p != '\n' && space(*p))
		p++;
	if (at_eol(p, end) || !until(&p, end, '<', &name, &name_len) ||
	    !until(&p, end, '>', &email, &email_len))
		return TRUE;
	(void)name;
	if (!at_eol(p, end)) {
		proper = email;
		proper_len = email_len;
		while (p < end && *p != '\n' && space(*p))
			p++;
		if (!until(&p, end, '<', &other, &other_len) ||
		    !until(&p, end, '>', &email, &email_len))
			return TRUE;
		other_len = rtrim(other, other_len);
	}
	if (!at_eol(p, end))
		return TRUE;
	if (!email_len)
		return FALSE;
	/* An entry with a commit name is never the answer. */
	if (!other_len)
		g_hash_table_insert(mm->by_email, g_strndup(email, email_len),
				    proper ? g_strndup(proper, proper_len)
					   : g_strdup(""));
	return TRUE;
}

void sl_mailmap_add_buffer(struct sl_mailmap *mm, const char *text, gsize len)
{
	const char *stop = text + len;

	if (memchr(text, '\0', len))
		return;
	for (const char *p = text; p < stop;) {
		const char *nl = memchr(p, '\n', stop - p);
		const char *end = nl ? nl + 1 : stop;

		if (!add_line(mm, p, end))
			return;
		p = end;
	}
}

const char *sl_mailmap_email(const struct sl_mailmap *mm, const char *email)
{
	const char *proper = g_hash_table_lookup(mm->by_email, email);

	return proper && *proper ? proper : email;
}
