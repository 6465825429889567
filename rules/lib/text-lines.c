// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tests sl_text_scan() (text.c) asks of each line of a body: is it a
 * hunk header, a diff header, the start of a kernel log excerpt?  Each
 * stands for a regular expression, kept here as the definition: a few
 * byte comparisons decide the lines whose answer they provably share with
 * it (most lines: a diff line, a line of prose), and the regular
 * expression decides the rest.  A match needs the text to be UTF-8, as
 * every match of lint/util/matches.c does; the byte tests answer "no"
 * only where the regular expression needs a prefix the line lacks, and
 * "yes" only for a line of ASCII or one sl_utf8_valid() accepts.  On
 * 2,000 messages of patches and mail these tests were a third of the
 * scan's instructions as regular expressions, each paying a lookup and a
 * UTF-8 check to read one short line.  tests/test_text.c holds the byte
 * tests to the regular expressions' answers.
 */
#include <stdlib.h>
#include <string.h>

#include "matches.h"
#include "regex-cache.h"
#include "text-lines.h"

const char sl_line_hunk_header_re[] =
	"^@@ -\\d+(,(\\d+))? \\+\\d+(,(\\d+))? @@";

const char sl_line_diff_header_re[] =
	"^(diff --git |index [0-9a-f]+\\.\\.|(new|deleted) file mode |"
	"(old|new) mode |similarity index |dissimilarity index |"
	"rename (from|to) |copy (from|to) |--- |\\+\\+\\+ |Binary files |"
	"\\\\ No newline)";

/* "[  12.345678] [  T123] " in front of dmesg lines. */
const char sl_line_timestamp_re[] =
	"^\\s*\\[\\s*\\d+\\.\\d+\\]\\s*(\\[\\s*[TC]\\d+\\]\\s*)?";

/* A line that opens a kernel log excerpt or a bot's report header. */
const char sl_line_log_start_re[] =
	"^\\s*(BUG: |WARNING: |UBSAN: |KASAN: |KMSAN: |KCSAN: |KFENCE: |"
	"INFO: (task |rcu|trying to register)|general protection fault|"
	"Oops(: |\\b)|Unable to handle (kernel|page)|kernel BUG at |"
	"Kernel panic|-+\\[ cut here \\]-+|Call Trace:|<TASK>|"
	"unreferenced object 0x|possible circular locking|"
	"(HEAD commit|git tree|console output|kernel config|dashboard link|"
	"syz repro|C reproducer|userspace arch|Downloadable assets|"
	"disk image|vmlinux|kernel image|compiler):\\s)";

/* A literal and its length. */
struct lit {
	const char *s;
	size_t n;
};

#define LIT(s) { (s), sizeof(s) - 1 }

static gboolean has_prefix(const char *s, const char *prefix, size_t n)
{
	return s[0] == prefix[0] && !strncmp(s, prefix, n);
}

#define HAS_PREFIX(s, lit) has_prefix((s), (lit), sizeof(lit) - 1)

/* Does @s start with one of @lits? */
static gboolean starts_with_any(const char *s, const struct lit *lits,
				size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (has_prefix(s, lits[i].s, lits[i].n))
			return TRUE;
	return FALSE;
}

/* A run of one or more ASCII digits at *@p: moved past it. */
static gboolean digits(const char **p)
{
	const char *q = *p;

	while (g_ascii_isdigit(*q))
		q++;
	if (q == *p)
		return FALSE;
	*p = q;
	return TRUE;
}

/* "N" or "N,M" at *@p, moved past it; *@count is M or NULL. */
static gboolean range(const char **p, const char **count)
{
	*count = NULL;
	if (!digits(p))
		return FALSE;
	if (**p != ',')
		return TRUE;
	(*p)++;
	*count = *p;
	return digits(p);
}

/*
 * The regular expression's own answer: \d (Unicode digits, with UCP) and
 * the groups as GLib gives them.
 */
gboolean sl_line_hunk_header_by_re(const char *line, long *old, long *new)
{
	GRegex *re = sl_regex_cached(sl_line_hunk_header_re, 0);
	g_autoptr(GMatchInfo) mi = NULL;
	g_autofree char *o = NULL;
	g_autofree char *n = NULL;

	if (!g_regex_match(re, line, 0, &mi))
		return FALSE;
	o = g_match_info_fetch(mi, 2);
	n = g_match_info_fetch(mi, 4);
	*old = o && *o ? strtol(o, NULL, 10) : 1;
	*new = n && *n ? strtol(n, NULL, 10) : 1;
	return TRUE;
}

/*
 * A line "@@ -A[,B] +C[,D] @@..." of ASCII digits, UTF-8 (its function's
 * name may not be ASCII), is the regular expression's first match: each
 * \d+ takes its whole run of digits (a comma or a space follows it,
 * which no \d matches), and each optional group is taken where its
 * comma is.  Any other line that starts "@@ -" is left to it.
 */
