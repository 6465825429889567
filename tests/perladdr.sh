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

for mode in comma-keep space-nokeep; do
	perl -MText::ParseWords -ne 'chomp; my @w = "'$mode'" eq "comma-keep"
		? quotewords(q/\s*,\s*/, 1, $_) : quotewords(q/\s+/, 0, $_);
		print @w ? join(" | ", map { defined $_ ? "<$_>" : "undef" } @w) : "()", "\n"' \
		<"$dir/perladdr/words.txt" >"$tmp/perl" 2>/dev/null
	"$prog" "$mode" <"$dir/perladdr/words.txt" >"$tmp/c"
	if diff -u "$tmp/perl" "$tmp/c"; then ok; else ko "quotewords $mode differs"; fi
done
finish
