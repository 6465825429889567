// SPDX-License-Identifier: GPL-2.0-only
/*
 * rules/lib/literals.c finds a literal wherever PCRE2, caseless with UTF
 * and UCP, would match it: both ASCII cases, the long s and the Kelvin
 * sign, at a word's start when asked; and never says "no" where the
 * pattern matches.  Each case is checked against PCRE2 itself (through
 * lint/util/matches.c), on hostile text too: invalid UTF-8, a character
 * cut at the end, CRLF, a NUL byte, a long line.  The words kept of a
 * text the facts keep (sl_facts_literals_found()) are checked against
 * each list's own scan on random texts, for lists like every kind the
 * rules declare, lists first asked after a text was read, and more words
 * than a thread's table holds; and a text that is not the facts' own,
 * freed and its memory reused by the next, is read anew each time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "facts.h"
#include "literals.h"
#include "message.h"
#include "regex-cache.h"

struct sample {
	const char *literal;	/* as literals.h reads it */
	const char *pattern;	/* what PCRE2 is asked */
	const char *text;
	gboolean found;
};

static const struct sample samples[] = {
	{ "spectre", "(?i)spectre", "a Spectre variant", TRUE },
	{ "spectre", "(?i)spectre", "a SPECTRE variant", TRUE },
	{ "spectre", "(?i)spectre", "a \xc5\xbfpectre variant", TRUE },
	{ "spectre", "(?i)spectre", "a spectr", FALSE },
	{ "spectre", "(?i)spectre", "spectre", TRUE },
	{ "kasan", "(?i)kasan", "CONFIG_\xe2\x84\xaa" "ASAN=y", TRUE },
	{ "kasan", "(?i)kasan", "CONFIG_\xe2\x84\xaa" "A\xc5\xbf" "AN", TRUE },
	{ "kasan", "(?i)kasan", "CONFIG_\xe2\x84" "ASAN=y", FALSE },
	{ "lockdep", "(?i)lockdep", "LOC\xe2\x84\xaa" "DEP", TRUE },
	{ "mds", "(?i)mds", "md\xc5\xbf", TRUE },
	{ "mds", "(?i)mds", "md\xc5", FALSE },
	{ "mds", "(?i)mds", "md\xc5\xbe", FALSE },
	{ "\\bmds", "(?i)\\bmds", "the MDS bug", TRUE },
	{ "\\bmds", "(?i)\\bmds", "cmds", FALSE },
	{ "\\bmds", "(?i)\\bmds", "mds at the start", TRUE },
	{ "\\bmds", "(?i)\\bmds", "_mds", FALSE },
	{ "\\bmds", "(?i)\\bmds", "9mds", FALSE },
	{ "\\bmds", "(?i)\\bmds", "(mds)", TRUE },
	{ "\\bmds", "(?i)\\bmds", "\r\nmds\r\n", TRUE },
	/* a word character outside ASCII: "maybe" (PCRE2 says no) */
	{ "\\bmds", NULL, "\xc3\xa9mds", TRUE },
	{ "\\bside channel", "(?i)\\bside channel", "a \xc5\xbfide channel",
	  TRUE },
	{ "\\bside channel", "(?i)\\bside channel", "a\xc5\xbfide channel",
	  FALSE },
	{ "do not share", "(?i)do not share", "DO NOT SHARE", TRUE },
	{ "do not share", "(?i)do not share", "do  not share", FALSE },
	{ "do not share", "(?i)do not share", "do not\nshare", FALSE },
	{ "(experimental)", "(?i)\\(EXPERIMENTAL\\)", "x (Experimental) y",
	  TRUE },
	{ "l1tf", "(?i)l1tf", "L1TF", TRUE },
	{ "l1tf", "(?i)l1tf", "l1 tf", FALSE },
	/* invalid UTF-8: PCRE2 matches nothing, the literal is found */
	{ "spectre", NULL, "\xff spectre \xfe", TRUE },
	{ "spectre", "(?i)spectre", "", FALSE },
	/* a NUL ends the text, as for the patterns */
	{ "spectre", "(?i)spectre", "spec\0tre", FALSE },
};

