"""Records and paths are different arguments, and a folder is walked by the library (the CLI's
walk): symbolic link loops, FIFOs and unreadable folders neither hang, repeat nor vanish."""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import arbiter_referee as ar
from conftest import REPO

GAME = b'[Event "x"]\n\n1. e4 e5 2. Nf3 *\n'


def _folder(tmp_path):
    (tmp_path / "a.pgn").write_bytes(GAME)
    return tmp_path


def test_a_string_is_never_read_as_a_path():
    # "/etc/passwd" is record text here: no file is opened, nothing of it is echoed.
    reports = ar.judge("/etc/passwd")
    assert len(reports) == 1 and reports[0]["file"] == "-"
    assert "root:" not in json.dumps(reports)
    # The same with a path object in the record's place: a clear TypeError, not a guess.
    with pytest.raises(TypeError, match="path="):
        ar.judge(pathlib.Path("/etc/passwd"))
    with pytest.raises(ar.UsageError, match="not both"):
        ar.judge(GAME, path=REPO / "samples")
    with pytest.raises(ar.UsageError, match="neither"):
        ar.judge()


@pytest.mark.parametrize("links", [1, 2])
def test_symlink_loops_give_each_game_once(tmp_path, links):
    d = _folder(tmp_path)
    for k in range(links):
        os.symlink(".", d / f"loop{k}")
    with pytest.warns(RuntimeWarning, match="a symbolic link loop") as w:
        reports = ar.judge(path=d)
    assert [(r["file"], r["index"]) for r in reports] == [(str(d / "a.pgn"), 0)]
    assert len([x for x in w if "symbolic link loop" in str(x.message)]) == links
    assert ar._arbiter.record_files(str(d)) == [str(d / "a.pgn")]
    with pytest.warns(RuntimeWarning):
        assert list(ar.iter_judge(path=d)) == reports


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_in_a_folder_is_skipped_unopened(tmp_path):
    d = _folder(tmp_path)
    os.mkfifo(d / "x.pgn")  # opening it would block for ever
    with pytest.warns(RuntimeWarning, match="x.pgn: a FIFO, not a regular file"):
        reports = ar.judge(path=d)
    assert [r["file"] for r in reports] == [str(d / "a.pgn")]


_CHILD = """
import json, sys, warnings
warnings.simplefilter("ignore")
import arbiter_referee as ar
print(json.dumps([(r["file"], r.get("error")) for r in ar.judge(path=sys.argv[1])]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_an_unreadable_folder_is_an_error_item(tmp_path):
    d = _folder(tmp_path)
    (d / "b").mkdir()
    (d / "b" / "y.pgn").write_bytes(GAME)
    (d / "c.pgn").write_bytes(GAME)
    os.chmod(d / "b", 0)
    try:
        if os.geteuid() == 0:
            # Root reads any folder: the walk runs in a user namespace of its own, where root's
            # override of permissions does not reach files owned outside it (util-linux).
            if shutil.which("unshare") is None:
                pytest.skip("root may read any folder and `unshare` is not available here")
            out = subprocess.run(["unshare", "-U", sys.executable, "-c", _CHILD, str(d)],
                                 capture_output=True, text=True, timeout=120)
            assert out.returncode == 0, out.stderr
            got = json.loads(out.stdout)
        else:
            got = [[r["file"], r.get("error")] for r in ar.judge(path=d)]
    finally:
        os.chmod(d / "b", 0o755)
    b = str(d / "b")
    assert got == [[str(d / "a.pgn"), None],
                   [b, f"cannot read the directory {b}: Permission denied (os error 13)"],
                   [str(d / "c.pgn"), None]]


def test_a_missing_or_empty_path_raises(tmp_path):
    with pytest.raises(ar.RecordError, match="no such file or directory"):
        ar.judge(path=tmp_path / "nope.pgn")
    with pytest.raises(ar.RecordError, match="no record files"):
        ar.judge(path=tmp_path)
