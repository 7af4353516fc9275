#!/usr/bin/env python3
"""The OpenAPI document of `arbiter serve` against a real validator and the live server.

1. `openapi-spec-validator` validates the document the server serves at
   GET /api/v1/openapi.json (and it is byte-identical to crates/arbiter-server/src/openapi.json).
2. Every route is called (each documented status that a request can provoke), and each answer's
   status must be one the document lists for that operation and its body must validate against
   the document's schema for that status (JSON Schema 2020-12, OAS 3.1 dialect).
3. `--access-log` wrote one JSON line per request with time, method, route, status, ms, bytes.

    python3 crates/arbiter-server/tests/openapi_check.py target/release/arbiter

Needs `pip install openapi-spec-validator` (it brings openapi-schema-validator and referencing).
Loopback only; about two seconds.
"""

import http.client
import json
import os
import subprocess
import sys
import tempfile

from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate as validate_spec
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
XQ_SAMPLE = open(os.path.join(ROOT, "crates", "arbiter-server", "samples", "xiangqi-perpetual-chase.pgn"), "rb").read()
MAX_BODY = 1 << 20


def start(binary, log):
    p = subprocess.Popen(
        [binary, "serve", "--bind", "127.0.0.1:0", "--max-body", str(MAX_BODY), "--access-log", log],
        stderr=subprocess.PIPE,
        text=True,
    )
    line = p.stderr.readline()
    addr = line.split("http://", 1)[1].split("/", 1)[0]
    host, port = addr.rsplit(":", 1)
    return p, host, int(port)


def call(host, port, method, path, body=None, ctype=None, headers=None):
    c = http.client.HTTPConnection(host, port, timeout=30)
    h = dict(headers or {})
    if ctype:
        h["Content-Type"] = ctype
    c.request(method, path, body=body, headers=h)
    r = c.getresponse()
    data = r.read()
    out = (r.status, r.getheader("Content-Type") or "", data)
    c.close()
    return out


