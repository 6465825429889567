// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "filetype.h"
#include "literals.h"
#include "message.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

/* An attachment's executable, or an archive's: "an ELF executable" and,
 * in an archive, the member it is; NULL if it holds none. */
static const char *executable_in(const struct sl_part *p,
				 const struct sl_archive_member **member)
{
	gsize n = 0;
	const guint8 *b = p->head ? g_bytes_get_data(p->head, &n) : NULL;
	const char *kind = sl_filetype_executable(b, n);

	*member = NULL;
	for (guint i = 0; !kind && p->archive &&
			  i < p->archive->members->len; i++) {
		const struct sl_archive_member *m =
			p->archive->members->pdata[i];

		b = m->head ? g_bytes_get_data(m->head, &n) : NULL;
		if ((kind = sl_filetype_executable(b, n)))
			*member = m;
	}
	return kind;
}

/* Checks one attachment; TRUE if it was reported. */
static gboolean check_part(struct sl_check *c, const struct sl_part *p,
			   gboolean has_source)
{
	const struct sl_archive_member *member;
	const char *kind = executable_in(p, &member);
	g_autofree char *where = g_strdup_printf("part %s", p->path);
	const char *name = p->filename ? p->filename : p->type;

	if (kind && !has_source) {
		if (member)
			sl_report(c, where, "the archive %s holds %s, %s, and "
				  "no source for it is in the report; "
				  "binary-only reproducers are not accepted",
				  name, member->name, kind);
		else
			sl_report(c, where, "the attachment %s is %s and no "
				  "source for it is in the report; "
				  "binary-only reproducers are not accepted",
				  name, kind);
		return TRUE;
	}
	/* An archive not read whole may hold one. */
	if (!kind && p->archive && p->archive->cut) {
		sl_report_weak(c, where, "the archive %s cannot be checked "
			       "for binary-only content (%s); send the "
			       "reproducer's source inline instead", name,
			       p->archive->cut);
		return TRUE;
	}
	return FALSE;
}

static const char b64_line[] = "^[A-Za-z0-9+/]{60,}={0,2}$";

/* May @line match b64_line?  Only if it opens with 60 bytes of the
 * alphabet: most lines of prose have a space or a dot long before (a
 * byte at a time: strspn() builds a table of a set this large on every
 * call). */
static gboolean may_be_b64(const char *line)
{
	for (int i = 0; i < 60; i++)
		if (!g_ascii_isalnum(line[i]) && line[i] != '+' &&
		    line[i] != '/')
			return FALSE;
	return TRUE;
}

static const struct sl_guard b64_guard = { .may = may_be_b64 };


/* A base64 blob over 4 KB pasted inline that decodes to an executable. */
static const char *inline_executable(const char *prose)
{
	g_autofree char *copy = NULL;
	g_autofree char **lines = sl_text_lines(prose, &copy);
	g_autoptr(GString) blob = g_string_new(NULL);

	for (char **l = lines; ; l++) {
		if (*l && sl_guarded_test(NULL, b64_line, 0, &b64_guard, *l)) {
			g_string_append(blob, *l);
			continue;
		}
		if (blob->len > 4096) {
			gsize n;
			g_autofree guint8 *b = g_base64_decode(blob->str, &n);
			const char *kind = sl_filetype_executable(b, n);

			if (kind)
				return kind;
		}
		g_string_truncate(blob, 0);
		if (!*l)
			return NULL;
	}
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_kernel_report_text(c, FALSE);
	gboolean source;
	const char *kind;

	if (!t)
		return;
	source = sl_text_has_source_reproducer(c->msg, t);
	for (guint i = 0; i < c->msg->parts->len; i++) {
		const struct sl_part *p = c->msg->parts->pdata[i];

		if (sl_part_is_attachment(p))
			check_part(c, p, source);
	}
	kind = source ? NULL : inline_executable(t->prose->str);
	if (kind)
		sl_report(c, "body", "a base64 blob in the text decodes to %s "
			  "and no source for it is in the report; binary-only "
			  "reproducers are not accepted", kind);
}

const struct sl_rule sl_rule_binary_only_reproducer = {
	.id = "binary-only-reproducer",
	.summary = "the reproducer is an executable without its source",
	.rationale =
		"Developers must be able to read and rebuild a reproducer: "
		"source code, a shell script, a sequence of steps or a "
		"file-system image are fine, binary-only executables are not "
		"accepted (nobody runs an unknown binary, and it cannot be "
		"adapted).  The rule looks at the first bytes of attachments "
		"(ELF, PE, Mach-O magic) and at long base64 blobs pasted "
		"inline, never at the file name: a data file named *.bin or "
		"*.ko that is no executable is a reproducer's input; a "
		"binary next to its source passes.  A zip, tar or tar.gz is "
		"opened and its members judged the same way (source in it "
		"counts too); an archive seclint does not open (xz, 7z, ...) "
		"or could not read whole gets a note.",
	.help = "send the reproducer's source inline (C, shell script or "
		"steps); drop the binary",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow\nMIME-Version: 1.0\n"
		       "Content-Type: multipart/mixed; boundary=b\n\n"
		       "--b\nContent-Type: text/plain\n\nRun the attached poc.\n"
		       "--b\nContent-Type: application/octet-stream\n"
		       "Content-Disposition: attachment; filename=poc\n\n"
		       "\x7f" "ELF\n--b--\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\n"
			"Reproducer:\n\n  int main(void) { return foo(); }\n",
	.check = check,
};
