// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text to scan (catalogue 3.0): the body's own lines split into prose,
 * inline patches and log excerpts, with quoted lines and the signature
 * apart.  A PGP clear-signed body is read between its markers with the
 * dash-escaping undone.  And the texts derived from the body once per
 * message for the rules: the own text and the signature, the own text
 * without its mail disclaimers, without its links; sentences, unwrapped
 * paragraphs, and text marked as restricted (with its disclaimer
 * paragraphs told apart from a real demand).
 */
#include <stdlib.h>
#include <string.h>

#include "crypto.h"
#include "facts.h"
#include "literals.h"
#include "matches.h"
#include "message.h"
#include "regex-cache.h"
#include "rule.h"
#include "text-lines.h"
#include "text.h"

/* How many lines g_strsplit(@text, "\n", -1) gives; @end is its end. */
static size_t count_lines(const char *text, const char *end)
{
	size_t n = 1;

	for (const char *q = text; (q = memchr(q, '\n', end - q)); q++)
		n++;
	return n;
}

/*
 * The lines of @text, like g_strsplit(text, "\n", -1) but with memchr:
 * linear even under sanitizers, whose strstr is not.  The array is sized
 * by a first count, each line copied with memcpy().
 */
char **sl_split_lines(const char *text)
{
	const char *end = text + strlen(text);
	size_t n = count_lines(text, end);
	char **lines = g_new(char *, n + 1);
	const char *p = text;

	for (size_t i = 0; i < n; i++) {
		const char *nl = memchr(p, '\n', end - p);
		size_t len = (size_t)((nl ? nl : end) - p);

		lines[i] = g_malloc(len + 1);
		memcpy(lines[i], p, len);
		lines[i][len] = '\0';
		if (nl)
			p = nl + 1;
	}
	lines[n] = NULL;
	return lines;
}

/* g_strchomp() on @line, which ends at @end. */
static void chomp(char *line, char *end)
{
	while (end > line && g_ascii_isspace(end[-1]))
		end--;
	*end = '\0';
}

/* The lines of @text in one copy of it, *@copy, each ended in place;
 * @chomped: each without its trailing white space too.  One memchr() a
 * line: the array grows as they are found instead of being sized by a
 * first count (which read every line twice). */
static char **lines_in_copy(const char *text, char **copy, gboolean chomped)
{
	size_t len = strlen(text);
	char *buf = g_memdup2(text, len + 1);
	char *end = buf + len;
	size_t n = 0, room = len / 32 + 2;
	char **lines = g_new(char *, room);
	char *p = buf;

	for (;;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));

		if (n + 1 >= room)
			lines = g_renew(char *, lines, room *= 2);
		lines[n++] = p;
		if (chomped)
			chomp(p, nl ? nl : end);
		else if (nl)
			*nl = '\0';
		if (!nl)
			break;
		p = nl + 1;
	}
	lines[n] = NULL;
	*copy = buf;
	return lines;
}

/*
 * The same lines as sl_split_lines() in one copy of @text, *@copy, each
 * ended in place: for a reader, two blocks to free (g_free() the array
 * and *@copy), not one a line.
 */
char **sl_text_lines(const char *text, char **copy)
{
	return lines_in_copy(text, copy, FALSE);
}

/* Each line of @body without its trailing white space (g_strchomp()). */
static char **chomped_lines(const char *body, char **copy)
{
	return lines_in_copy(body, copy, TRUE);
}

enum region {
	IN_PROSE,
	IN_DIFF,	/* diff headers, or between hunks */
	IN_HUNK,
	IN_BINARY,	/* after "GIT binary patch" */
	IN_DIFFSTAT,	/* git's summary of a patch, after "---" */
	IN_LOG,
};

struct scan {
	struct sl_text *t;
	enum region in;
	long old_left, new_left;
	gboolean log_gap;	/* a blank line inside a log excerpt */
	gboolean after_cut;	/* the line before was prose "---" */
};

