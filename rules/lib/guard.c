// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guards: cheap tests a pattern's every match passes, so that the
 * pattern runs only on texts that may match it (rules/lib/guard.h).  A
 * rule that tries a pattern on each of 40 000 lines paid PCRE2's setup
 * on each, and a pattern with a "^" branch among others has no start set
 * for PCRE2 (it is tried at every byte): most of the work found nothing.
 * A guard is byte tests and string searches; it must never turn away a
 * text the pattern matches, which SECLINT_CHECK_GUARDS=1 checks.
 */
#include <string.h>

#include "env-flag.h"
#include "guard.h"
#include "regex-cache.h"

/* ASCII white space, all of which \s matches. */
static const char ascii_space[] = " \t\n\v\f\r";

/* Does @p start with @needle as (?i) matches it under UCP: ASCII letters
 * in either case, "k" also as U+212A (the Kelvin sign), "s" as U+017F
 * (the long s)?  strncmp() stops at the text's end. */
static gboolean starts_caseless(const char *p, const char *needle)
{
	for (; *needle; needle++) {
		char n = g_ascii_tolower(*needle);

		if (*p && g_ascii_tolower(*p) == n)
			p++;
		else if (n == 'k' && !strncmp(p, "\xe2\x84\xaa", 3))
			p += 3;
		else if (n == 's' && !strncmp(p, "\xc5\xbf", 2))
			p += 2;
		else
			return FALSE;
	}
	return TRUE;
}

/* The slow way, byte by byte: for a text with a Kelvin sign or long s. */
static gboolean has_caseless_slowly(const char *text,
				    const char *const *needles)
{
	gboolean start[256] = { FALSE };

	for (const char *const *n = needles; *n; n++) {
		guchar c = (guchar)g_ascii_tolower(**n);

		start[c] = start[(guchar)g_ascii_toupper(c)] = TRUE;
		if (c == 'k')
			start[0xe2] = TRUE;
		if (c == 's')
			start[0xc5] = TRUE;
	}
	for (const char *p = text; *p; p++) {
		if (!start[(guchar)*p])
			continue;
		for (const char *const *n = needles; *n; n++)
			if (starts_caseless(p, *n))
				return TRUE;
	}
	return FALSE;
}

/* Needles longer than this are searched for the slow way. */
#define NEEDLE_MAX 64

gboolean sl_text_has_caseless(const char *text, const char *const *needles)
{
	char small[4096];
	g_autofree char *large = NULL;
	size_t len;
	char *low;

	for (const char *const *n = needles; *n; n++)
		if (!**n)
			return TRUE;	/* "" is in every text */
		else if (strlen(*n) >= NEEDLE_MAX)
			return has_caseless_slowly(text, needles);
	/* Mail has no Kelvin sign nor long s: then the text in lower case
	 * holds a needle in lower case where the text holds it in any. */
	if (strstr(text, "\xe2\x84\xaa") || strstr(text, "\xc5\xbf"))
		return has_caseless_slowly(text, needles);
	len = strlen(text);
	low = len < sizeof(small) ? small : (large = g_malloc(len + 1));
	for (size_t i = 0; i <= len; i++)
		low[i] = g_ascii_tolower(text[i]);
	for (const char *const *n = needles; *n; n++) {
		char needle[NEEDLE_MAX];
		size_t i;

		for (i = 0; (*n)[i]; i++)
			needle[i] = g_ascii_tolower((*n)[i]);
		needle[i] = '\0';
		if (strstr(low, needle))
			return TRUE;
	}
	return FALSE;
}

static gboolean has_any(const char *text, const char *const *needles)
{
	for (; *needles; needles++)
		if (strstr(text, *needles))
			return TRUE;
	return FALSE;
}

static gboolean starts_right(const struct sl_guard *g, const char *text)
{
	const char *p = text;

	if (g->space) {
		p += strspn(p, ascii_space);
		if ((guchar)*p >= 0x80)
			return TRUE;	/* perhaps a Unicode space */
	}
	return *p && strchr(g->first, *p);
}

gboolean sl_guard_passes(const struct sl_guard *g, const char *text)
{
	if (!g->first && !g->bytes && !g->has && !g->may)
		return TRUE;
	return (g->first && starts_right(g, text)) ||
	       (g->bytes && text[strcspn(text, g->bytes)]) ||
	       (g->has && (g->caseless ? sl_text_has_caseless(text, g->has)
				       : has_any(text, g->has))) ||
	       (g->may && g->may(text));
}

static gboolean checking(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_GUARDS", "1");
}

gboolean sl_guard_admits(const char *pattern, GRegexCompileFlags flags,
			 const struct sl_guard *g, const char *text)
{
	if (sl_guard_passes(g, text))
		return TRUE;
	if (checking() && sl_regex_test(pattern, flags, text))
		g_error("seclint: a guard turned away a match of '%s' in '%s'",
			pattern, text);
	return FALSE;
}

gboolean sl_guarded_test(const char *pattern, GRegexCompileFlags flags,
			 const struct sl_guard *g, const char *text)
{
	return sl_guard_admits(pattern, flags, g, text) &&
	       sl_regex_test(pattern, flags, text);
}

unsigned sl_guarded_count(const char *pattern, GRegexCompileFlags flags,
			  const struct sl_guard *g, const char *text)
{
	return sl_guard_admits(pattern, flags, g, text)
		       ? sl_regex_count(pattern, flags, text) : 0;
}
