// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "message.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* Kernel C is indented with tabs: 8 spaces after the diff marker and no
 * tab at all in the hunks of .c/.h files means a mailer converted them. */
static const char c_file[] = "(?m)^\\+\\+\\+ b/\\S+\\.[ch]$";
static const char space_indent[] = "(?m)^[ +-] {8}";


static gboolean tabs_lost(struct sl_facts *facts)
{
	const char *patch = sl_facts_patch(facts);

	return !strchr(patch, '\t') && sl_regex_test(c_file, 0, patch) &&
	       sl_regex_count(space_indent, 0, patch) >= 3;
}

static void check_parts(struct sl_check *c)
{
	for (guint i = 0; i < c->msg->parts->len; i++) {
		const struct sl_part *p = c->msg->parts->pdata[i];
		g_autofree char *where = NULL;

		if (strcmp(p->type, "text/plain") || sl_part_is_attachment(p) ||
		    (!p->flowed && (!p->encoding ||
				    (strcmp(p->encoding, "quoted-printable") &&
				     strcmp(p->encoding, "base64")))))
			continue;
		where = g_strdup_printf("part %s", p->path);
		sl_report(c, where, "the part with the inline patch is %s; "
			  "mailers can mangle patches sent that way, use 8bit "
			  "plain text (see email-clients.rst)",
			  p->flowed ? "format=flowed" : p->encoding);
	}
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_kernel_report_text(c, FALSE);

	if (!t || !t->hunks)
		return;
	check_parts(c);
	/* A diff cut down by hand to illustrate a point need not apply. */
	if (!sl_msg_is_patch_submission(c->msg, t))
		return;
	if (t->broken_hunks)
		sl_report(c, "body", "%u of the %u hunks of the inline patch "
			  "end early (their line counts do not match): the "
			  "lines were probably wrapped or cut by the mailer",
			  t->broken_hunks, t->hunks);
	if (tabs_lost(c->facts))
		sl_report(c, "body", "the inline patch to C files has no tabs "
			  "but lines indented with spaces: the mailer probably "
			  "turned tabs into spaces");
}

const struct sl_rule sl_rule_plaintext_mangled = {
	.id = "plaintext-mangled",
	.summary = "an inline patch looks mangled by the mail client",
	.rationale =
		"Some mailers mangle plain text by default, and a mangled patch "
		"cannot be applied; the 2026 text points to "
		"email-clients.rst.  The rule looks at the patch itself "
		"(hunks whose line counts do not match, tabs turned into "
		"spaces) and at how the text part was sent (format=flowed, "
		"quoted-printable or base64).",
	.help = "send patches with git send-email, or set the mailer to 8bit "
		"plain text without wrapping (email-clients.rst)",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: [PATCH] foo: fix\n"
		       "Content-Type: text/plain; format=flowed\n\n"
		       "--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: [PATCH] foo: fix\n"
			"Content-Type: text/plain\n\n"
			"--- a/foo.c\n+++ b/foo.c\n@@ -1 +1 @@\n-a\n+b\n",
	.check = check,
};
