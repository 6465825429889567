#!/bin/sh
# CLI contract: exit codes, output formats, extra recipients, stdin.
# usage: cli.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
in=$dir/inputs
. "$dir/lib.sh"
# Outside any repository: the repository-aware rules would otherwise judge
# the fixtures against the checkout the tests run in (its remote-tracking
# branches, its MAINTAINERS).
cd "$tmp" || exit 1

check clean 0 "$seclint" "$in/clean-report.eml"
check bad 1 "$seclint" "$in/bad-report.eml"
expect_grep bad-text "$tmp/out" \
	"^$in/bad-report.eml:3:5: error: .* \[ksec-with-linux-distros\]$"
expect_grep bad-fix "$tmp/out" "^    fix: "
check empty 2 "$seclint" "$in/empty.eml"
expect_grep empty-reason "$tmp/err" "empty.eml': empty input"
check missing 2 "$seclint" "$tmp/nope.eml"
expect_grep missing-reason "$tmp/err" "nope.eml': cannot open"
check binary 2 "$seclint" "$in/binary.bin"
check garbage 2 "$seclint" "$in/garbage.txt"
# A NUL byte far past the first block is still binary, file or pipe.
{ printf 'From: a@example.org\nTo: b@example.org\nSubject: s\n\n'
  head -c 200000 /dev/zero | tr '\0' x; printf '\000tail\n'; } >"$tmp/late-nul.eml"
check late-nul 2 "$seclint" "$tmp/late-nul.eml"
expect_grep late-nul-reason "$tmp/err" "NUL byte at byte 200050"
check late-nul-pipe 2 sh -c "cat \"$tmp/late-nul.eml\" | \"$seclint\" -"
check input-error-wins 2 "$seclint" "$in/bad-report.eml" "$in/empty.eml"
check no-args 2 "$seclint"
check bad-option 2 "$seclint" --frobnicate "$in/clean-report.eml"
check bad-format 2 "$seclint" --format=xml "$in/clean-report.eml"
check bad-policy 2 "$seclint" --policy "$tmp/none.conf" "$in/clean-report.eml"

check stdin 1 sh -c "\"$seclint\" - < \"$in/bad-report.eml\""
expect_grep stdin-name "$tmp/out" "^<stdin>:3:5: error:"
# A pipe cannot be re-read after the first block is sniffed.
check stdin-pipe 1 sh -c "cat \"$in/series.mbox\" | \"$seclint\" -"
expect_grep stdin-pipe-mbox "$tmp/out" "^<stdin>:33:5: error:"
check stdin-pipe-empty 2 sh -c "printf '' | \"$seclint\" -"

printf 'From: r@example.org\nSubject: draft\n\nthe bug\n' >"$tmp/draft.eml"
check draft-alone 0 "$seclint" "$tmp/draft.eml"
check draft-as-if-sent 1 "$seclint" --to security@kernel.org \
	--cc linux-distros@vs.openwall.org "$tmp/draft.eml"
check draft-bcc 1 "$seclint" --to security@kernel.org \
	--bcc 'Distros <distros@vs.openwall.org>' "$tmp/draft.eml"
check draft-bad-addr 2 "$seclint" --to ';;;' "$tmp/draft.eml"

# One error finding and nothing else exits 1, in every way of reading it.
one=$in/one-error.eml
one_error() {	# one_error NAME: exactly one finding, an error, in $tmp/out
	if [ "$(grep -c ': error: ' "$tmp/out")" = 1 ] &&
	   [ "$(grep -c ': \(warning\|note\): ' "$tmp/out")" = 0 ]; then ok
	else ko "$1: not exactly one error finding"; cat "$tmp/out"; fi
}
check one-error 1 "$seclint" "$one"
one_error one-error
check one-error-stdin 1 sh -c "\"$seclint\" - < \"$one\""
one_error one-error-stdin
check one-error-pipe 1 sh -c "cat \"$one\" | \"$seclint\" /dev/stdin"
{ printf 'From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n'
  cat "$one"; } >"$tmp/one-error.mbox"
check one-error-mbox 1 "$seclint" -j 2 "$tmp/one-error.mbox"
one_error one-error-mbox
check one-error-quiet 1 "$seclint" -q "$one"
check one-error-json 1 "$seclint" --format=json "$one"
expect_grep one-error-json-counts "$tmp/out" '"counts": {"error": 1, "warning": 0'
check one-error-sarif 1 "$seclint" --format=sarif "$one"
check one-error-fix 1 "$seclint" --fix-to="$tmp/one-fixed.eml" "$one"

