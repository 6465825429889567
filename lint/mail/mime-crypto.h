/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MIME_CRYPTO_H
#define SECLINT_MIME_CRYPTO_H

#include <gmime/gmime.h>

#include "message.h"

/* The crypto side of the digest (lint/mail/mime-crypto.c). */
/* Up to @limit + 1 bytes of @part's decoded content, read as a stream
 * (never the whole of a large part); never NULL data. */
GByteArray *sl_mime_read_prefix(GMimePart *part, gsize limit);
/*
 * Content with no transfer encoding, parsed from memory (every message is:
 * lint/mail/input.c), is a window on the input's bytes: *@data and *@len
 * are that window, without a stream filter and 4 KiB copies in between.
 * FALSE if it is not such a window.
 */
gboolean sl_mime_window(GMimeDataWrapper *content, const char **data,
			gsize *len);
enum sl_crypto_kind sl_mime_crypto_kind(GMimeObject *parent, int index,
					GMimeObject *child);
enum sl_armor sl_mime_armor(GMimeObject *obj);

#endif
