// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fix on the command line: where the fixed message goes (FILE.fixed,
 * --fix-to=OUT, standard output, or FILE itself with a FILE.orig backup),
 * never over an existing file unless asked, and always saying what
 * changed.  The exit status is that of linting the fixed message.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "errors.h"
#include "fix.h"
#include "gmime-extra.h"
#include "input.h"
#include "mbox.h"
#include "output.h"

#define SL_FIX_MAX_INPUT (256u * 1024 * 1024)

const GOptionEntry *sl_fix_option_entries(struct sl_fix_options *o)
{
	const GOptionEntry entries[] = {
		{ "fix", 0, 0, G_OPTION_ARG_NONE, &o->fix,
		  "Fix what has a mechanical fix, into FILE.fixed (standard "
		  "output for '-')", NULL },
		{ "fix-to", 0, 0, G_OPTION_ARG_FILENAME, &o->output,
		  "Like --fix, into OUT ('-': standard output)", "OUT" },
		{ "in-place", 0, 0, G_OPTION_ARG_NONE, &o->in_place,
		  "With --fix: rewrite FILE, keeping it as FILE.orig", NULL },
		{ "force", 0, 0, G_OPTION_ARG_NONE, &o->force,
		  "With --fix: overwrite an existing FILE.fixed or OUT", NULL },
		{ NULL, 0, 0, 0, NULL, NULL, NULL },
	};

	G_STATIC_ASSERT(G_N_ELEMENTS(entries) == G_N_ELEMENTS(o->entries));
	memcpy(o->entries, entries, sizeof(entries));
	return o->entries;
}

void sl_fix_options_clear(struct sl_fix_options *o)
{
	g_free(o->output);
	o->output = NULL;
}

gboolean sl_fix_wanted(const struct sl_fix_options *o)
{
	return o->fix || o->output || o->in_place || o->force;
}

gboolean sl_fix_refused(const char *mode, int argc, char **argv)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--"); i++) {
		if (!g_str_has_prefix(argv[i], "--fix") &&
		    strcmp(argv[i], "--in-place"))
			continue;
		fprintf(stderr, "seclint: %s only checks: it never rewrites "
			"the mail it is about to send, so %s is refused here.\n"
			"seclint: run 'seclint --fix FILE' on the message, "
			"review FILE.fixed, and send that.\n", mode, argv[i]);
		return TRUE;
	}
	return FALSE;
}

static gboolean usage(GError **error, const char *text)
{
	g_set_error_literal(error, SECLINT_ERROR, SECLINT_ERROR_USAGE, text);
	return FALSE;
}

static gboolean check_options(const struct sl_fix_options *o, char **files,
			      gboolean staged, GError **error)
{
	guint n = files ? g_strv_length(files) : 0;

	if (!o->fix && !o->output)
		return usage(error, "--in-place and --force only go with --fix");
	if (o->output && !*o->output)
		return usage(error, "--fix-to needs a file name ('-' for "
			     "standard output)");
	if (staged)
		return usage(error, "--fix does not rewrite the git index: fix "
			     "the file in the work tree, then git add it");
	if (o->in_place && o->output)
		return usage(error, "--fix-to and --in-place exclude each other");
	if (o->in_place && o->force)
		return usage(error, "--in-place never overwrites its backup "
			     "FILE.orig, so --force does not apply");
	if (o->output && n > 1)
		return usage(error, "--fix-to takes one input file");
	for (guint i = 0; o->in_place && i < n; i++)
		if (!strcmp(files[i], "-"))
			return usage(error, "--in-place cannot rewrite standard "
				     "input; use --fix - > FILE");
	return TRUE;
}

static gboolean read_stdin(GString *into, GError **error)
{
	char chunk[65536];
	size_t n;

	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0) {
		g_string_append_len(into, chunk, (gssize)n);
		if (into->len > SL_FIX_MAX_INPUT)
			break;	/* sl_input_parse refuses it */
	}
	if (ferror(stdin)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "read error: %s", g_strerror(errno));
		return FALSE;
	}
	return TRUE;
}

