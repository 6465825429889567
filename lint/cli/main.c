// SPDX-License-Identifier: GPL-2.0-only
/*
 * seclint: check an outgoing mail against the documented rules for
 * reporting Linux kernel security bugs.
 *
 * Exit status: 0 clean (warnings allowed), 1 a rule at error severity
 * fired, 2 usage or input error.
 */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <gmime/gmime.h>

#include "address.h"
#include "check.h"
#include "errors.h"
#include "explain.h"
#include "fix.h"
#include "gitconfig.h"
#include "modes.h"
#include "output.h"
#include "policy.h"
#include "repo.h"
#include "rule.h"
#include "settings.h"
#include "thread.h"

struct options {
	char **to, **cc, **bcc;
	char *format;
	char *policy;
	char *profile;
	char *color;
	char *explain;
	gboolean list_rules;
	gboolean list_profiles;
	gboolean version;
	gboolean staged;
	gboolean ai_assisted;
	char *repo;
	gboolean no_repo;
	gboolean security;
	gboolean embargoed;
	gint jobs;		/* -1: not given */
	char **files;
	struct sl_settings cli;	/* --disable, --enable, --severity, ... */
	struct sl_fix_options fix;
};

static gboolean add_extra(GPtrArray *extra, const char *header, char **addrs,
			  GError **error)
{
	for (char **a = addrs; a && *a; a++)
		if (!sl_address_add_header(extra, header, *a, error))
			return FALSE;
	return TRUE;
}

static gboolean want_color(const char *mode, GError **error)
{
	if (!mode || !strcmp(mode, "auto"))
		return isatty(STDOUT_FILENO) && !g_getenv("NO_COLOR");
	if (!strcmp(mode, "always") || !strcmp(mode, "never"))
		return !strcmp(mode, "always");
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
		    "--color takes auto, always or never, not '%s'", mode);
	return FALSE;
}

static gboolean parse_format(const char *name, enum sl_format *format,
			     GError **error)
{
	if (!name || !strcmp(name, "text"))
		*format = SL_FORMAT_TEXT;
	else if (!strcmp(name, "json"))
		*format = SL_FORMAT_JSON;
	else if (!strcmp(name, "sarif"))
		*format = SL_FORMAT_SARIF;
	else {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "--format takes text, json or sarif, not '%s'", name);
		return FALSE;
	}
	return TRUE;
}

static gboolean on_disable(const char *option, const char *value,
			   gpointer data, GError **error)
{
	struct options *o = data;

	return sl_settings_disable(&o->cli, option, value, error);
}

static gboolean on_enable(const char *option, const char *value,
			  gpointer data, GError **error)
{
	struct options *o = data;

	(void)option;
	return sl_settings_enable(&o->cli, value, error);
}

static gboolean on_severity(const char *option, const char *value,
			    gpointer data, GError **error)
{
	struct options *o = data;

	(void)option;
	return sl_settings_severity(&o->cli, value, error);
}