check mbox 1 "$seclint" "$in/series.mbox"
expect_grep mbox-line "$tmp/out" "series.mbox:33:5: error: .*\[ksec-with-linux-distros\]"
expect_grep mbox-subject-line "$tmp/out" "series.mbox:35: error: .*\[distros-missing-vs-tag\]"
expect_grep mbox-context "$tmp/out" "^$in/series.mbox: In message 2 <series-2@example.org> .*, line 30:$"

# git format-patch writes mboxo: body lines starting "From " are not
# separators; one that looks like a real From_ line is refused.
check from-in-body 1 "$seclint" "$in/from-in-body.mbox"
expect_grep from-in-body-line "$tmp/out" "from-in-body.mbox:37:5: error: .*\[ksec-with-linux-distros\]"
check from-in-body-pipe 1 sh -c "cat \"$in/from-in-body.mbox\" | \"$seclint\" -"
check from-separator-in-body 2 "$seclint" "$in/from-separator-in-body.mbox"
expect_grep from-separator-in-body-reason "$tmp/err" "message 2: no mail headers could be parsed"

check json 1 "$seclint" --format=json "$in/series.mbox" "$in/clean-report.eml"
expect_grep json-rule "$tmp/out" '"rule":"ksec-with-linux-distros"'
expect_grep json-index "$tmp/out" '"message":2,"message_id":"series-2@example.org"'
expect_grep json-counts "$tmp/out" '"counts": {"error": 3, "warning": 0'
if command -v python3 >/dev/null; then
	cp "$tmp/out" "$tmp/doc.json"
	check json-valid 0 python3 -m json.tool "$tmp/doc.json"
fi
check json-input-error 2 "$seclint" --format=json "$in/empty.eml"
expect_grep json-input-error-doc "$tmp/out" '"reason":"empty input'

check no-color 1 env NO_COLOR=1 "$seclint" --color=auto "$in/bad-report.eml"
if grep -q "$(printf '\033')" "$tmp/out"; then
	ko "colour on a pipe"
else
	ok
fi
check color-always 1 "$seclint" --color=always "$in/bad-report.eml"
expect_grep color-always-esc "$tmp/out" "$(printf '\033')\[1;31merror"

check list-rules 0 "$seclint" --list-rules
# The five violations the mission names always block.
for id in ksec-with-linux-distros distros-missing-vs-tag report-html \
	  report-attachment oss-crosspost; do
	expect_grep "list-$id" "$tmp/out" "^$id  *error "
done
# Each named violation exits 1; what the documents allow exits 0 (a
# file-system image or a .config attached, a public key, a list on Bcc);
# a case the document allows is kept with --severity RULE=warning.
r=$dir/rules
for f in report-attachment/fire-pdf-writeup \
	 report-attachment/fire-uuencoded-poc-in-body \
	 report-html/fire-alternative-to-ksec \
	 report-html/fire-oss-announcement-html-copy \
	 oss-crosspost/fire-oss-cc-linux-mm-kvack; do
	check "named-$f" 1 "$seclint" --no-repo "$r/$f.eml"
done
for f in report-attachment/near-ext4-image-attached \
	 report-attachment/near-kernel-config-attached \
	 report-attachment/pass-signed-report-with-public-key \
	 oss-crosspost/near-oss-bcc-linux-mm; do
	check "allowed-$f" 0 "$seclint" --no-repo "$r/$f.eml"
done
for rule in report-attachment/fire-pdf-writeup report-html/fire-alternative-to-ksec \
	    oss-crosspost/fire-oss-cc-linux-mm-kvack; do
	check "kept-$rule" 0 "$seclint" --no-repo \
		--severity "${rule%%/*}=warning" "$r/$rule.eml"
done
# The README's rule table is what doc/readme-rules.sh makes of
# --list-rules (the declarations and the default profile).
if sh "$dir/../doc/readme-rules.sh" "$seclint" "$dir/../README.md" --check \
	>"$tmp/out" 2>&1; then
	ok
else
	ko "README rule table is not current"
	cat "$tmp/out"
fi
check explain 0 "$seclint" --explain report-attachment
expect_grep explain-source "$tmp/out" "Documentation/process/security-bugs.rst"
check explain-unknown 2 "$seclint" --explain no-such-rule
# --explain shows each parameter's value in force, its type, where it is
# written and its doc, all from the rule's declaration and the policy data.
check explain-params 0 "$seclint" --explain ksec-embargo-too-long
expect_grep explain-param-value "$tmp/out" \
	"^    max-days = 14 days (duration; profile 2026-08, \[rule ksec-embargo-too-long\])$"
