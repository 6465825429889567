// SPDX-License-Identifier: GPL-2.0-only
/*
 * Recipients: every address header is parsed with GMime's RFC 5322 address
 * parser, and again as the clients that send mail split it (see
 * add_as_clients_split); groups contribute their members and display names
 * never count.
 */
#include <string.h>

#include "address.h"
#include "errors.h"
#include "gmime-extra.h"
#include "msglimits.h"
#include "perladdr.h"

/*
 * A quoted local part means the same mailbox as the bare one (RFC 5321
 * 4.1.2): "security"@kernel.org is security@kernel.org.  The quotes and
 * backslash escapes are removed in place.
 */
static void unquote_local_part(char *addr)
{
	char *at = strrchr(addr, '@');
	char *src = addr, *dst = addr;

	if (addr[0] != '"' || !at || at == addr + 1 || at[-1] != '"')
		return;
	for (src++; src < at - 1; src++) {
		if (*src == '\\' && src + 1 < at - 1)
			src++;
		*dst++ = *src;
	}
	memmove(dst, at, strlen(at) + 1);
}

static gboolean is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return FALSE;
	return TRUE;
}

/*
 * @s is its own normal form: ASCII without capitals, a quoted local part
 * or the spaces and trailing dot sl_address_normalise() removes.  Most
 * addresses are (those of the policy's list files all are), and a copy is
 * cheaper than lowering, stripping and unquoting.
 */
/* @s's length if it is its own normal form (above), else -1: one pass
 * tells both. */
static gssize normal_length(const char *s)
{
	const char *p = s;

	if (*s == '"' || g_ascii_isspace(*s))
		return -1;
	for (; *p; p++)
		if ((unsigned char)*p >= 0x80 ||
		    (unsigned char)(*p - 'A') < 26)
			return -1;
	if (p != s && (p[-1] == '.' || g_ascii_isspace(p[-1])))
		return -1;
	return p - s;
}

gboolean sl_address_is_normal(const char *s)
{
	return normal_length(s) >= 0;
}

char *sl_address_normalise(const char *addr_spec)
{
	g_autofree char *valid = NULL;
	char *addr;
	size_t len;

	if (sl_address_is_normal(addr_spec))
		return g_strdup(addr_spec);
	/*
	 * Nearly every address is ASCII: lowered byte by byte, as Unicode
	 * lowers ASCII (and never by a Turkish locale's dotless i).
	 */
	if (is_ascii(addr_spec)) {
		addr = g_ascii_strdown(addr_spec, -1);
	} else {
		valid = g_utf8_make_valid(addr_spec, -1);
		addr = g_utf8_strdown(valid, -1);
	}

	g_strstrip(addr);
	unquote_local_part(addr);
	len = strlen(addr);
	if (len > 1 && addr[len - 1] == '.')
		addr[len - 1] = '\0';
	return addr;
}

static void address_free(gpointer p)
{
	struct sl_address *a = p;

	if (!a->packed) {
		g_free(a->addr);
		g_free(a->display);
	}
	g_free(a);
}

GPtrArray *sl_address_list_new(void)
{
	return g_ptr_array_new_with_free_func(address_free);
}

/* Aborts unless @a holds what sl_address_normalise() and
 * g_utf8_make_valid() make of @spec and @name (SECLINT_CHECK_DIGEST=1). */
static void prove_mailbox(const struct sl_address *a, const char *spec,
			  const char *name)
{
	g_autofree char *addr = sl_address_normalise(spec);
	g_autofree char *display = name ? g_utf8_make_valid(name, -1) : NULL;

	if (strcmp(a->addr, addr) ||
	    (display ? !a->display || strcmp(a->display, display)
		     : a->display != NULL))
		g_error("seclint: the digest's copy of '%s' differs from "
			"its normal form", spec);
}

/*
 * @header is interned (g_intern_string()), as it is kept.  The address
 * and its strings are one allocation (a recipient list of a list post
 * holds dozens), and the strings GMime gives are copied as they are when
 * they are already normal and valid UTF-8, as most are.
 */
