/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rule API: what a rule declares, and what its check calls to read
 * its parameters and report (lint/engine/registry.c, report.c, profile.c).
 */
#ifndef SECLINT_RULE_H
#define SECLINT_RULE_H

#include <glib.h>

#include "message.h"
#include "policy.h"
#include "severity.h"

/* Rules. */
struct sl_check;
struct sl_facts;	/* rules/lib/facts.h */
struct sl_fix;

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
	const char *doc;	/* one line, shown by --explain */
};

struct sl_rule {
	const char *id;			/* stable kebab-case id */
	enum sl_severity severity;	/* default */
	const char *summary;		/* one line */
	const char *rationale;		/* why, in our own words */
	const char *help;		/* how to fix, one line */
	/* What the rule cites (document, section, the words) differs from
	 * one revision of the documents to the next: it is the profile's,
	 * [rule ID] source=, section=, quote= (lint/engine/citation.h). */
	const char *example_bad;	/* a whole message */
	const char *example_good;	/* a whole message */
	void (*check)(struct sl_check *check);
	/* What it needs beyond the message (a repository, a flag), and what
	 * it does without; NULL: nothing.  Shown by --explain. */
	const char *needs;
	const struct sl_param *params;	/* ends with { NULL }; or NULL */
	/* What --fix does for a finding of the rule (fixer.h); shown by
	 * --explain. */
	const struct sl_fix *fix;	/* NULL: no mechanical fix */
};

extern const struct sl_rule *const sl_rules[];
extern const size_t sl_rules_count;
const struct sl_rule *sl_rule_find(const char *id);
/* The index of the rule @id in sl_rules, or -1. */
gssize sl_rule_index(const char *id);

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
	/* The message's flags, repository and what the rules derived from
	 * it, shared by the rules that run on it: rules/lib/facts.h. */
	struct sl_facts *facts;
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
/* A weak finding (at most info) at @excerpt, as sl_report_at. */
void sl_report_weak_at(struct sl_check *check, const char *where,
		       const char *excerpt, const char *fmt, ...)
	G_GNUC_PRINTF(4, 5);
/* A finding at most @max severe (say, a warning from an error rule). */
void sl_report_capped(struct sl_check *check, enum sl_severity max,
		      const char *where, const char *fmt, ...)
	G_GNUC_PRINTF(4, 5);
/* The same at @excerpt, as sl_report_at. */
void sl_report_capped_at(struct sl_check *check, enum sl_severity max,
			 const char *where, const char *excerpt,
			 const char *fmt, ...) G_GNUC_PRINTF(5, 6);

struct sl_repo;

/* What the front end passes the engine. */
struct sl_lint_options {
	struct sl_repo *repo;	/* NULL: repository rules stay silent */
	gboolean security;	/* --security: a security report */
	gboolean embargoed;	/* --embargoed: the issue is under embargo */
	gboolean ai_assisted;	/* --ai-assisted: AI helped find or write it up */
};

#endif
