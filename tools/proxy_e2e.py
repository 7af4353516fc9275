#!/usr/bin/env python3
"""End-to-end test of `arbiter proxy` with real engines (run by .ci/run):

1. Fairy-Stockfish plays itself from five positions of the repository's test vectors
   (crates/arbiter/tests/fixtures/cases) in which Red's best try is to keep chasing a piece
   (Fairy-Stockfish of Debian's package knows no chase rule and scores a repetition as a draw).
   Without the proxy it repeats the chase until the manager (tools/engine_match.py) stops the
   game at the third occurrence and records a draw; `arbiter judge --match` says the chasing side
   loses (perpetual chase) and that the recorded result does not agree.
2. The same games with each engine behind `arbiter proxy --match`: no game ends in a repetition
   the chaser must vary (no perpetual check or chase), every game still finishes (a mate, a
   repetition with nobody at fault, or the manager's ply cap), and the proxy said what it forbade.
3. UCCI: the same with Fairy-Stockfish in UCCI mode (ICCS moves, `banmoves`), games finish.
4. Chess: Stockfish behind the proxy; the dialogue passes through and nothing is forbidden.

Usage: tools/proxy_e2e.py [--arbiter target/release/arbiter] [--workdir DIR]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CASES = os.path.join(ROOT, "crates/arbiter/tests/fixtures/cases")
# Test vectors (id: file) whose start positions give a perpetual chase by Red when
# Fairy-Stockfish plays both sides at 1,000 nodes a move.
CHASES = {
    "fsf-2": "fsf-cycles.jsonl",
    "fsf-3": "fsf-cycles.jsonl",
    "wxf-73": "wxf-cycles.jsonl",
    "wxf-94": "wxf-cycles.jsonl",
    "wxf-141": "wxf-cycles.jsonl",
}
PERPETUAL = ("perpetual_check", "perpetual_chase")


def fen_of(case_id, file):
    with open(os.path.join(CASES, file), encoding="utf-8") as f:
        for line in f:
            c = json.loads(line)
            if c.get("id") == case_id:
                return c["fen"]
    raise SystemExit(f"proxy_e2e: no case {case_id} in {file}")


def match(args, out, extra, proxy=None):
    cmd = [sys.executable, os.path.join(HERE, "engine_match.py"), "--out", out] + extra
    if proxy:
        cmd += ["--proxy", proxy]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"proxy_e2e: engine_match failed: {done.stderr}")
    return json.loads(done.stderr.strip().splitlines()[-1])


def judge(arbiter, pgn, *flags):
    done = subprocess.run([arbiter, "judge", "--json", *flags, pgn], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"proxy_e2e: judge failed on {pgn}: {done.stderr}")
    return [json.loads(l) for l in done.stdout.splitlines()]


def check(condition, message):
    if not condition:
        raise SystemExit(f"proxy_e2e: FAILED: {message}")
    print(f"proxy_e2e: ok: {message}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(ROOT, "target/release/arbiter"))
    ap.add_argument("--fairy-stockfish", default="/usr/games/fairy-stockfish")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--workdir")
    args = ap.parse_args()
    work = args.workdir or tempfile.mkdtemp(prefix="proxy-e2e-")
    os.makedirs(work, exist_ok=True)
    arbiter = os.path.abspath(args.arbiter)
    fens = [fen_of(i, f) for i, f in CHASES.items()]
    xiangqi = ["--engine", args.fairy_stockfish, "--nodes", "1000", "--max-plies", "80", "--games", str(len(fens))]
    for f in fens:
        xiangqi += ["--fen", f]
    proxy = f"{arbiter} proxy --match --"

    # 1. Without the proxy: the forbidden repetition is played.
    bare = os.path.join(work, "xiangqi-bare.pgn")
    summary = match(args, bare, xiangqi)
    print("proxy_e2e: without the proxy:", json.dumps(summary))
    reports = judge(arbiter, bare, "--match")
    lost = [
        (i, r["result"], r["reason"])
        for i, r in enumerate(reports)
        if r["status"] == "decided" and r.get("reason") in PERPETUAL and r.get("result_agrees") is False
    ]
    for i, result, reason in lost:
        print(f"proxy_e2e:   game {i + 1} ({list(CHASES)[i]}): recorded 1/2-1/2 by 3-fold repetition; judge --match: {result}, {reason}")
    check(len(lost) >= 3, f"without the proxy {len(lost)} of {len(fens)} games repeat a perpetual chase or check the rules forbid (at least 3)")

    # 2. Through the proxy: never.
    kept = os.path.join(work, "xiangqi-proxy.pgn")
    summary = match(args, kept, xiangqi, proxy)
    print("proxy_e2e: through the proxy:", json.dumps(summary))
    reports = judge(arbiter, kept, "--match")
    faulty = [i + 1 for i, r in enumerate(reports) if r.get("reason") in PERPETUAL]
    check(not faulty, f"through the proxy no game has a perpetual check or chase (games {faulty})")
    check(len(reports) == len(fens) and sum(summary["terminations"].values()) == len(fens), "every game finished")
    check(summary["forbidden_lines"] > 0, f"the proxy said what it forbade ({summary['forbidden_lines']} lines)")
    check(summary["engine_exit_codes"] == [0, 0], "the engines ended with exit code 0 through the proxy")

    # 3. UCCI: ICCS moves and banmoves.
    ucci = os.path.join(work, "xiangqi-ucci.pgn")
    summary = match(args, ucci, xiangqi + ["--protocol", "ucci"], proxy)
    print("proxy_e2e: UCCI through the proxy:", json.dumps(summary))
    reports = judge(arbiter, ucci, "--match")
    check(
        len(reports) == len(fens) and not [r for r in reports if r.get("reason") in PERPETUAL],
        "UCCI games through the proxy finish without a perpetual check or chase",
    )

    # 4. Chess through the proxy with Stockfish: passes through.
    chess = os.path.join(work, "chess-proxy.pgn")
    summary = match(
        args,
        chess,
        ["--engine", args.stockfish, "--variant", "chess", "--games", "2", "--nodes", "300", "--max-plies", "60", "--random-plies", "2"],
        proxy,
    )
    print("proxy_e2e: chess through the proxy:", json.dumps(summary))
    reports = judge(arbiter, chess)
    check(len(reports) == 2 and all(r["game"] == "chess" for r in reports), "two chess games read back as chess")
    check(summary["forbidden_lines"] == 0, "nothing is forbidden in chess")
    check(summary["engine_exit_codes"] == [0, 0], "Stockfish ended with exit code 0 through the proxy")
    print(f"proxy_e2e: all passed (games in {work})")


if __name__ == "__main__":
    main()
