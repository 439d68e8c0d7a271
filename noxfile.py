"""Every check, defined once: ``.ci/run`` calls these sessions, and so can you.

    nox                        # tests on each Python, typecheck, lint, docs
    nox -s tests-3.12          # the suite on one Python (``-- <pytest arguments>`` for a part of it)
    nox -s coverage            # the suite with every extra, under coverage; the floors
    nox -s extra-batch         # the suite with one extra alone (the others' tests skip); one per extra
    nox -s ai batch dds ray    # an optional ecosystem: its extra, its tests, examples and benchmark smoke run
    nox -s examples            # every example and benchmark smoke run, with every extra (what CI runs)
    nox -s typecheck lint docs docs_browser bench bench_smoke release
    nox -j 2 -s ...            # independent sessions two at a time

The tools come from pyproject.toml's ``[dependency-groups]`` (test, docs, lint, typecheck, release, nox,
dev); the extras are users' optional features, installed by the sessions that test them.

How CI (``.ci/run``) spends its ten minutes: the suite runs once per Python. The README's own command is the
full run (first Python, no extras, the ``ci`` Hypothesis profile, the terminal tests in tmux); the other
Pythons run it with the ``quick`` profile (``SPADES_HYPOTHESIS=quick``) and without the ``slow`` tests,
coverage is measured once (``COVERAGE_PYTHON``, every extra installed, so the adapters count), and each
extra alone collects the whole suite and runs the tests that depend on what is installed (``ALONE_CI``).
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

# Every Python the classifiers claim. The first is the README's (``python3``); coverage is measured on the
# second, where the suite runs once anyway, with every extra.
PYTHONS = ["3.11", "3.12", "3.13"]
COVERAGE_PYTHON = PYTHONS[1]

# The users' extras, each tested alone (``extra-<name>``): the suite with that extra and the test
# dependencies, nothing else. ``test`` is the suite's own; every other extra is here.
ALONE = [extra for extra in EXTRAS if extra != "test"]

# What CI runs of the suite with one extra alone: the whole suite collected (an import that needs another
# extra fails there), then the tests that look at what is installed: the exports (``__all__`` against what
# Python imports), every public value and entry point (the walk), the doctests of the modules and docs pages.
# (The rest of tests/repo reads the source, the same whatever is installed.)
ALONE_CI = ["tests/repo/test_exports.py", "tests/test_values.py", "tests/test_entry_points.py"]
ALONE_CI += ["src/spades_rules", "docs"]

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


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The whole suite: unit, property and doc tests (``SPADES_FUZZ=1`` for the heavy profile).

    Without the extras: the ecosystems' tests skip here and run with their extras (``coverage``, ``ai``,
    ``batch``, ``ray``, ``extra-<name>``).
    """
    session.install("-e", ".", *_group("test"))
    session.run("pytest", *session.posargs)


def _alone(extra: str) -> None:
    def alone(session: nox.Session) -> None:
        session.install("-e", f".[{extra},test]")
        if session.posargs == ["ci"]:  # what .ci/run asks for: see ALONE_CI
            session.run("pytest", "-q", "--collect-only")
            session.run("pytest", "-q", "-m", "not slow", *ALONE_CI)
        else:
            session.run("pytest", *session.posargs)

    alone.__doc__ = f"""The suite with the ``{extra}`` extra alone, as ``pip install -e '.[{extra},test]'`` gives it.

    Every test that needs another extra skips. ``-- ci``: the whole suite collected and the tests that
    depend on what is installed (``ALONE_CI``), as CI runs it; other posargs go to pytest."""
    nox.session(name=f"extra-{extra}", python=PYTHONS[0])(alone)


for _extra in ALONE:
    _alone(_extra)


# --- the optional ecosystems: one session per extra (or family of extras). Each installs its extra once,
# runs its tests and its examples and benchmark smoke run. CI measures their tests in ``coverage`` and runs
# their examples in ``examples``.
AI_TESTS = ["tests/test_tensor.py", "tests/test_openspiel.py", "tests/test_openspiel_search.py"]
AI_TESTS += ["tests/test_pettingzoo.py", "tests/test_single_agent.py", "tests/test_adapters_crosscheck.py"]
AI_TESTS += ["src/spades_rules/openspiel", "src/spades_rules/pettingzoo", "docs/ai.rst"]
BATCH_TESTS = ["tests/test_batch.py", "tests/test_batch_differential.py", "tests/test_batch_vector.py"]
BATCH_TESTS += ["tests/test_batch_episodes.py", "tests/test_observation_space.py", "tests/test_policy.py"]
BATCH_TESTS += ["tests/test_search_batched.py"]
BATCH_TESTS += ["tests/test_batch_observe.py"]
BATCH_TESTS += ["src/spades_rules/batch", "src/spades_rules/policy.py", "docs/batch.rst"]


def _ai_examples(session: nox.Session) -> None:
    session.run("python", "examples/openspiel_evaluate.py", "--hands", "100")
    session.run("python", "examples/pettingzoo_loop.py", "--hands", "300")
    session.run("python", "examples/openspiel_ismcts.py", "--quick")
    session.run("python", "examples/maskable_ppo.py", "--quick")
    session.run("python", "benchmarks/bench_adapters.py", "--quick")


def _batch_examples(session: nox.Session) -> None:
    session.run("python", "examples/batch_hands.py", "--games", "512", "--hands", "5000")
    session.run("python", "examples/selfplay_agent.py", "--quick", "--out", session.create_tmp())
    session.run("python", "benchmarks/bench_batch.py", "--quick")


