/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_SETTINGS_H
#define SECLINT_SETTINGS_H

#include "gitconfig.h"
#include "output.h"
#include "policy.h"
#include "severity.h"

/*
 * What a user or a team chose, on top of the profile: merged in order
 * profile defaults -> git config (seclint.*) -> command-line flags, and
 * applied the same way by every front end (CLI, --staged, the hook,
 * sendmail mode).  Rule choices end up as overrides in the policy, where
 * sl_policy_rule_severity() finds them.
 */
struct sl_settings {
	char *profile;		/* name or path; NULL: the default */
	char *profile_from;	/* "seclint.profile (file:...)", or NULL */
	GHashTable *rules;	/* rule id -> choice (see settings.c) */
	gboolean strict;	/* warnings make the run fail (exit 1) */
	gboolean quiet;		/* print only what makes the run fail */
};

void sl_settings_init(struct sl_settings *s);
void sl_settings_clear(struct sl_settings *s);

/* The git config sections seclint's settings live in ({ "seclint", NULL }). */
extern const char *const sl_settings_sections[];
/* The seclint.* keys: any unknown key, rule or level is an error. */
gboolean sl_settings_from_gitconfig(struct sl_settings *s,
				    const struct sl_gitconfig *cfg,
				    GError **error);

/* Command-line flags; a later one wins over an earlier one. */
gboolean sl_settings_disable(struct sl_settings *s, const char *option,
			     const char *list, GError **error);
gboolean sl_settings_enable(struct sl_settings *s, const char *list,
			    GError **error);
gboolean sl_settings_severity(struct sl_settings *s, const char *assignment,
			      GError **error);

/* @src (the command line) over @dst (git config). */
void sl_settings_merge(struct sl_settings *dst, const struct sl_settings *src);

/* The policy (@path, else the default) with the profile and rule choices. */
struct sl_policy *sl_settings_open_policy(const struct sl_settings *s,
					  const char *path, GError **error);

/* For a front end without options: git config over the defaults. */
struct sl_policy *sl_settings_load(struct sl_settings *s,
				   const struct sl_gitconfig *cfg,
				   GError **error);

/* The least severity shown: all, or with --quiet what fails the run. */
enum sl_severity sl_settings_shown(const struct sl_settings *s);
int sl_settings_exit_code(const struct sl_settings *s,
			  const struct sl_output *output);

#endif
