/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_TEXT_STREAM_H
#define SECLINT_TEXT_STREAM_H

#include <gmime/gmime.h>

/* A stream that appends what is written to it to @out (lint/mail/text-stream.c). */
GMimeStream *sl_text_stream_new(GString *out);

#endif
