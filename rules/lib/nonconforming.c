// SPDX-License-Identifier: GPL-2.0-only
/*
 * Devices and media that break their specification, as a report says its
 * bug needs one: see nonconforming.h.  Each is the reporter's own claim,
 * read in the Subject and the prose (no quotes, logs or patches), unless
 * negated in its sentence ("no malicious device is needed").
 */
#include "facts.h"
#include "literals.h"
#include "message.h"
#include "nonconforming.h"
#include "regex-cache.h"
#include "rule.h"
#include "signals.h"
#include "text.h"

/* Mounting a crafted, corrupted or fuzzed file-system image. */
static const char image[] =
	"(?i)\\b(mount(s|ing|ed)?|crafted|malicious|corrupt(ed)?|fuzzed|"
	"malformed)\\b[^.\\n]{0,40}?\\b(file ?system|fs|ext[234]|xfs|btrfs|"
	"f2fs|ntfs3?|hfs\\+?|hfsplus|jfs|udf|squashfs|erofs|vfat|exfat|"
	"ocfs2|gfs2|nilfs2?|reiserfs|isofs)\\b[^.\\n]{0,20}?\\bimages?\\b|"
	"\\b(crafted|malicious(ly crafted)?|corrupt(ed)?|fuzzed|malformed)"
	"\\s+(disk\\s+)?images?\\b";
/* What each match of a pattern holds, one of (rules/lib/literals.h). */
static const char *const image_words[] = { "\\bimage", NULL };
/* And, in either branch, one of the words before the image: "image" is
 * common in prose ("the kernel image"), these words with it are not. */
static const char *const image_adjectives[] = {
	"\\bmount", "\\bcrafted", "\\bmalicious", "\\bcorrupt", "\\bfuzzed",
	"\\bmalformed", NULL
};
static const sl_word_pair image_needs[] = {
	{ image_words, image_adjectives }, { NULL, NULL },
};

/* An image generator and a loop mount of its output: the reporter
 * crafts the image ("the attached image generator ... mount -o loop
 * quux.img").  A loop mount alone is often only a test's setup. */
static const char image_generator[] = "(?i)\\bimage (generator|fuzzer)\\b";
static const char loop_mount[] = "(?i)\\bmount\\b[^\\n]{0,40}\\.img\\b";
static const char *const loop_mount_words[] = { ".img", NULL };

/* A fake, emulated or malicious device on a bus (not a network peer). */
static const char device[] =
	"(?i)\\b(malicious|fake|emulated|rogue|crafted|evil) (USB|HID|"
	"Thunderbolt|PCIe?|FireWire) (device|stick|gadget|peripheral)s?\\b|"
	"\\braw[-_]gadget\\b|\\bdummy_hcd\\b";
static const char *const device_words[] = {
	"\\bmalicious ", "\\bfake ", "\\bemulated ", "\\brogue ",
	"\\bcrafted ", "\\bevil ", "\\braw-gadget", "\\braw_gadget",
	"\\bdummy_hcd", NULL
};

/* A device reporting a value outside its documented range. */
static const char values[] =
	"(?i)\\b(device|hardware|firmware|controller|adapter)[- ](reported|"
	"provided|supplied|controlled|returned)\\s+(length|size|value|count|"
	"index|offset|len|number)s?\\b|"
	"\\b(values?|lengths?|sizes?|counts?)\\s+(outside|out of|beyond|"
	"exceeding)\\s+(its|their|the)\\s+(documented|specified|valid|"
	"allowed|expected)\\s+ranges?\\b|"
	"\\b(malicious|buggy|faulty|misbehaving|non-?conforming|"
	"compromised|hostile)\\s+(USB\\s+|PCIe?\\s+)?(device|hardware|"
	"device firmware|firmware)\\b(?!\\s+driver)";
/*
 * What each branch of it holds: its first branch a noun and a verb next
 * to each other ("device-reported"); its second "range" and one of the
 * words before it; its third an adjective and "device", "hardware" or
 * "firmware".  Alone, "reported", "returned" or "range" are in most
 * reports, and the pattern was tried on most of them.
 */