static void test_samples(void **state)
{
	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(samples); i++) {
		const struct sample *s = &samples[i];
		const char *const lits[] = { s->literal, NULL };
		gboolean found = sl_literals_found(s->text, lits);

		if (found != s->found)
			fail_msg("'%s' in '%s': %d", s->literal, s->text,
				 found);
		if (s->pattern)
			assert_int_equal(sl_regex_test(s->pattern, 0, s->text),
					 s->found);
	}
}

/* Several literals on one byte, and on one of the two cases of it. */
static void test_shared_anchor(void **state)
{
	const char *const lits[] = { "meltdown", "rowhammer", "downfall",
				     "\\bzenbleed", "retbleed", NULL };

	(void)state;
	assert_true(sl_literals_found("a DOWNFALL b", lits));
	assert_true(sl_literals_found("rowHammer", lits));
	assert_true(sl_literals_found("x RetBleed", lits));
	assert_false(sl_literals_found("xzenbleed", lits));
	assert_true(sl_literals_found("x-zenbleed", lits));
	assert_false(sl_literals_found("melt down, row hammer, down fall",
				       lits));
}

/* A literal that has nothing to wait for, or an upper-case letter, is
 * always "maybe": never a wrong "no". */
static void test_unusable_literals(void **state)
{
	const char *const only_s[] = { "ss", NULL };
	const char *const upper[] = { "NDA", NULL };
	const char *const none[] = { NULL };

	(void)state;
	assert_true(sl_literals_found("nothing here", only_s));
	assert_true(sl_literals_found("nothing here", upper));
	assert_false(sl_literals_found("nothing here", none));
	assert_false(sl_regex_ruled_out(NULL, "x", 0, NULL, "nothing here"));
}

/* A set's arrays are as long as its list: a list of 64 words (the most
 * that is waited for) finds each of them, and one of 65 is always
 * "maybe". */
static void test_list_lengths(void **state)
{
	char *words[66] = { NULL };

	(void)state;
	for (int n = 1; n <= 65; n++) {
		for (int i = 0; i < n; i++) {
			g_free(words[i]);
			words[i] = g_strdup_printf("zq%dword%d", n, i);
		}
		words[n] = NULL;
		for (int i = 0; i < n; i++) {
			g_autofree char *text = g_strdup_printf(
				"some text, then ZQ%dWORD%d.", n, i);

			assert_true(sl_literals_found(
				text, (const char *const *)words));
		}
		assert_int_equal(sl_literals_found("zq1word zqword0 zq",
						   (const char *const *)words),
				 n > 64);
	}
	for (int i = 0; i < 65; i++)
		g_free(words[i]);
}

/* Long lines and long texts: found at the very end, linear. */
static void test_long_text(void **state)
{
	const char *const lits[] = { "\\bmicrocode", "erratum", NULL };
	gsize n = 8 * 1024 * 1024;
	char *text = g_malloc(n + 32);

	(void)state;
	memset(text, 'm', n);
	text[n] = '\0';
	assert_false(sl_literals_found(text, lits));
	strcpy(text + n, " MICROCODE");
	assert_true(sl_literals_found(text, lits));
	memset(text, 'e', n);
	strcpy(text + n, "rratu");
	assert_false(sl_literals_found(text, lits));
	g_free(text);
}

/* What the check mode proves: a wrong list aborts; a right one passes. */
static void test_ruled_out(void **state)
{
	const char *const right[] = { "\\bnda", NULL };

	(void)state;
	assert_true(sl_regex_ruled_out(NULL, "\\bNDA\\b", 0, right, "no such word"));
	assert_false(sl_regex_ruled_out(NULL, "\\bNDA\\b", 0, right, "an NDA"));
	assert_true(sl_regex_cannot_match("\\bNDA\\b", 0, "fundamental"));
}

/*
 * The sets literals.c keeps per thread, by a list's address: a list whose
 * words change at the same address is read anew; a list of more anchor
 * bytes than strcspn() is asked for (16) finds what its words do one by
 * one; many lists, and lists on several threads, stay right.
 */
