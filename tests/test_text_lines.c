// SPDX-License-Identifier: GPL-2.0-only
/*
 * The byte tests that stand for regular expressions in the body's scan
 * (rules/lib/text-lines.c), and the texts derived from a body
 * (rules/lib/text.c: its lines, the scan and the own text made from
 * one copy of the body, the own text alone, the unwrapped text;
 * sl_text_trailers() in rules/lib/ai-help.c, and the facts' pick of
 * them), held to what the regular expressions, and the code they
 * replaced, answer: on hostile lines (not UTF-8, Unicode white space
 * and digits, other line breaks, very long lines) and on every line of
 * the test fixtures.
 * usage: test_text_lines TESTS-DIR
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-help.h"
#include "facts.h"
#include "matches.h"
#include "message.h"
#include "regex-cache.h"
#include "text-lines.h"
#include "text.h"
#include "testlib.h"

static const char *tests_dir;

/* ---- what the code answered before the byte tests ---- */

static char *own_ref(const char *body, char **signature)
{
	GString *own = g_string_sized_new(strlen(body) + 2);
	GString *sig = NULL;

	for (const char *l = body; l; ) {
		const char *nl = strchr(l, '\n');
		const char *end = nl ? nl : l + strlen(l);

		while (end > l && g_ascii_isspace(end[-1]))
			end--;
		if (!sig && end - l == 2 && l[0] == '-' && l[1] == '-')
			sig = g_string_new(NULL);
		else if (sig || *l != '>') {
			GString *to = sig ? sig : own;

			g_string_append_len(to, l, end - l);
			g_string_append_c(to, '\n');
		}
		l = nl ? nl + 1 : NULL;
	}
	*signature = sig ? g_string_free(sig, FALSE) : g_strdup("");
	return g_string_free(own, FALSE);
}

static char *unwrap_ref(const char *text)
{
	char *flat = g_strdelimit(g_strdup(text), "\r", ' ');

	for (char *p = flat; (p = strchr(p, '\n')); p++)
		if (p[1] != '\n' && p[1] != '\0' && p > flat && p[-1] != '\n')
			*p = ' ';
	return flat;
}

/* The trailers as "line|key|value|name|addr" lines. */
static char *trailers_ref(const struct sl_text *t, const char *keys)
{
	GString *out = g_string_new(NULL);
	g_autofree char *pattern = NULL;
	g_autoptr(sl_matches) mi = NULL;

	if (!strchr(t->prose->str, ':'))
		return g_string_free(out, FALSE);
	pattern = g_strdup_printf("(?im)^(%s):[ \\t]*([^\\n]*?)[ \\t]*$", keys);
	mi = sl_matches_new(sl_regex_cached(pattern, 0), t->prose->str, -1, 0);
	while (sl_matches_next(mi)) {
		g_autofree char *line = sl_matches_fetch(mi, 0);
		g_autofree char *key = sl_matches_fetch(mi, 1);
		g_autofree char *value = sl_matches_fetch(mi, 2);

		g_string_append_printf(out, "%s|%s|%s\n", line, key, value);
	}
	return g_string_free(out, FALSE);
}

static char *trailers_text(const GPtrArray *got)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < got->len; i++) {
		const struct sl_trailer *tr = got->pdata[i];

		g_string_append_printf(out, "%s|%s|%s\n", tr->line, tr->key,
				       tr->value);
	}
	return g_string_free(out, FALSE);
}

static char *trailers_now(const struct sl_text *t, const char *keys)
{
	g_autoptr(GPtrArray) got = sl_text_trailers(t, keys);

	return trailers_text(got);
}

/* What the facts give: those of @keys picked from SL_TRAILER_KEYS'. */
static char *trailers_picked(const struct sl_text *t, const char *keys)
{
	g_autoptr(GPtrArray) all = sl_text_trailers(t, SL_TRAILER_KEYS);
	g_autoptr(GPtrArray) got = sl_trailers_pick(all, keys);

	return trailers_text(got);
}

/* ---- the checks ---- */

static unsigned lines_checked, lines_matched, stamps_found;

/* The timestamp's length, as the replacement the scan made removed it
 * (NULL where GLib refuses a line that is not UTF-8). */
static void check_timestamp(const char *line)
{
	g_autofree char *bare = g_regex_replace_literal(
		sl_regex_cached(sl_line_timestamp_re, 0), line, -1, 0, "", 0,
		NULL);
	size_t want = bare ? strlen(line) - strlen(bare) : 0;
	size_t got = sl_line_timestamp(line);

	if (got != want || (bare && strcmp(bare, line + want)))
		fail_msg("timestamp of '%s': %zu bytes, not %zu", line, got,
			 want);
	stamps_found += got > 0;
}

