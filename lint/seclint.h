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
	char *encoding;		/* Content-Transfer-Encoding, lower case, or NULL */
	gboolean flowed;	/* format=flowed (RFC 3676) */
	GBytes *head;		/* an attachment's first decoded bytes, or NULL */
};

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

/* The text to scan, catalogue 3.0 (lint/text.c). */
struct sl_text {
	GString *prose;		/* own lines: no quotes, patches or logs */
	GString *patch;		/* inline diffs: headers and hunks */
	GString *log;		/* kernel log excerpts, bot report headers */
	GString *quoted;	/* "> " lines */
	char *signature;	/* after the first "-- " line */
	unsigned prose_lines;	/* non-blank ones */
	unsigned patch_lines;
	unsigned log_lines;
	unsigned log_reports;	/* splats and bot reports, by title line */
	unsigned hunks;
	unsigned broken_hunks;	/* cut short: line counts do not match */
	gboolean clearsigned;	/* read between the PGP clear-sign markers */
	gboolean encrypted;	/* the own text holds a PGP message */
};

/* g_strsplit(text, "\n", -1), linear under sanitizers too. */
char **sl_split_lines(const char *text);
struct sl_text *sl_text_scan(const char *body);
struct sl_text *sl_msg_text(const struct sl_message *msg);
void sl_text_free(struct sl_text *text);
typedef struct sl_text sl_text;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_text, sl_text_free)
/* The one query every content rule asks first (3.0, encrypted message). */
gboolean sl_msg_content_visible(const struct sl_message *msg);
/* A pattern compiled once, shared by threads; @slot is a static gsize. */
GRegex *sl_regex_cached(gsize *slot, const char *pattern,
			GRegexCompileFlags flags);
gboolean sl_regex_test(gsize *slot, const char *pattern,
		       GRegexCompileFlags flags, const char *text);
unsigned sl_regex_count(gsize *slot, const char *pattern,
			GRegexCompileFlags flags, const char *text);

/* Signals in a report's text, shared by content rules (lint/signals.c). */
/* The first match of @re in @text not negated in its sentence. */
char *sl_text_find_unnegated(GRegex *re, const char *text, char **sentence);
/* What says AI helped find the bug; @trailer_only for Assisted-by: only. */
char *sl_text_ai_disclosure(const struct sl_text *t, gboolean *trailer_only);
gboolean sl_msg_from_bot(const struct sl_message *msg);
/* Why the report looks automated, or NULL. */
const char *sl_text_automated(const struct sl_message *msg,
			      const struct sl_text *t);
/* The kind of reproducer the report has, or NULL; @content_only leaves
 * out mere mentions ("a reproducer is available"). */
const char *sl_text_reproducer(const struct sl_message *msg,
			       const struct sl_text *t, gboolean content_only);
/* Source for a reproducer: an inline program, a .c/.sh/.py attachment. */
gboolean sl_text_has_source_reproducer(const struct sl_message *msg,
				       const struct sl_text *t);
gboolean sl_msg_is_patch_submission(const struct sl_message *msg,
				    const struct sl_text *t);
const struct sl_address *sl_msg_find_public_list(
	const struct sl_message *msg, const struct sl_policy *policy);
const struct sl_address *sl_msg_kernel_report_to(
	const struct sl_message *msg, const struct sl_policy *policy);
/* The scanned text of a readable report under security-bugs.rst (to
 * security@ or hardware-security@), or NULL: the gate of its content rules.
 * sl_initial_report_text() also leaves out follow-ups and patches. */
struct sl_text *sl_kernel_report_text(const struct sl_check *c,
				      gboolean initial_only);
struct sl_text *sl_initial_report_text(const struct sl_check *c);
/* A finding at @sev, capped by the severity the profile gives the rule. */
void sl_report_at(struct sl_check *check, enum sl_severity sev,
		  const char *where, const char *fmt, ...) G_GNUC_PRINTF(4, 5);

#endif
