// SPDX-License-Identifier: GPL-2.0-only
/*
 * Signals in a report's text that several content rules share: AI
 * assistance, automated-tool output, a reproducer.  Who the message is to
 * and whether it is a patch posting are routing questions (routing.c).
 * Each is a heuristic; the rules say so in their findings.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "address.h"
#include "context.h"
#include "facts.h"
#include "filetype.h"
#include "fixref.h"
#include "literals.h"
#include "matches.h"
#include "message.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "signals.h"
#include "text.h"

/* Longer "sentences" (no punctuation at all) are cut: it bounds the work. */
#define SENTENCE_MAX 300

/* The bounds of the sentence around [@start, @end) in @text. */
static void sentence_bounds(const char *text, gsize start, gsize end,
			    gsize *from, gsize *to)
{
	gsize len = end + strnlen(text + end, SENTENCE_MAX);
	gsize far = start > SENTENCE_MAX ? start - SENTENCE_MAX : 0;

	*from = start;
	while (*from > far && !strchr(".!?;", text[*from - 1]) &&
	       !(text[*from - 1] == '\n' && *from > 1 &&
		 text[*from - 2] == '\n'))
		(*from)--;
	*to = end;
	while (*to < len && !strchr(".!?;", text[*to]) &&
	       !(text[*to] == '\n' && text[*to + 1] == '\n'))
		(*to)++;
}

static const char negation[] =
	"(\\b(not|never|no|without|nor|neither|instead of|unable|cannot|"
	"failed to)\\b|n't\\b)";


/* Is a match preceded, in its sentence, by a negation ("did not use")? */
static gboolean negated(const char *text, gsize start, gsize end)
{
	gsize from, to;
	g_autofree char *before = NULL;

	sentence_bounds(text, start, end, &from, &to);
	if (start - from > 60)
		from = start - 60;
	before = g_strndup(text + from, start - from);
	return sl_regex_test(negation, G_REGEX_CASELESS, before);
}

char *sl_text_find_unnegated(GRegex *re, const char *text, char **sentence)
{
	g_autoptr(sl_matches) mi = sl_matches_new(re, text, -1, 0);

	while (sl_matches_next(mi)) {
		int start, end;
		gsize from, to;

		sl_matches_fetch_pos(mi, 0, &start, &end);
		if (negated(text, start, end))
			continue;
		if (sentence) {
			sentence_bounds(text, start, end, &from, &to);
			*sentence = g_strndup(text + from, to - from);
		}
		return sl_matches_fetch(mi, 0);
	}
	return NULL;
}

gboolean sl_pairs_admit(struct sl_facts *facts, const char *pattern,
			GRegexCompileFlags flags, const sl_word_pair *pairs,
			const char *text)
{
	for (; (*pairs)[0]; pairs++)
		if (sl_facts_literals_found(facts, text, (*pairs)[0]) &&
		    (!(*pairs)[1] ||
		     sl_facts_literals_found(facts, text, (*pairs)[1])))
			return TRUE;
	return !sl_regex_cannot_match(pattern, flags, text);
}

/* Tools and models that people name when they say AI helped; a name
 * followed by a surname ("Claude Martin") is a person. */
#define AI_NAME_LIST \
	"AI\\b|A\\.I\\.|LLMs?\\b|Claude|ChatGPT|GPT-?\\d|Gemini|Copilot|" \
	"Codex|DeepSeek|Llama|Mistral|Grok|(large )?language models?|" \
	"machine[- ]learning"
#define AI_NAMES \
	"(" AI_NAME_LIST ")(?!(?-i: (?!(Code|Opus|Sonnet|Haiku|Pro|Ultra|" \
	"Flash|Advanced)\\b)[A-Z][a-z]+))"

/*
 * Every branch of ai_found and ai_helped below has one of these names at
 * the start of a word (after \b or after white space), in any case: a
 * text without one matches neither, and most mail is spared compiling
 * and running the two (compiling them was an eighth of a one-message
 * run's instructions).
 * A name added to AI_HELPED_NAMES must be added here too.
 */
static const char ai_named[] = "(?i)\\b(" AI_NAME_LIST ")";
/* The words each match of ai_named holds, at a word's start
 * (rules/lib/literals.h); a name added to AI_NAME_LIST is added here. */
static const struct sl_guard ai_named_guard = {
	.has = (const char *const[]){
		"\\bai", "\\ba.i.", "\\bllm", "\\bclaude", "\\bchatgpt",
		"\\bgpt", "\\bgemini", "\\bcopilot", "\\bcodex",
		"\\bdeepseek", "\\bllama", "\\bmistral", "\\bgrok",
		"language model", "\\bmachine", NULL
	},
	.caseless = TRUE,
};

/* Saying that AI found the bug, in a few common phrasings. */
static const char ai_found[] =
	"(?i)\\b(found|discovered|identified|spotted|uncovered|detected|"
	"flagged|surfaced|located|caught)\\b[^.\\n]{0,40}?\\b(with|using|by|"
	"via|through|thanks to|with the help of)\\s+(an?\\s+|the\\s+|our\\s+|"
	"my\\s+|some\\s+)?([\\w-]+\\s+)?" AI_NAMES
	"|(?-i:\\b" AI_NAMES ")[\\w -]{0,20}\\b(found|flagged|discovered|"
	"identified|spotted|pointed out|reported)\\b"
	"|\\b(used|using|ran|running|run)\\s+(an?\\s+|the\\s+|our\\s+|my\\s+)?"
	"([\\w-]+\\s+)?(?-i:" AI_NAMES ")[^.\\n]{0,40}?\\b(find|found|audit\\w*|"
	"review\\w*|scan\\w*|analy[sz]\\w*|hunt\\w*|discover\\w*|identif\\w*|"
	"fuzz\\w*)\\b";

