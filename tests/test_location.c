// SPDX-License-Identifier: GPL-2.0-only
/*
 * Locations: the line (counted from the start of the file, also in an
 * mbox) and column that a finding's 'where' and excerpt resolve to, from
 * memory and from a file.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "address.h"
#include "input.h"
#include "location.h"
#include "message.h"
#include "testlib.h"

/*
 * Line numbers on the right.  Message 2 is multipart with a base64 part
 * and a message/rfc822 attachment.
 */
static const char mbox[] =
	"From a@example.org Mon Sep 17 00:00:00 2001\n"		/* 1 */
	"From: A <a@example.org>\n"				/* 2 */
	"To: security@kernel.org\n"				/* 3 */
	"Subject: first\n"					/* 4 */
	"\n"							/* 5 */
	"hello\n"						/* 6 */
	"\n"							/* 7 */
	"From a@example.org Mon Sep 17 00:00:00 2001\n"		/* 8 */
	"From: A <a@example.org>\n"				/* 9 */
	"To: x@example.org,\n"					/* 10 */
	"  linux-distros@vs.openwall.org\n"			/* 11 */
	"Cc: y@example.org\n"					/* 12 */
	"Cc: distros@vs.openwall.org, Sec <security@kernel.org>\n" /* 13 */
	"Subject: foo [vs] bar\n"				/* 14 */
	"MIME-Version: 1.0\n"					/* 15 */
	"Content-Type: multipart/mixed; boundary=XX\n"		/* 16 */
	"\n"							/* 17 */
	"--XX\n"						/* 18 */
	"Content-Type: text/plain\n"				/* 19 */
	"\n"							/* 20 */
	"> please sign our NDA\n"				/* 21 */
	"first line\n"						/* 22 */
	"  please sign our NDA\n"				/* 23 */
	"--XX\n"						/* 24 */
	"Content-Type: text/plain\n"				/* 25 */
	"Content-Transfer-Encoding: base64\n"			/* 26 */
	"\n"							/* 27 */
	"bGluZSBvbmUKVExQOlJFRAo=\n"				/* 28 */
	"--XX\n"						/* 29 */
	"Content-Type: message/rfc822\n"			/* 30 */
	"\n"							/* 31 */
	"Subject: inner\n"					/* 32 */
	"\n"							/* 33 */
	"inner body\n"						/* 34 */
	"--XX--\n";						/* 35 */

static GPtrArray *from_memory(void)
{
	GPtrArray *msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean is_mbox;

	if (!sl_input_parse(mbox, strlen(mbox), NULL, &is_mbox, sl_test_keep, msgs,
			    &error))
		fail_msg("parse failed: %s", error->message);
	return msgs;
}

static GPtrArray *from_file(void)
{
	GPtrArray *msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	g_autofree char *path = NULL;
	gboolean is_mbox;
	int fd = g_file_open_tmp("seclint-loc-XXXXXX", &path, NULL);

	assert_true(fd >= 0);
	assert_true(write(fd, mbox, strlen(mbox)) == (ssize_t)strlen(mbox));
	close(fd);
	if (!sl_input_read(path, NULL, &is_mbox, sl_test_keep, msgs, &error))
		fail_msg("read failed: %s", error->message);
	unlink(path);
	return msgs;
}

/* Where a finding with this where/excerpt/text points. */
static void expect(const struct sl_message *msg, const char *where,
		   const char *excerpt, const char *text, unsigned line,
		   unsigned column)
{
	struct sl_location f = { .text = text };

	sl_locate(msg, where, excerpt, &f);
	if (f.line != line || f.column != column)
		fail_msg("%s/%s: %u:%u, want %u:%u", where ? where : "-",
			 excerpt ? excerpt : "-", f.line, f.column, line,
			 column);
}

static void check_locations(GPtrArray *msgs)
{
	const struct sl_message *m1, *m2;

	assert_int_equal(msgs->len, 2);
	m1 = msgs->pdata[0];
	m2 = msgs->pdata[1];
	assert_int_equal(m1->line, 2);
	assert_int_equal(m2->line, 9);
	expect(m1, "To", NULL, "security@kernel.org", 3, 5);
	expect(m1, "Subject", NULL, "x", 4, 0);
	expect(m1, "body", NULL, "x", 6, 0);
	/* An address on a continuation line; the one the text names. */
	expect(m2, "To", NULL, "linux-distros@vs.openwall.org and more", 11, 3);
	expect(m2, "To", NULL, "x@example.org", 10, 5);
	/* Several Cc headers: the one of the recipient named first, not
	 * the 'distros@' inside 'linux-distros@'. */
	expect(m2, "Cc", NULL, "security@kernel.org (To) and "
	       "linux-distros@vs.openwall.org and distros@vs.openwall.org",
	       13, 35);
	expect(m2, "Cc", NULL, "distros@vs.openwall.org is here", 13, 5);
	expect(m2, "Cc", "y@example.org", "whatever", 12, 5);
	expect(m2, "Cc", NULL, "names nobody", 12, 5);
	expect(m2, "From", NULL, "a@example.org", 9, 10);
	expect(m2, "Subject", "[vs]", "tag", 14, 14);
	expect(m2, "Subject", "[nope]", "tag", 14, 0);
	/* Not on the quoted line; exact for an 8bit part. */
	expect(m2, "body", "sign our NDA", "x", 23, 10);
	expect(m2, "body", NULL, "x", 21, 0);
	/* base64: the part's first content line is what is honest. */
	expect(m2, "body", "TLP:RED", "x", 28, 0);
	expect(m2, "part 1", NULL, "x", 19, 0);
	expect(m2, "part 2", NULL, "x", 25, 0);
	expect(m2, "part 3", NULL, "x", 30, 0);
	expect(m2, "part 3.1", NULL, "x", 34, 0);
	expect(m2, "part 0", NULL, "x", 16, 0);
	/* Unknown: at least the message. */
	expect(m2, "Date", NULL, "x", 9, 0);
	expect(m2, NULL, NULL, "x", 9, 0);
}

