// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_maint_match: the MAINTAINERS matcher's fast paths against the slow
 * ways they replace.  The first-character test of F: and X: patterns and
 * the N: regexes not compiled for a path that lacks one of their literals
 * (sl_maint_regex_may_match()) run under SECLINT_CHECK_MAINTAINERS, which
 * matches every pattern passed over and aborts on a match;
 * sl_maintainers_for(), which matches each section once for both depths
 * and only the sections of the buckets of the paths' first bytes, is
 * compared with the two passes of get_maintainer.pl made here, with the
 * check mode (which tries every section, and aborts on a match among
 * those the buckets pass over) and without it (argument "fast").
 *
 * The data is made here: sections with the shapes of pattern the kernel's
 * MAINTAINERS has (plain words, "bcm[9]?6858", "bcm283*", "[^a-z]tegra",
 * globs) and shapes it has not (alternatives, groups, escapes, counted
 * repeats, white space and comments under G_REGEX_EXTENDED, broken
 * patterns), and paths drawn from their pieces.  With
 * SECLINT_TEST_MAINTAINERS naming a MAINTAINERS file, every section of it
 * is compared as well (skipped without).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "maintainers.h"
#include "matches.h"
#include "regex-cache.h"

/* ---- the reference ---- */

/*
 * get_maintainer.pl --pattern-depth 1 the plain way, over the public
 * matcher: the sections of the depth-1 pass, or of the pass without depth
 * when those name no maintainer, deepest first, ties in the file's order.
 */
static GPtrArray *ref_maintainers_for(const struct sl_maintainers *m,
				      const char *const *files)
{
	GPtrArray *out = g_ptr_array_new();

	for (int pass = 1; pass >= 0 && !out->len; pass--) {
		g_autoptr(GArray) depths = g_array_new(FALSE, FALSE,
						       sizeof(int));
		g_autoptr(GPtrArray) hits = g_ptr_array_new();
		const struct sl_maint_section *s;
		gboolean named = FALSE;
		int top = -3;

		for (guint i = 0; (s = sl_maintainers_section(m, i)); i++) {
			int best = -2;

			for (guint k = 0; files[k]; k++) {
				int d, slashes = 0;

				for (const char *c = files[k]; *c; c++)
					slashes += *c == '/';
				if (sl_maint_section_match(s, files[k], &d) &&
				    (!pass || slashes - d < 1) && d > best)
					best = d;
			}
			if (best == -2)
				continue;
			g_ptr_array_add(hits, (gpointer)s);
			g_array_append_val(depths, best);
			named |= *s->maintainers != NULL;
			top = MAX(top, best);
		}
		if (pass && !named)
			continue;
		/* Deepest first; equal depths keep their order. */
		for (int d = top; d >= -2; d--)
			for (guint i = 0; i < hits->len; i++)
				if (g_array_index(depths, int, i) == d)
					g_ptr_array_add(out, hits->pdata[i]);
	}
	return out;
}

static gboolean regex_matches(const char *pattern, const char *file)
{
	GRegex *re = sl_regex(pattern, G_REGEX_EXTENDED, 0, NULL);

	return re && sl_regex_matches(re, file, 0);
}

/* ---- the data ---- */

/* N: patterns: the kernel's shapes, then others and broken ones. */
static const char *const regexes[] = {
	"rockchip", "tegra", "atmel", "qcom", "sunxi", "fsl", "omap",
	"sun[x456789]i", "mt[678]", "bcm[9]?47622", "bcm[9]?6858", "bcm283*",
	"bcm113*", "bcm9583*", "bcm[-_]nsp", "asm/elf.h", "[^a-z0-9]ps3",
	"[^a-z]tegra", "axp[128]", "6941", "mtk-", "cros_ec", "lan78xx",
	"dev", "core/dev", "^net", "c$", "^net/core/dev\\.c$", "net.core",
	"dev+", "de+v", "d?ev", "ab*?c", "x+?y", "n.*t", ".", "^$",
	"[a]", "[^]]x", "[]a]", "[[:alpha:]]et", "[\\w]et", "[", "[^",
	"tegra|rockchip", "(ne)?t", "(?i)NET", "ne{1}t", "ne{0}xt",
	"n e t", "net#comment", "\\bnet", "\\d", "net\\/core", "*net",
	"net**", "dev)", "-", ",", "_", "/", "core/", "a{", "x{0,1}et",
};

/* F: and X: patterns. */
static const char *const globs[] = {
	"net/", "net/core/", "net/core", "net/core/dev.c", "net/*/dev.c",
	"net/*", "net/core/*.c", "*", "?et/", "n?t/core/", "[nm]et/",
	"[^x]et/core/", "drivers/gpu/[ab].c", "drivers/gpu/[^x]*",
	"drivers/", "drivers/net/ethernet/", "include/linux/sk*.h",
	"include/", "Documentation/", "[", "[^", "net/[", "tools/*/x",
	"arch/*/boot/dts/*tegra*", "drivers/*/rockchip*", "n", "ne",
	"net/core/dev.", "*/dev.c", "fs/ext4/", "fs/", "lib/",
};

