#!/bin/sh
# tests/machine-paths.sh on a tree made here: what it must find, and the
# absolute paths it must leave alone.
# usage: machine-paths-self.sh TESTS-DIR
set -u
dir=$1
. "$dir/lib.sh"
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME" "$tmp/checkouts/src" "$tmp/build"
src=$tmp/checkouts/src
git init -q "$src" || exit 1
cd "$src" || exit 1
printf 'build/\n' >.gitignore
cat >legit.md <<'TEXT'
git is /usr/bin/git, its config /etc/gitconfig; errors go to /dev/null,
seclint reads /proc/self/exe and hands mail to /usr/sbin/sendmail.
Install with '/path/to/seclint' sendmail.  Relative: build/seclint,
./build/seclint.1, "$tmp"/out/x, a/b/c, https://lore.kernel.org/lkml/0.
TEXT
printf 'keep the corpus in %s/corpus.\n' "$tmp/checkouts" >sibling.md
# The paths to find are put together here, so that this file names none.
home=home scratch=tmp mnt=mnt
printf 'cd /%s/alice/src && sh bench/run.sh /%s/bw\n' $home $scratch >script.sh
printf 'cp report.tsv /%s/usb/\n' $mnt >mount.txt
printf 'the build: %s/seclint\n' "$tmp/build" >build.txt
printf 'home: %s/.cache\n' "$HOME" >home.txt
# Mail: the sender's paths are no business of the check; this machine's are.
printf 'From: a@example.org\n\ncp x /%s/pwned; mount /%s/quux\n' $scratch $mnt >msg.eml
printf 'From: a@example.org\n\nsee %s/x\n' "$src" >leak.eml
mkdir build && printf '%s\n' "$src" >build/CMakeCache.txt
git add legit.md sibling.md script.sh msg.eml leak.eml .gitignore
# build.txt, home.txt, mount.txt: untracked, not ignored, so checked too.

check found 1 sh "$dir/machine-paths.sh" "$src" "$tmp/build"
expect_grep sibling "$tmp/out" "^sibling.md:1: $tmp/checkouts/corpus: a path of this machine"
expect_grep home-dir "$tmp/out" "^script.sh:1: /$home/alice/src: a home directory"
expect_grep scratch "$tmp/out" "^script.sh:1: /$scratch/bw: a scratch file"
expect_grep mount "$tmp/out" "^mount.txt:1: /$mnt/usb/: a mount"
expect_grep build "$tmp/out" "^build.txt:1: $tmp/build/seclint: a path of this machine"
expect_grep home "$tmp/out" "^home.txt:1: $HOME/.cache: a path of this machine"
expect_grep mail-leak "$tmp/out" "^leak.eml:3: $src/x: a path of this machine"
expect_no_grep legit "$tmp/out" "^legit.md"
expect_no_grep mail "$tmp/out" "^msg.eml"
expect_no_grep ignored "$tmp/out" "CMakeCache"
expect_grep count "$tmp/out" "^7 machine paths"

# Outside git (an unpacked source package): every file but build trees.
rm -rf .git
check found-no-git 1 sh "$dir/machine-paths.sh" "$src"
expect_grep no-git-sibling "$tmp/out" "^sibling.md:1:"
expect_no_grep no-git-build "$tmp/out" "CMakeCache"
rm sibling.md script.sh mount.txt build.txt home.txt leak.eml
check clean 0 sh "$dir/machine-paths.sh" "$src"
finish
