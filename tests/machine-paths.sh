#!/bin/sh
# Nothing of the machine that builds seclint may be named in its tree: a
# path that exists only there is a broken instruction anywhere else.  Run
# by ctest (machine-paths) on the build machine itself, so that it knows
# that machine's paths; it fails on each of these, with file and line:
#
#  1. in any file: the source and build directories (as given and as
#     resolved), the directory the source tree sits in (its siblings:
#     other checkouts, mirrors, corpora) unless that is a system
#     directory such as /usr/src or /tmp, and $HOME unless it is / or
#     /root;
#  2. in the project's own text (everything but mail: *.eml, *.mbox, the
#     *.expect findings on them, tests/inputs/, whose paths are the
#     senders' machines'): a path in a home directory (below the
#     top-level home/NAME or Users/NAME, or in root/), a scratch file
#     named as if it existed (in the top-level tmp/ or var/tmp/: use
#     mktemp, or a placeholder), a mount (in mnt/ or media/), and any path
#     under a top-level directory of this machine that is no part of a
#     Debian system (such as a top-level work/ of the machine that had one).
#
# System paths (/usr/bin/git, /etc/gitconfig, /dev/null, /proc/self/exe,
# /usr/sbin/sendmail) are not machine paths, and a placeholder such as
# /path/to/seclint names no top-level directory that exists.
# The files: those git knows in the source tree (tracked, and untracked
# but not ignored), or, outside git (an unpacked source package), every
# file but build directories (those holding a CMakeCache.txt) and the
# Debian build's products.
# usage: machine-paths.sh SOURCE-DIR [BUILD-DIR]
set -u
src=$(cd "$1" && pwd) || exit 2
build=${2:-}
[ -z "$build" ] || build=$(cd "$build" && pwd) || exit 2

list=$(mktemp) || exit 2
trap 'rm -f "$list"' EXIT
if [ "$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)" = \
     "$(cd "$src" && pwd -P)" ]; then
	git -C "$src" ls-files -z --cached --others --exclude-standard >"$list"
else
	# Every file but .git, build trees and the Debian build's products.
	(cd "$src" && perl -MFile::Find -e '
		my %skip = map { $_ => 1 } qw(./.git ./debian/.debhelper
			./debian/tmp ./debian/seclint ./debian/files
			./debian/debhelper-build-stamp);
		find({ no_chdir => 1, wanted => sub {
			if ($skip{$_} || /\.substvars$/ ||
			    (-d $_ && -e "$_/CMakeCache.txt")) {
				$File::Find::prune = 1;
			} elsif (-f $_) {
				print substr($_, 2), "\0";
			}
		} }, ".");') >"$list"
fi

cd "$src" || exit 2
perl -e '
use strict;
use warnings;
use Cwd qw(realpath);
use File::Basename qw(dirname);

my ($list, $src, $build) = @ARGV;
my $name = qr{[\w.+\@%-]};
my $start = qr{(?<![\w.~\$\}/-])};	# a path starts here
my $end = qr{(?![\w.+\@%-])};		# and a name ends here

# 1. This machine: its directories, wherever they are named.
my %exact;
my @system = qw(/ /usr /usr/src /usr/local /usr/local/src /opt /srv /var
		/var/tmp /tmp /home /mnt /media /root);
for my $d ($src, realpath($src), $build, $build ? realpath($build) : undef,
	   dirname($src), dirname(realpath($src)), $ENV{HOME}) {
	next unless defined $d && $d =~ m{^/.};
	$d =~ s{/+$}{};
	next if grep { $_ eq $d } @system;
	$exact{$d} = 1;
}
# Each pattern compiled once: one interpolated into m{} per line would be
# compiled again for every line.
my @exact = map { qr{$start(\Q$_\E)(?:/$name*)*$end} }
	sort { length($b) <=> length($a) } keys %exact;

# 2. Paths no project text may name.
my %fhs = map { $_ => 1 } qw(bin boot dev etc home lib lib32 lib64 libx32
	lost+found media mnt opt proc root run sbin srv sys tmp usr var);
opendir(my $root, "/") or die "/: $!\n";
my @tops = sort grep { !/^\.\.?$/ && !$fhs{$_} } readdir $root;
closedir $root;
my @generic = map { [qr{$start($_->[0])(?:/$name*)*}, $_->[1]] } (
	[qr{/(?:home|Users)/$name+}, "a home directory"],
	[qr{/root/$name+}, "a home directory"],
	[qr{/(?:var/)?tmp/$name+}, "a scratch file named as if it existed"],
	[qr{/(?:mnt|media)/$name+}, "a mount of one machine"],
	(map { [qr{/\Q$_\E$end}, "no directory of a Debian system (/$_ is one of this machine)"] } @tops),
);

# The path as found, without the full stop of a sentence it ends.
sub path { my ($p) = @_; $p =~ s/[.,]+$//; return $p; }

my $mail = qr{\.(?:eml|mbox|expect)$|^tests/inputs/};
my $found = 0;
open(my $lf, "<", $list) or die "$list: $!\n";
local $/ = "\0";
while (my $file = <$lf>) {
	chomp $file;
	next if -l $file || !-f $file;
	open(my $fh, "<", $file) or next;
	binmode $fh;
	read($fh, my $head, 8192) // next;
	next if $head =~ /\0/;		# binary
	seek($fh, 0, 0);
	local $/ = "\n";
	my $is_mail = $file =~ $mail;
	while (my $line = <$fh>) {
		my %seen;
		for my $re (@exact) {
			while ($line =~ /$re/g) {
				next if $seen{$-[1]}++;
				print "$file:$.: ", path($&), ": a path of this machine\n";
				$found++;
			}
		}
		next if $is_mail;
		for my $g (@generic) {
			my ($re, $why) = @$g;
			while ($line =~ /$re/g) {
				next if $seen{$-[1]}++;
				print "$file:$.: ", path($&), ": $why\n";
				$found++;
			}
		}
	}
}
if ($found) {
	print "$found machine paths: name a placeholder (DIR, FILE,",
	      " /path/to/...), a variable, or the path relative to the tree\n";
	exit 1;
}
print "no machine path in the tree\n";
' "$list" "$src" "$build"
