// SPDX-License-Identifier: GPL-2.0-only
/*
 * What an attachment is, by its content (its first bytes) whatever its
 * label says, and an archive by its members (lint/mail/archive-list.c lists
 * them): the one classifier of the attachment rules.  Text and documents
 * could be in the message; data that cannot (a file-system image, a binary
 * input file), a kernel .config and a program are the document's "where
 * possible".
 */
#include <string.h>

#include "filetype.h"
#include "message.h"
#include "regex-cache.h"

static gboolean has(const guint8 *b, gsize n, gsize at, const void *magic,
		    gsize len)
{
	return n >= at + len && !memcmp(b + at, magic, len);
}

static gboolean contains(const guint8 *b, gsize n, const char *s)
{
	gsize len = strlen(s);

	for (gsize i = 0; i + len <= n; i++)
		if (b[i] == (guint8)*s && !memcmp(b + i, s, len))
			return TRUE;
	return FALSE;
}

#define OFFICE "an office document (OOXML or OpenDocument)"

/* A document or a picture by its magic, or NULL. */
static const char *document_kind(const guint8 *b, gsize n,
				 enum sl_file_kind *kind)
{
	*kind = SL_FILE_DOCUMENT;
	if (has(b, n, 0, "%PDF-", 5))
		return "a PDF document";
	if (has(b, n, 0, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 8))
		return "an office document (OLE)";
	if (has(b, n, 0, "{\\rtf", 5))
		return "an RTF document";
	if (has(b, n, 0, "PK\x03\x04", 4) &&
	    (contains(b, n, "[Content_Types].xml") || contains(b, n, "word/") ||
	     contains(b, n, "xl/") || contains(b, n, "ppt/") ||
	     contains(b, n, "application/vnd.oasis.opendocument")))
		return OFFICE;
	*kind = SL_FILE_IMAGE;
	if (has(b, n, 0, "\x89PNG\r\n\x1a\n", 8))
		return "a PNG image";
	if (has(b, n, 0, "\xff\xd8\xff", 3))
		return "a JPEG image";
	if (has(b, n, 0, "GIF87a", 6) || has(b, n, 0, "GIF89a", 6))
		return "a GIF image";
	if (has(b, n, 0, "RIFF", 4) && has(b, n, 8, "WEBP", 4))
		return "a WebP image";
	if (has(b, n, 0, "II*\0", 4) || has(b, n, 0, "MM\0*", 4))
		return "a TIFF image";
	if (has(b, n, 4, "ftypheic", 8) || has(b, n, 4, "ftypavif", 8))
		return "an HEIF image";
	if (has(b, n, 0, "BM", 2) && n >= 26 && b[14] >= 12 && !b[15] &&
	    !b[16] && !b[17])
		return "a BMP image";
	*kind = SL_FILE_NONE;
	return NULL;
}

/*
 * Text: no NUL, few control characters, and UTF-8 (a sequence cut at the
 * end of the head allowed) or mostly ASCII (Latin-1 and the like).
 */
static gboolean is_text(const guint8 *b, gsize n)
{
	gsize ctl = 0, high = 0;
	const char *end;

	for (gsize i = 0; i < n; i++) {
		if (!b[i])
			return FALSE;
		if ((b[i] < 0x20 && !strchr("\t\n\r\f\v\033", b[i])) ||
		    b[i] == 0x7f)
			ctl++;
		high += b[i] >= 0x80;
	}
	if (ctl * 100 > n)
		return FALSE;
	if (g_utf8_validate((const char *)b, (gssize)n, &end) ||
	    (gsize)(end - (const char *)b) + 4 > n)
		return TRUE;
	return high * 10 < n * 3;
}

