#!/bin/sh
# The pre-commit framework (the real `pre-commit` tool) with the
# .pre-commit-config.yaml the README shows, in a throwaway repository and
# HOME: a bad draft is refused, a good one commits.  Both README forms:
# `repo: local`, and this repository's .pre-commit-hooks.yaml fetched by
# pre-commit at a rev that exists (a local clone stands in for the
# published repository: no network).
# usage: t-precommit-framework.sh SECLINT TESTS-DIR   (exit 77: no pre-commit)
set -u
seclint=$1
dir=$2
command -v pre-commit >/dev/null 2>&1 || {
	echo "SKIP: pre-commit is not installed (tests/install-deps.sh)"; exit 77; }
. "$dir/lib.sh"
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_CONFIG_PARAMETERS \
	GIT_CONFIG_COUNT PRE_COMMIT_HOME SKIP
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 LC_ALL=C.UTF-8
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.org
export GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@example.org
mkdir -p "$HOME" "$tmp/bin"
ln -s "$seclint" "$tmp/bin/seclint"	# the README's `entry: seclint`
PATH=$tmp/bin:$PATH

# The README's configuration, as written there: its indented block
# from "repos:" to the next blank line.
readme=$dir/../README.md
sed -n '/^    repos:$/,/^$/s/^    //p' "$readme" >"$tmp/local.yaml"
expect_grep readme-local "$tmp/local.yaml" "repo: local"

# The published repository: its .pre-commit-hooks.yaml at a tag.
pub=$tmp/seclint.git
git init -q "$pub"
cp "$dir/../.pre-commit-hooks.yaml" "$pub/"
git -C "$pub" add .pre-commit-hooks.yaml
git -C "$pub" commit -qm "seclint"
git -C "$pub" tag v1.0

bad() {
	printf 'From: r@example.org\nTo: security@kernel.org\n'
	printf 'Cc: linux-distros@vs.openwall.org\nSubject: [vs] bug\n\nbug\n'
}
good() {
	sed 's/^Cc: .*/Cc: Foo Maintainer <foo.maintainer@example.com>/' \
		"$dir/inputs/clean-report.eml"
}

# commit NAME WANT(yes|no): git commit through the installed framework.
commit() {
	name=$1 want=$2
	before=$(git rev-parse -q --verify HEAD)
	git commit -q -m "$name" >"$tmp/out" 2>&1
	after=$(git rev-parse -q --verify HEAD)
	if [ "$before" != "$after" ]; then got=yes; else got=no; fi
	if [ "$got" = "$want" ]; then ok; else
		ko "$name: committed=$got, want $want"; cat "$tmp/out"; fi
}

# try FORM CONFIG: a fresh repository with CONFIG as its
# .pre-commit-config.yaml, `pre-commit install`, then drafts.
try() {
	form=$1
	repo=$tmp/repo-$form
	git init -q "$repo" && cd "$repo" || exit 2
	cp "$2" .pre-commit-config.yaml
	pre-commit install >"$tmp/out" 2>&1 && ok ||
		{ ko "$form: pre-commit install"; cat "$tmp/out"; }
	git add .pre-commit-config.yaml
	commit "$form-config" yes
	mkdir drafts
	bad >drafts/report.eml
	git add drafts/report.eml
	commit "$form-bad" no
	expect_grep "$form-bad-rule" "$tmp/out" \
		"drafts/report.eml.*\[ksec-with-linux-distros\]"
	expect_grep "$form-bad-hook" "$tmp/out" "^seclint\.*Failed"
	good >drafts/report.eml
	git add drafts/report.eml
	commit "$form-good" yes
	expect_grep "$form-good-hook" "$tmp/out" "^seclint\.*Passed"
	# A bad draft staged next to a good one is still refused.
	bad >drafts/other.eml
	git add drafts/other.eml
	commit "$form-bad-second" no
	git rm -q --cached drafts/other.eml
	cd "$tmp" || exit 2
}

try local "$tmp/local.yaml"
printf 'repos:\n  - repo: %s\n    rev: v1.0\n    hooks: [{id: seclint}]\n' \
	"$pub" >"$tmp/remote.yaml"
try remote "$tmp/remote.yaml"

finish
