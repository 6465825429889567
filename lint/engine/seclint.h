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
	unsigned line, column;	/* in the input, 1-based; 0: unknown */
};

/*
 * Crypto structure and OpenPGP armour (lint/mail/mime-crypto.c), for the
 * encryption and signature rules.  A part is structure only where RFC 3156
 * or RFC 8551 puts it and with the content that place requires: a
 * "signature" that is not an armoured signature is content (an attachment).
 */
enum sl_crypto_kind {
	SL_CRYPTO_NONE,
	SL_CRYPTO_PGP_SIGNATURE,	/* multipart/signed's signature */
	SL_CRYPTO_PGP_CONTROL,		/* multipart/encrypted's "Version: 1" */
	SL_CRYPTO_PGP_ENCRYPTED,	/* multipart/encrypted's ciphertext */
	SL_CRYPTO_SMIME_SIGNATURE,	/* multipart/signed's pkcs7-signature */
	SL_CRYPTO_SMIME_ENVELOPED,	/* top-level pkcs7-mime, encrypted */
	SL_CRYPTO_SMIME_SIGNED,		/* top-level pkcs7-mime, signed-data */
	SL_CRYPTO_SMIME_OTHER,		/* top-level pkcs7-mime, certs-only, ... */
};

/* The OpenPGP ASCII armour a leaf's decoded content starts with. */
enum sl_armor {
	SL_ARMOR_NONE,
	SL_ARMOR_MESSAGE,		/* -----BEGIN PGP MESSAGE----- */
	SL_ARMOR_SIGNED_MESSAGE,	/* clear-signed text */
	SL_ARMOR_SIGNATURE,
	SL_ARMOR_PUBLIC_KEY,
	SL_ARMOR_PRIVATE_KEY,
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
	unsigned line;		/* its first header (or content) line; 0 unknown */
	enum sl_crypto_kind crypto_kind;	/* SL_CRYPTO_NONE iff !crypto */
	enum sl_armor armor;	/* leaves only */
	char *encoding;		/* Content-Transfer-Encoding, lower case, or NULL */
	gboolean flowed;	/* format=flowed (RFC 3676) */
	GBytes *head;		/* an attachment's first decoded bytes, or NULL */
	/* Body text: the part's decoded text is body[text_start, text_end). */
	gboolean in_body;
	gsize text_start, text_end;
};

/*
 * The digest of one message.  Its subject, body, addresses, display names
 * and part file names are valid UTF-8, whatever bytes the mail held:
 * invalid sequences become U+FFFD, so rules may use GRegex and g_utf8_* on
 * them.  (The raw header values kept for locations are as written.)
 */
struct sl_message {
	unsigned index;		/* 1-based position in its file */
	char *message_id;	/* without angle brackets, or NULL */
	char *subject;		/* RFC 2047 decoded, or NULL if absent */
	gboolean followup;	/* a reply or forward, not an initial report */
	gboolean reply;		/* In-Reply-To or References names a message */
	GPtrArray *recipients;	/* of struct sl_address */
	GPtrArray *followup_to;	/* Reply-To, Mail-Followup-To, Mail-Reply-To */
	GPtrArray *parts;	/* of struct sl_part */
	GString *body;		/* the text/plain content, decoded to UTF-8 */
	GPtrArray *from;	/* of struct sl_address; empty if unreadable */
	GDateTime *date;	/* the Date header, or NULL if absent/invalid */
	/* Where things are in the input (lint/mail/location.c); 0: unknown. */
	unsigned line;		/* the message's first header line */
	GArray *header_at;	/* of struct sl_header_at, in order */
	GArray *body_at;	/* of struct sl_body_at, by offset */
};

/* A header of the message, as written, and its line in the input. */
struct sl_header_at {
	char *name;
	char *raw;		/* the raw (folded) value */
	unsigned line;
};

/* The body from @offset on comes from the part whose content starts on
 * @line; @exact when its lines are the file's (7bit/8bit, not base64/QP). */
struct sl_body_at {
	gsize offset;
	unsigned line;
	gboolean exact;
};

void sl_message_free(struct sl_message *msg);
typedef struct sl_message sl_message;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_message, sl_message_free)