/* Pieces paths are made of. */
static const char *const pieces[] = {
	"net", "core", "dev", "dev.c", "drivers", "gpu", "a.c", "b.c",
	"x.c", "include", "linux", "skbuff.h", "tegra", "rockchip", "bcm",
	"9", "6858", "47622", "283", "2835", "ps3", "sunxi", "sun4i",
	"mt7", "axp2", "asm", "elf.h", "fs", "ext4", "lib", "tools",
	"arch", "arm", "boot", "dts", "_nsp", "-nsp", "nsp", "ethernet",
	"mtk-eth", "cros_ec", "lan78xx", "atmel", "qcom", "fsl", "omap",
	"Documentation", "NET", "n", "e", "t", "", "a", "xyz", "-", ",",
};

static char *synth_maintainers(void)
{
	GString *t = g_string_new("Some preamble\n\n");
	guint nr = G_N_ELEMENTS(regexes), ng = G_N_ELEMENTS(globs);

	/* One section per N:, per F: and per X:, then mixed ones. */
	for (guint i = 0; i < nr; i++)
		g_string_append_printf(t, "REGEX %u\nM:\tr%u@example.org\n"
				       "N:\t%s\n\n", i, i, regexes[i]);
	for (guint i = 0; i < ng; i++)
		g_string_append_printf(t, "GLOB %u\n%sF:\t%s\n\n", i,
				       i % 3 ? "M:\tg@example.org\n" : "",
				       globs[i]);
	for (guint i = 0; i < 97; i++) {
		g_string_append_printf(t, "MIXED %u\n", i);
		if (i % 4)
			g_string_append_printf(t, "M:\tm%u@example.org\n", i);
		for (guint k = 0; k < i % 4; k++)
			g_string_append_printf(t, "F:\t%s\n",
					       globs[(i * 7 + k * 5) % ng]);
		if (i % 5 == 1)
			g_string_append_printf(t, "X:\t%s\n",
					       globs[(i * 3) % ng]);
		for (guint k = 0; k < i % 3; k++)
			g_string_append_printf(t, "N:\t%s\n",
					       regexes[(i * 11 + k) % nr]);
		g_string_append(t, "\n");
	}
	g_string_append(t, "THE REST\nM:\tlinus@example.org\nF:\t*\n"
		       "F:\t*/\n");
	return g_string_free(t, FALSE);
}

/* Paths: fixed ones, each glob made concrete, and random joins. */
static GPtrArray *synth_paths(const struct sl_maintainers *m)
{
	GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GRand) rand = g_rand_new_with_seed(32);
	const struct sl_maint_section *s;
	static const char *const fixed[] = {
		"net/core/dev.c", "net/core/dev.h", "net/ipv4/tcp.c", "net",
		"net/", "", "/", "//", "a", "drivers/gpu/a.c",
		"drivers/gpu/x/y.c", "drivers/net/ethernet/mtk-eth/x.c",
		"arch/arm/boot/dts/bcm2835-rpi.dts", "arch/arm/mach-bcm/x.c",
		"drivers/soc/tegra/fuse.c", "arch/powerpc/platforms/ps3/a.c",
		"drivers/mfd/axp20x.c", "drivers/x/bcm_nsp.c",
		"drivers/x/bcm9_6858.c", "include/asm-generic/asm/elf.h",
		"net/core/dev.c\xff", "n\xc3\xa9t/core/dev.c",
	};

	for (guint i = 0; i < G_N_ELEMENTS(fixed); i++)
		g_ptr_array_add(paths, g_strdup(fixed[i]));
	for (guint i = 0; (s = sl_maintainers_section(m, i)); i++) {
		for (char **f = s->files; *f; f++) {
			g_autofree char *p = g_strdup(*f);

			g_strdelimit(p, "*?[]^", 'x');
			g_ptr_array_add(paths, g_strconcat(p, "a.c", NULL));
			g_ptr_array_add(paths, g_strdup(p));
		}
		for (char **n = s->regexes; *n; n++) {
			g_autofree char *p = g_strdup(*n);

			g_strdelimit(p, "*?[]^$.+", '_');
			g_ptr_array_add(paths, g_strconcat("drivers/", p,
							   "/x.c", NULL));
		}
	}
	for (guint i = 0; i < 3000; i++) {
		GString *p = g_string_new(NULL);
		gint32 parts = g_rand_int_range(rand, 1, 6);

		for (gint32 k = 0; k < parts; k++) {
			if (k)
				g_string_append_c(p, g_rand_int_range(rand, 0, 8)
						  ? '/' : '-');
			g_string_append(p, pieces[g_rand_int_range(rand, 0,
					G_N_ELEMENTS(pieces))]);
		}
		g_ptr_array_add(paths, g_string_free(p, FALSE));
	}
	return paths;
}

/* ---- the comparisons ---- */

struct tally {
	guint hits, rejected, compared;
};

/* Every section against every path: the check mode (set in main())
 * matches whatever the fast paths pass over, and aborts on a match. */