/* Weaker: AI is mentioned as help, not necessarily in finding the bug. */
/* Its names: each one of AI_NAME_LIST too (ai_named depends on it). */
#define AI_HELPED_NAMES "(AI|LLM|Claude|ChatGPT|Gemini|Copilot|Codex)"
static const char ai_helped[] =
	"(?i)\\b" AI_HELPED_NAMES "[- ](assisted|"
	"aided|powered|based|driven|generated|tool|agent|assistant)\\b|"
	"\\b(AI|LLM)\\b[\\w -]{0,25}\\b(agent|tool|scanner|model|assistant|"
	"system|pipeline)s?\\b|"
	"\\blarge language model|\\bwith the (help|assistance) of (an? )?"
	AI_HELPED_NAMES "\\b|"
	"\\b(generated|produced|created) (entirely |mostly )?by (an? )?"
	AI_HELPED_NAMES "\\b";

/* AI that only polished the English is not AI that found the bug. */
static const char writing_only[] =
	"(?i)\\b(writ(e|ing|ten)|wrote|translat\\w*|proofread\\w*|polish\\w*|"
	"phrasing|rephras\\w*|wording|grammar|spelling|English)\\b";

static const char assisted_by[] = "(?m)^Assisted-by:\\s*\\S+";
/* Its tag, as it is written (the pattern is case-sensitive): most prose
 * has none, and the pattern was tried at every line of it. */
static const struct sl_guard assisted_by_guard = {
	.has = (const char *const[]){ "Assisted-by:", NULL },
};


char *sl_text_ai_claim(struct sl_facts *facts, const struct sl_text *t,
		       enum sl_ai_claim *claim)
{
	char *hit;
	g_autofree char *sentence = NULL;

	*claim = SL_AI_CLAIM_NONE;
	if (!sl_guarded_test(facts, ai_named, 0, &ai_named_guard,
			     t->prose->str))
		goto trailer;
	hit = sl_text_find_unnegated(sl_regex_cached(ai_found, 0),
				     t->prose->str, NULL);
	if (hit) {
		*claim = SL_AI_CLAIM_FOUND;
		return hit;
	}
	hit = sl_text_find_unnegated(sl_regex_cached(ai_helped,
						     0), t->prose->str,
				     &sentence);
	if (hit && !sl_regex_test(writing_only, 0, sentence)) {
		*claim = SL_AI_CLAIM_HELPED;
		return hit;
	}
	g_free(hit);
trailer:
	if (!sl_guard_admits(facts, assisted_by, 0, &assisted_by_guard,
			     t->prose->str))
		return NULL;
	hit = sl_text_find_unnegated(sl_regex_cached(assisted_by,
						     0), t->prose->str, NULL);
	if (hit)
		*claim = SL_AI_CLAIM_TRAILER;
	return hit;
}

char *sl_text_ai_disclosure(struct sl_facts *facts, const struct sl_text *t,
			    gboolean *trailer_only)
{
	enum sl_ai_claim claim;
	char *hit = sl_text_ai_claim(facts, t, &claim);

	*trailer_only = claim == SL_AI_CLAIM_TRAILER;
	return hit;
}

/* The display name of an AI tool or model: the name, alone or with a
 * model's words or numbers ("Claude Opus 4.5", "GPT-5"); a name followed
 * by a surname is a person's (AI_NAMES). */
static const char agent_name[] =
	"(?i)^\\s*((GitHub|OpenAI|Anthropic|Google|Microsoft)[\\s_-]+)?"
	"(" AI_NAMES ")([\\s:/-]*(Code|Opus|Sonnet|Haiku|Pro|Ultra|"
	"Flash|Advanced|Agent|Assistant|Bot|[\\w.-]*\\d[\\w.-]*))*\\s*"
	"(\\([^)]*\\))?\\s*$";
/* Names among them that people bear too ("Claude <c.dupont@...>"). */
static const char person_too[] = "(?i)^\\s*(Claude|Gemini|Mistral|Llama)\\s*$";

/*
 * Could @name match agent_name?  Every match starts, after white space,
 * with a maker's name or with one of AI_NAME_LIST's: those first words,
 * in ASCII's case.  A name with a byte above ASCII is left to the
 * pattern, whose caseless UTF-8 matching folds the long s and the Kelvin
 * sign to s and k.  Spares most trailers compiling the pattern, a fifth
 * of a million instructions (a one-message run is some eight million).
 * A word added to AI_NAME_LIST or to the makers is added here.
 */
static gboolean may_be_agent_name(const char *name)
{
	static const char *const first[] = {
		"GitHub", "OpenAI", "Anthropic", "Google", "Microsoft",
		"AI", "A.I.", "LLM", "Claude", "ChatGPT", "GPT", "Gemini",
		"Copilot", "Codex", "DeepSeek", "Llama", "Mistral", "Grok",
		"large ", "language", "machine",
	};

	guchar c;

	if (!g_str_is_ascii(name))
		return TRUE;
	name += strspn(name, " \t\n\v\f\r");	/* \s */
	/* Most names share no first letter with any: no call for them.
	 * Each first[i] opens with a letter, which | 0x20 folds, and no
	 * other byte folds to a letter so. */
	c = (guchar)(*name | 0x20);
	for (gsize i = 0; i < G_N_ELEMENTS(first); i++)
		if ((guchar)(first[i][0] | 0x20) == c &&
		    !g_ascii_strncasecmp(name, first[i], strlen(first[i])))
			return TRUE;
	return FALSE;
}

static const struct sl_guard agent_name_guard = { .may = may_be_agent_name };

enum sl_agent_name sl_text_agent_name(const char *name)
{
	if (!name || !sl_guarded_test(NULL, agent_name, 0, &agent_name_guard,
				      name))
		return SL_AGENT_NAME_NO;
	return sl_regex_test(person_too, 0, name) ? SL_AGENT_NAME_MAYBE
						  : SL_AGENT_NAME_YES;
}