/* A list seclint knows, from the policy data. */
struct sl_list {
	char *id;		/* the key-file group name after "list " */
	char *name;		/* human name */
	char **addresses;	/* normalised */
	gboolean public;	/* visibility=public: anyone reads the archive */
	gboolean closed;	/* visibility=closed: a closed mailing list */
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
	GPtrArray *list_specs;	/* list_patterns compiled, of GPatternSpec */
	GHashTable *list_addresses;	/* of the [mailing-lists] files, a set */
	GHashTable *list_by_address;	/* address -> its [list], built once */
	/* sl_policy_rule_severity() of sl_rules[i], initial at [2 * i] and
	 * follow-up at [2 * i + 1]; see sl_policy_update_severities(). */
	enum sl_severity *rule_severity;
	GKeyFile *keys;		/* policy.conf itself: its [role ID] values */
	/* The numbers each rule in force reads (rule -> int[], in the order
	 * of rule->params); see sl_policy_resolve_params(). */
	GHashTable *params;
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
/* The address a finding advises for @role: the first of the first list
 * with it (policy.conf), or @role itself in a policy without one. */
const char *sl_policy_role_address(const struct sl_policy *policy,
				   const char *role);
enum sl_severity sl_policy_severity(const struct sl_policy *policy,
				    const char *rule_id,
				    enum sl_severity fallback);

/* Profiles: one key file per document revision (rules/profiles/). */
#define SL_DEFAULT_PROFILE "2026-05"
gboolean sl_policy_load_profile(struct sl_policy *policy, const char *name,
				GError **error);
/* The profile file @path with what it inherits resolved, as a rule sees
 * it: [profile] is the file's own, a [rule ID] key its own or else its
 * parent's, an empty value none (rules/profiles/README). */
GKeyFile *sl_profile_read(const char *path, GError **error);
char *sl_profile_get(const struct sl_policy *policy, const char *group,
		     const char *key);
struct sl_rule;
enum sl_severity sl_policy_rule_severity(const struct sl_policy *policy,
					 const struct sl_rule *rule,
					 gboolean followup);
/* Reads every parameter of every rule in force (struct sl_param) once:
 * a missing or non-numeric one is an error naming the rule, the group and
 * the key.  Whoever changes the profile or the severities calls it after
 * sl_policy_update_severities(). */
gboolean sl_policy_resolve_params(struct sl_policy *policy, GError **error);
/* Recomputes policy->rule_severity: whoever changes the severities of a
 * policy (its site overrides, its profile) calls it before linting. */
void sl_policy_update_severities(struct sl_policy *policy);

/* Address helpers (lint/mail/address.c). */
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

/*
 * A number a rule reads with sl_param_int(): from the rule's [rule ID]
 * group in the profile, or with .role from policy.conf's [role ROLE]
 * group, a limit of every list with that role, written once.  Each is
 * required: a profile or policy that puts the rule in force without it
 * does not load.
 */
struct sl_param {
	const char *key;
	const char *role;	/* NULL: the rule's profile group */
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
	/* What it needs beyond the message (a repository, a flag), and what
	 * it does without; NULL: nothing.  Shown by --explain. */
	const char *needs;
	const struct sl_param *params;	/* ends with { NULL }; or NULL */
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
	unsigned line, column;	/* in the input, 1-based; 0: unknown */
};

void sl_finding_free(struct sl_finding *finding);

struct sl_check {
	const struct sl_rule *rule;
	const struct sl_message *msg;
	const struct sl_policy *policy;
	enum sl_severity severity;
	GPtrArray *findings;	/* of struct sl_finding */
	struct sl_context *ctx;	/* repository and flags; see below */
};

void sl_report(struct sl_check *check, const char *where, const char *fmt, ...)
	G_GNUC_PRINTF(3, 4);
/* The value of the checking rule's parameter @key (one of its .params). */
int sl_param_int(const struct sl_check *check, const char *key);
/* A finding from a weak signal (say, a mail footer): at most info. */
void sl_report_weak(struct sl_check *check, const char *where,
		    const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/*
 * A finding that points at @excerpt, text of @where: for an address
 * header the address (a->addr) the finding is about, for "Subject" and
 * other headers text of the raw value, for "body" text of the body (as
 * sl_regex_find() returns it).  sl_report points at @where itself: for an
 * address header, the address the text names first.
 */
void sl_report_at(struct sl_check *check, const char *where,
		  const char *excerpt, const char *fmt, ...) G_GNUC_PRINTF(4, 5);

/* Run every rule that is not switched off; returns the findings. */
GPtrArray *sl_lint_message(const struct sl_message *msg,
			   const struct sl_policy *policy);

/* Rule helpers shared by several rules (rules/lib/query.c). */
const struct sl_address *sl_msg_find_role(const struct sl_message *msg,
					  const struct sl_policy *policy,
					  const char *role);
/* HTML in a message: none, beside a real plain-text version, or alone
 * (no text/plain, or only a stub such as "needs an HTML viewer"). */
enum sl_html { SL_HTML_NONE, SL_HTML_BESIDE_TEXT, SL_HTML_ONLY };
enum sl_html sl_msg_html(const struct sl_message *msg);
gboolean sl_part_is_attachment(const struct sl_part *part);
gboolean sl_msg_mentions_hardware(const struct sl_message *msg);
/* The body's own lines: no quoted ("> ") lines; the signature apart. */
char *sl_msg_own_text(const struct sl_message *msg, char **signature);
gboolean sl_text_is_disclaimer(const char *text);
gboolean sl_msg_has_closed_list(const struct sl_message *msg,
				const struct sl_policy *policy);

/* Locations (lint/mail/location.c): sets @f's line and column from @where and
 * @excerpt (or, without one, the address that @f's text names). */
void sl_locate(const struct sl_message *msg, const char *where,
	       const char *excerpt, struct sl_finding *f);
/* A weak finding (at most info) at @excerpt, as sl_report_at. */
void sl_report_weak_at(struct sl_check *check, const char *where,
		       const char *excerpt, const char *fmt, ...)
	G_GNUC_PRINTF(4, 5);
/* The disclaimer in the own text, else in the signature, or NULL. */
char *sl_text_find_disclaimer(const char *own, const char *signature);
/* The first match of @pattern in @text, or NULL (for sl_report_at). */
char *sl_regex_find(const char *pattern, const char *text,
		    GRegexCompileFlags flags);
/* Group @group of the first caseless match of @pattern whose line does not
 * call it context ("see also", "similar", "previous", ...), or NULL. */
char *sl_regex_find_outside_context(const char *text, const char *pattern,
				    int group);
/* Encryption and signatures (rules/lib/crypto.c). */
enum sl_encryption {
	SL_ENC_NONE,
	SL_ENC_PGP_MIME,	/* multipart/encrypted at the top */
	SL_ENC_SMIME,		/* top-level enveloped pkcs7-mime */
	SL_ENC_INLINE_PGP,	/* -----BEGIN PGP MESSAGE----- in the body */
};

enum sl_signing {
	SL_SIGN_NONE,
	SL_SIGN_PGP_MIME,	/* multipart/signed at the top */
	SL_SIGN_SMIME,		/* multipart/signed or signed-data at the top */
	SL_SIGN_INLINE_PGP,	/* a clear-signed body */
};

enum sl_encryption sl_msg_encryption(const struct sl_message *msg);
/* Is the whole content encrypted (PGP/MIME, S/MIME or inline PGP)? */
gboolean sl_msg_is_encrypted(const struct sl_message *msg);
/* The signature seclint can see: inside encryption it cannot. */
enum sl_signing sl_msg_signing(const struct sl_message *msg);
/* An attachment encrypted by hand (.gpg, .asc, ...), not PGP/MIME. */
gboolean sl_part_is_manual_pgp(const struct sl_part *part);
/* A finding at most @max severe (say, a warning from an error rule). */
void sl_report_capped(struct sl_check *check, enum sl_severity max,
		      const char *where, const char *fmt, ...)
	G_GNUC_PRINTF(4, 5);
/* The same at @excerpt, as sl_report_at. */
void sl_report_capped_at(struct sl_check *check, enum sl_severity max,
			 const char *where, const char *excerpt,
			 const char *fmt, ...) G_GNUC_PRINTF(5, 6);
/* The own text asks the recipients for a CVE id ("please assign a CVE"):
 * rules/lib/cve-request.c. */
gboolean sl_text_asks_for_cve(const char *text);
/* The same: the words that ask (for sl_report_at), or NULL. */
char *sl_text_find_cve_request(const char *text);
/*
 * The confidentiality rules: text matching @pattern outside mail
 * disclaimers is reported with @strong; a disclaimer alone (in the text or
 * the signature) as a note with @weak.  @except, if not NULL, is removed
 * first (say, "no NDA needed").
 */
struct sl_restricted_text {
	const char *pattern;
	const char *except;
	const char *strong;
	const char *weak;
};
void sl_check_restricted_text(struct sl_check *check,
			      const struct sl_restricted_text *what);
/* @text with single line breaks made spaces: a wrapped line is no end. */
char *sl_text_unwrap(const char *text);
/* The sentence [*s, *e) of @text around the match [@start, @end). */
void sl_text_sentence_bounds(const char *text, gint start, gint end,
			     gint *s, gint *e);
/* Own text without URLs, white space collapsed: what a reader gets. */
char *sl_text_without_urls(const char *text, guint *urls);
/* The own text; *@prose_len is its length without URLs, in characters. */
char *sl_msg_own_prose(const struct sl_message *msg, glong *prose_len,
		       guint *urls);

/*
 * Subject tags (rules/lib/subject-tag.c), shared by the tag rules and --fix so
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
/*
 * Repository context (rules/lib/repo.c, rules/lib/patch.c, rules/lib/maintainers.c,
 * rules/lib/context.c).  The front end hands the engine a struct sl_repo; it is
 * opened lazily, on the first question a rule asks, so a message that no
 * repository-aware rule looks at costs no libgit2 work at all.
 */
struct sl_repo;

/* One patch found in a message body. */
struct sl_patch {
	char id[41];		/* git's stable patch-id, hex */
	char **files;		/* the paths it touches (old and new names) */
	gboolean renames;	/* it holds a rename or copy */
};

void sl_patch_free(struct sl_patch *patch);
/* Cheap: does @text hold a line starting "diff --git " (not quoted)? */
gboolean sl_text_has_patch(const char *text);

/* One section of a MAINTAINERS file. */
struct sl_maint_section {
	char *name;		/* its title line */
	char **maintainers;	/* M: addr-specs, normalised */
	char **reviewers;	/* R: */
	char **lists;		/* L: */
	char **files;		/* F: patterns */
	char **excludes;	/* X: patterns */
	char **regexes;		/* N: patterns (extended regexes) */
};

struct sl_maintainers;
struct sl_maintainers *sl_maintainers_parse(const char *text, gsize len);
/* The parsed file as bytes, and back: NULL where they do not add up. */
GBytes *sl_maintainers_index(const char *text, gsize len);
struct sl_maintainers *sl_maintainers_load(GBytes *index);
void sl_maintainers_free(struct sl_maintainers *m);
typedef struct sl_maintainers sl_maintainers;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_maintainers, sl_maintainers_free)
/*
 * The sections for @files as `get_maintainer.pl --pattern-depth 1` picks
 * them (falling back to every matching section when those name no M:),
 * most specific first; of const struct sl_maint_section, owned by @m.
 */
GPtrArray *sl_maintainers_for(const struct sl_maintainers *m,
			      const char *const *files);
/* Does @section cover @file?  @depth: how specific its pattern is. */
gboolean sl_maint_section_match(const struct sl_maint_section *section,
				const char *file, int *depth);
gboolean sl_maintainers_is_list(const struct sl_maintainers *m,
				const char *addr);
/* Whether the file is the kernel's (has a SECURITY CONTACT section). */
gboolean sl_maintainers_is_kernel(const struct sl_maintainers *m);

/* @path: the repository (NULL: found from $GIT_DIR or the current dir). */
struct sl_repo *sl_repo_new(const char *path);
void sl_repo_free(struct sl_repo *repo);
typedef struct sl_repo sl_repo;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_repo, sl_repo_free)

