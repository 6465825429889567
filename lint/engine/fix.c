// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fix: the mechanical fixes, one per rule id, and the loop that applies
 * them to one message.  GMime says where each header field is; the fixes
 * edit only those bytes.  After each fix the message is parsed and linted
 * again: the digest must be the old one with exactly the intended change,
 * or the fix is undone.
 */
#include <string.h>

#include "address.h"
#include "engine.h"
#include "fix.h"
#include "gmime-extra.h"
#include "input.h"
#include "message.h"
#include "policy.h"
#include "rule.h"
#include "severity.h"
#include "subject-tag.h"

/* One header field of the message text, as GMime found it. */
struct field {
	const char *name;	/* GMime's, valid while the message lives */
	gsize start;		/* its name */
	gsize value;		/* just after the colon */
	gsize end;		/* after its line end */
};

/* One fix being applied. */
struct fixing {
	GString *text;
	const struct sl_message *msg;		/* digest of text */
	const struct sl_policy *policy;
	const struct sl_finding *finding;
	struct sl_fix_result *result;
	GPtrArray *removed;	/* normalised addresses this fix removed */
	gboolean subject;	/* this fix edits the Subject */
	char *declined;		/* why nothing was changed */
};

typedef gboolean (*fix_fn)(struct fixing *fx);

static gboolean fix_split_distros(struct fixing *fx);
static gboolean fix_subject_tag(struct fixing *fx);

/*
 * The fixable rules: a fix changes the message or says why not, and what
 * it does is told by --explain.
 */
static const struct fixer {
	const char *rule_id;
	fix_fn fix;
	const char *summary;
} fixers[] = {
	{ "ksec-with-linux-distros", fix_split_distros,
	  "removes linux-distros@ and distros@ from the recipients, leaving "
	  "the report to send now, and says when to write to the list (not "
	  "on a follow-up)" },
	{ "distros-missing-vs-tag", fix_subject_tag,
	  "adds the tag at the start of the Subject, after Re:/Fwd:" },
	{ "distros-vs-tag-malformed", fix_subject_tag,
	  "writes a loose spelling of the tag exactly, and moves it to the "
	  "start of the Subject" },
};

static const struct fixer *find_fixer(const char *rule_id)
{
	for (size_t i = 0; i < G_N_ELEMENTS(fixers); i++)
		if (!strcmp(fixers[i].rule_id, rule_id))
			return &fixers[i];
	return NULL;
}

const char *sl_fix_summary(const char *rule_id)
{
	const struct fixer *f = find_fixer(rule_id);

	return f ? f->summary : NULL;
}

static void decline(struct fixing *fx, const char *fmt, ...)
	G_GNUC_PRINTF(2, 3);

static void decline(struct fixing *fx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_free(fx->declined);
	fx->declined = g_strdup_vprintf(fmt, ap);
	va_end(ap);
}

/* The message's header fields; FALSE if GMime finds none.  The message is
 * parsed as the linter parses it, after an mbox separator line. */
static GMimeMessage *locate_fields(const GString *text, GArray *fields)
{
	gsize start;
	g_autoptr(GMimeParser) parser = sl_input_open_message(
		text->str, text->len, &start);
	GMimeMessage *gm;
	GMimeHeaderList *list;
	int n;

	gm = g_mime_parser_construct_message(parser, NULL);
	if (!gm)
		return NULL;
	list = g_mime_object_get_header_list(GMIME_OBJECT(gm));
	n = g_mime_header_list_get_count(list);
	for (int i = 0; i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(list, i);
		const char *raw = g_mime_header_get_raw_value(h);
		struct field f = {
			g_mime_header_get_name(h),
			start + (gsize)g_mime_header_get_offset(h), 0, 0
		};
		const char *colon = memchr(text->str + f.start, ':',
					   text->len - f.start);

		/* Only a field whose bytes are GMime's can be edited. */
		if (!raw || !colon ||
		    strncmp(text->str + f.start, f.name, strlen(f.name)))
			continue;
		f.value = (gsize)(colon + 1 - text->str);
		f.end = f.value + strlen(raw);
		if (f.end <= text->len &&
		    !memcmp(text->str + f.value, raw, strlen(raw)))
			g_array_append_val(fields, f);
	}
	return gm;
}

