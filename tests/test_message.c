// SPDX-License-Identifier: GPL-2.0-only
/*
 * The message model: address parsing, decoded subjects, MIME digest, mbox
 * splitting and the inputs seclint must refuse.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "gmime-extra.h"
#include "input.h"
#include "message.h"
#include "quiet.h"
#include "routing.h"
#include "subject-tag.h"
#include "testlib.h"
#include "thread.h"

static const char *inputs;

static GPtrArray *parse(const char *text)
{
	GPtrArray *msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean mbox;

	if (!sl_input_parse(text, strlen(text), NULL, &mbox, sl_test_keep, msgs,
			    &error))
		fail_msg("parse failed: %s", error->message);
	return msgs;
}

static const struct sl_message *one(GPtrArray *msgs)
{
	assert_int_equal(msgs->len, 1);
	return msgs->pdata[0];
}

static gboolean has_addr(const struct sl_message *m, const char *addr,
			 const char *header)
{
	for (guint i = 0; i < m->recipients->len; i++) {
		const struct sl_address *a = m->recipients->pdata[i];

		if (!strcmp(a->addr, addr) && !strcmp(a->header, header))
			return TRUE;
	}
	return FALSE;
}

static void test_addresses(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From: a@example.org\n"
		"To: \"Security Officers\" <Security@Kernel.ORG.>,\n"
		"\tteam: one@example.org, two@example.org;\n"
		"Cc: x@example.com (security@kernel.org)\n"
		"Cc: =?UTF-8?Q?Zo=C3=AB?= <zoe@example.net>\n"
		"Bcc: undisclosed-recipients:;\n"
		"Resent-Cc: <@relay.example:linux-distros@vs.openwall.org>\n"
		"Subject: s\n\nbody\n");
	const struct sl_message *m = one(msgs);

	(void)state;
	assert_true(has_addr(m, "security@kernel.org", "To"));
	assert_true(has_addr(m, "one@example.org", "To"));
	assert_true(has_addr(m, "two@example.org", "To"));
	assert_true(has_addr(m, "x@example.com", "Cc"));
	assert_true(has_addr(m, "zoe@example.net", "Cc"));
	assert_true(has_addr(m, "linux-distros@vs.openwall.org", "Resent-Cc"));
	assert_int_equal(m->recipients->len, 6);
}

/* Addresses already in normal form are copied; any other is lowered,
 * stripped and unquoted as before. */
static void test_normalise(void **state)
{
	static const char *const cases[][2] = {
		{ "security@kernel.org", "security@kernel.org" },
		{ "Security@Kernel.ORG", "security@kernel.org" },
		{ "security@kernel.org.", "security@kernel.org" },
		{ "security@kernel.org..", "security@kernel.org." },
		{ " security@kernel.org", "security@kernel.org" },
		{ "security@kernel.org\t", "security@kernel.org" },
		{ "security@kernel.org. ", "security@kernel.org" },
		{ "\"security\"@kernel.org", "security@kernel.org" },
		{ "\"a\\\"b\"@x.org", "a\"b@x.org" },
		{ "a\"b@x.org", "a\"b@x.org" },
		{ "Zo\xc3\xab@Example.NET", "zo\xc3\xab@example.net" },
		{ "zo\xc3\xab@example.net.", "zo\xc3\xab@example.net" },
		{ "\xc3\x89@x.org", "\xc3\xa9@x.org" },
		{ ".", "." },
		{ "a.", "a" },
		{ "", "" },
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *got = sl_address_normalise(cases[i][0]);

		assert_string_equal(got, cases[i][1]);
	}
}

static void test_display_name_is_not_address(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From: a@example.org\n"
		"To: \"security@kernel.org\" <evil@example.com>,"
		" xsecurity@kernel.org, security@kernel.org.evil.com\n"
		"Subject: s\n\nsecurity@kernel.org\n");
	const struct sl_message *m = one(msgs);

	(void)state;
	for (guint i = 0; i < m->recipients->len; i++) {
		const struct sl_address *a = m->recipients->pdata[i];

		assert_string_not_equal(a->addr, "security@kernel.org");
	}
	assert_int_equal(m->recipients->len, 3);
}

static void test_encoded_subject(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From: a@example.org\n"
		"Subject: =?UTF-8?Q?=5Bvs=5D_Linux_kernel=3A?=\n"
		" =?UTF-8?B?IFVBRiBpbiBmb28=?=\n"
		"Message-ID: <abc@example.org>\n\nbody\n");
	const struct sl_message *m = one(msgs);

	(void)state;
	assert_string_equal(m->subject, "[vs] Linux kernel: UAF in foo");
	assert_string_equal(m->message_id, "abc@example.org");
}

static void test_sender_and_date(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From a@example.org Tue Mar 10 14:30:00 2026\n"
		"From: \"A. Researcher\" <A@Example.ORG>\n"
		"Date: Tue, 10 Mar 2026 14:30:00 +0100\n"
		"Subject: s\n\nbody\n"
		"From b@example.org Tue Mar 10 14:30:00 2026\n"
		"From: not an address at all <<\n"
		"Date: yesterday-ish\n"
		"Subject: s\n\nbody\n");
	const struct sl_message *m;
	const struct sl_address *a;

	(void)state;
	assert_int_equal(msgs->len, 2);
	m = msgs->pdata[0];
	assert_int_equal(m->from->len, 1);
	a = m->from->pdata[0];
	assert_string_equal(a->addr, "a@example.org");
	assert_string_equal(a->header, "From");
	assert_non_null(m->date);
	assert_int_equal(g_date_time_to_unix(m->date), 1773149400);
	m = msgs->pdata[1];
	assert_null(m->date);
}

static void test_mime_digest(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From: a@example.org\nSubject: s\nMIME-Version: 1.0\n"
		"Content-Type: multipart/signed; boundary=o;"
		" protocol=\"application/pgp-signature\"\n\n"
		"--o\nContent-Type: multipart/mixed; boundary=i\n\n"
		"--i\nContent-Type: text/plain\n\nhi\n"
		"--i\nContent-Type: text/plain\n"
		"Content-Disposition: attachment; filename*=utf-8''a%20b.c\n\n"
		"int x;\n--i--\n"
		"--o\nContent-Type: application/pgp-signature; name=signature.asc\n\n"
		"-----BEGIN PGP SIGNATURE-----\n\niHUEARYKAB0=\n"
		"-----END PGP SIGNATURE-----\n--o--\n");
	const struct sl_message *m = one(msgs);
	const struct sl_part *att, *sig;

	(void)state;
	assert_int_equal(m->parts->len, 5);
	att = m->parts->pdata[3];
	sig = m->parts->pdata[4];
	assert_string_equal(att->path, "1.2");
	assert_string_equal(att->filename, "a b.c");
	assert_true(sl_part_is_attachment(att));
	assert_string_equal(sig->path, "2");
	assert_true(sig->crypto);
	assert_false(sl_part_is_attachment(sig));
}

/* @head, then "@before N @after" for each N in [@from, @to), then @tail,
 * parsed. */
static GPtrArray *parse_repeated(const char *head, const char *before,
				 int from, int to, const char *after,
				 const char *tail)
{
	g_autoptr(GString) text = g_string_new(head);

	for (int i = from; i < to; i++)
		g_string_append_printf(text, "%s%d%s", before, i, after);
	g_string_append(text, tail);
	return parse(text->str);
}

/*
 * The digest's one pass over the headers (lint/mail/message.c) and its
 * one-block addresses (lint/mail/address.c) on hostile headers: names in
 * any case, or of a recipient header's length only; repeated and folded
 * headers; groups; broken charsets and bytes in display names; a list too
 * long for the stack.  main() sets SECLINT_CHECK_DIGEST=1, so each is
 * also read the long way (each header looked up by name, each address
 * normalised and made valid by itself) and compared.
 */
