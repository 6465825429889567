/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rule API (lint/rule/, the layer below rules/): what a rule
 * declares, and what its check calls to read its parameters (param.h)
 * and report (report.c).  It knows no engine: the engine (lint/engine/)
 * registers the rules, loads the policy and runs the checks.
 */
#ifndef SECLINT_RULE_H
#define SECLINT_RULE_H

#include <glib.h>

#include "message.h"
#include "param.h"
#include "severity.h"

/* Rules. */
struct sl_check;
struct sl_facts;	/* rules/lib/facts.h */
struct sl_fix;
struct sl_policy;	/* lint/engine/policy.h */

struct sl_rule {
	const char *id;			/* stable kebab-case id */
	/* Its level is the profile's, [rule ID] severity= (a rule the
	 * profile does not name is off): data, written once. */
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
	/* What it reads of the policy (param.h). */
	const struct sl_param *params;	/* ends with { NULL }; or NULL */
	/* What --fix does for a finding of the rule (fixer.h); shown by
	 * --explain. */
	const struct sl_fix *fix;	/* NULL: no mechanical fix */
};

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
	/* The values in force of rule->params, in their order (param.h):
	 * the engine's, read when the policy was loaded. */
	const struct sl_value *params;
};

void sl_report(struct sl_check *check, const char *where, const char *fmt, ...)
	G_GNUC_PRINTF(3, 4);
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
