"""Issue 14: the Python `claim` takes the time control from the record's tags when none is
given, as the CLI and the server do (FIDE 9.5.3 for standard play; Appendices A.5/B for rapid
and blitz: an incorrect claim gives the opponent one extra minute instead of two)."""

import json
import os
import subprocess

import pytest

import arbiter_referee as ar

CLI = os.environ.get("ARBITER_CLI")

# White claims a threefold repetition after 1. Nf3 Nf6 2. Ng1 Ng8: the start position has
# occurred twice only, so the claim is incorrect and the penalty depends on the time control.
BLITZ = (
    '[Event "Rated Blitz game"]\n[Site "https://lichess.org/abc"]\n[White "a"]\n[Black "b"]\n'
    '[Result "*"]\n[TimeControl "180+2"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 *\n'
)


def test_claim_time_control_from_the_tags(tmp_path):
    path = tmp_path / "blitz.pgn"
    path.write_text(BLITZ, encoding="utf-8")
    ours = ar.claim("threefold", path=str(path))
    assert (ours["valid"], ours["occurrences"]) == (False, 2)
    assert ours["time_control"] == "blitz"
    assert ours["time_control_source"] == '[TimeControl "180+2"]'
    assert ours["penalty"] == {"clause": "FIDE B.2/B.3", "opponent_extra_seconds": 60}
    # The same from the bytes, and through arbiter_referee.chess.
    assert ar.claim("threefold", record=BLITZ.encode()) == ours
    assert ar.chess.claim("threefold", path=str(path)) == ours
    # An explicit time control still wins over the tags.
    std = ar.claim("threefold", path=str(path), time_control="standard")
    assert std["penalty"] == {"clause": "FIDE 9.5.3", "opponent_extra_seconds": 120}
    # Given by the caller: "given", whatever the shell (no CLI flag is named).
    assert std["time_control_source"] == "given"
    # Moves without a record carry no tags: standard play.
    bare = ar.claim("threefold", moves="Nf3 Nf6 Ng1 Ng8")
    assert (bare["time_control"], bare["time_control_source"]) == ("standard", "default")

    if CLI:
        for extra in ([], ["--time-control", "standard"]):
            p = subprocess.run([CLI, "claim", "--kind", "threefold", str(path), "--json", *extra],
                               capture_output=True, timeout=60)
            cli = json.loads(p.stdout)
            mine = ar.claim("threefold", path=str(path),
                            time_control=extra[1] if extra else None)
            assert mine == cli


def test_claim_record_index_and_errors(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text(BLITZ + "\n" + BLITZ.replace("Blitz", "Classical").replace("180+2", "5400+30"),
                    encoding="utf-8")
    assert ar.claim("threefold", path=str(path), index=1)["time_control"] == "standard"
    # index=2 is the third game: errors count games from 1.
    with pytest.raises(ar.RecordError, match="there is no game 3"):
        ar.claim("threefold", path=str(path), index=2)
    with pytest.raises(ar.UsageError, match="one record file; .* is a directory"):
        ar.claim("threefold", path=str(tmp_path))