expect_grep explain-param-doc "$tmp/out" "^        calendar days a fix may be held at most"
check explain-params-old 0 "$seclint" --profile v3-proposal \
	--explain distros-embargo-day-of-week
expect_grep explain-param-profile "$tmp/out" \
	"^    monday = 1 (flag; profile v3-proposal, \[rule distros-embargo-day-of-week\])$"
sed 's/^embargo-max-days=14$/embargo-max-days=10/' \
	"$dir/../rules/policy.conf" >"$tmp/policy-days.conf"
cp "$dir/../rules/maintainers-lists.txt" "$tmp/"
check explain-role-param 0 "$seclint" --policy "$tmp/policy-days.conf" \
	--profile "$dir/../rules/profiles/2026-05.conf" \
	--explain distros-embargo-over-14-days
expect_grep explain-role-param-value "$tmp/out" \
	"^    embargo-max-days = 10 days (duration; .*/policy-days.conf, \[role distros\])$"
# The summary and the help say the limit in force, not the shipped 14;
# so do the finding, --list-rules, JSON and SARIF.
expect_grep explain-role-param-summary "$tmp/out" \
	"^    the proposed embargo on the distros lists ends more than 10 days$"
expect_grep explain-role-param-help "$tmp/out" \
	"^    propose a disclosure date at most 10 days after the first post"
check role-param-finding 1 "$seclint" --policy "$tmp/policy-days.conf" \
	--profile "$dir/../rules/profiles/2026-05.conf" \
	"$dir/rules/distros-embargo-over-14-days/fire-fifteen-days-date.eml"
expect_grep role-param-finding-text "$tmp/out" "is more than the 10-day maximum"
expect_grep role-param-finding-help "$tmp/out" \
	"^    fix: propose a disclosure date at most 10 days after"
check role-param-list 0 "$seclint" --policy "$tmp/policy-days.conf" \
	--profile "$dir/../rules/profiles/2026-05.conf" --list-rules
expect_grep role-param-list-summary "$tmp/out" \
	"^distros-embargo-over-7-days .* longer than 7 days (but within 10)$"
check role-param-json 1 "$seclint" --policy "$tmp/policy-days.conf" \
	--profile "$dir/../rules/profiles/2026-05.conf" --format json \
	"$dir/rules/distros-embargo-over-14-days/fire-fifteen-days-date.eml"
expect_grep role-param-json-summary "$tmp/out" "ends more than 10 days away"
check role-param-sarif 1 "$seclint" --policy "$tmp/policy-days.conf" \
	--profile "$dir/../rules/profiles/2026-05.conf" --format sarif \
	"$dir/rules/distros-embargo-over-14-days/fire-fifteen-days-date.eml"
expect_grep role-param-sarif-summary "$tmp/out" "ends more than 10 days away"

# Policy is data: switching a rule off in a policy file changes the verdict.
sed 's/^\[mailing-lists\]/[rule ksec-with-linux-distros]\nseverity=off\n\n&/' \
	"$dir/../rules/policy.conf" >"$tmp/policy.conf"
cp "$dir/../rules/maintainers-lists.txt" "$tmp/"
check policy-off 1 "$seclint" --policy "$tmp/policy.conf" \
	--profile "$dir/../rules/profiles/2026-05.conf" "$in/bad-report.eml"
if grep -q ksec-with-linux-distros "$tmp/out"; then
	ko "rule switched off in policy still fired"
else
	ok
fi