/* What the front end passes the engine. */
struct sl_lint_options {
	struct sl_repo *repo;	/* NULL: repository rules stay silent */
	gboolean security;	/* --security: a security report */
	gboolean embargoed;	/* --embargoed: the issue is under embargo */
	gboolean ai_assisted;	/* --ai-assisted: AI helped find or write it up */
};

/* Per message, shared by the rules that run on it. */
struct sl_context {
	const struct sl_lint_options *options;
	GPtrArray *patches;	/* of struct sl_patch; NULL: not parsed yet */
	struct sl_text *text;	/* sl_check_text(); NULL: not scanned yet */
};

GPtrArray *sl_lint_message_with(const struct sl_message *msg,
				const struct sl_policy *policy,
				const struct sl_lint_options *options);

/* Questions rules ask of the context (rules/lib/context.c). */
gboolean sl_check_has_repo(struct sl_check *check);
/* A repository with remote-tracking (upstream) branches. */
gboolean sl_check_has_upstream(struct sl_check *check);
gboolean sl_check_security(const struct sl_check *check);
gboolean sl_check_embargoed(const struct sl_check *check);
gboolean sl_check_ai_assisted(const struct sl_check *check);
/* The patches of the message; empty without a repository. */
const GPtrArray *sl_check_patches(struct sl_check *check);
/* "<sha> (\"<subject>\")" of an upstream commit with @patch's patch-id. */
char *sl_check_patch_upstream(struct sl_check *check,
			      const struct sl_patch *patch);
