#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Findings "path:line: [rule] message" (stdin) -> SARIF 2.1.0 (stdout), the
format editors and code-scanning services read.

Usage: sarif.py "FAILING RULES" "ALL RULES" < findings
"""
import json, re, sys

fail, every = sys.argv[1].split(), sys.argv[2].split()
results = []
for line in sys.stdin:
    m = re.match(r"^(\S+?):(\d+): \[([a-z:-]+)\] (.*)$", line.rstrip("\n"))
    if not m:
        continue
    path, ln, rule, msg = m.groups()
    results.append({
        "ruleId": rule,
        "level": "error" if rule in fail else "warning",
        "message": {"text": msg},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": path, "uriBaseId": "SRCROOT"},
            "region": {"startLine": int(ln)}}}],
    })
rules = [{"id": r, "defaultConfiguration": {"level": "error" if r in fail else "warning"},
          "shortDescription": {"text": "fd-lifetime rule %s" % r}} for r in every]
json.dump({
    "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
    "version": "2.1.0",
    "runs": [{"tool": {"driver": {"name": "fdsafe-audit", "rules": rules}},
              "results": results}],
}, sys.stdout, indent=1)
sys.stdout.write("\n")
