#!/usr/bin/env python3
"""A small match manager (a mini cutechess-cli): plays engine against engine over UCI (or UCCI),
optionally through `arbiter proxy`, and writes the games as PGN the way cutechess-cli does.

    tools/engine_match.py --engine /usr/games/fairy-stockfish --variant xiangqi \\
        --games 1000 --nodes 50 --max-plies 200 --random-plies 4 --out match.pgn
    tools/engine_match.py --proxy 'target/release/arbiter proxy --match --' ...

Like a manager that knows no chase rules, it ends a game at the third occurrence of a position
as a draw ("3-fold repetition"), when the side to move has no legal move (`bestmove (none)`: in
xiangqi that side loses, mate or not; in chess python-chess tells mate from stalemate), at the
chess automatic draws (insufficient material, fifty moves, as cutechess adjudicates), or at
--max-plies ("adjudication", a draw). Xiangqi moves are written as the engine writes them (ranks
1-10 for Fairy-Stockfish over UCI, ICCS over UCCI), with the `[Variant "xiangqi"]` tag; chess moves
in SAN. A summary (games, results, terminations, the proxy's `info string arbiter:` lines, seconds)
goes to standard error as one JSON line.

Openings vary with --random-plies K: the first K plies of each game are drawn at random (seeded by
--seed) from the legal moves the engine lists (`go perft 1`).
"""

import argparse
import datetime
import json
import random
import re
import resource
import shlex
import subprocess
import sys
import time

XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class Engine:
    """One engine process over UCI or UCCI (standard error passed through)."""

    def __init__(self, command, protocol, variant, info_log):
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.protocol = protocol
        self.info_log = info_log
        self.name = command[-1].rsplit("/", 1)[-1]
        self.send(protocol)
        for line in self.lines_until("uciok" if protocol == "uci" else "ucciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()
        if variant == "xiangqi" and protocol == "uci":
            self.send("setoption name UCI_Variant value xiangqi")
        self.sync()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def lines_until(self, word):
        """The engine's lines up to and including the first that starts with `word`."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine {self.name} ended before '{word}'")
            line = line.rstrip("\r\n")
            if line.startswith("info string arbiter:"):
                self.info_log.append(line[len("info string "):])
            yield line
            if line.split(" ", 1)[0] == word:
                return

    def sync(self):
        self.send("isready")
        for _ in self.lines_until("readyok"):
            pass

    def new_game(self):
        if self.protocol == "uci":
            self.send("ucinewgame")
        self.sync()

    def position(self, fen, moves):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))

    def best_move(self, fen, moves, limit):
        self.position(fen, moves)
        self.send("go " + limit)
        for line in self.lines_until("bestmove"):
            last = line
        words = last.split()
        move = words[1] if len(words) > 1 else "(none)"
        return None if move in ("(none)", "0000", "none") else move

    def legal_moves(self, fen, moves):
        """The legal moves, as `go perft 1` lists them (`h3e3: 1`)."""
        self.position(fen, moves)
        self.send("go perft 1")
        listed = []
        for line in self.lines_until("Nodes"):
            m = re.match(r"^([a-z][0-9]+[a-z][0-9]+[a-z]?): 1$", line)
            if m:
                listed.append(m.group(1))
        return listed

    def quit(self):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


class XiangqiBoard:
    """Just enough xiangqi to follow a game: pieces moved, captures, repetition keys. The
    engines are trusted for legality."""

    def __init__(self, fen, ranks_from_one):
        board, side = fen.split()[:2]
        self.rows = []  # rows[0] is rank 9 (ICCS), Black's back rank
        for row in board.split("/"):
            cells = []
            for c in row:
                cells.extend(["."] * int(c) if c.isdigit() else [c])
            self.rows.append(cells)
        self.red_to_move = side in ("w", "r")
        self.ranks_from_one = ranks_from_one

    def key(self):
        return "/".join("".join(r) for r in self.rows) + (" w" if self.red_to_move else " b")

    def fen(self, plies):
        """The position as FEN (no capture in it: its counter 0), `plies` into a game that began
        with Red to move."""
        rows = []
        for r in self.rows:
            row, empty = "", 0
            for c in r:
                if c == ".":
                    empty += 1
                else:
                    row += (str(empty) if empty else "") + c
                    empty = 0
            rows.append(row + (str(empty) if empty else ""))
        side = "w" if self.red_to_move else "b"
        return f"{'/'.join(rows)} {side} - - 0 {plies // 2 + 1}"

    def square(self, text):
        rank = int(text[1:]) - (1 if self.ranks_from_one else 0)
        return 9 - rank, ord(text[0]) - ord("a")

    def play(self, move):
        """Plays `move`; True when it captures."""
        m = re.match(r"^([a-i][0-9]+)([a-i][0-9]+)$", move)
        (fr, ff), (tr, tf) = self.square(m.group(1)), self.square(m.group(2))
        captured = self.rows[tr][tf] != "."
        self.rows[tr][tf], self.rows[fr][ff] = self.rows[fr][ff], "."
        self.red_to_move = not self.red_to_move
        return captured


def play_game(engines, fen, args, rng, variant):
    """One game between engines = (White/Red, Black) from `fen`: (moves, result, comment,
    Termination tag or None)."""
    red, black = engines
    moves = []
    uci_xiangqi = variant == "xiangqi" and args.protocol == "uci"
    if variant == "chess":
        import chess

        board = chess.Board(fen)
        white_to_move = board.turn == chess.WHITE
    else:
        board = XiangqiBoard(fen, ranks_from_one=uci_xiangqi)
        white_to_move = board.red_to_move
        seen = {board.key(): 1}
    # The position sent to the engines: the start and every move (as cutechess does), or with
    # --position-from last-capture the position after the last capture and the moves since
    # (no position before a capture can recur, so nothing the rules judge is lost; engines
    # replay long move lists slowly).
    base_fen, base = fen, 0
    limit = (
        f"nodes {args.nodes}" if args.nodes else f"movetime {args.movetime}" if args.movetime else f"depth {args.depth}"
    )
    for e in engines:
        e.new_game()
    while True:
        mover = red if white_to_move else black
        winner_name = "White" if not white_to_move else "Black"
        if len(moves) >= args.max_plies:
            return moves, "1/2-1/2", "Draw by adjudication: max plies", "adjudication"
        if len(moves) < args.random_plies:
            legal = mover.legal_moves(base_fen, moves[base:])
            move = rng.choice(legal) if legal else None
        else:
            move = mover.best_move(base_fen, moves[base:], limit)
        if move is None:
            if variant == "chess":
                if board.is_checkmate():
                    return moves, ("0-1" if white_to_move else "1-0"), f"{winner_name} mates", None
                return moves, "1/2-1/2", "Draw by stalemate", None
            # Xiangqi: no legal move loses, in check or not.
            return moves, ("0-1" if white_to_move else "1-0"), f"{winner_name} wins: no legal move", None
        moves.append(move)
        white_to_move = not white_to_move
        if variant == "chess":
            import chess

            board.push(chess.Move.from_uci(move))
            if board.is_checkmate():
                return moves, ("1-0" if not white_to_move else "0-1"), f"{'White' if not white_to_move else 'Black'} mates", None
            if board.is_stalemate():
                return moves, "1/2-1/2", "Draw by stalemate", None
            if board.is_insufficient_material():
                return moves, "1/2-1/2", "Draw by insufficient mating material", None
            if board.is_repetition(3):
                return moves, "1/2-1/2", "Draw by 3-fold repetition", None
            if board.halfmove_clock >= 100:
                return moves, "1/2-1/2", "Draw by fifty moves rule", None
        else:
            if board.play(move) and args.position_from == "last-capture":
                base_fen, base = board.fen(len(moves)), len(moves)
            k = board.key()
            seen[k] = seen.get(k, 0) + 1
            if seen[k] >= 3:
                return moves, "1/2-1/2", "Draw by 3-fold repetition", None


def pgn(game_no, fen, default_fen, variant, white, black, moves, result, comment, termination, limit):
    tags = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", datetime.date.today().strftime("%Y.%m.%d")),
        ("Round", str(game_no)),
        ("White", white),
        ("Black", black),
        ("Result", result),
    ]
    if fen != default_fen:
        tags.append(("FEN", fen))
    tags.append(("PlyCount", str(len(moves))))
    if fen != default_fen:
        tags.append(("SetUp", "1"))
    if termination:
        tags.append(("Termination", termination))
    tags.append(("TimeControl", limit))
    if variant != "chess":
        tags.append(("Variant", variant))
    out = [f'[{k} "{v}"]' for k, v in tags]
    out.append("")
    # Move text: numbers from the FEN's full-move number and side.
    parts = fen.split()
    number = int(parts[5]) if len(parts) > 5 and parts[5].isdigit() else 1
    white_first = parts[1] in ("w", "r")
    words = []
    written = moves
    if variant == "chess":
        import chess

        b = chess.Board(fen)
        written = []
        for m in moves:
            mv = chess.Move.from_uci(m)
            written.append(b.san(mv))
            b.push(mv)
    to_white = white_first
    for i, m in enumerate(written):
        if to_white:
            words.append(f"{number}. {m}")
        else:
            words.append(f"{number}... {m}" if i == 0 else m)
            number += 1
        to_white = not to_white
    words.append("{" + comment + "}")
    words.append(result)
    line, lines = "", []
    for w in words:
        if line and len(line) + 1 + len(w) > 80:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return "\n".join(out + lines) + "\n\n"


def cpu_seconds():
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", action="append", required=True, help="engine command (twice: one per side)")
    ap.add_argument("--proxy", default="", help="command put before each engine's, e.g. 'arbiter proxy --match --'")
    ap.add_argument("--variant", choices=["xiangqi", "chess"], default="xiangqi")
    ap.add_argument("--protocol", choices=["uci", "ucci"], default="uci")
    ap.add_argument("--fen", action="append", default=[], help="start position (repeatable; cycled)")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--nodes", type=int)
    ap.add_argument("--movetime", type=int)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--random-plies", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--position-from",
        choices=["start", "last-capture"],
        default="start",
        help="xiangqi: send the engines the start and all moves (cutechess), or the position after the last capture",
    )
    ap.add_argument("--out", default="-")
    args = ap.parse_args()

    default_fen = XIANGQI_START if args.variant == "xiangqi" else CHESS_START
    # A FEN given with board and side only gets the other fields engines expect.
    fens = [f if len(f.split()) > 2 else f + " - - 0 1" for f in args.fen] or [default_fen]
    commands = [shlex.split(args.proxy) + shlex.split(e) for e in args.engine]
    if len(commands) == 1:
        commands.append(commands[0])
    info_log = []
    engines = [Engine(c, args.protocol, args.variant, info_log) for c in commands]
    rng = random.Random(args.seed)
    limit = f"nodes={args.nodes}" if args.nodes else f"movetime={args.movetime}" if args.movetime else f"depth={args.depth}"
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    began = time.monotonic()
    results, terminations = {}, {}
    for g in range(args.games):
        fen = fens[g % len(fens)]
        # Colours alternate between the two engines.
        pair = (engines[0], engines[1]) if g % 2 == 0 else (engines[1], engines[0])
        moves, result, comment, termination = play_game(pair, fen, args, rng, args.variant)
        out.write(pgn(g + 1, fen, default_fen, args.variant, pair[0].name, pair[1].name, moves, result, comment, termination, limit))
        out.flush()
        results[result] = results.get(result, 0) + 1
        terminations[comment] = terminations.get(comment, 0) + 1
    codes = [e.quit() for e in engines]
    if out is not sys.stdout:
        out.close()
    summary = {
        "games": args.games,
        "results": results,
        "terminations": terminations,
        "arbiter_info_lines": len(info_log),
        "forbidden_lines": sum("forbidden" in l for l in info_log),
        "info_sample": info_log[:3],
        "engine_exit_codes": codes,
        "seconds": round(time.monotonic() - began, 2),
        # Processor time of the harness, the engines and the proxies (children counted once they
        # have exited): a figure that the load of a shared machine does not inflate.
        "cpu_seconds": round(cpu_seconds(), 2),
    }
    print(json.dumps(summary), file=sys.stderr)


if __name__ == "__main__":
    main()
