"""Developer sessions: ``nox -s tests typecheck lint docs bench``."""

from __future__ import annotations

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
    session.run("ruff", "check", "src", "tests", "benchmarks", "noxfile.py", "docs/conf.py")


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