static void check_line(const char *line)
{
	long old = 0, new = 0, old_ref = 0, new_ref = 0;
	gboolean hunk = sl_line_hunk_header(line, &old, &new);
	gboolean diff = sl_line_diff_header(line);
	gboolean log = sl_line_log_start(line);

	if (hunk != sl_line_hunk_header_by_re(line, &old_ref, &new_ref) ||
	    (hunk && (old != old_ref || new != new_ref)))
		fail_msg("hunk header '%s': %d (%ld, %ld), not (%ld, %ld)",
			 line, hunk, old, new, old_ref, new_ref);
	if (diff != sl_regex_test(sl_line_diff_header_re, 0, line))
		fail_msg("diff header '%s': %d", line, diff);
	if (log != sl_regex_test(sl_line_log_start_re, 0, line))
		fail_msg("log start '%s': %d", line, log);
	if (!sl_line_may_be_stamped(line) &&
	    sl_regex_test(sl_line_timestamp_re, 0, line))
		fail_msg("timestamp '%s' missed", line);
	check_timestamp(line);
	lines_checked++;
	lines_matched += hunk + diff + log;
}

static const char *const keys[] = {
	"Signed-off-by|Co-developed-by|Co-authored-by",
	"Assisted-by",
	"Signed-off-by",
	"Kelvin-by|Sign",
	"Signed-off-by|Co-.*-by",	/* not words: the whole text */
};

/* Keys among SL_TRAILER_KEYS, which the facts pick from all of them. */
static const char *const picked_keys[] = {
	"Signed-off-by|Co-developed-by|Co-authored-by",
	"Assisted-by",
	"Signed-off-by",
	"Co-authored-by|Assisted-by",
};

static unsigned scans_checked;

/*
 * The facts' scan of @body, held to the line by line scan @ref: made
 * without its patches and quoted lines, the patches made when asked from
 * the lines and the body (sl_facts_patch()), the own text in the copy
 * the lines were scanned in.  Under SECLINT_CHECK_TEXT=1 (main()) the
 * facts' scan makes both and holds the whole of it to @ref as well.  The
 * facts' blocks go back to their pool and are reused by the next body.
 */
static void check_facts_scan(const char *body, const struct sl_text *ref,
			     const char *own_want, const char *sig_want)
{
	g_autoptr(sl_message) msg = sl_message_new();
	g_auto(sl_facts) facts = SL_FACTS_INIT(msg, NULL);
	const struct sl_text *t;

	g_string_assign(msg->body, body);
	t = sl_facts_text(&facts);
	assert_string_equal(t->prose->str, ref->prose->str);
	assert_string_equal(t->log->str, ref->log->str);
	assert_string_equal(t->signature, ref->signature);
	assert_int_equal(t->prose_lines, ref->prose_lines);
	assert_int_equal(t->patch_lines, ref->patch_lines);
	assert_int_equal(t->hunks, ref->hunks);
	assert_int_equal(t->broken_hunks, ref->broken_hunks);
	assert_int_equal(t->clearsigned, ref->clearsigned);
	assert_string_equal(sl_facts_patch(&facts), ref->patch->str);
	/* asked again: the same text */
	assert_ptr_equal(sl_facts_patch(&facts), sl_facts_patch(&facts));
	assert_string_equal(sl_facts_own_text(&facts), own_want);
	assert_string_equal(sl_facts_signature(&facts), sig_want);
}

/* The scan and the own text made from one copy of @body, held to the
 * scan a line at a time and to sl_text_own() (and so to own_ref()). */
static void check_scan(const char *body, const char *own_want,
		       const char *sig_want)
{
	g_autofree char *own = NULL;
	g_autofree char *sig = NULL;
	g_autoptr(sl_text) t = sl_text_scan_own(body, &own, &sig);
	g_autoptr(sl_text) plain = sl_text_scan(body);
	g_autoptr(sl_text) ref = sl_text_scan_by_split(body);

	if (!sl_text_same(t, ref) || !sl_text_same(plain, ref))
		fail_msg("scan of '%s':\nprose '%s' patch '%s' log '%s' "
			 "quoted '%s' signature '%s'\nnot\nprose '%s' "
			 "patch '%s' log '%s' quoted '%s' signature '%s'",
			 body, t->prose->str, t->patch->str, t->log->str,
			 t->quoted->str, t->signature, ref->prose->str,
			 ref->patch->str, ref->log->str, ref->quoted->str,
			 ref->signature);
	assert_int_equal(t->prose->len, strlen(t->prose->str));
	assert_int_equal(t->patch->len, strlen(t->patch->str));
	assert_int_equal(t->log->len, strlen(t->log->str));
	assert_int_equal(t->quoted->len, strlen(t->quoted->str));
	assert_string_equal(own, own_want);
	assert_string_equal(sig, sig_want);
	check_facts_scan(body, ref, own_want, sig_want);
	scans_checked++;
}