/* Lines only a bot writes: syzbot, the kernel test robot, scanners. */
static const char bot_lines[] =
	"^(syzbot (found|has found|has tested|was unable)|"
	"IMPORTANT: if you fix the issue|Reported-by: syzbot|"
	"This report is generated by a bot|"
	"syzbot engineers can be reached|syzbot will keep track|"
	"See https://goo\\.gl/tpsmEJ|If the (report|bug) is already|"
	"If you want syzbot to|If you want to (overwrite|undo|change)|"
	"If the report is a duplicate|For information about bisection|"
	"kernel test robot noticed|Reported-by: kernel test robot|"
	"Closes: https://lore\\.kernel\\.org/oe-(kbuild-all|lkp)/|"
	"All (warnings|errors) \\(new ones prefixed by >>\\)|"
	"(smatch|coccinelle|sparse|cppcheck) warnings:|\\*\\* CID \\d+|"
	"CID \\d+:|New defect\\(s\\) Reported-by: Coverity)";

/* A string and its length, for prefix tests. */
struct prefix {
	const char *s;
	guint8 len;
};
#define PREFIX(lit) { lit, sizeof(lit) - 1 }

/* Does @s start with one of the @n @list?  A first byte compared first:
 * most lines share it with none. */
static gboolean starts_with_any(const char *s, const struct prefix *list,
				gsize n)
{
	for (gsize i = 0; i < n; i++)
		if (list[i].s[0] == *s && !strncmp(s, list[i].s, list[i].len))
			return TRUE;
	return FALSE;
}

/*
 * May @line match bot_lines?  Each branch opens with one of these
 * (case-sensitive, as the pattern): most lines of prose open with a
 * byte the branches open with ("This", "If", "So"), few with the words.
 */
static gboolean may_be_bot_line(const char *line)
{
	/* syzbot's, the kernel test robot's, the scanners' */
	static const struct prefix starts[] = {
		PREFIX("syzbot "), PREFIX("IMPORTANT: "), PREFIX("Reported-by: "),
		PREFIX("This report "), PREFIX("See https://goo"),
		PREFIX("If the report "), PREFIX("If the bug "),
		PREFIX("If you want "), PREFIX("For information "),
		PREFIX("kernel test robot "), PREFIX("Closes: https://lore"),
		PREFIX("All warnings "), PREFIX("All errors "),
		PREFIX("smatch "), PREFIX("coccinelle "), PREFIX("sparse "),
		PREFIX("cppcheck "), PREFIX("** CID "), PREFIX("CID "),
		PREFIX("New defect"),
	};

	return starts_with_any(line, starts, G_N_ELEMENTS(starts));
}

static const struct sl_guard bot_lines_guard = { .may = may_be_bot_line };

/* Anywhere in a line: syzbot's dashboard and address.  (As "^.*..."
 * branches of bot_lines they scanned every line twice.)  A link alone is
 * no bot's text: a person's reply points at a syzbot report with it, so
 * it counts as the reports' boilerplate, not as a bot's own line. */
static const char bot_links[] =
	"\\bsyzkaller\\.appspot\\.com/|@syzkaller\\.appspotmail\\.com";
static const struct sl_guard bot_links_guard = {
	.has = (const char *const[]){ "syzkaller.appspot", NULL }
};

/* Generic keys and lines of those reports: no proof of a bot alone
 * ("kernel config: attached" is a human's too). */
static const char bot_boilerplate[] =
	"^(HEAD commit|git tree|console output|kernel config|dashboard link|"
	"syz repro|C reproducer|userspace arch|Downloadable assets|"
	"tree|head|commit|date|config|compiler|reproduce|base|branch|"
	"patch link|patch subject|vmlinux|disk image|kernel image|"
	"reproduce \\(this is a W=1 build\\)):|"
	"^\\S+\\.[ch]:\\d+(:\\d+)?:? (\\w+\\(\\) )?(warning|error|warn):? |"
	"^Fixes: |^Link: ";
/* And its rules and "#syz " commands: apart, so that the "---" of a
 * patch's message, which this matches, does not compile the pattern
 * above (most of the rule's cost in a hook's one-message process). */
static const char bot_rule_line[] = "^-+$|^[=~]+$|^#syz ";
static const struct sl_guard bot_rule_line_guard = { .first = "-=~#" };
/*
 * A colon and either a key's first byte or the file name's ".c:" or
 * ".h:": every branch ends in ':' or holds ".c:" or ".h:".  ("Signed-off-by:
 * A <a@b>" and a line of prose without a colon are turned away; the first
 * bytes alone let "Change ..." and "commit ..." through.)
 */
static gboolean may_be_boilerplate(const char *line)
{
	if (!strchr(line, ':'))
		return FALSE;
	return (*line && strchr("HgckdsCuDthrbpvFL", *line)) ||
	       strstr(line, ".c:") || strstr(line, ".h:");
}

static const struct sl_guard bot_boilerplate_guard = {
	.may = may_be_boilerplate
};

/* Greetings and sign-offs carry no analysis. */
static const char pleasantry[] =
	"(?i)^\\s*((hi|hello|hey|dear|thanks|thank you|regards|best|cheers|"
	"fyi|greetings)\\b[^.]{0,40}|[\\w.-]+( [\\w.-]+)?,?)\\s*[,.!]?\\s*$";

/*
 * May @line be a pleasantry?  Every match is the whole line (but a final
 * newline): a greeting (at most 9 printable ASCII bytes, "greetings"), up
 * to 40 characters and a punctuation mark, so at most 50 printable ASCII
 * bytes; or one or two words, a comma and a punctuation mark, in which
 * ASCII white space is followed by printable ASCII at most three times
 * (before the first word, the second, the mark).  A line of prose has
 * more of both.
 */
