// SPDX-License-Identifier: GPL-2.0-only
/*
 * Prints what lint/mail/perladdr.c makes of each line of stdin, in the form
 * tests/perladdr.sh has Perl print, to compare the two.
 * usage: test_perladdr parse|plain|comma-keep|space-nokeep <lines
 * "plain" prints the addr-specs sl_perl_address_plain() reads, or "-" for
 * a line of another shape; "\n" in its lines is a line end (a folded
 * header's).
 */
#include <stdio.h>
#include <string.h>

#include "perladdr.h"

static void print_spec(const char *spec, gsize len, gpointer data)
{
	guint *n = data;

	printf("%s%.*s", (*n)++ ? " | " : "", (int)len, spec);
}

int main(int argc, char **argv)
{
	char line[4096];

	if (argc != 2)
		return 2;
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strcmp(argv[1], "plain")) {
			guint n = 0;
			char *nl;

			while ((nl = strstr(line, "\\n"))) {
				*nl = '\n';
				memmove(nl + 1, nl + 2, strlen(nl + 2) + 1);
			}
			if (!sl_perl_address_plain(line, print_spec, &n))
				printf("-");
		} else if (!strcmp(argv[1], "parse")) {
			g_autoptr(GPtrArray) a = sl_perl_address_parse(line,
								       NULL);

			for (guint i = 0; a && i < a->len; i++) {
				struct sl_perl_addr *p = a->pdata[i];

				printf("%s%s [%s]", i ? " | " : "",
				       p->formatted, p->address);
			}
		} else {
			gboolean comma = !strcmp(argv[1], "comma-keep");
			g_autoptr(GPtrArray) w = sl_perl_quotewords(line, comma,
								    comma);

			if (!w || !w->len)
				printf("()");
			for (guint i = 0; w && i < w->len; i++)
				if (w->pdata[i])
					printf("%s<%s>", i ? " | " : "",
					       (char *)w->pdata[i]);
				else
					printf("%sundef", i ? " | " : "");
		}
		printf("\n");
	}
	return 0;
}