static void test_digest_hostile_headers(void **state)
{
	g_autoptr(GPtrArray) msgs = parse_repeated(
		"From: First <first@example.org>\n"
		"FROM: First <first@example.org>\n"
		"TO: A <A@Example.ORG>, team: one@example.org,\n"
		"\ttwo@example.org;\n"
		"Tx: not@example.org\n"
		"cc: =?x-bogus?Q?=FF=FE?= <bogus@example.org>\n"
		"Cc: \xff\xfe Raw <raw@example.org>\n"
		"rEPLY-tO: r@example.org\n"
		"Resent-Xx: nor@example.org\n"
		"mail-followup-to: m@example.org\n"
		"In-Reply-To: <p1@example.org>\n"
		"in-reply-to: <p1@example.org>\n"
		"References: <r1@example.org>\n"
		"\t<r2@example.org>\n"
		"Subject: s\n"
		"Bcc: b0@example.org",
		",\n b", 1, 200, "@example.org",	/* one address a line */
		"\n\nbody\n");
	const struct sl_message *m = one(msgs);
	const struct sl_address *a;
	const struct sl_header_at *h;

	(void)state;
	assert_int_equal(m->header_at->len, 14);
	h = &g_array_index(m->header_at, struct sl_header_at, 3);
	assert_string_equal(h->name, "Tx");
	assert_string_equal(h->raw, " not@example.org\n");
	assert_int_equal(h->line, 5);
	/* The first From is the sender, located on its line. */
	assert_int_equal(m->from->len, 1);
	a = m->from->pdata[0];
	assert_string_equal(a->addr, "first@example.org");
	assert_string_equal(a->display, "First");
	assert_int_equal(a->line, 1);
	assert_int_equal(a->column, 14);
	/* The first In-Reply-To, and the folded References. */
	assert_true(m->threaded);
	assert_int_equal(m->parents->len, 3);
	assert_string_equal(m->parents->pdata[0], "p1@example.org");
	assert_string_equal(m->parents->pdata[2], "r2@example.org");
	/* To: A, one, two; Cc: bogus, raw; Bcc: 200. */
	assert_int_equal(m->recipients->len, 205);
	assert_false(has_addr(m, "not@example.org", "To"));
	assert_false(has_addr(m, "nor@example.org", "Resent-To"));
	a = m->recipients->pdata[0];
	assert_string_equal(a->addr, "a@example.org");
	assert_string_equal(a->header, "To");
	a = m->recipients->pdata[2];
	assert_string_equal(a->addr, "two@example.org");
	assert_int_equal(a->line, 4);
	for (guint i = 3; i < 5; i++) {
		a = m->recipients->pdata[i];
		assert_string_equal(a->header, "Cc");
		assert_non_null(a->display);
		assert_true(g_utf8_validate(a->display, -1, NULL));
	}
	a = m->recipients->pdata[204];
	assert_string_equal(a->addr, "b199@example.org");
	assert_string_equal(a->header, "Bcc");
	assert_int_equal(a->line, 16 + 199);
	assert_int_equal(a->column, 2);
	assert_int_equal(m->followup_to->len, 2);
	a = m->followup_to->pdata[0];
	assert_string_equal(a->header, "Reply-To");
	a = m->followup_to->pdata[1];
	assert_string_equal(a->header, "Mail-Followup-To");
	g_ptr_array_unref(msgs);

	/* More headers than the pass keeps on the stack, each Cc read. */
	msgs = parse_repeated("From: a@example.org\n", "cC: c", 0, 300,
			      "@example.org\n", "Subject: s\n\nbody\n");
	m = one(msgs);
	assert_int_equal(m->header_at->len, 302);
	assert_int_equal(m->recipients->len, 300);
	a = m->recipients->pdata[299];
	assert_string_equal(a->addr, "c299@example.org");
	assert_string_equal(a->header, "Cc");
	assert_int_equal(a->line, 301);
	assert_int_equal(a->column, 5);
}

/*
 * A part's first bytes: those of a part without transfer encoding come
 * from its window on the input, base64 and quoted-printable decoded from
 * it by GMime's decoder a piece at a time (and,
 * as main() sets SECLINT_CHECK_DIGEST=1, every window is also read
 * through the streams and compared).
 */
static void test_part_heads(void **state)
{
	g_autofree char *big = g_strnfill(5000, 'x');
	g_autofree char *big6 = g_strnfill(20000, 'x');
	g_autofree char *b64 = g_base64_encode((const guchar *)big6, 20000);
	g_autoptr(GString) b64_lines = g_string_new(NULL);
	g_autoptr(GString) qp = g_string_new(NULL);
	g_autofree char *text = NULL;
	g_autoptr(GPtrArray) msgs = NULL;
	const struct sl_message *m;
	const struct sl_part *p;
	gsize n;
	const char *head;

	(void)state;
	/* Base64 far past the 4 KiB a head holds, in lines of 76 padded
	 * with spaces (skipped), so that it takes the decoder more than
	 * one step; 3,000 bytes of quoted-printable, soft line breaks and
	 * an unfinished end. */
	for (gsize i = 0; i < strlen(b64); i += 76)
		g_string_append_printf(b64_lines, "%.76s%100s\n", b64 + i, "");
	for (gsize i = 0; i < 3000; i++)
		g_string_append(qp, i % 25 == 24 ? "=41=\n" : "=41");
	text = g_strdup_printf(
		"From: a@example.org\nSubject: s\nMIME-Version: 1.0\n"
		"Content-Type: multipart/mixed; boundary=b\n\n"
		"--b\nContent-Type: text/plain\n\nhi\n"
		"--b\nContent-Type: application/octet-stream; name=a.bin\n"
		"Content-Transfer-Encoding: 8bit\n\n%s\n"
		"--b\nContent-Type: application/octet-stream; name=b.bin\n"
		"Content-Transfer-Encoding: base64\n\nTVpQAA==\n"
		"--b\nContent-Type: application/octet-stream; name=c.bin\n\n"
		"\n--b\nContent-Type: application/pgp-keys; name=k.asc\n\n"
		"  -----BEGIN PGP PUBLIC KEY BLOCK-----\nmQ==\n"
		"-----END PGP PUBLIC KEY BLOCK-----\n"
		"--b\nContent-Type: application/octet-stream; name=d.bin\n"
		"Content-Transfer-Encoding: base64\n\n%s"
		"--b\nContent-Type: application/octet-stream; name=e.bin\n"
		"Content-Transfer-Encoding: quoted-printable\n\n%s=4\n"
		"--b--\n", big, b64_lines->str, qp->str);
	msgs = parse(text);
	m = one(msgs);
	assert_int_equal(m->parts->len, 8);
	p = m->parts->pdata[2];	/* 8bit: its first 4 KiB, and one byte */
	head = g_bytes_get_data(p->head, &n);
	assert_int_equal(n, 4096);
	assert_memory_equal(head, big, n);
	p = m->parts->pdata[3];	/* base64, decoded */
	head = g_bytes_get_data(p->head, &n);
	assert_int_equal(n, 4);
	assert_memory_equal(head, "MZP\0", 4);
	p = m->parts->pdata[4];	/* empty */
	g_bytes_get_data(p->head, &n);
	assert_int_equal(n, 0);
	p = m->parts->pdata[5];
	assert_int_equal(p->armor, SL_ARMOR_PUBLIC_KEY);
	p = m->parts->pdata[6];	/* base64 past a head */
	head = g_bytes_get_data(p->head, &n);
	assert_int_equal(n, 4096);
	assert_memory_equal(head, big, n);
	p = m->parts->pdata[7];	/* all of a short quoted-printable */
	head = g_bytes_get_data(p->head, &n);
	assert_int_equal(n, 3000);
	assert_true(head[0] == 'A' && head[2999] == 'A' &&
		    !memchr(head, '=', n));
}

static void test_body_and_followup(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From: a@example.org\nTo: b@example.org\n"
		"Reply-To: oss-security@lists.openwall.com\n"
		"Mail-Followup-To: a@example.org, linux-kernel@vger.kernel.org\n"
		"In-Reply-To: <x@example.org>\nSubject: s\nMIME-Version: 1.0\n"
		"Content-Type: multipart/mixed; boundary=b\n\n"
		"--b\nContent-Type: text/plain; charset=iso-8859-1\n"
		"Content-Transfer-Encoding: quoted-printable\n\nZo=EB wrote\n"
		"--b\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n"
		"\nZW1iYXJnbyB1bnRpbCBUdWVzZGF5Cg==\n"
		"--b\nContent-Type: text/plain\n"
		"Content-Disposition: attachment; filename=log.txt\n\nsecret\n"
		"--b--\n");
	const struct sl_message *m = one(msgs);
	const struct sl_address *a;

	(void)state;
	assert_non_null(strstr(m->body->str, "Zo\xc3\xab wrote"));
	assert_non_null(strstr(m->body->str, "embargo until Tuesday"));
	assert_null(strstr(m->body->str, "secret"));
	assert_true(m->followup);
	assert_int_equal(m->recipients->len, 1);
	assert_int_equal(m->followup_to->len, 3);
	a = m->followup_to->pdata[0];
	assert_string_equal(a->addr, "oss-security@lists.openwall.com");
	assert_string_equal(a->header, "Reply-To");
	a = m->followup_to->pdata[2];
	assert_string_equal(a->header, "Mail-Followup-To");
}