static gboolean may_be_pleasantry(const char *line)
{
	unsigned printable = 0, starts = 0;

	for (const char *p = line; *p; p++) {
		if (*p > ' ' && *p < 0x7f)
			printable++;
		if (strchr(" \t\n\v\f\r", *p) && p[1] > ' ' && p[1] < 0x7f)
			starts++;
	}
	return printable <= 50 || starts <= 3;
}

static const struct sl_guard pleasantry_guard = { .may = may_be_pleasantry };

struct bot_count {
	unsigned strong, boiler;
	GPtrArray *others;	/* prose lines neither: a human's or not */
};

/* Adds the lines of @lines to @n; the lines that are no bot's go to
 * n->others if @prose (a log excerpt has no human lines). */
static void count_bot_lines(char **lines, gboolean prose,
			    struct bot_count *n)
{
	for (char **l = lines; *l; l++) {
		const char *s = *l + strspn(*l, " \t");

		if (!*s)
			continue;
		if (sl_guarded_test(NULL, bot_lines, 0, &bot_lines_guard, s))
			n->strong++;
		else if (sl_guarded_test(NULL, bot_rule_line, 0,
					 &bot_rule_line_guard, s) ||
			 sl_guarded_test(NULL, bot_boilerplate, 0,
					 &bot_boilerplate_guard, s) ||
			 sl_guarded_test(NULL, bot_links, 0, &bot_links_guard, s))
			n->boiler++;
		else if (prose)
			g_ptr_array_add(n->others, (gpointer)s);
	}
}

/* The sender's own lines among n->others (no pleasantries), counted up
 * to @enough: the callers only compare the count with @enough or less. */
static unsigned human_lines(const struct bot_count *n, unsigned enough)
{
	unsigned human = 0;

	for (guint i = 0; i < n->others->len && human < enough; i++)
		if (!sl_guarded_test(NULL, pleasantry, 0, &pleasantry_guard,
				     n->others->pdata[i]))
			human++;
	return human;
}

/* The keys of a syzkaller crash report ("HEAD commit:", "syz repro:"),
 * which people who run syzkaller themselves copy. */
static const char syzkaller_keys[] =
	"(?im)^\\s*(HEAD commit|git tree|console output|kernel config|"
	"dashboard link|syz repro|C reproducer|compiler|userspace arch|"
	"Downloadable assets):";
static const struct sl_guard syzkaller_keys_guard = {
	.has = (const char *const[]){
		"head commit:", "git tree:", "console output:",
		"kernel config:", "dashboard link:", "syz repro:",
		"c reproducer:", "compiler:", "userspace arch:",
		"downloadable assets:", NULL
	},
	.caseless = TRUE,
};

/* A report in syzkaller's format: three of its keys or more. */
static gboolean syzkaller_format(struct sl_facts *facts,
				 const struct sl_text *t)
{
	return sl_guarded_count(facts, syzkaller_keys, 0,
				&syzkaller_keys_guard, t->prose->str) +
	       sl_guarded_count(facts, syzkaller_keys, 0,
				&syzkaller_keys_guard, t->log->str) >= 3;
}

/* Saying that a fuzzer or a public analyser found the bug. */
static const char tool_found[] =
	"(?i)\\b(using|used|with|by|via|from|running|ran|through)\\s+"
	"((a|an|the|our|my|modified|own|custom(i[sz]ed)?|local|"
	"[\\w-]+-based|(version|fork|variant) of)\\s+)*(syzkaller|syzbot|"
	"fuzz(er|ers|ing)|"
	"kernel fuzz\\w*|coccinelle|smatch|coverity)\\b"
	"|\\b(syzkaller|syzbot|fuzz(er|ing))\\b[^.\\n]{0,40}\\b(found|"
	"reported|triggered|hit|caught|discovered)\\b";

/* Each match of it names one of these tools (rules/lib/literals.h). */
static const char *const tool_found_words[] = {
	"syzkaller", "syzbot", "fuzz", "coccinelle", "smatch", "coverity",
	NULL
};

/* A tool nobody else can run: "our in-house fuzzer", "a private fuzzer",
 * "the fuzzer is not public yet". */
static const char private_tool[] =
	"(?i)\\b(in-house|internal|private|proprietary|closed[- ]source|"
	"unreleased|unpublished|non-public|our\\s+own)\\s+(?:[\\w-]+\\s+){0,2}?"
	"(fuzz\\w*|tool\\w*|scanner|analy[sz]er)\\b"
	"|\\b(fuzz(er|ers|ing)|tool)\\b[^.\\n]{0,40}\\bnot\\s+(yet\\s+)?"
	"(public(ly)?|released|available)\\b";

/*
 * A bug found with a tool anyone can run: the report is automated, is
 * in syzkaller's format, or says a fuzzer or analyser found it, and not
 * that the tool is its own ("our in-house fuzzer": the text's "widely
 * available automated vulnerability scanning tool that can be repeated
 * by anyone" it is not).  What the 2026 text counts as public already.
 * Returns why, or NULL.
 */
const char *sl_text_tool_finding(struct sl_facts *facts,
				 const struct sl_message *msg,
				 const struct sl_text *t)
{
	const char *why = sl_text_automated(facts, msg, t);
	g_autofree char *said = NULL;

	if (why)
		return why;
	if (syzkaller_format(facts, t))
		return "it is a crash report in syzkaller's format";
	if (sl_regex_ruled_out(facts, tool_found, 0, tool_found_words,
			       t->prose->str))
		return NULL;
	said = sl_text_find_unnegated(sl_regex_cached(tool_found, 0),
				      t->prose->str, NULL);
	if (!said || sl_regex_test(private_tool, 0, t->prose->str))
		return NULL;
	return "it says a fuzzer or analyser found the bug";
}