/* Lines that go on a log excerpt: registers, frames, banners, dumps. */
static const char log_more[] =
	"^\\s*(\\? |</?(TASK|IRQ|NMI|SOFTIRQ)>|R[A-Z0-9]{1,2}: |[ECDEFGS]S: |"
	"CR[0-4]: |DR[0-7]: |Code: |Modules linked in|Hardware name:|CPU: |"
	"Workqueue: |Comm: |PID: |Allocated by task|Freed by task|"
	"Last potentially|Second to last|The buggy address|Memory state|"
	"(Read|Write) of size|Free of addr|Disabling lock debugging|"
	"-+\\[ end trace|Kernel Offset|Rebooting|Dumping ftrace|irq event|"
	"hardirqs |softirqs |Showing all locks|\\d+ locks? held|#\\d+: |"
	"index -?\\d+ is out of range|shift exponent|load of value|"
	"signed integer overflow|page:|flags: |raw: |page dumped|head: |"
	"object |Pointer tag|note: |pc : |lr : |sp : |x\\d+ ?: |"
	"Internal error|Mem abort|ESR = |EC = |FAR = |backtrace:|comm \"|"
	"hex dump|stack pop|Call trace:|-> #\\d|[0-9a-f]{8,16}: |"
	">?[0-9a-f]{16}\\b|={8,}$|\\S+\\+0x[0-9a-f]+/0x[0-9a-f]+|"
	"\\S+\\.[ch]:\\d+|(HEAD commit|git tree|console output|kernel config|"
	"dashboard link|syz repro|C reproducer|compiler|userspace arch|"
	"disk image|vmlinux|kernel image):)";

/* The title line of one report: a splat, a bot's header. */
static const char log_title[] =
	"^\\s*(BUG: |WARNING: |UBSAN: |KMSAN: |KCSAN: |KFENCE: |"
	"general protection fault|Oops: |Unable to handle kernel|"
	"kernel BUG at |INFO: task |HEAD commit:)";

static gboolean is_blank(const char *line)
{
	return line[strspn(line, " \t")] == '\0';
}

/* @line and a "\n" onto @to: copied in place where it has room, as
 * g_string_append_c() does, else by GLib. */
static void add_line(GString *to, const char *line)
{
	size_t n = strlen(line);

	if (to->len + n + 1 < to->allocated_len) {
		memcpy(to->str + to->len, line, n);
		to->len += n + 1;
		to->str[to->len - 1] = '\n';
		to->str[to->len] = '\0';
		return;
	}
	g_string_append_len(to, line, (gssize)n);
	g_string_append_c(to, '\n');
}

#define HAS_PREFIX(s, lit) (!strncmp((s), (lit), sizeof(lit) - 1))

static gboolean starts_diff(char **l)
{
	return HAS_PREFIX(*l, "diff --git ") ||
	       (HAS_PREFIX(*l, "--- ") && l[1] && HAS_PREFIX(l[1], "+++ ") &&
		l[2] && HAS_PREFIX(l[2], "@@ -"));
}

static gboolean open_hunk(struct scan *s, const char *line)
{
	if (!sl_line_hunk_header(line, &s->old_left, &s->new_left))
		return FALSE;
	s->in = IN_HUNK;
	s->t->hunks++;
	return TRUE;
}

/* One line inside a hunk: TRUE if it belongs to it. */
static gboolean hunk_line(struct scan *s, const char *line)
{
	switch (*line) {
	case '\0':	/* a context line whose space a mailer ate */
	case ' ':
		s->old_left--;
		s->new_left--;
		break;
	case '-':
		s->old_left--;
		break;
	case '+':
		s->new_left--;
		break;
	case '\\':
		break;
	default:
		return FALSE;
	}
	if (s->old_left <= 0 && s->new_left <= 0)
		s->in = IN_DIFF;
	return TRUE;
}

/*
 * A line of git's base85 binary data (git apply.c, base85.c): a letter
 * for the length of the data (A-Z 1-26, a-z 27-52 bytes), then five
 * characters for each four bytes of it.
 */
static gboolean is_base85_line(const char *line)
{
	static const char alphabet[] =
		"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		"!#$%&()*+-;<=>?@^_`{|}~";
	unsigned n;

	if (g_ascii_isupper(*line))
		n = (unsigned)(*line - 'A') + 1;
	else if (g_ascii_islower(*line))
		n = (unsigned)(*line - 'a') + 27;
	else
		return FALSE;
	return strlen(line + 1) == (n + 3) / 4 * 5 &&
	       strspn(line + 1, alphabet) == strlen(line + 1);
}

/* The body of a binary patch: "literal N" or "delta N" opens each of its
 * one or two blocks of data, a blank line ends each. */