static void test_kept_sets(void **state)
{
	static const char *const words[] = {
		"meltdown", "rowhammer", "\\bzenbleed", "retbleed", "foreshadow",
		"\\bgather", "inception", "\\bhertzbleed", "platypus", "lvi",
		"fallout", "\\bzombieload", "swapgs", "\\bqemu", "jit", "xss",
		"9p", "kvm", NULL,
	};
	const int nwords = G_N_ELEMENTS(words) - 1;
	const char *lits[2] = { "spectre", NULL };
	GRand *rand = g_rand_new_with_seed(32);
	static const char alphabet[] = "aeilmnoprtwbdfghuvyzjqx9k ZELMB-_\xc5\xbf";

	(void)state;
	assert_true(sl_literals_found("a Spectre", lits));
	lits[0] = "meltdown";
	assert_false(sl_literals_found("a Spectre", lits));
	assert_true(sl_literals_found("MELTDOWN", lits));
	/* all the words, and each alone, on random texts */
	for (int t = 0; t < 3000; t++) {
		char text[64];
		gboolean any = FALSE;
		gsize len = (gsize)g_rand_int_range(rand, 0, sizeof(text) - 12);

		for (gsize i = 0; i < len; i++)
			text[i] = alphabet[g_rand_int_range(
				rand, 0, sizeof(alphabet) - 1)];
		text[len] = '\0';
		if (t % 3 == 0) {	/* one of the words, in some case */
			const char *w = words[g_rand_int_range(rand, 0, nwords)];

			w += w[0] == '\\' ? 2 : 0;
			g_strlcpy(text + len / 2, w, sizeof(text) - len / 2);
			if (t % 2)
				text[len / 2] = g_ascii_toupper(text[len / 2]);
		}
		for (int w = 0; words[w]; w++) {
			lits[0] = words[w];
			any |= sl_literals_found(text, lits);
		}
		assert_int_equal(sl_literals_found(text, words), any);
	}
	/* more lists than a thread keeps */
	for (int i = 0; i < 600; i++) {
		const char **list = g_new0(const char *, 2);

		list[0] = words[i % 13];	/* all in the text below */
		assert_true(sl_literals_found("x meltdown rowhammer zenbleed "
					      "retbleed foreshadow gather "
					      "inception hertzbleed platypus "
					      "lvi fallout zombieload swapgs",
					      list));
		assert_false(sl_literals_found("nothing", list));
		g_free(list);
	}
	g_rand_free(rand);
}

/* Lists like the rules' (rules/lib/routing.c, text.c, signals.c, ...):
 * word starts, spaces, ":", "@", "s" and "k", one byte, a last byte. */
static const char *const hardware[] = {
	"\\bspeculative-execution", "\\bspeculative execution",
	"\\bside-channel", "\\bside channel", "\\bmicrocode", "\\bspectre",
	"\\bmeltdown", "\\bmds", "\\bl1tf", "\\bretbleed", NULL
};
static const char *const nda[] = {
	"\\bnda", "disclosure agreement", "do not forward", "must not be shared",
	NULL
};
static const char *const secret[] = {
	"confidential", "privileged", "intended solely", "intended only", NULL
};
static const char *const syzkaller[] = {
	"head commit:", "git tree:", "syz repro:", "c reproducer:",
	"compiler:", NULL
};
static const char *const ai[] = {
	"\\bai", "\\ba.i.", "\\bllm", "\\bclaude", "language model", NULL
};
static const char *const debug[] = {
	"kasan", "kmsan", "lockdep", "fault_injection", "debug_", NULL
};
static const char *const at[] = { "@", NULL };
static const char *const mail[] = { "\\bemail-clients", "mail ", NULL };
static const char *const crash[] = { "crash", "found", "\\bcve-", NULL };
static const char *const staging[] = {
	"drivers/staging/", "(experimental)", NULL
};
static const char *const *const lists[] = {
	hardware, nda, secret, syzkaller, ai, debug, at, mail, crash, staging,
};

/* A random text of @len bytes: the lists' words in either case, their
 * bytes, and hostile ones (high bytes, the long s, the Kelvin sign and
 * pieces of them, CR, tabs), never a NUL. */