static void check_body(const char *body)
{
	g_autoptr(sl_text) t = sl_text_scan(body);
	g_autofree char *sig = NULL;
	g_autofree char *sig_ref = NULL;
	g_autofree char *own = sl_text_own(body, &sig);
	g_autofree char *ref = own_ref(body, &sig_ref);
	g_autofree char *flat = sl_text_unwrap(body);
	g_autofree char *flat_ref = unwrap_ref(body);
	g_auto(GStrv) lines = sl_split_lines(body);
	/* g_strsplit() gives no line for "", sl_split_lines() one */
	g_auto(GStrv) split = *body ? g_strsplit(body, "\n", -1)
				    : g_strsplit("x", "\n", -1);
	g_autofree char *copy = NULL;
	g_autofree char **read = sl_text_lines(body, &copy);

	assert_int_equal(g_strv_length(lines), g_strv_length(split));
	assert_int_equal(g_strv_length(read), g_strv_length(split));
	if (!*body)
		split[0][0] = '\0';
	for (size_t i = 0; split[i]; i++) {
		assert_string_equal(lines[i], split[i]);
		assert_string_equal(read[i], split[i]);
	}
	assert_string_equal(own, ref);
	assert_string_equal(sig, sig_ref);
	check_scan(body, ref, sig_ref);
	assert_string_equal(flat, flat_ref);
	for (size_t i = 0; i < G_N_ELEMENTS(keys); i++) {
		g_autofree char *got = trailers_now(t, keys[i]);
		g_autofree char *want = trailers_ref(t, keys[i]);

		if (strcmp(got, want))
			fail_msg("trailers %s of '%s':\n%s\nnot\n%s", keys[i],
				 body, got, want);
	}
	for (size_t i = 0; i < G_N_ELEMENTS(picked_keys); i++) {
		g_autofree char *got = trailers_picked(t, picked_keys[i]);
		g_autofree char *want = trailers_ref(t, picked_keys[i]);

		if (strcmp(got, want))
			fail_msg("picked trailers %s of '%s':\n%s\nnot\n%s",
				 picked_keys[i], body, got, want);
	}
	for (char **l = lines; *l; l++) {
		check_line(*l);
		check_line(g_strchomp(*l));
	}
}

static const char *const hostile_lines[] = {
	"@@ -1,3 +1,4 @@", "@@ -1 +1 @@", "@@ -0,0 +1,200 @@ int f(void)",
	"@@ -1, +1 @@", "@@ -1,3 +1,4", "@@ -1,3 +1,4 @", "@@ -1 +1@@",
	"@@  -1 +1 @@", "@@ -1,2 +3,4 @@@", "@@ -,1 +1 @@", "@@ -",
	"@@ -\xd9\xa1,\xd9\xa3 +1 @@",		/* Arabic-Indic digits */
	"@@ -1,2\xd9\xa3 +1,\xd9\xa3 @@",
	"@@ -1 +1 @@ caf\xc3\xa9", "@@ -1 +1 @@ \xff", "@@ -1\xff +1 @@",
	"@@ -99999999999999999999,1 +1,99999999999999999999 @@",
	"@@ -1 +1 @@\r", "@@ -1\r+1 @@",
	"index abc..def 100644", "index ..", "index g..", "index abc.",
	"index 0123456789abcdef..", "index ABC..def", "index A..b",
	"index 1\xc3\xa9..2", "index abc..\xff",
	"--- a/f", "---", "--- a/f\xff", "+++ b/f\xc3\xa9", "+++",
	"\\ No newline at end of file", "\\ No", "Binary files a and b differ",
	"rename from x", "rename  from x", "new file mode 100644",
	"deleted file mode 1", "old mode 1", "new mode", "similarity index 9",
	"dissimilarity index 1", "copy to y", "copy from z", "diff --git a b",
	"diff --gi", " diff --git a b",
	"BUG: KASAN", "  WARNING: CPU", "\tCall Trace:", "\v\f\rKernel panic",
	"\xc2\xa0" "BUG: x",			/* no-break space */
	"\xe2\x80\x83Oops: x", "\xe3\x80\x80kernel BUG at x",
	"\xc2\x85" "BUG: x",			/* NEL */
	"-----[ cut here ]-----", "------------[ cut here ]------------",
	"-[ cut here ]", "-[ cut here ]-", "--- [ cut here ]---", "[ cut here ]-",
	"Oops", "Oopsy", "Oops: ", "Oops!", "Oops\xc3\xa9", "HEAD commit: abc",
	"HEAD commit:x", "HEAD commit:", "compiler:\tgcc",
	"compiler:\xc2\xa0gcc", "vmlinux: ", "INFO: task x", "INFO: rcu",
	"INFO: x", "INFO: trying to register", "\xff BUG: ", "BUG: \xff",
	"Unable to handle page", "Unable to handle x", "<TASK>", "<TASK",
	"unreferenced object 0x1", "possible circular locking",
	"syz repro: x", "C reproducer: x", "Downloadable assets: x",
	"[    1.234567] x", " [1.2] [T12] x", "\xc2\xa0[1.2] x",
	"\xe3\x80\x80[1.2]", "x [1.2]", "[\xc2\xa0" "1.2]", "\t[1.2]",
	"\xef\xbb\xbf[1.2] BOM", "", " ", "\t", "\xff", "\xc3", "\xed\xa0\x80",
	"[ 1.2]\xff", "\xff[1.2] x", "[1.2] [T1]\xc3", "[1.2][C3]x",
	"[ 1.2 ] x", "[1.] x", "[.2] x", "[1.2] [T] x", "[1.2] [X1] x",
	"  [\t12.5]\t[ C12 ]  x", "[\xd9\xa1.\xd9\xa2] x",
};