static char *field_value(const struct fixing *fx, const struct field *f)
{
	return g_strndup(fx->text->str + f->value, f->end - f->value);
}

static const char *field_eol(const struct fixing *fx, const struct field *f)
{
	return f->end - f->start >= 2 && fx->text->str[f->end - 2] == '\r'
		       ? "\r\n" : "\n";
}

/* "-" and "+" lines of one header edit, for the summary. */
static void describe_edit(struct fixing *fx, const char *old, const char *new)
{
	const char *sides[2] = { old, new };

	for (int side = 0; side < 2; side++) {
		g_auto(GStrv) lines = NULL;

		if (!sides[side])
			continue;
		lines = g_strsplit(sides[side], "\n", -1);
		for (char **l = lines; *l; l++) {
			g_strchomp(*l);
			if (**l || l[1])
				g_ptr_array_add(fx->result->changes,
						g_strdup_printf("  %c%s",
								side ? '+' : '-',
								*l));
		}
	}
}

/* Says how a field's bytes become @field_text ("" drops the field). */
static void describe_field(struct fixing *fx, const struct field *f,
			   const char *field_text)
{
	g_autofree char *old = g_strndup(fx->text->str + f->start,
					 f->end - f->start);

	describe_edit(fx, old, *field_text ? field_text : NULL);
}

static void splice_field(struct fixing *fx, const struct field *f,
			 const char *field_text)
{
	g_string_erase(fx->text, (gssize)f->start, (gssize)(f->end - f->start));
	g_string_insert(fx->text, (gssize)f->start, field_text);
}

static void replace_field(struct fixing *fx, const struct field *f,
			  const char *field_text)
{
	describe_field(fx, f, field_text);
	splice_field(fx, f, field_text);
}

static gboolean is_distros(const char *addr, gpointer data)
{
	const struct sl_policy *policy = data;

	return sl_list_has_role(sl_policy_find_list(policy, addr), "distros");
}

/*
 * The field without the distros lists, or NULL if they are not in it
 * (and *failed on an error).
 */
static char *drop_from_field(struct fixing *fx, const struct field *f,
			     gboolean *failed)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *value = field_value(fx, f);
	g_autofree char *head = g_strndup(fx->text->str + f->start,
					  f->value - f->start);
	g_autofree char *edited = NULL;
	g_autofree char *text = NULL;
	gboolean empty;

	*failed = FALSE;
	edited = sl_fix_drop_addresses(value, is_distros, (gpointer)fx->policy,
				       fx->removed, &empty, &error);
	*failed = error != NULL;
	if (error)
		decline(fx, "%s: %s", f->name, error->message);
	if (!edited)
		return NULL;
	text = empty ? g_strdup("") : g_strconcat(head, edited, NULL);
	describe_field(fx, f, text);
	return g_steal_pointer(&text);
}

/* The removed addresses, each once, in order: "a, b". */
static char *removed_list(const GPtrArray *removed)
{
	g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < removed->len; i++) {
		if (!g_hash_table_add(seen, removed->pdata[i]))
			continue;
		if (out->len)
			g_string_append(out, ", ");
		g_string_append(out, removed->pdata[i]);
	}
	return g_string_free(out, FALSE);
}

static void advise_distros_later(struct fixing *fx, const char *lists)
{
	g_autofree char *advice = sl_profile_get(
		fx->policy, "rule ksec-with-linux-distros", "fix-advice");

	g_ptr_array_add(fx->result->notes, g_strdup_printf(
		"note: %s %s: %s", lists, strchr(lists, ',')
		? "are no longer recipients" : "is no longer a recipient",
		advice ? advice : fx->finding->rule->help));
}

