// SPDX-License-Identifier: GPL-2.0-only
/*
 * The crypto side of the digest (which parts are PGP/MIME or S/MIME
 * structure, which armour a part carries) and the text questions of the
 * Openwall-list rules, phrasing by phrasing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <string.h>

#include "crypto.h"
#include "cve-request.h"
#include "engine.h"
#include "facts.h"
#include "message.h"
#include "policy.h"
#include "rule.h"
#include "severity.h"
#include "testlib.h"
#include "text.h"

#define SIG "-----BEGIN PGP SIGNATURE-----\n\niHUEARYKAB0=\n=AbCd\n" \
	    "-----END PGP SIGNATURE-----\n"
#define PGPMSG "-----BEGIN PGP MESSAGE-----\n\nhQEMA0ExYW1wbGU=\n=XyZw\n" \
	       "-----END PGP MESSAGE-----\n"
#define HEAD "From: a@example.org\nTo: b@example.org\nSubject: s\n" \
	     "MIME-Version: 1.0\n"

static const struct sl_part *part(const struct sl_message *m,
				  const char *path)
{
	for (guint i = 0; i < m->parts->len; i++) {
		const struct sl_part *p = m->parts->pdata[i];

		if (!strcmp(p->path, path))
			return p;
	}
	fail_msg("no part %s", path);
	return NULL;
}

/* Asked as the rules ask it, through the message's facts. */
static enum sl_encryption encryption_of(const struct sl_message *m)
{
	g_auto(sl_facts) facts = SL_FACTS_INIT(m, NULL);

	return sl_facts_encryption(&facts);
}

static const char signed_msg[] =
	HEAD "Content-Type: multipart/signed; boundary=o;"
	" protocol=\"application/pgp-signature\"\n\n"
	"--o\nContent-Type: text/plain\n\nhi\n"
	"--o\nContent-Type: application/pgp-signature\n\n" SIG "--o--\n";

static void test_pgp_mime_signed(void **state)
{
	g_autoptr(sl_message) m = sl_test_parse_one(signed_msg);
	g_auto(sl_facts) facts = SL_FACTS_INIT(m, NULL);
	const struct sl_part *sig = part(m, "2");

	(void)state;
	assert_int_equal(sig->crypto_kind, SL_CRYPTO_PGP_SIGNATURE);
	assert_true(sig->crypto);
	assert_int_equal(sig->armor, SL_ARMOR_SIGNATURE);
	assert_int_equal(sl_msg_signing(m), SL_SIGN_PGP_MIME);
	assert_int_equal(encryption_of(m), SL_ENC_NONE);
	assert_false(sl_facts_is_encrypted(&facts));
}

/* Issue 6: a payload in the signature's place is content, not a signature. */
static void test_fake_signatures(void **state)
{
	static const char *const payloads[] = {
		"exploit\n",
		SIG "\nint main(void) { return 0; }\n",
		"int main(void) { return 0; }\n" SIG,
		SIG SIG,
		"-----BEGIN PGP SIGNATURE-----\n\nrm -rf / ; echo pwned\n"
		"-----END PGP SIGNATURE-----\n",
		"-----BEGIN PGP SIGNATURE-----\n\niHUEARYKAB0=\n"
		"Exploit: ./run-me as root\n-----END PGP SIGNATURE-----\n",
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(payloads); i++) {
		g_autofree char *text = g_strdup_printf(
			HEAD "Content-Type: multipart/signed; boundary=o;"
			" protocol=\"application/pgp-signature\"\n\n"
			"--o\nContent-Type: text/plain\n\nhi\n"
			"--o\nContent-Type: application/pgp-signature\n\n"
			"%s--o--\n", payloads[i]);
		g_autoptr(sl_message) m = sl_test_parse_one(text);
		const struct sl_part *sig = part(m, "2");

		if (sig->crypto || sl_msg_signing(m) != SL_SIGN_NONE)
			fail_msg("payload %zu counted as a signature", i);
		assert_true(sl_part_is_attachment(sig));
	}
}