static void add_mailbox(GPtrArray *recipients, const char *header,
			InternetAddressMailbox *mb)
{
	const char *spec = internet_address_mailbox_get_addr(mb);
	const char *name = internet_address_get_name(INTERNET_ADDRESS(mb));
	g_autofree char *normal = NULL;
	g_autofree char *valid = NULL;
	const char *addr = spec, *display = name;
	const char *name_end = NULL;
	gssize addr_len = normal_length(spec);
	gsize addr_size, display_size;
	struct sl_address *a;
	char *text;

	if (addr_len < 0) {
		addr = normal = sl_address_normalise(spec);
		addr_len = (gssize)strlen(addr);
	}
	if (name && !g_utf8_validate(name, -1, &name_end))
		display = valid = g_utf8_make_valid(name, -1);
	addr_size = (gsize)addr_len + 1;
	display_size = !display ? 0
		       : valid ? strlen(display) + 1
			       : (gsize)(name_end - name) + 1;
	a = g_malloc(sizeof(*a) + addr_size + display_size);
	text = (char *)(a + 1);
	*a = (struct sl_address){
		.addr = memcpy(text, addr, addr_size),
		.display = display ? memcpy(text + addr_size, display,
					    display_size)
				   : NULL,
		.header = header,
		.packed = TRUE,
	};
	if (sl_check_digest())
		prove_mailbox(a, spec, name);
	g_ptr_array_add(recipients, a);
}

/* Returns how many addresses or groups the list held. */
static unsigned add_list(GPtrArray *recipients, const char *header,
			 InternetAddressList *list)
{
	int n = internet_address_list_length(list);
	unsigned found = 0;

	for (int i = 0; i < n; i++) {
		InternetAddress *ia = internet_address_list_get_address(list, i);

		found++;
		if (INTERNET_ADDRESS_IS_GROUP(ia))
			add_list(recipients, header,
				 internet_address_group_get_members(
					 INTERNET_ADDRESS_GROUP(ia)));
		else if (INTERNET_ADDRESS_IS_MAILBOX(ia))
			add_mailbox(recipients, header,
				    INTERNET_ADDRESS_MAILBOX(ia));
	}
	return found;
}

static gboolean is_blank(const char *s)
{
	for (; *s; s++)
		if (!g_ascii_isspace(*s))
			return FALSE;
	return TRUE;
}

/*
 * Whether some '(' in @value opens a comment that never closes, the way
 * GMime reads a comment: nested, a backslash quoting the next character.
 * GMime drops the address before such a comment and keeps the others
 * ("security@kernel.org (x, a@example.org" yields only a@example.org), so
 * seclint refuses the header rather than miss a recipient.  GMime 3.2.13
 * also leaks that address (fixed upstream in 3.2.15, commit 6d34651e).
 *
 * GMime reads from the start of the value and, after an address it cannot
 * parse, resumes at the next comma, quoted or not (';' is taken for one
 * too).  So every such start is a reading of its own, and the header is
 * refused if any of them opens a comment that never closes.  The readings
 * run side by side in one pass: those outside quotes and comments are one
 * reading from where they meet (@plain), and so are those in a quoted
 * string (@quoted, where '(' is text: Outlook's "'Peter Chen \(CIX\)'"
 * <p@example.org> is one address), and those in comments (which move in
 * step: @level is the nesting depth as a comment reads it, and all of
 * them have closed once it falls to @lowest, the depth the earliest
 * started at).  Outside quotes every '(' may open a comment, even one
 * after a backslash or in a domain literal.
 */
gboolean sl_address_has_open_comment(const char *value)
{
	gboolean plain = TRUE, quoted = FALSE, quoted_esc = FALSE;
	gboolean open = FALSE, comment_esc = FALSE;
	long level = 0, lowest = 0;

	if (!strchr(value, '('))
		return FALSE;
	for (const char *p = value; *p; p++) {
		gboolean to_plain = FALSE, to_quoted = FALSE;

		/* The comments' reading (its depth counts even while none
		 * is open, so that one opened later moves in step). */
		if (comment_esc) {
			comment_esc = FALSE;
		} else if (*p == '\\') {
			comment_esc = TRUE;
		} else if (*p == '(') {
			level++;
		} else if (*p == ')') {
			level--;
			if (open && level <= lowest) {
				open = FALSE;
				to_plain = TRUE;
			}
		}
		/* The quoted strings' reading. */
		if (quoted) {
			if (quoted_esc) {
				quoted_esc = FALSE;
			} else if (*p == '\\') {
				quoted_esc = TRUE;
			} else if (*p == '"') {
				quoted = FALSE;
				to_plain = TRUE;
			}
		}
		/* The plain reading: a '(' opens a comment, one deep after
		 * it whatever the comments' reading made of it. */
		if (plain && *p == '(') {
			if (!open || level - 1 < lowest)
				lowest = level - 1;
			open = TRUE;
			plain = FALSE;
		} else if (plain && *p == '"') {
			to_quoted = TRUE;
			plain = FALSE;
		}
		plain = plain || to_plain || *p == ',' || *p == ';';
		quoted = quoted || to_quoted;
	}
	return open;
}

