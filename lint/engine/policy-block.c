// SPDX-License-Identifier: GPL-2.0-only
/*
 * The policy as one block, for the cache (lint/engine/policy.c reads and
 * writes it through the cache of lint/engine/profile-table.c, which checks
 * the file around it).  Every number 32-bit little-endian:
 *	n_words, table_len, strings_len
 *	words[n_words]:
 *	  n_lists, then each: id, name, subject-tag (or NONE), flags
 *	    (public 1, closed 2), n_addresses, addresses, n_roles, roles
 *	  n_severities, then each: rule id, severity
 *	  n_patterns, patterns; n_agents, agents ([ai-agents])
 *	  n_addresses, addresses (of the [mailing-lists] files, sorted)
 *	table: policy.conf as a profile table (its [role ID] values),
 *	  table_len bytes, then zeros to a multiple of 4
 *	strings: strings_len bytes, each string NUL-terminated
 * Read back, every count is checked against the words left, every
 * offset against the strings (which end with a NUL), every string is
 * valid UTF-8 (as GKeyFile reads text), every severity one of the levels
 * and every rule id a rule's, and the table is checked as profile-table.c
 * checks one.
 */
#include <string.h>

#include "policy-block.h"
#include "policy.h"
#include "profile-table.h"
#include "registry.h"
#include "rule.h"
#include "severity.h"

#define NONE 0xffffffffu

struct block_writer {
	GByteArray *words;
	GString *strings;
};

static void put_word(struct block_writer *w, guint32 v)
{
	v = GUINT32_TO_LE(v);
	g_byte_array_append(w->words, (const guint8 *)&v, 4);
}

static void put_string(struct block_writer *w, const char *s)
{
	if (!s) {
		put_word(w, NONE);
		return;
	}
	put_word(w, (guint32)w->strings->len);
	g_string_append_len(w->strings, s, (gssize)strlen(s) + 1);
}

static void put_strv(struct block_writer *w, char **v)
{
	put_word(w, v ? g_strv_length(v) : 0);
	for (char **p = v; p && *p; p++)
		put_string(w, *p);
}

GBytes *sl_policy_block(const struct sl_policy *policy)
{
	g_autoptr(GByteArray) words = g_byte_array_new();
	g_autoptr(GString) strings = g_string_new(NULL);
	struct block_writer w = { words, strings };
	struct sl_profile_table *table = sl_profile_table_new(policy->keys);
	GBytes *tb = sl_profile_table_bytes(table);
	gsize table_len = g_bytes_get_size(tb);
	static const guint8 zeros[4];
	GByteArray *out;
	GHashTableIter it;
	gpointer id, sev;

	if (!sl_profile_table_exact(table)) {
		sl_profile_table_free(table);
		return NULL;
	}
	put_word(&w, policy->lists->len);
	for (guint i = 0; i < policy->lists->len; i++) {
		const struct sl_list *l = policy->lists->pdata[i];

		put_string(&w, l->id);
		put_string(&w, l->name);
		put_string(&w, l->subject_tag);
		put_word(&w, (l->public ? 1u : 0u) | (l->closed ? 2u : 0u));
		put_strv(&w, l->addresses);
		put_strv(&w, l->roles);
	}
	put_word(&w, g_hash_table_size(policy->severity));
	g_hash_table_iter_init(&it, policy->severity);
	while (g_hash_table_iter_next(&it, &id, &sev)) {
		put_string(&w, id);
		put_word(&w, (guint32)GPOINTER_TO_INT(sev) - 1);
	}
	put_strv(&w, policy->list_patterns);
	put_strv(&w, policy->agent_patterns);
	put_word(&w, policy->list_addresses->len);
	for (guint i = 0; i < policy->list_addresses->len; i++)
		put_string(&w, policy->list_addresses->pdata[i]);
	if (!strings->len)
		g_string_append_c(strings, '\0');
	out = g_byte_array_new();
	{
		struct block_writer head = { out, NULL };

		put_word(&head, words->len / 4);
		put_word(&head, (guint32)table_len);
		put_word(&head, (guint32)strings->len);
	}
	g_byte_array_append(out, words->data, words->len);
	g_byte_array_append(out, g_bytes_get_data(tb, NULL), (guint)table_len);
	g_byte_array_append(out, zeros, (guint)((4 - table_len % 4) % 4));
	g_byte_array_append(out, (const guint8 *)strings->str,
			    (guint)strings->len);
	sl_profile_table_free(table);
	return g_byte_array_free_to_bytes(out);
}

