// SPDX-License-Identifier: GPL-2.0-only
/*
 * The repository a message is checked in: whether its patches are already
 * upstream, and its MAINTAINERS.
 *
 * Nothing is opened when the handle is made.  The first question a rule
 * asks opens the repository (and initialises libgit2), and only rules
 * whose recipients make the question matter ask it, after the message was
 * found to hold a patch or to name files.  So the send-email hook, which
 * runs for every patch of every series, pays nothing for an ordinary
 * patch to a public list.  Outside any repository (sl_repo_may_find())
 * libgit2 is not started at all.  Nor, in a repository of the common shape,
 * for what the hook of a patch to security@ asks: where the repository is
 * (locate.c), MAINTAINERS (from the work tree and its cache), the files of
 * a well-formed patch (patch.c) and .mailmap (mailmap.c) are read without
 * it; the history (upstream, releases, patch-ids) needs libgit2.
 *
 * "Upstream" is what the remote-tracking branches hold: the config
 * seclint.upstream (multi-valued: ref names such as origin/master or
 * refs/remotes/torvalds/master, or a ref name with a '*' glob), and by
 * default every branch under refs/remotes/.  The history is walked once
 * per run, as far as the seclint.upstreamDepth (10000) newest commits
 * reachable from those tips.  For a patch, the commits that change its
 * first path are found by comparing tree entries (no diff), once per
 * path; only those get a patch-id, which is cached.  So a 20-patch series
 * walks the history once.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "address.h"
#include "env-flag.h"
#include "errors.h"
#include "locate.h"
#include "mailmap.h"
#include "maint-cache.h"
#include "maintainers.h"
#include "patch.h"
#include "regex-cache.h"
#include "repo.h"

/* Release tags looked at for "released": the newest by commit time. */
#define SL_RELEASE_TAGS 32

struct fixture_commit {
	char *sha;
	char *patch_id;
	char *subject;
	gboolean released;
};

/* An upstream commit with one parent or none: merges have no patch. */
struct walked {
	git_oid commit;
	git_oid tree;
	git_oid parent_tree;
	gboolean root;
};

struct upstream {
	GArray *tips;		/* of git_oid */
	gboolean indexed;	/* commits is filled */
	GArray *commits;	/* of struct walked, newest first */
	GHashTable *by_path;	/* path -> GArray of git_oid touching it */
	GHashTable *patch_ids;	/* commit hex -> patch-id hex */
};

struct sl_repo {
	char *path;		/* NULL: from the environment */
	GMutex lock;		/* for thread, and query.done */
	GCond answered;
	GThread *thread;	/* the git thread, once started */
	GAsyncQueue *queries;	/* of struct query, for it */
	gboolean tried;		/* locating was attempted */
	char *gitdir;		/* located: the git directory, with a '/' */
	char *workdir;		/* and the work tree, or NULL (bare) */
	gboolean light;		/* located without libgit2 (locate.c) */
	gboolean git_tried;	/* opening with libgit2 was attempted */
	char *open_error;	/* why it could not be opened */
	gboolean libgit2;	/* git_libgit2_init() was called */
	git_repository *git;
	struct upstream *up;
	GHashTable *revs;	/* rev -> description or "" (not upstream) */
	GArray *releases;	/* of git_oid, newest first; NULL: not read */
	gboolean maint_tried;
	struct sl_maintainers *maint;
	gboolean mailmap_tried;
	git_mailmap *mailmap;
	struct sl_mailmap *own_mailmap;	/* read without libgit2 */
	GHashTable *aliases;	/* fixture: address -> address */
	GPtrArray *fixture;	/* of struct fixture_commit; NULL: real repo */
	/* sl_repo_available() once answered, 1: no, 2: yes; 0: not yet.
	 * Atomic: rules ask it for every message, from every lint thread. */
	gint available;
	/* The same for sl_repo_has_upstream(); and sl_repo_maintainers()
	 * has been answered (r->maint is final).  A question to the git
	 * thread costs a wake-up each way: with two per message, 20% of a
	 * run over mail to security@ went to the futexes. */
	gint has_upstream;
	gint maint_known;
};

struct sl_repo *sl_repo_new(const char *path)
{
	struct sl_repo *r = g_new0(struct sl_repo, 1);

	r->path = g_strdup(path);
	g_mutex_init(&r->lock);
	g_cond_init(&r->answered);
	r->revs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					g_free);
	return r;
}

static void upstream_free(struct upstream *up)
{
	if (!up)
		return;
	g_array_unref(up->tips);
	g_array_unref(up->commits);
	g_hash_table_unref(up->by_path);
	g_hash_table_unref(up->patch_ids);
	g_free(up);
}

static void fixture_commit_free(gpointer p)
{
	struct fixture_commit *fc = p;

	g_free(fc->sha);
	g_free(fc->patch_id);
	g_free(fc->subject);
	g_free(fc);
}

/*
 * A question for the git thread.  All libgit2 work of a repository runs
 * on one thread of its own: a git_repository must not be used by two
 * threads at once anyway, and libgit2 frees a thread's error state only
 * when that thread exits, which the lint threads (GLib's pool) never do.
 */
struct query {
	void (*ask)(struct sl_repo *r, struct query *q);	/* NULL: stop */
	/* The answer without libgit2, on the asker's thread: FALSE where
	 * it needs libgit2 (then @ask is asked on the git thread).  NULL:
	 * always the git thread. */
	gboolean (*light)(struct sl_repo *r, struct query *q);
	const char *text;	/* a rev, or a message body */
	const struct sl_patch *patch;
	gpointer answer;
	gboolean yes;
	gboolean done;
};

