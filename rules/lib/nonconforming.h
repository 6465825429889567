/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_NONCONFORMING_H
#define SECLINT_NONCONFORMING_H

#include <glib.h>

#include "facts.h"
#include "rule.h"

/*
 * The threat model's devices and media that break their specification
 * (threat-model.rst, "Non-conforming devices and media" since 2026-08;
 * crafted images and fake devices were out of scope before, under other
 * headings), as a report claims its bug needs one (rules/lib/nonconforming.c).
 * Two rules ask: threat-model-out-of-scope, which says such a bug is a
 * regular one, and private-with-public-list, which must then not ask for
 * the public lists to go.
 */
enum sl_nonconforming {
	SL_NONCONFORMING_NONE,
	SL_NONCONFORMING_IMAGE,		/* a crafted file-system image */
	SL_NONCONFORMING_DEVICE,	/* a fake or emulated device */
	SL_NONCONFORMING_VALUES,	/* values outside a device's range */
};

/*
 * What the message's Subject and own prose (the sender's words, not
 * negated) say the bug needs, the words in *@said (free them), or
 * SL_NONCONFORMING_NONE; @values: a device reporting values outside its
 * documented range counts (the 2026-08 text names it).
 */
enum sl_nonconforming sl_check_nonconforming(struct sl_check *check,
					     gboolean values, char **said);
/* Where the claims are read: the Subject, "\n" and the own prose, with
 * single line breaks made spaces ("requires\nCAP_SYS_ADMIN" is one
 * claim); made once per message. */
const char *sl_facts_claims_text(struct sl_facts *facts);
/* The kind in a few words: "a crafted file-system image mounted". */
const char *sl_nonconforming_what(enum sl_nonconforming kind);

#endif