# Profiles: the same follow-up is judged by the revision in force.
printf 'From: r@example.org\nTo: security@kernel.org\nCc: linux-distros@vs.openwall.org\nSubject: Re: [vs] foo: use-after-free\nIn-Reply-To: <a@example.org>\n\nfix merged?\n' >"$tmp/reply.eml"
check followup-2026 0 "$seclint" "$tmp/reply.eml"
expect_grep followup-2026-warning "$tmp/out" "warning: .*\[ksec-with-linux-distros\]"
check followup-2023-06 1 "$seclint" --profile 2023-06 "$tmp/reply.eml"
printf 'From: r@example.org\nTo: security@kernel.org\nCc: linux-distros@vs.openwall.org\nSubject: [vs] foo: use-after-free\n\nthe bug; proposed embargo: 3 days\n' >"$tmp/initial.eml"
check initial-v3 0 "$seclint" --profile v3-proposal "$tmp/initial.eml"
expect_grep initial-v3-warning "$tmp/out" "warning: .*\[ksec-with-linux-distros\]"
check initial-2023-10 1 "$seclint" --profile 2023-10 "$tmp/initial.eml"
check profile-unknown 2 "$seclint" --profile no-such "$in/clean-report.eml"
printf '[profile]\ndocument=x\nrevision=x\n[rule no-such-rule]\nseverity=error\n' >"$tmp/bad-profile.conf"
check profile-bad-rule 2 "$seclint" --profile "$tmp/bad-profile.conf" "$in/clean-report.eml"
expect_grep profile-bad-rule-msg "$tmp/err" "no such rule"
check list-rules-profile 0 "$seclint" --list-rules --profile 2023-06
expect_grep list-rules-profile-line "$tmp/out" "^Profile: 2023-06 "
cve=$dir/rules/cve-request-misrouted/fire-could-you-assign.eml
check cve-2026 0 "$seclint" "$cve"
expect_grep cve-2026-advice "$tmp/out" "ask the kernel CVE team at cve@kernel.org"
check cve-2023-06 0 "$seclint" --profile 2023-06 "$cve"
expect_grep cve-2023-06-advice "$tmp/out" "contact linux-distros"
# Embargo rules follow the profile: the v3 proposal notes Mondays and
# makes more than 7 days a warning.
monday=$dir/rules/distros-embargo-day-of-week/pass-monday.eml
check monday-2026 0 "$seclint" "$monday"
if grep -q "\\[distros-embargo-day-of-week\\]" "$tmp/out"; then ko "monday-2026: fired"; else ok; fi
check monday-v3 0 "$seclint" --profile v3-proposal "$monday"
expect_grep monday-v3-note "$tmp/out" "note: .*a Monday in UTC.*\[distros-embargo-day-of-week\]"
twelve=$dir/rules/distros-embargo-over-7-days/fire-twelve-days.eml
check over-7-2026 0 "$seclint" "$twelve"
expect_grep over-7-2026-note "$tmp/out" "note: .*\[distros-embargo-over-7-days\]"
check over-7-v3 0 "$seclint" --profile v3-proposal "$twelve"
expect_grep over-7-v3-warning "$tmp/out" "warning: .*\[distros-embargo-over-7-days\]"
ai=$dir/rules/ai-use-disclosure/fire-no-mention-distros.eml
"$seclint" "$ai" >"$tmp/out"
if grep -q "\[ai-use-disclosure\]" "$tmp/out"; then ko "ai-use-disclosure without --ai-assisted"; else ok; fi
"$seclint" --ai-assisted "$ai" >"$tmp/out"
expect_grep ai-assisted "$tmp/out" "note: .*does not say so \[ai-use-disclosure\]"
# --security: a report to maintainers only gets the content rules too.
printf 'From: r@reporter.test\nTo: m@maint.test\nSubject: foo: overflow\n\nAn overflow in foo_ioctl().\n' >"$tmp/maint.eml"
check maint-only 0 "$seclint" "$tmp/maint.eml"
if grep -q "report-version-unstable" "$tmp/out"; then ko "content rules without --security"; else ok; fi
check maint-security 0 "$seclint" --security "$tmp/maint.eml"
expect_grep maint-security-version "$tmp/out" "\[report-version-unstable\]"
check version 0 "$seclint" --version
expect_grep version-profile "$tmp/out" "default profile 2026-08"
# --help in a UTF-8 locale: GLib's own "…", and FILE... once.
LC_ALL=C.UTF-8 "$seclint" --help >"$tmp/out" 2>&1
expect_grep help-usage "$tmp/out" "^  seclint \[OPTION…\] FILE\.\.\. - check outgoing mail"
[ "$(sed -n 2p "$tmp/out" | grep -o 'FILE\.\.\.' | wc -l)" = 1 ] && ok ||
	ko "help-usage: FILE... more than once: $(sed -n 2p "$tmp/out")"
# The locale is the user's for --help only: raw 8-bit text gets the same
# findings in the C locale and in a UTF-8 one.
printf 'From: r@reporter.test\nTo: linux-distros@vs.openwall.org\nSubject: caf\351 [VS] overflow\n\nAn overflow in foo \344.\n' >"$tmp/8bit.eml"
LC_ALL=C "$seclint" --format=json "$tmp/8bit.eml" >"$tmp/c.json" 2>&1
LC_ALL=C.UTF-8 "$seclint" --format=json "$tmp/8bit.eml" >"$tmp/utf8.json" 2>&1
cmp -s "$tmp/c.json" "$tmp/utf8.json" && ok || ko "findings depend on the locale"
expect_grep locale-8bit "$tmp/c.json" '"rule":"distros-vs-tag-malformed"'

finish