/* Every call loads libgit2 (lint/util/git2-lazy.c): none if unused. */
static void release_git(struct sl_repo *r)
{
	if (!r->libgit2)
		return;
	git_mailmap_free(r->mailmap);
	r->mailmap = NULL;
	git_repository_free(r->git);
	r->git = NULL;
	git_libgit2_shutdown();
	r->libgit2 = FALSE;
}

static gpointer git_thread(gpointer data)
{
	struct sl_repo *r = data;
	gboolean stop;

	do {
		struct query *q = g_async_queue_pop(r->queries);

		/* @q is the asker's: not to be read once it is done. */
		stop = !q->ask;
		if (stop)
			release_git(r);
		else
			q->ask(r, q);
		g_mutex_lock(&r->lock);
		q->done = TRUE;
		g_cond_broadcast(&r->answered);
		g_mutex_unlock(&r->lock);
	} while (!stop);
	return NULL;
}

/*
 * Has the git thread answer @q; from any thread.  Until the git thread
 * is started (until a question needs libgit2), a question that can be
 * answered without libgit2 is answered here, under the lock: the hook
 * in a repository of the common shape asks only such (where the
 * repository is, its MAINTAINERS, its .mailmap), and a thread started
 * for them and a wake-up each way for each of its dozen questions were
 * most of its context switches (50 in a 6 ms process).  Once the thread
 * runs, it answers everything, as the fields the light answers read are
 * then its own.
 */
static void ask(struct sl_repo *r, struct query *q)
{
	g_mutex_lock(&r->lock);
	if (!r->thread && q->light && q->light(r, q)) {
		g_mutex_unlock(&r->lock);
		return;
	}
	if (!r->thread) {
		r->queries = g_async_queue_new();
		r->thread = g_thread_new("seclint-git", git_thread, r);
	}
	g_mutex_unlock(&r->lock);
	g_async_queue_push(r->queries, q);
	g_mutex_lock(&r->lock);
	while (!q->done)
		g_cond_wait(&r->answered, &r->lock);
	g_mutex_unlock(&r->lock);
}

void sl_repo_free(struct sl_repo *r)
{
	struct query stop = { 0 };

	if (!r)
		return;
	if (r->thread) {
		ask(r, &stop);
		g_thread_join(r->thread);
		g_async_queue_unref(r->queries);
	}
	upstream_free(r->up);
	g_hash_table_unref(r->revs);
	if (r->releases)
		g_array_unref(r->releases);
	sl_maintainers_free(r->maint);
	if (r->fixture)
		g_ptr_array_unref(r->fixture);
	if (r->aliases)
		g_hash_table_unref(r->aliases);
	g_cond_clear(&r->answered);
	g_mutex_clear(&r->lock);
	g_free(r->open_error);
	g_free(r->gitdir);
	g_free(r->workdir);
	sl_mailmap_free(r->own_mailmap);
	g_free(r->path);
	g_free(r);
}

static void ensure_libgit2(struct sl_repo *r)
{
	if (!r->libgit2)
		git_libgit2_init();
	r->libgit2 = TRUE;
}

/* @dir may be a repository, or hold one as ".git" (a directory or a
 * gitfile): it has either name in it, or cannot be read to tell. */
static gboolean may_hold_repository(const char *dir)
{
	static const char *const names[] = { ".git", "HEAD" };

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
		g_autofree char *path = g_build_filename(dir, names[i], NULL);
		struct stat st;

		if (!lstat(path, &st) || errno != ENOENT)
			return TRUE;
	}
	return FALSE;
}

/*
 * Could libgit2 find a repository from the environment?  It opens $GIT_DIR
 * if set, else searches up from the working directory (its physical path,
 * as getcwd() gives it) for a directory that holds ".git" or is a bare
 * repository, which has a HEAD; GIT_CEILING_DIRECTORIES only stops the
 * search early.  So with no GIT_DIR and neither name in the working
 * directory or any above it, there is none, and libgit2 (with the TLS and
 * SSH libraries it loads, some 5 MB and more start-up than a message
 * costs) is never started.  Anything unsure hands over to libgit2.
 */
gboolean sl_repo_may_find(void)
{
	char cwd[PATH_MAX];
	g_autofree char *dir = NULL;

	if (g_getenv("GIT_DIR") || !getcwd(cwd, sizeof(cwd)) || cwd[0] != '/')
		return TRUE;
	for (dir = g_strdup(cwd);; ) {
		g_autofree char *up = NULL;

		if (may_hold_repository(dir))
			return TRUE;
		up = g_path_get_dirname(dir);
		if (!strcmp(up, dir))
			return FALSE;	/* "/" was the last */
		g_free(dir);
		dir = g_steal_pointer(&up);
	}
}

/*
 * SECLINT_CHECK_GIT=1: every answer found without libgit2 (the repository,
 * a patch's files, the mailmap) is also asked of libgit2, and a difference
 * aborts.
 */
static gboolean check_git(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_GIT", "1");
}

static void differs(const char *what, const char *ours, const char *libgit2)
{
	fprintf(stderr, "seclint: SECLINT_CHECK_GIT: %s: '%s' here, '%s' by "
		"libgit2\n", what, ours ? ours : "(none)",
		libgit2 ? libgit2 : "(none)");
	abort();
}

/* Opened with libgit2.  On the git thread, as every static function below
 * that uses libgit2. */