static void test_signature_outside_signed(void **state)
{
	g_autoptr(sl_message) m = sl_test_parse_one(
		HEAD "Content-Type: multipart/mixed; boundary=o\n\n"
		"--o\nContent-Type: text/plain\n\nhi\n"
		"--o\nContent-Type: application/pgp-signature\n\n" SIG
		"--o--\n");

	(void)state;
	assert_false(part(m, "2")->crypto);
	assert_int_equal(part(m, "2")->armor, SL_ARMOR_SIGNATURE);
	assert_int_equal(sl_msg_signing(m), SL_SIGN_NONE);
}

static void test_pgp_mime_encrypted(void **state)
{
	g_autoptr(sl_message) m = sl_test_parse_one(
		HEAD "Content-Type: multipart/encrypted; boundary=o;"
		" protocol=\"application/pgp-encrypted\"\n\n"
		"--o\nContent-Type: application/pgp-encrypted\n\nVersion: 1\n"
		"--o\nContent-Type: application/octet-stream;"
		" name=encrypted.asc\n\n" PGPMSG "--o--\n");

	(void)state;
	assert_int_equal(part(m, "1")->crypto_kind, SL_CRYPTO_PGP_CONTROL);
	assert_int_equal(part(m, "2")->crypto_kind, SL_CRYPTO_PGP_ENCRYPTED);
	assert_int_equal(encryption_of(m), SL_ENC_PGP_MIME);
	assert_int_equal(sl_msg_signing(m), SL_SIGN_NONE);
	assert_false(sl_part_is_manual_pgp(part(m, "2")));
}

static void test_fake_ciphertext(void **state)
{
	g_autoptr(sl_message) m = sl_test_parse_one(
		HEAD "Content-Type: multipart/encrypted; boundary=o;"
		" protocol=\"application/pgp-encrypted\"\n\n"
		"--o\nContent-Type: application/pgp-encrypted\n\n"
		"Version: 1\nand a payload hidden in the control part\n"
		"--o\nContent-Type: application/octet-stream\n\n"
		"the report, in plain text\n--o--\n");

	(void)state;
	assert_false(part(m, "1")->crypto);
	assert_false(part(m, "2")->crypto);
	assert_int_equal(encryption_of(m), SL_ENC_NONE);
	assert_true(sl_part_is_attachment(part(m, "2")));
}

static void test_smime(void **state)
{
	static const char *const types[][2] = {
		{ "application/pkcs7-mime; smime-type=enveloped-data", "e" },
		{ "application/x-pkcs7-mime", "e" },
		{ "application/pkcs7-mime; smime-type=signed-data", "s" },
		{ "application/pkcs7-mime; smime-type=certs-only", "-" },
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(types); i++) {
		g_autofree char *text = g_strdup_printf(
			HEAD "Content-Type: %s; name=smime.p7m\n"
			"Content-Transfer-Encoding: base64\n\nMIIBAgYJKoZI\n",
			types[i][0]);
		g_autoptr(sl_message) m = sl_test_parse_one(text);
		char kind = types[i][1][0];

		assert_true(part(m, "1")->crypto);
		assert_int_equal(encryption_of(m) == SL_ENC_SMIME,
				 kind == 'e');
		assert_int_equal(sl_msg_signing(m) == SL_SIGN_SMIME,
				 kind == 's');
	}
}

static void test_smime_detached(void **state)
{
	g_autoptr(sl_message) good = sl_test_parse_one(
		HEAD "Content-Type: multipart/signed; boundary=o;"
		" protocol=\"application/pkcs7-signature\"\n\n"
		"--o\nContent-Type: text/plain\n\nhi\n"
		"--o\nContent-Type: application/pkcs7-signature\n"
		"Content-Transfer-Encoding: base64\n\nMIIBAgYJKoZI\n--o--\n");
	g_autoptr(sl_message) fake = sl_test_parse_one(
		HEAD "Content-Type: multipart/signed; boundary=o;"
		" protocol=\"application/pkcs7-signature\"\n\n"
		"--o\nContent-Type: text/plain\n\nhi\n"
		"--o\nContent-Type: application/pkcs7-signature\n\n"
		"exploit\n--o--\n");

	(void)state;
	assert_int_equal(sl_msg_signing(good), SL_SIGN_SMIME);
	assert_int_equal(sl_msg_signing(fake), SL_SIGN_NONE);
	assert_true(sl_part_is_attachment(part(fake, "2")));
}