static void test_memory(void **state)
{
	g_autoptr(GPtrArray) msgs = from_memory();

	(void)state;
	check_locations(msgs);
}

static void test_file(void **state)
{
	g_autoptr(GPtrArray) msgs = from_file();

	(void)state;
	check_locations(msgs);
}

/* Columns count characters, not bytes. */
static void test_columns_are_characters(void **state)
{
	static const char text[] =
		"From: a@example.org\n"
		"To: \"Ünïcödé\" <security@kernel.org>\n"
		"Subject: s\n"
		"Content-Type: text/plain; charset=utf-8\n"
		"\n"
		"Ça, c'est une NDA.\n";
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean is_mbox;

	(void)state;
	assert_true(sl_input_parse(text, strlen(text), NULL, &is_mbox, sl_test_keep,
				   msgs, &error));
	expect(msgs->pdata[0], "To", NULL, "security@kernel.org", 2, 16);
	expect(msgs->pdata[0], "body", "NDA", "x", 6, 15);
}

/* The same address twice in one header: each at its own place. */
static void test_repeated_address(void **state)
{
	static const char text[] =
		"From: a@example.org\n"
		"To: security@kernel.org,\n"
		"    Security@Kernel.org\n"
		"Subject: s\n\nb\n";
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	const struct sl_message *m;
	gboolean is_mbox;

	(void)state;
	assert_true(sl_input_parse(text, strlen(text), NULL, &is_mbox, sl_test_keep,
				   msgs, &error));
	m = msgs->pdata[0];
	assert_int_equal(m->recipients->len, 2);
	for (guint i = 0; i < 2; i++) {
		const struct sl_address *a = m->recipients->pdata[i];

		assert_int_equal(a->line, 2 + i);
		assert_int_equal(a->column, 5);
	}
}

/* Parts are found by path, "10" after "9", nested ones too. */
static void test_many_parts(void **state)
{
	g_autoptr(GString) text = g_string_new(
		"From: a@example.org\nSubject: s\nMIME-Version: 1.0\n"
		"Content-Type: multipart/mixed; boundary=B\n\n");	/* 1-5 */
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean is_mbox;

	(void)state;
	/* Part N: its "--B" on line 5 + 4N - 3, Content-Type on the next. */
	for (int i = 1; i <= 11; i++)
		g_string_append(text, "--B\nContent-Type: text/plain\n\nx\n");
	g_string_append(text, "--B\nContent-Type: multipart/mixed; boundary=C\n"
			"\n--C\nContent-Type: text/plain\n\ny\n--C--\n--B--\n");
	assert_true(sl_input_parse(text->str, text->len, NULL, &is_mbox, sl_test_keep,
				   msgs, &error));
	expect(msgs->pdata[0], "part 1", NULL, "x", 7, 0);
	expect(msgs->pdata[0], "part 9", NULL, "x", 39, 0);
	expect(msgs->pdata[0], "part 10", NULL, "x", 43, 0);
	expect(msgs->pdata[0], "part 12", NULL, "x", 51, 0);
	expect(msgs->pdata[0], "part 12.1", NULL, "x", 54, 0);
	/* No such part: the message. */
	expect(msgs->pdata[0], "part 13", NULL, "x", 1, 0);
	expect(msgs->pdata[0], "part 1.1", NULL, "x", 1, 0);
}

/* An address added on the command line (--to) is in no header. */
static void test_extra_recipient(void **state)
{
	static const char text[] = "From: a@example.org\nSubject: s\n\nb\n";
	g_autoptr(GPtrArray) extra = sl_address_list_new();
	g_autoptr(GPtrArray) msgs = sl_test_messages_new();
	g_autoptr(GError) error = NULL;
	gboolean is_mbox;

	(void)state;
	assert_true(sl_address_add_header(extra, "To", "security@kernel.org",
					  NULL));
	assert_true(sl_input_parse(text, strlen(text), extra, &is_mbox, sl_test_keep,
				   msgs, &error));
	expect(msgs->pdata[0], "To", NULL, "security@kernel.org", 1, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memory),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_columns_are_characters),
		cmocka_unit_test(test_repeated_address),
		cmocka_unit_test(test_many_parts),
		cmocka_unit_test(test_extra_recipient),
	};
	int rc;

	g_mime_init();
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	g_mime_shutdown();
	return rc;
}