/* How each text part reaches the body: 8bit straight from the input
 * (lint/mail/message.c append_window), base64 and quoted-printable decoded,
 * a charset iconv does not know left as its bytes, invalid UTF-8 and a
 * NUL replaced. */
static void test_text_decoding_paths(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From: a@example.org\nTo: b@example.org\nSubject: s\n"
		"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n"
		"--b\nContent-Type: text/plain; charset=utf-8\n"
		"Content-Transfer-Encoding: 8bit\n\nplain \xc3\xa9 \xff end\n"
		"--b\nContent-Type: text/plain; charset=x-no-such-charset\n"
		"Content-Transfer-Encoding: 8bit\n\nunknown charset\n"
		"--b\nContent-Type: text/plain; charset=x-no-such-charset\n"
		"Content-Transfer-Encoding: base64\n\nYmFzZTY0IGIKAGFmdGVyIE5VTAo=\n"
		"--b\nContent-Type: text/plain; charset=us-ascii\n"
		"Content-Transfer-Encoding: quoted-printable\n\nq=3Dp soft=\nbreak\n"
		"--b--\n");
	const struct sl_message *m = one(msgs);

	(void)state;
	assert_non_null(strstr(m->body->str,
			       "plain \xc3\xa9 \xef\xbf\xbd end\n"));
	assert_non_null(strstr(m->body->str, "unknown charset\n"));
	assert_non_null(strstr(m->body->str,
			       "base64 b\n\xef\xbf\xbd" "after NUL\n"));
	assert_non_null(strstr(m->body->str, "q=p softbreak"));
	assert_null(strstr(m->body->str, "--b"));
	assert_true(g_utf8_validate(m->body->str, (gssize)m->body->len, NULL));
}

/*
 * Text decoded from its window on the input by GMime's decoder, and
 * without the charset filter when an ASCII charset's text is all ASCII
 * (lint/mail/message.c decode_text): each part here is also decoded
 * through GMime's streams and compared, as main() sets
 * SECLINT_CHECK_DIGEST=1.  Hostile: 8-bit bytes under us-ascii, a
 * truncated base64 and quoted-printable end, NULs, a charset not ASCII's
 * in ASCII (UTF-7), an empty part.
 */
static void test_text_decoded_from_window(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From: a@example.org\nTo: b@example.org\nSubject: s\n"
		"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n"
		"--b\nContent-Type: text/plain; charset=us-ascii\n\nascii\n"
		"--b\nContent-Type: text/plain; charset=US-ASCII\n"
		"Content-Transfer-Encoding: 8bit\n\nnot ascii caf\xe9\n"
		"--b\nContent-Type: text/plain; charset=iso-8859-1\n"
		"Content-Transfer-Encoding: quoted-printable\n\ncaf=E9 =\n=3D=4\n"
		"--b\nContent-Type: text/plain; charset=windows-1252\n"
		"Content-Transfer-Encoding: base64\n\naGkAIAo\n"
		"--b\nContent-Type: text/plain; charset=utf-8\n"
		"Content-Transfer-Encoding: base64\n\nw6kgAP8g\nIQ==\n"
		"--b\nContent-Type: text/plain; charset=utf-7\n\n1 +- 1\n"
		"--b\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n"
		"\n--b\nContent-Type: text/plain; charset=us-ascii\n"
		"Content-Transfer-Encoding: quoted-printable\n\nend=\n"
		"--b--\n");
	const struct sl_message *m = one(msgs);

	(void)state;
	/* The byte us-ascii has not is dropped (GMime's charset filter),
	 * a NUL and UTF-8's invalid byte replaced, base64's unfinished
	 * quantum and quoted-printable's unfinished escape dropped. */
	assert_string_equal(m->body->str,
			    "ascii\nnot ascii caf\ncaf\xc3\xa9 =\n"
			    "hi\xef\xbf\xbd\n"
			    "\xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd !\n1 + 1\n\nend");
	assert_int_equal(m->body_at->len, 8);
}

static void test_followup_detection(void **state)
{
	static const char *const subjects[][2] = {
		{ "Re: [vs] foo", "1" }, { "[vs] RE: foo", "1" },
		{ "AW: foo", "1" }, { "Fwd: foo", "1" }, { "回复: foo", "1" },
		{ "[vs] foo", "0" }, { "Regression in foo", "0" },
		{ "[PATCH] re-add foo", "0" },
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(subjects); i++) {
		g_autofree char *text = g_strdup_printf(
			"From: a@example.org\nSubject: %s\n\nb\n",
			subjects[i][0]);
		g_autoptr(GPtrArray) msgs = parse(text);

		if (one(msgs)->followup != (subjects[i][1][0] == '1'))
			fail_msg("'%s': follow-up detection wrong",
				 subjects[i][0]);
	}
}

/*
 * One reply-prefix language: what makes a message a follow-up is also what
 * the Subject tag may follow, except "VS:", which is the tag misspelt too.
 */
static void test_reply_prefix_shared(void **state)
{
	static const char *const prefixes[] = {
		"Re: ", "RE:", "Fwd: ", "Fw: ", "AW: ", "SV: ", "Antw: ",
		"Odp: ", "回复：", "答复: ", "Re[2]: ", "Re : Fwd: ",
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(prefixes); i++) {
		g_autofree char *subject = g_strconcat(prefixes[i], "[vs] foo",
						       NULL);
		g_autofree char *text = g_strdup_printf(
			"From: a@example.org\nSubject: %s\n\nb\n", subject);
		g_autoptr(GPtrArray) msgs = parse(text);

		if (!one(msgs)->followup)
			fail_msg("'%s': not a follow-up", subject);
		if (!sl_subject_tag_at_start(subject, "[vs]"))
			fail_msg("'%s': tag not at the start", subject);
		assert_int_equal(sl_subject_reply_prefix_len(subject),
				 strlen(prefixes[i]));
	}
	assert_false(sl_subject_tag_at_start("VS: [vs] foo", "[vs]"));
	assert_int_equal(sl_subject_reply_prefix_len("VS: foo"), 0);
}

static void test_mbox_split(void **state)
{
	g_autofree char *path = g_build_filename(inputs, "series.mbox", NULL);
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean mbox = FALSE;
	const struct sl_message *second;

	(void)state;
	assert_true(sl_input_read(path, NULL, &mbox, sl_test_keep, msgs, &error));
	assert_true(mbox);
	assert_int_equal(msgs->len, 3);
	second = msgs->pdata[1];
	assert_int_equal(second->index, 2);
	assert_string_equal(second->message_id, "series-2@example.org");
	assert_true(has_addr(second, "security@kernel.org", "To"));
}

/* git format-patch output whose bodies hold lines starting "From ". */
static void test_mbox_from_in_body(void **state)
{
	g_autofree char *path = g_build_filename(inputs, "from-in-body.mbox",
						 NULL);
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean mbox = FALSE;
	const struct sl_message *first, *second;

	(void)state;
	if (!sl_input_read(path, NULL, &mbox, sl_test_keep, msgs, &error))
		fail_msg("%s", error->message);
	assert_int_equal(msgs->len, 2);
	first = msgs->pdata[0];
	second = msgs->pdata[1];
	assert_true(g_str_has_prefix(first->body->str, "From the zlib manual"));
	assert_non_null(strstr(first->body->str,
			       "\n\nFrom git-config(1):\n"
			       "From: this line is body text, not a header\n"
			       ">From an already escaped line\n"));
	assert_non_null(strstr(first->body->str, "\n From the top of"));
	assert_string_equal(second->message_id, "from-2@example.org");
	assert_int_equal(second->line, 34);
	assert_true(has_addr(second, "linux-distros@vs.openwall.org", "Cc"));
}

static void expect_refused(const char *name, const char *reason)
{
	g_autofree char *path = g_build_filename(inputs, name, NULL);
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean mbox;

	assert_false(sl_input_read(path, NULL, &mbox, sl_test_keep, msgs, &error));
	assert_non_null(error);
	if (!strstr(error->message, reason))
		fail_msg("%s: '%s' does not say '%s'", name, error->message,
			 reason);
}

static void test_refused_inputs(void **state)
{
	(void)state;
	expect_refused("empty.eml", "empty");
	expect_refused("whitespace.eml", "white space");
	expect_refused("binary.bin", "binary");
	expect_refused("garbage.txt", "does not start with a mail header");
	expect_refused("from-separator-in-body.mbox",
		       "message 2: no mail headers could be parsed");
	expect_refused("does-not-exist.eml", "cannot open");
}

