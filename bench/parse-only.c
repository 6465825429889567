// SPDX-License-Identifier: GPL-2.0-only
/*
 * The floor for bench/run.sh: parse every message of an mbox with GMime,
 * as seclint does, and free it, doing nothing else.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>

#include "gmime-extra.h"

static unsigned parse_all(GMimeStream *stream)
{
	g_autoptr(GMimeParser) parser = g_mime_parser_new_with_stream(stream);
	unsigned n = 0;

	g_mime_parser_set_format(parser, GMIME_FORMAT_MBOX);
	while (!g_mime_parser_eos(parser)) {
		g_autoptr(GMimeParserOptions) opts = g_mime_parser_options_new();
		g_autoptr(GMimeMessage) gm =
			g_mime_parser_construct_message(parser, opts);

		if (!gm)
			break;
		n++;
	}
	return n;
}

int main(int argc, char **argv)
{
	int fd;
	unsigned n;

	if (argc != 2) {
		fprintf(stderr, "usage: parse-only MBOX\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	g_mime_init();
	{
		g_autoptr(GMimeStream) stream = g_mime_stream_fs_new(fd);

		n = parse_all(stream);
	}
	g_mime_shutdown();
	printf("%u messages\n", n);
	return 0;
}
