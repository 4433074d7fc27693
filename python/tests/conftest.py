# SPDX-License-Identifier: MIT
# Shared by the package's tests: the chopsticks program whose JSON is the reference
# ($CHOPSTICKS_CLI, as tests/python_pytest.sh sets it to the installed one), the games the
# comparisons run on, and a runner for Python snippets in a fresh interpreter.
import json
import os
import subprocess
import sys

import pytest

# Two and three players, uneven hands, lives, variants and axis options.
GAMES = ["", "--variant cutoff", "--variant cutoff,suicide", "--hands 3,2 --rollover 4",
         "--lives 2 --rollover 4", "--players 3 --hands 2 --rollover 4",
         "--players 3 --hands 2,1,1 --rollover 3", "--hands 3 --rollover 4 --variant misere",
         "--overflow cutoff --hands 1,2"]
TWO_PLAYER_GAMES = [g for g in GAMES if "--players 3" not in g]


@pytest.fixture(scope="session")
def cli_path():
    path = os.environ.get("CHOPSTICKS_CLI")
    if not path:
        pytest.skip("CHOPSTICKS_CLI is not set (tests/python_pytest.sh sets it)")
    return path


@pytest.fixture(scope="session")
def cli(cli_path):
    """cli("solve", "--hands 3", "--format", "json") -> the parsed JSON of the program."""
    def run(command, options, *more):
        args = [cli_path, command] + options.split() + list(more) + ["--format", "json"]
        out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        return json.loads(out)
    return run


def python(code, env=None, timeout=120):
    """Runs code in a fresh interpreter (this one, with this environment plus env)."""
    full = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=full, timeout=timeout)
