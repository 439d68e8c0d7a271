"""Every check, defined once: ``.ci/run`` calls these sessions, and so can you.

    nox                        # tests on each Python, typecheck, lint, docs
    nox -s tests-3.12          # the suite on one Python (``-- <pytest arguments>`` for a part of it)
    nox -s coverage            # the suite and each ecosystem's tests under coverage, combined; the floors
    nox -s ai ray              # an optional ecosystem: its extra, its tests, examples and benchmark smoke run
    nox -s typecheck lint docs docs_browser bench bench_smoke release
    nox -j 2 -s ...            # independent sessions two at a time, as CI runs them

The tools come from pyproject.toml's ``[dependency-groups]`` (test, docs, lint, typecheck, release, nox,
dev); the extras are users' optional features, installed by the sessions that test them.
"""

from __future__ import annotations

import os
import re
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

import nox

PYPROJECT = nox.project.load_toml("pyproject.toml")
EXTRAS = sorted(PYPROJECT["project"]["optional-dependencies"])

# Every Python the classifiers claim. The first also measures coverage (``coverage`` combines it).
PYTHONS = ["3.11", "3.12", "3.13"]
COVERAGE_PYTHON = PYTHONS[0]

# The optional ecosystems: one session each, below; its tests run under coverage, so ``coverage`` needs them.
ECOSYSTEMS = ["ai", "batch", "dds", "ray"]

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.default_venv_backend = "uv|virtualenv"  # uv when it is installed (the `nox` group brings it)
nox.options.reuse_venv = "yes"
nox.options.allow_parallel = True  # every session may run beside another under ``nox -j N``
# A Python this machine lacks is skipped, with a message ("Python interpreter 3.13 not found"), also on
# CI, where nox would otherwise fail; none is downloaded.
nox.options.error_on_missing_interpreters = False
nox.options.download_python = "never"


def _pyenv_pythons(versions: list[str]) -> None:
    """Let nox find the Pythons that pyenv installed but does not have active.

    pyenv's shim for ``python3.12`` runs only when 3.12 is an active pyenv version, so nox does not find
    an installed 3.12 when 3.11 is the global one. The newest ``$PYENV_ROOT/versions/X.Y.*/bin`` of each
    version goes at the *end* of PATH: an interpreter found earlier on PATH (a CI machine's own) wins.
    """
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    found = [sorted(root.glob(f"{version}.*/bin/python{version}"))[-1:] for version in versions]
    extra = [str(path.parent) for paths in found for path in paths]
    if extra:
        os.environ["PATH"] = os.pathsep.join([os.environ.get("PATH", ""), *extra])


_pyenv_pythons(PYTHONS)


def _group(*names: str) -> tuple[str, ...]:
    """The requirements of pyproject.toml's dependency groups (any installer, any pip)."""
    return nox.project.dependency_groups(PYPROJECT, *names)