static char *random_text(GRand *rand, gsize len)
{
	static const char *const pieces[] = {
		"a", "e", "s", "k", "S", "K", " ", "_", "-", ":", "@", "\n",
		"\r\n", "\t", "1", "x", "\xc3\xa9", "\xc5\xbf", "\xe2\x84\xaa",
		"\xc5", "\xe2\x84", "\xff", "\x80", "\xbf", "\xaa",
	};
	GString *t = g_string_sized_new(len + 32);

	while (t->len < len) {
		int pick = g_rand_int_range(rand, 0, 8);

		if (pick < 2) {
			const char *const *list = lists[g_rand_int_range(
				rand, 0, G_N_ELEMENTS(lists))];
			const char *w = list[0];
			gsize from = t->len;

			for (int n = 0; list[n]; n++)
				if (g_rand_int_range(rand, 0, n + 1) == 0)
					w = list[n];
			g_string_append(t, w + (w[0] == '\\' ? 2 : 0));
			if (pick == 1)	/* in upper case, or cut short */
				for (gsize i = from; i < t->len; i++)
					t->str[i] = g_ascii_toupper(t->str[i]);
			if (g_rand_int_range(rand, 0, 4) == 0)
				g_string_truncate(t, t->len - 1);
		} else {
			g_string_append(t, pieces[g_rand_int_range(
					       rand, 0, G_N_ELEMENTS(pieces))]);
		}
	}
	return g_string_free(t, FALSE);
}

/* Each list asked of @text, one of @facts' own, through them and alone:
 * the same answer. */
static void same_answers(struct sl_facts *facts, const char *text,
			 GRand *rand)
{
	/* in a random order, so that each list is sometimes asked first */
	int first = g_rand_int_range(rand, 0, G_N_ELEMENTS(lists));

	sl_facts_literals_keep(facts, text);
	for (size_t i = 0; i < G_N_ELEMENTS(lists); i++) {
		const char *const *list =
			lists[(first + i) % G_N_ELEMENTS(lists)];

		assert_int_equal(sl_facts_literals_found(facts, text, list),
				 sl_literals_found(text, list));
	}
}

/* Many messages of random texts; their lists asked through the facts
 * (after a thread's first eight messages, by its one automaton). */
static void test_kept_random(void **state)
{
	GRand *rand = g_rand_new_with_seed(3232);

	(void)state;
	for (int m = 0; m < 300; m++) {
		g_auto(sl_facts) facts = SL_FACTS_INIT(NULL, NULL);
		char *texts[4];

		for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
			texts[i] = random_text(rand, (gsize)g_rand_int_range(
						       rand, 0, 400));
		for (int ask = 0; ask < 3; ask++)
			for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
				same_answers(&facts, texts[i], rand);
		for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
			g_free(texts[i]);
	}
	g_rand_free(rand);
	/* the answers came from the automaton */
	assert_int_not_equal(sl_literals_thread_automaton(), 0);
}

/* @literals asked of @text, made one of @facts' own. */
static gboolean kept_found(struct sl_facts *facts, const char *text,
			   const char *const *literals)
{
	sl_facts_literals_keep(facts, text);
	return sl_facts_literals_found(facts, text, literals);
}

/* Known answers through the facts, hostile bytes among them. */
static void test_kept_samples(void **state)
{
	(void)state;
	for (int m = 0; m < 10; m++) {
		/* two messages: the facts keep a few texts each */
		g_auto(sl_facts) facts = SL_FACTS_INIT(NULL, NULL);
		g_auto(sl_facts) more = SL_FACTS_INIT(NULL, NULL);

		assert_true(kept_found(&facts, "a \xc5\xbfpectre", hardware));
		assert_true(kept_found(&facts, "LOC\xe2\x84\xaa" "DEP", debug));
		assert_true(kept_found(&facts, "the MDS bug", hardware));
		assert_false(kept_found(&facts, "cmds, xai", hardware));
		assert_false(kept_found(&facts, "cmds, xai", ai));
		assert_true(kept_found(&facts, "\xff@\xc5", at));
		assert_false(kept_found(&more, "\xff\xc5", at));
		assert_true(kept_found(&more, "(AI)", ai));
		/* a word character outside ASCII: "maybe", as alone */
		assert_true(kept_found(&more, "\xc3\xa9" "ai", ai));
		assert_false(kept_found(&more, "", nda));
		assert_true(kept_found(&more, "Do Not Forward", nda));
	}
}