static void test_unparsable_recipients(void **state)
{
	static const char text[] = "From: a@example.org\nTo: ;;;\n"
				   "Subject: s\n\nb\n";
	g_autoptr(GError) error = NULL;
	gboolean mbox;

	(void)state;
	assert_false(sl_input_parse(text, strlen(text), NULL, &mbox, sl_test_keep,
				    NULL, &error));
	assert_non_null(strstr(error->message, "To"));
}

static void test_missing_boundary_refused(void **state)
{
	static const char text[] = "From: a@example.org\nTo: b@example.org\n"
				   "Subject: s\nMIME-Version: 1.0\n"
				   "Content-Type: multipart/mixed\n\nb\n";
	g_autoptr(GError) error = NULL;
	gboolean mbox;

	(void)state;
	assert_false(sl_input_parse(text, strlen(text), NULL, &mbox, sl_test_keep,
				    NULL, &error));
	assert_non_null(strstr(error->message, "boundary"));
}

/*
 * ';' between addresses: git send-email (Mail::Address) and mutt end an
 * address there as at ','; GMime stops at it.  Every address either reads
 * counts, and what Mail::Address makes of a group or a bare word adds
 * nothing GMime has not found.
 */
/* sl_msg_recipients_but_sender(), compared in turn for a few addresses
 * and through a hash set for many, against a set built here: the same
 * addresses in the same order, each once, never the sender's. */
static void test_recipients_but_sender(void **state)
{
	static const guint sizes[] = { 0, 1, 3, 15, 16, 31, 32, 33, 40, 200 };

	(void)state;
	for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
		g_autoptr(GString) text = g_string_new(
			"From: Me <ME@example.org>, other@example.org\nTo: ");
		g_autoptr(GPtrArray) msgs = NULL;
		g_autoptr(GPtrArray) got = NULL;
		g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash,
							      g_str_equal);
		const struct sl_message *m;
		guint k = 0;

		/* Repeats, the senders among them, one case-folded. */
		for (guint i = 0; i < sizes[s]; i++)
			g_string_append_printf(
				text, "%sr%u@Example.org", i ? ", " : "",
				i % 7 == 3 ? i / 2 : i);
		if (sizes[s])
			g_string_append(text, ", me@example.org, "
					      "Other@example.org, r1@example.org");
		g_string_append(text, "\nSubject: s\n\nbody\n");
		msgs = parse(text->str);
		m = one(msgs);
		got = sl_msg_recipients_but_sender(m);
		for (guint j = 0; j < m->from->len; j++)
			g_hash_table_add(seen, ((struct sl_address *)
						m->from->pdata[j])->addr);
		for (guint i = 0; i < m->recipients->len; i++) {
			const struct sl_address *a = m->recipients->pdata[i];

			if (!g_hash_table_add(seen, a->addr))
				continue;
			assert_true(k < got->len);
			assert_ptr_equal(got->pdata[k], a);
			k++;
		}
		assert_int_equal(k, got->len);
		assert_true(sizes[s] < 3 || got->len < m->recipients->len);
	}
}

static void test_semicolon_lists(void **state)
{
	g_autoptr(GPtrArray) msgs = parse(
		"From: a@example.org\n"
		"To: security@kernel.org; linux-distros@vs.openwall.org\n"
		"Cc: A <a@x.example>;B <b@y.example>\n"
		"Cc: team: one@example.org, two@example.org;\n"
		"Cc: Last, First <lf@example.org>, undisclosed-recipients:;\n"
		"Subject: s\n\nb\n");
	const struct sl_message *m = one(msgs);
	const struct sl_address *a;

	(void)state;
	assert_true(has_addr(m, "security@kernel.org", "To"));
	assert_true(has_addr(m, "linux-distros@vs.openwall.org", "To"));
	assert_true(has_addr(m, "a@x.example", "Cc"));
	assert_true(has_addr(m, "b@y.example", "Cc"));
	assert_true(has_addr(m, "one@example.org", "Cc"));
	assert_true(has_addr(m, "two@example.org", "Cc"));
	assert_true(has_addr(m, "lf@example.org", "Cc"));
	assert_int_equal(m->recipients->len, 7);
	a = m->recipients->pdata[1];	/* found after the ';', and located */
	assert_int_equal(a->line, 2);
	assert_int_equal(a->column, 26);
	a = m->recipients->pdata[3];
	assert_string_equal(a->display, "B");
}

/*
 * GMime's own reading of an address header (the list it built as its
 * parser appended the header), reused by the digest for a header that is
 * the only one of its name, gives what a parse of the value gives:
 * sl_address_add_reading() against sl_address_add_header() on every such
 * header of @text, as GMime's parser builds the message.  Returns how
 * many headers were compared whose reading the digest reuses.
 */
static const char *const gmime_lists[] = {
	"From", "To", "Cc", "Bcc", "Reply-To",
};

static void assert_same_addresses(const GPtrArray *a, const GPtrArray *b)
{
	assert_int_equal(a->len, b->len);
	for (guint i = 0; i < a->len; i++) {
		const struct sl_address *x = a->pdata[i], *y = b->pdata[i];

		assert_string_equal(x->addr, y->addr);
		assert_true(x->display == y->display ||
			    (x->display && y->display &&
			     !strcmp(x->display, y->display)));
		assert_ptr_equal(x->header, y->header);
	}
}

/* Parsed as seclint parses (sl_input_open_message(): an address value
 * GMime must not read is emptied first; GMime's own parser leaks on an
 * unterminated comment, which hostile fixtures hold). */
static unsigned compare_readings(const char *text, gsize len)
{
	gsize start;
	g_autoptr(GMimeParser) parser =
		sl_input_open_message(text, len, &start);
	g_autoptr(GMimeMessage) gm = NULL;
	GMimeHeaderList *headers;
	unsigned reused = 0;

	gm = g_mime_parser_construct_message(parser, NULL);
	if (!gm)
		return 0;
	headers = g_mime_object_get_header_list(GMIME_OBJECT(gm));
	for (size_t k = 0; k < G_N_ELEMENTS(gmime_lists); k++) {
		GMimeHeader *only = NULL;
		g_autoptr(GPtrArray) fast = sl_address_list_new();
		g_autoptr(GPtrArray) slow = sl_address_list_new();
		g_autoptr(GError) fast_error = NULL;
		g_autoptr(GError) slow_error = NULL;
		const char *value;
		gboolean fast_ok, slow_ok;
		int n = 0;

		for (int i = 0; i < g_mime_header_list_get_count(headers); i++) {
			GMimeHeader *h = g_mime_header_list_get_header_at(
				headers, i);

			if (!g_ascii_strcasecmp(g_mime_header_get_name(h),
						gmime_lists[k])) {
				only = h;
				n++;
			}
		}
		if (n != 1)
			continue;
		value = g_mime_header_get_raw_value(only);
		fast_ok = sl_address_add_reading(
			fast, gmime_lists[k], value,
			sl_message_gmime_list(gm, gmime_lists[k]),
			&fast_error);
		slow_ok = sl_address_add_header(slow, gmime_lists[k],
						value, &slow_error);
		assert_int_equal(fast_ok, slow_ok);
		if (!fast_ok)
			assert_string_equal(fast_error->message,
					    slow_error->message);
		assert_same_addresses(fast, slow);
		reused += value && !strchr(value, '(');
	}
	return reused;
}

/* Hostile address header values (the readings are compared on them). */
static const char *const hostile_values[] = {
	"a@example.org",
	"\"Security Officers\" <Security@Kernel.ORG.>",
	"team: one@example.org, two@example.org;",
	"undisclosed-recipients:;",
	"outer: inner: a@x.example;, b@y.example;",
	"=?UTF-8?Q?Zo=C3=AB?= <zoe@example.net>",
	"=?UTF-8?Q?a=2C_b?= <x@example.org>, c@example.org",
	"=?utf-8?b?!!!?= <x@example.org>",
	"=?iso-8859-1?q?J=F6rg?= <j@example.de>",
	"J\xf6rg <j@example.de>, \xff\xfe@example.de",
	"security@kernel.org; linux-distros@vs.openwall.org",
	"A <a@x.example>;B <b@y.example>",
	"Last, First <lf@example.org>",
	"<@relay.example:linux-distros@vs.openwall.org>",
	"\"a\\\"b\"@example.org, \"unterminated <u@example.org>",
	"a@[192.0.2.1], <>, ,,, b@example.org,",
	"x@example.com (security@kernel.org)",
	"(c) a@example.org, b@example.org (x (y) z)",
	"security@kernel.org (x, a@example.org",
	"a@example.org\n\tb@example.org",
	" first@example.org,\n second@example.org ",
	"<a@example.org",
	"a@example.org>",
	"no address at all",
	"\"Peter Chen \\(CIX\\)\" <p@example.org>",
	"'Peter Chen (CIX)' <p@example.org>",
	"a@b@c.example, @example.org, a@",
	";;;",
	"   ",
	"",
};

