// SPDX-License-Identifier: GPL-2.0-only
/*
 * libgit2, loaded when first called (SECLINT_LAZY_LIBGIT2, the default).
 *
 * Linked normally, libgit2 and what it pulls in (libssh2 with OpenSSL's
 * libcrypto, Kerberos, mbedTLS) are two thirds of the ~11800 symbol
 * relocations the dynamic linker performs before main(): measured on
 * Debian 12, 2.5 ms of the 6.3 ms of CPU one sendemail-validate call
 * costs, and git runs the hook once per patch, while the hook needs no
 * libgit2 at all (git config is read with git, gitconfig.c).  So the
 * binary does not link libgit2: each function seclint calls is defined
 * here with libgit2's own prototype (git2.h checks it) and forwards to
 * the real one, looked up with dlopen()/dlsym() on first use.  Only
 * --staged, install-hook and the repository context pay for it.
 *
 * A libgit2 function used anywhere in seclint must be listed below: the
 * link fails with "undefined reference to git_..." until it is.  Add it
 * with its prototype from git2.h (the compiler checks that they agree),
 * and its parameter names as the call.  The list already has what the
 * repository context (branch repo) calls.
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <git2.h>
#include <glib.h>

static void *library(void)
{
	static gsize handle;

	if (g_once_init_enter(&handle)) {
		void *h = dlopen(SECLINT_LIBGIT2_SONAME, RTLD_NOW | RTLD_LOCAL);

		if (!h) {
			/* Fail closed: nothing can be checked without it. */
			fprintf(stderr, "seclint: cannot load libgit2: %s\n",
				dlerror());
			exit(2);
		}
		g_once_init_leave(&handle, (gsize)h);
	}
	return (void *)handle;
}

static void *symbol(const char *name)
{
	void *fn = dlsym(library(), name);

	if (!fn) {
		fprintf(stderr, "seclint: %s: no %s in it\n",
			SECLINT_LIBGIT2_SONAME, name);
		exit(2);
	}
	return fn;
}