/* The input, and the permission bits its fixed copies get. */
static gboolean read_input(const char *path, GString *into, mode_t *mode,
			   GError **error)
{
	g_autofree char *bytes = NULL;
	struct stat st;
	gsize len;

	*mode = 0600;	/* a report under embargo is nobody else's */
	if (!strcmp(path, "-"))
		return read_stdin(into, error);
	if (stat(path, &st) < 0) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "cannot open: %s", g_strerror(errno));
		return FALSE;
	}
	if (S_ISDIR(st.st_mode)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "is a directory");
		return FALSE;
	}
	if (!g_file_get_contents(path, &bytes, &len, error))
		return FALSE;
	*mode = st.st_mode & 0777;
	g_string_append_len(into, bytes, (gssize)len);
	return TRUE;
}

/* Where each message of an mbox starts (its separator line), cut as
 * checking cuts it: where git mailsplit would (lint/mail/mbox.c). */
static GArray *message_starts(const GString *in)
{
	GArray *starts = g_array_new(FALSE, FALSE, sizeof(gsize));
	g_autoptr(sl_mbox_reader) reader = NULL;
	struct sl_raw_message *raw;
	gsize zero = 0;

	g_array_append_val(starts, zero);
	if (!g_str_has_prefix(in->str, "From "))
		return starts;
	reader = sl_mbox_reader_new_bytes(in->str, in->len, SL_FIX_MAX_INPUT);
	if (!sl_mbox_reader_start(reader, NULL))
		return starts;	/* refused when the message is parsed */
	g_array_set_size(starts, 0);
	while (sl_mbox_reader_next(reader, &raw, NULL) && raw) {
		/* raw->offset is just after the separator line */
		gsize start = raw->offset > 0 ? (gsize)raw->offset - 1 : 0;

		while (start > 0 && in->str[start - 1] != '\n')
			start--;
		g_array_append_val(starts, start);
		sl_raw_message_free(raw);
	}
	if (!starts->len)
		g_array_append_val(starts, zero);
	return starts;
}

/* The summary lines of one message, "FILE[:N]: " before each headline. */
static void add_lines(GPtrArray *report, const char *who,
		      const GPtrArray *lines)
{
	for (guint i = 0; i < lines->len; i++) {
		const char *line = lines->pdata[i];
		g_autofree char *safe = sl_sanitise(line);

		g_ptr_array_add(report, line[0] == ' ' ? g_strdup(safe)
				: g_strdup_printf("%s: %s", who, safe));
	}
}

static void print_report(const GPtrArray *report)
{
	for (guint i = 0; i < report->len; i++)
		fprintf(stderr, "%s\n", (const char *)report->pdata[i]);
}

/*
 * Fixes every message of @in into @out, and says how in @report; FALSE if
 * one cannot be read.
 */
static gboolean fix_messages(const char *path, const GString *in,
			     struct sl_run *run, GString *out,
			     GPtrArray *report, unsigned *edits,
			     GError **error)
{
	g_autoptr(GArray) starts = message_starts(in);
	gboolean mbox = g_str_has_prefix(in->str, "From ");

	*edits = 0;
	for (guint i = 0; i < starts->len; i++) {
		gsize from = g_array_index(starts, gsize, i);
		gsize to = i + 1 < starts->len
				   ? g_array_index(starts, gsize, i + 1) : in->len;
		struct sl_fix_result r = { 0 };
		g_autofree char *who = mbox ? g_strdup_printf("%s:%u", path, i + 1)
					    : g_strdup(path);

		if (!sl_fix_message(in->str + from, to - from, run->policy,
				    run->extra, run->threads, &r, error)) {
			/* It was parsed alone: its own number is 1. */
			if (mbox && g_str_has_prefix((*error)->message,
						     "message 1: ")) {
				char *m = (*error)->message;

				memmove(m, m + strlen("message 1: "),
					strlen(m + strlen("message 1: ")) + 1);
			}
			if (mbox)
				g_prefix_error(error, "message %u: ", i + 1);
			sl_fix_result_clear(&r);
			return FALSE;
		}
		add_lines(report, who, r.changes);
		add_lines(report, who, r.notes);
		g_string_append_len(out, r.text->str, (gssize)r.text->len);
		*edits += r.edits;
		sl_fix_result_clear(&r);
	}
	return TRUE;
}

static gboolean io_error(GError **error, const char *what, const char *path)
{
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO, "%s '%s': %s",
		    what, path, g_strerror(errno));
	return FALSE;
}

