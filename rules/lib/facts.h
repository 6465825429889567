/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_FACTS_H
#define SECLINT_FACTS_H

#include <glib.h>

#include "message.h"
#include "rule.h"

/* Room for the facts of one message: each module that derives one takes
 * a slot or two (sl_facts_slot() aborts when they run out).  18 keys
 * are in use; a slot costs 32 bytes on the stack of a message's pass. */
#define SL_FACTS_SLOTS 24

/* A fact that its module owns: filled on first use, freed by @destroy
 * (if any) when the facts are cleared.  facts.c knows nothing of it. */
struct sl_facts_slot {
	gconstpointer key;	/* the address of the module's static key */
	gboolean filled;
	gpointer data;
	GDestroyNotify destroy;
};

/*
 * What the rules know of one message beyond its digest: the run's flags
 * and repository, and what they derive from the message, each derived on
 * first use and kept for the others (rules/lib/facts.c).  Dozens of rules
 * ask for the same derived text; deriving it once per message instead of
 * once per rule was much of the time spent on a large mbox.
 *
 * The engine keeps the facts of the message it lints on its stack
 * (SL_FACTS_INIT(), sl_facts_clear()) and hands them to every rule as
 * check->facts.  A message is linted on one thread, so no facts are
 * shared between threads, and they never outlive their message.  A caller
 * outside a lint pass (a test) makes its own with options NULL: the
 * getters take facts, never NULL, so there is one way to ask and nothing
 * found by thread.
 *
 * Each fact is a slot its module keys and frees: the own text, the
 * signature, the text scan and the text without disclaimers in text.c,
 * patches and kernel issue in context.c, encryption in crypto.c, the CVE
 * request in cve-request.c, the embargo scan and the words its text holds
 * in embargo/scan.c, the signs of AI help and the trailers in ai-help.c,
 * the claims text in nonconforming.c, the unwrapped own words in
 * private-with-public-list.c, the kind of reproducer of the text in
 * signals.c, and in literals.c the texts the facts keep
 * (their own and the message's) with the words each holds.  A new fact
 * needs no change here.
 */
struct sl_facts {
	const struct sl_message *msg;
	const struct sl_lint_options *options;	/* NULL: no flags, no repo */
	struct sl_facts_slot slots[SL_FACTS_SLOTS];
	unsigned n_slots;
};

/* g_auto(sl_facts) facts = SL_FACTS_INIT(msg, options); */
#define SL_FACTS_INIT(message, lint_options) \
	{ .msg = (message), .options = (lint_options) }
void sl_facts_clear(struct sl_facts *facts);
typedef struct sl_facts sl_facts;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(sl_facts, sl_facts_clear)

/*
 * The slot of @key (any address the module owns, say of a static char),
 * made empty on first ask.  Its module fills it once:
 *	struct sl_facts_slot *s = sl_facts_slot(facts, &key);
 *	if (!s->filled)
 *		sl_facts_fill(s, derive(...), free_it);
 *	return s->data;
 */
struct sl_facts_slot *sl_facts_slot(struct sl_facts *facts,
				    gconstpointer key);
void sl_facts_fill(struct sl_facts_slot *slot, gpointer data,
		   GDestroyNotify destroy);

#endif