static gboolean parse_args(int *argc, char ***argv, struct options *o,
			   GError **error)
{
	GOptionEntry entries[] = {
		{ "to", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->to,
		  "Check as if also sent To ADDR (repeatable)", "ADDR" },
		{ "cc", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->cc,
		  "Check as if also Cc'd to ADDR (repeatable)", "ADDR" },
		{ "bcc", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->bcc,
		  "Check as if also Bcc'd to ADDR (repeatable)", "ADDR" },
		{ "format", 0, 0, G_OPTION_ARG_STRING, &o->format,
		  "Output format: text (default), json or sarif", "FORMAT" },
		{ "color", 0, 0, G_OPTION_ARG_STRING, &o->color,
		  "Colour: auto (default), always, never", "WHEN" },
		{ "policy", 0, 0, G_OPTION_ARG_FILENAME, &o->policy,
		  "Read the list policy from FILE", "FILE" },
		{ "profile", 0, 0, G_OPTION_ARG_STRING, &o->profile,
		  "Judge by document revision NAME (default "
		  SL_DEFAULT_PROFILE ")", "NAME" },
		{ "disable", 0, 0, G_OPTION_ARG_CALLBACK, on_disable,
		  "Switch rules off (comma-separated, repeatable)", "RULE" },
		{ "enable", 0, 0, G_OPTION_ARG_CALLBACK, on_enable,
		  "Switch on rules the profile leaves off, at their default "
		  "severity", "RULE" },
		{ "severity", 0, 0, G_OPTION_ARG_CALLBACK, on_severity,
		  "Judge RULE at LEVEL: off, info, warning, error "
		  "(repeatable)", "RULE=LEVEL" },
		{ "strict", 0, 0, G_OPTION_ARG_NONE, &o->cli.strict,
		  "Fail (exit 1) on warnings too", NULL },
		{ "quiet", 'q', 0, G_OPTION_ARG_NONE, &o->cli.quiet,
		  "Print only the findings that make the run fail", NULL },
		{ "list-rules", 0, 0, G_OPTION_ARG_NONE, &o->list_rules,
		  "List the rules and their severities", NULL },
		{ "list-profiles", 0, 0, G_OPTION_ARG_NONE, &o->list_profiles,
		  "List the profiles and the document revisions each "
		  "follows", NULL },
		{ "explain", 0, 0, G_OPTION_ARG_STRING, &o->explain,
		  "Explain rule ID: why, source, examples", "ID" },
		{ "staged", 0, 0, G_OPTION_ARG_NONE, &o->staged,
		  "Check the staged mail files of this git repository "
		  "(pre-commit)", NULL },
		{ "repo", 0, 0, G_OPTION_ARG_FILENAME, &o->repo,
		  "Compare patches and files with the git repository DIR "
		  "(default: the one the current directory is in)", "DIR" },
		{ "no-repo", 0, 0, G_OPTION_ARG_NONE, &o->no_repo,
		  "Do not look at any git repository", NULL },
		{ "security", 0, 0, G_OPTION_ARG_NONE, &o->security,
		  "The message is a security report (for one sent only to "
		  "maintainers)", NULL },
		{ "embargoed", 0, 0, G_OPTION_ARG_NONE, &o->embargoed,
		  "The issue the message is about is under embargo", NULL },
		{ "jobs", 'j', 0, G_OPTION_ARG_INT, &o->jobs,
		  "Lint the messages of an mbox on N threads (default: the "
		  "number of processors)", "N" },
		{ "ai-assisted", 0, 0, G_OPTION_ARG_NONE, &o->ai_assisted,
		  "Say that AI helped find or write this up (checks that "
		  "the message says so)", NULL },
		{ "version", 0, 0, G_OPTION_ARG_NONE, &o->version,
		  "Print the version", NULL },
		{ G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY,
		  &o->files, NULL, "FILE..." },
		{ NULL, 0, 0, 0, NULL, NULL, NULL },
	};
	/* GLib's usage line is "seclint [OPTION…]", then the FILE... of
	 * G_OPTION_REMAINING above, then this. */
	g_autoptr(GOptionContext) ctx = g_option_context_new(
		"- check outgoing mail against the kernel security "
		"reporting rules");
	GOptionGroup *main_group = g_option_group_new(NULL, NULL, NULL, o,
						      NULL);

	g_option_group_add_entries(main_group, entries);
	g_option_context_set_main_group(ctx, main_group);
	g_option_context_add_main_entries(ctx, sl_fix_option_entries(&o->fix),
					   NULL);
	g_option_context_set_description(ctx,
		"FILE may be a message, an mbox or git format-patch output; "
		"'-' reads standard input.\n"
		"Settings also come from git config: seclint.profile, "
		"seclint.disable, seclint.RULE.severity, seclint.strict; "
		"options win.\n"
		"Exit status: 0 clean (warnings allowed), 1 an error-severity "
		"finding, 2 usage or input error.");
	gboolean ok;

	/*
	 * --help is printed by GLib with g_print(), which converts its text to
	 * the locale's character set: in the C locale its "…" comes out as
	 * "?".  So the user's character set while the options are parsed,
	 * and the C locale again for the checks: GMime read the character
	 * set at g_mime_init(), before this, and a finding must not depend on
	 * the locale it was made in.
	 */
	setlocale(LC_CTYPE, "");
	ok = g_option_context_parse(ctx, argc, argv, error);
	setlocale(LC_CTYPE, "C");
	return ok;
}

