/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_FD_WRITE_H
#define SECLINT_FD_WRITE_H

#include <glib.h>

/*
 * Writes all @len bytes at @data to @fd, again after a signal or a short
 * write (lint/util/fd-write.c); FALSE with errno set if a write fails
 * (ENOSPC if one writes nothing).
 */
gboolean sl_write_all(int fd, const void *data, gsize len);

#endif