/*
 * Does automated-tool output dominate the report?  A bot sent it, or the
 * bot's lines outnumber the sender's own words (fewer than 4, or fewer
 * than 30% of the bot's lines), or a crash report in syzkaller's format
 * that a person ran and sent does, or several sanitizer reports follow
 * one another with almost no prose.  One trace with analysis is a
 * report, and so is a person's reply that links a syzbot report: links
 * count as the reports' boilerplate, not as a bot's own lines.
 */
const char *sl_text_automated(struct sl_facts *facts,
			      const struct sl_message *msg,
			      const struct sl_text *t)
{
	g_auto(GStrv) prose = NULL;
	g_auto(GStrv) log = NULL;
	g_autoptr(GPtrArray) others = NULL;
	struct bot_count n = { 0, 0, NULL };
	unsigned enough;

	if (sl_msg_from_bot(msg))
		return "the sender is a bot";
	prose = sl_split_lines(t->prose->str);
	log = sl_split_lines(t->log->str);
	n.others = others = g_ptr_array_new();
	count_bot_lines(prose, TRUE, &n);
	count_bot_lines(log, FALSE, &n);
	/* The sender's lines are counted only where asked, and only up to
	 * the most any question below needs (4 or more). */
	enough = MAX(4u, (n.strong + n.boiler) * 3 / 10);
	if (n.strong && human_lines(&n, enough) < enough)
		return "the bot's report text outweighs the sender's own "
		       "analysis";
	if (syzkaller_format(facts, t) && human_lines(&n, enough) < enough)
		return "a crash report in syzkaller's format outweighs the "
		       "sender's own analysis";
	if (t->log_reports > 3 && human_lines(&n, enough) < 3)
		return "several sanitizer reports follow one another with no "
		       "analysis";
	return NULL;
}

/*
 * Reproducer content: a program, commands, steps, a link to one.  A
 * pattern with a "^" branch among others has no start set for PCRE2 (it
 * is tried at every byte): those are kept apart, and "(^|\\s)" is
 * "(?<!\\S)".  Beside a pattern, strings one of which every match of it
 * holds (the patterns are case-sensitive): a text without any is spared
 * compiling and running the pattern, which most posts, with no program or
 * command in them, were not (see has() and holds_match()).
 */
static const char repro_main[] = "\\b(int|void)\\s+main\\s*\\(";
static const char *const repro_main_has[] = { "main", NULL };
static const char repro_shebang[] = "(?m)^\\s*#!\\s*/(usr/)?bin/";
static const char *const repro_shebang_has[] = { "#!", NULL };
static const char repro_shell[] = "(?m)^\\s*[$#] \\S";
static const char repro_steps[] =
	"(?im)^\\s*((steps|how) to reproduce|to reproduce( it| this)?|"
	"reproduction( steps)?|reproducer|repro|poc|proof of concept)"
	"( \\([^)]*\\))?\\s*:|^\\s*(\\d+[.)]|[-*])\\s+(run|build|compile|"
	"boot|mount|load|open|create|execute|start|insmod|modprobe|trigger|"
	"call|send|write|echo|unshare|close|mmap)\\b";
/* Running a program of one's own or a setup command, in the prose. */
static const char repro_run[] = "(?<!\\S)\\./[\\w.-]+";
static const char *const repro_run_has[] = { "./", NULL };
/* A setup command on a line of its own: the command alone, or with an
 * option, a path or a file name after it ("mount -o loop x.img /mnt"),
 * not wrapped prose that starts with the word ("mount it, then ..."). */
static const char repro_command[] =
	"(?m)^\\s*(gcc|clang|make|insmod|modprobe|mount|unshare|ip link|"
	"tc qdisc)(\\s*$|[^\\n]*?\\s(-[\\w-]|\\S*/|\\S+\\.(ko|c|img|o|sh)\\b))|"
	"^\\s*echo .* > */(proc|sys)\\b";
static const char repro_link[] =
	"(?m)^\\s*(syz repro|C reproducer):\\s*https?://";
static const char *const repro_link_has[] = { "syz repro", "C reproducer",
					      NULL };

/*
 * What a "(?m)^\\s*..." pattern can match at the first byte of a line
 * that is no white space: one of @words (ASCII, lower-case with
 * @caseless) or, with @items, a list item: ASCII digits and '.' or ')',
 * or a '-' or '*', then white space and one of @items.
 */
struct line_words {
	const char *const *words;
	const char *const *items;
	gboolean caseless;
};

/* Does @p start with @word, or may it (caseless, a byte above ASCII may
 * be the long s or the Kelvin sign)? */
static gboolean opens_with(const guchar *p, const char *word,
			   gboolean caseless)
{
	for (; *word; word++, p++) {
		if (caseless && *p >= 0x80)
			return TRUE;
		if ((caseless ? (guchar)g_ascii_tolower(*p) : *p) !=
		    (guchar)*word)
			return FALSE;
	}
	return TRUE;
}

/* ASCII's \s; a byte above it may be a Unicode space (UCP). */
static gboolean is_space(guchar c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	       c == '\f' || c == '\r';
}

static gboolean opens_one(const guchar *p, const char *const *words,
			  gboolean caseless)
{
	/* @p is ASCII: a word whose first byte differs is not compared */
	guchar c = caseless && *p >= 'A' && *p <= 'Z' ? *p + 0x20 : *p;

	for (; words && *words; words++)
		if ((guchar)**words == c && opens_with(p, *words, caseless))
			return TRUE;
	return FALSE;
}