/* Creates @path, which must not exist (@exists: what to say if it does). */
static gboolean write_new(const char *path, const GString *bytes,
			  mode_t mode, const char *exists, GError **error)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
	gsize done = 0;

	if (fd < 0 && errno == EEXIST) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "'%s' exists; %s", path, exists);
		return FALSE;
	}
	if (fd < 0)
		return io_error(error, "cannot create", path);
	while (done < bytes->len) {
		ssize_t n = write(fd, bytes->str + done, bytes->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			io_error(error, "cannot write", path);
			close(fd);
			unlink(path);
			return FALSE;
		}
		done += (gsize)n;
	}
	if (close(fd) < 0)
		return io_error(error, "cannot write", path);
	return TRUE;
}

#define BACKUP_EXISTS "move it away first (a backup is never overwritten)"
#define FORCE_HINT "--force overwrites it"

/*
 * seclint writes regular files only: a name that exists as anything else
 * (a device node, a FIFO, a socket, a directory, a symbolic link) is
 * refused, with --force too, since replacing it would destroy it (run as
 * root, a device node) or write somewhere unexpected.
 */
static gboolean not_regular(const char *path, GError **error)
{
	struct stat st;
	const char *what;

	if (lstat(path, &st) < 0 || S_ISREG(st.st_mode))
		return FALSE;
	what = S_ISLNK(st.st_mode) ? "a symbolic link" :
	       S_ISDIR(st.st_mode) ? "a directory" :
	       S_ISFIFO(st.st_mode) ? "a FIFO" :
	       S_ISCHR(st.st_mode) ? "a character device" :
	       S_ISBLK(st.st_mode) ? "a block device" :
	       S_ISSOCK(st.st_mode) ? "a socket" : "not a regular file";
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
		    "'%s' is %s; seclint writes only regular files, so it "
		    "is left alone, with --force too", path, what);
	return TRUE;
}

static gboolean replace_file(const char *path, const GString *bytes,
			     mode_t mode, GError **error)
{
	if (not_regular(path, error))
		return FALSE;
	return g_file_set_contents_full(path, bytes->str, (gssize)bytes->len,
					G_FILE_SET_CONTENTS_CONSISTENT,
					(int)mode, error);
}

/* FILE.orig first, then FILE replaced at once (rename). */
static gboolean write_in_place(const char *path, const GString *orig,
			       const GString *fixed, mode_t mode,
			       GError **error)
{
	g_autofree char *backup = g_strconcat(path, ".orig", NULL);
	struct stat st;

	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "is a symbolic link; fix its target, or use "
			    "--fix-to=OUT");
		return FALSE;
	}
	if (!write_new(backup, orig, mode, BACKUP_EXISTS, error)) {
		if (lstat(backup, &st) == 0)
			g_prefix_error(error, "backup ");
		return FALSE;
	}
	fprintf(stderr, "%s: saved the original as %s\n", path, backup);
	return replace_file(path, fixed, mode, error);
}

static void print_written(const char *path, const char *dest,
			  unsigned edits)
{
	if (!strcmp(dest, "-")) {
		fprintf(stderr, "%s: wrote the message to standard output "
			"(%u fix%s)\n", path, edits, edits == 1 ? "" : "es");
		return;
	}
	fprintf(stderr, "%s: wrote %s (%u fix%s)%s%s%s\n", path, dest, edits,
		edits == 1 ? "" : "es",
		strcmp(path, dest) && strcmp(path, "-") ? "; " : "",
		strcmp(path, dest) && strcmp(path, "-") ? path : "",
		strcmp(path, dest) && strcmp(path, "-") ? " is unchanged" : "");
}

/* Writes the fixed message; returns the name to lint it under. */
static const char *write_fixed(const struct sl_fix_options *o,
			       const char *path, const char *dest,
			       const GString *in, const GString *out,
			       mode_t mode, unsigned edits, GError **error)
{
	gboolean ok;

	if (!strcmp(dest, "-")) {
		ok = fwrite(out->str, 1, out->len, stdout) == out->len &&
		     fflush(stdout) == 0;
		if (!ok)
			io_error(error, "cannot write", "standard output");
	} else if (o->in_place) {
		ok = write_in_place(path, in, out, mode, error);
	} else {
		ok = o->force ? replace_file(dest, out, mode, error)
			      : write_new(dest, out, mode, FORCE_HINT, error);
	}
	if (!ok)
		return NULL;
	print_written(path, dest, edits);
	return strcmp(dest, "-") ? dest : path;
}

