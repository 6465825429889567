/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_FACTS_H
#define SECLINT_FACTS_H

#include <glib.h>

#include "message.h"
#include "rule.h"

/* A fact that its module frees: facts.c calls @destroy, and so knows
 * nothing of the module (which uses facts.c). */
struct sl_facts_slot {
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
 * The engine makes the facts of the message it lints and hands them to
 * every rule as check->facts; they are freed when the pass ends.  A message
 * is linted on one thread, so no facts are shared between threads, and
 * they never outlive their message.  A caller outside a lint pass (a test)
 * makes its own with sl_facts_new(msg, NULL): the getters take facts,
 * never NULL, so there is one way to ask and nothing found by thread.
 *
 * Each getter is in the file of its concept: the own text, the signature,
 * the text scan and the text without disclaimers in text.c, patches and
 * kernel issue in context.c, encryption in crypto.c, the CVE request in
 * cve-request.c, the embargo scan in embargo-query.c, the signs of AI help
 * in ai-help.c.
 */
struct sl_facts {
	const struct sl_message *msg;
	const struct sl_lint_options *options;	/* NULL: no flags, no repo */
	/* NULL or 0 below: not derived yet. */
	char *own;		/* sl_facts_own_text() */
	char *signature;	/* sl_facts_signature() */
	struct sl_facts_slot text;	/* sl_facts_text()'s struct sl_text */
	GPtrArray *patches;	/* sl_check_patches(), of struct sl_patch */
	gboolean cve_request_known;
	char *cve_request;	/* sl_facts_cve_request(); NULL: none */
	char *no_disclaimers;	/* the own text without disclaimers */
	gboolean had_disclaimers;
	int kernel_issue;	/* sl_check_is_kernel_issue(): 1 no, 2 yes */
	int encryption;		/* sl_facts_encryption() + 1 */
	/* sl_embargo_scan_open()'s struct sl_embargo_scan */
	struct sl_facts_slot embargo;
	int ai_sign;		/* sl_check_ai_shown() + 1 */
	char *ai_said;		/* the words it found, or NULL */
};

struct sl_facts *sl_facts_new(const struct sl_message *msg,
			      const struct sl_lint_options *options);
void sl_facts_free(struct sl_facts *facts);
typedef struct sl_facts sl_facts;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_facts, sl_facts_free)

#endif
