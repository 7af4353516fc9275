#!/usr/bin/env python3
"""Differential run of `arbiter cycle` against Fairy-Stockfish (pyffish, variant "xiangqi").

Not part of CI. Needs `pip install pyffish` and a built `arbiter` binary.

Loops come from two sources:
  * real records: every repeated position in the ICCS PGN files given with --pgn (the plies
    between two occurrences of the same position, same side to move);
  * random sparse positions (--random N): two generals and a few pieces placed near each other,
    biased toward checks, pins, cannon screens, horse legs and same-kind pairs; a red move and a
    black move are chosen so that their reverses return to the start (a 4-ply shuttle).

Each loop is judged by `arbiter cycle --json` under each rule set of --rules and by
Fairy-Stockfish (`is_optional_game_end` after the loop is played 2, then 3 times; its ranks are
1-10, ours 0-9). Disagreements are grouped by a cause key built from the arbiter's own facts
(which kinds of moves, which exemptions), written as JSON lines to --out, and counted on stderr.

usage: tools/xq_differential.py --bin target/release/arbiter [--pgn FILE...] [--random N]
                                [--seed S] [--rules axf,tw113] [--out FILE]
"""
import argparse, collections, json, random, re, subprocess, sys

import pyffish as sf

V = "xiangqi"


def to_fsf(m):  # ICCS (ranks 0-9) -> FSF (ranks 1-10)
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def to_iccs(m):
    a = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m)
    return f"{a[1]}{int(a[2]) - 1}{a[3]}{int(a[4]) - 1}"


def key(fen):
    f = fen.split()
    return f[0] + " " + f[1]


# ----------------------------------------------------------------------------- loops: records
def record_games(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    for block in re.split(r"\n(?=\[Event )", text):
        fen = re.search(r'\[FEN "([^"]+)"\]', block)
        start = fen[1] if fen else sf.start_fen(V)
        body = re.sub(r"\[[^\]]*\]", " ", block)
        body = re.sub(r"\{[^}]*\}", " ", body)
        moves = re.findall(r"\b([a-i][0-9])-?([a-i][0-9])\b", body)
        yield start, [a + b for a, b in moves]


def record_loops(paths):
    seen = set()
    for path in paths:
        for start, moves in record_games(path):
            fsf_moves, fens = [], [start]
            for m in moves:
                fm = to_fsf(m)
                if fm not in sf.legal_moves(V, start, fsf_moves):
                    break
                fsf_moves.append(fm)
                fens.append(sf.get_fen(V, start, fsf_moves))
            last = {}
            for i, f in enumerate(fens):
                k = key(f)
                if k in last:
                    j = last[k]
                    loop = moves[j:i]
                    sig = (key(fens[j]), tuple(loop))
                    if sig not in seen:
                        seen.add(sig)
                        yield {"source": f"{path}", "fen": fens[j], "moves": loop}
                last[k] = i


# ----------------------------------------------------------------------------- loops: random
PALACE = {"w": [(f, r) for f in range(3, 6) for r in range(0, 3)],
          "b": [(f, r) for f in range(3, 6) for r in range(7, 10)]}
ADVISOR = {"w": [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)], "b": [(3, 9), (5, 9), (4, 8), (3, 7), (5, 7)]}
ELEPHANT = {"w": [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
            "b": [(2, 9), (6, 9), (0, 7), (4, 7), (8, 7), (2, 5), (6, 5)]}


def random_fen(rng):
    board = {}
    kw = rng.choice(PALACE["w"]); board[kw] = "K"
    kb = rng.choice(PALACE["b"]); board[kb] = "k"
    # a focal line: pieces like to gather on one file or rank (screens, pins, blocks)
    focal_file = rng.choice([kw[0], kb[0], rng.randrange(9)])
    focal_rank = rng.randrange(10)
    n = rng.randint(3, 7)
    pool = "RRCCNNAABBPPrrccnnaabbpp"
    tries = 0
    while n and tries < 200:
        tries += 1
        p = rng.choice(pool)
        side = "w" if p.isupper() else "b"
        u = p.upper()
        if u == "A":
            sq = rng.choice(ADVISOR[side])
        elif u == "B":
            sq = rng.choice(ELEPHANT[side])
        elif u == "P":
            f, r = rng.randrange(9), rng.randrange(10)
            if side == "w" and (r < 3 or (r < 5 and f % 2)):
                continue
            if side == "b" and (r > 6 or (r > 4 and f % 2)):
                continue
            sq = (f, r)
        else:
            mode = rng.random()
            if mode < 0.35:
                sq = (focal_file, rng.randrange(10))
            elif mode < 0.55:
                sq = (rng.randrange(9), focal_rank)
            else:
                sq = (rng.randrange(9), rng.randrange(10))
        if sq in board:
            continue
        board[sq] = p
        n -= 1
    rows = []
    for r in range(9, -1, -1):
        row, e = "", 0
        for f in range(9):
            p = board.get((f, r))
            if p:
                row += (str(e) if e else "") + p
                e = 0
            else:
                e += 1
        rows.append(row + (str(e) if e else ""))
    return "/".join(rows) + " " + rng.choice("wb") + " - - 0 1"


def parse_board(fen):
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, 9 - i)] = ch
                f += 1
    return board


