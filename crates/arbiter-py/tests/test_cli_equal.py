"""`judge` from Python gives exactly the CLI's JSON lines, game by game, on ../shared/data.
Runs when ARBITER_CLI names the release binary and the data is there (.ci/run)."""

import json
import os
import subprocess

import pytest

import arbiter_referee as ar
from conftest import SHARED

CLI = os.environ.get("ARBITER_CLI")
DATA = SHARED / "data"
FOLDERS = sorted(
    [(f"xiangqi/{d.name}", r) for d in (DATA / "xiangqi").iterdir() if d.is_dir() for r in ("axf", "tw113")]
    + [(f"chess/{d.name}", "fide") for d in (DATA / "chess").iterdir() if d.is_dir() and d.name != "dead"]
) if DATA.is_dir() else []

pytestmark = pytest.mark.skipif(not CLI or not DATA.is_dir(), reason="needs ARBITER_CLI and ../shared/data")


@pytest.mark.parametrize("folder,rules", FOLDERS)
def test_judge_equals_cli(folder, rules):
    path = str(DATA / folder)
    p = subprocess.run([CLI, "judge", "--json", "--rules", rules, path], capture_output=True, timeout=1200)
    cli = [json.loads(line) for line in p.stdout.decode("utf-8").splitlines() if line.strip()]
    ours = ar.judge(path=path, rules=rules)
    assert len(ours) == len(cli)
    for a, b in zip(ours, cli):
        assert a == b, (a.get("file"), a.get("index"))
