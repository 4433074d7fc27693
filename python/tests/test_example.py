# SPDX-License-Identifier: MIT
# examples/frontier.py runs on the installed package: its grid (--csv, which needs no
# matplotlib) against the program's solve of each game.
import csv
import io
import os
import subprocess
import sys

import pytest

FRONTIER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "frontier.py")


def test_frontier_grid_matches_the_program(cli):
    out = subprocess.run([sys.executable, FRONTIER, "--hands", "1-3", "--rollover", "2-5", "--variant", "cutoff",
                          "--csv"], check=True, capture_output=True, text=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 12
    for row in rows:
        want = cli("solve", "--hands %s --rollover %s --variant cutoff" % (row["hands"], row["rollover"]))
        assert (row["value"], row["remoteness"]) == (want["value"], str(want["remoteness"] or ""))


def test_frontier_refuses_a_bad_variant():
    out = subprocess.run([sys.executable, FRONTIER, "--variant", "nosuch", "--csv"], capture_output=True, text=True)
    assert out.returncode == 2 and "nosuch" in out.stderr


def test_frontier_draws(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "f.png"
    subprocess.run([sys.executable, FRONTIER, "--hands", "1-2", "--rollover", "2-4", "-o", str(path)],
                   check=True, capture_output=True)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
