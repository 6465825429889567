/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_LOCATION_H
#define SECLINT_LOCATION_H

#include <glib.h>

#include "message.h"

/* Where a finding points: @text, what it says, in; its line and column in
 * the input (1-based; 0: unknown) out. */
struct sl_location {
	const char *text;
	unsigned line, column;
};

/* Locations (lint/mail/location.c): sets @f's line and column from @where and
 * @excerpt (or, without one, the address that @f's text names). */
void sl_locate(const struct sl_message *msg, const char *where,
	       const char *excerpt, struct sl_location *f);

/* Sets the line and column of the addresses @list got from @header, from
 * index @from on (lint/mail/location.c). */
void sl_locate_addresses(GPtrArray *list, guint from,
			 const struct sl_header_at *header);

#endif