struct block_reader {
	const guint8 *words;
	guint32 n, at;
	const char *strings;
	guint32 strings_len;
	gboolean bad;
};

static guint32 le32(const guint8 *p)
{
	guint32 v;

	memcpy(&v, p, 4);
	return GUINT32_FROM_LE(v);
}

static guint32 get_word(struct block_reader *r)
{
	if (r->at >= r->n) {
		r->bad = TRUE;
		return 0;
	}
	return le32(r->words + 4 * (gsize)r->at++);
}

/* A count of things at least @size words each, that many left. */
static guint32 get_count(struct block_reader *r, guint32 size)
{
	guint32 n = get_word(r);

	if (n > (r->n - r->at) / size) {
		r->bad = TRUE;
		return 0;
	}
	return n;
}

static const char *get_string(struct block_reader *r, gboolean or_none)
{
	guint32 off = get_word(r);

	if (off == NONE && or_none)
		return NULL;
	/* The area is valid UTF-8 (strings_valid()): so is a string of it
	 * that starts on a character. */
	if (off >= r->strings_len ||
	    ((guchar)r->strings[off] & 0xc0) == 0x80) {
		r->bad = TRUE;
		return "";
	}
	return r->strings + off;
}

/*
 * Is every string of the @len bytes at @s (each ending with a NUL) valid
 * UTF-8, as GKeyFile reads text?  Mostly ASCII: only a string with a byte
 * over 0x7f is asked of g_utf8_validate().
 */
static gboolean strings_valid(const char *s, gsize len)
{
	const char *end = s + len;

	while (s < end) {
		gsize n = strlen(s);
		guchar high = 0;

		for (gsize i = 0; i < n; i++)
			high |= (guchar)s[i];
		if ((high & 0x80) && !g_utf8_validate(s, (gssize)n, NULL))
			return FALSE;
		s += n + 1;
	}
	return TRUE;
}

static char **get_strv(struct block_reader *r)
{
	guint32 n = get_count(r, 1);
	char **v = g_new0(char *, n + 1);

	for (guint32 i = 0; i < n; i++)
		v[i] = g_strdup(get_string(r, FALSE));
	return v;
}