/* OpenPGP binary public key: packet tag 6, old or new format, v3 to v6. */
static gboolean is_binary_public_key(const guint8 *b, gsize n)
{
	gsize at;

	if (n < 8)
		return FALSE;
	switch (b[0]) {
	case 0x98: at = 2; break;
	case 0x99: at = 3; break;
	case 0x9a: at = 5; break;
	case 0xc6: at = b[1] < 192 ? 2 : b[1] < 224 ? 3 : b[1] == 255 ? 6 : 0;
		break;
	default: return FALSE;
	}
	return at && at < n && b[at] >= 3 && b[at] <= 6;
}

/*
 * One armoured block of @kind ("PUBLIC KEY BLOCK", "SIGNATURE"), whole in
 * the head, nothing around it but white space, nothing in it but armour.
 */
static gboolean is_one_armor_block(const struct sl_part *p, const char *kind)
{
	gsize n;
	const char *data = g_bytes_get_data(p->head, &n);
	g_autofree char *text = NULL;
	g_autofree char *begin = g_strdup_printf("-----BEGIN PGP %s-----", kind);
	g_autofree char *end = g_strdup_printf("-----END PGP %s-----", kind);
	g_auto(GStrv) lines = NULL;
	gboolean in_headers = TRUE;

	/* Not whole in the head (lint/mail/message.c reads 64 KiB of these). */
	if (memchr(data, 0, n) || n >= 65536)
		return FALSE;
	text = g_strstrip(g_strndup(data, n));
	if (strlen(text) < strlen(begin) + strlen(end) ||
	    !g_str_has_prefix(text, begin) || !g_str_has_suffix(text, end))
		return FALSE;
	text[strlen(text) - strlen(end)] = '\0';
	lines = g_strsplit(text + strlen(begin), "\n", -1);
	for (char **l = lines; *l; l++) {
		g_strstrip(*l);
		if (in_headers && sl_regex_match_simple("^[A-Za-z-]+: ", *l, 0, 0))
			continue;
		in_headers = FALSE;
		if (**l && !sl_regex_match_simple("^=?[A-Za-z0-9+/]+=*$", *l,
						 0, 0))
			return FALSE;
	}
	return TRUE;
}

/* A kernel configuration: its lines CONFIG_X=... or "# CONFIG_X is not
 * set", comments and blank lines only (the head of a long one). */
static gboolean is_kernel_config(const guint8 *b, gsize n)
{
	g_autofree char *text = g_strndup((const char *)b, n);
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
	guint config = 0, other = 0, total = g_strv_length(lines);

	for (guint i = 0; i < total; i++) {
		const char *l = lines[i];

		/* The last line of a head may be cut. */
		if (i + 1 == total && n >= 4096)
			break;
		if (sl_regex_match_simple("^(CONFIG_[A-Za-z0-9_]+=.*|"
					  "# CONFIG_[A-Za-z0-9_]+ is not set)"
					  "\\s*$", l, 0, 0))
			config++;
		else if (*l && *l != '#' && !sl_regex_match_simple("^\\s*$", l,
								0, 0))
			other++;
	}
	return config >= 3 && other == 0;
}

static const char patch_name[] = "\\.(patch|diff)$";

static gboolean is_patch(const char *name, const guint8 *b, gsize n)
{
	g_autofree char *text = g_strndup((const char *)b, n);

	return (name && sl_regex_match_simple(patch_name, name,
					      G_REGEX_CASELESS, 0)) ||
	       sl_regex_match_simple("(?m)^(diff --git |--- a/|\\+\\+\\+ b/|"
				     "@@ -\\d+(,\\d+)? \\+\\d+)", text, 0, 0);
}