/* Hostile values, in every header GMime keeps a list of (each header
 * another, so that a list read for the wrong header shows). */
static void test_gmime_reading_hostile(void **state)
{
	unsigned reused = 0;

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(hostile_values); i++) {
		const size_t n = G_N_ELEMENTS(hostile_values);
		g_autofree char *text = g_strdup_printf(
			"From: %s\nTo: %s\nCc: %s\nBcc: %s\nReply-To: %s\n"
			"Subject: s\n\nbody\n", hostile_values[i],
			hostile_values[(i + 1) % n], hostile_values[(i + 2) % n],
			hostile_values[(i + 3) % n], hostile_values[(i + 4) % n]);

		reused += compare_readings(text, strlen(text));
	}
	assert_true(reused > 5 * G_N_ELEMENTS(hostile_values) / 2);
}

/* sl_address_add_first(), the thread scan's reading of From, against the
 * whole reading: the same answer, and the same first address. */
static void test_address_add_first(void **state)
{
	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(hostile_values); i++) {
		g_autoptr(GPtrArray) all = sl_address_list_new();
		g_autoptr(GPtrArray) first = sl_address_list_new();
		gboolean ok = sl_address_add_header(all, "From", hostile_values[i],
						    NULL);

		assert_int_equal(sl_address_add_first(first, "From",
						      hostile_values[i], NULL), ok);
		if (!ok)
			continue;
		assert_int_equal(all->len > 0, first->len > 0);
		assert_true(first->len <= all->len);
		if (all->len)
			assert_string_equal(
				((struct sl_address *)all->pdata[0])->addr,
				((struct sl_address *)first->pdata[0])->addr);
	}
}

/* Every header of every message fixture. */
static void test_gmime_reading_fixtures(void **state)
{
	static const char *const dirs[] = {
		"inputs", "inputs/hostile", "rules", "acceptance", "corpus",
	};
	unsigned reused = 0, files = 0;

	(void)state;
	for (size_t d = 0; d < G_N_ELEMENTS(dirs); d++) {
		g_autofree char *root = g_build_filename(inputs, "..", dirs[d],
							 NULL);
		g_autoptr(GPtrArray) todo = g_ptr_array_new_with_free_func(
			g_free);

		g_ptr_array_add(todo, g_strdup(root));
		while (todo->len) {
			g_autofree char *dir = g_ptr_array_steal_index(
				todo, todo->len - 1);
			g_autoptr(GDir) gd = g_dir_open(dir, 0, NULL);
			const char *name;

			while (gd && (name = g_dir_read_name(gd))) {
				g_autofree char *path = g_build_filename(
					dir, name, NULL);
				g_autofree char *text = NULL;
				gsize len;

				if (g_file_test(path, G_FILE_TEST_IS_DIR) &&
				    strcmp(dirs[d], "inputs")) {
					g_ptr_array_add(todo,
							g_steal_pointer(&path));
					continue;
				}
				if (!g_str_has_suffix(name, ".eml") ||
				    !g_file_get_contents(path, &text, &len,
							 NULL))
					continue;
				files++;
				reused += compare_readings(text, len);
			}
		}
	}
	assert_true(files > 100);
	assert_true(reused > files);
}

/* The thread a message names, alone: every id but its own is outside. */
static void test_thread_alone(void **state)
{
	static const struct {
		const char *headers;
		gboolean followup;
	} cases[] = {
		{ "In-Reply-To: <p@example.org>\n", TRUE },
		/* References alone make a reply too (issue 28, 6b) */
		{ "References: <root@example.org> <p@example.org>\n", TRUE },
		{ "In-Reply-To: <me@example.org>\n", FALSE },
		{ "References: <me@example.org>\nSubject: Re: s\n", FALSE },
		{ "In-Reply-To: \nReferences: \nSubject: Re: s\n", TRUE },
		{ "Subject: Re: s\n", TRUE },
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *text = g_strdup_printf(
			"From: a@example.org\nMessage-ID: <me@example.org>\n"
			"%s\nb\n", cases[i].headers);
		g_autoptr(GPtrArray) msgs = parse(text);
		const struct sl_message *m = one(msgs);

		if (m->followup != cases[i].followup)
			fail_msg("'%s': follow-up %d", cases[i].headers,
				 m->followup);
		if (!strstr(cases[i].headers, "Subject") &&
		    m->reply != cases[i].followup)
			fail_msg("'%s': reply %d", cases[i].headers, m->reply);
	}
}

struct judged {
	struct sl_thread_set *set;
	GPtrArray *msgs;
};

/* Judges each message as the engine does (lint/engine/check.c). */
static gboolean keep_judged(struct sl_message *msg, gpointer data,
			    GError **error)
{
	struct judged *j = data;

	sl_thread_judge(j->set, msg);
	sl_thread_set_add_message(j->set, msg);
	return sl_test_keep(msg, j->msgs, error);
}

/* The follow-ups of an mbox read as one run: "1" or "0" per message. */
static char *run_followups(struct sl_thread_set *set, const char *mbox)
{
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	struct judged j = { set, msgs };
	g_autoptr(GError) error = NULL;
	GString *out = g_string_new(NULL);
	gboolean is_mbox;

	sl_input_scan_threads(mbox, strlen(mbox), set);
	if (!sl_input_parse(mbox, strlen(mbox), NULL, &is_mbox, keep_judged,
			    &j, &error))
		fail_msg("parse failed: %s", error->message);
	for (guint i = 0; i < msgs->len; i++)
		g_string_append_c(out, ((const struct sl_message *)
					msgs->pdata[i])->followup ? '1' : '0');
	return g_string_free(out, FALSE);
}

#define SEP "From 0000000000000000000000000000000000000000 " \
	"Mon Sep 17 00:00:00 2001\n"
#define MSG_FROM(from, id, thread) SEP "From: " from "\nMessage-ID: <" id \
	">\n" thread "Subject: [PATCH] s\n\nb\n"
#define MSG(id, thread) MSG_FROM("A <a@example.org>", id, thread)
#define LONG_NAME "\"" \
	"Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
	"Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
	"Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
	"Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\""

static void test_thread_run(void **state)
{
	static const struct {
		const char *mbox;
		const char *followups;
	} cases[] = {
		/* a series threaded to its first message */
		{ MSG("1@x", "") MSG("2@x", "In-Reply-To: <1@x>\n")
		  MSG("3@x", "In-Reply-To: <1@x>\nReferences: <1@x>\n"),
		  "000" },
		/* References alone, within the run */
		{ MSG("1@x", "") MSG("2@x", "References: <1@x>\n"), "00" },
		/* a reply to a message further on, and a cycle */
		{ MSG("1@x", "In-Reply-To: <2@x>\n") MSG("2@x", ""), "00" },
		{ MSG("1@x", "In-Reply-To: <2@x>\n")
		  MSG("2@x", "In-Reply-To: <1@x>\n"), "00" },
		/* a series sent as a reply to an outside thread: all are */
		{ MSG("1@x", "In-Reply-To: <out@y>\n")
		  MSG("2@x", "In-Reply-To: <1@x>\n")
		  MSG("3@x", "In-Reply-To: <2@x>\n"), "111" },
		{ MSG("3@x", "In-Reply-To: <2@x>\n")
		  MSG("2@x", "In-Reply-To: <1@x>\n")
		  MSG("1@x", "References: <out@y>\n"), "111" },
		/* one id outside among those of the run */
		{ MSG("1@x", "") MSG("2@x", "References: <out@y> <1@x>\n"),
		  "01" },
		/* a saved thread: a reply to another sender is a conversation,
		 * and so is what replies to it; one's own (however the From
		 * is spelt) is not */
		{ MSG("1@x", "") MSG_FROM("b@example.org", "2@x",
					 "In-Reply-To: <1@x>\n")
		  MSG("3@x", "In-Reply-To: <2@x>\n")
		  MSG_FROM("\"Alice\" <A@Example.ORG>", "4@x",
			   "In-Reply-To: <1@x>\n"), "0110" },
		/* the same, the sender's From too long to be kept */
		{ MSG_FROM(LONG_NAME " <a@example.org>", "1@x", "")
		  MSG_FROM("b@example.org", "2@x", "In-Reply-To: <1@x>\n")
		  MSG_FROM(LONG_NAME " <a@example.org>", "3@x",
			   "In-Reply-To: <1@x>\n")
		  MSG_FROM(LONG_NAME " <c@example.org>", "4@x",
			   "In-Reply-To: <1@x>\n"), "0101" },
		/* the scan reads each field wherever it is in the header,
		 * folded, "Name :", not a longer name or a folded line's
		 * text: a reply to a message further on, by its sender or
		 * another */
		{ MSG("1@x", "In-Reply-To: <2@x>\n")
		  SEP "X-Message-Id: <no@y>\nMessage-Id-X: <no@y>\nSubject: "
		  "s\n Message-Id: <no@y>\nMessage-Id :\n <2@x>\nFrom:\n"
		  " A <a@example.org>\n\nb\n", "00" },
		{ MSG("1@x", "In-Reply-To: <2@x>\n")
		  SEP "Subject: s\nMessage-ID: <2@x>\nFrom-X: A "
		  "<a@example.org>\nFrom:\n b@example.org\n\nb\n", "10" },
	};

	(void)state;
	/* Both kinds of run: keyed by SHA-256 and by the ids themselves. */
	for (size_t i = 0; i < 2 * G_N_ELEMENTS(cases); i++) {
		size_t c = i / 2;
		g_autoptr(sl_thread_set) set = i % 2
			? sl_thread_set_new_in_process() : sl_thread_set_new();
		g_autofree char *got = run_followups(set, cases[c].mbox);

		if (strcmp(got, cases[c].followups))
			fail_msg("case %zu (%s): follow-ups %s, want %s", c,
				 i % 2 ? "in process" : "recorded", got,
				 cases[c].followups);
	}
}

