// SPDX-License-Identifier: GPL-2.0-only
/*
 * What rules may ask beyond the digest: the flags of the run (--security,
 * --embargoed) and the repository.  Without a repository every repository
 * question has the answer "unknown" (NULL, FALSE, empty), so the rules
 * that need one stay silent.
 */
#include <string.h>

#include "address.h"
#include "context.h"
#include "facts.h"
#include "fixref.h"
#include "maintainers.h"
#include "matches.h"
#include "message.h"
#include "patch.h"
#include "policy.h"
#include "regex-cache.h"
#include "reply-prefix.h"
#include "repo.h"
#include "rule.h"
#include "text.h"

/* The run's flags: none without facts (a check made by hand, in a test) or
 * options. */
static const struct sl_lint_options *options_of(const struct sl_check *c)
{
	static const struct sl_lint_options none;

	return c->facts && c->facts->options ? c->facts->options : &none;
}

static struct sl_repo *repo_of(const struct sl_check *c)
{
	return options_of(c)->repo;
}

gboolean sl_check_has_repo(struct sl_check *c)
{
	struct sl_repo *repo = repo_of(c);

	return repo && sl_repo_available(repo);
}

gboolean sl_check_has_upstream(struct sl_check *c)
{
	return sl_check_has_repo(c) && sl_repo_has_upstream(repo_of(c));
}

gboolean sl_check_embargoed(const struct sl_check *c)
{
	return options_of(c)->embargoed;
}

gboolean sl_check_ai_assisted(const struct sl_check *c)
{
	return options_of(c)->ai_assisted;
}

/* The keys of this module's facts (rules/lib/facts.h). */
static const char patches_key, kernel_issue_key;

static const GPtrArray *no_patches(void)
{
	static GPtrArray empty;	/* len 0: never indexed */

	return &empty;
}

/*
 * libgit2 parses the message's patch only when there is one and a
 * repository to compare it with.
 */
const GPtrArray *sl_check_patches(struct sl_check *c)
{
	if (!sl_text_has_patch(c->msg->body->str) || !sl_check_has_repo(c))
		return no_patches();
	struct sl_facts_slot *s = sl_facts_slot(c->facts, &patches_key);

	if (!s->filled)
		sl_facts_fill(s, sl_repo_patches(repo_of(c),
						 c->msg->body->str),
			      (GDestroyNotify)g_ptr_array_unref);
	return s->data;
}

char *sl_check_patch_upstream(struct sl_check *c, const struct sl_patch *p)
{
	return sl_check_has_repo(c) ? sl_repo_patch_upstream(repo_of(c), p)
				    : NULL;
}

char *sl_check_commit_upstream(struct sl_check *c, const char *rev)
{
	return sl_check_has_repo(c) ? sl_repo_commit_upstream(repo_of(c), rev)
				    : NULL;
}

gboolean sl_check_commit_released(struct sl_check *c, const char *rev)
{
	return sl_check_has_repo(c) && sl_repo_commit_released(repo_of(c), rev);
}

const struct sl_maintainers *sl_check_maintainers(struct sl_check *c)
{
	return sl_check_has_repo(c) ? sl_repo_maintainers(repo_of(c)) : NULL;
}

char *sl_check_canonical_address(struct sl_check *c, const char *addr)
{
	char *mapped = sl_check_has_repo(c) ?
		       sl_repo_mailmap(repo_of(c), addr) : NULL;

	return mapped ? mapped : g_strdup(addr);
}

/*
 * The policy's patterns first: only an address they do not know makes the
 * repository's MAINTAINERS worth reading.
 */
gboolean sl_check_is_mailing_list(struct sl_check *c, const char *addr)
{
	const struct sl_maintainers *m;

	if (sl_policy_is_mailing_list(c->policy, addr))
		return TRUE;
	m = sl_check_maintainers(c);
	return m && sl_maintainers_is_list(m, addr);
}

/* A path in the kernel's top-level directories, to a source file. */
static const char kernel_path[] =
	"(?<![\\w/.-])((?:arch|block|certs|crypto|drivers|fs|include|init|"
	"io_uring|ipc|kernel|lib|mm|net|rust|samples|scripts|security|sound|"
	"tools|usr|virt)/[\\w./+-]*[\\w+-]\\.(?:c|h|S|rs))(?![\\w/])";

static void add_unique(GPtrArray *files, const char *path)
{
	for (guint i = 0; i < files->len; i++)
		if (!strcmp(files->pdata[i], path))
			return;
	g_ptr_array_add(files, g_strdup(path));
}

