#!/bin/sh
# The pre-commit hook and seclint --staged, in a throwaway repository.
# usage: t-precommit.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
hook=$dir/../hooks/pre-commit
. "$dir/lib.sh"

HOME=$tmp/home
GIT_CONFIG_NOSYSTEM=1
SECLINT=$seclint
export HOME GIT_CONFIG_NOSYSTEM SECLINT
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
mkdir "$HOME" "$tmp/repo" "$tmp/outside"
repo=$tmp/repo
cd "$repo" || exit 2
git init -q
git config user.name Tester
git config user.email tester@example.org
cp "$hook" .git/hooks/pre-commit
chmod +x .git/hooks/pre-commit
mkdir drafts

bad() {
	printf 'From: r@example.org\nTo: security@kernel.org\n'
	printf 'Cc: linux-distros@vs.openwall.org\nSubject: [vs] bug\n\nbug\n'
}
clean() {
	printf 'From: r@example.org\nTo: security@kernel.org\n'
	printf 'Subject: bug\n\nbug\n'
}

commit() {
	# commit NAME WANT(yes|no) GIT-COMMIT-ARGS...
	name=$1 want=$2
	shift 2
	before=$(git rev-parse -q --verify HEAD)
	git commit -q -m "$name" "$@" >"$tmp/out" 2>"$tmp/err"
	after=$(git rev-parse -q --verify HEAD)
	if [ "$before" != "$after" ]; then got=yes; else got=no; fi
	if [ "$got" = "$want" ]; then
		ok
	else
		ko "$name: committed=$got, want $want"
		cat "$tmp/out" "$tmp/err"
	fi
}

# A bad draft is refused, on the first (unborn HEAD) commit too.
bad >drafts/report.eml
git add drafts/report.eml
commit bad-first no
if git rev-parse -q --verify HEAD >/dev/null; then
	ko "bad-first: HEAD exists"; else ok; fi
expect_grep bad-rule "$tmp/err" "\[ksec-with-linux-distros\]"
expect_grep bad-bypass "$tmp/err" "git commit --no-verify"

# A clean draft commits.
clean >drafts/report.eml
git add drafts/report.eml
commit clean yes

# The staged version counts, not the working tree.
bad >drafts/report.eml
git add drafts/report.eml
clean >drafts/report.eml
commit staged-bad-tree-clean no
expect_grep staged-bad-rule "$tmp/err" "drafts/report.eml.*ksec-with-linux-distros"
git add drafts/report.eml
bad >drafts/report.eml
printf 'From: r@example.org\nTo: maintainer@example.org\nSubject: v2\n\nok\n' \
	>drafts/report.eml.new
git add drafts/report.eml.new
commit staged-clean-tree-bad yes
# "git commit PATH" commits the working tree copy: that one is checked.
commit partial-commit-of-bad-tree no drafts/report.eml
clean >drafts/report.eml

# A draft whose only finding is one error is refused as well.
cp "$dir/inputs/one-error.eml" drafts/one-error.eml
git add drafts/one-error.eml
commit one-error no
expect_grep one-error-rule "$tmp/err" "drafts/one-error.eml.*\[oss-crosspost\]"
"$seclint" --staged >"$tmp/out" 2>&1
if [ $? = 1 ]; then ok; else ko "one-error: --staged want exit 1"; fi
git rm -q --cached drafts/one-error.eml
rm drafts/one-error.eml

# Files that are not mail are ignored; mail is found by content too.
printf 'This is the README.\nTo: whom it may concern.\n' >README.txt
printf 'repos:\n-   repo: local\n    hooks: []\n' >.pre-commit-config.yaml
git add README.txt .pre-commit-config.yaml
commit not-mail yes
printf 'To: security@kernel.org\nCc: linux-distros@vs.openwall.org\n\nbug\n' \
	>notes.txt
git add notes.txt
commit notes-by-content no
expect_grep notes-rule "$tmp/err" "notes.txt.*ksec-with-linux-distros"
git rm -q --cached notes.txt

# From a subdirectory, and renamed or copied mail.
(cd drafts && "$seclint" --staged >"$tmp/out" 2>&1)
if [ $? = 0 ]; then ok; else ko "subdir: nothing bad staged"; cat "$tmp/out"; fi
git mv drafts/report.eml drafts/renamed.eml
bad >drafts/renamed.eml
git add drafts/renamed.eml
commit renamed-bad no
clean >drafts/renamed.eml
git add drafts/renamed.eml
commit renamed-clean yes

# An empty or binary .eml is an input error; a deleted one is fine.
: >drafts/empty.eml
git add drafts/empty.eml
"$seclint" --staged >"$tmp/out" 2>"$tmp/err"
if [ $? = 2 ]; then ok; else ko "empty: want exit 2"; fi
expect_grep empty-reason "$tmp/err" "drafts/empty.eml': empty input"
git rm -q --cached drafts/empty.eml
printf 'From: x\0\001\n' >drafts/bin.patch
git add drafts/bin.patch
commit binary-patch no
git rm -q --cached drafts/bin.patch
git rm -q drafts/renamed.eml
commit deleted yes

# Outside a repository.
(cd "$tmp/outside" && GIT_CEILING_DIRECTORIES=$tmp \
	"$seclint" --staged >"$tmp/out" 2>"$tmp/err")
if [ $? = 2 ]; then ok; else ko "outside: want exit 2"; fi
expect_grep outside-reason "$tmp/err" "not in a git repository"

# No seclint: the hook fails closed.
bad >drafts/report.eml
git add drafts/report.eml
SECLINT=$tmp/no-such-seclint commit no-seclint no
expect_grep no-seclint-reason "$tmp/err" "seclint not found"

finish