/*
 * ksec-with-linux-distros: the message that should go now is the report
 * to the security team; the distros lists are written to later, in a
 * message of their own.  On a follow-up the later texts allow both lists
 * while an accepted fix is coordinated, so that is left to the sender.
 */
static gboolean fix_split_distros(struct fixing *fx)
{
	g_autoptr(GArray) fields = g_array_new(FALSE, FALSE, sizeof(struct field));
	g_autoptr(GMimeMessage) gm = NULL;
	g_autoptr(GPtrArray) edited = NULL;
	g_autofree char *lists = NULL;
	guint first_change = fx->result->changes->len;

	if (fx->msg->followup && fx->finding->severity < SL_SEV_ERROR) {
		decline(fx, "a follow-up, where both lists may be Cc'd while "
			"an accepted fix is coordinated; remove the distros "
			"list by hand if that is not the case");
		return FALSE;
	}
	gm = locate_fields(fx->text, fields);
	edited = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; gm && i < fields->len; i++) {
		const struct field *f = &g_array_index(fields, struct field, i);
		gboolean failed = FALSE;

		g_ptr_array_add(edited, sl_is_recipient_header(f->name)
				? drop_from_field(fx, f, &failed) : NULL);
		if (failed)
			return FALSE;
	}
	/* From the end, so that the offsets before stay right. */
	for (guint i = edited->len; i-- > 0;)
		if (edited->pdata[i])
			splice_field(fx, &g_array_index(fields, struct field, i),
				     edited->pdata[i]);
	if (!fx->removed->len) {
		decline(fx, "the distros address is not in the message's own "
			"headers (given with --to, --cc or --bcc?)");
		return FALSE;
	}
	lists = removed_list(fx->removed);
	g_ptr_array_insert(fx->result->changes, (gint)first_change,
			   g_strdup_printf("removed %s", lists));
	advise_distros_later(fx, lists);
	return TRUE;
}

/* The tag of the distros list the message goes to (as the rules find it). */
static const char *distros_tag(const struct fixing *fx)
{
	for (guint i = 0; i < fx->msg->recipients->len; i++) {
		const struct sl_address *a = fx->msg->recipients->pdata[i];
		const struct sl_list *l = sl_policy_find_list(fx->policy, a->addr);

		if (sl_list_has_role(l, "distros") && l->subject_tag)
			return l->subject_tag;
	}
	return NULL;
}

static const struct field *find_field(GArray *fields, const char *name)
{
	for (guint i = 0; i < fields->len; i++)
		if (!g_ascii_strcasecmp(g_array_index(fields, struct field,
						      i).name, name))
			return &g_array_index(fields, struct field, i);
	return NULL;
}

static gboolean is_blank(const char *s)
{
	for (; s && *s; s++)
		if (!g_ascii_isspace(*s))
			return FALSE;
	return TRUE;
}

/* distros-missing-vs-tag, distros-vs-tag-malformed: the tag, at the start. */
static gboolean fix_subject_tag(struct fixing *fx)
{
	g_autoptr(GArray) fields = g_array_new(FALSE, FALSE, sizeof(struct field));
	g_autoptr(GMimeMessage) gm = locate_fields(fx->text, fields);
	const char *tag = distros_tag(fx);
	const struct field *f = gm ? find_field(fields, "Subject") : NULL;
	g_autofree char *value = NULL;
	g_autofree char *edited = NULL;
	g_autofree char *what = NULL;
	g_autofree char *head = NULL;
	g_autofree char *text = NULL;

	if (!tag || is_blank(fx->msg->subject)) {
		decline(fx, "the message has no Subject (or an empty one): "
			"write one that starts with %s", tag ? tag : "the tag");
		return FALSE;
	}
	if (!f) {
		decline(fx, "the Subject header is not where GMime read it "
			"from; add %s by hand", tag);
		return FALSE;
	}
	value = field_value(fx, f);
	edited = sl_fix_subject_tag(value, fx->msg->subject, tag,
				    field_eol(fx, f), &what);
	if (!edited) {
		decline(fx, "the Subject already has %s at the start", tag);
		return FALSE;
	}
	head = g_strndup(fx->text->str + f->start, f->value - f->start);
	text = g_strconcat(head, edited, NULL);
	g_ptr_array_add(fx->result->changes, g_steal_pointer(&what));
	replace_field(fx, f, text);
	fx->subject = TRUE;
	return TRUE;
}