/* A list first asked of a text the facts have read for other lists, and
 * more words than a thread's table holds: each answer still right. */
static void test_kept_new_lists(void **state)
{
	GRand *rand = g_rand_new_with_seed(512);
	g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func(
		(GDestroyNotify)g_strfreev);

	(void)state;
	for (int m = 0; m < 120; m++) {
		g_auto(sl_facts) facts = SL_FACTS_INIT(NULL, NULL);
		g_autofree char *text = random_text(rand, 300);
		char **list = g_new0(char *, 9);
		gboolean any = FALSE;

		same_answers(&facts, text, rand);
		/* eight new words, some of them in the text: runs of its
		 * ASCII letters, spaces and "_", lower case */
		for (int i = 0; i < 8; i++) {
			gsize n = strlen(text);
			gsize at = (gsize)g_rand_int_range(rand, 0, (gint)n + 1);
			gsize len = 0;

			while (at + len < n && len < 6 &&
			       (g_ascii_isalpha(text[at + len]) ||
				text[at + len] == ' ' || text[at + len] == '_'))
				len++;
			if (i < 4 && len >= 2)
				list[i] = g_ascii_strdown(text + at, (gssize)len);
			else
				list[i] = g_strdup_printf("zq%dx%d", m, i);
		}
		g_ptr_array_add(made, list);
		for (int i = 0; list[i]; i++) {
			const char *one[] = { list[i], NULL };

			any |= sl_literals_found(text, one);
		}
		assert_int_equal(sl_facts_literals_found(
					 &facts, text, (const char *const *)list),
				 any);
		same_answers(&facts, text, rand);
	}
	g_rand_free(rand);
}

/* A long text through the facts: read to its end, once. */
static void test_kept_long(void **state)
{
	gsize n = 8 * 1024 * 1024;
	char *text = g_malloc(n + 32);

	(void)state;
	memset(text, 'm', n);
	strcpy(text + n, " MICROCODE \xe2\x84");
	for (int m = 0; m < 10; m++) {
		g_auto(sl_facts) facts = SL_FACTS_INIT(NULL, NULL);

		sl_facts_literals_keep(&facts, text);
		assert_true(sl_facts_literals_found(&facts, text, hardware));
		assert_false(sl_facts_literals_found(&facts, text, nda));
	}
	g_free(text);
}

/*
 * A long text is read in pieces at once, each but the first started a
 * little before the one before it ends; where the pieces meet depends on
 * the text's length and the thread's longest word.  So each hostile case
 * is put at every place of texts of several lengths (one piece, and
 * pieces that meet around it): a word, in either case, after a word
 * character or a space; a word whose "s" is a long s or whose "k" is a
 * Kelvin sign (the text is then read list by list); and the text's end
 * cutting a word or either character short.  Each list's answer through
 * the facts is its own scan's, which test_samples proves against PCRE2.
 */
static void seams_check(const char *text, gboolean expect,
			const char *const *list)
{
	g_auto(sl_facts) facts = SL_FACTS_INIT(NULL, NULL);

	sl_facts_literals_keep(&facts, text);
	for (size_t i = 0; i < G_N_ELEMENTS(lists); i++)
		assert_int_equal(sl_facts_literals_found(&facts, text,
							 lists[i]),
				 sl_literals_found(text, lists[i]));
	if (list)
		assert_int_equal(sl_facts_literals_found(&facts, text, list),
				 expect);
}

