"""The architecture rule of ARCHITECTURE.md: no module imports another module's underscore names, except
the few the note names (the engine building states, and two helpers owned by modules being reworked)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src" / "spades_rules"

ALLOWED: dict[tuple[str, str], frozenset[str]] = {
    ("engine", "state"): frozenset(
        {"_Match", "_Setup", "_game_state", "_next_state", "_hand_state", "_trick", "_setup"}
    ),
    ("resume", "state"): frozenset({"_Match", "_game_state", "_hand_state", "_setup"}),
    ("views.observation", "views.parts"): frozenset({"_ObservationSlots"}),
}
"""(importer, imported module) -> the underscore names it may import; the same table as ARCHITECTURE.md's."""


def _module_name(path: Path, root: Path = SOURCE) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


def _private_imports(path: Path, root: Path = SOURCE) -> list[tuple[str, str, int]]:
    """(imported module, underscore name, line) for every import of a private name from the package."""
    found = []
    package = _module_name(path, root).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:  # a relative import: resolve it against this module's package
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if package else []
            module = ".".join([*base, node.module or ""]).strip(".")
        elif node.module and (node.module == "spades_rules" or node.module.startswith("spades_rules.")):
            module = node.module.removeprefix("spades_rules").lstrip(".")
        else:
            continue
        for alias in node.names:
            name = alias.name
            if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
                found.append((module, name, node.lineno))
    return found


def _modules() -> list[Path]:
    return sorted(SOURCE.rglob("*.py"))


def test_the_source_tree_is_found() -> None:
    names = {_module_name(path) for path in _modules()}
    assert {"engine", "state", "cards", "rules", "tables"} <= names


@pytest.mark.parametrize("path", _modules(), ids=_module_name)
def test_no_cross_module_private_imports(path: Path) -> None:
    importer = _module_name(path)
    unexpected = [
        f"{importer} line {line}: from {module or 'spades_rules'} import {name}"
        for module, name, line in _private_imports(path)
        if module != importer and name not in ALLOWED.get((importer, module), frozenset())
    ]
    assert not unexpected, "private names imported across modules (see ARCHITECTURE.md):\n" + "\n".join(unexpected)


def test_the_checker_sees_a_private_import(tmp_path: Path) -> None:
    """The parser flags what the rule forbids (a fake module under a fake source tree)."""
    module = tmp_path / "probe.py"
    module.write_text("from spades_rules.cards import _BY_TEXT, Card\nfrom . import _secret\n", encoding="utf-8")
    found = {(name, line) for _, name, line in _private_imports(module, tmp_path)}
    assert found == {("_BY_TEXT", 1), ("_secret", 2)}


def test_every_allowed_exception_is_still_used() -> None:
    """The exception list shrinks when an exception goes away (so the note stays true)."""
    used = {
        (_module_name(path), module, name)
        for path in _modules()
        for module, name, _ in _private_imports(path)
    }
    for (importer, module), names in ALLOWED.items():
        for name in names:
            assert (importer, module, name) in used, f"{importer} no longer imports {module}.{name}: drop it"