static void test_hostile_lines(void **state)
{
	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(hostile_lines); i++)
		check_line(hostile_lines[i]);
	if (stamps_found < 10)
		fail_msg("only %u timestamps found", stamps_found);
}

static void test_long_lines(void **state)
{
	static const char *const heads[] = {
		"", "BUG: ", "   ", "@@ -1 +1 @@ ", "index abc..", "--- ",
		"[ 1.2] ", "Signed-off-by: ", "\xc2\xa0",
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(heads); i++) {
		g_autofree char *tail = g_strnfill(100000, 'a');
		g_autofree char *line = g_strconcat(heads[i], tail, NULL);
		g_autofree char *digits = g_strnfill(5000, '7');
		g_autofree char *hunk = g_strdup_printf("@@ -%s,%s +1 @@",
							digits, digits);

		check_line(line);
		check_line(hunk);
		check_body(line);
	}
	{
		/* long lines of each kind, with and without an end */
		GString *big = g_string_new(NULL);
		g_autofree char *tail = g_strnfill(70000, 'x');

		g_string_append_printf(big, "%s \t\n> %s\n+%s\n[ 1.2] %s\r\n"
				       "diff --git a/%s b/x\n@@ -1 +1 @@\n-%s"
				       "\n+%s\n-- \n%s", tail, tail, tail,
				       tail, tail, tail, tail, tail);
		check_body(big->str);
		g_string_append_c(big, '\n');
		check_body(big->str);
		g_string_free(big, TRUE);
	}
}

