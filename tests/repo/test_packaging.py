"""The packaging metadata: the README's one-line test install and the developers' tools agree."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_test_extra_is_the_test_group() -> None:
    # The README installs the suite's needs with `pip install -e '.[test]'` (any pip); nox and
    # `pip install --group test` read the dependency group: one list, written twice, kept equal here.
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["optional-dependencies"]["test"] == pyproject["dependency-groups"]["test"]


def test_the_developer_tools_are_groups_not_extras() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extras, groups = pyproject["project"]["optional-dependencies"], pyproject["dependency-groups"]
    assert {"docs", "lint", "typecheck", "release", "dev"} <= set(groups)
    assert not {"docs", "lint", "typecheck", "release", "dev"} & set(extras)