static void test_inline_pgp(void **state)
{
	g_autoptr(sl_message) enc = sl_test_parse_one(HEAD "\nHello,\n\n" PGPMSG);
	g_autoptr(sl_message) quoted = sl_test_parse_one(HEAD "\n> " PGPMSG);
	g_autoptr(sl_message) clear = sl_test_parse_one(
		HEAD "\n-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n"
		"the report\n- -- \nA\n" SIG);
	g_autoptr(sl_message) half = sl_test_parse_one(
		HEAD "\n-----BEGIN PGP SIGNED MESSAGE-----\n\nno signature\n");

	(void)state;
	assert_int_equal(encryption_of(enc), SL_ENC_INLINE_PGP);
	assert_int_equal(encryption_of(quoted), SL_ENC_NONE);
	assert_int_equal(sl_msg_signing(clear), SL_SIGN_INLINE_PGP);
	assert_int_equal(encryption_of(clear), SL_ENC_NONE);
	assert_int_equal(sl_msg_signing(half), SL_SIGN_NONE);
}

static void test_manual_pgp(void **state)
{
	static const char *const cases[][3] = {
		/* type, filename, content; then 1 if manual */
		{ "application/octet-stream", "r.txt.gpg", "\x85\x02" },
		{ "application/pgp-encrypted", "poc.PGP", "bin" },
		{ "application/octet-stream", "x.asc", PGPMSG },
		{ "text/plain", "poc.txt", PGPMSG },
		{ "application/octet-stream", "key.asc",
		  "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDME\n"
		  "-----END PGP PUBLIC KEY BLOCK-----\n" },
		{ "application/octet-stream", "sig.asc", SIG },
		{ "application/pdf", "report.pdf.gpg", "%PDF" },
		{ "text/plain", "notes.asc.txt", "notes" },
		{ "application/octet-stream", "notes.asc", "plain notes" },
	};
	static const gboolean manual[] = { 1, 1, 1, 1, 0, 0, 0, 0, 0 };

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *text = g_strdup_printf(
			HEAD "Content-Type: multipart/mixed; boundary=o\n\n"
			"--o\nContent-Type: text/plain\n\nsee the file\n"
			"--o\nContent-Type: %s\nContent-Disposition: "
			"attachment; filename=\"%s\"\n\n%s\n--o--\n",
			cases[i][0], cases[i][1], cases[i][2]);
		g_autoptr(sl_message) m = sl_test_parse_one(text);

		if (sl_part_is_manual_pgp(part(m, "2")) != manual[i])
			fail_msg("%s (%s): manual PGP wrong", cases[i][1],
				 cases[i][0]);
	}
}

/* Armour is seen through the transfer encoding. */
static void test_armor_base64(void **state)
{
	g_autofree char *b64 = g_base64_encode((const guchar *)PGPMSG,
					       strlen(PGPMSG));
	g_autofree char *text = g_strdup_printf(
		HEAD "Content-Type: multipart/mixed; boundary=o\n\n"
		"--o\nContent-Type: text/plain\n\nsee the file\n"
		"--o\nContent-Type: application/octet-stream; name=x.bin\n"
		"Content-Transfer-Encoding: base64\n\n%s\n--o--\n", b64);
	g_autoptr(sl_message) m = sl_test_parse_one(text);

	(void)state;
	assert_int_equal(part(m, "2")->armor, SL_ARMOR_MESSAGE);
	assert_true(sl_part_is_manual_pgp(part(m, "2")));
}

