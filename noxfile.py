"""Developer sessions: ``nox -s tests typecheck lint docs docs_browser bench release``."""

from __future__ import annotations

import re
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """The whole suite: unit, property and doc tests (``SPADES_FUZZ=1`` for the heavy profile)."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the package, the tests and the benchmarks."""
    session.install("-e", ".[test]", "mypy>=1.8")
    session.run("mypy", "--strict")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check over the package, tests, benchmarks and docs configuration."""
    session.install("ruff>=0.4")
    session.run("ruff", "check", "src", "tests", "benchmarks", "noxfile.py", "docs")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx docs with warnings as errors (their doctests run in the test suite)."""
    session.install("-e", ".[docs]")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")


@nox.session
def bench(session: nox.Session) -> None:
    """Throughput figures; installs OpenSpiel for the side-by-side comparison when it can."""
    session.install("-e", ".")
    try:
        session.install("open-spiel")
    except Exception:
        session.log("open-spiel could not be installed; benchmarking spades_rules alone")
    session.run("python", "benchmarks/bench_playouts.py", *session.posargs)


@nox.session
def docs_browser(session: nox.Session) -> None:
    """Build the docs and check them in headless Chromium at 1280 px and 390 px (``docs/check_layout.py``).

    Needs ``chromium`` and ``chromium-driver`` (Debian packages); without them the check is skipped with a
    message. Screenshots of the main pages are written to ``docs/_build/layout``.
    """
    session.install("-e", ".[docs]")
    session.run("python", "docs/check_layout.py", *session.posargs)


_VERSION = re.compile(r'^__version__ = "([^"]+)"$', re.M)


def _version() -> str:
    found = _VERSION.search(Path("src/spades_rules/__init__.py").read_text(encoding="utf-8"))
    assert found, "src/spades_rules/__init__.py must hold the one version line"
    return found.group(1)


def _sdist_names(sdist: Path) -> set[str]:
    with tarfile.open(sdist) as archive:
        return {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}


def _wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return {name for name in archive.namelist() if ".dist-info/" not in name}


@nox.session
def release(session: nox.Session) -> None:
    """A dry run of a release: build, check, and use the built wheel from outside the checkout.

    1. ``python -m build``: an sdist and a wheel; ``twine check --strict`` on both.
    2. The sdist holds the tests, the docs, LICENSE, CHANGELOG.md and README.md (and examples/ when the
       checkout has it), and builds the same wheel again by itself, unpacked in a temporary directory.
    3. The wheel, installed in a fresh virtual environment in a temporary directory (not the checkout),
       runs the CLI, imports every public module, and passes its doctests (``pytest --doctest-modules
       --pyargs spades_rules``, run from that temporary directory).

    Nothing is uploaded. Posargs are ignored.
    """
    session.install("build>=1.0", "twine>=6.1")
    version = _version()
    with tempfile.TemporaryDirectory(prefix="spades-release-") as temp:
        work = Path(temp)
        dist = work / "dist"
        session.run("python", "-m", "build", "--outdir", str(dist), ".")
        sdists, wheels = sorted(dist.glob("*.tar.gz")), sorted(dist.glob("*.whl"))
        assert len(sdists) == 1 and len(wheels) == 1, f"expected one sdist and one wheel, got {sorted(dist.iterdir())}"
        sdist, wheel = sdists[0], wheels[0]
        assert f"-{version}" in sdist.name and f"-{version}-" in wheel.name, (sdist.name, wheel.name, version)
        session.run("twine", "check", "--strict", str(sdist), str(wheel))

        names = _sdist_names(sdist)
        wanted = ["LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "docs/conf.py", "docs/index.rst"]
        wanted += [str(path) for path in sorted(Path("tests").glob("test_*.py"))]
        wanted += [str(path) for path in sorted(Path("examples").rglob("*.py"))] if Path("examples").is_dir() else []
        missing = [name for name in wanted if name not in names]
        assert not missing, f"the sdist lacks {missing}"
        session.log(f"sdist: {len(names)} files, tests, docs and LICENSE included")

        unpacked = work / "unpacked"
        with tarfile.open(sdist) as archive:
            archive.extractall(unpacked, filter="data")
        (source,) = unpacked.iterdir()
        again = work / "again"
        session.run("python", "-m", "build", "--wheel", "--outdir", str(again), str(source))
        (rebuilt,) = again.glob("*.whl")
        assert _wheel_names(rebuilt) == _wheel_names(wheel), "the sdist builds a different wheel"
        session.log("sdist: builds the same wheel by itself")

        venv = work / "venv"
        session.run(sys.executable, "-m", "venv", str(venv), external=True)
        python = str(venv / "bin" / "python")
        session.run(python, "-m", "pip", "install", "-q", f"{wheel}[testing]", "pytest", external=True)
        outside = work / "outside"
        outside.mkdir()
        env = {"PYTHONPATH": "", "PYTHONSAFEPATH": "1"}
        with session.chdir(outside):
            check = work / "check_installed.py"
            check.write_text(_CHECK_INSTALLED, encoding="utf-8")
            session.run(python, str(check), str(venv), version, external=True, env=env)
            cli = str(venv / "bin" / "spades-rules")
            session.run(cli, "variants", external=True, env=env)
            session.run(cli, "simulate", "--seed", "1", "--rules", "no_bid", "--quiet", external=True, env=env)
            score = ["score", "--bids", "3", "4", "2", "4", "--tricks", "4", "3", "4", "2"]
            session.run(python, "-m", "spades_rules", *score, external=True, env=env)
            if "--version" in str(session.run(cli, "--help", external=True, env=env, silent=True)):
                shown = str(session.run(cli, "--version", external=True, env=env, silent=True))
                assert version in shown, f"spades-rules --version printed {shown!r}, not {version}"
            skipped = Path(outside / "optional.txt").read_text(encoding="utf-8").split()
            pytest = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules"]
            flags = ["-o", "doctest_optionflags=ELLIPSIS NORMALIZE_WHITESPACE"]
            ignored = [f"--ignore={path}" for path in skipped]
            session.run(*pytest, *flags, *ignored, "--pyargs", "spades_rules", external=True, env=env)
    session.log(f"release dry run of {version} passed: nothing was uploaded")


# Run by the fresh environment's python from a directory outside the checkout: the installed copy is the
# one imported, every public module imports (a module that needs an optional dependency the wheel does
# not install is listed in optional.txt and skipped by the doctest run), and the version is the one source.
_CHECK_INSTALLED = """
import importlib, pkgutil, sys
from pathlib import Path
venv, version = Path(sys.argv[1]).resolve(), sys.argv[2]
import spades_rules
where = Path(spades_rules.__file__).resolve()
assert venv in where.parents, f"imported {where}, not the installed copy in {venv}"
assert spades_rules.__version__ == version, (spades_rules.__version__, version)
optional = []
for info in pkgutil.walk_packages(spades_rules.__path__, "spades_rules."):
    if any(part.startswith("_") for part in info.name.split(".")):
        continue
    try:
        importlib.import_module(info.name)
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] == "spades_rules":
            raise
        print(f"{info.name}: needs the optional {error.name}; not imported")
        leaf = info.name.rsplit(".", 1)[1]
        optional.append(str(Path(info.module_finder.path) / (leaf if info.ispkg else leaf + ".py")))
        continue
    print(f"imported {info.name}")
Path("optional.txt").write_text(" ".join(optional), encoding="utf-8")
"""