/* "<sha> (\"<subject>\")" if @rev names an upstream commit, else NULL. */
char *sl_check_commit_upstream(struct sl_check *check, const char *rev);
/* Is @rev in one of the most recent release tags (v[0-9]*)? */
gboolean sl_check_commit_released(struct sl_check *check, const char *rev);
/* The MAINTAINERS of the repository, or NULL. */
const struct sl_maintainers *sl_check_maintainers(struct sl_check *check);
/* @addr as the repository's .mailmap maps it (a new string). */
char *sl_check_canonical_address(struct sl_check *check, const char *addr);
/* A mailing list by the policy, or by an L: entry of MAINTAINERS. */
gboolean sl_check_is_mailing_list(struct sl_check *check, const char *addr);
/* Kernel paths the message names: its patches' files, "fs/foo.c:12". */
char **sl_check_named_files(struct sl_check *check);
/* A report about the Linux kernel (its words, paths or the repository). */
gboolean sl_check_is_kernel_issue(struct sl_check *check);
/* Fixes a text names (rules/lib/fixref.c); @own: sl_msg_own_text(). */
/* Commit ids (12-40 hex) the text says are a fix, or "commit X upstream". */
char **sl_text_fix_commits(const char *own);
/* Every commit id (12-40 hex) outside Fixes: lines. */
char **sl_text_commit_ids(const char *own);
/* The first lore/patchwork/git.kernel.org/GitHub link to a patch or
 * commit that is not given as context ("see also", "similar to"). */
