// SPDX-License-Identifier: GPL-2.0-only
/*
 * A whole buffer to a file descriptor: the caches, the send-email run's
 * record and the message piped to the real sendmail are written this way.
 */
#include <errno.h>
#include <unistd.h>

#include "fd-write.h"

gboolean sl_write_all(int fd, const void *data, gsize len)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return FALSE;
		if (n == 0) {
			errno = ENOSPC;
			return FALSE;
		}
		p += n;
		len -= (gsize)n;
	}
	return TRUE;
}
