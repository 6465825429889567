/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_PERLADDR_H
#define SECLINT_PERLADDR_H

#include <glib.h>

/* One address as Mail::Address->parse gives it to git send-email. */
struct sl_perl_addr {
	char *formatted;	/* ->format: what git looks aliases up by */
	char *address;		/* ->address: the envelope recipient */
	char *phrase;		/* display name, "" if none */
};

/* Mail::Address->parse(@line); NULL + error where it croaks. */
GPtrArray *sl_perl_address_parse(const char *line, GError **error);

/*
 * The addresses of a @line of the plain shape, without the parser: each
 * ','-separated piece "local@domain" or "words <local@domain>", ASCII,
 * with no comment, group, escape or ';'; a word of the name is a run of
 * atext without '.' (an encoded word is one) or a quoted string without
 * a backslash ("Last, First").  Mail::Address->parse reads one address a
 * piece there, its
 * ->address the piece's addr-spec (tests/perladdr.sh compares them).
 * Calls @each with each addr-spec (not NUL-terminated: @len bytes) and
 * returns TRUE; FALSE, without a call, for a line of any other shape.
 */
gboolean sl_perl_address_plain(const char *line,
			       void (*each)(const char *spec, gsize len,
					    gpointer data),
			       gpointer data);

/*
 * Text::ParseWords::quotewords('\s*,\s*' if @comma, else '\s+', @keep,
 * @line); NULL where Perl returns the empty list (an unbalanced quote).
 * A NULL word is Perl's undef (after a trailing delimiter).
 */
GPtrArray *sl_perl_quotewords(const char *line, gboolean comma, gboolean keep);

#endif
