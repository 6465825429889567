/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_SUBJECT_TAG_H
#define SECLINT_SUBJECT_TAG_H

#include <glib.h>

struct sl_fixing;

/*
 * Subject tags (rules/lib/subject-tag.c), shared by the tag rules and their
 * fix so that a fixed Subject is one the rules accept.
 */
/* Bytes of leading white space and reply prefixes (Re:, Fwd:, AW:, ...). */
gsize sl_subject_reply_prefix_len(const char *subject);
/* Is @tag at the start, after reply prefixes and other [tags] only? */
gboolean sl_subject_tag_at_start(const char *subject, const char *tag);
/*
 * The first loose spelling of @tag ("[VS]", "[ vs ]", "(vs)", "vs:"):
 * its byte span, and whether it is the "vs:" word form (which may also be
 * a reply prefix).  Any of the out parameters may be NULL.
 */
gboolean sl_subject_tag_near_miss(const char *subject, const char *tag,
				  gsize *start, gsize *end, gboolean *word);
/*
 * The raw Subject value @raw with @tag where the tag rules want it (after
 * reply prefixes): a loose spelling rewritten, a misplaced tag moved, else
 * the tag added.  Encoded words are kept and the tag written outside them;
 * a spelling inside one makes the whole value re-encoded from @decoded.
 * NULL if the tag is already right; else *what says what was done.
 */
char *sl_subject_tag_edit(const char *raw, const char *decoded,
			  const char *tag, const char *eol, char **what);
/*
 * The tag rules' fix (their .fix's apply): the tag of the distros list the
 * message goes to, at the start of the Subject, spelt exactly.
 */
gboolean sl_subject_tag_fix(struct sl_fixing *fx);

#endif