static void test_kept_seams(void **state)
{
	static const struct {
		const char *piece;
		const char *const *list;
		gboolean after_space;	/* found after a space */
		gboolean after_x;	/* found after an "x" */
	} cases[] = {
		{ "speculative execution", hardware, TRUE, FALSE },
		{ "SPECULATIVE-EXECUTION", hardware, TRUE, FALSE },
		{ "Do Not Forward", nda, TRUE, TRUE },
		{ "kasan", debug, TRUE, TRUE },
		{ "@", at, TRUE, TRUE },
		{ "A.I.", ai, TRUE, FALSE },
		{ "\xc5\xbfpectre", hardware, TRUE, FALSE },
		{ "LOC\xe2\x84\xaa" "DEP", debug, TRUE, TRUE },
		{ "lockde", debug, FALSE, FALSE },
		{ "\xc5", at, FALSE, FALSE },
		{ "\xe2\x84", at, FALSE, FALSE },
	};
	static const gsize sizes[] = { 255, 256, 300, 777, 1030 };

	(void)state;
	for (size_t z = 0; z < G_N_ELEMENTS(sizes); z++)
		for (size_t c = 0; c < G_N_ELEMENTS(cases); c++)
			for (int fill = 0; fill < 2; fill++) {
				const char *piece = cases[c].piece;
				gsize n = strlen(piece);
				char *text = g_malloc(sizes[z] + 1);
				gboolean expect = fill ? cases[c].after_x
						       : cases[c].after_space;

				memset(text, fill ? 'x' : ' ', sizes[z]);
				text[sizes[z]] = '\0';
				/* the piece at every place, and cut short by
				 * the text's end */
				for (gsize at = 1; at + n <= sizes[z]; at++) {
					memcpy(text + at, piece, n);
					seams_check(text, expect,
						    cases[c].list);
					memset(text + at, fill ? 'x' : ' ', n);
				}
				for (gsize cut = 1; cut < n; cut++) {
					memcpy(text + sizes[z] - cut, piece,
					       cut);
					seams_check(text, FALSE, NULL);
				}
				g_free(text);
			}
	/* read with the automaton, in pieces */
	assert_int_not_equal(sl_literals_thread_automaton(), 0);
}

/*
 * Texts that are not the facts' own, asked through them: a copy made for
 * the call and freed, whose memory the next copy reuses with other words,
 * and a buffer written anew.  Each answer is the text's own, never what
 * the facts know of a text that was at its address before (on the
 * messages after a thread's first eight, when the kept answers are on);
 * and the facts' own texts, the message's body and Subject among them,
 * are answered alongside.
 */
static void test_kept_temporary(void **state)
{
	static const struct {
		const char *text;
		gboolean found;	/* of hardware */
	} texts[] = {
		{ "nothing to see here, move along", FALSE },
		{ "a Spectre variant, move along..", TRUE },
		{ "the mds bug, nothing more to it", TRUE },
		{ "cmds and other words, move alon", FALSE },
		{ "Microcode: an update for it all", TRUE },
		{ "", FALSE },
	};
	g_autoptr(sl_message) msg = sl_message_new();
	char buffer[64];
	unsigned reused = 0;

	(void)state;
	g_string_assign(msg->body, "The body: a side channel.\n");
	msg->subject = g_strdup("[PATCH] x86: speculative execution");
	for (int m = 0; m < 40; m++) {
		/* the facts' own texts outlive them (freed after them) */
		g_autofree char *own = g_strdup("An own text of nothing.\n");
		g_autoptr(GPtrArray) many = g_ptr_array_new_with_free_func(
			g_free);
		g_auto(sl_facts) facts = SL_FACTS_INIT(msg, NULL);
		const char *last = NULL;

		sl_facts_literals_keep(&facts, own);
		/* more texts than the facts have room for: those past it
		 * are read alone */
		for (guint i = 0; i < 12; i++) {
			g_ptr_array_add(many, g_strdup_printf(
				"text %u%s", i, i % 2 ? " of l1tf" : ""));
			sl_facts_literals_keep(&facts, many->pdata[i]);
		}
		for (int ask = 0; ask < 2; ask++)
			for (guint i = 0; i < many->len; i++)
				assert_int_equal(sl_facts_literals_found(
							 &facts, many->pdata[i],
							 hardware),
						 i % 2);
		for (int i = 0; i < 24; i++) {
			int n = (i * 7 + m) % (int)G_N_ELEMENTS(texts);
			char *copy = g_strdup(texts[n].text);

			reused += copy == last;
			last = copy;
			assert_int_equal(sl_facts_literals_found(&facts, copy,
								 hardware),
					 texts[n].found);
			g_free(copy);
			g_strlcpy(buffer, texts[n].text, sizeof(buffer));
			assert_int_equal(sl_facts_literals_found(&facts, buffer,
								 hardware),
					 texts[n].found);
			assert_false(sl_facts_literals_found(&facts, own,
							     hardware));
			assert_true(sl_facts_literals_found(
				&facts, msg->body->str, hardware));
			assert_true(sl_facts_literals_found(
				&facts, msg->subject, hardware));
		}
	}
	/* the copies did share an address, but where the allocator keeps
	 * freed memory apart (AddressSanitizer); the buffer always does */
	print_message("%u copies at the address of the one before\n", reused);
}

