"""python-chess's insufficient-material test on a FEN file (one FEN + label per line), CPU time
including FEN parsing: the peer of `arbiter dead --fen-file` (issue 16, item 1).
usage: python tools/pychess_insufficient.py lichess-30k-positions.txt"""
import sys, time, chess
lines = [l.split() for l in open(sys.argv[1]) if l.strip()]
fens = [" ".join(p[:6]) for p in lines]
t = time.process_time()
n = 0
for f in fens:
    b = chess.Board(f)
    n += b.has_insufficient_material(chess.WHITE) + b.has_insufficient_material(chess.BLACK)
    b.is_insufficient_material()
dt = time.process_time() - t
print(f"{len(fens)} positions {dt:.3f}s cpu {len(fens)/dt:.0f}/s insufficient-sides={n}")