static gboolean ensure_git(struct sl_repo *r)
{
	const git_error *e;
	int rc;

	if (r->git_tried)
		return r->git != NULL;
	r->git_tried = TRUE;
	if (!r->path && !sl_repo_may_find() && !check_git())
		return FALSE;
	ensure_libgit2(r);
	/* FROM_ENV: searches up from ".", honours GIT_DIR (the hook's). */
	if (r->path)
		rc = git_repository_open_ext(&r->git, r->path, 0, NULL);
	else
		rc = git_repository_open_ext(&r->git, NULL,
					     GIT_REPOSITORY_OPEN_FROM_ENV, NULL);
	if (rc < 0) {
		e = git_error_last();
		r->git = NULL;
		r->open_error = g_strdup(e && e->message ? e->message
					 : "not found");
	}
	return r->git != NULL;
}

static void check_located(struct sl_repo *r)
{
	gboolean found = ensure_git(r);

	if (!found != !r->gitdir)
		differs("repository", r->gitdir, found ? "found" : NULL);
	if (!found)
		return;
	if (strcmp(r->gitdir, git_repository_path(r->git)))
		differs("git directory", r->gitdir, git_repository_path(r->git));
	if (g_strcmp0(r->workdir, git_repository_workdir(r->git)))
		differs("work tree", r->workdir, git_repository_workdir(r->git));
}

/*
 * The repository's git directory and work tree: without libgit2 where
 * that is certain (lint/repo/locate.c), else opened with libgit2.
 */
static gboolean ensure_located(struct sl_repo *r)
{
	if (r->fixture)
		return TRUE;
	if (r->tried)
		return r->gitdir != NULL;
	r->tried = TRUE;
	if (!r->path &&
	    sl_repo_locate(&r->gitdir, &r->workdir) != SL_LOCATE_UNSURE) {
		r->light = TRUE;
		if (check_git())
			check_located(r);
		return r->gitdir != NULL;
	}
	if (!ensure_git(r))
		return FALSE;
	r->gitdir = g_strdup(git_repository_path(r->git));
	r->workdir = g_strdup(git_repository_workdir(r->git));
	return TRUE;
}

/*
 * ensure_located() where it needs no libgit2: TRUE, with *@found, if it
 * answered; FALSE if only libgit2 can tell (a --repo path, the check
 * mode, a repository locate.c is unsure of), having changed nothing but
 * what locate.c found, which the git thread finds again.
 */
static gboolean located_light(struct sl_repo *r, gboolean *found)
{
	if (r->fixture || r->tried) {
		*found = ensure_located(r);
		return TRUE;
	}
	if (r->path || check_git())
		return FALSE;
	if (sl_repo_locate(&r->gitdir, &r->workdir) == SL_LOCATE_UNSURE)
		return FALSE;
	r->tried = TRUE;
	r->light = TRUE;
	*found = r->gitdir != NULL;
	return TRUE;
}

/* Opened with libgit2, for what only libgit2 answers (the history). */
static gboolean ensure_open(struct sl_repo *r)
{
	return ensure_located(r) && (r->fixture || ensure_git(r));
}

static void ask_available(struct sl_repo *r, struct query *q)
{
	q->yes = ensure_located(r);
}

static gboolean light_available(struct sl_repo *r, struct query *q)
{
	return located_light(r, &q->yes);
}

/* Opening is tried once: the answer never changes after the first. */
gboolean sl_repo_available(struct sl_repo *r)
{
	struct query q = { .ask = ask_available, .light = light_available };
	gint known = g_atomic_int_get(&r->available);

	if (known)
		return known == 2;
	ask(r, &q);
	g_atomic_int_set(&r->available, q.yes ? 2 : 1);
	return q.yes;
}

gboolean sl_repo_check(struct sl_repo *r, GError **error)
{
	if (sl_repo_available(r))
		return TRUE;
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_USAGE,
		    "--repo %s: not a git repository (%s)", r->path,
		    r->open_error);
	return FALSE;
}

static void ask_patches(struct sl_repo *r, struct query *q)
{
	ensure_libgit2(r);
	q->answer = sl_patches_parse(q->text);
}

static char *joined(const struct sl_patch *p)
{
	g_autofree char *files = g_strjoinv(" ", p->files);

	return g_strdup_printf("%s%s", files, p->renames ? " (renames)" : "");
}

/* SECLINT_CHECK_GIT: sl_patches_read()'s answer, q->answer, against
 * libgit2's; on the git thread, which computes the ids. */
static void ask_check_patches(struct sl_repo *r, struct query *q)
{
	GPtrArray *ours = q->answer;
	g_autoptr(GPtrArray) theirs = NULL;
	g_autofree char *n_ours = NULL, *n_theirs = NULL;

	ensure_libgit2(r);
	theirs = sl_patches_parse(q->text);
	n_ours = g_strdup_printf("%u patches", ours->len);
	n_theirs = g_strdup_printf("%u patches", theirs->len);
	if (ours->len != theirs->len)
		differs("patches of a message", n_ours, n_theirs);
	for (guint i = 0; i < ours->len; i++) {
		struct sl_patch *a = ours->pdata[i];
		const struct sl_patch *b = theirs->pdata[i];
		g_autofree char *fa = joined(a), *fb = joined(b);

		if (strcmp(fa, fb))
			differs("files of a patch", fa, fb);
		if (strcmp(sl_patch_id(a), b->id))
			differs("patch-id", a->id, b->id);
	}
}

