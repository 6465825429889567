/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MAILMAP_H
#define SECLINT_MAILMAP_H

#include <glib.h>

/* A mailmap read as libgit2 reads it, for name-less lookups only. */
struct sl_mailmap;

struct sl_mailmap *sl_mailmap_new(void);
void sl_mailmap_free(struct sl_mailmap *mm);
/* git_mailmap_from_buffer()'s reading of @text, added to @mm. */
void sl_mailmap_add_buffer(struct sl_mailmap *mm, const char *text, gsize len);
/* What git_mailmap_resolve(mm, "", @email) gives as the email. */
const char *sl_mailmap_email(const struct sl_mailmap *mm, const char *email);

#endif