static gboolean steal_digest(struct sl_message *msg, gpointer data,
			     GError **error)
{
	struct sl_message **out = data;

	(void)error;
	if (*out)	/* one message at a time */
		sl_message_free(*out);
	*out = sl_message_steal(msg);
	return TRUE;
}

static struct sl_message *digest(const GString *text, const GPtrArray *extra,
				 GError **error)
{
	struct sl_message *msg = NULL;
	gboolean mbox;

	if (!sl_input_parse(text->str, text->len, extra, &mbox, steal_digest,
			    &msg, error)) {
		sl_message_free(msg);
		return NULL;
	}
	return msg;
}

/* The Subject without its tag (or loose spelling) and white space. */
static char *subject_core(const char *subject, const char *tag)
{
	GString *s = g_string_new(subject);
	const char *p = strstr(s->str, tag);
	gsize start, end;
	gboolean word;

	if (p)
		g_string_erase(s, p - s->str, (gssize)strlen(tag));
	else if (sl_subject_tag_near_miss(s->str, tag, &start, &end, &word) &&
		 !word)
		g_string_erase(s, (gssize)start, (gssize)(end - start));
	for (gsize i = s->len; i-- > 0;)
		if (g_ascii_isspace(s->str[i]))
			g_string_erase(s, (gssize)i, 1);
	return g_string_free(s, FALSE);
}

static gboolean same_recipients(const struct fixing *fx,
				const struct sl_message *now)
{
	g_autoptr(GHashTable) removed = g_hash_table_new(g_str_hash, g_str_equal);
	guint j = 0;

	for (guint i = 0; i < fx->removed->len; i++)
		g_hash_table_add(removed, fx->removed->pdata[i]);
	for (guint i = 0; i < fx->msg->recipients->len; i++) {
		const struct sl_address *a = fx->msg->recipients->pdata[i];
		const struct sl_address *b;

		if (g_hash_table_contains(removed, a->addr))
			continue;
		if (j == now->recipients->len)
			return FALSE;
		b = now->recipients->pdata[j++];
		if (strcmp(a->addr, b->addr) || strcmp(a->header, b->header))
			return FALSE;
	}
	return j == now->recipients->len;
}

static gboolean same_subject(const struct fixing *fx,
			     const struct sl_message *now)
{
	const char *tag = fx->subject ? distros_tag(fx) : NULL;
	g_autofree char *was = NULL;
	g_autofree char *is = NULL;

	if (!tag)
		return !g_strcmp0(fx->msg->subject, now->subject);
	if (!now->subject)
		return FALSE;
	was = subject_core(fx->msg->subject, tag);
	is = subject_core(now->subject, tag);
	return !strcmp(was, is) && strstr(now->subject, tag);
}

static gboolean same_parts(const GPtrArray *a, const GPtrArray *b)
{
	if (a->len != b->len)
		return FALSE;
	for (guint i = 0; i < a->len; i++) {
		const struct sl_part *p = a->pdata[i], *q = b->pdata[i];

		if (strcmp(p->path, q->path) || strcmp(p->type, q->type))
			return FALSE;
	}
	return TRUE;
}

