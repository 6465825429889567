#!/bin/sh
# seclint.* git config at the global ($HOME) and repository levels, the
# flags that win over it, refused bad values, and every front end (CLI,
# --staged, the send-email hook, sendmail mode) honouring them.
# usage: t-config.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
in=$dir/inputs
. "$dir/lib.sh"

export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.org
export GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@example.org
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT
mkdir -p "$HOME"
repo=$tmp/repo
git init -q "$repo" && cd "$repo" || exit 1

# run NAME EXPECTED-EXIT COMMAND...
run() {
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else
		ko "$name: exit $got, want $want"; cat "$tmp/out" "$tmp/err"; fi
}
has() { expect_grep "$1" "$tmp/out" "$2"; }
hasnt() { if grep -q -- "$2" "$tmp/out"; then ko "$1: '$2' printed"; else ok; fi; }
err() { expect_grep "$1" "$tmp/err" "$2"; }

# ksec-with-linux-distros and distros-missing-vs-tag at error severity,
# and nothing else at error: the report proposes its disclosure date.
bad=$tmp/bad-report.eml
sed 's/^Bob$/Proposed public disclosure: 2024-03-08 14:00 UTC.\n\nBob/' \
	"$in/bad-report.eml" >"$bad"
ksec=ksec-with-linux-distros
vs=distros-missing-vs-tag
printf 'From: r@example.org\nTo: security@kernel.org\nCc: linux-distros@vs.openwall.org\nSubject: Re: [vs] foo: use-after-free\nIn-Reply-To: <a@example.org>\n\nfix merged?\n' >"$tmp/reply.eml"

run defaults 1 "$seclint" "$bad"
has defaults-ksec "error: .*\[$ksec\]"

# seclint.disable: global level, comma and space separated, multi-valued.
git config --global seclint.disable "$ksec, $vs"
run global-disable 0 "$seclint" "$bad"
hasnt global-disable-quiet "\[$ksec\]"
git config --global --unset seclint.disable
git config --global --add seclint.disable "$ksec"
git config --global --add seclint.disable "$vs"
run multi-disable 0 "$seclint" "$bad"
# An empty value at the repository level resets the global list.
git config seclint.disable ""
run disable-reset 1 "$seclint" "$bad"
has disable-reset-ksec "\[$ksec\]"
git config --unset seclint.disable
run flag-enable 1 "$seclint" --enable "$ksec" "$bad"
has flag-enable-ksec "error: .*\[$ksec\]"
hasnt flag-enable-only "\[$vs\]"
git config --global --unset-all seclint.disable

# seclint.RULE.severity (repository level), and --severity over it.
git config "seclint.$vs.severity" warning
git config "seclint.$ksec.severity" info
run severity 0 "$seclint" "$bad"
has severity-warning "warning: .*\[$vs\]"
has severity-note "note: .*\[$ksec\]"
run flag-severity 1 "$seclint" --severity "$vs=error" "$bad"
has flag-severity-error "error: .*\[$vs\]"
run flag-later-wins 0 "$seclint" --severity "$vs=error" --disable "$vs" "$bad"
hasnt flag-later-wins-off "\[$vs\]"

# seclint.strict: warnings fail; --quiet prints only what fails.
git config seclint.strict true
run strict 1 "$seclint" "$bad"
run strict-quiet 1 "$seclint" --quiet "$bad"
has strict-quiet-warning "warning: .*\[$vs\]"
hasnt strict-quiet-note "\[$ksec\]"
git config seclint.strict false
run quiet 0 "$seclint" -q "$bad"
if [ -s "$tmp/out" ]; then ko "quiet printed warnings"; cat "$tmp/out"; else ok; fi
run flag-strict 1 "$seclint" --strict "$bad"
run env-config-strict 1 env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=seclint.strict \
	GIT_CONFIG_VALUE_0=yes "$seclint" "$bad"
git config --unset seclint.strict
git config --unset "seclint.$vs.severity"
git config --unset "seclint.$ksec.severity"

# seclint.profile: a name or a path; --profile wins.
run followup-default 0 "$seclint" "$tmp/reply.eml"
git config --global seclint.profile 2023-06
run profile-global 1 "$seclint" "$tmp/reply.eml"
git config seclint.profile "$dir/../rules/profiles/2026-05.conf"
run profile-repo-path 0 "$seclint" "$tmp/reply.eml"
run flag-profile 1 "$seclint" --profile 2023-06 "$tmp/reply.eml"
run list-rules-profile 0 "$seclint" --list-rules
has list-rules-profile-line "^Profile: .*/2026-05.conf "
git config --unset seclint.profile
git config --global --unset seclint.profile

# Bad settings are refused (exit 2), naming the key and its file.
bad_setting() {	# NAME KEY VALUE MESSAGE
	git config "$2" "$3"
	run "$1" 2 "$seclint" "$in/clean-report.eml"
	err "$1-message" "$4"
	git config --unset "$2"
}
bad_setting bad-disable seclint.disable "$ksec,nope" \
	"seclint.disable (file:.git/config): no such rule 'nope'"
bad_setting bad-rule seclint.nope.severity error \
	"seclint.nope.severity (file:.git/config): no such rule 'nope'"
bad_setting bad-level "seclint.$ksec.severity" loud \
	"seclint.$ksec.severity (file:.git/config): unknown level 'loud'"
bad_setting bad-key seclint.stirct true \
	"seclint.stirct (file:.git/config): unknown seclint setting"
bad_setting bad-bool seclint.strict maybe "not a boolean"
bad_setting bad-profile seclint.profile nope \
	"seclint.profile (file:.git/config): profile 'nope'"