static void compare_sections(const struct sl_maintainers *m,
			     GPtrArray *paths, struct tally *t)
{
	const struct sl_maint_section *s;

	for (guint i = 0; (s = sl_maintainers_section(m, i)); i++) {
		for (guint k = 0; k < paths->len; k++) {
			const char *file = paths->pdata[k];
			int depth;

			t->hits += sl_maint_section_match(s, file, &depth);
			t->compared++;
			for (char **n = s->regexes; *n; n++) {
				if (sl_maint_regex_may_match(*n, file))
					continue;
				t->rejected++;
				if (regex_matches(*n, file))
					fail_msg("N: %s matches %s", *n, file);
			}
		}
	}
}

static void compare_for(const struct sl_maintainers *m, const char *a,
			const char *b)
{
	const char *files[] = { a, b, NULL };
	g_autoptr(GPtrArray) want = ref_maintainers_for(m, files);
	g_autoptr(GPtrArray) got = sl_maintainers_for(m, files);

	assert_int_equal(got->len, want->len);
	for (guint i = 0; i < want->len; i++)
		if (got->pdata[i] != want->pdata[i])
			fail_msg("%s, %s: section %u differs", a,
				 b ? b : "-", i);
}

static void compare_all(const struct sl_maintainers *m, GPtrArray *paths,
			guint pairs)
{
	struct tally t = { 0 };

	compare_sections(m, paths, &t);
	/* Not vacuous: paths matched, and regexes were passed over. */
	assert_true(t.hits > 0);
	assert_true(t.rejected > 0);
	print_message("%u section x path pairs, %u hits, %u N: passed over\n",
		      t.compared, t.hits, t.rejected);
	for (guint k = 0; k < paths->len; k++)
		compare_for(m, paths->pdata[k], NULL);
	for (guint k = 0; k + 1 < paths->len && k < 2 * pairs; k += 2)
		compare_for(m, paths->pdata[k], paths->pdata[k + 1]);
}

static void test_synthesised(void **state)
{
	g_autofree char *text = synth_maintainers();
	g_autoptr(sl_maintainers) m = sl_maintainers_parse(text, strlen(text));
	g_autoptr(GPtrArray) paths = NULL;

	(void)state;
	assert_non_null(m);
	paths = synth_paths(m);
	compare_all(m, paths, paths->len / 2);
}

/* The regexes alone: what must be passed over, and what must not. */
static void test_may_match(void **state)
{
	static const struct {
		const char *re, *file;
		gboolean may;
	} cases[] = {
		{ "tegra", "net/core/dev.c", FALSE },
		{ "tegra", "drivers/tegra.c", TRUE },
		{ "bcm[9]?6858", "bcm6858", TRUE },
		{ "bcm[9]?6858", "bcm96858", TRUE },
		{ "bcm[9]?6858", "bcm9", FALSE },
		{ "bcm283*", "bcm28", TRUE },	/* '*' takes the 3 */
		{ "bcm283*", "bcm2", FALSE },
		{ "dev+", "de", TRUE },		/* '+': the v is not counted */
		{ "[^a-z]tegra", "xtegra", TRUE },
		{ "[^a-z]tegra", "tegr", FALSE },
		{ "tegra|rockchip", "rockchip", TRUE },
		{ "(ne)?t", "t", TRUE },
		{ "ne{0}xt", "nxt", TRUE },
		{ "n e t", "net", TRUE },
		{ "net#x", "net", TRUE },
		{ "\\bnet", "net", TRUE },
		{ "[[:alpha:]]et", "net", TRUE },
		{ "[]a]", "]", TRUE },
		{ "[", "", TRUE },
		{ "asm/elf.h", "asm/elfxh", TRUE },
		{ "asm/elf.h", "asm/elf", FALSE },
	};

	(void)state;
	for (guint i = 0; i < G_N_ELEMENTS(cases); i++)
		if (sl_maint_regex_may_match(cases[i].re, cases[i].file) !=
		    cases[i].may)
			fail_msg("%s on %s", cases[i].re, cases[i].file);
}

static void test_real_file(void **state)
{
	const char *path = g_getenv("SECLINT_TEST_MAINTAINERS");
	g_autofree char *text = NULL;
	g_autoptr(sl_maintainers) m = NULL;
	g_autoptr(GPtrArray) paths = NULL;
	gsize len;

	(void)state;
	if (!path || !*path)
		skip();
	assert_true(g_file_get_contents(path, &text, &len, NULL));
	m = sl_maintainers_parse(text, len);
	assert_non_null(m);
	paths = synth_paths(m);
	compare_all(m, paths, 200);
}

/*
 * With "fast", the check mode is left off: sl_maintainers_for() then
 * tries only the sections of the buckets of the paths' first bytes (and
 * "any"), and is compared so with get_maintainer.pl's passes over every
 * section.  Under the check mode it tries every section, and aborts on
 * a match among those the buckets pass over.
 */
int main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "fast"))
		g_setenv("SECLINT_CHECK_MAINTAINERS", "1", TRUE);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_may_match),
		cmocka_unit_test(test_synthesised),
		cmocka_unit_test(test_real_file),
	};

	return cmocka_run_group_tests_name("maint-match", tests, NULL, NULL);
}
