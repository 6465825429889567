// SPDX-License-Identifier: GPL-2.0-only
/*
 * Questions the encryption, hardware-team and Openwall-list rules ask of a
 * digested message: is it encrypted or signed, and how; is a part a PGP
 * file attached by hand; does the text ask for a CVE; is it marked as
 * restricted.  No GMime here: the digest has already classified the parts
 * (lint/mime-crypto.c).
 */
#include <string.h>

#include "memo.h"

static gboolean body_has_line(const struct sl_message *msg, const char *re)
{
	return sl_regex_match_simple(re, msg->body->str, G_REGEX_MULTILINE, 0);
}

static gboolean has_kind(const struct sl_message *msg, enum sl_crypto_kind kind,
			 const char *path)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (p->crypto_kind == kind && !strcmp(p->path, path))
			return TRUE;
	}
	return FALSE;
}

/* The whole message is multipart/signed: its signature is part 2. */
static gboolean top_is_signed(const struct sl_message *msg)
{
	return has_kind(msg, SL_CRYPTO_PGP_SIGNATURE, "2") ||
	       has_kind(msg, SL_CRYPTO_SMIME_SIGNATURE, "2");
}

/*
 * Encrypted as a whole: PGP/MIME at the top (or signed, then encrypted),
 * a top-level S/MIME envelope, or an inline PGP message in the body text
 * (not in quoted lines).  A ciphertext forwarded inside a plain message is
 * not the message being encrypted.
 */
static enum sl_encryption encryption(const struct sl_message *msg)
{
	if (has_kind(msg, SL_CRYPTO_PGP_ENCRYPTED, "2") ||
	    (top_is_signed(msg) &&
	     has_kind(msg, SL_CRYPTO_PGP_ENCRYPTED, "1.2")))
		return SL_ENC_PGP_MIME;
	if (msg->parts->len &&
	    ((const struct sl_part *)msg->parts->pdata[0])->crypto_kind ==
		    SL_CRYPTO_SMIME_ENVELOPED)
		return SL_ENC_SMIME;
	if (body_has_line(msg, "^-----BEGIN PGP MESSAGE-----\r?$"))
		return SL_ENC_INLINE_PGP;
	return SL_ENC_NONE;
}

/* Most rules ask (to stay silent on what they cannot read): once. */
enum sl_encryption sl_msg_encryption(const struct sl_message *msg)
{
	struct sl_memo *memo = sl_memo_of(msg);

	if (!memo)
		return encryption(msg);
	if (!memo->encryption)
		memo->encryption = encryption(msg) + 1;
	return (enum sl_encryption)(memo->encryption - 1);
}

gboolean sl_msg_is_encrypted(const struct sl_message *msg)
{
	return sl_msg_encryption(msg) != SL_ENC_NONE;
}

enum sl_signing sl_msg_signing(const struct sl_message *msg)
{
	if (has_kind(msg, SL_CRYPTO_PGP_SIGNATURE, "2"))
		return SL_SIGN_PGP_MIME;
	if (has_kind(msg, SL_CRYPTO_SMIME_SIGNATURE, "2") ||
	    (msg->parts->len &&
	     ((const struct sl_part *)msg->parts->pdata[0])->crypto_kind ==
		     SL_CRYPTO_SMIME_SIGNED))
		return SL_SIGN_SMIME;
	if (sl_regex_match_simple("^-----BEGIN PGP SIGNED MESSAGE-----\r?$.*"
				 "^-----BEGIN PGP SIGNATURE-----\r?$.*"
				 "^-----END PGP SIGNATURE-----",
				 msg->body->str,
				 G_REGEX_MULTILINE | G_REGEX_DOTALL, 0))
		return SL_SIGN_INLINE_PGP;
	return SL_SIGN_NONE;
}

static gboolean pgp_file_name(const char *name)
{
	return name && sl_regex_match_simple("\\.(gpg|pgp)$", name,
					    G_REGEX_CASELESS, 0);
}

/*
 * Openwall's "manual PGP-encrypted attachment": an armoured PGP message
 * attached as a file (often .asc), or a binary OpenPGP file (.gpg, .pgp)
 * of one of the types mailers give them.  PGP/MIME's own ciphertext is
 * structure, and detached signatures and keys (armoured as such) are not
 * encrypted.
 */
gboolean sl_part_is_manual_pgp(const struct sl_part *part)
{
	static const char *const types[] = {
		"application/pgp-encrypted", "application/octet-stream",
		"application/pgp",
	};

	if (part->crypto || !part->leaf)
		return FALSE;
	if (part->armor == SL_ARMOR_MESSAGE)
		return sl_part_is_attachment(part);
	if (part->armor != SL_ARMOR_NONE || !pgp_file_name(part->filename))
		return FALSE;
	for (size_t i = 0; i < G_N_ELEMENTS(types); i++)
		if (!strcmp(part->type, types[i]))
			return TRUE;
	return FALSE;
}

/* ---- asking for a CVE ---- */

