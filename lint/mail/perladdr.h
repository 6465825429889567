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
 * Text::ParseWords::quotewords('\s*,\s*' if @comma, else '\s+', @keep,
 * @line); NULL where Perl returns the empty list (an unbalanced quote).
 * A NULL word is Perl's undef (after a trailing delimiter).
 */
GPtrArray *sl_perl_quotewords(const char *line, gboolean comma, gboolean keep);

#endif
