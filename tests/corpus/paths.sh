# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the corpus scripts and the bench: where they keep what they
# fetch and build, outside every repository, as the XDG base directories
# say (a variable that is unset, empty or not absolute is not used).
#   seclint_cache   the git archives they clone: $XDG_CACHE_HOME/seclint
#                   (~/.cache/seclint); build.sh --cache names another
#   seclint_corpus  the corpus and its hand verdicts, which are not a
#                   cache: $XDG_DATA_HOME/seclint/corpus
#                   (~/.local/share/seclint/corpus)
case ${XDG_CACHE_HOME:-} in
/*) seclint_cache=$XDG_CACHE_HOME/seclint ;;
*) seclint_cache=$HOME/.cache/seclint ;;
esac
case ${XDG_DATA_HOME:-} in
/*) seclint_corpus=$XDG_DATA_HOME/seclint/corpus ;;
*) seclint_corpus=$HOME/.local/share/seclint/corpus ;;
esac
