/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * seclint: the types shared by the engine, the rules and the front ends.
 *
 * A rule sees only a digested, read-only struct sl_message and the policy;
 * it never touches GMime and does no I/O.
 */
#ifndef SECLINT_H
#define SECLINT_H

#include <glib.h>

#define SECLINT_ERROR (seclint_error_quark())
GQuark seclint_error_quark(void);

enum seclint_error_code {
	SECLINT_ERROR_USAGE,
	SECLINT_ERROR_IO,
	SECLINT_ERROR_PARSE,
	SECLINT_ERROR_POLICY,
};

enum sl_severity {
	SL_SEV_OFF,
	SL_SEV_INFO,
	SL_SEV_WARNING,
	SL_SEV_ERROR,
};

const char *sl_severity_name(enum sl_severity sev);
gboolean sl_severity_parse(const char *name, enum sl_severity *out);

/* One recipient: the normalised addr-spec and the header it came from. */
struct sl_address {
	char *addr;		/* lower case, one trailing dot stripped */
	char *display;		/* decoded display name, or NULL */
	const char *header;	/* "To", "Cc", "Bcc", "Resent-To", ... */
};

/* One node of the MIME tree, flattened in document order. */
struct sl_part {
	char *path;		/* "1", "1.2", "1.2.1" (IMAP-style) */
	char *type;		/* "text/html", lower case */
	char *disposition;	/* "attachment", "inline" or NULL */
	char *filename;		/* RFC 2231 decoded, or NULL */
	gboolean leaf;		/* not multipart, not message/rfc822 */
	gboolean crypto;	/* PGP/MIME or S/MIME structure part */
	unsigned depth;
};

/*
 * The digest of one message.  Every string in it (and in its addresses and
 * parts) is valid UTF-8, whatever bytes the mail held: invalid sequences
 * become U+FFFD, so rules may use GRegex and g_utf8_* on them.
 */
struct sl_message {
	unsigned index;		/* 1-based position in its file */
	char *message_id;	/* without angle brackets, or NULL */
	char *subject;		/* RFC 2047 decoded, or NULL if absent */
	gboolean followup;	/* a reply or forward, not an initial report */
	GPtrArray *recipients;	/* of struct sl_address */
	GPtrArray *followup_to;	/* Reply-To, Mail-Followup-To, Mail-Reply-To */
	GPtrArray *parts;	/* of struct sl_part */
	GString *body;		/* the text/plain content, decoded to UTF-8 */
	GPtrArray *from;	/* of struct sl_address; empty if unreadable */
	GDateTime *date;	/* the Date header, or NULL if absent/invalid */
};

void sl_message_free(struct sl_message *msg);
typedef struct sl_message sl_message;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_message, sl_message_free)

/* A list seclint knows, from the policy data. */
struct sl_list {
	char *id;		/* the key-file group name after "list " */
	char *name;		/* human name */
	char **addresses;	/* normalised */
	gboolean public;
	char *subject_tag;	/* e.g. "[vs]", or NULL */
	char **roles;		/* e.g. "kernel-security", "plain-text" */
};

struct sl_policy {
	char *path;
	GPtrArray *lists;	/* of struct sl_list */
	char **list_patterns;	/* glob patterns of mailing-list addresses */
	GHashTable *severity;	/* rule id -> GINT_TO_POINTER(sev + 1) */
	GKeyFile *profile;	/* the document revision in force, or NULL */
	char *profile_name;
};

struct sl_policy *sl_policy_load(const char *path, GError **error);
struct sl_policy *sl_policy_load_default(GError **error);
/* The policy (@path, else the default) with a profile (@profile, else the
 * default profile) loaded: what every front end uses. */
struct sl_policy *sl_policy_open(const char *path, const char *profile,
				 GError **error);
void sl_policy_free(struct sl_policy *policy);
typedef struct sl_policy sl_policy;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_policy, sl_policy_free)