@nox.session(python=PYTHONS[0])
def ai(session: nox.Session) -> None:
    """AI ecosystems (the docs page of that name): the OpenSpiel and PettingZoo adapters.

    Their tests and doctests, the examples (ISMCTS and MaskablePPO as smoke runs; the MaskablePPO one says
    it is skipped, since sb3-contrib and torch are not installed here), and a smoke run of the adapters'
    benchmark.
    """
    session.install("-e", ".[openspiel,pettingzoo]", *_group("test"))
    session.run("pytest", "-q", *AI_TESTS)
    _ai_examples(session)


@nox.session(python=PYTHONS[0])
def batch(session: nox.Session) -> None:
    """The batch engine (the docs page "Batches of games"): the ``batch`` extra, with Gymnasium for its vector
    environment.

    Its tests (the differential against the engine, decision by decision, included) and doctests, the
    example, and a smoke run of its benchmark (beside OpenSpiel's C++ loop: the ``openspiel`` extra).
    """
    session.install("-e", ".[batch,pettingzoo,openspiel]", *_group("test"))
    session.run("pytest", "-q", *BATCH_TESTS)
    _batch_examples(session)


@nox.session(python=PYTHONS[0])
def dds(session: nox.Session) -> None:
    """Double-dummy analysis against DDS (the ``dds`` extra: endplay): the pure solver's values equal DDS's
    on random bridge-like positions, and the fast path gives the same numbers (``SPADES_FUZZ=1``: 20,000
    positions, whole deals included); a smoke run of the solver's benchmark beside DDS."""
    session.install("-e", ".[dds]", *_group("test"))
    session.run("pytest", "-q", "tests/test_analysis_dds.py")
    session.run("python", "benchmarks/bench_analysis.py", "--quick")


@nox.session(python=PYTHONS[0], allow_parallel=False)
def ray(session: nox.Session) -> None:
    """Simulation on a local Ray (the ``ray`` extra): the simulation tests that need it.

    Alone, not beside another session: a Ray node that starts on a busy machine can time out.
    """
    session.install("-e", ".[ray]", *_group("test"))
    session.run("pytest", "-q", "tests/test_simulation.py", "-k", "ray")


@nox.session(python=PYTHONS[0])
def examples(session: nox.Session) -> None:
    """Every example and every benchmark's smoke run, with every extra installed (one environment for all)."""
    session.install("-e", f".[{','.join(EXTRAS)}]", *_group("examples"))
    _ai_examples(session)
    _batch_examples(session)
    session.run("python", "benchmarks/bench_playouts.py", "--quick")
    session.run("python", "benchmarks/bench_simulation.py", "--quick")


# --- coverage: the engine and the layers beneath it (ARCHITECTURE.md's rows from errors to codec) have a
# floor of their own, tighter than the whole package's (``fail_under`` in pyproject.toml).
CORE = ["errors", "cards", "rules/tables", "_core/fields", "_core/bid_rule", "rules/__init__", "actions", "state"]
CORE += ["_core/bidding", "_core/sheet_bids"]
CORE += ["scoring/__init__", "_core/refusals", "engine", "_core/resume", "records/walk", "codec"]
CORE_FLOOR = 98.0  # lines, measured 98.9 % (CI: the quick Hypothesis profile)


# The tests that need an extra, measured in one half of the coverage run (``coverage-extras``) while the rest
# of the suite is measured in the other (``coverage-suite``), side by side; ``coverage`` combines them.
EXTRA_TESTS = [*AI_TESTS, *BATCH_TESTS, "tests/test_batch_costs.py", "tests/test_analysis_dds.py"]


def _measure(session: nox.Session, *args: str) -> None:
    # sys.monitoring's core: line coverage at next to no cost on 3.12 (pyproject.toml's [tool.coverage.run])
    session.run("coverage", "run", "--parallel-mode", "-m", "pytest", *args, *session.posargs,
                env={"COVERAGE_CORE": "sysmon"})


def _measure_suite(session: nox.Session) -> None:
    _measure(session, *(f"--ignore={path}" for path in EXTRA_TESTS))


def _measure_extras(session: nox.Session) -> None:
    _measure(session, *EXTRA_TESTS)


@nox.session(name="coverage-suite", python=COVERAGE_PYTHON)
def coverage_suite(session: nox.Session) -> None:
    """Half of ``coverage``: the suite but the tests that need an extra, under coverage, every extra installed.

    Posargs go to pytest (CI: the ``quick`` profile, without the ``slow`` tests).
    """
    session.install("-e", f".[{','.join(EXTRAS)}]", *_group("test"))
    _measure_suite(session)


@nox.session(name="coverage-extras", python=COVERAGE_PYTHON)
def coverage_extras(session: nox.Session) -> None:
    """Half of ``coverage``: the tests that need an extra (``EXTRA_TESTS``), under coverage."""
    session.install("-e", f".[{','.join(EXTRAS)}]", *_group("test"))
    _measure_extras(session)


@nox.session(python=COVERAGE_PYTHON)
def coverage(session: nox.Session) -> None:
    """Line coverage (through sys.monitoring) of the whole suite with every extra installed: both halves,
    combined; fails below either floor. ``-- combine``: only combine and report the halves already measured
    (CI runs them side by side)."""
    session.install("-e", f".[{','.join(EXTRAS)}]", *_group("test"))
    if session.posargs != ["combine"]:
        session.run("coverage", "erase")
        _measure_suite(session)
        _measure_extras(session)
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
