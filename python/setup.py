# SPDX-License-Identifier: MIT
# pip install ./python: writes chopsticks/_config.py into the built package with the path of
# the libchopsticks that pkg-config knows (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig), so that the
# installed package finds it; without pkg-config the package falls back on the linker's search.
import os
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py


def library_path():
    """PREFIX/lib/libchopsticks.so.0 from pkg-config, or None."""
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "chopsticks"], check=True,
                                capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    path = os.path.join(os.path.realpath(libdir), "libchopsticks.so.0")
    return path if os.path.exists(path) else None


class BuildWithConfig(build_py):
    def run(self):
        super().run()
        path = library_path()
        if path:
            with open(os.path.join(self.build_lib, "chopsticks", "_config.py"), "w") as f:
                f.write("# SPDX-License-Identifier: MIT\n# Written by pip install (setup.py): "
                        "where pkg-config found libchopsticks.\nLIBRARY = %r\n" % path)


setup(cmdclass={"build_py": BuildWithConfig})