/*
 * The mailboxes the clients that send a message find in @value but GMime
 * does not.  RFC 5322 has ';' only to close a group, so GMime's parser
 * stops at a ';' after an address and drops the rest of the header; git
 * send-email (Mail::Address, lint/mail/perladdr.c) ends an address there
 * as at ',', and so does mutt: "security@kernel.org; linux-distros@..."
 * goes to both.  Each piece Mail::Address splits @value into is read again
 * by GMime, and what that finds is added unless GMime found it in the
 * whole value: so a group Mail::Address misreads ("list: a@x, b@y;"
 * gives "list:a@x") or a bare word ("Last, First <lf@x>" gives "Last")
 * adds nothing.  A value Mail::Address croaks on adds nothing either: git
 * send-email dies on it and sends nothing.  Returns how many were added.
 */
struct plain_found {
	GPtrArray *recipients;
	guint from;
	gboolean all;
	guint next;	/* after the last one found */
};

/* g_ascii_tolower(), which GLib does not inline. */
static char ascii_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* g_ascii_strncasecmp(addr, spec, len) == 0 && !addr[len], without a
 * call for each address: @spec holds no NUL in its @len bytes. */
static gboolean is_spec(const struct plain_found *f, guint i,
			const char *spec, gsize len)
{
	const char *addr = ((const struct sl_address *)
			    f->recipients->pdata[i])->addr;
	gsize k = 0;

	while (k < len && addr[k] &&
	       ascii_lower(addr[k]) == ascii_lower(spec[k]))
		k++;
	return k == len && !addr[len];
}

/*
 * Whether GMime's reading (@data's recipients from @from) holds the
 * addr-spec @spec as sl_address_normalise() gives it: ASCII lowered.
 * Both read the value in order, so the search starts after the last
 * address found (a long Cc list is not searched from its start for each).
 */
static void plain_found_one(const char *spec, gsize len, gpointer data)
{
	struct plain_found *f = data;
	guint n = f->recipients->len;

	if (!f->all)
		return;
	for (guint k = 0; k < n - f->from; k++) {
		guint i = f->next + k < n ? f->next + k
					  : f->from + (f->next + k - n);

		if (is_spec(f, i, spec, len)) {
			f->next = i + 1;
			return;
		}
	}
	f->all = FALSE;
}

static unsigned add_as_clients_split(GPtrArray *recipients, guint from,
				     const char *header, const char *value)
{
	g_autoptr(GPtrArray) pieces = NULL;
	g_autoptr(GHashTable) found = NULL;
	struct plain_found plain = { recipients, from, TRUE, from };
	unsigned added = 0;

	/* Most values are plain lists ("Name <a@b>, c@d"): when GMime
	 * found each of their addresses, the clients' reading adds nothing,
	 * and Mail::Address's parser (a third of the digest's address
	 * work) need not run. */
	if (sl_perl_address_plain(value, plain_found_one, &plain) &&
	    plain.all)
		return 0;
	pieces = sl_perl_address_parse(value, NULL);
	if (!pieces)
		return 0;
	found = g_hash_table_new(g_str_hash, g_str_equal);
	for (guint i = from; i < recipients->len; i++) {
		const struct sl_address *a = recipients->pdata[i];

		g_hash_table_add(found, a->addr);
	}
	for (guint i = 0; i < pieces->len; i++) {
		const struct sl_perl_addr *p = pieces->pdata[i];
		g_autofree char *addr = sl_address_normalise(p->address);
		g_autoptr(InternetAddressList) list = NULL;
		g_autoptr(GPtrArray) more = NULL;

		if (!strchr(addr, '@') || g_hash_table_contains(found, addr))
			continue;
		list = internet_address_list_parse(NULL, p->formatted);
		if (!list)
			continue;
		more = sl_address_list_new();
		add_list(more, header, list);
		for (guint k = 0; k < more->len; k++) {
			struct sl_address *a = more->pdata[k];

			if (g_hash_table_contains(found, a->addr))
				continue;
			g_ptr_array_add(recipients,
					g_ptr_array_steal_index(more, k--));
			g_hash_table_add(found, a->addr);
			added++;
		}
	}
	return added;
}