static void test_cve_requests(void **state)
{
	static const char *const asks[] = {
		"Could you assign a CVE for this issue?",
		"I am requesting a CVE ID for this.",
		"Please reserve a CVE for this erratum.",
		"Details inline. CVE please.",
		"Please assign a cVe ID.", "CVe, please",
		"We would like to request a CVE.",
		"I'd like a CVE for this bug.",
		"Can a CVE be assigned to this?",
		"Could one CVE ID be allocated for both bugs?",
		"Please allocate two CVEs, one per bug.",
		"Requesting CVE IDs for the issues below.",
		"How do I get a CVE\nfor this issue?",
		"This is a CVE request for foo 1.2.",
		"please ASSIGN A CVE",
	};
	static const char *const mentions[] = {
		"A CVE has been requested from MITRE already.",
		"CVE-2026-12345 was assigned by the CNA.",
		"No, the security team does not assign CVEs.",
		"We have requested a CVE from MITRE.",
		"I will request a CVE from MITRE once this is public.",
		"We'll ask for a CVE\nfrom the kernel CNA after the fix.",
		"I already obtained a CVE: CVE-2026-1111.",
		"There is no need to assign a CVE for this.",
		"We don't need a CVE.",
		"The CVEs were reserved by the GitHub CNA.",
		"I contacted MITRE to get a CVE assigned.",
		"The CVE assigned is CVE-2026-2222.",
		"This bug is similar to CVE-2023-0001 (a request handling bug).",
		"The assignment of the fd is racy; see CVE-2024-9999.",
		"vE: please assign cv e ids, or a c\nve",
	};

	(void)state;
	for (size_t i = 0; i < G_N_ELEMENTS(asks); i++)
		if (!sl_text_asks_for_cve(asks[i]))
			fail_msg("not seen as a CVE request: '%s'", asks[i]);
	for (size_t i = 0; i < G_N_ELEMENTS(mentions); i++)
		if (sl_text_asks_for_cve(mentions[i]))
			fail_msg("seen as a CVE request: '%s'", mentions[i]);
}

static void test_without_urls(void **state)
{
	guint urls;
	g_autofree char *a = sl_text_without_urls(
		"Details at <https://example.org/a?b=c>\n\n"
		"and www.example.com/x and ftp://h/p.", &urls);

	(void)state;
	assert_string_equal(a, "Details at and and .");
	assert_int_equal(urls, 3);
}

/* The highest severity @rule reports on @text, or SL_SEV_OFF. */
/* The sender's declarations (--ai-assisted) the tests lint with. */
static struct sl_lint_options declared;

static enum sl_severity lint(const struct sl_policy *policy, const char *text,
			     const char *rule)
{
	g_autoptr(sl_message) m = sl_test_parse_one(text);
	g_autoptr(GPtrArray) findings = sl_lint_message_with(m, policy,
							     &declared);
	enum sl_severity worst = SL_SEV_OFF;

	for (guint i = 0; i < findings->len; i++) {
		const struct sl_finding *f = findings->pdata[i];

		if (!strcmp(f->rule->id, rule))
			worst = MAX(worst, f->severity);
	}
	return worst;
}

#define TO(addr) "From: a@example.org\nTo: " addr "\nSubject: s\n\n"

