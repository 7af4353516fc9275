"""Every shared case (the JSON contract's test vectors) through the Python API, matched as
/work/shared/tools/check-cases matches the CLI's output: every expected field present and
equal; the set fields (kinds, chases, claims) matched element by element."""

import json

import pytest

import arbiter_referee as ar
from arbiter_referee import chess, xiangqi
from conftest import case_files, skipped_cases

SET_FIELDS = {"kinds", "chases", "claims"}


def matches(expect, got, path=""):
    if isinstance(expect, dict):
        if not isinstance(got, dict):
            return f"{path or '.'}: expected an object, got {got!r}"
        for k, v in expect.items():
            if k not in got:
                return f"{path}.{k}: missing"
            why = matches(v, got[k], f"{path}.{k}")
            if why:
                return why
        return None
    if isinstance(expect, list) and path.rsplit(".", 1)[-1] in SET_FIELDS:
        if not isinstance(got, list):
            return f"{path}: expected a list, got {got!r}"
        left = list(got)
        for e in expect:
            hit = next((g for g in left if matches(e, g, path) is None), None)
            if hit is None:
                return f"{path}: no element matches {e!r} in {got!r}"
            left.remove(hit)
        if left:
            return f"{path}: unexpected extra elements {left!r}"
        return None
    if expect != got:
        return f"{path}: expected {expect!r}, got {got!r}"
    return None


def run(case):
    cmd, rules = case["command"], case.get("rules")
    try:
        if cmd == "cycle":
            return xiangqi.cycle(case["fen"], case["moves"], rules=rules)
        if cmd == "classify":
            return xiangqi.classify(case["fen"], case["move"], rules=rules)
        if cmd == "judge":
            return ar.judge_position(case.get("fen"), case.get("moves", []), rules=rules,
                                     cycles=case.get("cycles", 3))
        if cmd == "claim":
            return ar.claim(case["kind"], case.get("fen"), case.get("moves", []), rules=rules,
                            at_ply=case.get("at_ply"), intended_move=case.get("intended_move"),
                            time_control=case.get("time_control") or "standard")
        if cmd == "dead":
            return chess.dead(case["fen"])
        if cmd == "perft":
            return ar.perft(case["depth"], case.get("fen"))
    except ar.ArbiterError as e:
        return {"error": str(e)}
    raise AssertionError(f"unknown command {cmd}")


def load():
    out = []
    for f in case_files():
        for line in f.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("//"):
                out.append(json.loads(line))
    return out


CASES = load()
SKIP = skipped_cases()


def test_cases_found():
    # The repository's copies alone hold 148 cases (seeds, FSF and WXF cycles).
    assert len(CASES) >= 148


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case):
    if case["id"] in SKIP:
        pytest.skip(SKIP[case["id"]])
    why = matches(case["expect"], run(case))
    assert why is None, why