char *sl_text_public_fix_link(const char *own);
/* "the fix was accepted/merged/queued/applied", "merged in v6.9". */
gboolean sl_text_says_fix_accepted(const char *own);
gboolean sl_text_says_merged(const char *own);
/* The text before the first "diff --git" line (commit message, cover). */
char *sl_text_before_patch(const char *own);
/* Why the message's fix is upstream (its patch, by patch-id, or a commit
 * it names as the fix), or NULL. */
char *sl_check_fix_upstream(struct sl_check *check, const char *own);
/* Recipients other than the sender's own From address. */
GPtrArray *sl_msg_recipients_but_sender(const struct sl_message *msg);
/* The text to scan, catalogue 3.0 (rules/lib/text.c). */
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
/* A line of a git binary patch after "GIT binary patch": "literal N",
 * "delta N", base85 data, or a blank line. */
gboolean sl_binary_patch_line(const char *line);
struct sl_text *sl_text_scan(const char *body);
struct sl_text *sl_msg_text(const struct sl_message *msg);
/* The same, scanned once per message and owned by the check's context. */
const struct sl_text *sl_check_text(struct sl_check *check);
void sl_text_free(struct sl_text *text);
typedef struct sl_text sl_text;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_text, sl_text_free)
/* The one query every content rule asks first (3.0, encrypted message). */
gboolean sl_msg_content_visible(const struct sl_message *msg);

/* Signals in a report's text, shared by content rules (rules/lib/signals.c). */
/* The first match of @re in @text not negated in its sentence. */
char *sl_text_find_unnegated(GRegex *re, const char *text, char **sentence);
/* What says AI helped find the bug; @trailer_only for Assisted-by: only. */
char *sl_text_ai_disclosure(const struct sl_text *t, gboolean *trailer_only);
gboolean sl_msg_from_bot(const struct sl_message *msg);
/* Why the report looks automated, or NULL. */
const char *sl_text_automated(const struct sl_message *msg,
			      const struct sl_text *t);
/* A bug found with a tool anyone can run (automated, syzkaller's format,
 * "found with a fuzzer"): why, or NULL. */
