#!/bin/sh
# Editors jump to seclint's text findings: vim's quickfix, with its
# default 'errorformat', takes every finding line as an entry at the
# right file, line and column, and the mbox context and "fix:" lines as
# no entry.  usage: editors.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
in=$dir/inputs
. "$dir/lib.sh"

if ! command -v vim >/dev/null; then
	echo "FAIL: vim is missing (sh tests/install-deps.sh)"
	exit 1
fi
cd "$tmp" || exit 1
cp "$in/series.mbox" "$in/many-findings.eml" .
"$seclint" series.mbox many-findings.eml >out.txt 2>&1
# What the lines say: FILE LINE COLUMN (0: none) for each finding.
sed -n 's/^\([^ :]*\):\([0-9]*\):\([0-9]*\): [a-z]*: .*/\1 \2 \3/p;
	s/^\([^ :]*\):\([0-9]*\): [a-z]*: .*/\1 \2 0/p' out.txt >want
vim -es -N -u NONE -i NONE -c 'set errorformat&' -c 'cfile out.txt' \
	-c 'call writefile(map(filter(getqflist(), "v:val.valid"), "bufname(v:val.bufnr) . \" \" . v:val.lnum . \" \" . v:val.col"), "got")' \
	-c 'qa!' </dev/null >/dev/null 2>&1
if [ "$(wc -l <want)" -ge 15 ]; then ok; else ko "too few findings: $(cat out.txt)"; fi
if cmp -s want got; then ok; else
	ko "vim's quickfix differs from the findings"; diff want got
fi
grep -q "series.mbox 33 5" got && ok || ko "no entry at series.mbox:33:5"
grep -q "many-findings.eml 18 17" got && ok || ko "no entry at many-findings.eml:18:17"
finish
