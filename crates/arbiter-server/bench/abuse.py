#!/usr/bin/env python3
"""Load and abuse test of `arbiter serve` (loopback only, bounded in count and time).

Each scenario starts a fresh server, attacks it, and meanwhile a prober asks a computing
question (POST /api/v1/classify, one move) every 50 ms on a new connection. The server passes a
scenario when every probe is answered 200, the probes' p99 latency is under 1 s, and the
server's peak resident memory (VmHWM) stays under 256 MB.

  lockout   four 640 KB /position bodies (a 128,000-ply knight shuffle each), at once
  games     a 16 MiB /judge body of tiny games (about 600,000), two at once
  idle      1,100 connections opened and left silent (over the usual 1,024 descriptors)
  slow      100 clients sending a body one byte every half second, 100 sending headers so

    python3 crates/arbiter-server/bench/abuse.py [--short] [--report-only] [BINARY] [SCENARIO...]

--short: probe for 3 s per scenario instead of 8 (CI). --report-only: print, never fail (for a
baseline binary). Exit 1 when a scenario fails. Standard library only; Linux (/proc).
"""

import json
import resource
import socket
import subprocess
import sys
import threading
import time

PROBE = json.dumps({"fen": "4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w", "move": "a3b3"}).encode()
P99_LIMIT = 1.0
RSS_LIMIT_KB = 256 * 1024


def start(binary):
    p = subprocess.Popen([binary, "serve", "--bind", "127.0.0.1:0"], stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    host, port = line.split("http://", 1)[1].split("/", 1)[0].rsplit(":", 1)
    threading.Thread(target=p.stderr.read, daemon=True).start()
    return p, (host, int(port))


def peak_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def request(addr, method, path, body=b"", ctype="application/json", timeout=5.0):
    """One request on a new connection: (status or None, seconds)."""
    t0 = time.monotonic()
    try:
        with socket.create_connection(addr, timeout=timeout) as s:
            s.settimeout(timeout)
            head = f"{method} {path} HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
            s.sendall(head.encode() + body)
            data = b""
            while True:
                chunk = s.recv(1 << 16)
                if not chunk:
                    break
                data += chunk
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else None
    except (OSError, ValueError, IndexError):
        status = None
    return status, time.monotonic() - t0


def probe(addr, seconds):
    """Probes every 50 ms for `seconds`: [(status, latency)]."""
    out = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        out.append(request(addr, "POST", "/api/v1/classify", PROBE))
        time.sleep(0.05)
    return out


def fire(addr, path, body, ctype, n, timeout):
    """n requests at once in the background (their answers are not checked)."""
    threads = [threading.Thread(target=request, args=(addr, "POST", path, body, ctype, timeout), daemon=True) for _ in range(n)]
    for t in threads:
        t.start()
    return threads


def probe_holding(addr, seconds, held):
    """Probes while the sockets in `held` stay open, then closes them."""
    time.sleep(0.5)
    try:
        return probe(addr, seconds)
    finally:
        for s in held:
            s.close()


def lockout(addr, seconds):
    body = json.dumps({"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "moves": "g1f3 g8f6 f3g1 f6g8 " * 32000, "game": "chess"}).encode()
    fire(addr, "/api/v1/position", body, "application/json", 4, 120)
    time.sleep(0.5)
    return probe(addr, seconds)


def games(addr, seconds):
    one = b'[R "1"]\n1. e4 e5 *\n\n'
    body = one * ((16 << 20) // len(one) - 1)
    fire(addr, "/api/v1/judge", body, "application/x-chess-pgn", 2, 120)
    time.sleep(0.5)
    return probe(addr, seconds)


def idle(addr, seconds):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1300:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(hard, 0), 4096) if hard != resource.RLIM_INFINITY else 4096, hard))
    held = []
    for _ in range(1100):
        try:
            s = socket.create_connection(addr, timeout=2)
            held.append(s)
        except OSError:
            break
    return probe_holding(addr, seconds, held)


def slow(addr, seconds):
    held = []
    stop = time.monotonic() + seconds + 1
    for i in range(200):
        try:
            s = socket.create_connection(addr, timeout=2)
        except OSError:
            break
        if i % 2 == 0:
            s.sendall(f"POST /api/v1/judge HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nContent-Length: 1048576\r\n\r\n".encode())
        else:
            s.sendall(b"POST /api/v1/judge HTTP/1.1\r\n")
        held.append(s)

    def trickle():
        while time.monotonic() < stop:
            for i, s in enumerate(held):
                try:
                    s.sendall(b"1" if i % 2 == 0 else b"X")
                except OSError:
                    pass
            time.sleep(0.5)

    threading.Thread(target=trickle, daemon=True).start()
    return probe_holding(addr, seconds, held)


SCENARIOS = {"lockout": lockout, "games": games, "idle": idle, "slow": slow}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    short = "--short" in sys.argv
    report_only = "--report-only" in sys.argv
    binary = args[0] if args else "target/release/arbiter"
    names = args[1:] or list(SCENARIOS)
    seconds = 3 if short else 8
    failed = False
    print(f"{'scenario':9} {'probes':>6} {'ok':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'peak RSS MB':>12}  verdict")
    for name in names:
        server, addr = start(binary)
        try:
            results = SCENARIOS[name](addr, seconds)
            rss = peak_kb(server.pid)
        finally:
            server.kill()
            server.wait()
        lat = sorted(t for _, t in results)
        ok = sum(1 for s, _ in results if s == 200)
        p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("inf")
        good = ok == len(results) and p(0.99) < P99_LIMIT and rss < RSS_LIMIT_KB
        failed |= not good
        print(
            f"{name:9} {len(results):6} {ok:5} {p(0.5) * 1000:8.1f} {p(0.99) * 1000:8.1f} {lat[-1] * 1000 if lat else 0:8.1f} {rss / 1024:12.1f}  {'pass' if good else 'FAIL'}",
            flush=True,
        )
    return 1 if failed and not report_only else 0


if __name__ == "__main__":
    sys.exit(main())