static void options_clear(struct options *o)
{
	g_strfreev(o->to);
	g_strfreev(o->cc);
	g_strfreev(o->bcc);
	g_free(o->format);
	g_free(o->policy);
	g_free(o->profile);
	g_free(o->color);
	g_free(o->explain);
	g_free(o->repo);
	g_strfreev(o->files);
	sl_settings_clear(&o->cli);
	sl_fix_options_clear(&o->fix);
}

static int usage_error(const GError *error)
{
	fprintf(stderr, "seclint: %s\n", error->message);
	return 2;
}

static int check_files(const struct options *o,
		       const struct sl_settings *settings,
		       const struct sl_policy *policy, GError **error)
{
	g_autoptr(GPtrArray) extra = sl_address_list_new();
	struct sl_output output;
	enum sl_format format;
	/* Opened lazily, when a rule first asks about the repository. */
	g_autoptr(sl_repo) repo = o->no_repo ? NULL : sl_repo_new(o->repo);
	struct sl_lint_options lint = { repo, o->security, o->embargoed,
				       o->ai_assisted };
	/* The inputs are one run: a series in files replies to itself. */
	g_autoptr(sl_thread_set) threads = sl_thread_set_new_in_process();
	struct sl_run run = { policy, &output, extra, 1, &lint,
			      .shown = sl_settings_shown(settings),
			      .threads = threads };
	gboolean color;

	if (!parse_format(o->format, &format, error))
		return usage_error(*error);
	color = want_color(o->color, error);
	if (*error)
		return usage_error(*error);
	if (o->jobs != -1 && (o->jobs < 1 || o->jobs > 1024)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
			    "-j takes a number from 1 to 1024, not %d", o->jobs);
		return usage_error(*error);
	}
	if (o->repo && !o->no_repo && !sl_repo_check(repo, error))
		return usage_error(*error);
	run.jobs = o->jobs == -1 ? g_get_num_processors() : (unsigned)o->jobs;
	if (!add_extra(extra, "To", o->to, error) ||
	    !add_extra(extra, "Cc", o->cc, error) ||
	    !add_extra(extra, "Bcc", o->bcc, error))
		return usage_error(*error);
	sl_output_init(&output, format, color, stdout);
	sl_output_set_policy(&output, policy);
	if (sl_fix_wanted(&o->fix)) {
		int status = sl_fix_files(&o->fix, &run, o->files, o->staged);

		/* --strict: warnings left in the fixed message fail too. */
		return status ? status : sl_settings_exit_code(settings,
							       &output);
	}
	if (o->staged && !sl_staged_check(&run, error))
		sl_output_input_error(&output, "(git index)", *error);
	for (char **f = o->files; f && *f; f++)
		sl_run_path(&run, *f);
	sl_output_finish(&output);
	return sl_settings_exit_code(settings, &output);
}

/* git config, then the command line over it. */
static struct sl_policy *open_policy(struct options *o,
				     struct sl_settings *settings,
				     GError **error)
{
	/* --staged loads libgit2 anyway: then it reads git config too. */
	g_autoptr(sl_gitconfig) cfg =
		sl_gitconfig_read(o->staged, sl_settings_sections, error);

	if (!cfg || !sl_settings_from_gitconfig(settings, cfg, error))
		return NULL;
	o->cli.profile = g_strdup(o->profile);
	sl_settings_merge(settings, &o->cli);
	return sl_settings_open_policy(settings, o->policy, error);
}