gboolean sl_binary_patch_line(const char *line)
{
	const char *n = NULL;

	if (!*line || is_base85_line(line))
		return TRUE;
	if (g_str_has_prefix(line, "literal "))
		n = line + strlen("literal ");
	else if (g_str_has_prefix(line, "delta "))
		n = line + strlen("delta ");
	return n && *n && strspn(n, "0123456789") == strlen(n);
}

/* The lines of git's diffstat that are not "PATH | COUNT". */
static const char diffstat_tail[] =
	"^ (\\d+ files? changed(, \\d+ insertions?\\(\\+\\))?"
	"(, \\d+ deletions?\\(-\\))?|(create|delete) mode \\d{6} .+|"
	"mode change \\d{6} => \\d{6} .+|(rename|copy) .+ \\(\\d+%\\))$";

/* What follows "PATH | ": "12 +++--", "0", "Bin", "Bin 10 -> 20 bytes". */
static gboolean diffstat_count(const char *p)
{
	size_t digits;

	p += strspn(p, " ");
	if (g_str_has_prefix(p, "Bin"))
		return !p[3] || sl_regex_test("^ \\d+ -> \\d+ bytes$", 0, p + 3);
	digits = strspn(p, "0123456789");
	if (!digits)
		return FALSE;
	p += digits;
	if (*p == ' ')
		p++;
	return strspn(p, "+-") == strlen(p);
}

/* One line of the diffstat git format-patch writes under "---". */
static gboolean is_diffstat_line(const char *line)
{
	const char *bar;

	if (*line != ' ')
		return FALSE;
	bar = strstr(line, " | ");
	return bar ? diffstat_count(bar + 3)
		   : sl_regex_test(diffstat_tail, 0, line);
}

/* The diffstat: from its first line right under "---" to a line that is
 * not one of it (a blank line goes with it). */
static gboolean diffstat_line(struct scan *s, const char *line,
			      gboolean after_cut)
{
	if (s->in == IN_DIFFSTAT) {
		if (!*line || is_diffstat_line(line))
			return TRUE;
		s->in = IN_PROSE;
		return FALSE;
	}
	if (s->in != IN_PROSE || !after_cut || !is_diffstat_line(line))
		return FALSE;
	s->in = IN_DIFFSTAT;
	return TRUE;
}

/* Patch lines; FALSE when @l is no longer part of a diff. */
static gboolean patch_line(struct scan *s, char **l)
{
	if (s->in == IN_HUNK) {
		if (hunk_line(s, *l))
			return TRUE;
		s->t->broken_hunks++;
		s->in = IN_PROSE;
		return FALSE;
	}
	if (s->in == IN_BINARY) {
		if (sl_binary_patch_line(*l))
			return TRUE;
		s->in = IN_DIFF;	/* the next file's diff, or not a diff */
	}
	if (s->in != IN_DIFF && !starts_diff(l))
		return FALSE;
	s->in = IN_DIFF;
	if (!strcmp(*l, "GIT binary patch")) {
		s->in = IN_BINARY;
		return TRUE;
	}
	if (open_hunk(s, *l) || sl_line_diff_header(*l))
		return TRUE;
	s->in = IN_PROSE;
	return FALSE;
}

/* A KASAN/UBSAN banner: a rule of '=' right above the report's title. */
static gboolean is_banner(const char *line, const char *next)
{
	return *line == '=' && strlen(line) >= 20 &&
	       line[strspn(line, "=")] == '\0' && next &&
	       sl_line_log_start(next);
}

static gboolean log_line(struct scan *s, const char *line, const char *next)
{
	/* Most lines cannot have a timestamp: spared the replacement's
	 * copy (a third of the scan's time). */
	g_autofree char *bare = !sl_line_may_be_stamped(line) ||
				!strchr(line, '[') ? NULL :
		g_regex_replace_literal(sl_regex_cached(sl_line_timestamp_re,
							0),
					line, -1, 0, "", 0, NULL);
	gboolean stamped = bare && strlen(bare) != strlen(line);
	const char *text = bare ? bare : line;

	if (is_banner(text, next) || sl_line_log_start(text)) {
		if (sl_regex_test(log_title, 0, text))
			s->t->log_reports++;
		s->in = IN_LOG;
		s->log_gap = FALSE;
		return TRUE;
	}
	if (s->in != IN_LOG && !stamped)
		return FALSE;
	if (stamped || sl_regex_test(log_more, 0, text) ||
	    (!s->log_gap && g_ascii_isspace(*line))) {
		s->in = IN_LOG;
		s->log_gap = FALSE;
		return TRUE;
	}
	s->in = IN_PROSE;
	return FALSE;
}