/* An id that is a prefix of another, or differs in one byte, is another
 * message; a message naming only itself, or an id the run lacks, reads
 * the same in both kinds of run. */
static void test_thread_exact_ids(void **state)
{
	static const struct {
		const char *mbox;
		const char *followups;
	} cases[] = {
		{ MSG("1@x", "") MSG("2@x", "In-Reply-To: <1@xy>\n"), "01" },
		{ MSG("1@x", "") MSG("2@x", "In-Reply-To: <1@X>\n"), "01" },
		{ MSG("1@x", "") MSG("2@x", "In-Reply-To: <11@x>\n"), "01" },
		{ MSG("1@x", "In-Reply-To: <1@x>\n"), "0" },
		{ MSG("1@x", "References: <1@x> <1@x>\n")
		  MSG("2@x", "References: <2@x> <1@x>\n"), "00" },
		{ MSG_FROM("b@example.org", "1@x", "")
		  MSG("2@x", "In-Reply-To: <1@x>\n")
		  MSG("3@x", "In-Reply-To: <2@x>\n"), "011" },
	};

	(void)state;
	for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
		g_autoptr(sl_thread_set) sha = sl_thread_set_new();
		g_autoptr(sl_thread_set) exact = sl_thread_set_new_in_process();
		g_autofree char *a = run_followups(sha, cases[c].mbox);
		g_autofree char *b = run_followups(exact, cases[c].mbox);

		if (strcmp(a, cases[c].followups) ||
		    strcmp(b, cases[c].followups))
			fail_msg("case %zu: follow-ups %s and %s, want %s", c,
				 a, b, cases[c].followups);
	}
}

/* Single messages, each judged before it joins the run (as files are,
 * lint/engine/check.c): a reply to an id the run lacks is a follow-up,
 * one to itself or to an earlier message of the run is not. */
static void test_thread_files(void **state)
{
	static const char *const texts[] = {
		"From: a@example.org\nMessage-ID: <1@x>\nIn-Reply-To: <0@x>\n"
		"Subject: s\n\nb\n",
		"From: a@example.org\nMessage-ID: <2@x>\nIn-Reply-To: <2@x>\n"
		"Subject: s\n\nb\n",
		"From: a@example.org\nMessage-ID: <3@x>\nReferences: <2@x>\n"
		"Subject: s\n\nb\n",
		"From: a@example.org\nMessage-ID: <4@x>\nReferences: <2@x> "
		"<9@x>\nSubject: s\n\nb\n",
		"From: a@example.org\nIn-Reply-To: <3@x>\nSubject: s\n\nb\n",
		"From: a@example.org\nIn-Reply-To: <8@x>\nSubject: s\n\nb\n",
	};
	static const gboolean followup[] = { TRUE, FALSE, FALSE, TRUE,
					     FALSE, TRUE };

	(void)state;
	for (int exact = 0; exact < 2; exact++) {
		g_autoptr(sl_thread_set) set =
			exact ? sl_thread_set_new_in_process()
			      : sl_thread_set_new();

		for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
			g_autoptr(GPtrArray) msgs = sl_test_messages_new();
			struct judged j = { set, msgs };
			g_autoptr(GError) error = NULL;
			gboolean is_mbox;
			const struct sl_message *m;

			if (!sl_input_parse(texts[i], strlen(texts[i]), NULL,
					    &is_mbox, keep_judged, &j, &error))
				fail_msg("parse failed: %s", error->message);
			m = one(msgs);
			if (m->followup != followup[i])
				fail_msg("%s, message %zu: follow-up %d",
					 exact ? "in process" : "recorded", i,
					 m->followup);
		}
	}
}

/* A run that replies to an outside message (git send-email
 * --in-reply-to), and messages of the run judged before (its record). */
static void test_thread_run_context(void **state)
{
	(void)state;
	for (int exact = 0; exact < 2; exact++) {
		g_autoptr(sl_thread_set) set =
			exact ? sl_thread_set_new_in_process()
			      : sl_thread_set_new();
		g_autoptr(sl_thread_set) outside =
			exact ? sl_thread_set_new_in_process()
			      : sl_thread_set_new();
		g_autofree char *got = NULL;

		sl_thread_set_add_judged(set, "cover@x", NULL, FALSE);
		sl_thread_set_add_judged(set, "earlier@x", NULL, TRUE);
		got = run_followups(set,
				    MSG("1@x", "In-Reply-To: <cover@x>\n")
				    MSG("2@x", "In-Reply-To: <earlier@x>\n")
				    MSG("3@x", ""));
		assert_string_equal(got, "010");
		g_free(got);
		sl_thread_set_reply_outside(outside);
		got = run_followups(outside, MSG("1@x", "") MSG("2@x", ""));
		assert_string_equal(got, "11");
	}
}

/* git send-email sends every patch as its user, whoever wrote it: a
 * series of several authors' patches is still one sender's. */
static void test_thread_one_sender(void **state)
{
	(void)state;
	for (int exact = 0; exact < 2; exact++) {
		g_autoptr(sl_thread_set) set =
			exact ? sl_thread_set_new_in_process()
			      : sl_thread_set_new();
		g_autofree char *got = NULL;

		sl_thread_set_one_sender(set);
		got = run_followups(set, MSG("1@x", "")
					 MSG_FROM("b@example.org", "2@x",
						  "In-Reply-To: <1@x>\n"));
		assert_string_equal(got, "00");
	}
}

/* What the digest made of each message of @text read as an mbox, or the
 * error: to compare two readings. */
static GString *digest_of(const char *text)
{
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	GString *out = g_string_new(NULL);
	gboolean is_mbox;

	if (!sl_input_parse(text, strlen(text), NULL, &is_mbox, sl_test_keep,
			    msgs, &error))
		g_string_append_printf(out, "error %s\n", error->message);
	for (guint i = 0; i < msgs->len; i++) {
		const struct sl_message *m = msgs->pdata[i];
		GPtrArray *lists[] = { m->from, m->recipients, m->followup_to };

		g_string_append_printf(out, "%u <%s> %s\n", m->index,
				       m->message_id ? m->message_id : "",
				       m->subject ? m->subject : "");
		for (guint l = 0; l < G_N_ELEMENTS(lists); l++)
			for (guint k = 0; k < lists[l]->len; k++) {
				const struct sl_address *a = lists[l]->pdata[k];

				g_string_append_printf(
					out, " %u %s %s '%s' %u:%u\n", l,
					a->header, a->addr,
					a->display ? a->display : "",
					a->line, a->column);
			}
		for (guint k = 0; k < m->parts->len; k++)
			g_string_append_printf(
				out, " part %s %s\n",
				((const struct sl_part *)m->parts->pdata[k])->path,
				((const struct sl_part *)m->parts->pdata[k])->type);
		g_string_append_printf(out, " body %s\n", m->body->str);
	}
	return out;
}

#define ADDR_SEP "From 0000000000000000000000000000000000000000 " \
	"Mon Sep 17 00:00:00 2001\n"

/*
 * GMime's address header pattern is left off a message whose address
 * headers its callback could not act on (sl_input_address_headers_plain):
 * where that says so, the callback does not act (with the check on, an
 * abort) and the digest is the one made with the pattern; where an
 * address header anywhere (a MIME part's, an attached message's, folded,
 * "cc :") has a '(' or too many ':' or ',', it does not say so.  Every
 * input and hostile message of the tests, and the cases here, each read
 * as one message of an mbox.
 */