const char *sl_filetype_executable(const guint8 *b, gsize n)
{
	static const guint8 macho[][4] = {
		{ 0xfe, 0xed, 0xfa, 0xce }, { 0xfe, 0xed, 0xfa, 0xcf },
		{ 0xce, 0xfa, 0xed, 0xfe }, { 0xcf, 0xfa, 0xed, 0xfe },
		{ 0xca, 0xfe, 0xba, 0xbe },
	};

	if (!b)
		return NULL;
	if (n >= 4 && !memcmp(b, "\x7f" "ELF", 4))
		return "an ELF executable";
	if (n >= 2 && !memcmp(b, "MZ", 2)) {
		gsize pe = n >= 0x40 ? b[0x3c] | b[0x3d] << 8 : 0;

		if (pe && pe + 4 <= n && !memcmp(b + pe, "PE\0\0", 4))
			return "a Windows PE executable";
	}
	for (size_t i = 0; i < G_N_ELEMENTS(macho); i++)
		if (n >= 4 && !memcmp(b, macho[i], 4))
			return "a Mach-O executable";
	if (n >= 2 && !memcmp(b, "#!", 2) && memchr(b, '\0', n))
		return "a script with binary content";
	return NULL;
}

struct sl_filetype sl_filetype_of_bytes(const char *name, const guint8 *b,
					gsize n)
{
	struct sl_filetype v = { SL_FILE_NONE, NULL, NULL };

	if ((v.what = document_kind(b, n, &v.kind)))
		return v;
	if ((v.what = sl_filetype_executable(b, n))) {
		v.kind = SL_FILE_PROGRAM;
		return v;
	}
	if (is_text(b, n)) {
		if (is_kernel_config(b, n))
			return (struct sl_filetype){ SL_FILE_CONFIG,
						     "a kernel configuration",
						     NULL };
		if (is_patch(name, b, n))
			return (struct sl_filetype){ SL_FILE_PATCH, "a patch",
						     NULL };
		return (struct sl_filetype){ SL_FILE_TEXT, "text", NULL };
	}
	return (struct sl_filetype){ SL_FILE_DATA, "binary data", NULL };
}

/* ---- archives ---- */

/* Source for a reproducer, by its name. */
static const char source_name[] = "\\.(c|cc|cpp|sh|bash|py|pl|rs|go|syz)$";

/* What a member without its bytes (encrypted, or packed in a way
 * lint/mail/archive-list.c does not unpack) is, by its name. */
static struct sl_filetype by_name(const char *name)
{
	static const struct {
		const char *pattern;
		enum sl_file_kind kind;
		const char *what;
	} names[] = {
		{ patch_name, SL_FILE_PATCH, "a patch" },
		{ "\\.(c|cc|cpp|cxx|h|hpp|s|sh|bash|py|pl|rb|rs|go|syz|js|txt|"
		  "md|rst|log|json|ya?ml|xml|csv)$|(^|/)(Makefile|Kconfig|"
		  "README)[^/]*$", SL_FILE_TEXT, "text" },
		{ "\\.(pdf|docx?|odt|rtf|pptx?|xlsx?|od[ps])$",
		  SL_FILE_DOCUMENT, "a document" },
		{ "\\.(png|jpe?g|gif|webp|bmp|tiff?|heic)$", SL_FILE_IMAGE,
		  "an image" },
		{ "(^|/)(\\.config|config|[\\w-]*defconfig)$", SL_FILE_CONFIG,
		  "a kernel configuration" },
	};

	for (gsize i = 0; i < G_N_ELEMENTS(names); i++)
		if (sl_regex_match_simple(names[i].pattern, name,
					  G_REGEX_CASELESS, 0))
			return (struct sl_filetype){ names[i].kind,
						     names[i].what, NULL };
	return (struct sl_filetype){ SL_FILE_DATA, "data", NULL };
}

static struct sl_filetype of_member(const struct sl_archive_member *m)
{
	gsize n = 0;
	const guint8 *b = m->head ? g_bytes_get_data(m->head, &n) : NULL;
	struct sl_filetype v;

	if (!m->head)
		v = by_name(m->name);
	else if (n >= 262 && has(b, n, 257, "ustar", 5))
		v = (struct sl_filetype){ SL_FILE_ARCHIVE, "an archive", NULL };
	else if (!n)
		v = (struct sl_filetype){ SL_FILE_DATA, "an empty file", NULL };
	else
		v = sl_filetype_of_bytes(m->name, b, n);
	v.member = m;
	return v;
}