/* The real @name, found once (rules may call from several threads). */
#define REAL(name)							\
	static gsize real;						\
	if (g_once_init_enter(&real))					\
		g_once_init_leave(&real, (gsize)symbol(#name))

#define SL_GIT2_FN(ret, name, params, args)				\
	ret name params							\
	{								\
		REAL(name);						\
		return ((__typeof__(name) *)real) args;			\
	}

#define SL_GIT2_VOID(name, params, args)				\
	void name params						\
	{								\
		REAL(name);						\
		((__typeof__(name) *)real) args;			\
	}

SL_GIT2_VOID(git_blob_free, (git_blob *blob), (blob))
SL_GIT2_FN(int, git_blob_lookup,
	   (git_blob **blob, git_repository *repo, const git_oid *id),
	   (blob, repo, id))
SL_GIT2_FN(const void *, git_blob_rawcontent, (const git_blob *blob), (blob))
SL_GIT2_FN(git_object_size_t, git_blob_rawsize, (const git_blob *blob), (blob))
SL_GIT2_VOID(git_buf_dispose, (git_buf *buffer), (buffer))
SL_GIT2_VOID(git_commit_free, (git_commit *commit), (commit))
SL_GIT2_FN(const git_oid *, git_commit_id, (const git_commit *commit), (commit))
SL_GIT2_FN(int, git_commit_lookup,
	   (git_commit **commit, git_repository *repo, const git_oid *id),
	   (commit, repo, id))
SL_GIT2_FN(int, git_commit_parent,
	   (git_commit **out, const git_commit *commit, unsigned int n),
	   (out, commit, n))
SL_GIT2_FN(unsigned int, git_commit_parentcount,
	   (const git_commit *commit),
	   (commit))
SL_GIT2_FN(const char *, git_commit_summary, (git_commit *commit), (commit))
SL_GIT2_FN(git_time_t, git_commit_time, (const git_commit *commit), (commit))
SL_GIT2_FN(int, git_commit_tree,
	   (git_tree **tree_out, const git_commit *commit),
	   (tree_out, commit))
SL_GIT2_FN(const git_oid *, git_commit_tree_id,
	   (const git_commit *commit),
	   (commit))
SL_GIT2_FN(int, git_config_add_file_ondisk,
	   (git_config *cfg, const char *path, git_config_level_t level,
	    const git_repository *repo, int force),
	   (cfg, path, level, repo, force))
SL_GIT2_FN(int, git_config_delete_entry,
	   (git_config *cfg, const char *name),
	   (cfg, name))
SL_GIT2_FN(int, git_config_iterator_new,
	   (git_config_iterator **out, const git_config *cfg), (out, cfg))
SL_GIT2_VOID(git_config_free, (git_config *cfg), (cfg))
SL_GIT2_FN(int, git_config_new, (git_config **out), (out))
SL_GIT2_FN(int, git_config_open_default, (git_config **out), (out))
SL_GIT2_FN(int, git_config_open_level,
	   (git_config **out, const git_config *parent,
	    git_config_level_t level),
	   (out, parent, level))
SL_GIT2_FN(int, git_config_open_ondisk,
	   (git_config **out, const char *path),
	   (out, path))
SL_GIT2_FN(int, git_config_set_string,
	   (git_config *cfg, const char *name, const char *value),
	   (cfg, name, value))
SL_GIT2_FN(int, git_config_snapshot,
	   (git_config **out, git_config *config),
	   (out, config))
SL_GIT2_FN(int, git_config_get_int64,
	   (int64_t *out, const git_config *cfg, const char *name),
	   (out, cfg, name))
SL_GIT2_FN(int, git_config_get_multivar_foreach,
	   (const git_config *cfg, const char *name, const char *regexp,
	    git_config_foreach_cb callback, void *payload),
	   (cfg, name, regexp, callback, payload))
SL_GIT2_FN(int, git_config_get_path,
	   (git_buf *out, const git_config *cfg, const char *name),
	   (out, cfg, name))
SL_GIT2_FN(int, git_config_get_string_buf,
	   (git_buf *out, const git_config *cfg, const char *name),
	   (out, cfg, name))
SL_GIT2_VOID(git_config_iterator_free, (git_config_iterator *iter), (iter))
SL_GIT2_FN(int, git_config_multivar_iterator_new,
	   (git_config_iterator **out, const git_config *cfg, const char *name,
	    const char *regexp),
	   (out, cfg, name, regexp))
SL_GIT2_FN(int, git_config_next,
	   (git_config_entry **entry, git_config_iterator *iter),
	   (entry, iter))
SL_GIT2_FN(int, git_diff_find_options_init,
	   (git_diff_find_options *opts, unsigned int version),
	   (opts, version))
SL_GIT2_FN(int, git_diff_find_similar,
	   (git_diff *diff, const git_diff_find_options *options),
	   (diff, options))
SL_GIT2_VOID(git_diff_free, (git_diff *diff), (diff))
SL_GIT2_FN(int, git_diff_from_buffer,
	   (git_diff **out, const char *content, size_t content_len),
	   (out, content, content_len))
SL_GIT2_FN(const git_diff_delta *, git_diff_get_delta,
	   (const git_diff *diff, size_t idx),
	   (diff, idx))
SL_GIT2_FN(size_t, git_diff_num_deltas, (const git_diff *diff), (diff))
SL_GIT2_FN(int, git_diff_patchid,
	   (git_oid *out, git_diff *diff, git_diff_patchid_options *opts),
	   (out, diff, opts))
SL_GIT2_FN(int, git_diff_tree_to_index,
	   (git_diff **diff, git_repository *repo, git_tree *old_tree,
	    git_index *index, const git_diff_options *opts),
	   (diff, repo, old_tree, index, opts))
SL_GIT2_FN(int, git_diff_tree_to_tree,
	   (git_diff **diff, git_repository *repo, git_tree *old_tree,
	    git_tree *new_tree, const git_diff_options *opts),
	   (diff, repo, old_tree, new_tree, opts))
SL_GIT2_FN(const git_error *, git_error_last, (void), ())
SL_GIT2_FN(int, git_graph_descendant_of,
	   (git_repository *repo, const git_oid *commit,
	    const git_oid *ancestor),
	   (repo, commit, ancestor))
SL_GIT2_VOID(git_index_free, (git_index *index), (index))
SL_GIT2_FN(const git_index_entry *, git_index_get_bypath,
	   (git_index *index, const char *path, int stage),
	   (index, path, stage))

/*
 * git_libgit2_init() sets up every transport, and with Debian's mbedTLS
 * backend that means parsing the whole system CA bundle (140 certificates
 * in PEM): measured 55 M of the 96 M instructions one sendemail-validate
 * run costs when it opens the repository (a patch to security@kernel.org,
 * MAINTAINERS read from its cache).  seclint never uses a network
 * transport, so no certificate is ever looked at.  The executable defines
 * (and exports, CMakeLists.txt) mbedTLS's file reader, which the dynamic
 * linker binds libgit2's call to before libmbedx509's: during
 * git_libgit2_init() it reads nothing and reports success (an empty
 * chain); at any other time it is the real one.  A libgit2 built on
 * OpenSSL never calls it, and then nothing changes.
 */
static _Thread_local gboolean initialising;

int mbedtls_x509_crt_parse_file(void *chain, const char *path);
int mbedtls_x509_crt_parse_file(void *chain, const char *path)
{
	static gsize real;

	if (initialising)
		return 0;
	if (g_once_init_enter(&real)) {
		void *fn = dlsym(RTLD_NEXT, "mbedtls_x509_crt_parse_file");

		if (!fn)
			fn = dlsym(library(), "mbedtls_x509_crt_parse_file");
		g_once_init_leave(&real, (gsize)fn);
	}
	/* mbedTLS's MBEDTLS_ERR_X509_FILE_IO_ERROR, should none be found */
	return real ? ((int (*)(void *, const char *))real)(chain, path)
		    : -0x2900;
}

int git_libgit2_init(void)
{
	int rc;

	REAL(git_libgit2_init);
	initialising = TRUE;
	rc = ((__typeof__(git_libgit2_init) *)real)();
	initialising = FALSE;
	return rc;
}
SL_GIT2_FN(int, git_libgit2_shutdown, (void), ())

/* Variadic: only the options seclint sets are forwarded. */
int git_libgit2_opts(int option, ...)
{
	const char **strings;
	size_t len;
	va_list ap;
	int rc;

	REAL(git_libgit2_opts);
	va_start(ap, option);
	if (option == GIT_OPT_SET_EXTENSIONS) {
		strings = va_arg(ap, const char **);
		len = va_arg(ap, size_t);
		rc = ((__typeof__(git_libgit2_opts) *)real)(option, strings,
							    len);
	} else if (option == GIT_OPT_SET_SEARCH_PATH) {
		int level = va_arg(ap, int);
		const char *path = va_arg(ap, const char *);

		rc = ((__typeof__(git_libgit2_opts) *)real)(option, level,
							    path);
	} else {
		fprintf(stderr, "seclint: git_libgit2_opts(%d) is not "
			"forwarded (lint/git2-lazy.c)\n", option);
		abort();
	}
	va_end(ap);
	return rc;
}
SL_GIT2_VOID(git_mailmap_free, (git_mailmap *mm), (mm))
SL_GIT2_FN(int, git_mailmap_from_buffer,
	   (git_mailmap **out, const char *buf, size_t len),
	   (out, buf, len))
SL_GIT2_FN(int, git_mailmap_from_repository,
	   (git_mailmap **out, git_repository *repo),
	   (out, repo))
SL_GIT2_FN(int, git_mailmap_resolve,
	   (const char **real_name, const char **real_email,
	    const git_mailmap *mm, const char *name, const char *email),
	   (real_name, real_email, mm, name, email))
SL_GIT2_VOID(git_object_free, (git_object *object), (object))
SL_GIT2_FN(const git_oid *, git_object_id, (const git_object *obj), (obj))
SL_GIT2_FN(int, git_object_lookup,
	   (git_object **object, git_repository *repo, const git_oid *id,
	    git_object_t type),
	   (object, repo, id, type))
SL_GIT2_FN(int, git_object_peel,
	   (git_object **peeled, const git_object *object,
	    git_object_t target_type),
	   (peeled, object, target_type))
SL_GIT2_FN(git_object_t, git_object_type, (const git_object *obj), (obj))
SL_GIT2_FN(int, git_oid_equal, (const git_oid *a, const git_oid *b), (a, b))
SL_GIT2_FN(char *, git_oid_tostr,
	   (char *out, size_t n, const git_oid *id),
	   (out, n, id))
SL_GIT2_FN(int, git_reference_dwim,
	   (git_reference **out, git_repository *repo, const char *shorthand),
	   (out, repo, shorthand))
SL_GIT2_VOID(git_reference_free, (git_reference *ref), (ref))
SL_GIT2_VOID(git_reference_iterator_free,
	     (git_reference_iterator *iter),
	     (iter))
SL_GIT2_FN(int, git_reference_iterator_glob_new,
	   (git_reference_iterator **out, git_repository *repo,
	    const char *glob),
	   (out, repo, glob))
SL_GIT2_FN(int, git_reference_next,
	   (git_reference **out, git_reference_iterator *iter),
	   (out, iter))
SL_GIT2_FN(int, git_reference_resolve,
	   (git_reference **out, const git_reference *ref),
	   (out, ref))
SL_GIT2_FN(const git_oid *, git_reference_target,
	   (const git_reference *ref),
	   (ref))
SL_GIT2_FN(git_reference_t, git_reference_type,
	   (const git_reference *ref),
	   (ref))
SL_GIT2_FN(const char *, git_repository_commondir,
	   (const git_repository *repo),
	   (repo))
SL_GIT2_FN(int, git_repository_config,
	   (git_config **out, git_repository *repo),
	   (out, repo))
SL_GIT2_FN(int, git_repository_config_snapshot,
	   (git_config **out, git_repository *repo),
	   (out, repo))
SL_GIT2_VOID(git_repository_free, (git_repository *repo), (repo))
SL_GIT2_FN(int, git_repository_index,
	   (git_index **out, git_repository *repo),
	   (out, repo))
SL_GIT2_FN(int, git_repository_item_path,
	   (git_buf *out, const git_repository *repo,
	    git_repository_item_t item),
	   (out, repo, item))
SL_GIT2_FN(int, git_repository_open_ext,
	   (git_repository **out, const char *path, unsigned int flags,
	    const char *ceiling_dirs),
	   (out, path, flags, ceiling_dirs))
SL_GIT2_FN(const char *, git_repository_path,
	   (const git_repository *repo),
	   (repo))
SL_GIT2_FN(const char *, git_repository_workdir,
	   (const git_repository *repo),
	   (repo))
SL_GIT2_FN(int, git_revparse_single,
	   (git_object **out, git_repository *repo, const char *spec),
	   (out, repo, spec))
SL_GIT2_VOID(git_revwalk_free, (git_revwalk *walk), (walk))
SL_GIT2_FN(int, git_revwalk_new,
	   (git_revwalk **out, git_repository *repo),
	   (out, repo))
SL_GIT2_FN(int, git_revwalk_next,
	   (git_oid *out, git_revwalk *walk),
	   (out, walk))
SL_GIT2_FN(int, git_revwalk_push,
	   (git_revwalk *walk, const git_oid *id),
	   (walk, id))
SL_GIT2_FN(int, git_revwalk_sorting,
	   (git_revwalk *walk, unsigned int sort_mode),
	   (walk, sort_mode))
SL_GIT2_FN(int, git_tag_foreach,
	   (git_repository *repo, git_tag_foreach_cb callback, void *payload),
	   (repo, callback, payload))
SL_GIT2_FN(const git_tree_entry *, git_tree_entry_byname,
	   (const git_tree *tree, const char *filename),
	   (tree, filename))
SL_GIT2_FN(const git_oid *, git_tree_entry_id,
	   (const git_tree_entry *entry),
	   (entry))
SL_GIT2_FN(git_object_t, git_tree_entry_type,
	   (const git_tree_entry *entry),
	   (entry))
SL_GIT2_VOID(git_tree_free, (git_tree *tree), (tree))
SL_GIT2_FN(int, git_tree_lookup,
	   (git_tree **out, git_repository *repo, const git_oid *id),
	   (out, repo, id))