/* May a match start at @p, a line's first byte that is no white space? */
static gboolean line_opens(const guchar *p, const struct line_words *lw)
{
	if (*p >= 0x80 || opens_one(p, lw->words, lw->caseless))
		return TRUE;
	if (!lw->items)
		return FALSE;
	if (g_ascii_isdigit(*p)) {
		while (g_ascii_isdigit(*p))
			p++;
		if (*p >= 0x80)		/* a digit of another script */
			return TRUE;
		if (*p != '.' && *p != ')')
			return FALSE;
	} else if (*p != '-' && *p != '*') {
		return FALSE;
	}
	p++;
	if (*p < 0x80 && !is_space(*p))
		return FALSE;
	while (is_space(*p))
		p++;
	return *p >= 0x80 || opens_one(p, lw->items, lw->caseless);
}

/* The line patterns of a reproducer (below) that may match a text. */
enum { MAY_SHELL = 1, MAY_STEPS = 2, MAY_COMMAND = 4, MAY_ALL = 7 };

static const char *const steps_words[] = {
	"steps to reproduce", "how to reproduce", "to reproduce", "repro",
	"poc", "proof of concept", NULL
};
static const char *const steps_items[] = {
	"run", "build", "compile", "boot", "mount", "load", "open", "create",
	"execute", "start", "insmod", "modprobe", "trigger", "call", "send",
	"write", "echo", "unshare", "close", "mmap", NULL
};
static const char *const command_words[] = {
	"gcc", "clang", "make", "insmod", "modprobe", "mount", "unshare",
	"ip link", "tc qdisc", "echo ", NULL
};
static const char *const shell_words[] = { "$ ", "# ", NULL };

/*
 * Where repro_shell, repro_steps and repro_command may match: each opens
 * a line, and most prose has no such line, while PCRE2 tried each at
 * every line start (with a UTF-8 check of the whole prose per pattern).
 * One pass: their "^" follows any line break of PCRE2's NEWLINE_ANY
 * ("\n", "\r", "\v", "\f", NEL, LS, PS), and their \s (UCP) matches
 * Unicode spaces, so a break above ASCII says "maybe" for all, and so
 * does such a byte among a line's first white space (line_opens()).  The
 * \s* may run over line breaks, to the first byte of a later line that
 * is no space: that line is read from its own start too.  So each line
 * is read up to its first byte that is no space, and past it for its
 * break.  A word added to a pattern is added to its list above.
 */
static unsigned repro_lines(const char *text)
{
	static const struct line_words steps = { steps_words, steps_items,
						  TRUE };
	static const struct line_words command = { command_words, NULL,
						    FALSE };
	static const struct line_words shell = { shell_words, NULL, FALSE };
	const guchar *p = (const guchar *)text;
	unsigned may = 0;

	for (;;) {
		while (is_space(*p))
			p++;
		if (!*p)
			return may;
		if (*p >= 0x80)
			return MAY_ALL;
		if (!(may & MAY_SHELL) && line_opens(p, &shell))
			may |= MAY_SHELL;
		if (!(may & MAY_STEPS) && line_opens(p, &steps))
			may |= MAY_STEPS;
		if (!(may & MAY_COMMAND) && line_opens(p, &command))
			may |= MAY_COMMAND;
		if (may == MAY_ALL)
			return may;
		/* on to the line's break: an ASCII one, or the first byte
		 * of NEL (C2 85), LS or PS (E2 80 A8, A9) */
		for (;; p++) {
			p += strcspn((const char *)p, "\n\r\v\f\xc2\xe2");
			if (!*p)
				return may;
			if (*p < 0x80)
				break;
			if ((p[0] == 0xc2 && p[1] == 0x85) ||
			    (p[0] == 0xe2 && p[1] == 0x80 &&
			     (p[2] == 0xa8 || p[2] == 0xa9)))
				return MAY_ALL;
		}
	}
}

/* sl_regex_test() and sl_regex_count() of a line pattern that @may match
 * (repro_lines()); with SECLINT_CHECK_LITERALS=1 one that may not is
 * matched all the same, and a match aborts. */
static gboolean line_test(const char *pattern, unsigned may,
			  const char *text)
{
	return may ? sl_regex_test(pattern, 0, text)
		   : !sl_regex_cannot_match(pattern, 0, text);
}

static unsigned line_count(const char *pattern, unsigned may,
			   const char *text)
{
	return may ? sl_regex_count(pattern, 0, text)
		   : !sl_regex_cannot_match(pattern, 0, text);
}

/* Does @text hold one of @strings (a pattern's, above)? */
static gboolean has(const char *text, const char *const *strings)
{
	for (; *strings; strings++)
		if (strstr(text, *strings))
			return TRUE;
	return FALSE;
}

/* sl_regex_test() of @pattern, asked only of a text that holds one of
 * @strings, those every match of it holds; with SECLINT_CHECK_LITERALS=1
 * a text without any is matched all the same, and a match aborts. */
static gboolean holds_match(const char *text, const char *pattern,
			    const char *const *strings)
{
	return has(text, strings) ? sl_regex_test(pattern, 0, text)
				  : !sl_regex_cannot_match(pattern, 0, text);
}

/* Only a mention: "a reproducer is available on request". */
static const char repro_word[] =
	"(?i)\\b(reproducers?|repro|poc|proof[- ]of[- ]concept|exploit|"
	"syz-repro|reproduc(e|ed|es|ible|ibly|tion))\\b|\\bto trigger\\b|"
	"\\btrigger(s|ed)? (it|this|the (bug|crash|issue|warning))\\b";
static const char repro_ext[] =
	"\\.(img|qcow2|iso|zip|tgz|tar|tar\\.gz|tar\\.xz)$";


/* Source: by its name, its type, or a member of an archive. */
static gboolean is_source_part(const struct sl_part *p)
{
	return sl_filetype_source_name(p->filename) ||
	       g_str_has_prefix(p->type, "text/x-c") ||
	       strstr(p->type, "shellscript") || strstr(p->type, "python") ||
	       sl_filetype_archive_source(p);
}