static const char *const hostile_bodies[] = {
	"Signed-off-by: A <a@b.c>\n",
	"signed-OFF-BY:  x  \nsigned-off-by:\t\n",
	"\xc5\xbfigned-off-by: X <x@y.z>\n",		/* long s */
	"\xe2\x84\xaa" "elvin-by: K\n",		/* Kelvin sign */
	"Co-developed-by: \xe2\x84\xaa\n",
	"foo\rSigned-off-by: A\n",
	"x\vAssisted-by: B\r\nAssisted-by:  \n",
	"x\fSigned-off-by: F\n",
	"x\xc2\x85Signed-off-by: C\n",		/* NEL */
	"x\xe2\x80\xa8Signed-off-by: D\n",	/* line separator */
	"Signed-off-by: A\n\xff\n",		/* not UTF-8 */
	"Signed-off-by:\nSigned-off-by: a:b\nSigned-off-by: x\rSign: y\n",
	"Signed-off-by: A\r\n\r\nCo-authored-by: B <b@c.d>\r\n-- \r\nsig\r\n",
	"> Signed-off-by: quoted\nSigned-off-by: own\n",
	"Signed-off-by:   a b  \t x\nSigned-off-by:\t\nSigned-off-byX: no\n",
	"SIGNED-OFF-BY: J\xc3\xbcrgen <j@x.y>\nSign: y\nsign:\n",
	"Signed-off-by: x\xc2\x85y\n",		/* NEL in the value */
	"Signed-off-by: a\xe2\x80\xa8Signed-off-by: b\n",
	"Signed-off-by: a\xe2\x80\xa9" "Co-authored-by: b\n",
	"Co-developed-by:x\n\xc3\xa9Signed-off-by: e\n",
	"Co-developed-by:\xc3\xa9 \t\xc3\xa9\t\n",
	"a\n\n\nb\r\nc\n", "\n", "", "--\n", "-- \nx", "\r\r\n\n\r",
	"hunk:\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"
	"Signed-off-by: after\n",
	/* the scan's regions, each cut short or at the end */
	"a\r\nb\rc\r\r\n\r> q\r\n-- \r\nsig\r",
	"no final newline", "> only quoted", "--", "-- ", "--\n\n\n",
	"x\n--\n> q\n-- \ny\n", " \t \n\t\n  ", ">\n>>\n> \n",
	"p\xff\n\xc3\n\xed\xa0\x80 \n\xc3\xa9\t\n\xe2\x80\xa8\n",
	"diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n x\n"
	"-- \n+y\n\n-- \nsig\n",
	"diff --git a/f b/f\n@@ -1,9 +1,9 @@\n a\nprose cuts it\n",
	"diff --git a/f b/f\n@@ -1,9 +1,9 @@\n a\n-b",
	"---\n f.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n"
	"\ndiff --git a/f.c b/f.c\nGIT binary patch\nliteral 5\n"
	"McmZQzU|;sy\n\nliteral 0\nHcmV?d00001\n\nafter\n",
	"------------[ cut here ]------------\nWARNING: CPU: 0 x\n"
	"[    1.234] [  T1] Call Trace:\n <TASK>\n  f+0x1/0x2\n\n"
	"  more\n\nprose\n==================================\n"
	"BUG: KASAN: x\nRead of size 8\n",
	"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n"
	"- -- \n- --- a\nown\n> q\n-- \nsig\n"
	"-----BEGIN PGP SIGNATURE-----\nx\n-----END PGP SIGNATURE-----\n",
	"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256",
	"-----BEGIN PGP SIGNED MESSAGE-----\n\n- ",
	"x\n-----BEGIN PGP MESSAGE-----\nhQEMA\n-----END PGP MESSAGE-----",
	"\x01\x02\x7f\x1b[0m\n\xfe\xff\x80\x80\n\x0b\x0c\n",
	/* runs of lines copied at once, cut by a chomp, a quote, a kind */
	"a\nb\n> q\nc\nd  \ne\nf\r\ng\n--\nh\ni \nj\n> k\nl",
	"a\n\n\n> q\n> r\ns\n\t\n---\n f | 1 +\nt\n-- \n\n",
	"-----BEGIN PGP SIGNED MESSAGE-----\n\na\n- b\n- c\nd\n- --\ne\n"
	"-----BEGIN PGP SIGNATURE-----\n",
	/* patches made when asked, from the body: runs cut by a chomp, a
	 * CR, a quote, prose, a "- " unescaped, the body's end */
	"diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,4 +1,4 @@\n a  \n"
	"-b\r\n+c\n> quoted\n d\n e\nprose\ndiff --git a/g b/g\n"
	"@@ -1 +1 @@\n-x\n+y",
	"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n"
	"- --- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n- -a\n+b\n c \n"
	"> q\n-----BEGIN PGP SIGNATURE-----\nx\n",
	"> diff --git a/f b/f\n> @@ -1 +1 @@\n> -a\n\n"
	"diff --git a/f b/f\n@@ -1 +1 @@\n-a\n+b\n\n",
};

static void test_hostile_bodies(void **state)
{
	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(hostile_bodies); i++)
		check_body(hostile_bodies[i]);
}

static void check_file(const char *text, gsize len, gpointer data)
{
	(void)len;
	(void)data;
	check_body(text);
}

/* Every line of every fixture, and each file as one body. */
static void test_fixtures(void **state)
{
	(void)state;
	sl_test_each_fixture(tests_dir, check_file, NULL);
	if (lines_checked < 10000 || lines_matched < 100 || scans_checked < 100)
		fail_msg("only %u lines (%u matched), %u scans: the fixtures "
			 "not found?", lines_checked, lines_matched,
			 scans_checked);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hostile_lines),
		cmocka_unit_test(test_long_lines),
		cmocka_unit_test(test_hostile_bodies),
		cmocka_unit_test(test_fixtures),
	};

	if (argc != 2) {
		fprintf(stderr, "usage: %s TESTS-DIR\n", argv[0]);
		return 2;
	}
	tests_dir = argv[1];
	/* each scan proves itself too (rules/lib/text.c) */
	g_setenv("SECLINT_CHECK_TEXT", "1", TRUE);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