/* An office document is a zip: its members say so. */
static gboolean is_office(const struct sl_archive *a)
{
	for (guint i = 0; i < a->members->len; i++) {
		const struct sl_archive_member *m = a->members->pdata[i];
		gsize n = 0;
		const guint8 *b = m->head ? g_bytes_get_data(m->head, &n) : NULL;

		if (!strcmp(m->name, "[Content_Types].xml") ||
		    (!strcmp(m->name, "mimetype") && b &&
		     has(b, n, 0, "application/vnd.oasis.opendocument", 34)))
			return TRUE;
	}
	return FALSE;
}

/* The member that matters most: one that could be in the message, else
 * a program, else the first; an archive not read whole counts as one
 * seclint cannot see into. */
static struct sl_filetype of_archive(const struct sl_archive *a)
{
	struct sl_filetype program = { SL_FILE_NONE, NULL, NULL };
	struct sl_filetype first = { SL_FILE_NONE, NULL, NULL };

	if (!strcmp(a->format, "zip") && is_office(a))
		return (struct sl_filetype){ SL_FILE_DOCUMENT, OFFICE, NULL };
	for (guint i = 0; i < a->members->len; i++) {
		struct sl_filetype v = of_member(a->members->pdata[i]);

		if (sl_file_kind_avoidable(v.kind))
			return v;
		if (v.kind == SL_FILE_PROGRAM && !program.what)
			program = v;
		if (!first.what)
			first = v;
	}
	if (program.what)
		return program;
	if (a->cut)
		return (struct sl_filetype){ SL_FILE_ARCHIVE, first.what ?
					     first.what : "an archive",
					     first.member };
	if (!first.what)
		return (struct sl_filetype){ SL_FILE_DATA, "an empty archive",
					     NULL };
	return first;
}

struct sl_filetype sl_filetype_of_part(const struct sl_part *p)
{
	gsize n = 0;
	const guint8 *b = p->head ? g_bytes_get_data(p->head, &n) : NULL;
	struct sl_filetype v = { SL_FILE_NONE, NULL, NULL };

	if (!strcmp(p->type, "message/rfc822") ||
	    !strcmp(p->type, "message/global") ||
	    !strcmp(p->type, "message/news"))
		return (struct sl_filetype){ SL_FILE_FORWARD,
					     "a forwarded message", NULL };
	if (!b)
		return (struct sl_filetype){ SL_FILE_DATA, "data", NULL };
	if ((p->armor == SL_ARMOR_PUBLIC_KEY &&
	     is_one_armor_block(p, "PUBLIC KEY BLOCK")) ||
	    (p->armor == SL_ARMOR_SIGNATURE &&
	     is_one_armor_block(p, "SIGNATURE")) ||
	    (!strcmp(p->type, "application/pgp-keys") &&
	     is_binary_public_key(b, n)))
		return v;
	if ((v.what = document_kind(b, n, &v.kind)))
		return v;
	if (p->archive)
		return of_archive(p->archive);
	return sl_filetype_of_bytes(p->filename, b, n);
}

gboolean sl_file_kind_avoidable(enum sl_file_kind kind)
{
	switch (kind) {
	case SL_FILE_FORWARD:
	case SL_FILE_PATCH:
	case SL_FILE_TEXT:
	case SL_FILE_DOCUMENT:
	case SL_FILE_IMAGE:
		return TRUE;
	default:
		return FALSE;
	}
}

gboolean sl_filetype_source_name(const char *name)
{
	return name && sl_regex_match_simple(source_name, name,
					     G_REGEX_CASELESS, 0);
}

const struct sl_archive_member *sl_filetype_archive_source(
	const struct sl_part *p)
{
	for (guint i = 0; p->archive && i < p->archive->members->len; i++) {
		const struct sl_archive_member *m = p->archive->members->pdata[i];

		if (sl_filetype_source_name(m->name))
			return m;
	}
	return NULL;
}