/* Read without libgit2 where the patch has git format-patch's shape. */
GPtrArray *sl_repo_patches(struct sl_repo *r, const char *text)
{
	struct query q = { .ask = ask_patches, .text = text };

	q.answer = sl_patches_read(text);
	if (q.answer && check_git()) {
		q.ask = ask_check_patches;
		ask(r, &q);
	}
	if (!q.answer)
		ask(r, &q);
	return q.answer;
}

/* The upstream tips: seclint.upstream, or every remote-tracking branch. */
static void add_tip(struct upstream *up, git_repository *git,
		    const char *name)
{
	git_reference *ref = NULL, *resolved = NULL;

	if (git_reference_dwim(&ref, git, name) == 0 &&
	    git_reference_resolve(&resolved, ref) == 0 &&
	    git_reference_target(resolved))
		g_array_append_val(up->tips, *git_reference_target(resolved));
	git_reference_free(resolved);
	git_reference_free(ref);
}

static void add_tips_glob(struct upstream *up, git_repository *git,
			  const char *glob)
{
	git_reference_iterator *it = NULL;
	git_reference *ref;

	if (git_reference_iterator_glob_new(&it, git, glob) < 0)
		return;
	while (git_reference_next(&ref, it) == 0) {
		/* origin/HEAD is a symbolic ref to a branch listed anyway. */
		if (git_reference_type(ref) == GIT_REFERENCE_DIRECT)
			g_array_append_val(up->tips, *git_reference_target(ref));
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
}

static int config_tip(const git_config_entry *entry, void *data)
{
	void **args = data;

	*(gboolean *)args[2] = TRUE;
	if (strpbrk(entry->value, "*?["))
		add_tips_glob(args[0], args[1], entry->value);
	else
		add_tip(args[0], args[1], entry->value);
	return 0;
}

static void find_tips(struct upstream *up, git_repository *git,
		      git_config *cfg)
{
	gboolean configured = FALSE;
	void *args[3] = { up, git, &configured };

	/* A configured upstream that names nothing means none, not all. */
	if (cfg)
		git_config_get_multivar_foreach(cfg, "seclint.upstream", NULL,
						config_tip, args);
	if (!configured)
		add_tips_glob(up, git, "refs/remotes/*");
}

/* The diff a commit makes to its parent (an empty tree for a root). */
static git_diff *commit_diff(git_repository *git, git_commit *commit,
			     gboolean renames)
{
	git_tree *tree = NULL, *parent_tree = NULL;
	git_commit *parent = NULL;
	git_diff *diff = NULL;

	if (git_commit_tree(&tree, commit) < 0)
		return NULL;
	if (git_commit_parentcount(commit) == 1 &&
	    git_commit_parent(&parent, commit, 0) == 0)
		git_commit_tree(&parent_tree, parent);
	if (git_diff_tree_to_tree(&diff, git, parent_tree, tree, NULL) == 0 &&
	    renames) {
		git_diff_find_options find;

		/* git format-patch detects renames (-M), not copies. */
		git_diff_find_options_init(&find, GIT_DIFF_FIND_OPTIONS_VERSION);
		find.flags = GIT_DIFF_FIND_RENAMES;
		git_diff_find_similar(diff, &find);
	}
	git_tree_free(parent_tree);
	git_commit_free(parent);
	git_tree_free(tree);
	return diff;
}

static void walk_commit(struct upstream *up, git_repository *git,
			const git_oid *oid)
{
	git_commit *commit = NULL;
	struct walked w = { .commit = *oid, .root = TRUE };

	if (git_commit_lookup(&commit, git, oid) < 0)
		return;
	if (git_commit_parentcount(commit) <= 1) {
		w.tree = *git_commit_tree_id(commit);
		if (git_commit_parentcount(commit) == 1) {
			git_commit *parent = NULL;

			if (git_commit_parent(&parent, commit, 0) == 0) {
				w.parent_tree = *git_commit_tree_id(parent);
				w.root = FALSE;
			}
			git_commit_free(parent);
		}
		g_array_append_val(up->commits, w);
	}
	git_commit_free(commit);
}

/* The id of entry @name of tree @tree, in place; FALSE if it has none. */
static gboolean entry_id(git_repository *git, git_oid *tree, const char *name)
{
	git_tree *t = NULL;
	const git_tree_entry *e;
	gboolean found = FALSE;

	if (git_tree_lookup(&t, git, tree) == 0 &&
	    (e = git_tree_entry_byname(t, name))) {
		*tree = *git_tree_entry_id(e);
		found = TRUE;
	}
	git_tree_free(t);
	return found;
}

/*
 * Does @path differ between the trees?  Component by component, stopping
 * at the first equal subtree: most commits are told apart by the root
 * tree alone, without a diff.
 */
static gboolean path_changed(git_repository *git, const struct walked *w,
			     char **parts)
{
	git_oid a = w->parent_tree, b = w->tree;
	gboolean has_a = !w->root, has_b = TRUE;

	for (char **p = parts; *p; p++) {
		if (!has_a || !has_b)
			return has_a != has_b;
		if (git_oid_equal(&a, &b))
			return FALSE;
		has_a = entry_id(git, &a, *p);
		has_b = entry_id(git, &b, *p);
	}
	return has_a != has_b || (has_a && !git_oid_equal(&a, &b));
}

/* The upstream commits that touch @path, found once per path. */
static GArray *commits_touching(struct upstream *up, git_repository *git,
				const char *path)
{
	GArray *hits = g_hash_table_lookup(up->by_path, path);
	g_auto(GStrv) parts = NULL;

	if (hits)
		return hits;
	hits = g_array_new(FALSE, FALSE, sizeof(git_oid));
	parts = g_strsplit(path, "/", -1);
	for (guint i = 0; i < up->commits->len; i++) {
		const struct walked *w = &g_array_index(up->commits,
							struct walked, i);

		if (path_changed(git, w, parts))
			g_array_append_val(hits, w->commit);
	}
	g_hash_table_insert(up->by_path, g_strdup(path), hits);
	return hits;
}

static int64_t config_int(git_config *cfg, const char *name, int64_t fallback)
{
	int64_t v;

	return cfg && git_config_get_int64(&v, cfg, name) == 0 && v > 0
	       ? v : fallback;
}

static void walk_upstream(struct upstream *up, git_repository *git,
			  git_config *cfg)
{
	int64_t depth = config_int(cfg, "seclint.upstreamdepth",
				   SL_UPSTREAM_DEPTH);
	git_revwalk *walk = NULL;
	git_oid oid;

	if (!up->tips->len || git_revwalk_new(&walk, git) < 0)
		return;
	git_revwalk_sorting(walk, GIT_SORT_TIME);
	for (guint i = 0; i < up->tips->len; i++)
		git_revwalk_push(walk, &g_array_index(up->tips, git_oid, i));
	for (int64_t n = 0; n < depth && git_revwalk_next(&oid, walk) == 0; n++)
		walk_commit(up, git, &oid);
	git_revwalk_free(walk);
}

/* The upstream tips; called with the lock held and the repository open. */
static struct upstream *ensure_tips(struct sl_repo *r)
{
	git_config *cfg = NULL;

	if (r->up)
		return r->up;
	r->up = g_new0(struct upstream, 1);
	r->up->tips = g_array_new(FALSE, FALSE, sizeof(git_oid));
	r->up->commits = g_array_new(FALSE, FALSE, sizeof(struct walked));
	r->up->by_path = g_hash_table_new_full(g_str_hash, g_str_equal,
		g_free, (GDestroyNotify)g_array_unref);
	r->up->patch_ids = g_hash_table_new_full(g_str_hash, g_str_equal,
						 g_free, g_free);
	if (git_repository_config_snapshot(&cfg, r->git) == 0)
		find_tips(r->up, r->git, cfg);
	else
		find_tips(r->up, r->git, NULL);
	git_config_free(cfg);
	return r->up;
}

/* The tips and the paths index, walked once per run. */
static struct upstream *ensure_upstream(struct sl_repo *r)
{
	struct upstream *up = ensure_tips(r);
	git_config *cfg = NULL;

	if (up->indexed)
		return up;
	up->indexed = TRUE;
	if (git_repository_config_snapshot(&cfg, r->git) < 0)
		cfg = NULL;
	walk_upstream(up, r->git, cfg);
	git_config_free(cfg);
	return up;
}

static void ask_has_upstream(struct sl_repo *r, struct query *q)
{
	if (r->fixture)
		q->yes = r->fixture->len > 0;
	else
		q->yes = ensure_open(r) && ensure_tips(r)->tips->len > 0;
}

/* The tips are read once: the answer never changes after the first. */
gboolean sl_repo_has_upstream(struct sl_repo *r)
{
	struct query q = { .ask = ask_has_upstream };
	gint known = g_atomic_int_get(&r->has_upstream);

	if (known)
		return known == 2;
	ask(r, &q);
	g_atomic_int_set(&r->has_upstream, q.yes ? 2 : 1);
	return q.yes;
}

static char *describe(git_commit *commit)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), git_commit_id(commit));
	return g_strdup_printf("%.12s (\"%s\")", hex,
			       git_commit_summary(commit) ?
			       git_commit_summary(commit) : "");
}