const struct sl_list *sl_policy_find_list(const struct sl_policy *policy,
					  const char *addr);
gboolean sl_policy_is_mailing_list(const struct sl_policy *policy,
				   const char *addr);
gboolean sl_policy_is_public_list(const struct sl_policy *policy,
				  const char *addr);
gboolean sl_list_has_role(const struct sl_list *list, const char *role);
enum sl_severity sl_policy_severity(const struct sl_policy *policy,
				    const char *rule_id,
				    enum sl_severity fallback);

/* Profiles: one key file per document revision (rules/profiles/). */
#define SL_DEFAULT_PROFILE "2026-05"
gboolean sl_policy_load_profile(struct sl_policy *policy, const char *name,
				GError **error);
char *sl_profile_get(const struct sl_policy *policy, const char *group,
		     const char *key);
struct sl_rule;
enum sl_severity sl_policy_rule_severity(const struct sl_policy *policy,
					 const struct sl_rule *rule,
					 gboolean followup);
int sl_profile_rule_int(const struct sl_policy *policy, const char *rule_id,
			const char *key, int fallback);

/* Address helpers (lint/address.c). */
char *sl_address_normalise(const char *addr_spec);
GPtrArray *sl_address_list_new(void);	/* of struct sl_address */
gboolean sl_address_add_header(GPtrArray *recipients, const char *header,
			       const char *value, GError **error);

/* Rules. */
struct sl_check;

struct sl_source {
	const char *document;
	const char *section;
	const char *revision;
};

struct sl_rule {
	const char *id;			/* stable kebab-case id */
	enum sl_severity severity;	/* default */
	const char *summary;		/* one line */
	const char *rationale;		/* why, in our own words */
	const char *help;		/* how to fix, one line */
	struct sl_source source;
	const char *example_bad;	/* a whole message */
	const char *example_good;	/* a whole message */
	void (*check)(struct sl_check *check);
};

extern const struct sl_rule *const sl_rules[];
extern const size_t sl_rules_count;
const struct sl_rule *sl_rule_find(const char *id);

/* Findings, as the rules report them. */
struct sl_finding {
	const struct sl_rule *rule;
	enum sl_severity severity;
	char *text;		/* specific message */
	char *where;		/* "Cc", "Subject", "part 1.2", ... */
};

void sl_finding_free(struct sl_finding *finding);

struct sl_check {
	const struct sl_rule *rule;
	const struct sl_message *msg;
	const struct sl_policy *policy;
	enum sl_severity severity;
	GPtrArray *findings;	/* of struct sl_finding */
};

void sl_report(struct sl_check *check, const char *where, const char *fmt, ...)
	G_GNUC_PRINTF(3, 4);
/* A finding from a weak signal (say, a mail footer): at most info. */
void sl_report_weak(struct sl_check *check, const char *where,
		    const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/* Run every rule that is not switched off; returns the findings. */
GPtrArray *sl_lint_message(const struct sl_message *msg,
			   const struct sl_policy *policy);

/* Rule helpers shared by several rules (lint/query.c). */
const struct sl_address *sl_msg_find_role(const struct sl_message *msg,
					  const struct sl_policy *policy,
					  const char *role);
gboolean sl_msg_to_report_list(const struct sl_message *msg,
			       const struct sl_policy *policy);
gboolean sl_part_is_attachment(const struct sl_part *part);
gboolean sl_msg_mentions_hardware(const struct sl_message *msg);
gboolean sl_msg_is_encrypted(const struct sl_message *msg);
/* The body's own lines: no quoted ("> ") lines; the signature apart. */
char *sl_msg_own_text(const struct sl_message *msg, char **signature);
gboolean sl_text_is_disclaimer(const char *text);
gboolean sl_msg_has_closed_list(const struct sl_message *msg,
				const struct sl_policy *policy);

/*
 * Subject tags (lint/subject-tag.c), shared by the tag rules and --fix so
 * that a fixed Subject is one the rules accept.
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

#endif