gboolean sl_policy_unblock(struct sl_policy *policy, GBytes *block)
{
	gsize len;
	const guint8 *p = g_bytes_get_data(block, &len);
	struct block_reader r = { NULL, 0, 0, NULL, 0, FALSE };
	guint64 words_len, table_len, table_pad;
	g_autoptr(GBytes) table = NULL;
	guint32 n;
	char *buffer;

	if (len < 12)
		return FALSE;
	r.words = p + 12;
	r.n = le32(p);
	table_len = le32(p + 4);
	r.strings_len = le32(p + 8);
	words_len = 4 * (guint64)r.n;
	table_pad = (table_len + 3) & ~(guint64)3;
	if (12 + words_len + table_pad + r.strings_len != len ||
	    !r.strings_len)
		return FALSE;
	/* The strings are copied once, and the addresses of the files
	 * point into the copy, as they point into the files read. */
	buffer = g_memdup2(p + 12 + words_len + table_pad, r.strings_len);
	g_ptr_array_add(policy->list_buffers =
				g_ptr_array_new_with_free_func(g_free),
			buffer);
	r.strings = buffer;
	if (r.strings[r.strings_len - 1] ||
	    !strings_valid(r.strings, r.strings_len))
		return FALSE;
	table = g_bytes_new_from_bytes(block, 12 + words_len, table_len);
	policy->key_table = sl_profile_table_from_bytes(table);
	if (!policy->key_table)
		return FALSE;
	n = get_count(&r, 6);
	for (guint32 i = 0; i < n && !r.bad; i++) {
		struct sl_list *l = g_new0(struct sl_list, 1);
		guint32 flags;

		g_ptr_array_add(policy->lists, l);
		l->id = g_strdup(get_string(&r, FALSE));
		l->name = g_strdup(get_string(&r, FALSE));
		l->subject_tag = g_strdup(get_string(&r, TRUE));
		flags = get_word(&r);
		l->public = (flags & 1) != 0;
		l->closed = (flags & 2) != 0;
		l->addresses = get_strv(&r);
		l->roles = get_strv(&r);
		if (flags > 3 || (l->public && l->closed))
			r.bad = TRUE;
	}
	n = get_count(&r, 2);
	for (guint32 i = 0; i < n && !r.bad; i++) {
		const char *id = get_string(&r, FALSE);
		guint32 sev = get_word(&r);

		if (sev > SL_SEV_ERROR || !sl_rule_find(id))
			r.bad = TRUE;
		else
			g_hash_table_insert(policy->severity, g_strdup(id),
					    GINT_TO_POINTER((int)sev + 1));
	}
	policy->list_patterns = get_strv(&r);
	policy->agent_patterns = get_strv(&r);
	n = get_count(&r, 1);
	policy->list_addresses = g_ptr_array_sized_new(n);
	for (guint32 i = 0; i < n && !r.bad; i++)
		g_ptr_array_add(policy->list_addresses,
				(char *)get_string(&r, FALSE));
	return !r.bad && r.at == r.n;
}

static gboolean same_strv(char **a, char **b)
{
	return g_strv_equal((const char *const *)(a ? a : (char *[]){ NULL }),
			    (const char *const *)(b ? b : (char *[]){ NULL }));
}

static gboolean same_list(const struct sl_list *a, const struct sl_list *b)
{
	return !strcmp(a->id, b->id) && !strcmp(a->name, b->name) &&
	       !g_strcmp0(a->subject_tag, b->subject_tag) &&
	       a->public == b->public && a->closed == b->closed &&
	       same_strv(a->addresses, b->addresses) &&
	       same_strv(a->roles, b->roles);
}

/* The policy.conf values of @p as a table, where it has none (NULL). */
static struct sl_profile_table *keys_of(const struct sl_policy *p)
{
	return p->keys ? sl_profile_table_new(p->keys) : NULL;
}

gboolean sl_policy_same(const struct sl_policy *a, const struct sl_policy *b)
{
	GHashTableIter it;
	gpointer id, sev;
	struct sl_profile_table *ka = keys_of(a), *kb = keys_of(b);
	gboolean same;

	same = !strcmp(a->path, b->path) && a->lists->len == b->lists->len &&
	       g_hash_table_size(a->severity) ==
		       g_hash_table_size(b->severity) &&
	       same_strv(a->list_patterns, b->list_patterns) &&
	       same_strv(a->agent_patterns, b->agent_patterns) &&
	       a->list_addresses->len == b->list_addresses->len &&
	       a->list_specs->len == b->list_specs->len &&
	       a->agent_specs->len == b->agent_specs->len &&
	       g_hash_table_size(a->list_by_address) ==
		       g_hash_table_size(b->list_by_address);
	for (guint i = 0; same && i < a->lists->len; i++)
		same = same_list(a->lists->pdata[i], b->lists->pdata[i]);
	for (guint i = 0; same && i < a->list_addresses->len; i++)
		same = !strcmp(a->list_addresses->pdata[i],
			       b->list_addresses->pdata[i]);
	g_hash_table_iter_init(&it, a->severity);
	while (same && g_hash_table_iter_next(&it, &id, &sev))
		same = g_hash_table_lookup(b->severity, id) == sev;
	if (same)
		same = sl_profile_table_equal(ka ? ka : a->key_table,
					      kb ? kb : b->key_table);
	sl_profile_table_free(ka);
	sl_profile_table_free(kb);
	return same;
}