/* Is @now the message before the fix with exactly the intended change? */
static gboolean only_intended(const struct fixing *fx,
			      const struct sl_message *now)
{
	const struct sl_message *was = fx->msg;

	return !g_strcmp0(was->message_id, now->message_id) &&
	       was->followup == now->followup && was->reply == now->reply &&
	       was->from->len == now->from->len &&
	       g_string_equal(was->body, now->body) &&
	       same_parts(was->parts, now->parts) &&
	       same_recipients(fx, now) && same_subject(fx, now);
}

static void note_declined(struct sl_fix_result *r, const struct fixing *fx)
{
	g_ptr_array_add(r->notes, g_strdup_printf(
		"not fixed [%s]: %s", fx->finding->rule->id, fx->declined));
}

/*
 * Applies one fix; keeps it only if the message still parses and differs
 * from before in nothing but the intended edit.
 */
static void apply_fix(struct sl_fix_result *r, const struct fixer *fixer,
		      const struct sl_message *msg,
		      const struct sl_finding *finding,
		      const struct sl_policy *policy, const GPtrArray *extra)
{
	g_autoptr(GString) before = g_string_new_len(r->text->str,
						     (gssize)r->text->len);
	g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_message) now = NULL;
	struct fixing fx = { r->text, msg, policy, finding, r, removed,
			     FALSE, NULL };
	guint changes = r->changes->len, notes = r->notes->len;

	if (fixer->fix(&fx)) {
		now = digest(r->text, extra, &error);
		if (now && only_intended(&fx, now) &&
		    r->changes->len > changes) {
			char *what = r->changes->pdata[changes];

			r->changes->pdata[changes] = g_strdup_printf(
				"fixed [%s]: %s", finding->rule->id, what);
			g_free(what);
			r->edits++;
			return;
		}
		decline(&fx, "the edited message did not read back as "
			"intended (%s); left as it was",
			error ? error->message : "other headers changed");
	}
	g_string_truncate(r->text, 0);
	g_string_append_len(r->text, before->str, (gssize)before->len);
	g_ptr_array_set_size(r->changes, changes);
	g_ptr_array_set_size(r->notes, notes);
	note_declined(r, &fx);
	g_free(fx.declined);
}

/* The first finding with a fix not yet tried on this message. */
static const struct sl_finding *next_fixable(const GPtrArray *findings,
					     GHashTable *tried,
					     const struct fixer **fixer)
{
	for (guint i = 0; i < findings->len; i++) {
		const struct sl_finding *f = findings->pdata[i];

		*fixer = find_fixer(f->rule->id);
		if (*fixer && !g_hash_table_contains(tried, *fixer))
			return f;
	}
	return NULL;
}

gboolean sl_fix_message(const char *bytes, gsize len,
			const struct sl_policy *policy, const GPtrArray *extra,
			struct sl_fix_result *r, GError **error)
{
	g_autoptr(GHashTable) tried = g_hash_table_new(NULL, NULL);

	r->text = g_string_new_len(bytes, (gssize)len);
	r->changes = g_ptr_array_new_with_free_func(g_free);
	r->notes = g_ptr_array_new_with_free_func(g_free);
	r->edits = 0;
	for (;;) {
		g_autoptr(sl_message) msg = digest(r->text, extra, error);
		g_autoptr(GPtrArray) findings = NULL;
		const struct sl_finding *f;
		const struct fixer *fixer;

		if (!msg)
			return FALSE;
		findings = sl_lint_message(msg, policy);
		f = next_fixable(findings, tried, &fixer);
		if (!f)
			return TRUE;
		g_hash_table_add(tried, (gpointer)fixer);
		apply_fix(r, fixer, msg, f, policy, extra);
	}
}

void sl_fix_result_clear(struct sl_fix_result *r)
{
	if (r->text)
		g_string_free(r->text, TRUE);
	if (r->changes)
		g_ptr_array_unref(r->changes);
	if (r->notes)
		g_ptr_array_unref(r->notes);
	memset(r, 0, sizeof(*r));
}