static void test_severities(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) policy = sl_policy_open(SECLINT_SOURCE_POLICY,
						     NULL, &error);
	static const char nda_and_disclaimer[] =
		TO("security@kernel.org") "Please sign our NDA first.\n\n"
		"This e-mail is confidential and intended solely for the "
		"addressee.\n";
	static const char disclaimer_only[] =
		TO("security@kernel.org") "The bug is in foo_read().\n\n"
		"This message may contain confidential information intended "
		"only for the recipient; it must not be disclosed.\n";
	static const char undisclosed[] =
		TO("linux-distros@vs.openwall.org") "The details.\n";

	(void)state;
	assert_non_null(policy);
	/* "can be" encrypted: a warning; "must be" signed: an error */
	assert_int_equal(lint(policy, TO("hardware-security@kernel.org")
			      "plain\n", "hwsec-not-encrypted"),
			 SL_SEV_WARNING);
	assert_int_equal(lint(policy, TO("hardware-security@kernel.org")
			      PGPMSG, "hwsec-not-encrypted"), SL_SEV_INFO);
	assert_int_equal(lint(policy, TO("hardware-security@kernel.org")
			      "plain\n", "hwsec-not-signed"), SL_SEV_ERROR);
	assert_int_equal(lint(policy, nda_and_disclaimer,
			      "nda-or-confidentiality-demand"), SL_SEV_WARNING);
	assert_int_equal(lint(policy, disclaimer_only,
			      "nda-or-confidentiality-demand"), SL_SEV_INFO);
	/* ai-use-disclosure is silent until the sender declares AI use. */
	assert_int_equal(lint(policy, undisclosed, "ai-use-disclosure"),
			 SL_SEV_OFF);
	declared.ai_assisted = TRUE;
	assert_int_equal(lint(policy, undisclosed, "ai-use-disclosure"),
			 SL_SEV_INFO);
	declared.ai_assisted = FALSE;
}

/* Each body, sent to @to, draws @rule (fire) or not (pass). */
static void expect_phrasings(const struct sl_policy *policy, const char *to,
			     const char *rule, const char *const *bodies,
			     size_t n, gboolean fire)
{
	for (size_t i = 0; i < n; i++) {
		g_autofree char *text = g_strdup_printf(
			"From: a@example.org\nTo: %s\n"
			"Subject: [vs] foo 2.1: overflow\n\n%s\n", to,
			bodies[i]);

		if ((lint(policy, text, rule) != SL_SEV_OFF) != fire)
			fail_msg("%s %s on: %s", rule,
				 fire ? "did not fire" : "fired", bodies[i]);
	}
}

#define PHRASINGS(policy, to, rule, fire, ...)                            \
	do {                                                               \
		static const char *const b_[] = { __VA_ARGS__ };           \
		expect_phrasings(policy, to, rule, b_, G_N_ELEMENTS(b_),   \
				 fire);                                    \
	} while (0)

#define LD "linux-distros@vs.openwall.org"
#define DATE " Embargo until 2026-12-08 14:00 UTC."
#define KERNEL "A use-after-free in the Linux kernel foo driver."