def call_over_cap(host, port, path, length):
    """POST headers announcing `length` bytes and no body: the server must answer 413 from the
    Content-Length alone. (Sending the body too races the server, which answers and closes while
    the client is still writing: a broken pipe on a loaded machine.)"""
    c = http.client.HTTPConnection(host, port, timeout=30)
    c.putrequest("POST", path)
    c.putheader("Content-Length", str(length))
    c.endheaders()
    r = c.getresponse()
    data = r.read()
    out = (r.status, r.getheader("Content-Type") or "", data)
    c.close()
    return out


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "arbiter")
    log = tempfile.NamedTemporaryFile(prefix="arbiter-access-", suffix=".log", delete=False).name
    server, host, port = start(binary, log)
    failures = []
    try:
        status, ctype, raw = call(host, port, "GET", "/api/v1/openapi.json")
        assert status == 200 and ctype.startswith("application/json"), (status, ctype)
        with open(os.path.join(ROOT, "crates", "arbiter-server", "src", "openapi.json"), "rb") as f:
            assert raw == f.read(), "the served document differs from src/openapi.json"
        doc = json.loads(raw)
        validate_spec(doc)
        print("openapi.json: a valid OpenAPI", doc["openapi"], "document,", len(doc["paths"]), "paths")

        registry = Registry().with_resource("urn:arbiter-openapi", Resource.from_contents(doc, default_specification=DRAFT202012))

        def pointer(*parts):
            return "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)

        def response_for(path, method, status):
            op = doc["paths"][path][method]
            resp = op["responses"].get(str(status))
            where = ("paths", path, method, "responses", str(status))
            if resp is None:
                return None, None
            if "$ref" in resp:
                name = resp["$ref"].rsplit("/", 1)[1]
                resp = doc["components"]["responses"][name]
                where = ("components", "responses", name)
            return resp, where

        checked = {}

        def check(label, path, method, status, ctype, raw, want=None, component=None):
            if want is not None and status != want:
                failures.append(f"{label}: status {status}, expected {want}: {raw[:200]!r}")
                return
            if component:
                resp = doc["components"]["responses"][component]
                where = ("components", "responses", component)
            else:
                resp, where = response_for(path, method, status)
            if resp is None:
                failures.append(f"{label}: status {status} is not documented for {method.upper()} {path}")
                return
            media = next((m for m in resp["content"] if ctype.split(";")[0].strip() == m or m == "*/*"), None)
            if media is None:
                failures.append(f"{label}: content type {ctype!r} not documented ({list(resp['content'])})")
                return
            if media == "application/json":
                body = json.loads(raw)
                ref = "urn:arbiter-openapi#/" + pointer(*where, "content", media, "schema")
                errors = list(OAS31Validator({"$ref": ref}, registry=registry).iter_errors(body))
                if errors:
                    failures.append(f"{label}: {errors[0].message} at {list(errors[0].absolute_path)}")
                    return
            checked[(method.upper() + " " + path, status)] = True

        def run(label, method, path, route=None, body=None, ctype=None, headers=None, want=None, component=None):
            status, got, raw = call(host, port, method.upper(), path, body, ctype, headers)
            check(label, route or path.split("?")[0], method, status, got, raw, want, component)

        j = "application/json"
        pos = {"fen": "4k4/9/5R3/9/9/4P4/9/9/9/4K4 w", "moves": "f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9"}
        for asset in ["/", "/app.js", "/board.js", "/i18n.js", "/style.css", "/favicon.svg"]:
            run("asset " + asset, "get", asset, want=200)
        run("samples", "get", "/samples", want=200)
        run("sample", "get", "/samples/xiangqi-perpetual-chase.pgn", route="/samples/{name}", want=200)
        run("no sample", "get", "/samples/none.pgn", route="/samples/{name}", want=404)
        run("healthz", "get", "/healthz", want=200)
        run("index", "get", "/api/v1/", want=200)
        run("openapi", "get", "/api/v1/openapi.json", want=200)
        run("judge", "post", "/api/v1/judge", body=XQ_SAMPLE, ctype="application/x-chess-pgn", want=200)
        run("judge annotate", "post", "/api/v1/judge?annotate=true&explain=true", body=XQ_SAMPLE, want=200)
        run("judge nothing", "post", "/api/v1/judge", body=b"no game here", want=422)
        run("judge bad query", "post", "/api/v1/judge?rules=xx", body=XQ_SAMPLE, want=400)
        run("judge unknown query", "post", "/api/v1/judge?colour=red", body=XQ_SAMPLE, want=400)
        status, got, raw = call_over_cap(host, port, "/api/v1/judge", MAX_BODY + 1)
        check("judge over the cap", "/api/v1/judge", "post", status, got, raw, 413)
        run("position", "post", "/api/v1/position", body=json.dumps(pos), ctype=j, want=200)
        run("position annotate", "post", "/api/v1/position", body=json.dumps({**pos, "annotate": True}), ctype=j, want=200)
        run("chess position", "post", "/api/v1/position", body=json.dumps({"fen": "8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1", "moves": ["Kd2"], "annotate": True}), ctype=j, want=200)
        run("position unknown field", "post", "/api/v1/position", body='{"fen":null,"colour":1}', ctype=j, want=400)
        run("position not JSON", "post", "/api/v1/position", body="{", ctype=j, want=400)
        run("position text/plain", "post", "/api/v1/position", body=json.dumps(pos), ctype="text/plain", want=415)
        run("position illegal move", "post", "/api/v1/position", body='{"moves":"h2h9 a1a2"}', ctype=j, want=422)
        run("cycle", "post", "/api/v1/cycle", body=json.dumps({"fen": pos["fen"], "moves": "f7e7 e9f9 e7f7 f9e9"}), ctype=j, want=200)
        run("classify", "post", "/api/v1/classify", body='{"fen":"4k4/9/9/9/1c7/4P4/R8/9/9/4K4 w","move":"a3b3"}', ctype=j, want=200)
        run(
            "claim",
            "post",
            "/api/v1/claim",
            body=json.dumps({"kind": "fifty-moves", "fen": "4k3/8/8/8/8/8/3R4/4K3 w - - 98 70", "moves": "d2c2", "intended_move": "e8f8"}),
            ctype=j,
            want=200,
        )
        run("claim bad kind", "post", "/api/v1/claim", body='{"kind":"resign"}', ctype=j, want=400)
        xq_record = XQ_SAMPLE.decode("utf-8") if isinstance(XQ_SAMPLE, bytes) else XQ_SAMPLE
        run("claim game 1", "post", "/api/v1/claim",
            body=json.dumps({"kind": "natural_move_limit", "record": xq_record, "game": 1}), ctype=j, want=200)
        run("claim no game 2", "post", "/api/v1/claim",
            body=json.dumps({"kind": "natural_move_limit", "record": xq_record, "game": 2}), ctype=j, want=422)
        run("claim game 0", "post", "/api/v1/claim",
            body=json.dumps({"kind": "natural_move_limit", "record": xq_record, "game": 0}), ctype=j, want=400)
        run("dead", "post", "/api/v1/dead", body='{"fen":"8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1"}', ctype=j, want=200)
        run("dead exact", "post", "/api/v1/dead", body='{"fen":"8/8/8/4k3/8/8/8/4K3 w - - 0 1","exact":true}', ctype=j, want=200)
        run("dead bad FEN", "post", "/api/v1/dead", body='{"fen":"x"}', ctype=j, want=422)
        run("perft", "post", "/api/v1/perft", body='{"depth":2,"divide":true}', ctype=j, want=200)
        run("perft over the cap", "post", "/api/v1/perft", body='{"depth":9}', ctype=j, want=422)
        run("rules", "get", "/api/v1/rules?book=axf", want=200)
        run("rules cited", "get", "/api/v1/rules?cited=AXF%20detailed%20rule%201", want=200)
        run("rules bad book", "get", "/api/v1/rules?book=xx", want=400)
        run("rules no clause", "get", "/api/v1/rules?book=axf&clause=zz", want=404)
        run("wrong method", "get", "/api/v1/judge", route="/api/v1/judge", want=405, component="MethodNotAllowed")
        run("no route", "post", "/api/v1/resign", route="/api/v1/", body=b"{}", want=404, component="NotFound")
        run("foreign host", "get", "/api/v1/", headers={"Host": "rebind.example:8080"}, want=421)
    finally:
        server.terminate()
        server.wait(timeout=30)

    lines = [json.loads(l) for l in open(log, encoding="utf-8") if l.strip()]
    os.unlink(log)
    if not lines or any(set(l) != {"time", "method", "route", "status", "ms", "bytes"} for l in lines):
        failures.append(f"access log: {len(lines)} lines, first {lines[:1]}")
    statuses = sorted({s for (_, s) in checked})
    print(f"live answers validated: {len(checked)} (route, status) pairs; statuses {statuses}; access log {len(lines)} lines")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
