/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MIME_CRYPTO_H
#define SECLINT_MIME_CRYPTO_H

#include <gmime/gmime.h>

#include "message.h"

/* The crypto side of the digest (lint/mail/mime-crypto.c). */
/* Up to @limit + 1 bytes of @part's decoded content, read as a stream
 * (never the whole of a large part); never NULL data. */
GByteArray *sl_mime_read_prefix(GMimePart *part, gsize limit);
enum sl_crypto_kind sl_mime_crypto_kind(GMimeObject *parent, int index,
					GMimeObject *child);
enum sl_armor sl_mime_armor(GMimeObject *obj);

#endif