static void test_text_phrasings(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) policy = sl_policy_open(SECLINT_SOURCE_POLICY,
						     NULL, &error);
	const char *low = "distros-cve-only-or-low-severity";
	const char *coord = "distros-coordination-status";

	(void)state;
	assert_non_null(policy);
	PHRASINGS(policy, LD, low, TRUE,
		  "Severity: Low." DATE, "Severity rating: low." DATE,
		  "We rate this as low severity." DATE,
		  "This is a low-risk issue." DATE,
		  "Minor security issue: the log is world-readable." DATE,
		  "It is a harmless bug." DATE,
		  "This has no practical security impact." DATE,
		  "This does not pose a security risk." DATE,
		  "Not a security vulnerability per se, just a crash." DATE,
		  "Defense in depth only." DATE, "CVSSv3: 2.2" DATE,
		  "CVSS score 3.9." DATE, "Impact: none." DATE,
		  "It's only hardening." DATE,
		  "Please assign a CVE for this bug in foo 2.1.",
		  "I'd like a CVE ID for this.");
	PHRASINGS(policy, LD, low, FALSE,
		  "Severity: medium." DATE, "The severity is high." DATE,
		  "This is not low-risk." DATE,
		  "Far from a minor issue, this gives root." DATE,
		  "Previously thought to be low severity, it is exploitable "
		  "remotely." DATE,
		  "The vendor rated it low impact; we think it is "
		  "critical." DATE,
		  "It fails under low memory conditions on low-latency "
		  "kernels." DATE,
		  "A minor number overflow in the device table." DATE,
		  "This bypasses kernel hardening such as KASLR." DATE,
		  "CVSS 9.8 (CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H)"
		  DATE,
		  "It is not just hardening: it is a privilege "
		  "escalation." DATE,
		  "The fix looks like a hardening patch, but it closes a real "
		  "hole." DATE,
		  "There is no security impact without CONFIG_FOO, but "
		  "defconfig enables it." DATE,
		  "Minor version 3.2 is affected." DATE,
		  "If the module is not loaded, there is no security "
		  "impact." DATE,
		  "There is no security impact on systems without "
		  "CONFIG_FOO." DATE,
		  "It is low impact when SELinux is enforcing." DATE,
		  "Please assign a CVE; public disclosure is planned for "
		  "2026-12-08.",
		  "A CVE has been requested from MITRE." DATE);
	PHRASINGS(policy, LD, coord, TRUE,
		  "Linux kernel 6.6 has a use-after-free in foo." DATE,
		  "The bug is in net/ipv4/tcp_input.c." DATE,
		  "Found by syzkaller; reproducer below." DATE,
		  "Linux v6.12-rc1 panics on a crafted packet." DATE,
		  "A kernel heap overflow in the n_gsm line discipline." DATE,
		  "drivers/usb/core/hub.c misses a bounds check." DATE);
	PHRASINGS(policy, LD, coord, FALSE,
		  "glibc 2.39 has a buffer overflow in iconv." DATE,
		  "sudo 1.9.15 has a heap overflow." DATE,
		  "This affects the Linux builds of foo only." DATE,
		  "Go's net/http/server.go panics on a crafted header." DATE,
		  "OpenSSL's crypto/evp/evp_enc.c misreads the IV." DATE,
		  KERNEL " The maintainers were told on Monday." DATE,
		  KERNEL " I reported it upstream last week." DATE,
		  KERNEL " The fix was merged into net.git." DATE,
		  KERNEL " Reported to security@kernel.org too." DATE,
		  KERNEL " We coordinate with the kernel security team." DATE,
		  KERNEL " Nobody else has been notified yet; please advise."
		  DATE);
}

static void test_ai_phrasings(void **state)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(sl_policy) policy = sl_policy_open(SECLINT_SOURCE_POLICY,
						     NULL, &error);
	const char *ai = "ai-use-disclosure";

	(void)state;
	assert_non_null(policy);
	declared.ai_assisted = TRUE;
	PHRASINGS(policy, LD, ai, TRUE,
		  "Found with the help of AI.", "Found using an AI-based tool.",
		  "AI-assisted analysis found it.",
		  "A large language model wrote the reproducer.",
		  "Aided by machine learning.", "The details follow.",
		  "getaddrinfo() with AI_PASSIVE set.",
		  "A.I. helped with triage.");
	PHRASINGS(policy, LD, ai, FALSE,
		  "ChatGPT found it.", "GPT-4o wrote the first PoC.",
		  "Claude 3.5 Sonnet helped with the analysis.",
		  "Gemini 2.5 Pro triaged the fuzzer crashes.",
		  "Assisted-by: Codex", "DeepSeek-R1 was used for triage.",
		  "Google Big Sleep reported it.",
		  "Found by the XBOW agent.");
	declared.ai_assisted = FALSE;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pgp_mime_signed),
		cmocka_unit_test(test_fake_signatures),
		cmocka_unit_test(test_signature_outside_signed),
		cmocka_unit_test(test_pgp_mime_encrypted),
		cmocka_unit_test(test_fake_ciphertext),
		cmocka_unit_test(test_smime),
		cmocka_unit_test(test_smime_detached),
		cmocka_unit_test(test_inline_pgp),
		cmocka_unit_test(test_manual_pgp),
		cmocka_unit_test(test_armor_base64),
		cmocka_unit_test(test_cve_requests),
		cmocka_unit_test(test_without_urls),
		cmocka_unit_test(test_severities),
		cmocka_unit_test(test_text_phrasings),
		cmocka_unit_test(test_ai_phrasings),
	};
	int rc;

	g_mime_init();
	rc = cmocka_run_group_tests_name("openwall", tests, NULL, NULL);
	g_mime_shutdown();
	return rc;
}