gboolean sl_line_hunk_header(const char *line, long *old, long *new)
{
	const char *p = line + 4;
	const char *b, *d;

	if (!HAS_PREFIX(line, "@@ -"))
		return FALSE;
	if (range(&p, &b) && HAS_PREFIX(p, " +") && (p += 2, range(&p, &d)) &&
	    HAS_PREFIX(p, " @@") && sl_utf8_valid(line, strlen(line))) {
		*old = b ? strtol(b, NULL, 10) : 1;
		*new = d ? strtol(d, NULL, 10) : 1;
		return TRUE;
	}
	return sl_line_hunk_header_by_re(line, old, new);
}

/* The alternatives of sl_line_diff_header_re, "index" aside: literals. */
static const struct lit diff_headers[] = {
	LIT("diff --git "), LIT("new file mode "), LIT("deleted file mode "),
	LIT("old mode "), LIT("new mode "), LIT("similarity index "),
	LIT("dissimilarity index "), LIT("rename from "), LIT("rename to "),
	LIT("copy from "), LIT("copy to "), LIT("--- "), LIT("+++ "),
	LIT("Binary files "), LIT("\\ No newline"),
};

/* Every alternative is a literal but "index [0-9a-f]+\.\.", whose class
 * is ASCII: the regular expression matches where one of them starts the
 * line, if the line is UTF-8. */
gboolean sl_line_diff_header(const char *line)
{
	gboolean found = FALSE;

	if (HAS_PREFIX(line, "index ")) {
		size_t hex = strspn(line + 6, "0123456789abcdef");

		found = hex && !strncmp(line + 6 + hex, "..", 2);
	}
	if (!found)
		found = starts_with_any(line, diff_headers,
					G_N_ELEMENTS(diff_headers));
	return found && sl_utf8_valid(line, strlen(line));
}

/*
 * What each alternative of sl_line_log_start_re starts with: a line that
 * starts with none of them (after its white space) cannot match.  "-+\["
 * is a run of '-' and '['.
 */
static const struct lit log_starts[] = {
	LIT("BUG: "), LIT("WARNING: "), LIT("UBSAN: "), LIT("KASAN: "),
	LIT("KMSAN: "), LIT("KCSAN: "), LIT("KFENCE: "), LIT("INFO: "),
	LIT("general protection fault"), LIT("Oops"),
	LIT("Unable to handle "), LIT("kernel BUG at "), LIT("Kernel panic"),
	LIT("Call Trace:"), LIT("<TASK>"), LIT("unreferenced object 0x"),
	LIT("possible circular locking"), LIT("HEAD commit:"),
	LIT("git tree:"), LIT("console output:"), LIT("kernel config:"),
	LIT("dashboard link:"), LIT("syz repro:"), LIT("C reproducer:"),
	LIT("userspace arch:"), LIT("Downloadable assets:"),
	LIT("disk image:"), LIT("vmlinux:"), LIT("kernel image:"),
	LIT("compiler:"),
};

/* The ASCII white space \s matches; the rest of it is not ASCII.  A
 * loop: most lines start with none. */
static const char *skip_ascii_space(const char *p)
{
	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	return p;
}

/* The first bytes of log_starts[] ('-' aside), for a line that starts
 * with none of them to be spared the loop over them. */
static const char log_start_firsts[] = "<BCDHIKOUWcdgkpsuv";

/*
 * No alternative starts with white space, so one must start where \s*
 * ends: at the first byte that is not ASCII white space, unless that
 * byte starts a character \s may match (not ASCII: the regular
 * expression decides).
 */
gboolean sl_line_log_start(const char *line)
{
	const char *p = skip_ascii_space(line);
	gboolean maybe = (unsigned char)*p >= 0x80;

	if (*p == '-')
		maybe = HAS_PREFIX(p + strspn(p, "-"), "[ cut here ]");
	else if (!maybe && *p && strchr(log_start_firsts, *p))
		maybe = starts_with_any(p, log_starts,
					G_N_ELEMENTS(log_starts));
	return maybe && sl_regex_test(sl_line_log_start_re, 0, line);
}

/* A dmesg timestamp, "^\s*\[", is where the first byte after ASCII white
 * space is '[' or may start a character \s matches. */
gboolean sl_line_may_be_stamped(const char *line)
{
	const char *p = skip_ascii_space(line);

	return *p == '[' || (unsigned char)*p >= 0x80;
}

/* The regular expression's match, found by lint/util/matches.c: no
 * replacement's copy of the line nor GLib's match state to allocate. */
size_t sl_line_timestamp(const char *line)
{
	g_autoptr(sl_matches) m = sl_matches_of(sl_line_timestamp_re, 0, line,
						-1, 0);
	int start, end;

	if (!sl_matches_next(m) || !sl_matches_fetch_pos(m, 0, &start, &end))
		return 0;
	return (size_t)end;
}
