#!/bin/sh
# Installs what seclint needs to build and test, from Debian's packages.
# Beyond the build and the test clients: tzdata, the time zones an
# embargo's "14:00 Europe/Berlin" is read in (GLib finds none without it,
# and a minimal Debian 12 has none); man-db, so that
# `man ./build/seclint.1` works on a minimal system; and llvm, whose
# llvm-symbolizer gives the fuzzers' and sanitizers' traces their function
# names and lines.
set -eu
run() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
export DEBIAN_FRONTEND=noninteractive
run apt-get update -q
run apt-get install -y -q --no-install-recommends \
	ca-certificates cmake gcc libc6-dev make pkg-config tzdata \
	libgmime-3.0-dev libglib2.0-dev libpcre2-dev libgit2-dev libcmocka-dev \
	git git-email clang clang-14 libclang-rt-14-dev llvm valgrind \
	python3 python3-jsonschema vim man-db \
	libmailtools-perl libemail-valid-perl libauthen-sasl-perl \
	libio-socket-ssl-perl mutt neomutt b4 pre-commit
