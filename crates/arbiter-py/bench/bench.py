"""Benchmarks of arbiter_referee (figures, not tests). Run from the repository root:

    python crates/arbiter-py/bench/bench.py [--data ../shared/data] [--cli target/release/arbiter]

Prints: `judge` from Python on data/xiangqi and data/chess against the CLI run on the same
folders (wall time, best of 3; ratio Python / CLI); `Referee.push` per move in µs (xiangqi on
random legal games, chess on world_matches.pgn); arbiter's chess `Referee.push` (status with
every claim available) against python-chess's `push` + `can_claim_draw()` per ply on
world_matches.pgn.
"""

import argparse
import os
import random
import subprocess
import sys
import time

import arbiter_referee as ar
from arbiter_referee import chess as ac
from arbiter_referee import xiangqi


def best(f, n=3):
    t = []
    for _ in range(n):
        s = time.perf_counter()
        f()
        t.append(time.perf_counter() - s)
    return min(t)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data", default="../shared/data")
    p.add_argument("--cli", default="target/release/arbiter")
    a = p.parse_args()
    print(f"cores: {os.cpu_count()}  python {sys.version.split()[0]}")

    for folder in ("xiangqi", "chess"):
        path = os.path.join(a.data, folder)
        games = len(ar.judge(path=path))
        t_cli = best(lambda: subprocess.run([a.cli, "judge", "--json", path], stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL))
        t_py = best(lambda: ar.judge(path=path))
        print(f"judge {folder}: {games} games; CLI {t_cli:.2f} s, Python {t_py:.2f} s, ratio {t_py / t_cli:.2f}x")

    rng = random.Random(14)
    lines = []
    for _ in range(200):
        r = xiangqi.Referee()
        line = []
        for _ in range(120):
            legal = r.legal_moves()
            if not legal:
                break
            m = rng.choice(legal)
            s = r.push(m)
            line.append(m)
            if s["status"] == "decided":
                break
        lines.append(line)
    n = sum(map(len, lines))

    def xq():
        for line in lines:
            r = xiangqi.Referee()
            for m in line:
                r.push(m)
    t = best(xq)
    print(f"xiangqi Referee.push: {n} plies, {t / n * 1e6:.2f} µs per move")

    def xq_core():
        for line in lines:
            ar.judge_position(None, line)
    t_core = best(xq_core)
    print(f"  the same moves in one judge_position call per game (referee core, no per-move Python call): "
          f"{t_core / n * 1e6:.2f} µs per move")

    import chess.pgn
    games = []
    with open(os.path.join(a.data, "chess/pychess/world_matches.pgn"), encoding="utf-8", errors="replace") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                break
            fen = g.board().fen()
            games.append((None if fen == chess.STARTING_FEN else fen, [m.uci() for m in g.mainline_moves()]))
    n = sum(len(m) for _, m in games)

    def ours():
        for fen, line in games:
            r = ac.Referee(fen)
            for m in line:
                r.push(m)

    def theirs():
        for fen, line in games:
            b = chess.Board(fen or chess.STARTING_FEN)
            for m in line:
                b.push_uci(m)
                b.can_claim_draw()

    def theirs_push_only():
        for fen, line in games:
            b = chess.Board(fen or chess.STARTING_FEN)
            for m in line:
                b.push_uci(m)

    t_ours = best(ours)
    t_theirs = best(theirs, 1)
    t_push = best(theirs_push_only)
    print(f"chess Referee.push (status + claims): {len(games)} games, {n} plies, {t_ours / n * 1e6:.2f} µs per move")
    print(f"python-chess push + can_claim_draw(): {t_theirs / n * 1e6:.2f} µs per ply "
          f"(push alone {t_push / n * 1e6:.2f} µs); ratio python-chess / arbiter {t_theirs / t_ours:.1f}x")


if __name__ == "__main__":
    main()