char **sl_check_named_files(struct sl_check *c)
{
	const GPtrArray *patches = sl_check_patches(c);
	GPtrArray *files = g_ptr_array_new();
	const char *own = sl_facts_own_text(c->facts);
	g_autoptr(sl_matches) mi = sl_matches_fixed(kernel_path, 0, own, -1);

	for (guint i = 0; i < patches->len; i++) {
		const struct sl_patch *p = patches->pdata[i];

		for (char **f = p->files; *f; f++)
			add_unique(files, *f);
	}
	while (sl_matches_next(mi)) {
		g_autofree char *path = sl_matches_fetch(mi, 1);

		add_unique(files, path);
	}
	g_ptr_array_add(files, NULL);
	return (char **)g_ptr_array_free(files, FALSE);
}

static gboolean is_kernel_issue(struct sl_check *c)
{
	/* Two patterns: with a "^" branch among the others, PCRE2 would try
	 * the words at every byte of the text, not only where one starts. */
	static const char words[] =
		"(?i)\\blinux(?:[- ]kernel| v?[0-9]+\\.[0-9]+)|"
		"\\bkernel (?:panic|oops|BUG)|\\bsyzbot\\b";
	static const char prefix[] = "(?i)^(?:\\[[^]]*\\] *)*(?:kernel|linux):";
	const struct sl_maintainers *m;
	const char *own = sl_facts_own_text(c->facts);
	g_autoptr(GRegex) re = sl_regex_new(kernel_path, 0, 0, NULL);

	if ((c->msg->subject &&
	     (sl_regex_match_simple(words, c->msg->subject, 0, 0) ||
	      sl_regex_match_simple(prefix, c->msg->subject, 0, 0))) ||
	    sl_regex_match_simple(words, own, 0, 0) ||
	    sl_regex_match_simple(prefix, own, G_REGEX_MULTILINE, 0) ||
	    sl_regex_matches(re, own, 0) ||
	    (c->msg->subject && sl_regex_matches(re, c->msg->subject, 0)))
		return TRUE;
	m = sl_check_maintainers(c);
	return m && sl_maintainers_is_kernel(m);
}

/* The same for every rule that asks: once per message. */
gboolean sl_check_is_kernel_issue(struct sl_check *c)
{
	struct sl_facts_slot *s = sl_facts_slot(c->facts, &kernel_issue_key);

	if (!s->filled)
		sl_facts_fill(s, GINT_TO_POINTER(is_kernel_issue(c)), NULL);
	return GPOINTER_TO_INT(s->data);
}

/* The Subject without "Re:", "[PATCH v2 1/3]" and the like. */
static char *bare_subject(const char *subject)
{
	g_autoptr(GRegex) re = sl_regex_new(
		"^(?:\\s*(?:" SL_REPLY_PREFIX "|\\[[^]]*\\]))*\\s*",
		G_REGEX_CASELESS, 0, NULL);

	return g_strstrip(g_regex_replace(re, subject ? subject : "", -1, 0,
					  "", 0, NULL));
}

/*
 * A patch whose patch-id matches is the same change; one whose Subject
 * is the summary of an upstream commit on the same file is its backport
 * or rework (the diff differs, say after a conflict).
 */
static char *patch_upstream(struct sl_check *c, const struct sl_patch *p)
{
	g_autofree char *found = sl_check_patch_upstream(c, p);
	g_autofree char *summary = NULL;

	if (found)
		return g_strdup_printf("its patch is upstream as commit %s",
				       found);
	summary = bare_subject(c->msg->subject);
	if (*summary && (found = sl_repo_summary_upstream(repo_of(c), p,
							  summary)))
		return g_strdup_printf("a commit with its subject is upstream, "
				       "%s", found);
	return NULL;
}

/* Nothing is upstream without upstream tips: asked first, so a repository
 * without them costs no question to the git thread per message. */
char *sl_check_fix_upstream(struct sl_check *c, const char *own)
{
	const GPtrArray *patches;
	g_auto(GStrv) commits = NULL;
	char *found;

	if (!sl_check_has_upstream(c))
		return NULL;
	patches = sl_check_patches(c);
	for (guint i = 0; i < patches->len; i++)
		if ((found = patch_upstream(c, patches->pdata[i])))
			return found;
	commits = sl_text_fix_commits(own);
	for (char **id = commits; *id; id++) {
		g_autofree char *up = sl_check_commit_upstream(c, *id);

		if (up)
			return g_strdup_printf("the fix it names, %s, is "
					       "upstream", up);
	}
	return NULL;
}