static int run_settings(struct options *o, const struct sl_settings *settings,
			const struct sl_policy *policy, GError **error)
{
	if (o->list_rules) {
		sl_list_rules(stdout, policy);
		return 0;
	}
	if (o->list_profiles)
		return sl_list_profiles(stdout, policy, error)
			       ? 0 : usage_error(*error);
	if (o->explain)
		return sl_explain(stdout, policy, o->explain, error)
			       ? 0 : usage_error(*error);
	if (!o->staged && (!o->files || !*o->files)) {
		fprintf(stderr, "seclint: no input (give FILE..., or '-' for "
				"standard input; see --help)\n");
		return 2;
	}
	return check_files(o, settings, policy, error);
}

static int run_options(struct options *o, GError **error)
{
	struct sl_settings settings;
	g_autoptr(sl_policy) policy = NULL;
	int status;

	sl_settings_init(&settings);
	policy = open_policy(o, &settings, error);
	status = policy ? run_settings(o, &settings, policy, error)
			: usage_error(*error);
	sl_settings_clear(&settings);
	return status;
}

/* seclint as a hook file's interpreter: @argv is FILE ARGS. */
static int run_hook_file(int argc, char **argv)
{
	g_autofree char *hook = g_path_get_basename(argv[0]);

	if (!strcmp(hook, "sendemail-validate"))
		return sl_hook_main(argc - 1, argv + 1);
	fprintf(stderr, "seclint: %s: not a hook seclint knows (only "
			"sendemail-validate)\n", argv[0]);
	return 2;
}

/* The sub-commands, and seclint installed under a hook's name. */
static int run_mode(int argc, char **argv)
{
	g_autofree char *self = g_path_get_basename(argv[0]);

	if (!strcmp(self, "sendemail-validate"))
		return sl_hook_main(argc - 1, argv + 1);
	if (argc >= 3 && !strcmp(argv[1], SL_RUN_HOOK))
		return run_hook_file(argc - 2, argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "hook") &&
	    !strcmp(argv[2], "sendemail-validate"))
		return sl_hook_main(argc - 3, argv + 3);
	if (argc >= 2 && !strcmp(argv[1], "install-hook"))
		return sl_install_hook_main(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "sendmail"))
		return sl_sendmail_main(argc - 2, argv + 2);
	return -1;
}

/*
 * glibc raises its mmap threshold to the size of each mapped block freed
 * (up to 32 MiB), and its trim threshold to twice that.  After one message
 * of a few megabytes (its bytes, its body), every later buffer up to that
 * size comes from the heaps, and up to twice as much freed memory stays
 * resident in each thread's heap, so the peak depended on where the long
 * messages of an mbox fall.  The default threshold, fixed, keeps large
 * buffers mapped and gives them back when freed (the bench's 170 MB
 * corpus: peak RSS -j 1 20.5 -> 16.6 MB, -j 2 26.2 -> 18.6 MB; the fresh
 * pages cost some 0.04 s of system time in 2.6 s of CPU).
 */
static void allocator_policy(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

int main(int argc, char **argv)
{
	struct options o = { .jobs = -1 };
	g_autoptr(GError) error = NULL;
	int status;

	allocator_policy();
	g_mime_init();
	status = run_mode(argc, argv);
	if (status >= 0) {
		g_mime_shutdown();
		return status;
	}
	sl_settings_init(&o.cli);
	if (!parse_args(&argc, &argv, &o, &error)) {
		status = usage_error(error);
	} else if (o.version) {
		printf("seclint %s (default profile %s)\n", SECLINT_VERSION,
		       SL_DEFAULT_PROFILE);
		status = 0;
	} else {
		status = run_options(&o, &error);
	}
	options_clear(&o);
	g_mime_shutdown();
	return status;
}
