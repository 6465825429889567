#!/usr/bin/python3
# Validates JSON documents against a JSON Schema, with Debian's
# python3-jsonschema.  usage: validate-json.py SCHEMA FILE...
# The validator class comes from the schema's "$schema" (draft-07 for
# SARIF 2.1.0, 2020-12 for seclint's own).  Exit 0 if all are valid.
import json
import sys

import jsonschema


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    bad = 0
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:5]:
            print("%s: %s: %s" % (path, "/".join(map(str, e.path)), e.message[:300]))
        bad += bool(errors)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