static const struct sl_part *repro_attachment(const struct sl_message *msg,
					      gboolean source_only)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (!sl_part_is_attachment(p))
			continue;
		if (is_source_part(p) ||
		    (!source_only && p->filename &&
		     sl_regex_test(repro_ext, G_REGEX_CASELESS,
				   p->filename)))
			return p;
	}
	return NULL;
}

static gboolean has_program(const char *prose)
{
	return holds_match(prose, repro_main, repro_main_has) ||
	       holds_match(prose, repro_shebang, repro_shebang_has);
}

gboolean sl_text_has_source_reproducer(const struct sl_message *msg,
				       const struct sl_text *t)
{
	return has_program(t->prose->str) ||
	       repro_attachment(msg, TRUE) != NULL;
}

/* The kinds sl_text_reproducer() tells, by their index in facts' memo
 * (below); a kind is always one of these strings. */
enum {
	REPRO_NONE, REPRO_PROGRAM, REPRO_SHELL, REPRO_STEPS, REPRO_COMMANDS,
	REPRO_LINK, REPRO_ATTACHED, REPRO_KINDS
};
static const char *const repro_kinds[REPRO_KINDS] = {
	[REPRO_NONE] = NULL,
	[REPRO_PROGRAM] = "an inline program",
	[REPRO_SHELL] = "shell commands",
	[REPRO_STEPS] = "reproduction steps",
	[REPRO_COMMANDS] = "commands to run",
	[REPRO_LINK] = "a link to a reproducer",
	[REPRO_ATTACHED] = "an attached reproducer",
};
static const char repro_mentioned[] = "a mention of a reproducer";

/* The reproducer @t and @msg carry (sl_text_reproducer() with
 * @content_only), its index in repro_kinds. */
static guint repro_content(const struct sl_message *msg,
			   const struct sl_text *t)
{
	const char *prose = t->prose->str;
	unsigned may;

	if (has_program(prose))
		return REPRO_PROGRAM;
	may = repro_lines(prose);
	if (line_count(repro_shell, may & MAY_SHELL, prose) >= 2)
		return REPRO_SHELL;
	if (line_test(repro_steps, may & MAY_STEPS, prose))
		return REPRO_STEPS;
	if (holds_match(prose, repro_run, repro_run_has) ||
	    line_test(repro_command, may & MAY_COMMAND, prose))
		return REPRO_COMMANDS;
	if (holds_match(t->log->str, repro_link, repro_link_has) ||
	    holds_match(prose, repro_link, repro_link_has))
		return REPRO_LINK;
	if (repro_attachment(msg, FALSE))
		return REPRO_ATTACHED;
	return REPRO_NONE;
}

/* A mention of a reproducer in @t's prose, not negated, or NULL. */
static const char *repro_mention(const struct sl_text *t)
{
	g_autofree char *mention = sl_text_find_unnegated(
		sl_regex_cached(repro_word, 0), t->prose->str, NULL);

	return mention ? repro_mentioned : NULL;
}

const char *sl_text_reproducer(const struct sl_message *msg,
			       const struct sl_text *t, gboolean content_only)
{
	const char *kind = repro_kinds[repro_content(msg, t)];

	return kind || content_only ? kind : repro_mention(t);
}

/*
 * The answers of sl_text_reproducer() for the facts' own text, kept for
 * the message: ai-public-reproducer asks it of every message to a public
 * list, report-missing-reproducer of a report, and its patterns read the
 * whole prose each time (400 K instructions on a long report).  Kept
 * only for the text sl_facts_text() made and the facts' message, which
 * the facts hold unchanged until they are cleared: no other text or
 * message is answered from the slot.  The slot holds no allocation: its
 * data is the bits below, with the kind's index in repro_kinds.
 * SECLINT_CHECK_LITERALS=1 reads the text anew all the same and aborts on
 * a difference.
 */
enum {
	REPRO_CONTENT_KNOWN = 1,
	REPRO_MENTION_KNOWN = 2,
	REPRO_MENTION = 4,
	REPRO_KIND_SHIFT = 3,	/* the kind's index, above the flags */
};

static const char repro_key;

const char *sl_facts_reproducer(struct sl_facts *facts,
				const struct sl_message *msg,
				const struct sl_text *t, gboolean content_only)
{
	struct sl_facts_slot *s;
	guint bits;
	const char *kind;

	if (!facts || !msg || msg != facts->msg || t != sl_facts_text(facts))
		return sl_text_reproducer(msg, t, content_only);
	s = sl_facts_slot(facts, &repro_key);
	bits = GPOINTER_TO_UINT(s->data);
	if (!(bits & REPRO_CONTENT_KNOWN))
		bits |= REPRO_CONTENT_KNOWN |
			repro_content(msg, t) << REPRO_KIND_SHIFT;
	kind = repro_kinds[bits >> REPRO_KIND_SHIFT];
	if (!kind && !content_only) {
		if (!(bits & REPRO_MENTION_KNOWN))
			bits |= REPRO_MENTION_KNOWN |
				(repro_mention(t) ? REPRO_MENTION : 0);
		kind = bits & REPRO_MENTION ? repro_mentioned : NULL;
	}
	sl_facts_fill(s, GUINT_TO_POINTER(bits), NULL);
	if (sl_literals_checking()) {
		const char *anew = sl_text_reproducer(msg, t, content_only);

		if (g_strcmp0(kind, anew))
			g_error("seclint: the reproducer kept of a message "
				"says %s, its text read anew %s",
				kind ? kind : "none", anew ? anew : "none");
	}
	return kind;
}