static char *destination(const struct sl_fix_options *o, const char *path)
{
	if (o->output)
		return g_strdup(o->output);
	if (o->in_place)
		return g_strdup(path);
	if (!strcmp(path, "-"))
		return g_strdup("-");
	return g_strconcat(path, ".fixed", NULL);
}

/* Refuses, before anything is said or written, what would fail. */
static gboolean can_write(const struct sl_fix_options *o, const char *path,
			  const char *dest, GError **error)
{
	g_autofree char *backup = g_strconcat(path, ".orig", NULL);
	struct stat st;

	/* lstat: a dangling symbolic link is there too */
	if (o->in_place && lstat(backup, &st) == 0) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "backup '%s' exists; " BACKUP_EXISTS, backup);
		return FALSE;
	}
	if (!strcmp(dest, "-"))
		return TRUE;
	if (o->in_place && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "is a symbolic link; fix its target, or use "
			    "--fix-to=OUT");
		return FALSE;
	}
	if (not_regular(dest, error))
		return FALSE;
	if (!o->in_place && !o->force && lstat(dest, &st) == 0) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "'%s' exists; " FORCE_HINT, dest);
		return FALSE;
	}
	return TRUE;
}

/*
 * The output is written when something was fixed, and always when it is
 * standard output, so that a pipe always gets the message; a file named
 * with --fix-to is not written when there is nothing to fix (the input is
 * the message to send).
 */
static gboolean must_write(const char *dest, unsigned edits)
{
	return edits || !strcmp(dest, "-");
}

static void fix_file(const struct sl_fix_options *o, struct sl_run *run,
		     const char *path)
{
	g_autoptr(GString) in = g_string_new(NULL);
	g_autoptr(GString) out = g_string_new(NULL);
	g_autoptr(GPtrArray) report = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GError) error = NULL;
	g_autofree char *dest = destination(o, path);
	const char *name = path;
	unsigned edits;
	mode_t mode;

	if (!read_input(path, in, &mode, &error)) {
		sl_output_input_error(run->output, path, error);
		return;
	}
	/* Each message is fixed as the run reads it: an mbox's messages
	 * are part of it before the first is fixed. */
	if (run->threads)
		sl_input_scan_threads(in->str, in->len, run->threads);
	if (!fix_messages(path, in, run, out, report, &edits, &error)) {
		sl_output_input_error(run->output, path, error);
		return;
	}
	if (must_write(dest, edits) && !can_write(o, path, dest, &error)) {
		g_prefix_error(&error, "nothing written: ");
		sl_output_input_error(run->output, path, error);
		return;
	}
	print_report(report);
	if (!edits)
		fprintf(stderr, "%s: nothing to fix%s\n", path,
			must_write(dest, edits) ? "" : "; no file written");
	if (must_write(dest, edits)) {
		name = write_fixed(o, path, dest, in, out, mode, edits, &error);
		if (!name) {
			g_prefix_error(&error, "not fixed: ");
			sl_output_input_error(run->output, path, error);
			return;
		}
	}
	sl_run_bytes(run, name, out->str, out->len);
}

static gboolean message_to_stdout(const struct sl_fix_options *o,
				  char **files)
{
	if (o->output)
		return !strcmp(o->output, "-");
	for (char **f = files; f && *f; f++)
		if (!strcmp(*f, "-"))
			return TRUE;
	return FALSE;
}

int sl_fix_files(const struct sl_fix_options *o, struct sl_run *run,
		 char **files, gboolean staged)
{
	g_autoptr(GError) error = NULL;

	if (!check_options(o, files, staged, &error)) {
		fprintf(stderr, "seclint: %s\n", error->message);
		return 2;
	}
	/* The findings must not mix with a message on standard output. */
	if (message_to_stdout(o, files))
		run->output->out = stderr;
	for (char **f = files; f && *f; f++)
		fix_file(o, run, *f);
	sl_output_finish(run->output);
	return sl_output_exit_code(run->output);
}