/* The patch-id of a commit, cached; NULL if it has none. */
static const char *commit_patch_id(struct sl_repo *r, const git_oid *oid,
				   gboolean renames)
{
	char hex[GIT_OID_HEXSZ + 1];
	g_autofree char *key = NULL;
	git_commit *commit = NULL;
	git_diff *diff = NULL;
	git_oid id;
	char *value;

	git_oid_tostr(hex, sizeof(hex), oid);
	key = g_strdup_printf("%s%s", hex, renames ? "+M" : "");
	value = g_hash_table_lookup(r->up->patch_ids, key);
	if (value)
		return *value ? value : NULL;
	value = g_strdup("");
	if (git_commit_lookup(&commit, r->git, oid) == 0 &&
	    (diff = commit_diff(r->git, commit, renames)) &&
	    git_diff_patchid(&id, diff, NULL) == 0) {
		g_free(value);
		value = g_malloc(GIT_OID_HEXSZ + 1);
		git_oid_tostr(value, GIT_OID_HEXSZ + 1, &id);
	}
	git_diff_free(diff);
	git_commit_free(commit);
	g_hash_table_insert(r->up->patch_ids, g_steal_pointer(&key), value);
	return *value ? value : NULL;
}

static char *find_by_patch_id(struct sl_repo *r, const struct sl_patch *p)
{
	GArray *candidates;

	if (!p->files[0])
		return NULL;
	candidates = commits_touching(ensure_upstream(r), r->git, p->files[0]);
	for (guint i = 0; candidates && i < candidates->len; i++) {
		const git_oid *oid = &g_array_index(candidates, git_oid, i);
		const char *id = commit_patch_id(r, oid, p->renames);
		git_commit *commit = NULL;
		char *found;

		if (!id || strcmp(id, sl_patch_id((struct sl_patch *)p)) ||
		    git_commit_lookup(&commit, r->git, oid) < 0)
			continue;
		found = describe(commit);
		git_commit_free(commit);
		return found;
	}
	return NULL;
}