def _pytest(session: nox.Session, *args: str) -> None:
    """pytest, under coverage on ``COVERAGE_PYTHON`` (a data file per run, combined by ``coverage``)."""
    if session.python == COVERAGE_PYTHON:
        session.run("coverage", "run", "--parallel-mode", "-m", "pytest", *args)
    else:
        session.run("pytest", *args)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The whole suite: unit, property and doc tests (``SPADES_FUZZ=1`` for the heavy profile).

    Without the extras: the ecosystems' tests skip here and run in their own sessions.
    """
    session.install("-e", ".", *_group("test"))
    _pytest(session, *session.posargs)


# --- the optional ecosystems: one session per extra (or family of extras). Each installs its extra once,
# runs its tests (on COVERAGE_PYTHON, under coverage) and its examples and benchmark smoke run. A new one
# gets a session here and a name in ECOSYSTEMS.


@nox.session(python=COVERAGE_PYTHON)
def ai(session: nox.Session) -> None:
    """AI ecosystems (the docs page of that name): the OpenSpiel and PettingZoo adapters.

    Their tests and doctests, the examples (ISMCTS and MaskablePPO as smoke runs; the MaskablePPO one says
    it is skipped, since sb3-contrib and torch are not installed here), and a smoke run of the adapters'
    benchmark.
    """
    session.install("-e", ".[openspiel,pettingzoo]", *_group("test"))
    tests = ["tests/test_tensor.py", "tests/test_openspiel.py", "tests/test_openspiel_search.py"]
    tests += ["tests/test_pettingzoo.py", "tests/test_single_agent.py", "tests/test_adapters_crosscheck.py"]
    modules = ["openspiel", "pettingzoo"]
    _pytest(session, "-q", *tests, *(f"src/spades_rules/{name}" for name in modules), "docs/ai.rst")
    session.run("python", "examples/openspiel_evaluate.py", "--hands", "100")
    session.run("python", "examples/pettingzoo_loop.py", "--hands", "300")
    session.run("python", "examples/openspiel_ismcts.py", "--quick")
    session.run("python", "examples/maskable_ppo.py", "--quick")
    session.run("python", "benchmarks/bench_adapters.py", "--quick")


@nox.session(python=COVERAGE_PYTHON)
def batch(session: nox.Session) -> None:
    """The batch engine (the docs page "Batches of games"): the ``batch`` extra, with Gymnasium for its vector
    environment.

    Its tests (the differential against the engine, decision by decision, included) and doctests, the
    example, and a smoke run of its benchmark (beside OpenSpiel's C++ loop when open-spiel installs).
    """
    session.install("-e", ".[batch,pettingzoo]", *_group("test"))
    tests = ["tests/test_batch.py", "tests/test_batch_differential.py", "tests/test_batch_vector.py"]
    tests += ["tests/test_batch_episodes.py", "tests/test_observation_space.py", "tests/test_policy.py"]
    modules = ["src/spades_rules/batch", "src/spades_rules/policy.py"]
    _pytest(session, "-q", *tests, *modules, "docs/batch.rst")
    session.run("python", "examples/batch_hands.py", "--games", "512", "--hands", "5000")
    session.run("python", "examples/selfplay_agent.py", "--quick", "--out", session.create_tmp())
    try:
        session.install("open-spiel")
    except Exception:
        session.log("open-spiel could not be installed; the benchmark runs without the C++ loop beside it")
    session.run("python", "benchmarks/bench_batch.py", "--quick")


@nox.session(python=COVERAGE_PYTHON)
def dds(session: nox.Session) -> None:
    """Double-dummy analysis against DDS (the ``dds`` extra: endplay): the pure solver's values equal DDS's
    on random bridge-like positions, and the fast path gives the same numbers (``SPADES_FUZZ=1``: 20,000
    positions, whole deals included)."""
    session.install("-e", ".[dds]", *_group("test"))
    _pytest(session, "-q", "tests/test_analysis_dds.py")


@nox.session(python=COVERAGE_PYTHON, allow_parallel=False)
def ray(session: nox.Session) -> None:
    """Simulation on a local Ray (the ``ray`` extra): the simulation tests that need it.

    Alone, not beside another session: a Ray node that starts on a busy machine can time out.
    """
    session.install("-e", ".[ray]", *_group("test"))
    _pytest(session, "-q", "tests/test_simulation.py", "-k", "ray")


# --- coverage: the engine and the layers beneath it (ARCHITECTURE.md's rows from errors to codec) have a
# floor of their own, tighter than the whole package's (``fail_under`` in pyproject.toml).
CORE = ["errors", "cards", "rules/tables", "_core/fields", "rules/__init__", "actions", "state", "_core/bidding"]
CORE += ["scoring/__init__", "_core/refusals", "engine", "_core/resume", "records/walk", "codec"]
CORE_FLOOR = 97.5  # measured 98.4 % (CI=true: derandomized examples)


@nox.session(python=COVERAGE_PYTHON, requires=[f"tests-{COVERAGE_PYTHON}", *ECOSYSTEMS])
def coverage(session: nox.Session) -> None:
    """Branch coverage of the suite and the ecosystems' tests, combined; fails below either floor."""
    session.install(*_group("test"))
    session.run("coverage", "combine")
    session.run("coverage", "report")
    core = ",".join(f"src/spades_rules/{name}.py" for name in CORE)
    session.log(f"the core: {', '.join(CORE)}")
    session.run("coverage", "report", f"--include={core}", f"--fail-under={CORE_FLOOR}")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict and pyright (standard mode) over the whole tree, with every extra installed.

    With the extras installed, the adapters are checked against the ecosystems' own types.
    """
    session.install("-e", f".[{','.join(EXTRAS)}]", *_group("typecheck"))
    session.run("mypy", "--strict")
    session.run("pyright")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check over the whole tree."""
    session.install(*_group("lint"))
    session.run("ruff", "check", ".")


# sphinx-build's options: nitpicky (``-n``: every cross-reference must resolve), warnings are errors.
SPHINX_OPTIONS = ["-n", "-W", "--keep-going"]


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx docs into docs/_build/html (their doctests run in the test suite)."""
    session.install("-e", ".", *_group("docs"))
    session.run("sphinx-build", *SPHINX_OPTIONS, *session.posargs, "-b", "html", "docs", "docs/_build/html")


@nox.session(python=False, requires=["docs"])
def docs_browser(session: nox.Session) -> None:
    """Check the built docs in headless Chromium at 1280 px and 390 px (``docs/check_layout.py``).

    Needs ``chromium`` and ``chromium-driver`` (Debian packages); without them the check is skipped with a
    message. Screenshots of the main pages are written to ``docs/_build/layout``. The check itself uses
    only the standard library, so it runs on nox's own Python.
    """
    session.run(sys.executable, "docs/check_layout.py", "--no-build", *session.posargs, external=True)


def _bench(session: nox.Session, *args: str) -> None:
    session.install("-e", ".")
    try:
        session.install("open-spiel")
    except Exception:
        session.log("open-spiel could not be installed; benchmarking spades_rules alone")
    session.run("python", "benchmarks/bench_playouts.py", *args)
    session.run("python", "benchmarks/bench_simulation.py", *args)


@nox.session
def bench(session: nox.Session) -> None:
    """Throughput figures (with OpenSpiel's ``spades`` side by side when open-spiel installs)."""
    _bench(session, *session.posargs)


@nox.session
def bench_smoke(session: nox.Session) -> None:
    """The benchmarks' quick runs: they still run and print their figures."""
    _bench(session, "--quick")


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
    session.install(*_group("release"))
    version = _version()
    with tempfile.TemporaryDirectory(prefix="spades-release-") as temp:
        work = Path(temp)
        dist = work / "dist"
        session.run("python", "-m", "build", "--installer=uv", "--outdir", str(dist), ".")
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
        session.run("python", "-m", "build", "--installer=uv", "--wheel", "--outdir", str(again), str(source))
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
    except ImportError as error:  # a missing extra, directly or re-raised with its install line (batch)
        missing = error if isinstance(error, ModuleNotFoundError) else error.__cause__
        if not isinstance(missing, ModuleNotFoundError) or (missing.name or "").split(".")[0] == "spades_rules":
            raise
        print(f"{info.name}: needs the optional {missing.name}; not imported")
        leaf = info.name.rsplit(".", 1)[1]
        optional.append(str(Path(info.module_finder.path) / (leaf if info.ispkg else leaf + ".py")))
        continue
    print(f"imported {info.name}")
Path("optional.txt").write_text(" ".join(optional), encoding="utf-8")
"""