/* A reproducer's status in any sense, negated too: "no reproducer could
 * be produced" says what became of it, and so do "not tested at
 * runtime", "found by code review only", "no hardware to test on" and
 * "crashes reliably". */
static const char repro_untested[] =
	"(?i)\\b(not|never|wasn't|was not|haven't|have not|unable to|could "
	"not|couldn't|cannot|can't|did not|didn't)\\s+"
	"(been\\s+|yet\\s+|be\\s+)?"
	"(tested|verified|confirmed|triggered|run|reproduced|exercised)\\b|"
	"\\b(untested|static analysis only|(code|source) (review|inspection|"
	"reading) only|only (by|through|with) (code |source )?(review|"
	"inspection|reading|static analysis))\\b|"
	"\\b(no|don't have|do not have|without)( the| any)? hardware\\b|"
	"\\b(reliabl[ey]|deterministic(ally)?|every time)\\b";

const char *sl_text_reproducer_status(const struct sl_message *msg,
				      const struct sl_text *t)
{
	const char *kind = sl_text_reproducer(msg, t, TRUE);

	if (kind)
		return kind;
	if (sl_regex_test(repro_word, 0, t->prose->str))
		return "a word on the reproducer";
	if (sl_regex_test(repro_untested, 0, t->prose->str))
		return "a word on what was not tested";
	return NULL;
}

/*
 * Anything that tells which kernels were looked at: a version number
 * ("6.9.1", "v6.8-rc3", "Not tainted 6.9.0"), a tree ("mainline",
 * "linux-next", "next-20260501"), a distribution release ("Debian 12"), a
 * commit id near "commit", "at" or "HEAD", or where the bug came from
 * ("since", "introduced in/by").
 */
static const char version_signal[] =
	"(?i)\\bv?[2-7]\\.(\\d{1,2}|x)(\\.\\d{1,3})?(-rc\\d+)?\\b|"
	"\\b(Debian|Ubuntu|Fedora|RHEL|CentOS|Rocky|AlmaLinux|openSUSE|SLES|"
	"Android|ChromeOS)\\s+\\d+|"
	"\\bLinux version\\b|\\buname -r\\b|\\bmainline\\b|\\blinux-next\\b|"
	"\\bnext-20\\d{6}\\b|\\b(torvalds|stable)/linux|"
	"\\b(commit|at|HEAD|tree|tip)\\b[^\\n]{0,20}\\b[0-9a-f]{12,40}\\b|"
	"\\b[0-9a-f]{12,40}\\b[^\\n]{0,4}\\(\"|\\bintroduced (in|by|with)\\b|"
	"\\bsince (commit|v?\\d)\\b|^Fixes: [0-9a-f]{8,}";

/* An attachment named for the version it is for ("...-4.19.patch",
 * "config-6.9.1"). */
static gboolean attachment_names_version(const struct sl_message *msg,
					 GRegex *re)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (sl_part_is_attachment(p) && p->filename &&
		    sl_regex_matches(re, p->filename, 0))
			return TRUE;
	}
	return FALSE;
}

gboolean sl_text_names_version(const struct sl_message *msg,
			       const struct sl_text *t)
{
	GRegex *re = sl_regex_cached(version_signal, G_REGEX_MULTILINE);

	return (msg->subject && sl_regex_matches(re, msg->subject, 0)) ||
	       sl_regex_matches(re, t->prose->str, 0) ||
	       sl_regex_matches(re, t->log->str, 0) ||
	       attachment_names_version(msg, re);
}



/* A public question whether a pattern in the code matters. */
static const char asks_if_it_matters[] =
	"(?i)\\b(do|should) we (really )?(care|worry|bother)\\b[^?\\n]{0,60}\\?";
/* The security team passing on what it received there. */
static const char relays_a_report[] =
	"(?i)\\bwe(('ve| have)| had)? (received|got) (a|an|the|this|several)"
	"\\b[^.]{0,60}\\breports?\\b[^.]{0,40}\\b(security\\s+(list|team)|"
	"security@)";

const char *sl_text_not_own_finding(const struct sl_text *t)
{
	if (sl_regex_test(asks_if_it_matters, 0, t->prose->str))
		return "it asks whether the code it shows matters";
	if (sl_regex_test(relays_a_report, 0, t->prose->str))
		return "it passes on a report its sender received";
	return NULL;
}

/* What in the message shows the issue public (a fix upstream or linked, a
 * public commit, a CVE said to be published): why, or NULL. */
char *sl_check_public_artefact(struct sl_check *c, const char *own)
{
	char *found = sl_check_fix_upstream(c, own);
	g_autofree char *flat = NULL;
	char *why;

	if (found)
		return found;
	if ((found = sl_text_public_fix_link(own))) {
		why = g_strdup_printf("it links to a public patch or commit, "
				      "%s", found);
		g_free(found);
		return why;
	}
	/* Any project's fix in a public repository (GitHub, GitLab, cgit,
	 * gitweb): for userland software this is the usual artefact.  The
	 * paragraph is one line here, so "see also" before a wrapped URL
	 * still marks it as context. */
	flat = sl_text_unwrap(own);
	if ((found = sl_regex_find_outside_context(
		     flat, "https?://\\S+?/(?:-/)?commit(?:s)?(?:/|/?\\?id=|;h=)"
		     "[0-9a-f]{7,40}\\S*", 0))) {
		why = g_strdup_printf("it links to a public commit, %s", found);
		g_free(found);
		return why;
	}
	if (sl_regex_match_simple("\\bCVE-[0-9]{4}-[0-9]{4,}\\b[^.\\n]{0,60}"
				 "\\b(?:was|is|has been) (?:already )?"
				 "(?:published|public|disclosed)\\b", own,
				 G_REGEX_CASELESS, 0))
		return g_strdup("it says the CVE is already published");
	return NULL;
}
