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
#include "env-flag.h"
#include "facts.h"
#include "literals.h"
#include "matches.h"
#include "message.h"
#include "pool.h"
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

/* The lines of @text in one copy of it, *@copy, each ended in place.  One
 * memchr() a line: the array grows as they are found instead of being
 * sized by a first count (which read every line twice). */
static char **lines_in_copy(const char *text, char **copy)
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
		if (!nl)
			break;
		*nl = '\0';
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
	return lines_in_copy(text, copy);
}

enum region {
	IN_PROSE,
	IN_DIFF,	/* diff headers, or between hunks */
	IN_HUNK,
	IN_BINARY,	/* after "GIT binary patch" */
	IN_DIFFSTAT,	/* git's summary of a patch, after "---" */
	IN_LOG,
};

/* Where a line of the scan goes. */
enum kind {
	TO_NONE,	/* the signature's line, a gap in a log, the end */
	TO_PROSE,
	TO_PATCH,
	TO_LOG,
	TO_QUOTED,
	TO_SIGNATURE,
	N_KINDS
};

/* One line of a body, ended in place ('\0' at @s[@len]), and where the
 * scan puts it.  An array of them ends with one whose @s is NULL. */
struct line {
	char *s;
	size_t len;
	enum kind kind;
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

/* Only spaces and tabs (most lines: a look at the first byte). */
static gboolean is_blank(const char *line)
{
	while (*line == ' ' || *line == '\t')
		line++;
	return *line == '\0';
}

/* The first byte compared in place: most lines differ there. */
#define HAS_PREFIX(s, lit) \
	((s)[0] == (lit)[0] && !strncmp((s), (lit), sizeof(lit) - 1))

static gboolean starts_diff(const struct line *l)
{
	return HAS_PREFIX(l->s, "diff --git ") ||
	       (HAS_PREFIX(l->s, "--- ") && l[1].s &&
		HAS_PREFIX(l[1].s, "+++ ") && l[2].s &&
		HAS_PREFIX(l[2].s, "@@ -"));
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
static gboolean patch_line(struct scan *s, const struct line *l)
{
	if (s->in == IN_HUNK) {
		if (hunk_line(s, l->s))
			return TRUE;
		s->t->broken_hunks++;
		s->in = IN_PROSE;
		return FALSE;
	}
	if (s->in == IN_BINARY) {
		if (sl_binary_patch_line(l->s))
			return TRUE;
		s->in = IN_DIFF;	/* the next file's diff, or not a diff */
	}
	if (s->in != IN_DIFF && !starts_diff(l))
		return FALSE;
	s->in = IN_DIFF;
	if (!strcmp(l->s, "GIT binary patch")) {
		s->in = IN_BINARY;
		return TRUE;
	}
	if (open_hunk(s, l->s) || sl_line_diff_header(l->s))
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
	/* Most lines cannot have a timestamp: spared the search. */
	size_t stamp = !sl_line_may_be_stamped(line) || !strchr(line, '[') ?
		0 : sl_line_timestamp(line);
	gboolean stamped = stamp > 0;
	const char *text = line + stamp;

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

/* Where line @l goes, as the scan @s stands. */
static enum kind classify(struct scan *s, const struct line *l)
{
	struct sl_text *t = s->t;
	gboolean after_cut = s->after_cut;

	s->after_cut = FALSE;
	if (diffstat_line(s, l->s, after_cut) || patch_line(s, l)) {
		t->patch_lines++;
		return TO_PATCH;
	}
	if (s->in == IN_LOG && is_blank(l->s)) {
		s->log_gap = TRUE;
		return TO_NONE;
	}
	if (log_line(s, l->s, l[1].s)) {
		t->log_lines++;
		return TO_LOG;
	}
	if (!is_blank(l->s))
		t->prose_lines++;
	s->after_cut = !strcmp(l->s, "---");
	return TO_PROSE;
}

/* Each line's kind, and the counts in @t.  @pgp: the body may hold an
 * armored PGP block (most have none, and their lines are spared the
 * search). */
static void scan_lines(struct sl_text *t, struct line *lines, gboolean pgp)
{
	struct scan s = { t, IN_PROSE, 0, 0, FALSE, FALSE };
	gboolean sig = FALSE;

	for (struct line *l = lines; l->s; l++) {
		l->kind = TO_NONE;
		if (!l[1].s && !l->len)
			break;	/* the end of the last line */
		if (sig) {
			l->kind = TO_SIGNATURE;
		} else if (s.in != IN_HUNK && *l->s == '-' &&
			   (!strcmp(l->s, "-- ") || !strcmp(l->s, "--"))) {
			sig = TRUE;
		} else if (s.in != IN_HUNK && *l->s == '>') {
			l->kind = TO_QUOTED;
		} else {
			if (pgp && strstr(l->s, "-----BEGIN PGP MESSAGE-----"))
				t->encrypted = TRUE;
			l->kind = classify(&s, l);
		}
	}
	if (s.in == IN_HUNK)
		t->broken_hunks++;
}

/*
 * The lines of a clear-signed body, between "BEGIN PGP SIGNED MESSAGE"
 * (and its armor headers) and "BEGIN PGP SIGNATURE", "- " unescaped;
 * NULL if the body is not clear-signed.
 */
static struct line *clearsigned_lines(const struct line *lines)
{
	GArray *out;
	const struct line *l = lines;
	struct line end = { NULL, 0, TO_NONE };

	while (l->s && strcmp(l->s, "-----BEGIN PGP SIGNED MESSAGE-----"))
		l++;
	if (!l->s)
		return NULL;
	for (l++; l->s && !is_blank(l->s); l++)
		;	/* Hash: armor headers */
	out = g_array_new(FALSE, FALSE, sizeof(struct line));
	for (; l->s && strcmp(l->s, "-----BEGIN PGP SIGNATURE-----"); l++) {
		struct line part = *l;

		if (g_str_has_prefix(l->s, "- ")) {
			part.s += 2;
			part.len -= 2;
		}
		g_array_append_val(out, part);
	}
	g_array_append_val(out, end);
	return (struct line *)(void *)g_array_free(out, FALSE);
}

/*
 * The blocks a scan writes besides the texts' GStrings, each with its
 * size in bytes.  The facts keep them from one message to the next (a
 * pool, sl_facts_text()): once they are as large as the bodies need, a
 * scan allocates nothing, where a fresh block the size of the body each
 * time cost a malloc that first consolidated all the small blocks the
 * parse had freed.
 */
struct scan_room {
	char *copy;		/* the body's chomped lines, then the own text */
	gsize copy_room;
	struct line *lines;
	gsize lines_room;
	char *signature;	/* the scan's (sl_text's) */
	gsize signature_room;
	char *own_signature;	/* the own text's */
	gsize own_signature_room;
	struct line *signed_lines;	/* a clear-signed body's, or NULL */
};

/* @block if it holds @size bytes, else a larger one in its place (what
 * it held is not kept). */
static gpointer room_for(gpointer block, gsize *room, gsize size)
{
	if (size <= *room)
		return block;
	g_free(block);
	*room = MAX(size, *room + *room / 2);
	return g_malloc(*room);
}

/*
 * The lines of @body (@len bytes, no NUL among them) each without its
 * trailing white space (g_strchomp()), in one copy of @body with a byte
 * of room more (for the own text, own_in_copy()), @r's copy, in @r's
 * lines.  The array is sized from the body's length, grown if its lines
 * are shorter.
 */
static struct line *chomped_lines(const char *body, size_t len,
				  struct scan_room *r)
{
	char *buf = r->copy = room_for(r->copy, &r->copy_room, len + 2);
	char *end = buf + len;
	size_t n = 0, room;
	struct line *lines;
	char *p = buf;

	r->lines = room_for(r->lines, &r->lines_room,
			    (len / 32 + 2) * sizeof(struct line));
	lines = r->lines;
	room = r->lines_room / sizeof(struct line);
	memcpy(buf, body, len + 1);
	for (;;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *e = nl ? nl : end;

		if (n + 1 >= room) {
			lines = r->lines = g_renew(struct line, lines,
						   room *= 2);
			r->lines_room = room * sizeof(struct line);
		}
		while (e > p && g_ascii_isspace(e[-1]))
			e--;
		*e = '\0';
		lines[n++] = (struct line){ p, (size_t)(e - p), TO_NONE };
		if (!nl)
			break;
		p = nl + 1;
	}
	lines[n] = (struct line){ NULL, 0, TO_NONE };
	return lines;
}

/* Does line @l run on into the next in their copy, its "\n" kept
 * (join_lines())?  Not after a chomp, nor onto a line "- " unescaped. */
static gboolean runs_on(const struct line *l)
{
	return l[1].s == l->s + l->len + 1 && l->s[l->len] == '\n';
}

/* Once the lines are scanned: each "\n" that ended a line in the copy
 * put back, where the line had no trailing white space, so that a run of
 * such lines is copied at once. */
static void join_lines(struct line *lines)
{
	for (struct line *l = lines; l->s && l[1].s; l++)
		if (l[1].s == l->s + l->len + 1)
			l->s[l->len] = '\n';
}

/* The last line of the run from @l: lines that run on (runs_on()) and
 * that @same keeps in, up to @stop. */
static const struct line *run_from(const struct line *l,
				   const struct line *stop,
				   gboolean (*same)(const struct line *,
						    const struct line *))
{
	while (l + 1 != stop && l[1].s && runs_on(l) && same(l, l + 1))
		l++;
	return l;
}

static gboolean same_kind(const struct line *a, const struct line *b)
{
	return a->kind == b->kind;
}

static gboolean any_line(const struct line *a, const struct line *b)
{
	(void)a;
	(void)b;
	return TRUE;
}

static gboolean unquoted(const struct line *a, const struct line *b)
{
	(void)a;
	return *b->s != '>';
}

/* The lines from @l to @last, each "\n" ended, at *@to: one copy. */
static void put_run(char **to, const struct line *l, const struct line *last)
{
	size_t n = (size_t)(last->s + last->len - l->s);

	memmove(*to, l->s, n);
	*to += n;
	*(*to)++ = '\n';
}

/* @s (NULL: a new one) with room for @size bytes and a NUL. */
static GString *sized(GString *s, gsize size)
{
	if (!s)
		return g_string_sized_new(size);
	g_string_set_size(s, size);
	return s;
}

/*
 * The texts of @t from the kinds of @lines (joined, join_lines()): each
 * sized once by what its lines add up to, then filled a run of lines of
 * its kind at a time.  @t's GStrings, if it has them, and @r's block for
 * the signature are reused.  Unless @all, the patches and the quoted
 * lines are left out (NULL), for kind_text() to make if asked.
 */
static void assemble(struct sl_text *t, const struct line *lines,
		     struct scan_room *r, gboolean all)
{
	size_t size[N_KINDS] = { 0 };
	char *to[N_KINDS] = { NULL };
	GString *out[N_KINDS] = { NULL };

	for (const struct line *l = lines; l->s; l++)
		size[l->kind] += l->len + 1;
	t->prose = out[TO_PROSE] = sized(t->prose, size[TO_PROSE]);
	t->log = out[TO_LOG] = sized(t->log, size[TO_LOG]);
	if (all) {
		t->patch = out[TO_PATCH] = sized(t->patch, size[TO_PATCH]);
		t->quoted = out[TO_QUOTED] = sized(t->quoted,
						   size[TO_QUOTED]);
	}
	t->signature = r->signature = room_for(r->signature,
					       &r->signature_room,
					       size[TO_SIGNATURE] + 1);
	for (int k = TO_PROSE; k < N_KINDS; k++)
		to[k] = out[k] ? out[k]->str
			: k == TO_SIGNATURE ? t->signature : NULL;
	for (const struct line *l = lines; l->s; l++) {
		const struct line *last = run_from(l, NULL, same_kind);

		if (to[l->kind])
			put_run(&to[l->kind], l, last);
		l = last;
	}
	for (int k = TO_PROSE; k < N_KINDS; k++) {
		if (!to[k])
			continue;
		*to[k] = '\0';
		if (out[k])
			out[k]->len = (gsize)(to[k] - out[k]->str);
	}
}

/*
 * The text of the lines of @kind among @lines, made after the scan into
 * @s (NULL: a new one), as assemble() makes it, from the body they were
 * copied from: a line is at the same place in @body as in @copy, the
 * block they were scanned in (which now holds the own text).  A run of
 * lines that follow each other in @body, each ended by its "\n" there
 * (not chomped; a clear-signed line "- " unescaped does not follow the
 * one before), is copied at once, as assemble() copies a run.
 */
static GString *kind_text(GString *s, const struct line *lines,
			  const char *copy, const char *body, enum kind kind)
{
	size_t size = 0;
	char *to;

	for (const struct line *l = lines; l->s; l++)
		if (l->kind == kind)
			size += l->len + 1;
	s = sized(s, size);
	to = s->str;
	for (const struct line *l = lines; l->s; l++) {
		const char *from = body + (l->s - copy);
		const struct line *last = l;

		if (l->kind != kind)
			continue;
		while (last[1].s && last[1].kind == kind &&
		       last[1].s == last->s + last->len + 1 &&
		       body[last->s - copy + last->len] == '\n')
			last++;
		memcpy(to, from, (size_t)(last->s + last->len - l->s));
		to += last->s + last->len - l->s;
		*to++ = '\n';
		l = last;
	}
	*to = '\0';
	s->len = (gsize)(to - s->str);
	return s;
}

/*
 * The own text (sl_text_own()) from the chomped lines of the body, in
 * place in their copy, @r's (joined, join_lines()): a run of lines moves
 * back by what the lines before it lost, so it never overwrites one not
 * yet moved, and the text cannot outgrow the copy's room
 * (sl_text_own()).  The signature's lines are copied out first, into
 * @r's own_signature.
 */
static void own_in_copy(const struct line *lines, struct scan_room *r)
{
	const struct line *l = lines;
	char *o;
	size_t size = 0;

	while (l->s && !(l->len == 2 && l->s[0] == '-' && l->s[1] == '-'))
		l++;
	if (l->s)
		for (const struct line *sig = l + 1; sig->s; sig++)
			size += sig->len + 1;
	o = r->own_signature = room_for(r->own_signature,
					&r->own_signature_room, size + 1);
	if (l->s) {
		for (const struct line *sig = l + 1; sig->s; sig++) {
			const struct line *last = run_from(sig, NULL, any_line);

			put_run(&o, sig, last);
			sig = last;
		}
	}
	*o = '\0';
	o = r->copy;
	for (const struct line *own = lines; own != l; own++) {
		const struct line *last;

		if (*own->s == '>')
			continue;
		last = run_from(own, l, unquoted);
		put_run(&o, own, last);
		own = last;
	}
	*o = '\0';
}

/* The texts of @t from @lines: its GStrings reused if it has them, its
 * counts zero; unless @all, without the patches and the quoted lines
 * (assemble()).  A clear-signed body's lines, those scanned, are kept in
 * @r for kind_text(). */
static void scan_into(struct sl_text *t, struct line *lines, gboolean pgp,
		      struct scan_room *r, gboolean all)
{
	struct line *signed_part = pgp ? clearsigned_lines(lines) : NULL;

	g_free(r->signed_lines);
	r->signed_lines = signed_part;
	t->clearsigned = signed_part != NULL;
	scan_lines(t, signed_part ? signed_part : lines, pgp);
	join_lines(lines);
	assemble(t, signed_part ? signed_part : lines, r, all);
}

/* The scan of @body (@len bytes) into @t in @r's blocks, and if @own the
 * own text and its signature as sl_text_own() gives them, in @r's copy
 * and own_signature: one copy of the body for both, and the own text in
 * it.  Unless @all, no patch nor quoted text (scan_into()).  @pgp: the
 * body holds either PGP marker's start, "-----BEGIN PGP ", clear-signed
 * or a message (sl_facts_pgp_armour()). */
static void scan_body(struct sl_text *t, const char *body, size_t len,
		      struct scan_room *r, gboolean own, gboolean all,
		      gboolean pgp)
{
	struct line *lines = chomped_lines(body, len, r);

	scan_into(t, lines, pgp, r, all);
	if (own)
		own_in_copy(lines, r);
}

/*
 * The code the scan replaced, to prove it by (SECLINT_CHECK_TEXT=1, the
 * unit tests): a string a line, each chomped, and each text grown a line
 * at a time.
 */
struct sl_text *sl_text_scan_by_split(const char *body)
{
	struct sl_text *t = g_new0(struct sl_text, 1);
	g_auto(GStrv) split = sl_split_lines(body);
	guint n = g_strv_length(split);
	g_autofree struct line *lines = g_new(struct line, n + 1);
	g_autofree struct line *signed_part = NULL;
	gboolean pgp = sl_pgp_armour(body);
	GString *out[N_KINDS];
	struct line *l;

	for (guint i = 0; i < n; i++) {
		g_strchomp(split[i]);
		lines[i] = (struct line){ split[i], strlen(split[i]), TO_NONE };
	}
	lines[n] = (struct line){ NULL, 0, TO_NONE };
	signed_part = pgp ? clearsigned_lines(lines) : NULL;
	t->clearsigned = signed_part != NULL;
	l = signed_part ? signed_part : lines;
	scan_lines(t, l, pgp);
	for (int k = TO_PROSE; k < N_KINDS; k++)
		out[k] = g_string_new(NULL);
	for (; l->s; l++) {
		if (l->kind == TO_NONE)
			continue;
		g_string_append(out[l->kind], l->s);
		g_string_append_c(out[l->kind], '\n');
	}
	t->prose = out[TO_PROSE];
	t->patch = out[TO_PATCH];
	t->log = out[TO_LOG];
	t->quoted = out[TO_QUOTED];
	t->signature = g_string_free(out[TO_SIGNATURE], FALSE);
	return t;
}

/* SECLINT_CHECK_TEXT=1: each scan proved against the code it replaced. */
static gboolean text_checking(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_TEXT", "1");
}

gboolean sl_text_same(const struct sl_text *a, const struct sl_text *b)
{
	return g_string_equal(a->prose, b->prose) &&
	       g_string_equal(a->patch, b->patch) &&
	       g_string_equal(a->log, b->log) &&
	       g_string_equal(a->quoted, b->quoted) &&
	       !strcmp(a->signature, b->signature) &&
	       a->prose_lines == b->prose_lines &&
	       a->patch_lines == b->patch_lines &&
	       a->log_lines == b->log_lines &&
	       a->log_reports == b->log_reports && a->hunks == b->hunks &&
	       a->broken_hunks == b->broken_hunks &&
	       a->clearsigned == b->clearsigned &&
	       a->encrypted == b->encrypted;
}

static void check_scan(const char *body, const struct sl_text *t,
		       const char *own, const char *own_signature)
{
	g_autoptr(sl_text) ref = sl_text_scan_by_split(body);
	g_autofree char *sig = NULL;
	g_autofree char *own_ref = own ? sl_text_own(body, &sig) : NULL;

	if (!sl_text_same(t, ref))
		g_error("seclint: the scan of this body differs from its "
			"line by line scan:\n%s", body);
	if (own && (strcmp(own, own_ref) || strcmp(own_signature, sig)))
		g_error("seclint: the own text of this body differs from "
			"sl_text_own()'s:\n%s", body);
}

struct sl_text *sl_text_scan_own(const char *body, char **own,
				 char **own_signature)
{
	struct sl_text *t = g_new0(struct sl_text, 1);
	struct scan_room r = { 0 };

	scan_body(t, body, strlen(body), &r, own != NULL, TRUE,
		  sl_pgp_armour(body));
	g_free(r.lines);
	g_free(r.signed_lines);
	if (own) {
		*own = r.copy;
		*own_signature = r.own_signature;
	} else {
		g_free(r.copy);
	}
	/* r.signature is t's */
	if (text_checking())
		check_scan(body, t, own ? *own : NULL,
			   own ? *own_signature : NULL);
	return t;
}

struct sl_text *sl_text_scan(const char *body)
{
	return sl_text_scan_own(body, NULL, NULL);
}

/* The keys of this module's facts (rules/lib/facts.h). */
static const char text_key, own_key, signature_key, no_disclaimers_key,
	had_disclaimers_key;

/*
 * The scan as the facts keep it, with the own text and its signature
 * made in the same blocks (@r's copy and own_signature), which the own
 * text's facts point to (own_fill()).  Its patches and quoted lines are
 * made only if asked (sl_facts_patch()), from @r's lines and the body:
 * as addressed no rule reads them, and they were four fifths of the
 * bytes a scan of the bench's mail copied (patches 6.3 MB, quoted lines
 * 1.4 MB of 9.8 MB, on sub.mbox).  Until then @t's patch and quoted are
 * NULL.
 */
struct text_fact {
	struct sl_text t;	/* first: the slot's data is both */
	struct scan_room r;
	const char *body;	/* the message's, as scanned */
	GString *patch, *quoted;	/* t's once made, kept in the pool */
};

/*
 * Text facts handed from one message to the next with their blocks, by
 * any thread (lint/util/pool.h): one a message in flight.  One whose
 * blocks add up to more than SL_TEXT_KEPT_ROOM bytes (a rare large body)
 * is freed instead, so the pool holds little.
 */
static struct sl_pool text_facts;
#define SL_TEXT_KEPT_ROOM (256u << 10)

static gsize text_fact_room(const struct text_fact *tf)
{
	return tf->r.copy_room + tf->r.lines_room + tf->r.signature_room +
	       tf->r.own_signature_room + tf->t.prose->allocated_len +
	       tf->t.log->allocated_len +
	       (tf->patch ? tf->patch->allocated_len : 0) +
	       (tf->quoted ? tf->quoted->allocated_len : 0);
}

static void text_fact_free(gpointer data)
{
	struct text_fact *tf = data;

	if (text_fact_room(tf) <= SL_TEXT_KEPT_ROOM &&
	    sl_pool_put(&text_facts, tf))
		return;
	g_free(tf->r.copy);
	g_free(tf->r.lines);
	g_free(tf->r.own_signature);
	g_free(tf->r.signed_lines);
	/* t's texts made if asked are the kept ones (t's are NULL until
	 * then); its signature is r.signature; and t is tf's start. */
	tf->t.patch = tf->patch;
	tf->t.quoted = tf->quoted;
	sl_text_free(&tf->t);
}

/* A text fact to scan into: one from the pool, its counts zero and its
 * blocks kept, or a new one. */
static struct text_fact *text_fact_take(void)
{
	struct text_fact *tf = sl_pool_take(&text_facts);

	if (!tf)
		return g_new0(struct text_fact, 1);
	tf->t = (struct sl_text){ .prose = tf->t.prose,
				  .log = tf->t.log,
				  .signature = tf->t.signature };
	return tf;
}

/* The text of @kind (TO_PATCH or TO_QUOTED) of @tf, in *@field (t's),
 * made on first ask in *@room. */
static const GString *fact_kind(struct text_fact *tf, GString **room,
				GString **field, enum kind kind)
{
	if (!*field)
		*field = *room = kind_text(
			*room, tf->r.signed_lines ? tf->r.signed_lines
						  : tf->r.lines,
			tf->r.copy, tf->body, kind);
	return *field;
}

/* Both texts that are made if asked: the scan complete, for its proof. */
static void fact_complete(struct text_fact *tf)
{
	fact_kind(tf, &tf->patch, &tf->t.patch, TO_PATCH);
	fact_kind(tf, &tf->quoted, &tf->t.quoted, TO_QUOTED);
}

/* Scanned once per message, for all the rules that read it. */
const struct sl_text *sl_facts_text(struct sl_facts *f)
{
	struct sl_facts_slot *s = sl_facts_slot(f, &text_key);

	if (!s->filled) {
		struct text_fact *tf = text_fact_take();
		const char *body = f->msg->body->str;

		scan_body(&tf->t, body, f->msg->body->len, &tf->r, TRUE,
			  FALSE, sl_facts_pgp_armour(f));
		tf->body = body;
		if (text_checking()) {
			if (strlen(body) != f->msg->body->len)
				g_error("seclint: the body holds a NUL byte");
			fact_complete(tf);
			check_scan(body, &tf->t, tf->r.copy,
				   tf->r.own_signature);
		}
		sl_facts_fill(s, tf, text_fact_free);
		/* the texts the word lists are asked of */
		sl_facts_literals_keep(f, tf->t.prose->str);
		sl_facts_literals_keep(f, tf->t.log->str);
	}
	return s->data;
}

void sl_text_free(struct sl_text *t)
{
	if (!t)
		return;
	g_string_free(t->prose, TRUE);
	if (t->patch)	/* a text fact's, never made */
		g_string_free(t->patch, TRUE);
	g_string_free(t->log, TRUE);
	if (t->quoted)
		g_string_free(t->quoted, TRUE);
	g_free(t->signature);
	g_free(t);
}

const char *sl_facts_patch(struct sl_facts *f)
{
	struct text_fact *tf;

	sl_facts_text(f);
	tf = sl_facts_slot(f, &text_key)->data;
	return fact_kind(tf, &tf->patch, &tf->t.patch, TO_PATCH)->str;
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

/*
 * The own text and its signature, made by the scan in its blocks (the
 * text of nearly every message is scanned: ai-signed-off-by reads each),
 * which the scan's fact keeps and frees: it lives as long as these.
 */
static void own_fill(struct sl_facts *f)
{
	struct sl_facts_slot *own = sl_facts_slot(f, &own_key);
	struct text_fact *tf;

	if (own->filled)
		return;
	tf = (struct text_fact *)sl_facts_text(f);
	sl_facts_fill(own, tf->r.copy, NULL);
	sl_facts_fill(sl_facts_slot(f, &signature_key), tf->r.own_signature,
		      NULL);
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