static gboolean same_display(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Aborts unless @list's recipients are those @value's own reading gives
 * (SECLINT_CHECK_DIGEST=1). */
static void prove_reading(const char *header, const char *value,
			  InternetAddressList *list)
{
	g_autoptr(InternetAddressList) own = internet_address_list_parse(NULL,
									 value);
	g_autoptr(GPtrArray) want = sl_address_list_new();
	g_autoptr(GPtrArray) got = sl_address_list_new();
	unsigned n_want = own ? add_list(want, header, own) : 0;
	unsigned n_got = add_list(got, header, list);
	gboolean same = n_want == n_got && want->len == got->len;

	for (guint i = 0; same && i < want->len; i++) {
		const struct sl_address *w = want->pdata[i];
		const struct sl_address *g = got->pdata[i];

		same = !strcmp(w->addr, g->addr) &&
		       same_display(w->display, g->display);
	}
	if (!same)
		g_error("seclint: GMime's reading of %s differs from its "
			"parse of '%s'", header, value);
}

/*
 * The reading of @value: GMime's own, @read, when it is one (see
 * sl_address_add_reading()) and can be nothing but the parse's.  GMime
 * builds it by appending to an empty list what its address list parser
 * finds, where internet_address_list_parse() keeps nothing if that parser
 * gives up; it gives up only on a comment that does not close, so a value
 * without '(' is read the same both ways.
 */
static InternetAddressList *reading(const char *header, const char *value,
				    InternetAddressList *read)
{
	if (!read || strchr(value, '('))
		return internet_address_list_parse(NULL, value);
	if (sl_check_digest())
		prove_reading(header, value, read);
	return g_object_ref(read);
}

/*
 * Adds the recipients of one header value, as GMime reads it and as the
 * clients split it.  A value that is not blank but yields nothing an
 * address parser understands is an error: seclint must not guess who a
 * message goes to.
 */
static gboolean add_reading(GPtrArray *recipients, const char *header,
			    const char *value, InternetAddressList *read,
			    gboolean first, GError **error)
{
	g_autoptr(InternetAddressList) list = NULL;
	guint before = recipients->len;
	unsigned found;

	if (!value || is_blank(value))
		return TRUE;
	if (sl_address_has_open_comment(value)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "unterminated comment in the addresses in %s: '%s'",
			    header, value);
		return FALSE;
	}
	if (!sl_limits_address_value(header, value, error))
		return FALSE;
	header = g_intern_string(header);	/* once, not for each address */
	list = reading(header, value, read);
	found = list ? add_list(recipients, header, list) : 0;
	/* The clients' split only appends, and GMime's reading found
	 * something (no error) if it added an address. */
	if (!first || recipients->len == before)
		found += add_as_clients_split(recipients, before, header,
					      value);
	if (found == 0) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "cannot parse the addresses in %s: '%s'",
			    header, value);
		return FALSE;
	}
	return TRUE;
}

gboolean sl_address_add_header(GPtrArray *recipients, const char *header,
			       const char *value, GError **error)
{
	return add_reading(recipients, header, value, NULL, FALSE, error);
}

gboolean sl_address_add_first(GPtrArray *recipients, const char *header,
			      const char *value, GError **error)
{
	return add_reading(recipients, header, value, NULL, TRUE, error);
}

gboolean sl_address_add_reading(GPtrArray *recipients, const char *header,
				const char *value,
				struct _InternetAddressList *read,
				GError **error)
{
	return add_reading(recipients, header, value, read, FALSE, error);
}