static gpointer find_on_thread(gpointer data)
{
	static const char *const lits[] = { "\\bdownfall", "retbleed", NULL };
	unsigned *wrong = data;

	for (int i = 0; i < 2000; i++)
		if (!sl_literals_found("a DownFall", lits) ||
		    sl_literals_found("a xdownfall", lits))
			g_atomic_int_inc(wrong);
	return NULL;
}

/* @n messages of random texts on a thread of their own, each asking
 * two lists of its texts, and every @many_every-th (0: none) all of them;
 * the words of the thread's automaton after them. */
struct asking {
	int n, many_every;
	guint automaton;
};

static gpointer ask_on_thread(gpointer data)
{
	struct asking *a = data;
	GRand *rand = g_rand_new_with_seed(77);

	for (int m = 0; m < a->n; m++) {
		g_auto(sl_facts) facts = SL_FACTS_INIT(NULL, NULL);
		g_autofree char *text = random_text(rand, 200);

		if (a->many_every && m % a->many_every == 0) {
			same_answers(&facts, text, rand);
			continue;
		}
		sl_facts_literals_keep(&facts, text);
		for (int i = 0; i < 2; i++) {
			const char *const *list = lists[(m + i) %
							G_N_ELEMENTS(lists)];

			assert_int_equal(sl_facts_literals_found(&facts, text,
								 list),
					 sl_literals_found(text, list));
		}
	}
	a->automaton = sl_literals_thread_automaton();
	g_rand_free(rand);
	return NULL;
}

static guint automaton_after(int n, int many_every)
{
	struct asking a = { n, many_every, 0 };

	g_thread_join(g_thread_new("asking", ask_on_thread, &a));
	return a.automaton;
}

/* A thread makes its automaton only when its messages ask many lists:
 * mail as addressed asks a few, mail to the security lists most. */
static void test_automaton_when_it_pays(void **state)
{
	(void)state;
	assert_int_equal(automaton_after(400, 0), 0);
	/* one message in 50 asks many: not enough of them */
	assert_int_equal(automaton_after(2000, 50), 0);
	/* seven messages that ask many, then none: not yet */
	assert_int_equal(automaton_after(7, 1), 0);
	assert_int_not_equal(automaton_after(8, 1), 0);
	assert_int_not_equal(automaton_after(400, 10), 0);
}

static void test_threads(void **state)
{
	GThread *threads[4];
	unsigned wrong = 0;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(threads); i++)
		threads[i] = g_thread_new("literals", find_on_thread, &wrong);
	for (size_t i = 0; i < G_N_ELEMENTS(threads); i++)
		g_thread_join(threads[i]);
	assert_int_equal(wrong, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_samples),
		cmocka_unit_test(test_shared_anchor),
		cmocka_unit_test(test_unusable_literals),
		cmocka_unit_test(test_list_lengths),
		cmocka_unit_test(test_long_text),
		cmocka_unit_test(test_ruled_out),
		cmocka_unit_test(test_kept_sets),
		cmocka_unit_test(test_threads),
		cmocka_unit_test(test_automaton_when_it_pays),
		cmocka_unit_test(test_kept_samples),
		cmocka_unit_test(test_kept_random),
		cmocka_unit_test(test_kept_new_lists),
		cmocka_unit_test(test_kept_long),
		cmocka_unit_test(test_kept_seams),
		cmocka_unit_test(test_kept_temporary),
	};

	g_setenv("SECLINT_CHECK_LITERALS", "1", TRUE);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