/* Asking for one: "please assign a CVE", "can a CVE be assigned?". */
static const char cve_request[] =
	"(?i:\\b(request(ing)?|assign(ing)?|allocat(e|ing)|reserv(e|ing)|"
	"obtain(ing)?|get(ting)?|issu(e|ing)) (a |an |one |two |the )?CVEs?"
	"( ?ids?| identifiers?| numbers?)?\\b(?! (has|was|is) )|"
	"\\b(would|'d) like (to (get|have|request) )?(a |an )?CVE|"
	"\\b(can|could|may|should|will) (a|an|one|the) CVE( ?id| number| "
	"identifier)? (please )?be (assigned|allocated|reserved|issued)|"
	"\\bCVE( ?id)?,? please\\b|\\bthis is a CVE( ?id)? request\\b)";

/*
 * Sentences that only mention a request: made already, to be made
 * elsewhere, or declined.
 */
static const char cve_not_asking[] =
	"(?i:\\bCVE(-\\d{4}-[\\dx]+)?s?( ?ids?| numbers?)? (has|have|had|was|"
	"were|is|are|is being|are being) (already )?(been )?(requested|"
	"assigned|reserved|allocated|issued)|"
	"\\b(already|have|has|had|we've|i've|they've) (already )?(requested|"
	"asked for|obtained|got|gotten|reserved) (a |an |the )?CVE|"
	"\\b(will|shall|'ll|plan(ning)? to|going to|intend(ing)? to|about to) "
	"(also )?(request|ask for|obtain|get) (a |an |the )?CVE|"
	"\\b(from|via|through|using|with) (the )?(MITRE|cveform|cve@kernel\\.org|"
	"kernel CNA|kernel CVE team|[\\w.-]+ CNA|CNA)\\b|"
	"\\bcontacted (MITRE|the CNA|cve@kernel\\.org)|"
	"(\\bno need to|\\bnot|n't|\\bnever|\\bwithout)\\s+(\\w+\\s+){0,2}(a |an )?"
	"CVE)";

/*
 * "assign a CVE", "request CVEs" is a request only when someone asks:
 * imperative at the start of the sentence, "please", a question to the
 * reader ("could someone"), or the writer asking ("I am requesting", "we
 * would like to reserve").  "The kernel CNA tends to assign CVEs" and
 * "distros request CVEs for everything" are talk about CVEs.
 */
static const char cve_verb_first[] =
	"^(?i:request|assign|allocat|reserv|obtain|get|issu)";
static const char cve_asker[] =
	"(?i:^\\s*(?:(?:hi|hello|dear)\\b[^,]{0,40},\\s*)?$|"
	"\\b(?:please|pls|kindly|hereby)\\b|"
	"\\b(?:can|could|would|will|may)\\s+(?:you|someone|somebody|anyone|"
	"anybody|we|i|the\\s+list)\\b|"
	"\\b(?:i|we)(?:'d|\\s+would)\\s+(?:like|love|appreciate)\\b|"
	"\\b(?:i|we)(?:'m|'re|\\s+am|\\s+are)?\\s+(?:(?:hereby|also|now|"
	"formally)\\s+)*(?:(?:want|wish|need)\\s+to\\s+)?$|"
	"\\bwriting\\s+to\\s+$)";

void sl_text_sentence_bounds(const char *text, gint start, gint end,
			     gint *s, gint *e)
{
	*s = start;
	*e = end;
	while (*s > 0 && !strchr(".!?;\n", text[*s - 1]))
		(*s)--;
	while (text[*e] && !strchr(".!?;\n", text[*e]))
		(*e)++;
}

char *sl_text_unwrap(const char *text)
{
	char *flat = g_strdelimit(g_strdup(text), "\r", ' ');

	for (char *p = flat; (p = strchr(p, '\n')); p++)
		if (p[1] != '\n' && p[1] != '\0' && p > flat && p[-1] != '\n')
			*p = ' ';
	return flat;
}

static char *sentence_at(const char *text, gint start, gint end)
{
	gint s, e;

	sl_text_sentence_bounds(text, start, end, &s, &e);
	return g_strndup(text + s, (gsize)(e - s));
}

/* Does @text hold "cve" in any case?  Every cve_request branch does. */
static gboolean mentions_cve(const char *text)
{
	for (const char *p = text; (p = strpbrk(p, "cC")); p++)
		if (g_ascii_tolower(p[1]) == 'v' &&
		    g_ascii_tolower(p[2]) == 'e')
			return TRUE;
	return FALSE;
}