def pseudo_targets(board, sq):
    """Empty points the piece on `sq` can move to by its movement rules (no captures)."""
    p = board[sq]
    red = p.isupper()
    u = p.upper()
    f, r = sq
    out = []
    def empty(s):
        return 0 <= s[0] < 9 and 0 <= s[1] < 10 and s not in board
    if u in "RC":
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            s = (f + df, r + dr)
            while empty(s):
                out.append(s)
                s = (s[0] + df, s[1] + dr)
    elif u == "N":
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            leg = (f + (df if abs(df) == 2 else 0) // 2 * 1 if abs(df) == 2 else f, r + (dr // 2 if abs(dr) == 2 else 0))
            leg = (f + (df // 2 if abs(df) == 2 else 0), r + (dr // 2 if abs(dr) == 2 else 0))
            s = (f + df, r + dr)
            if leg not in board and empty(s):
                out.append(s)
    elif u == "B":
        for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2)):
            s = (f + df, r + dr)
            if (f + df // 2, r + dr // 2) not in board and empty(s) and (s[1] <= 4 if red else s[1] >= 5):
                out.append(s)
    elif u in "AK":
        steps = ((1, 1), (1, -1), (-1, 1), (-1, -1)) if u == "A" else ((1, 0), (-1, 0), (0, 1), (0, -1))
        for df, dr in steps:
            s = (f + df, r + dr)
            if empty(s) and 3 <= s[0] <= 5 and (s[1] <= 2 if red else s[1] >= 7):
                out.append(s)
    elif u == "P":
        fwd = 1 if red else -1
        cand = [(f, r + fwd)]
        if (red and r >= 5) or (not red and r <= 4):
            cand += [(f + 1, r), (f - 1, r)]
        out += [s for s in cand if empty(s)]
    return out


def sq_name(s):
    return f"{'abcdefghi'[s[0]]}{s[1]}"


def near_general(board, s, red):
    """Heuristic bias: the point is on the enemy general's file or rank, or a horse-jump away."""
    g = next((q for q, p in board.items() if p == ("k" if red else "K")), None)
    if g is None:
        return False
    return s[0] == g[0] or s[1] == g[1] or (abs(s[0] - g[0]), abs(s[1] - g[1])) in ((1, 2), (2, 1))


def random_loops(n, rng):
    """4-ply shuttles on random sparse positions (legality is left to the arbiter, which rejects
    illegal loops; only accepted loops are compared)."""
    made = 0
    while made < n:
        fen = random_fen(rng)
        board = parse_board(fen)
        stm_red = fen.split()[1] == "w"
        def pick(red):
            moves = [(q, t) for q, p in board.items() if p.isupper() == red
                     for t in pseudo_targets(board, q)]
            if not moves:
                return None
            hot = [m for m in moves if near_general(board, m[1], red)]
            return rng.choice(hot if hot and rng.random() < 0.6 else moves)
        a = pick(stm_red)
        if not a:
            continue
        piece = board.pop(a[0]); board[a[1]] = piece
        b = pick(not stm_red)
        board.pop(a[1]); board[a[0]] = piece
        if not b:
            continue
        loop = [sq_name(a[0]) + sq_name(a[1]), sq_name(b[0]) + sq_name(b[1]),
                sq_name(a[1]) + sq_name(a[0]), sq_name(b[1]) + sq_name(b[0])]
        made += 1
        yield {"source": "random", "fen": fen, "moves": loop}


# ----------------------------------------------------------------------------- judges
def fsf_verdict(fen, moves):
    fm = [to_fsf(m) for m in moves]
    stm = fen.split()[1]
    for times in (2, 3):
        end, value = sf.is_optional_game_end(V, fen, fm * times)
        if end:
            if value == 0:
                return None
            loser = stm if value < 0 else ("b" if stm == "w" else "w")
            return "red" if loser == "w" else "black"
    return "none-found"


def arbiter_cycle(binary, fen, moves, rules):
    r = subprocess.run([binary, "cycle", "--fen", fen, "--moves", " ".join(moves), "--rules", rules,
                        "--json", "--explain"], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout.splitlines()[0])


def cause(j, fsf):
    """A grouping key from the arbiter's facts: what kinds of moves and exemptions the loop has."""
    tags = set()
    for side in ("red", "black"):
        s = j["sides"][side]
        if any("check" in m["kinds"] for m in s["moves"]):
            tags.add("check")
        for m in s["moves"]:
            for e in m.get("exempted", []):
                tags.add("exempt:" + e["reason"])
    ours = j["verdict"]["must_vary"]
    offences = f'{j["sides"]["red"]["offence"]}/{j["sides"]["black"]["offence"]}'
    return f"ours={ours} fsf={fsf} offences={offences} " + ",".join(sorted(tags))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--pgn", nargs="*", default=[])
    ap.add_argument("--random", type=int, default=0)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--rules", default="axf,tw113")
    ap.add_argument("--out", default="/dev/null")
    ap.add_argument("--loops-out", default=None, help="also write the loops tried (JSON lines)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    rules = a.rules.split(",")
    loops = list(record_loops(a.pgn)) + list(random_loops(a.random, rng))
    if a.loops_out:
        with open(a.loops_out, "w") as f:
            for l in loops:
                f.write(json.dumps(l) + "\n")
    out = open(a.out, "w")
    tried = collections.Counter()
    groups = collections.Counter()
    for l in loops:
        fsf = fsf_verdict(l["fen"], l["moves"])
        for ru in rules:
            j = arbiter_cycle(a.bin, l["fen"], l["moves"], ru)
            if j is None:
                tried[(ru, "arbiter-error")] += 1
                continue
            tried[(ru, "judged")] += 1
            ours = j["verdict"]["must_vary"]
            if fsf == "none-found" or ours == fsf:
                continue
            c = cause(j, fsf)
            groups[(ru, c)] += 1
            out.write(json.dumps({"rules": ru, "cause": c, "fen": l["fen"], "moves": l["moves"],
                                  "source": l["source"], "ours": ours, "fsf": fsf,
                                  "sides": {s: [(m["move"], m["kinds"], [(c["chaser"], c["target"]) for c in m["chases"]])
                                                for m in j["sides"][s]["moves"]] for s in ("red", "black")}},
                                 ensure_ascii=False) + "\n")
    print(f"loops: {len(loops)} ({sum(1 for l in loops if l['source'] != 'random')} from records)",
          file=sys.stderr)
    for ru in rules:
        d = sum(v for (r, _), v in groups.items() if r == ru)
        print(f"{ru}: judged {tried[(ru, 'judged')]}, errors {tried[(ru, 'arbiter-error')]}, "
              f"disagreements {d}", file=sys.stderr)
        for (r, c), v in sorted(groups.items(), key=lambda x: -x[1]):
            if r == ru:
                print(f"  {v:5d}  {c}", file=sys.stderr)


if __name__ == "__main__":
    main()