git config --global seclint.disable nope
run bad-global 2 "$seclint" "$in/clean-report.eml"
err bad-global-file "seclint.disable (file:$HOME/.gitconfig)"
git config --global --unset seclint.disable
run bad-flag-rule 2 "$seclint" --disable nope "$bad"
err bad-flag-rule-message "--disable: no such rule 'nope'"
run bad-flag-level 2 "$seclint" --severity "$ksec=loud" "$bad"
run bad-flag-form 2 "$seclint" --severity "$ksec" "$bad"
# A config git cannot read: fail closed.
cp .git/config "$tmp/config.good"
printf '[seclint\n' >>.git/config
run broken-config 2 "$seclint" "$in/clean-report.eml"
err broken-config-reason "cannot read git config: .*bad config"
cp "$tmp/config.good" .git/config

# --staged (pre-commit).
cp "$bad" draft.eml && git add draft.eml
run staged 1 "$seclint" --staged
git config seclint.disable "$ksec $vs"
run staged-config 0 "$seclint" --staged
git config --unset seclint.disable
git rm -q --cached draft.eml && rm draft.eml

# sendmail mode.
mta=$tmp/mta
printf '#!/bin/sh\ncat >"%s"\n' "$tmp/sent" >"$mta" && chmod +x "$mta"
git config seclint.sendmail "$mta"
run sendmail 1 sh -c "\"$seclint\" sendmail -t -i <\"$bad\""
git config seclint.disable "$ksec,$vs"
run sendmail-config 0 sh -c "\"$seclint\" sendmail -t -i <\"$bad\""
test -s "$tmp/sent" && ok || ko "sendmail-config: not handed on"
git config seclint.strict true
git config "seclint.$vs.severity" warning
run sendmail-strict 1 sh -c "\"$seclint\" sendmail -t -i <\"$bad\""
git config --unset seclint.strict
git config --unset "seclint.$vs.severity"
git config seclint.disable nope
run sendmail-bad 2 sh -c "\"$seclint\" sendmail -t -i <\"$bad\""
git config --unset seclint.disable
git config --unset seclint.sendmail

# The send-email hook.
git config sendemail.smtpserver /bin/true
echo one >file && git add file &&
	git commit -qm "foo: fix use-after-free" -m "Proposed embargo: 5 days."
"$seclint" install-hook >/dev/null 2>&1 || ko install-hook
send() {	# NAME EXPECT(0|fail) ARGS...
	name=$1 want=$2
	shift 2
	git "$@" send-email --dry-run --confirm=never --to security@kernel.org \
		--cc linux-distros@vs.openwall.org -1 >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$want" = 0 ] && [ "$got" = 0 ]; then ok
	elif [ "$want" = fail ] && [ "$got" != 0 ] &&
	     grep -q "no patches were sent" "$tmp/err"; then ok
	else ko "$name: send-email exit $got, want $want"; cat "$tmp/err"; fi
}
send hook fail
git config --global seclint.disable "$ksec $vs"
send hook-global-disable 0
git config seclint.strict true
git config "seclint.$vs.severity" warning
send hook-strict fail
err hook-strict-warning "warning: .*\[$vs\]"
git config --unset seclint.strict
send hook-warning-passes 0
send hook-git-c fail -c seclint.strict=true
git config seclint.disable nope
send hook-bad-setting fail
err hook-bad-setting-message "seclint.disable (file:.*/.git/config): no such rule"

# install-hook makes seclint the hook's interpreter (no sh in between);
# from a path a shebang cannot hold, it writes a sh script instead.
head -1 .git/hooks/sendemail-validate >"$tmp/out"
has hook-shebang "^#!$seclint --run-hook$"
run run-hook-unknown 2 "$seclint" --run-hook .git/hooks/pre-commit x
err run-hook-unknown-message "not a hook seclint knows"
mkdir -p "$tmp/with space"
cp "$seclint" "$tmp/with space/seclint"
run install-spaced 0 "$tmp/with space/seclint" install-hook --force
head -1 .git/hooks/sendemail-validate >"$tmp/out"
has hook-sh "^#!/bin/sh$"
git config --unset seclint.disable
send hook-sh-checks fail -c seclint.disable=
cp .git/hooks/sendemail-validate "$tmp/sh-hook"
# seclint's older sh hook is upgraded without --force; others are kept.
sed "s|$tmp/with space/seclint|$seclint|" "$tmp/sh-hook" >.git/hooks/sendemail-validate
run upgrade-sh-hook 0 "$seclint" install-hook
head -1 .git/hooks/sendemail-validate >"$tmp/out"
has upgrade-sh-hook-shebang "^#!$seclint --run-hook$"
cp "$tmp/sh-hook" .git/hooks/sendemail-validate
run other-seclint-kept 2 "$seclint" install-hook
"$seclint" install-hook --force >/dev/null 2>&1

# The man page (generated next to the binary) names every option of
# --help and every seclint.* key.
man=$(dirname "$seclint")/seclint.1
if [ -f "$man" ]; then
	"$seclint" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u >"$tmp/options"
	printf '%s\n' seclint.profile seclint.disable seclint.strict \
		'BI seclint. RULE .severity' >>"$tmp/options"
	while read -r o; do
		m=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
		grep -q -- "$m" "$man" || echo "$o"
	done <"$tmp/options" >"$tmp/undocumented"
	if [ -s "$tmp/undocumented" ]; then
		ko "not in the man page: $(cat "$tmp/undocumented")"
	else ok; fi
fi

finish
