/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_SIGNALS_H
#define SECLINT_SIGNALS_H

#include <glib.h>

#include "message.h"
#include "policy.h"
#include "rule.h"
#include "text.h"

/* Signals in a report's text, shared by content rules (rules/lib/signals.c).
 * A @facts parameter is the message's, through which its texts are read
 * once for all word lists (sl_facts_literals_found()); NULL: none. */
struct sl_facts;
/* The first match of @re in @text not negated in its sentence. */
char *sl_text_find_unnegated(GRegex *re, const char *text, char **sentence);
/*
 * Pairs of word lists (rules/lib/literals.h), ended by { NULL, NULL }:
 * each match of a pattern holds a word of both lists of one pair (a
 * pair's second NULL: of its first alone).  Where one word of a list is
 * common ("reported", "public"), the pair of it and the word next to it
 * in the pattern is not.
 */
typedef const char *const *const sl_word_pair[2];
/* May a pattern whose matches hold @pairs match @text?  FALSE: it cannot
 * (with SECLINT_CHECK_LITERALS=1, @pattern under @flags is matched all
 * the same and a match aborts).  @facts as sl_facts_literals_found(). */
gboolean sl_pairs_admit(struct sl_facts *facts, const char *pattern,
			GRegexCompileFlags flags, const sl_word_pair *pairs,
			const char *text);
/* What says AI helped find the bug; @trailer_only for Assisted-by: only. */
char *sl_text_ai_disclosure(struct sl_facts *facts, const struct sl_text *t,
			    gboolean *trailer_only);
/* The same, with what the words claim: */
enum sl_ai_claim {
	SL_AI_CLAIM_NONE,
	SL_AI_CLAIM_HELPED,	/* AI helped, not said to have found it */
	SL_AI_CLAIM_TRAILER,	/* only an Assisted-by: trailer */
	SL_AI_CLAIM_FOUND,	/* AI found the bug */
};
char *sl_text_ai_claim(struct sl_facts *facts, const struct sl_text *t,
		       enum sl_ai_claim *claim);
/* Is @name (a trailer's or an address's display name) an AI tool's? */
enum sl_agent_name {
	SL_AGENT_NAME_NO,
	SL_AGENT_NAME_MAYBE,	/* a tool's name that people bear too */
	SL_AGENT_NAME_YES,
};
enum sl_agent_name sl_text_agent_name(const char *name);
/* Why the report looks automated, or NULL. */
const char *sl_text_automated(struct sl_facts *facts,
			      const struct sl_message *msg,
			      const struct sl_text *t);
/* A bug found with a tool anyone can run (automated, syzkaller's format,
 * "found with a fuzzer"): why, or NULL. */
const char *sl_text_tool_finding(struct sl_facts *facts,
				 const struct sl_message *msg,
				 const struct sl_text *t);
/* The kind of reproducer the report has, or NULL; @content_only leaves
 * out mere mentions ("a reproducer is available"). */
const char *sl_text_reproducer(const struct sl_message *msg,
			       const struct sl_text *t, gboolean content_only);
/* The same of @msg and @t, kept in @facts for the message where @msg is
 * theirs and @t is sl_facts_text(@facts); any other (or NULL facts) is
 * read anew. */
const char *sl_facts_reproducer(struct sl_facts *facts,
				const struct sl_message *msg,
				const struct sl_text *t, gboolean content_only);
/* What the report says of its reproducer: one (as sl_text_reproducer()),
 * or its status, even negated ("no reproducer could be produced", "not
 * tested at runtime"); NULL: nothing. */
const char *sl_text_reproducer_status(const struct sl_message *msg,
				      const struct sl_text *t);
/* Does the report (its Subject, text, kernel log or an attachment's
 * name) name a kernel version, tree or commit? */
gboolean sl_text_names_version(const struct sl_message *msg,
			       const struct sl_text *t);
/* Source for a reproducer: an inline program, a .c/.sh/.py attachment. */
gboolean sl_text_has_source_reproducer(const struct sl_message *msg,
				       const struct sl_text *t);
/* What in the message (@own: its own text) shows the issue public: a fix
 * upstream or linked, a public commit, a CVE said to be published.  Why,
 * or NULL. */
char *sl_check_public_artefact(struct sl_check *c, const char *own);
/* A first message that asks whether the code it quotes matters ("Do we
 * care?") or passes on a report the sender received ("we've received a
 * report on the security list"): no finding of the sender's own to version or reproduce.  Why,
 * or NULL. */
const char *sl_text_not_own_finding(const struct sl_text *t);

#endif