static char *find_cve_request(const char *text)
{
	g_autoptr(sl_matches) m = NULL;
	g_autofree char *flat = NULL;

	if (!mentions_cve(text))
		return NULL;
	flat = sl_text_unwrap(text);
	m = sl_matches_fixed(cve_request, 0, flat, -1);
	while (sl_matches_next(m)) {
		gint start, end;
		g_autofree char *sentence = NULL;

		g_autofree char *match = NULL;
		g_autofree char *before = NULL;
		gint s, e;

		sl_matches_fetch_pos(m, 0, &start, &end);
		sentence = sentence_at(flat, start, end);
		if (sl_regex_match_simple(cve_not_asking, sentence, 0, 0))
			continue;
		match = sl_matches_fetch(m, 0);
		sl_text_sentence_bounds(flat, start, end, &s, &e);
		before = g_strndup(flat + s, (gsize)(start - s));
		if (sl_regex_match_simple(cve_verb_first, match, 0, 0) &&
		    !sl_regex_match_simple(cve_asker, before, 0, 0))
			continue;	/* talk about CVEs, not a request */
		return g_steal_pointer(&match);
	}
	return NULL;
}

/* Several rules ask it of the same own text: once per message. */
char *sl_text_find_cve_request(const char *text)
{
	struct sl_memo *memo = sl_memo_current();
	char *found;

	if (memo && sl_text_memo_holds(&memo->cve_request, text))
		return g_strdup(memo->cve_request.output);
	found = find_cve_request(text);
	if (memo)
		sl_text_memo_set(&memo->cve_request, text, found, FALSE);
	return found;
}

gboolean sl_text_asks_for_cve(const char *text)
{
	g_autofree char *request = sl_text_find_cve_request(text);

	return request != NULL;
}

/* ---- text marked as restricted ---- */

/* The own text without its disclaimer paragraphs; says if it had any. */
static char *without_disclaimers(const char *own, gboolean *had)
{
	g_auto(GStrv) paras = sl_regex_split_all(
		sl_regex_cached("\\n\\s*\\n", 0), own);
	GString *kept = g_string_new(NULL);

	*had = FALSE;
	for (char **p = paras; *p; p++) {
		if (sl_text_is_disclaimer(*p))
			*had = TRUE;
		else
			g_string_append_printf(kept, "%s\n\n", *p);
	}
	return g_string_free(kept, FALSE);
}

static char *without_disclaimers_memo(const char *own, gboolean *had)
{
	struct sl_memo *memo = sl_memo_current();
	char *text;

	if (memo && sl_text_memo_holds(&memo->no_disclaimers, own)) {
		*had = memo->no_disclaimers.flag;
		return g_strdup(memo->no_disclaimers.output);
	}
	text = without_disclaimers(own, had);
	if (memo)
		sl_text_memo_set(&memo->no_disclaimers, own, text, *had);
	return text;
}

void sl_check_restricted_text(struct sl_check *c,
			      const struct sl_restricted_text *what)
{
	g_autofree char *signature = NULL;
	g_autofree char *own = sl_msg_own_text(c->msg, &signature);
	gboolean disclaimer;
	g_autofree char *text = without_disclaimers_memo(own, &disclaimer);
	g_autofree char *hit = NULL;

	if (!sl_msg_content_visible(c->msg))
		return;
	if (what->except) {
		g_autoptr(GRegex) re = sl_regex_new(what->except, 0, 0, NULL);
		char *rest = sl_regex_replace_all(re, text, "");

		g_free(text);
		text = rest;
	}
	hit = sl_regex_find(what->pattern, text, 0);
	if (hit)
		sl_report_at(c, "body", hit, "%s", what->strong);
	else if (disclaimer || sl_text_is_disclaimer(signature)) {
		hit = sl_text_find_disclaimer(own, signature);
		sl_report_weak_at(c, "body", hit, "%s", what->weak);
	}
}

/* ---- the sender's declarations ---- */

void sl_policy_declare_ai_assisted(struct sl_policy *policy)
{
	static const char group[] = "rule ai-use-disclosure";

	if (policy->profile && g_key_file_has_group(policy->profile, group))
		g_key_file_set_boolean(policy->profile, group, "ai-assisted",
				       TRUE);
}

/* ---- links ---- */

char *sl_text_without_urls(const char *text, guint *urls)
{
	g_autoptr(GRegex) url = sl_regex_new(
		"<?\\b((https?|ftp)://|www\\.)[^\\s<>\"]*[^\\s<>\".,;:!?)'\\]]>?",
		G_REGEX_CASELESS, 0, NULL);
	g_autoptr(GRegex) space = sl_regex_new("\\s+", 0, 0, NULL);
	g_autoptr(sl_matches) m = sl_matches_new(url, text, -1, 0);
	g_autofree char *rest = NULL;

	*urls = 0;
	while (sl_matches_next(m))
		(*urls)++;
	rest = sl_regex_replace_all(url, text, " ");
	return g_strstrip(sl_regex_replace_all(space, rest, " "));
}

char *sl_msg_own_prose(const struct sl_message *msg, glong *prose_len,
		       guint *urls)
{
	g_autofree char *signature = NULL;
	char *own = sl_msg_own_text(msg, &signature);
	g_autofree char *prose = sl_text_without_urls(own, urls);

	*prose_len = g_utf8_strlen(prose, -1);
	return own;
}