const char *sl_text_tool_finding(const struct sl_message *msg,
				 const struct sl_text *t);
/* The kind of reproducer the report has, or NULL; @content_only leaves
 * out mere mentions ("a reproducer is available"). */
const char *sl_text_reproducer(const struct sl_message *msg,
			       const struct sl_text *t, gboolean content_only);
/* Source for a reproducer: an inline program, a .c/.sh/.py attachment. */
gboolean sl_text_has_source_reproducer(const struct sl_message *msg,
				       const struct sl_text *t);
/* What in the message (@own: its own text) shows the issue public: a fix
 * upstream or linked, a public commit, a CVE said to be published.  Why,
 * or NULL. */
char *sl_check_public_artefact(struct sl_check *c, const char *own);
gboolean sl_msg_is_patch_submission(const struct sl_message *msg,
				    const struct sl_text *t);
const struct sl_address *sl_msg_find_public_list(
	const struct sl_message *msg, const struct sl_policy *policy);
const struct sl_address *sl_msg_kernel_report_to(
	const struct sl_message *msg, const struct sl_policy *policy);
/* A report under security-bugs.rst: to security@ or hardware-security@,
 * or marked with --security and sent to no closed list. */
gboolean sl_check_kernel_report(const struct sl_check *c);
/* The scanned text of a readable report under security-bugs.rst (to
 * security@ or hardware-security@), or NULL: the gate of its content rules.
 * sl_initial_report_text() also leaves out follow-ups and patches. */
const struct sl_text *sl_kernel_report_text(struct sl_check *c,
					    gboolean initial_only);
const struct sl_text *sl_initial_report_text(struct sl_check *c);

/*
 * Cached compiled regular expressions (lint/util/regex.c): use these, not
 * g_regex_new() or g_regex_match_simple(), which compile on every call.
 * sl_regex() borrows (valid for the calling thread's life); sl_regex_new()
 * returns a new reference.
 */
GRegex *sl_regex(const char *pattern, GRegexCompileFlags cflags,
		 GRegexMatchFlags mflags, GError **error);
GRegex *sl_regex_new(const char *pattern, GRegexCompileFlags cflags,
		     GRegexMatchFlags mflags, GError **error);
gboolean sl_regex_match_simple(const char *pattern, const char *string,
			       GRegexCompileFlags cflags,
			       GRegexMatchFlags mflags);
/* sl_regex() of a fixed pattern, asserted valid; and two shorthands. */
GRegex *sl_regex_cached(const char *pattern, GRegexCompileFlags flags);
gboolean sl_regex_test(const char *pattern, GRegexCompileFlags flags,
		       const char *text);
unsigned sl_regex_count(const char *pattern, GRegexCompileFlags flags,
			const char *text);

/*
 * The matches of @re in @text, in order (lint/util/matches.c): use this, not
 * g_match_info_next(), which is quadratic in GLib 2.74.  Like it, the
 * fetch functions return new strings, "" or -1 for a group that took no
 * part, NULL for a group the pattern does not have.
 *	g_autoptr(sl_matches) m = sl_matches_new(re, text, -1, 0);
 *	while (sl_matches_next(m)) ...
 */
typedef struct sl_matches sl_matches;
sl_matches *sl_matches_new(const GRegex *re, const char *text, gssize len,
			   GRegexMatchFlags mflags);
sl_matches *sl_matches_of(const char *pattern, GRegexCompileFlags cflags,
			  const char *text, gssize len,
			  GRegexMatchFlags mflags);
sl_matches *sl_matches_fixed(const char *pattern, GRegexCompileFlags cflags,
			     const char *text, gssize len);
gboolean sl_matches_next(sl_matches *m);
char *sl_matches_fetch(const sl_matches *m, int group);
char *sl_matches_fetch_named(const sl_matches *m, const char *name);
gboolean sl_matches_fetch_pos(const sl_matches *m, int group, int *start,
			      int *end);
void sl_matches_free(sl_matches *m);
char *sl_regex_replace_all(const GRegex *re, const char *text,
			   const char *with);
char **sl_regex_split_all(const GRegex *re, const char *text);
gboolean sl_regex_matches(const GRegex *re, const char *text,
			  GRegexMatchFlags mflags);
gboolean sl_utf8_valid(const char *text, size_t len);
void sl_utf8_make_valid_tail(GString *s, gsize from);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_matches, sl_matches_free)

#endif
