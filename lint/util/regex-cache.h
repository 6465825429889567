/* SPDX-License-Identifier: GPL-2.0-only */
/* (Not "regex.h", which would hide the C library's <regex.h>.) */
#ifndef SECLINT_REGEX_CACHE_H
#define SECLINT_REGEX_CACHE_H

#include <glib.h>

/*
 * Cached compiled regular expressions (lint/util/regex.c): use these, not
 * g_regex_new() or g_regex_match_simple(), which compile on every call.
 * sl_regex() borrows (valid for the process's life, shared by all threads);
 * sl_regex_new() returns a new reference.
 */
GRegex *sl_regex(const char *pattern, GRegexCompileFlags cflags,
		 GRegexMatchFlags mflags, GError **error);
GRegex *sl_regex_new(const char *pattern, GRegexCompileFlags cflags,
		     GRegexMatchFlags mflags, GError **error);
gboolean sl_regex_match_simple(const char *pattern, const char *string,
			       GRegexCompileFlags cflags,
			       GRegexMatchFlags mflags);
/* sl_regex() of a fixed pattern, asserted valid; and two shorthands. */
GRegex *sl_regex_cached(const char *pattern, GRegexCompileFlags flags);
gboolean sl_regex_test(const char *pattern, GRegexCompileFlags flags,
		       const char *text);
unsigned sl_regex_count(const char *pattern, GRegexCompileFlags flags,
			const char *text);

#endif
