/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_ADDRESS_H
#define SECLINT_ADDRESS_H

#include <glib.h>

/* One recipient: the normalised addr-spec and the header it came from. */
struct sl_address {
	char *addr;		/* lower case, one trailing dot stripped */
	char *display;		/* decoded display name, or NULL */
	const char *header;	/* "To", "Cc", "Bcc", "Resent-To", ... */
	unsigned line, column;	/* in the input, 1-based; 0: unknown */
	gboolean packed;	/* addr and display are in the struct's own
				 * block (a digest's, lint/mail/address.c),
				 * not allocations of their own */
};

/* Address helpers (lint/mail/address.c). */
char *sl_address_normalise(const char *addr_spec);
/* @addr_spec is its own sl_address_normalise(). */
gboolean sl_address_is_normal(const char *addr_spec);
GPtrArray *sl_address_list_new(void);	/* of struct sl_address */
gboolean sl_address_add_header(GPtrArray *recipients, const char *header,
			       const char *value, GError **error);
/*
 * The same as far as the first address it adds goes, and its answer: the
 * clients' split (lint/mail/perladdr.c), which only appends, is read only
 * when GMime's reading adds no address.  For a sender, whose first
 * address is the one that counts (the thread scan's From).
 */
gboolean sl_address_add_first(GPtrArray *recipients, const char *header,
			      const char *value, GError **error);
/*
 * The same as sl_address_add_header(), with @read (or NULL) GMime's own reading of @value: the list
 * g_mime_message_get_addresses() gives for a header that is the only one
 * of its name in a message GMime's parser built, which read it as it
 * appended the header (GMime 3.2, gmime-message.c, process_header()).
 * It is used instead of a second parse when it cannot differ from one.
 */
struct _InternetAddressList;
gboolean sl_address_add_reading(GPtrArray *recipients, const char *header,
				const char *value,
				struct _InternetAddressList *read,
				GError **error);
/* Hostile input (lint/mail/address.c). */
gboolean sl_address_has_open_comment(const char *value);

#endif