#define NOUN_VERBS(n) \
	"\\b" n " reported", "\\b" n "-reported", "\\b" n " provided", \
	"\\b" n "-provided", "\\b" n " supplied", "\\b" n "-supplied", \
	"\\b" n " controlled", "\\b" n "-controlled", "\\b" n " returned", \
	"\\b" n "-returned"
static const char *const values_reported[] = {
	NOUN_VERBS("device"), NOUN_VERBS("hardware"), NOUN_VERBS("firmware"),
	NOUN_VERBS("controller"), NOUN_VERBS("adapter"), NULL
};
#undef NOUN_VERBS
static const char *const values_beyond[] = {
	"outside", "out of", "beyond", "exceeding", NULL
};
static const char *const values_range[] = { "range", NULL };
static const char *const values_bad[] = {
	"\\bmalicious", "\\bbuggy", "\\bfaulty", "\\bmisbehaving", "conforming",
	"\\bcompromised", "\\bhostile", NULL
};
static const char *const values_device[] = {
	"device", "hardware", "firmware", NULL
};
static const sl_word_pair values_needs[] = {
	{ values_reported, NULL }, { values_beyond, values_range },
	{ values_bad, values_device }, { NULL, NULL },
};

/* The first unnegated match of @pattern in @flat; NULL at once if @flat
 * holds none of @needs (NULL: look). */
static char *claim(struct sl_facts *f, const char *pattern,
		   const char *const *needs, const char *flat)
{
	if (sl_regex_ruled_out(f, pattern, 0, needs, flat))
		return NULL;
	return sl_text_find_unnegated(sl_regex_cached(pattern, 0), flat, NULL);
}

/* The same, NULL at once if @flat holds no pair of @pairs. */
static char *claim_each(struct sl_facts *f, const char *pattern,
			const sl_word_pair *pairs, const char *flat)
{
	if (!sl_pairs_admit(f, pattern, 0, pairs, flat))
		return NULL;
	return sl_text_find_unnegated(sl_regex_cached(pattern, 0), flat, NULL);
}

static const char flat_key;

const char *sl_facts_claims_text(struct sl_facts *f)
{
	struct sl_facts_slot *s = sl_facts_slot(f, &flat_key);

	if (!s->filled) {
		const char *subject = f->msg->subject;
		g_autofree char *text = g_strconcat(subject ? subject : "",
						    "\n",
						    sl_facts_text(f)->prose->str,
						    NULL);

		sl_facts_fill(s, sl_text_unwrap(text), g_free);
		sl_facts_literals_keep(f, s->data);
	}
	return s->data;
}

enum sl_nonconforming sl_check_nonconforming(struct sl_check *c,
					     gboolean with_values, char **said)
{
	const char *flat = sl_facts_claims_text(c->facts);

	if ((*said = claim_each(c->facts, image, image_needs, flat)))
		return SL_NONCONFORMING_IMAGE;
	if (!sl_regex_ruled_out(c->facts, loop_mount, 0, loop_mount_words,
				flat) &&
	    sl_regex_test(loop_mount, 0, flat) &&
	    (*said = claim(c->facts, image_generator, NULL, flat)))
		return SL_NONCONFORMING_IMAGE;
	if ((*said = claim(c->facts, device, device_words, flat)))
		return SL_NONCONFORMING_DEVICE;
	if (with_values && (*said = claim_each(c->facts, values, values_needs,
						    flat)))
		return SL_NONCONFORMING_VALUES;
	return SL_NONCONFORMING_NONE;
}

const char *sl_nonconforming_what(enum sl_nonconforming kind)
{
	switch (kind) {
	case SL_NONCONFORMING_IMAGE:
		return "a crafted file-system image mounted";
	case SL_NONCONFORMING_DEVICE:
		return "a fake, emulated or malicious device";
	case SL_NONCONFORMING_VALUES:
		return "a device reporting values outside its documented "
		       "range";
	case SL_NONCONFORMING_NONE:
		break;
	}
	return NULL;
}