/* An upstream commit on @path whose summary is @summary (a backport). */
static char *find_by_summary(struct sl_repo *r, const char *path,
			     const char *summary)
{
	GArray *candidates = commits_touching(ensure_upstream(r), r->git, path);

	for (guint i = 0; i < candidates->len; i++) {
		git_commit *commit = NULL;
		char *found = NULL;

		if (git_commit_lookup(&commit, r->git,
				      &g_array_index(candidates, git_oid, i)) < 0)
			continue;
		if (!g_strcmp0(git_commit_summary(commit), summary))
			found = describe(commit);
		git_commit_free(commit);
		if (found)
			return found;
	}
	return NULL;
}

static const struct fixture_commit *fixture_find(struct sl_repo *r,
						 const char *patch_id,
						 const char *rev)
{
	for (guint i = 0; i < r->fixture->len; i++) {
		const struct fixture_commit *fc = r->fixture->pdata[i];

		if ((patch_id && !strcmp(fc->patch_id, patch_id)) ||
		    (rev && strlen(rev) >= 7 && g_str_has_prefix(fc->sha, rev)))
			return fc;
	}
	return NULL;
}

static char *fixture_describe(const struct fixture_commit *fc)
{
	return fc ? g_strdup_printf("%.12s (\"%s\")", fc->sha, fc->subject)
		  : NULL;
}

static void ask_patch_upstream(struct sl_repo *r, struct query *q)
{
	const char *id;

	if (r->fixture) {
		ensure_libgit2(r);
		id = sl_patch_id((struct sl_patch *)q->patch);
		q->answer = fixture_describe(fixture_find(r, *id ? id : NULL,
							  NULL));
	} else if (ensure_open(r))
		q->answer = find_by_patch_id(r, q->patch);
}

char *sl_repo_patch_upstream(struct sl_repo *r, const struct sl_patch *patch)
{
	struct query q = { .ask = ask_patch_upstream, .patch = patch };

	ask(r, &q);
	return q.answer;
}

/* Is the commit reachable from one of the @tips? */
static gboolean reachable(git_repository *git, GArray *tips,
			  const git_oid *oid)
{
	for (guint i = 0; i < tips->len; i++) {
		const git_oid *tip = &g_array_index(tips, git_oid, i);

		if (git_oid_equal(tip, oid) ||
		    git_graph_descendant_of(git, tip, oid) == 1)
			return TRUE;
	}
	return FALSE;
}

static git_commit *lookup_rev(git_repository *git, const char *rev)
{
	git_object *obj = NULL;
	git_object *peeled = NULL;

	if (git_revparse_single(&obj, git, rev) == 0)
		git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT);
	git_object_free(obj);
	return (git_commit *)peeled;
}

static char *find_commit_upstream(struct sl_repo *r, const char *rev)
{
	const char *cached = g_hash_table_lookup(r->revs, rev);
	git_commit *commit;
	char *found = NULL;

	if (cached)
		return *cached ? g_strdup(cached) : NULL;
	commit = lookup_rev(r->git, rev);
	if (commit && reachable(r->git, ensure_tips(r)->tips,
				git_commit_id(commit)))
		found = describe(commit);
	git_commit_free(commit);
	g_hash_table_insert(r->revs, g_strdup(rev),
			    g_strdup(found ? found : ""));
	return found;
}

static void ask_commit_upstream(struct sl_repo *r, struct query *q)
{
	if (r->fixture)
		q->answer = fixture_describe(fixture_find(r, NULL, q->text));
	else if (ensure_open(r))
		q->answer = find_commit_upstream(r, q->text);
}

static void ask_summary_upstream(struct sl_repo *r, struct query *q)
{
	for (guint i = 0; r->fixture && !q->answer && i < r->fixture->len; i++) {
		const struct fixture_commit *fc = r->fixture->pdata[i];

		if (!strcmp(fc->subject, q->text))
			q->answer = fixture_describe(fc);
	}
	if (!r->fixture && ensure_open(r) && q->patch->files[0])
		q->answer = find_by_summary(r, q->patch->files[0], q->text);
}

char *sl_repo_summary_upstream(struct sl_repo *r, const struct sl_patch *patch,
			       const char *summary)
{
	struct query q = { .ask = ask_summary_upstream, .patch = patch,
			   .text = summary };

	ask(r, &q);
	return q.answer;
}

char *sl_repo_commit_upstream(struct sl_repo *r, const char *rev)
{
	struct query q = { .ask = ask_commit_upstream, .text = rev };

	ask(r, &q);
	return q.answer;
}

struct release {
	git_oid oid;
	git_time_t when;
};

static int add_release(const char *name, git_oid *oid, void *data)
{
	void **args = data;
	git_object *obj = NULL, *peeled = NULL;
	struct release rel;

	if (!sl_regex_match_simple("^refs/tags/v[0-9]", name, 0, 0))
		return 0;
	if (git_object_lookup(&obj, args[1], oid, GIT_OBJECT_ANY) == 0 &&
	    git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) == 0) {
		rel.oid = *git_object_id(peeled);
		rel.when = git_commit_time((git_commit *)peeled);
		g_array_append_val(args[0], rel);
	}
	git_object_free(peeled);
	git_object_free(obj);
	return 0;
}

static gint newer_first(gconstpointer a, gconstpointer b)
{
	const struct release *x = a, *y = b;

	return x->when < y->when ? 1 : x->when > y->when ? -1 : 0;
}