static void classify(struct scan *s, char **l)
{
	struct sl_text *t = s->t;
	gboolean after_cut = s->after_cut;

	s->after_cut = FALSE;
	if (diffstat_line(s, *l, after_cut)) {
		add_line(t->patch, *l);
		t->patch_lines++;
		return;
	}
	if (patch_line(s, l)) {
		add_line(t->patch, *l);
		t->patch_lines++;
		return;
	}
	if (s->in == IN_LOG && is_blank(*l)) {
		s->log_gap = TRUE;
		return;
	}
	if (log_line(s, *l, l[1])) {
		add_line(t->log, *l);
		t->log_lines++;
		return;
	}
	add_line(t->prose, *l);
	if (!is_blank(*l))
		t->prose_lines++;
	s->after_cut = !strcmp(*l, "---");
}

/* @pgp: the body may hold an armored PGP block (most have none, and their
 * lines are spared the search). */
static void scan_lines(struct sl_text *t, char **lines, gboolean pgp)
{
	struct scan s = { t, IN_PROSE, 0, 0, FALSE, FALSE };
	GString *sig = NULL;

	for (char **l = lines; *l; l++) {
		if (!l[1] && !**l)
			break;	/* the end of the last line */
		if (sig) {
			add_line(sig, *l);
		} else if (s.in != IN_HUNK && **l == '-' &&
			   (!strcmp(*l, "-- ") || !strcmp(*l, "--"))) {
			sig = g_string_new(NULL);
		} else if (s.in != IN_HUNK && **l == '>') {
			add_line(t->quoted, *l);
		} else {
			if (pgp && strstr(*l, "-----BEGIN PGP MESSAGE-----"))
				t->encrypted = TRUE;
			classify(&s, l);
		}
	}
	if (s.in == IN_HUNK)
		t->broken_hunks++;
	t->signature = sig ? g_string_free(sig, FALSE) : g_strdup("");
}

/*
 * The lines of a clear-signed body, between "BEGIN PGP SIGNED MESSAGE"
 * (and its armor headers) and "BEGIN PGP SIGNATURE", "- " unescaped;
 * NULL if the body is not clear-signed.
 */
static GPtrArray *clearsigned_lines(char **lines)
{
	GPtrArray *out;
	char **l = lines;

	while (*l && strcmp(*l, "-----BEGIN PGP SIGNED MESSAGE-----"))
		l++;
	if (!*l)
		return NULL;
	for (l++; *l && !is_blank(*l); l++)
		;	/* Hash: armor headers */
	out = g_ptr_array_new();
	for (; *l && strcmp(*l, "-----BEGIN PGP SIGNATURE-----"); l++)
		g_ptr_array_add(out, g_str_has_prefix(*l, "- ") ? *l + 2 : *l);
	g_ptr_array_add(out, NULL);
	return out;
}

struct sl_text *sl_text_scan(const char *body)
{
	struct sl_text *t = g_new0(struct sl_text, 1);
	g_autofree char *copy = NULL;
	g_autofree char **lines = chomped_lines(body, &copy);
	g_autoptr(GPtrArray) signed_part = NULL;
	/* Either PGP marker, clear-signed or a message */
	gboolean pgp = strstr(body, "-----BEGIN PGP ") != NULL;

	t->prose = g_string_new(NULL);
	t->patch = g_string_new(NULL);
	t->log = g_string_new(NULL);
	t->quoted = g_string_new(NULL);
	signed_part = pgp ? clearsigned_lines(lines) : NULL;
	t->clearsigned = signed_part != NULL;
	scan_lines(t, signed_part ? (char **)signed_part->pdata : lines, pgp);
	return t;
}

/* The keys of this module's facts (rules/lib/facts.h). */
static const char text_key, own_key, signature_key, no_disclaimers_key,
	had_disclaimers_key;