static void test_address_headers_plain(void **state)
{
	static const struct {
		const char *text;
		gboolean plain;
	} cases[] = {
		{ "From: a@b.org\nTo: c@d.org\nSubject: f(x)\n\nbody (x)\n"
		  "Cc: stable@vger.kernel.org # 6.1\n", TRUE },
		{ "From: a@b.org\nX-To: (x\nTox: (x\nTo-Do: (x\n\n)\n", TRUE },
		{ "From: a@b.org\nTo: c@d.org (c\n\nb\n", FALSE },
		{ "From: a@b.org\ncc : c@d.org (c)\n\nb\n", FALSE },
		{ "From: a@b.org\nTo: c@d.org,\n (c\n\nb\n", FALSE },
		{ "From: a@b.org\nTo: c@d.org,\n\t(c\n\nb\n", FALSE },
		{ "From: (a@b.org\nTo: c@d.org\n\nb\n", FALSE },
		{ "From: a@b.org\nTo: c@d.org\n\n (x\n", FALSE },
		{ "From: a@b.org\nTo: c@d.org\nContent-Type: multipart/mixed; "
		  "boundary=b\n\n--b\nReply-To: (x\n\npart\n--b--\n", FALSE },
		{ "From: a@b.org\nTo: c@d.org\nContent-Type: message/rfc822"
		  "\n\nFrom: e@f.org\nSENDER: (x\nBcc: g@h.org\n\ninner\n",
		  FALSE },
		{ "From: a@b.org\nTo: c@d.org\nContent-Type: message/rfc822"
		  "\n\nFrom: e@f.org\nBcc: g@h.org\n\ninner\n", TRUE },
		{ "From: a@b.org\r\nTo: c@d.org (x\r\n\r\nb\r\n", FALSE },
	};
	g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GDir) dir = NULL;
	g_autofree char *hostile = g_build_filename(inputs, "hostile", NULL);
	const char *dirs[] = { inputs, hostile };
	GString *many = g_string_new("From: a@b.org\nTo: ");
	gsize head = many->len;
	unsigned plain = 0;

	(void)state;
	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		if (sl_input_address_headers_plain(cases[i].text,
						   strlen(cases[i].text)) !=
		    cases[i].plain)
			fail_msg("case %u: not %d", i, cases[i].plain);
		g_ptr_array_add(texts, g_strdup(cases[i].text));
	}
	for (guint i = 0; i < 1001; i++)
		g_string_append(many, "a:");
	assert_false(sl_input_address_headers_plain(many->str, many->len));
	g_string_truncate(many, head);
	for (guint i = 0; i < 9999; i++)
		g_string_append_c(many, ',');
	g_string_append(many, "\n\nb\n");
	assert_true(sl_input_address_headers_plain(many->str, many->len));
	g_string_insert_c(many, (gssize)head, ',');
	assert_false(sl_input_address_headers_plain(many->str, many->len));
	g_ptr_array_add(texts, g_string_free(many, FALSE));
	for (guint d = 0; d < G_N_ELEMENTS(dirs); d++) {
		const char *name;

		dir = g_dir_open(dirs[d], 0, NULL);
		assert_non_null(dir);
		while ((name = g_dir_read_name(dir))) {
			g_autofree char *path = g_build_filename(dirs[d], name,
								 NULL);
			char *bytes;

			if (!g_str_has_suffix(name, ".eml") ||
			    !g_file_get_contents(path, &bytes, NULL, NULL))
				continue;
			g_ptr_array_add(texts, bytes);
		}
		g_clear_pointer(&dir, g_dir_close);
	}
	for (guint i = 0; i < texts->len; i++) {
		g_autofree char *mbox = g_strconcat(ADDR_SEP, texts->pdata[i],
						    NULL);
		g_autoptr(GString) fast = NULL;
		g_autoptr(GString) slow = NULL;

		plain += sl_input_address_headers_plain(texts->pdata[i],
							strlen(texts->pdata[i]));
		sl_input_check_address_headers(FALSE);
		fast = digest_of(mbox);
		sl_input_check_address_headers(TRUE);
		slow = digest_of(mbox);	/* aborts where the pre-scan erred */
		sl_input_check_address_headers(FALSE);
		assert_string_equal(fast->str, slow->str);
	}
	/* Most are plain, some are not. */
	assert_true(plain > 5 && plain < texts->len);
}

/* Every .eml file of @dir, read into @texts. */
static void add_emls(GPtrArray *texts, const char *dir_name)
{
	g_autoptr(GDir) dir = g_dir_open(dir_name, 0, NULL);
	const char *name;

	assert_non_null(dir);
	while ((name = g_dir_read_name(dir))) {
		g_autofree char *path = g_build_filename(dir_name, name, NULL);
		char *bytes;

		if (g_str_has_suffix(name, ".eml") &&
		    g_file_get_contents(path, &bytes, NULL, NULL))
			g_ptr_array_add(texts, bytes);
	}
}

/*
 * The messages GMime may parse without its warning callback
 * (lint/mail/quiet.c): each shape it complains of is refused by the
 * pre-scan, its near misses pass; and every fixture, hostile input and
 * case, and variants of their header sections mangled at random, are
 * parsed with the check on, which aborts where a message found quiet
 * draws a complaint seclint refuses for, and digested the same either way.
 */
