/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MESSAGE_H
#define SECLINT_MESSAGE_H

#include <gmime/gmime.h>

#include "seclint.h"

struct sl_message *sl_message_new(void);
struct sl_message *sl_message_steal(struct sl_message *msg);
gboolean sl_is_recipient_header(const char *name);
gboolean sl_message_digest(struct sl_message *msg, GMimeMessage *gm,
			   GError **error);

/* Hostile input (lint/address.c). */
gboolean sl_address_has_open_comment(const char *value);

/*
 * Reads every message of one input (a single RFC 5322 message, an mbox or
 * git format-patch output) and calls @each for each digested message.
 * Fails closed: empty, binary or header-less input and anything GMime
 * reports as critical is an error naming the reason.
 */
typedef gboolean (*sl_message_fn)(struct sl_message *msg, gpointer data,
				  GError **error);

gboolean sl_input_read(const char *path, const GPtrArray *extra_recipients,
		       gboolean *is_mbox, sl_message_fn each, gpointer data,
		       GError **error);

/* Parses the bytes of one input, as sl_input_read() does for a file. */
gboolean sl_input_parse(const char *bytes, gsize len,
			const GPtrArray *extra_recipients, gboolean *is_mbox,
			sl_message_fn each, gpointer data, GError **error);

#endif
