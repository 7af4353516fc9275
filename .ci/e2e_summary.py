"""Summarise `arbiter judge --json` output read from stdin as one line of totals:
games, errors (with the files that failed), and counts per (status, reason) and of claims."""
import collections
import json
import os
import sys

label, rc = sys.argv[1], sys.argv[2]
games = errors = after_end = 0
verdicts = collections.Counter()
claims = collections.Counter()
failed = []
for line in sys.stdin:
    o = json.loads(line)
    games += 1
    if "error" in o:
        errors += 1
        failed.append(os.path.basename(o.get("file", "?")))
        continue
    verdicts[f"{o.get('status')}/{o.get('reason')}"] += 1
    after_end += 1 if o.get("moves_after_end") else 0
    for c in o.get("claims") or []:
        claims[c.get("kind")] += 1
v = " ".join(f"{k}={n}" for k, n in sorted(verdicts.items()))
c = " ".join(f"{k}={n}" for k, n in sorted(claims.items()))
print(f"{label}: exit={rc} games={games} errors={errors} {sorted(failed)} after_end={after_end} | {v} | claims {c}")
