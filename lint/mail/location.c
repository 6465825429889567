// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where a finding is: the line and column in the input of the header,
 * address, MIME part or body text it is about.  Lines count from the start
 * of the file (in an mbox, a message's Subject is on its real line);
 * columns count characters (Unicode code points, a tab is one), from 1.
 */
#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "location.h"
#include "message.h"

/* The column of @at on the line that starts at @line_start. */
static unsigned column_of(const char *line_start, const char *at)
{
	return (unsigned)g_utf8_strlen(line_start, at - line_start) + 1;
}

/* A walk along a header's raw value, counting lines and characters, so
 * that locating every address of a huge header stays linear. */
struct header_scan {
	const struct sl_header_at *h;
	const char *raw;
	gsize pos;
	unsigned extra_lines;	/* continuation lines before pos */
	unsigned chars;		/* characters from the line's start to pos */
};

/* Line and column of raw[@k], @k >= the scan's position. */
static void scan_to(struct header_scan *s, gsize k, unsigned *line,
		    unsigned *column)
{
	for (; s->pos < k; s->pos++) {
		unsigned char c = (unsigned char)s->raw[s->pos];

		if (c == '\n') {
			s->extra_lines++;
			s->chars = 0;
		} else if ((c & 0xc0) != 0x80) {
			s->chars++;	/* not a UTF-8 continuation byte */
		}
	}
	*line = s->h->line + s->extra_lines;
	*column = s->chars + 1;
	if (!s->extra_lines)	/* after "Name:" */
		*column += (unsigned)g_utf8_strlen(s->h->name, -1) + 1;
}

/* Case-insensitive search of @needle (lower case) in @hay (lower case),
 * from @from: the offset, or -1. */
static gssize find_from(const char *hay, const char *needle, gsize from)
{
	const char *p = *needle ? strstr(hay + from, needle) : NULL;

	return p ? p - hay : -1;
}

/*
 * Each address is searched after the previous one; once one is not found
 * as written (quoted, encoded), the rest keep only the header's line, so
 * that a header of many such addresses is not searched again and again.
 */
void sl_locate_addresses(GPtrArray *list, guint from,
			 const struct sl_header_at *header)
{
	const char *src = header->raw ? header->raw : "";
	gsize len = strlen(src);
	/* Lowered on the stack when it fits (most headers), as
	 * g_ascii_strdown() would, without its call for each byte. */
	char small[1024];
	g_autofree char *big = len < sizeof(small) ? NULL : g_malloc(len + 1);
	char *raw = big ? big : small;
	struct header_scan scan = { header, raw, 0, 0, 0 };
	gboolean lost = !header->line;
	gsize cursor = 0;

	if (from >= list->len)
		return;
	for (gsize k = 0; k <= len; k++)
		raw[k] = src[k] >= 'A' && src[k] <= 'Z'
				 ? (char)(src[k] - 'A' + 'a')
				 : src[k];
	for (guint i = from; i < list->len; i++) {
		struct sl_address *a = list->pdata[i];
		gssize k = lost ? -1 : find_from(raw, a->addr, cursor);

		a->line = header->line;
		a->column = 0;
		if (k < 0) {
			lost = TRUE;
			continue;
		}
		scan_to(&scan, (gsize)k, &a->line, &a->column);
		cursor = (gsize)k + strlen(a->addr);
	}
}

static gboolean is_addr_char(char c)
{
	return g_ascii_isalnum(c) || strchr(".-_+=", c);
}

/* Where @addr is named in @text as a whole address, or -1. */
static gssize named_at(const char *text, const char *addr)
{
	gsize from = 0;
	gssize k;

	while ((k = find_from(text, addr, from)) >= 0) {
		if (k == 0 || !is_addr_char(text[k - 1]))
			return k;
		from = (gsize)k + 1;
	}
	return -1;
}

/*
 * The address of @list from header @where that the finding is about: the
 * one equal to @excerpt, else the one its text names first, else the first.
 */
static const struct sl_address *pick_address(const GPtrArray *list,
					     const char *where,
					     const char *excerpt,
					     const char *text, gssize *best)
{
	const struct sl_address *pick = NULL;

	for (guint i = 0; i < list->len; i++) {
		const struct sl_address *a = list->pdata[i];
		gssize k;

		if (!a->header || g_ascii_strcasecmp(a->header, where))
			continue;
		if (excerpt) {
			k = g_ascii_strcasecmp(a->addr, excerpt) ? G_MAXSSIZE : -1;
		} else {
			k = named_at(text, a->addr);
			k = k < 0 ? G_MAXSSIZE - 1 : k;
		}
		if (!pick || k < *best) {
			pick = a;
			*best = k;
		}
		if (k <= 0)
			break;	/* nothing can come before */
	}
	return pick;
}

static gboolean locate_address(const struct sl_message *msg,
			       const char *where, const char *excerpt,
			       struct sl_location *f)
{
	const GPtrArray *lists[] = { msg->recipients, msg->followup_to,
				     msg->from };
	g_autofree char *text = g_ascii_strdown(f->text ? f->text : "", -1);
	g_autofree char *want = excerpt ? g_ascii_strdown(excerpt, -1) : NULL;
	const struct sl_address *pick = NULL;
	gssize best = G_MAXSSIZE;

	for (size_t i = 0; i < G_N_ELEMENTS(lists); i++) {
		gssize k = G_MAXSSIZE;
		const struct sl_address *a =
			pick_address(lists[i], where, want, text, &k);

		if (a && (!pick || k < best)) {
			pick = a;
			best = k;
		}
	}
	if (!pick)
		return FALSE;
	/* An address from the command line (--to) has no line. */
	f->line = pick->line;
	f->column = pick->column;
	return TRUE;
}

static const struct sl_header_at *find_header(const struct sl_message *msg,
					      const char *name)
{
	for (guint i = 0; i < msg->header_at->len; i++) {
		const struct sl_header_at *h = &g_array_index(msg->header_at,
						struct sl_header_at, i);

		if (!g_ascii_strcasecmp(h->name, name))
			return h;
	}
	return NULL;
}

static gboolean locate_header(const struct sl_message *msg, const char *where,
			      const char *excerpt, struct sl_location *f)
{
	const struct sl_header_at *h = find_header(msg, where);
	const char *hit;

	if (!h)
		return FALSE;
	f->line = h->line;
	hit = excerpt && *excerpt && h->raw ? strstr(h->raw, excerpt) : NULL;
	if (hit && h->line) {
		struct header_scan scan = { h, h->raw, 0, 0, 0 };

		scan_to(&scan, (gsize)(hit - h->raw), &f->line, &f->column);
	}
	return TRUE;
}

static const struct sl_body_at *body_piece(const struct sl_message *msg,
					   gsize offset)
{
	const struct sl_body_at *piece = NULL;

	for (guint i = 0; i < msg->body_at->len; i++) {
		const struct sl_body_at *b = &g_array_index(msg->body_at,
						struct sl_body_at, i);

		if (b->offset > offset)
			break;
		piece = b;
	}
	return piece;
}

/* The first occurrence of @excerpt in the body that is not quoted ("> "),
 * else the first at all.  A quoted line is looked at once. */
static const char *find_in_body(const char *body, const char *excerpt)
{
	const char *first = strstr(body, excerpt);
	const char *p = first;

	while (p) {
		const char *bol = p;
		const char *eol;

		while (bol > body && bol[-1] != '\n')
			bol--;
		if (*bol != '>')
			return p;
		eol = strchr(p, '\n');
		p = eol ? strstr(eol, excerpt) : NULL;
	}
	return first;
}

static void locate_in_body(const struct sl_message *msg, const char *excerpt,
			   struct sl_location *f)
{
	const char *body = msg->body->str;
	const char *hit = excerpt && *excerpt ? find_in_body(body, excerpt)
					      : NULL;
	const struct sl_body_at *piece;
	const char *bol;

	piece = body_piece(msg, hit ? (gsize)(hit - body) : 0);
	if (!piece)
		return;
	f->line = piece->line;
	if (!hit || !piece->exact || !piece->line)
		return;	/* base64 or QP: the part's first line is honest */
	bol = body + piece->offset;
	for (const char *p = bol; p < hit; p++)
		if (*p == '\n') {
			f->line++;
			bol = p + 1;
		}
	f->column = column_of(bol, hit);
}

/* Part paths in document order: "0" < "1" < "1.1" < "1.2" < "1.10" < "2". */
static int compare_paths(const char *a, const char *b)
{
	for (;;) {
		char *ea, *eb;
		unsigned long na = strtoul(a, &ea, 10);
		unsigned long nb = strtoul(b, &eb, 10);

		if (na != nb)
			return na < nb ? -1 : 1;
		if (*ea != '.' || *eb != '.')
			return *ea == *eb ? 0 : *ea == '.' ? 1
					 : *eb == '.' ? -1 : strcmp(ea, eb);
		a = ea + 1;
		b = eb + 1;
	}
}

/* The parts are flattened in document order, so sorted by path: a binary
 * search keeps a message of many attachments linear. */
static gboolean locate_part(const struct sl_message *msg, const char *path,
			    struct sl_location *f)
{
	guint lo = 0, hi = msg->parts->len;

	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;
		const struct sl_part *p = msg->parts->pdata[mid];
		int cmp = compare_paths(p->path, path);

		if (!cmp) {
			f->line = p->line;
			return TRUE;
		}
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return FALSE;
}

void sl_locate(const struct sl_message *msg, const char *where,
	       const char *excerpt, struct sl_location *f)
{
	f->line = f->column = 0;
	if (!where)
		;
	else if (!strcmp(where, "body"))
		locate_in_body(msg, excerpt, f);
	else if (g_str_has_prefix(where, "part "))
		locate_part(msg, where + 5, f);
	else if (!locate_address(msg, where, excerpt, f))
		locate_header(msg, where, excerpt, f);
	if (!f->line && !f->column)
		f->line = msg->line;	/* at least the message */
}
