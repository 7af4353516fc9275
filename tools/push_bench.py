"""Referee.push per move from Python (arbiter_referee installed), and python-chess's
push_uci + can_claim_draw() per ply as the peer (--peer). CPU time, best of REPS passes.
usage: python tools/push_bench.py world_matches.pgn liu_dahua_1125.pgn [REPS] [--peer]"""
import re, sys, time
import chess, chess.pgn
from arbiter_referee import chess as ac, xiangqi as ax

wm, liu = sys.argv[1], sys.argv[2]
reps = int(sys.argv[3]) if len(sys.argv) > 3 else 1
games = []
with open(wm, encoding="utf-8", errors="replace") as f:
    while (g := chess.pgn.read_game(f)) is not None:
        fen = g.board().fen()
        games.append((None if fen == chess.STARTING_FEN else fen, [m.uci() for m in g.mainline_moves()]))
xq = []
for block in open(liu, encoding="utf-8").read().split("[Event")[1:]:
    xq.append(re.findall(r"\b[a-i][0-9][a-i][0-9]\b", block.split("\n\n", 1)[1] if "\n\n" in block else block))

def best(fn):
    return min(fn() for _ in range(reps))

def chess_push():
    n = 0; t = time.process_time()
    for fen, moves in games:
        r = ac.Referee(fen)
        for m in moves:
            r.push(m); n += 1
    return (time.process_time() - t) / n * 1e6

def xq_push():
    n = 0; t = time.process_time()
    for moves in xq:
        r = ax.Referee()
        for m in moves:
            try:
                r.push(m)
            except ValueError:
                break
            n += 1
    return (time.process_time() - t) / n * 1e6

def pychess_claim():
    n = 0; t = time.process_time()
    for fen, moves in games:
        b = chess.Board(fen) if fen else chess.Board()
        for m in moves:
            b.push_uci(m); b.can_claim_draw(); n += 1
    return (time.process_time() - t) / n * 1e6

plies = sum(len(m) for _, m in games)
print(f"chess Referee.push: {best(chess_push):.2f} us/move ({plies} plies)")
print(f"xiangqi Referee.push: {best(xq_push):.2f} us/move ({sum(len(m) for m in xq)} plies)")
if "--peer" in sys.argv:
    print(f"python-chess push_uci+can_claim_draw: {best(pychess_claim):.2f} us/ply")
