"""Keeps the message catalogues' tool out of the wheel (everything else is pyproject.toml).

``monza_tui.locale.catalogue`` (and its pseudo-locale maker) build the ``.mo`` files from
the ``.po`` sources with Babel: a developer's tool, run in a checkout. In an installed game
it could not work (no Babel, no ``.po`` files, a package folder it may not write), so the
wheel leaves it out, as it leaves out the ``.po``/``.pot`` files; the sdist keeps both.
setuptools has no setting that drops a module from a package, hence this small hook.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUILD_ONLY = {("monza_tui.locale", "catalogue"), ("monza_tui.locale", "pseudo")}
"""(package, module) of the modules that only build the catalogues."""


class BuildPy(build_py):
    """setuptools' build_py without the catalogues' tool."""

    def run(self) -> None:
        # A build/ folder left by an earlier build (or an older pyproject.toml) would still
        # hold files this build leaves out, and they would go into the wheel.
        shutil.rmtree(Path(self.build_lib) / "monza_tui", ignore_errors=True)
        super().run()

    def find_package_modules(self, package, package_dir):  # type: ignore[no-untyped-def]
        modules = super().find_package_modules(package, package_dir)
        return [entry for entry in modules if (entry[0], entry[1]) not in BUILD_ONLY]


setup(cmdclass={"build_py": BuildPy})
