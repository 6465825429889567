#!/bin/sh
# The machine formats: --format=json against doc/seclint-json.schema.json
# (JSON Schema 2020-12) and --format=sarif against the OASIS SARIF 2.1.0
# schema (tests/schemas/, draft-07), both with Debian's python3-jsonschema,
# on clean, many-finding, mbox, stdin, parallel and unreadable inputs;
# and that locations point at the real lines.
# usage: formats.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
in=$dir/inputs
. "$dir/lib.sh"

py=/usr/bin/python3
[ -x "$py" ] || py=python3
if ! "$py" -c 'import jsonschema' 2>/dev/null; then
	echo "FAIL: python3-jsonschema is missing (sh tests/install-deps.sh)"
	exit 1
fi
json_schema=$dir/../doc/seclint-json.schema.json
sarif_schema=$dir/schemas/sarif-schema-2.1.0.json

# run NAME EXPECTED-EXIT FORMAT ARGS...: the document in $tmp/NAME.FORMAT
run() {
	name=$1 want=$2 format=$3
	shift 3
	"$seclint" --format="$format" "$@" >"$tmp/$name.$format" 2>"$tmp/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else
		ko "$name ($format): exit $got, want $want"; cat "$tmp/err"
	fi
}

# valid SCHEMA FILE...
valid() {
	if "$py" "$dir/validate-json.py" "$@" >"$tmp/why" 2>&1; then ok; else
		ko "not valid against $(basename "$1"): $(cat "$tmp/why")"
	fi
}

# field FILE PYTHON-EXPR WANT: the repr() of a value of the parsed
# document d (run: its first SARIF run, res: that run's first result)
field() {
	got=$("$py" -c "import json,sys
d = json.load(open(sys.argv[1]))
run = d.get('runs', [{}])[0]
res = (run.get('results') or [{}])[0]
print(repr($2))" "$1" 2>&1)
	if [ "$got" = "$3" ]; then ok; else ko "$1: $2 is '$got', want '$3'"; fi
}

for format in json sarif; do
	run clean 0 $format "$in/clean-report.eml"
	run many 1 $format "$in/many-findings.eml"
	run mbox 1 $format "$in/series.mbox"
	run several 1 $format "$in/series.mbox" "$in/bad-report.eml" "$in/clean-report.eml"
	run stdin 1 $format - <"$in/bad-report.eml"
	run parallel 1 $format -j 2 "$in/series.mbox" "$in/many-findings.eml"
	run broken 2 $format "$in/bad-report.eml" "$in/empty.eml" "$tmp/missing.eml"
	run none 2 $format "$in/empty.eml"
done
for f in "$tmp"/*.json; do valid "$json_schema" "$f"; done
for f in "$tmp"/*.sarif; do valid "$sarif_schema" "$f"; done

# The validators can fail: documents that break each schema are refused.
sed 's/"version": 1/"version": 2/' "$tmp/mbox.json" >"$tmp/bad-version.doc"
sed 's/"line":33/"line":0/' "$tmp/mbox.json" >"$tmp/bad-line.doc"
sed 's/"level":"error"/"level":"fatal"/' "$tmp/mbox.sarif" >"$tmp/bad-level.doc"
sed 's/"startLine":33/"startLine":"33"/' "$tmp/mbox.sarif" >"$tmp/bad-region.doc"
for bad in "$json_schema:$tmp/bad-version.doc" "$json_schema:$tmp/bad-line.doc" \
	   "$sarif_schema:$tmp/bad-level.doc" "$sarif_schema:$tmp/bad-region.doc"; do
	if "$py" "$dir/validate-json.py" "${bad%%:*}" "${bad#*:}" >/dev/null 2>&1; then
		ko "invalid document accepted: ${bad#*:}"
	else
		ok
	fi
done

# JSON: real lines, the whole document, the profile, input errors.
field "$tmp/mbox.json" '(d["findings"][0]["message"], d["findings"][0]["line"], d["findings"][0]["column"])' "(2, 33, 5)"
field "$tmp/mbox.json" '(d["findings"][1]["where"], d["findings"][1]["line"], d["findings"][1]["column"])' "('Subject', 35, None)"
field "$tmp/stdin.json" '(d["findings"][0]["file"], d["findings"][0]["line"])' "('<stdin>', 3)"
field "$tmp/many.json" '(len(d["findings"]) >= 13, d["counts"]["error"] > 0)' "(True, True)"
field "$tmp/many.json" '[(f["rule"], f["line"], f["column"]) for f in d["findings"] if f["rule"] == "nda-or-confidentiality-demand"]' "[('nda-or-confidentiality-demand', 18, 17)]"
field "$tmp/clean.json" '(d["findings"], d["profile"], d["counts"]["input_error"])' "([], '2026-08', 0)"
field "$tmp/broken.json" '(len(d["input_errors"]), d["counts"]["input_error"], d["findings"] != [])' "(2, 2, True)"

# SARIF: one run, every rule with its help, results where they belong.
field "$tmp/clean.sarif" '(d["version"], len(d["runs"]), run["results"])' "('2.1.0', 1, [])"
rules=$("$seclint" --list-rules | sed -n 's/^\([a-z0-9-]*\)  *[a-z]*  .*/\1/p' | tr '\n' ' ')
field "$tmp/clean.sarif" '" ".join(r["id"] for r in run["tool"]["driver"]["rules"]) + " "' "'$rules'"
field "$tmp/clean.sarif" 'all(r["help"]["text"] and r["helpUri"] and r["fullDescription"]["text"] for r in run["tool"]["driver"]["rules"])' "True"
field "$tmp/mbox.sarif" '(res["ruleId"], run["tool"]["driver"]["rules"][res["ruleIndex"]]["id"], res["level"])' "('ksec-with-linux-distros', 'ksec-with-linux-distros', 'error')"
field "$tmp/mbox.sarif" 'res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("inputs/series.mbox")' "True"
field "$tmp/mbox.sarif" 'res["locations"][0]["physicalLocation"]["region"]' "{'startLine': 33, 'startColumn': 5}"
field "$tmp/clean.sarif" '(run["invocations"][0]["executionSuccessful"], run["invocations"][0]["exitCode"])' "(True, 0)"
many=$("$py" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$tmp/many.json")
field "$tmp/many.sarif" '(run["invocations"][0]["executionSuccessful"], run["invocations"][0]["exitCode"], len(run["results"]))' "(True, 1, $many)"
field "$tmp/broken.sarif" '(run["invocations"][0]["executionSuccessful"], run["invocations"][0]["exitCode"], len(run["invocations"][0]["toolExecutionNotifications"]))' "(False, 2, 2)"
field "$tmp/stdin.sarif" 'res["locations"][0]["physicalLocation"]["artifactLocation"]' "{'description': {'text': 'standard input'}}"
# The same results whatever the number of threads.
"$seclint" --format=sarif -j 1 "$in/series.mbox" "$in/many-findings.eml" >"$tmp/serial.sarif" 2>/dev/null
if cmp -s "$tmp/serial.sarif" "$tmp/parallel.sarif"; then ok; else ko "sarif -j 1 and -j 2 differ"; fi

finish