static void test_parse_quiet(void **state)
{
	static const struct {
		const char *text;
		gboolean quiet;
		const char *refused;	/* the parse's refusal, if any */
	} cases[] = {
		{ "From: a@b.org\nTo: c@d.org\nSubject: s\n\nbody\n",
		  TRUE, NULL },
		{ "From: a@b.org\r\nSubject: s\r\n\r\nbody\r\n", TRUE, NULL },
		{ "From: a@b.org\nSubject: s\n\n", TRUE, NULL },
		{ "From: a@b.org\nTo: c@d.org\nTo: e@f.org\nCc: g@h.org\n"
		  "CC: i@j.org\nbcc: k@l.org\nBcc: m@n.org\n\nb\n",
		  TRUE, NULL },
		{ "From: a@b.org\nX-A: 1\nX-A: 2\nReceived: x\nReceived: y\n"
		  "Subject: s\n  folded\n\tand again\n\nb\n", TRUE, NULL },
		{ "From: a@b.org\nSubject: s\nSubject: t\n\nb\n", FALSE,
		  "conflicting header" },
		{ "From: a@b.org\nSubject: s\nsubject: s\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nDate: x\nDate: y\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nFrom: c@d.org\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nMessage-ID: <1@b>\nMessage-Id: <2@b>\n\nb\n",
		  FALSE, NULL },
		{ "From: a@b.org\nReferences: <1@b>\nReferences: <2@b>\n\nb\n",
		  FALSE, NULL },
		{ "From: a@b.org\nSubject: s\n", FALSE, NULL },
		{ "From: a@b.org\nSubject: s", FALSE, NULL },
		{ "From: a@b.org\nSubject: s\n folded", FALSE, NULL },
		{ "From: a@b.org\nBad Name: x\n\nb\n", FALSE,
		  "invalid header name" },
		{ "From: a@b.org\nName : x\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nno colon here\n\nb\n", FALSE, NULL },
		{ " From: a@b.org\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nX\001: x\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nX\303\251: x\n\nb\n", FALSE, NULL },
		{ ": x\nFrom: a@b.org\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\n\r\r\nb\n", FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain; charset=utf-8; "
		  "format=flowed\n\nb\n", TRUE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain;\n charset=\"utf-8\""
		  "\n\nb\n", TRUE, NULL },
		{ "From: a@b.org\nContent-Type: TEXT / X-DIFF ;\n\n\nb\n",
		  TRUE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain; charset=utf-8; "
		  "CHARSET=latin1\n\nb\n", FALSE,
		  "conflicting header parameter" },
		{ "From: a@b.org\nContent-Type: text/plain\nContent-Type: "
		  "text/html\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nContent-Type: multipart/mixed\n\nb\n", FALSE,
		  "boundary" },
		{ "From: a@b.org\nContent-Type: Multipart/Mixed; boundary=x\n\n"
		  "--x\n\nb\n--x--\n", FALSE, NULL },
		{ "From: a@b.org\nContent-Type: message/rfc822\n\nSubject: a\n"
		  "Subject: b\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nContent-Type: (c) multipart/mixed\n\nb\n",
		  FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain (c)\n\nb\n",
		  FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain; =?us-ascii?q?a=3D1;"
		  "_a=3D2?=\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain; a*0=x; a*1=y\n"
		  "\nb\n",
		  FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain; a=\"x\\\"; "
		  "a=y\"\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain; a=\"x\n\nb\n",
		  FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain; a=x b\n\nb\n",
		  FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text/plain; charset=\xe9\n"
		  "\nb\n",
		  FALSE, NULL },
		{ "From: a@b.org\nContent-Type: text\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nContent-Type:\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nContent-Disposition: inline\n\nb\n",
		  TRUE, NULL },
		{ "From: a@b.org\nContent-Disposition: attachment; filename=\""
		  "a b.txt\"\n\nb\n", TRUE, NULL },
		{ "From: a@b.org\nContent-Disposition: attachment; filename=a; "
		  "FileName=b\n\nb\n", FALSE, "conflicting header parameter" },
		{ "From: a@b.org\nContent-Transfer-Encoding: 7bit\n"
		  "Content-Transfer-Encoding: 8bit\n\nb\n", FALSE,
		  "conflicting header" },
		{ "From: a@b.org\nContent-Transfer-Encoding: 7bit\n"
		  "content-transfer-encoding: 7bit\n\nb\n", FALSE, NULL },
		{ "From: a@b.org\nContent-ID: <1@b>\nContent-Id: <2@b>\n\nb\n",
		  FALSE, "conflicting header" },
		{ "From: a@b.org\nContent-Transfer-Encoding: 7bit\n"
		  "Content-Language: en\nContent-Description: d\n\nb\n",
		  TRUE, NULL },
		{ "From: a@b.org\nContent-Disposition: ; filename=a\n\nb\n",
		  FALSE, NULL },
	};
	static const char mangle[] = " \t:(\";=*\\\001\200\r\n";
	g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GRand) rand = g_rand_new_with_seed(32);
	g_autofree char *hostile = g_build_filename(inputs, "hostile", NULL);
	g_autofree char *rules = g_build_filename(inputs, "..", "rules", NULL);
	g_autofree char *acceptance = g_build_filename(inputs, "..",
						       "acceptance", "msgs",
						       NULL);
	const char *dirs[] = { inputs, hostile, acceptance };
	unsigned quiet = 0, loud = 0, originals, variants = 0, scale = 1;
	const char *scaled = g_getenv("SECLINT_HOSTILE_SCALE");

	(void)state;
	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		const char *t = cases[i].text;
		g_autoptr(GError) error = NULL;
		gboolean mbox;

		if (sl_parse_quiet(t, strlen(t)) != cases[i].quiet)
			fail_msg("case %u: not %d", i, cases[i].quiet);
		g_ptr_array_add(texts, g_strdup(t));
		if (!cases[i].refused)
			continue;
		if (sl_input_parse(t, strlen(t), NULL, &mbox, sl_test_keep,
				   NULL, &error) ||
		    !strstr(error->message, cases[i].refused))
			fail_msg("case %u: not refused for '%s'", i,
				 cases[i].refused);
	}
	for (guint d = 0; d < G_N_ELEMENTS(dirs); d++)
		add_emls(texts, dirs[d]);
	{
		g_autoptr(GDir) dir = g_dir_open(rules, 0, NULL);
		const char *name;

		assert_non_null(dir);
		while ((name = g_dir_read_name(dir))) {
			g_autofree char *sub = g_build_filename(rules, name,
								NULL);

			if (g_file_test(sub, G_FILE_TEST_IS_DIR))
				add_emls(texts, sub);
		}
	}
	assert_true(texts->len > 1000);
	/* Under valgrind, a tenth of the fixtures (every case still). */
	if (scaled && atoi(scaled) > 1)
		scale = (unsigned)atoi(scaled);
	for (guint i = texts->len; i-- > G_N_ELEMENTS(cases);)
		if (i % scale)
			g_ptr_array_remove_index_fast(texts, i);
	originals = texts->len;
	/* Each text as it is, then mangled in its header section: a line
	 * given twice, a byte of it replaced, the empty line dropped. */
	for (guint i = 0, n = texts->len; i < n; i++) {
		const char *t = texts->pdata[i];
		const char *head_end = strstr(t, "\n\n");
		gsize head = head_end ? (gsize)(head_end - t) + 1 : strlen(t);

		for (guint v = 0; v < 3 && head > 1; v++) {
			GString *m = g_string_new(t);
			gsize at = (gsize)g_rand_int_range(rand, 0,
							   (gint32)head);
			const char *eol = memchr(m->str + at, '\n', head - at);
			gsize sol = at;

			while (sol && m->str[sol - 1] != '\n')
				sol--;
			switch (v % 3) {
			case 0:
				if (eol)	/* the line, given twice */
					g_string_insert_len(
						m, (gssize)sol, m->str + sol,
						eol + 1 - (m->str + sol));
				break;
			case 1:
				m->str[at] = mangle[g_rand_int_range(
					rand, 0, sizeof(mangle) - 1)];
				break;
			default:
				if (head_end)
					g_string_erase(m, (gssize)head, 1);
				break;
			}
			g_ptr_array_add(texts, g_string_free(m, FALSE));
			variants++;
		}
	}
	for (guint i = 0; i < texts->len; i++) {
		const char *t = texts->pdata[i];
		g_autofree char *mbox = g_strconcat(ADDR_SEP, t, NULL);
		g_autoptr(GString) fast = NULL;
		g_autoptr(GString) slow = NULL;
		gboolean q = sl_parse_quiet(t, strlen(t));

		if (i < originals)
			quiet += q;
		else
			loud += !q;
		/* The mbox path (each mangled text), and the single
		 * message's (each whole one). */
		sl_parse_quiet_check(TRUE);
		slow = digest_of(mbox);	/* aborts where it erred */
		sl_parse_quiet_check(FALSE);
		fast = digest_of(mbox);
		assert_string_equal(fast->str, slow->str);
		if (i >= originals)
			continue;
		g_string_free(fast, TRUE);
		fast = digest_of(t);
		g_string_free(slow, TRUE);
		sl_parse_quiet_check(TRUE);
		slow = digest_of(t);
		sl_parse_quiet_check(FALSE);
		assert_string_equal(fast->str, slow->str);
	}
	print_message("%u texts (%u quiet), %u variants (%u not)\n",
		      originals, quiet, variants, loud);
	/* Most whole texts are quiet, many mangled ones are not. */
	assert_true(variants > 3000 / scale);
	assert_true(quiet > originals / 2 && quiet < originals);
	assert_true(loud > variants / 4 && loud < variants);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_normalise),
		cmocka_unit_test(test_display_name_is_not_address),
		cmocka_unit_test(test_encoded_subject),
		cmocka_unit_test(test_mime_digest),
		cmocka_unit_test(test_part_heads),
		cmocka_unit_test(test_text_decoded_from_window),
		cmocka_unit_test(test_digest_hostile_headers),
		cmocka_unit_test(test_body_and_followup),
		cmocka_unit_test(test_text_decoding_paths),
		cmocka_unit_test(test_followup_detection),
		cmocka_unit_test(test_reply_prefix_shared),
		cmocka_unit_test(test_mbox_split),
		cmocka_unit_test(test_mbox_from_in_body),
		cmocka_unit_test(test_refused_inputs),
		cmocka_unit_test(test_unparsable_recipients),
		cmocka_unit_test(test_missing_boundary_refused),
		cmocka_unit_test(test_sender_and_date),
		cmocka_unit_test(test_semicolon_lists),
		cmocka_unit_test(test_recipients_but_sender),
		cmocka_unit_test(test_address_add_first),
		cmocka_unit_test(test_gmime_reading_hostile),
		cmocka_unit_test(test_gmime_reading_fixtures),
		cmocka_unit_test(test_thread_alone),
		cmocka_unit_test(test_thread_run),
		cmocka_unit_test(test_thread_exact_ids),
		cmocka_unit_test(test_thread_files),
		cmocka_unit_test(test_thread_run_context),
		cmocka_unit_test(test_thread_one_sender),
		cmocka_unit_test(test_address_headers_plain),
		cmocka_unit_test(test_parse_quiet),
	};
	int rc;

	if (argc != 2)
		return 2;
	inputs = argv[1];
	/* A GLib or GMime critical (a NULL filter, say) is a failure. */
	g_log_set_always_fatal(G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
	/* Every shortcut of the digest proven as the tests read messages. */
	g_setenv("SECLINT_CHECK_DIGEST", "1", TRUE);
	g_mime_init();
	rc = cmocka_run_group_tests_name("message", tests, NULL, NULL);
	g_mime_shutdown();
	return rc;
}