/*
 * The newest release tags: a commit in an older release is in the newer
 * ones of its line, so the newest few answer "is it released" without
 * asking each of the kernel's thousands of tags.
 */
static GArray *ensure_releases(struct sl_repo *r)
{
	g_autoptr(GArray) all = g_array_new(FALSE, FALSE,
					    sizeof(struct release));
	void *args[2] = { all, r->git };

	if (r->releases)
		return r->releases;
	r->releases = g_array_new(FALSE, FALSE, sizeof(git_oid));
	git_tag_foreach(r->git, add_release, args);
	g_array_sort(all, newer_first);
	for (guint i = 0; i < all->len && i < SL_RELEASE_TAGS; i++)
		g_array_append_val(r->releases,
				   g_array_index(all, struct release, i).oid);
	return r->releases;
}

static void ask_released(struct sl_repo *r, struct query *q)
{
	git_commit *commit;

	if (r->fixture) {
		const struct fixture_commit *fc = fixture_find(r, NULL, q->text);

		q->yes = fc && fc->released;
	} else if (ensure_open(r) && (commit = lookup_rev(r->git, q->text))) {
		q->yes = reachable(r->git, ensure_releases(r),
				   git_commit_id(commit));
		git_commit_free(commit);
	}
}

gboolean sl_repo_commit_released(struct sl_repo *r, const char *rev)
{
	struct query q = { .ask = ask_released, .text = rev };

	ask(r, &q);
	return q.yes;
}

/* The index cached under the git directory for @key, else NULL. */
static struct sl_maintainers *from_cache(GBytes *cached,
					 const struct sl_maint_key *have,
					 const struct sl_maint_key *want)
{
	return cached && !strcmp(have->oid, want->oid)
	       ? sl_maintainers_load(cached) : NULL;
}

/* Parse @text and cache what it gives under @key. */
static struct sl_maintainers *parse_and_cache(const char *gitdir,
					      const char *text, gsize len,
					      const struct sl_maint_key *key)
{
	g_autoptr(GBytes) index = sl_maintainers_index(text, len);

	sl_maint_cache_write(gitdir, key, index);
	return sl_maintainers_load(index);
}

/* The work tree's MAINTAINERS; FALSE: there is none to read. */
static gboolean worktree_maintainers(const char *gitdir, const char *path,
				     GBytes *cached,
				     const struct sl_maint_key *have,
				     struct sl_maintainers **m)
{
	struct sl_maint_key want = { .has_stat = FALSE };
	g_autofree char *text = NULL;
	gsize len;

	/* Unchanged since it was cached: not even read. */
	if (cached && sl_maint_key_same_file(have, path) &&
	    (*m = sl_maintainers_load(cached)))
		return TRUE;
	text = sl_maint_read_file(path, &len, &want);
	if (!text)
		return FALSE;
	sl_maint_blob_id(text, len, want.oid);
	*m = from_cache(cached, have, &want);
	/* The same content, touched or new stat data now exact: record
	 * them, so that the next patch need not read the file. */
	if (*m && want.has_stat && (!have->has_stat ||
				    memcmp(have->st, want.st, sizeof(want.st))))
		sl_maint_cache_write(gitdir, &want, cached);
	if (!*m)
		*m = parse_and_cache(gitdir, text, len, &want);
	return TRUE;
}

/* HEAD:MAINTAINERS; its blob is read only when the cache is not its. */
static struct sl_maintainers *head_maintainers(git_repository *git,
					       GBytes *cached,
					       const struct sl_maint_key *have)
{
	struct sl_maint_key want = { .has_stat = FALSE };
	struct sl_maintainers *m = NULL;
	git_object *tree = NULL;
	const git_tree_entry *entry;
	git_blob *blob = NULL;

	if (git_revparse_single(&tree, git, "HEAD^{tree}") ||
	    !(entry = git_tree_entry_byname((git_tree *)tree, "MAINTAINERS")) ||
	    git_tree_entry_type(entry) != GIT_OBJECT_BLOB)
		goto out;
	git_oid_tostr(want.oid, sizeof(want.oid), git_tree_entry_id(entry));
	m = from_cache(cached, have, &want);
	if (!m && git_blob_lookup(&blob, git, git_tree_entry_id(entry)) == 0)
		m = parse_and_cache(git_repository_path(git),
				    git_blob_rawcontent(blob),
				    git_blob_rawsize(blob), &want);
out:
	git_blob_free(blob);
	git_object_free(tree);
	return m;
}

/*
 * MAINTAINERS from the work tree, else from HEAD; parsed once per tree
 * and cached under the git directory (lint/repo/maint-cache.c), so the hook
 * parses the kernel's once for a series, not once per patch.
 */
static struct sl_maintainers *read_maintainers(struct sl_repo *r)
{
	g_autofree char *path = r->workdir ? g_build_filename(r->workdir,
		"MAINTAINERS", NULL) : NULL;
	struct sl_maint_key have = { .has_stat = FALSE };
	g_autoptr(GBytes) cached = sl_maint_cache_read(r->gitdir, &have);
	struct sl_maintainers *m = NULL;

	if (path && worktree_maintainers(r->gitdir, path, cached, &have, &m))
		return m;
	return ensure_git(r) ? head_maintainers(r->git, cached, &have) : NULL;
}

static void ask_maintainers(struct sl_repo *r, struct query *q)
{
	if (!r->maint_tried && ensure_located(r))
		r->maint = read_maintainers(r);
	r->maint_tried = TRUE;
	q->answer = r->maint;
}

