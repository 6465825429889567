// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: one input is the decoded content of an attachment.
 * It is read as every archive format lint/mail/archive-list.c opens, as
 * the digest would if the input started like one, with a message's
 * budget, whole and cut short; what the rules ask of it is asked too.
 */
#include <stdint.h>

#include "archive-list.h"
#include "filetype.h"
#include "message.h"

static void read_as(const char *format, const guint8 *data, size_t size,
		    gboolean complete)
{
	struct sl_archive_budget budget = { SL_ARCHIVE_MAX_UNPACKED,
					    SL_ARCHIVE_MAX_MEMBERS };
	struct sl_part part = { .type = (char *)"application/octet-stream",
				.leaf = TRUE };
	struct sl_filetype v;

	part.head = g_bytes_new(data, MIN(size, 4096));
	part.archive = sl_archive_read(format, "poc.tar.gz", data, size,
				       complete, &budget);
	v = sl_filetype_of_part(&part);
	(void)v;
	(void)sl_filetype_archive_source(&part);
	sl_archive_free(part.archive);
	g_bytes_unref(part.head);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *format = sl_archive_sniff(data, size);

	read_as("zip", data, size, TRUE);
	read_as("gzip", data, size, TRUE);
	read_as("tar", data, size, TRUE);
	if (format)
		read_as(format, data, size, size % 2);
	return 0;
}
