#!/bin/sh
# seclint's ports of Mail::Address->parse/format and
# Text::ParseWords::quotewords (lint/mail/perladdr.c) give what the Perl
# modules git send-email uses give, on the same inputs.
# usage: perladdr.sh TEST-PERLADDR TESTS-DIR
set -u
prog=$1
dir=$2
. "$dir/lib.sh"

if ! perl -MMail::Address -e 1 2>/dev/null; then
	echo "Mail::Address (libmailtools-perl) is not installed"; exit 1
fi
perl -MMail::Address -ne 'chomp; my @a = Mail::Address->parse($_);
	print join(" | ", map { $_->format . " [" . $_->address . "]" } @a), "\n"' \
	<"$dir/perladdr/inputs.txt" >"$tmp/perl" 2>/dev/null
"$prog" parse <"$dir/perladdr/inputs.txt" >"$tmp/c"
if diff -u "$tmp/perl" "$tmp/c"; then ok; else ko "Mail::Address differs"; fi

# The plain shape read without the parser: for every line it takes, the
# addresses Mail::Address gives (and no line that is not plain taken as
# one: a line of another shape prints "-").
perl -MMail::Address -ne 'chomp; s/\\n/\n/g; my @a = Mail::Address->parse($_);
	print join(" | ", map { $_->address } @a), "\n"' \
	<"$dir/perladdr/inputs.txt" >"$tmp/perl" 2>/dev/null
"$prog" plain <"$dir/perladdr/inputs.txt" >"$tmp/c"
if paste -d '\n' "$tmp/c" "$tmp/perl" |
	awk 'NR % 2 { c = $0; next } c != "-" && c != $0 { bad = 1; print "plain: " c " / Mail::Address: " $0 } END { exit bad }'
then ok; else ko "the plain shape's addresses differ from Mail::Address's"; fi
plain=$(grep -cv '^-$' "$tmp/c")
if [ "$plain" -ge 10 ]; then ok; else ko "only $plain plain lines in inputs.txt"; fi

for mode in comma-keep space-nokeep; do
	perl -MText::ParseWords -ne 'chomp; my @w = "'$mode'" eq "comma-keep"
		? quotewords(q/\s*,\s*/, 1, $_) : quotewords(q/\s+/, 0, $_);
		print @w ? join(" | ", map { defined $_ ? "<$_>" : "undef" } @w) : "()", "\n"' \
		<"$dir/perladdr/words.txt" >"$tmp/perl" 2>/dev/null
	"$prog" "$mode" <"$dir/perladdr/words.txt" >"$tmp/c"
	if diff -u "$tmp/perl" "$tmp/c"; then ok; else ko "quotewords $mode differs"; fi
done
finish