/* ask_maintainers() where the work tree has MAINTAINERS (or there is no
 * repository): HEAD's needs libgit2. */
static gboolean light_maintainers(struct sl_repo *r, struct query *q)
{
	g_autofree char *path = NULL;
	struct sl_maint_key have = { .has_stat = FALSE };
	g_autoptr(GBytes) cached = NULL;
	gboolean found;

	if (r->maint_tried) {
		ask_maintainers(r, q);	/* answered already */
		return TRUE;
	}
	if (!located_light(r, &found))
		return FALSE;
	if (!found) {
		ask_maintainers(r, q);
		return TRUE;
	}
	if (!r->workdir)
		return FALSE;
	path = g_build_filename(r->workdir, "MAINTAINERS", NULL);
	cached = sl_maint_cache_read(r->gitdir, &have);
	if (!worktree_maintainers(r->gitdir, path, cached, &have, &r->maint))
		return FALSE;
	r->maint_tried = TRUE;
	q->answer = r->maint;
	return TRUE;
}

/* Parsed once; read-only afterwards, so any thread may use it. */
const struct sl_maintainers *sl_repo_maintainers(struct sl_repo *r)
{
	struct query q = { .ask = ask_maintainers,
			   .light = light_maintainers };

	if (g_atomic_int_get(&r->maint_known))
		return r->maint;
	ask(r, &q);
	g_atomic_int_set(&r->maint_known, 1);
	return q.answer;
}

/*
 * Located without libgit2, the repository has no mailmap.file nor
 * mailmap.blob (locate.c) and a work tree: its mailmap is the work tree's
 * .mailmap, read here.
 */
static void read_mailmap(struct sl_repo *r)
{
	g_autofree char *path = g_strconcat(r->workdir, ".mailmap", NULL);
	g_autofree char *text = NULL;
	gsize len;

	r->own_mailmap = sl_mailmap_new();
	if (g_file_get_contents(path, &text, &len, NULL))
		sl_mailmap_add_buffer(r->own_mailmap, text, len);
}

/* .mailmap (and mailmap.file, mailmap.blob) of the repository. */
static void ask_mailmap(struct sl_repo *r, struct query *q)
{
	const char *name = NULL, *email = NULL;
	const char *mapped;

	if (r->fixture) {
		mapped = r->aliases ? g_hash_table_lookup(r->aliases, q->text)
				    : NULL;
		q->answer = g_strdup(mapped);
		return;
	}
	if (!r->mailmap_tried && ensure_located(r)) {
		if (r->light)
			read_mailmap(r);
		if ((!r->light || check_git()) && ensure_git(r) &&
		    git_mailmap_from_repository(&r->mailmap, r->git) < 0)
			r->mailmap = NULL;
	}
	r->mailmap_tried = TRUE;
	if (r->mailmap &&
	    git_mailmap_resolve(&name, &email, r->mailmap, "", q->text) < 0)
		email = NULL;
	if (r->own_mailmap) {
		mapped = sl_mailmap_email(r->own_mailmap, q->text);
		if (r->mailmap && g_strcmp0(mapped, email))
			differs("mailmap", mapped, email);
		email = mapped;
	}
	if (email && g_ascii_strcasecmp(email, q->text))
		q->answer = sl_address_normalise(email);
}

/* ask_mailmap() where only the work tree's .mailmap is read (located
 * without libgit2, and no check mode), or a fixture's aliases. */
static gboolean light_mailmap(struct sl_repo *r, struct query *q)
{
	gboolean found = TRUE;

	if (!r->fixture && !r->mailmap_tried &&
	    (!located_light(r, &found) || (found && !r->light)))
		return FALSE;
	if (r->mailmap)
		return FALSE;	/* libgit2's, resolved on its thread */
	ask_mailmap(r, q);
	return TRUE;
}

char *sl_repo_mailmap(struct sl_repo *r, const char *addr)
{
	struct query q = { .ask = ask_mailmap, .light = light_mailmap,
			   .text = addr };

	ask(r, &q);
	return q.answer;
}

struct sl_repo *sl_repo_new_fixture(const char *maintainers, GError **error)
{
	g_autoptr(sl_repo) r = sl_repo_new(NULL);
	g_autofree char *text = NULL;
	gsize len;

	r->fixture = g_ptr_array_new_with_free_func(fixture_commit_free);
	r->tried = r->maint_tried = TRUE;
	if (maintainers) {
		if (!g_file_get_contents(maintainers, &text, &len, error))
			return NULL;
		r->maint = sl_maintainers_parse(text, len);
	}
	return g_steal_pointer(&r);
}

void sl_repo_fixture_add_commit(struct sl_repo *r, const char *sha,
				const char *patch_id, const char *subject,
				gboolean released)
{
	struct fixture_commit *fc = g_new0(struct fixture_commit, 1);

	fc->sha = g_ascii_strdown(sha, -1);
	fc->patch_id = g_ascii_strdown(patch_id ? patch_id : "", -1);
	fc->subject = g_strdup(subject ? subject : "");
	fc->released = released;
	g_ptr_array_add(r->fixture, fc);
}

void sl_repo_fixture_add_alias(struct sl_repo *r, const char *from,
			       const char *to)
{
	if (!r->aliases)
		r->aliases = g_hash_table_new_full(g_str_hash, g_str_equal,
						   g_free, g_free);
	g_hash_table_insert(r->aliases, sl_address_normalise(from),
			    sl_address_normalise(to));
}
