"""Where the test data is: ../shared beside the repository when present (CI), else the copies
in the repository (a bare clone)."""

import os
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[2]
SHARED = pathlib.Path(os.environ.get("ARBITER_SHARED", REPO.parent / "shared"))


def case_files():
    shared = SHARED / "cases"
    if shared.is_dir() and list(shared.glob("*.jsonl")):
        return sorted(shared.glob("*.jsonl"))
    return sorted((REPO / "crates/arbiter/tests/fixtures/cases").glob("*.jsonl"))


def skipped_cases():
    out = {}
    path = REPO / ".ci/skip-cases.txt"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                cid, _, why = line.partition(" ")
                out[cid] = why.strip()
    return out
