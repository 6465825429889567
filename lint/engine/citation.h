/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a rule cites under a profile (lint/engine/citation.c): the
 * document, its section and the sentence, declared in the profile's
 * [rule ID] group (source=, section=, quote=; source-2= ... for a second
 * document), and the document's stored text, named by the profile's
 * [documents] group, a file under the policy's texts/ folder
 * (rules/texts/README.md).  See rules/profiles/README.
 */
#ifndef SECLINT_CITATION_H
#define SECLINT_CITATION_H

#include <glib.h>

#include "policy.h"

struct sl_rule;

/* The source of a rule that rests on no document: a notice of seclint's
 * own (at most info), whose --explain says so. */
#define SL_SOURCE_NONE "none"

struct sl_citation {
	char *document;	/* its name in [documents], or SL_SOURCE_NONE */
	char *title;	/* "Documentation/process/security-bugs.rst" */
	char *revision;	/* "commit 4fee0915e649", "sentences as quoted" */
	char *date;	/* of that revision: "2023-06-30", "read 2016 to 2026" */
	char *path;	/* the stored text */
	char *section;	/* the heading the quote is under; NULL for none */
	char *quote;	/* the document's words; " ... " an omission */
};

/* The texts of one policy's profiles and what the INDEX says of them:
 * NULL only for an INDEX that cannot be read or is malformed (a policy
 * without texts/INDEX cites by document name). */
typedef struct sl_texts sl_texts;
sl_texts *sl_texts_open(const struct sl_policy *policy, GError **error);
void sl_texts_free(sl_texts *texts);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_texts, sl_texts_free)

/*
 * @r's citations under @policy's profile, in order (of struct
 * sl_citation), or NULL with @error when the profile cites a document
 * it does not name, or names a text the INDEX does not list.  An empty
 * array: the rule is off under the profile and says nothing.  @texts
 * NULL: the citations by document name, with no title or revision.
 */
GPtrArray *sl_texts_citations(sl_texts *texts,
			      const struct sl_policy *policy,
			      const struct sl_rule *r, GError **error);
/* The same for output that must say something: where @texts is NULL or
 * lacks a text the profile names, the citations by document name. */
GPtrArray *sl_texts_citations_or_names(sl_texts *texts,
				       const struct sl_policy *policy,
				       const struct sl_rule *r);

/* Whether @c's quote is in its stored text, under its section; if not,
 * @error says what is missing where. */
gboolean sl_citation_prove(sl_texts *texts, const struct sl_citation *c,
			   GError **error);

/* Where @c's stored text is, a path to open, or NULL (source=none). */
char *sl_texts_file(const sl_texts *texts, const struct sl_citation *c);

/* One line: `Documentation/process/security-bugs.rst (commit
 * 4fee0915e649, 2023-06-30), "Contact"`. */
char *sl_citation_line(const struct sl_citation *c);

/* The documents @policy's profile follows, one line each as
 * sl_citation_line() names a document (of char *). */
GPtrArray *sl_texts_documents(sl_texts *texts, const struct sl_policy *policy);

#endif
