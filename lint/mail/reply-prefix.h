/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_REPLY_PREFIX_H
#define SECLINT_REPLY_PREFIX_H

/*
 * One reply or forward prefix of a Subject, in the usual languages:
 * "Re:", "Fwd:", "Fw:", "AW:", "SV:", "VS:", "Antw:", "Odp:", "回复：",
 * "Re[2]:".  A PCRE fragment without capturing groups, for patterns
 * compiled G_REGEX_CASELESS; the one definition the digest and the
 * rules' Subject helpers share.
 */
#define SL_REPLY_PREFIX \
	"(?:re|fwd?|aw|sv|vs|antw|odp|回复|答复)\\s*(?:\\[\\d+\\])?\\s*[:：]"

#endif
