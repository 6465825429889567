// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "message.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* Less own text than this beside a document is a cover note. */
#define SL_COVER_NOTE 400
static const char document_types[] =
	"^(application/(pdf|msword|rtf|vnd\\.openxmlformats-officedocument\\..*|"
	"vnd\\.oasis\\.opendocument\\..*|vnd\\.ms-.*)|image/.*)$";

static const char document_names[] =
	"(?i:\\.(pdf|docx?|odt|rtf|pptx?|xlsx?|png|jpe?g|gif|webp|bmp)$)";

static const struct sl_part *document(const struct sl_message *msg)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (sl_part_is_attachment(p) &&
		    (sl_regex_match_simple(document_types, p->type, 0, 0) ||
		     (p->filename &&
		      sl_regex_match_simple(document_names, p->filename, 0, 0))))
			return p;
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	const struct sl_address *oss =
		sl_msg_find_role(c->msg, c->policy, "oss-security");
	const struct sl_part *doc;
	guint urls;
	glong len;

	if (!oss)
		return;
	sl_facts_own_prose(c->facts, &len, &urls);
	doc = document(c->msg);
	if (doc && len < SL_COVER_NOTE) {
		g_autofree char *where = g_strdup_printf("part %s", doc->path);

		sl_report(c, where, "the content of the posting to %s seems to "
			  "be only in part %s (%s%s%s); include it in the "
			  "message as plain text", oss->addr, doc->path,
			  doc->type, doc->filename ? ", " : "",
			  doc->filename ? doc->filename : "");
	}
}

const struct sl_rule sl_rule_oss_not_plain_text = {
	.id = "oss-not-plain-text",
	.summary = "an oss-security posting is only in a document",
	.rationale =
		"oss-security wants the essential part of a posting in the "
		"message itself, in plain text (Openwall wiki, "
		"mailing-lists/oss-security, List content guidelines); the "
		"list administrator has warned that PDF-only postings may be "
		"rejected.  A PDF, office document or image with only a cover "
		"note beside it is a warning.  HTML to oss-security, an HTML "
		"copy beside plain text included, is report-html's (an error).",
	.help = "put the advisory's text in the message body as plain "
		"text rather than in a PDF or a screenshot",
	.example_bad = "From: A <a@example.org>\n"
		       "To: oss-security@lists.openwall.com\n"
		       "Subject: foo 1.2: heap overflow in bar\n"
		       "MIME-Version: 1.0\n"
		       "Content-Type: multipart/mixed; boundary=b\n\n"
		       "--b\nContent-Type: text/plain\n\nsee the PDF\n"
		       "--b\nContent-Type: application/pdf\n"
		       "Content-Disposition: attachment; filename=adv.pdf\n\n"
		       "%PDF-1.4\n"
		       "--b--\n",
	.example_good = "From: A <a@example.org>\n"
			"To: oss-security@lists.openwall.com\n"
			"Subject: foo 1.2: heap overflow in bar\n\n"
			"foo 1.2 overflows a heap buffer in bar_parse().\n",
	.check = check,
};
