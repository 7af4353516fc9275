#!/usr/bin/env bash
# Checks `arbiter rescore` on a match file (PGN), as CI runs it on the engine-match files:
#   1. rescore the file (with --report);
#   2. the output re-reads with `arbiter judge --json` to the same verdicts as the input, game
#      by game, and every changed game's recorded result is now the rules' (result_agrees; a
#      flag fall re-scored as a draw no longer names the side that lost on time: its draw is
#      only checked not to be disputed);
#   3. every byte outside the changed games is the input's (the report's input_bytes and
#      output_bytes cut out, input and output are equal): unchanged games are byte-identical;
#   4. peak memory (max RSS) for the file and for 64 copies of it differ by at most
#      RESCORE_RSS_SLACK_KB (default 4096 KiB), and the 64-copy output is 64 copies of the output.
#
# Usage: tools/rescore_check.sh MATCHFILE [JUDGING OPTIONS...]
#   JUDGING OPTIONS go to both rescore and judge (default: --match).
#   ARBITER=path/to/arbiter (default: target/release/arbiter).
# Exit code 0 when every check passes, 1 otherwise.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 MATCHFILE [JUDGING OPTIONS...]" >&2
  exit 2
fi
match=$1
shift
opts=("$@")
[ ${#opts[@]} -eq 0 ] && opts=(--match)
arbiter=${ARBITER:-target/release/arbiter}
slack=${RESCORE_RSS_SLACK_KB:-4096}
[ -x "$arbiter" ] || { echo "no arbiter binary at $arbiter (set ARBITER)" >&2; exit 2; }
[ -f "$match" ] || { echo "no match file $match" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - "$arbiter" "$match" "$tmp" "$slack" "${opts[@]}" <<'EOF'
import json, os, subprocess, sys, time

arbiter, match, tmp, slack = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
opts = sys.argv[5:]
failures = []

def run(args, stdout):
    """Runs arbiter; (exit code, peak RSS in KiB, standard error). The peak is measured by GNU
    time when installed, else by reading the process's VmHWM while it runs (a child's rusage
    would count this Python process's memory, which it starts from)."""
    errfile = f"{tmp}/stderr"
    gnu_time = "/usr/bin/time"
    rssfile = f"{tmp}/rss"
    with open(stdout, "wb") as out, open(errfile, "wb") as err:
        if os.access(gnu_time, os.X_OK):
            code = subprocess.call([gnu_time, "-f", "%M", "-o", rssfile, arbiter, *args], stdout=out, stderr=err)
            rss = int(open(rssfile).read().split()[-1])
        else:
            p = subprocess.Popen([arbiter, *args], stdout=out, stderr=err)
            rss = 0
            while p.poll() is None:
                try:
                    if os.path.samefile(f"/proc/{p.pid}/exe", arbiter):
                        for line in open(f"/proc/{p.pid}/status"):
                            if line.startswith("VmHWM:"):
                                rss = max(rss, int(line.split()[1]))
                except OSError:
                    pass
                time.sleep(0.002)
            code = p.returncode
    return code, rss, open(errfile, "rb").read().decode("utf-8", "replace")

out, report = f"{tmp}/out.pgn", f"{tmp}/report.jsonl"
code, rss1, err = run(["rescore", *opts, match, "--report", report], out)
print(next((l for l in err.splitlines() if " from " in l and "changed" in l), "(no summary line)"))
if code not in (0, 1):
    failures.append(f"rescore exited {code}: {err.strip()}")
lines = [json.loads(l) for l in open(report, encoding="utf-8")]
changed = {l["game"]: l for l in lines if l["status"] == "changed"}
errors = [l for l in lines if l["status"] == "error"]
disputed = [l for l in lines if l["status"] == "disputed"]
print(f"report: {len(changed)} changed, {len(disputed)} disputed, {len(errors)} error items")

# 2. The verdicts re-read.
def judged(path):
    dest = f"{tmp}/judge-{os.path.basename(path)}.json"
    code, _, err = run(["judge", "--json", *opts, path], dest)
    return [json.loads(l) for l in open(dest, encoding="utf-8")]

before, after = judged(match), judged(out)
if len(before) != len(after):
    failures.append(f"judge reads {len(before)} games in the input, {len(after)} in the output")
verdict = ("status", "result", "reason", "at_ply", "must_vary", "clause", "plies", "error")
for b, a in zip(before, after):
    game = (b.get("index") or 0) + 1
    vb = {k: b.get(k) for k in verdict}
    va = {k: a.get(k) for k in verdict}
    if changed.get(game, {}).get("termination") == "time forfeit":
        # A flag fall re-scored as a draw (FIDE 6.9) no longer says who lost on time: judge
        # reads the draw as recorded and does not dispute it.
        if a.get("recorded_result") != changed[game]["new_result"] or a.get("result_agrees") is False:
            failures.append(f"game {game}: flag fall re-scored, but the output reads {va}")
    elif vb != va:
        failures.append(f"game {game}: verdict {vb} in the input, {va} in the output")
    elif game in changed:
        if a.get("result_agrees") is not True or a.get("recorded_result") != a.get("result"):
            failures.append(f"game {game}: changed, but the output records {a.get('recorded_result')} against {a.get('result')}")
    else:
        b2, a2 = dict(b), dict(a)
        b2.pop("file", None), a2.pop("file", None)
        if b2 != a2:
            failures.append(f"game {game}: unchanged, but judged differently in the output")
print(f"re-read: {len(after)} games judged alike in input and output")

# 3. Bytes outside the changed games.
src, dst = open(match, "rb").read(), open(out, "rb").read()
def cut(data, spans):
    parts, at = [], 0
    for s, e in sorted(spans):
        parts.append(data[at:s]); at = e
    parts.append(data[at:])
    return b"".join(parts)
if cut(src, [c["input_bytes"] for c in changed.values()]) != cut(dst, [c["output_bytes"] for c in changed.values()]):
    failures.append("bytes outside the changed games differ between input and output")
elif not changed and src != dst:
    failures.append("nothing changed, but the output is not the input")
else:
    print(f"bytes: {len(src) - sum(e - s for s, e in (c['input_bytes'] for c in changed.values()))} bytes outside the changed games identical")

# 4. Peak memory, x1 against x64.
big = f"{tmp}/x64.pgn"
with open(big, "wb") as f:
    for _ in range(64):
        f.write(src)
code, rss64, err = run(["rescore", *opts, big], f"{tmp}/out64.pgn")
print(f"peak RSS: x1 {rss1} KiB, x64 {rss64} KiB ({len(src)} and {64 * len(src)} bytes in)")
if rss64 - rss1 > slack:
    failures.append(f"peak RSS grows from {rss1} KiB (x1) to {rss64} KiB (x64), over {slack} KiB")
if src.endswith((b"\n", b"\r")) and open(f"{tmp}/out64.pgn", "rb").read() != dst * 64:
    failures.append("the output of 64 copies is not 64 copies of the output")

for f in failures[:20]:
    print("FAIL:", f)
if failures:
    print(f"rescore_check: {len(failures)} failures")
    sys.exit(1)
print("rescore_check: ok")
EOF
