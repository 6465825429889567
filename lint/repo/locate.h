/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_LOCATE_H
#define SECLINT_LOCATE_H

#include <glib.h>

enum sl_locate {
	SL_LOCATE_UNSURE,	/* libgit2 must open it */
	SL_LOCATE_NONE,		/* certainly no repository */
	SL_LOCATE_FOUND,	/* *gitdir and *workdir as libgit2 gives them */
};

/*
 * The repository git_repository_open_ext(NULL, FROM_ENV) opens, found
 * without libgit2 where the answer is certain (lint/repo/locate.c).
 */
enum sl_locate sl_repo_locate(char **gitdir, char **workdir);

#endif