/* Scanned once per message, for all the rules that read it. */
const struct sl_text *sl_facts_text(struct sl_facts *f)
{
	struct sl_facts_slot *s = sl_facts_slot(f, &text_key);

	if (!s->filled) {
		struct sl_text *t = sl_text_scan(f->msg->body->str);

		sl_facts_fill(s, t, (GDestroyNotify)sl_text_free);
		/* the texts the word lists are asked of */
		sl_facts_literals_keep(f, t->prose->str);
		sl_facts_literals_keep(f, t->log->str);
	}
	return s->data;
}

void sl_text_free(struct sl_text *t)
{
	if (!t)
		return;
	g_string_free(t->prose, TRUE);
	g_string_free(t->patch, TRUE);
	g_string_free(t->log, TRUE);
	g_string_free(t->quoted, TRUE);
	g_free(t->signature);
	g_free(t);
}

/*
 * Can the content rules read the report?  Not when it is encrypted as a
 * whole (PGP/MIME, S/MIME) or the sender's own text is a PGP message.
 */
gboolean sl_facts_content_visible(struct sl_facts *f)
{
	if (!sl_facts_is_encrypted(f))
		return TRUE;
	if (!strstr(f->msg->body->str, "-----BEGIN PGP MESSAGE-----"))
		return FALSE;	/* PGP/MIME or S/MIME */
	/* a quoted PGP block hides nothing */
	return !sl_facts_text(f)->encrypted;
}

/* ---- the own text ---- */

/*
 * Each line without its trailing white space, "\n" ended (the empty one
 * after the body's last "\n" too).  The own text is copied into one block
 * of the body's length, which it cannot outgrow: a line gives at most its
 * own bytes and a "\n", and only the last may lack one in the body.
 */
char *sl_text_own(const char *body, char **signature)
{
	size_t len = strlen(body);
	const char *end = body + len;
	char *own = g_malloc(len + 2);
	char *o = own;
	GString *sig = NULL;

	for (const char *l = body; l; ) {
		const char *nl = memchr(l, '\n', end - l);
		const char *e = nl ? nl : end;

		while (e > l && g_ascii_isspace(e[-1]))
			e--;
		if (!sig && e - l == 2 && l[0] == '-' && l[1] == '-') {
			sig = g_string_new(NULL);
		} else if (sig) {
			g_string_append_len(sig, l, e - l);
			g_string_append_c(sig, '\n');
		} else if (*l != '>') {
			memcpy(o, l, e - l);
			o += e - l;
			*o++ = '\n';
		}
		l = nl ? nl + 1 : NULL;
	}
	*o = '\0';
	*signature = sig ? g_string_free(sig, FALSE) : g_strdup("");
	return own;
}

/* Corporate mail disclaimers: confidentiality claims that nobody meant. */
static const char disclaimer[] =
	"(this (e-?mail|message|communication)[^.]{0,80}"
	"(is|are|may be|contains?)[^.]{0,40}(confidential|privileged)"
	"|intended (solely|only|exclusively) for the (use of the )?"
	"(addressee|recipient|individual))";

/* One of them is in every disclaimer (rules/lib/literals.h). */
static const char *const disclaimer_words[] = {
	"confidential", "privileged", "intended solely", "intended only",
	"intended exclusively", NULL
};

gboolean sl_text_is_disclaimer(const char *text)
{
	return !sl_regex_ruled_out(NULL, disclaimer, G_REGEX_CASELESS,
				   disclaimer_words, text) &&
	       sl_regex_match_simple(disclaimer, text, G_REGEX_CASELESS, 0);
}

static char *find_disclaimer(const char *text)
{
	if (sl_regex_ruled_out(NULL, disclaimer, G_REGEX_CASELESS,
			       disclaimer_words, text))
		return NULL;
	return sl_regex_find(disclaimer, text, G_REGEX_CASELESS);
}

char *sl_text_find_disclaimer(const char *own, const char *signature)
{
	char *hit = find_disclaimer(own);

	return hit ? hit : find_disclaimer(signature);
}

static void own_fill(struct sl_facts *f)
{
	struct sl_facts_slot *own = sl_facts_slot(f, &own_key);
	char *signature;

	if (own->filled)
		return;
	sl_facts_fill(own, sl_text_own(f->msg->body->str, &signature), g_free);
	sl_facts_fill(sl_facts_slot(f, &signature_key), signature, g_free);
	sl_facts_literals_keep(f, own->data);
}

const char *sl_facts_own_text(struct sl_facts *f)
{
	own_fill(f);
	return sl_facts_slot(f, &own_key)->data;
}

