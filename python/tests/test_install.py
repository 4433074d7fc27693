# SPDX-License-Identifier: MIT
# The package as installed: cmake --install recorded the library's path (_config.py), and
# pip install ./python, against the installed library through pkg-config, gives a package
# that works without CHOPSTICKS_LIBRARY.
import os
import shutil
import subprocess
import sys

import pytest

import chopsticks
from conftest import python

HERE = os.path.dirname(os.path.abspath(__file__))


def test_cmake_install_recorded_the_library():
    from chopsticks import _config
    assert os.path.exists(_config.LIBRARY)
    assert "CHOPSTICKS_LIBRARY" not in os.environ
    assert chopsticks.__version__ == chopsticks._lib.lib.version().decode()


def test_pip_install(tmp_path):
    prefix = os.environ.get("CHOPSTICKS_PREFIX")
    if not prefix:
        pytest.skip("CHOPSTICKS_PREFIX is not set (tests/python_pytest.sh sets it)")
    if python("import setuptools, pip").returncode != 0:
        pytest.skip("pip or setuptools missing (Debian: python3-pip python3-setuptools)")
    source = tmp_path / "src"  # pip builds in the source folder: a copy keeps python/ clean
    shutil.copytree(os.path.dirname(HERE), source, ignore=shutil.ignore_patterns("tests", "build", "*.egg-info",
                                                                                  "__pycache__", "_config.py"))
    target = tmp_path / "site"
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, "lib", "pkgconfig"))
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-build-isolation",
                    "--no-deps", "--target", str(target), str(source)], check=True, env=env,
                   capture_output=True)
    out = python("import chopsticks, chopsticks._config as c\nprint(c.LIBRARY)\n"
                 "print(chopsticks.Game(hands=3).solve()['111111'])", env={"PYTHONPATH": str(target)})
    assert out.returncode == 0, out.stderr
    library, answer = out.stdout.splitlines()
    assert os.path.samefile(library, chopsticks._config.LIBRARY)
    assert answer == str(chopsticks.Game(hands=3).solve()["111111"])


def test_pyproject_version_is_the_library_version():
    import tomllib
    with open(os.path.join(os.path.dirname(HERE), "pyproject.toml"), "rb") as f:
        assert tomllib.load(f)["project"]["version"] == chopsticks.__version__
