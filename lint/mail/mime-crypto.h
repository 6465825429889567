/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MIME_CRYPTO_H
#define SECLINT_MIME_CRYPTO_H

#include <gmime/gmime.h>

#include "message.h"

/* The crypto side of the digest (lint/mail/mime-crypto.c). */
/* Up to @limit + 1 bytes of @part's decoded content (never the whole of
 * a large part); never NULL data. */
GByteArray *sl_mime_read_prefix(GMimePart *part, gsize limit);
/*
 * Content with no transfer encoding, parsed from memory (every message is:
 * lint/mail/input.c), is a window on the input's bytes: *@data and *@len
 * are that window, without a stream filter and 4 KiB copies in between.
 * FALSE if it is not such a window.
 */
gboolean sl_mime_window(GMimeDataWrapper *content, const char **data,
			gsize *len);
/*
 * The same for content in base64 or quoted-printable too: *@data and
 * *@len are its window, still encoded, and @state is set to decode it
 * with sl_mime_decode_step() (GMime's decoder, which its basic filter
 * steps).  FALSE if it is not such a window or uuencoded.
 */
gboolean sl_mime_coded_window(GMimeDataWrapper *content,
			      GMimeEncoding *state, const char **data,
			      gsize *len);
/* The room sl_mime_decode_step() needs for @len bytes. */
gsize sl_mime_decode_room(GMimeEncoding *state, gsize len);
/* Decodes the @len bytes at @in, the content's last ones if @last, into
 * @out (room for sl_mime_decode_room() bytes): how many it wrote. */
gsize sl_mime_decode_step(GMimeEncoding *state, const char *in, gsize len,
			  gboolean last, char *out);
enum sl_crypto_kind sl_mime_crypto_kind(GMimeObject *parent, int index,
					GMimeObject *child);
enum sl_armor sl_mime_armor(GMimeObject *obj);

#endif