const char *sl_facts_signature(struct sl_facts *f)
{
	own_fill(f);
	return sl_facts_slot(f, &signature_key)->data;
}

/* ---- sentences ---- */

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

/* Each "\r" a space, then each "\n" between two lines that are not blank;
 * found with memchr(), not g_strdelimit()'s test of every byte. */
char *sl_text_unwrap(const char *text)
{
	size_t len = strlen(text);
	char *flat = g_memdup2(text, len + 1);
	char *end = flat + len;

	for (char *p = flat; (p = memchr(p, '\r', end - p)); p++)
		*p = ' ';
	for (char *p = flat; (p = memchr(p, '\n', end - p)); p++)
		if (p[1] != '\n' && p[1] != '\0' && p > flat && p[-1] != '\n')
			*p = ' ';
	return flat;
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

/* The confidentiality rules each ask it: once per message. */
static const char *facts_without_disclaimers(struct sl_facts *f,
					     gboolean *had)
{
	struct sl_facts_slot *s = sl_facts_slot(f, &no_disclaimers_key);
	struct sl_facts_slot *h = sl_facts_slot(f, &had_disclaimers_key);

	if (!s->filled) {
		sl_facts_fill(s, without_disclaimers(sl_facts_own_text(f), had),
			      g_free);
		sl_facts_fill(h, GINT_TO_POINTER(*had), NULL);
	}
	*had = GPOINTER_TO_INT(h->data);
	return s->data;
}

/* Has the own text a disclaimer paragraph?  Not without a disclaimer's
 * words: a paragraph is a piece of it, so it is not cut up to know. */
static gboolean facts_had_disclaimers(struct sl_facts *f)
{
	gboolean had;

	if (sl_regex_ruled_out(f, disclaimer, G_REGEX_CASELESS,
			       disclaimer_words, sl_facts_own_text(f)))
		return FALSE;
	facts_without_disclaimers(f, &had);
	return had;
}

/*
 * Can @what's pattern not match the own text without its disclaimers and
 * exceptions, as the own text holds none of its literals nor any of its
 * exception's?  That text is pieces of the own text joined by "\n\n",
 * which no literal holds (nor does it end a word), and with nothing
 * removed no new text is joined.
 */
static gboolean restricted_ruled_out(struct sl_facts *f, const char *own,
				     const struct sl_restricted_text *what)
{
	if (!what->needs || (what->except && !what->except_needs) ||
	    !sl_regex_ruled_out(f, what->pattern, 0, what->needs, own))
		return FALSE;
	if (!what->except)
		return TRUE;
	/* one list for both: the own text has just been read for it */
	if (what->except_needs == what->needs)
		return sl_regex_cannot_match(what->except, 0, own);
	return sl_regex_ruled_out(f, what->except, 0, what->except_needs,
				  own);
}

void sl_check_restricted_text(struct sl_check *c,
			      const struct sl_restricted_text *what)
{
	const char *own = sl_facts_own_text(c->facts);
	const char *signature = sl_facts_signature(c->facts);
	gboolean disclaimer;
	const char *text;
	g_autofree char *rest = NULL;
	g_autofree char *hit = NULL;

	if (!sl_facts_content_visible(c->facts))
		return;
	if (restricted_ruled_out(c->facts, own, what)) {
		disclaimer = facts_had_disclaimers(c->facts);
		goto weak;
	}
	text = facts_without_disclaimers(c->facts, &disclaimer);
	if (what->except) {
		g_autoptr(GRegex) re = sl_regex_new(what->except, 0, 0, NULL);

		rest = sl_regex_replace_all(re, text, "");
		text = rest;
	}
	hit = sl_regex_find(what->pattern, text, 0);
	if (hit) {
		sl_report_at(c, "body", hit, "%s", what->strong);
		return;
	}
weak:
	if (disclaimer || sl_text_is_disclaimer(signature)) {
		hit = sl_text_find_disclaimer(own, signature);
		sl_report_weak_at(c, "body", hit, "%s", what->weak);
	}
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

const char *sl_facts_own_prose(struct sl_facts *f, glong *prose_len,
			       guint *urls)
{
	const char *own = sl_facts_own_text(f);
	g_autofree char *prose = sl_text_without_urls(own, urls);

	*prose_len = g_utf8_strlen(prose, -1);
	return own;
}
