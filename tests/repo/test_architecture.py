"""The architecture rules of ARCHITECTURE.md, read from the note itself (its layer block and its two tables):
no module imports another module's underscore names, except the few the note names (the engine and its resume
module building states, observe building views), and imports run down the layers."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "src" / "spades_rules"

NOTE = SOURCE.parents[1] / "ARCHITECTURE.md"


def _table(header: str) -> list[list[str]]:
    """The rows of the Markdown table of ARCHITECTURE.md whose header starts with ``header``, as cells."""
    lines = NOTE.read_text(encoding="utf-8").splitlines()
    start = next(at for at, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:  # past the header and its rule
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def _module(name: str) -> str:
    """A module as the note names it, as this test does: ``spades_rules`` is ``__init__``."""
    return "__init__" if name == "spades_rules" else name


ALLOWED: dict[tuple[str, str], frozenset[str]] = {
    (importer, imported): frozenset(re.findall(r"`(_\w+)`", names))
    for importer, imported, names, _ in _table("| importer | from ")
}
"""(importer, imported module) -> the underscore names it may import: ARCHITECTURE.md's table."""


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
    assert {"engine", "state", "cards", "rules.__init__", "rules.tables", "_core.bidding"} <= names


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


# ---------------------------------------------------------------------------------------- layers
def _layers() -> tuple[tuple[str, ...], ...]:
    """The rows of ARCHITECTURE.md's layer block, from the bottom up (see the note for its format)."""
    text = NOTE.read_text(encoding="utf-8")
    block = text[text.index("## Layers"):]
    block = block[block.index("```\n") + 4:]
    block = block[:block.index("```")]
    lines: list[str] = []
    for line in block.splitlines():
        if line[:1].isspace() and lines:
            lines[-1] += " " + line.strip()
        elif line.strip():
            lines.append(line.strip())
    rows = []
    for line in lines:
        modules = line
        while "(" in modules:  # comments, innermost first
            modules = re.sub(r"\([^()]*\)", " ", modules)
        for row in modules.split("->"):
            names = [_module(name.strip()) for name in row.split(",") if name.strip()]
            rows.append(tuple(f"{name}.__init__" if (SOURCE.joinpath(*name.split("."))).is_dir() else name
                              for name in names))
    return tuple(rows)


LAYERS = _layers()
"""The modules from the bottom up (ARCHITECTURE.md's layer block): a module imports only lower rows."""

LAZY_UPWARD: frozenset[tuple[str, str]] = frozenset(
    (importer, _module(imported)) for importer, imported, _ in _table("| importer | imports, inside a function ")
)
"""Imports inside a function that run up the layers: ARCHITECTURE.md's table (the display hooks, which import
their renderer when IPython asks for a picture, and the command line's ``--version``)."""


def _package_imports(path: Path) -> list[tuple[str, bool]]:
    """(imported module, inside a function?) for every import of the package in ``path``, leaving out the
    imports under ``if TYPE_CHECKING:`` (types only, never run)."""
    found: list[tuple[str, bool]] = []

    def visit(nodes: Sequence[ast.AST], in_function: bool) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("spades_rules"):
                module = node.module.removeprefix("spades_rules").lstrip(".")
                folder = SOURCE.joinpath(*module.split(".")) if module else SOURCE
                for alias in node.names:  # from P import x: a submodule of P, or a name of P itself
                    if (folder / f"{alias.name}.py").exists() or (folder / alias.name / "__init__.py").exists():
                        found.append((f"{module}.{alias.name}".lstrip("."), in_function))
                    else:
                        found.append((module or "__init__", in_function))
            elif isinstance(node, ast.Import):
                found.extend((alias.name.removeprefix("spades_rules."), in_function)
                             for alias in node.names if alias.name.startswith("spades_rules."))
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    function = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                    visit(inner, function)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)).body, False)
    return found


def _layer_of(module: str) -> int:
    if module not in _LAYER:
        module = f"{module}.__init__"  # a package imported by name
    return _LAYER[module]


def _run_by_import(module: str) -> list[str]:
    """The modules that importing ``module`` runs: the module and the ``__init__`` of each package above it
    (importing ``rules.tables`` runs ``rules/__init__.py`` first)."""
    parts = module.split(".")
    return [f"{'.'.join(parts[:end])}.__init__" for end in range(1, len(parts))] + [module]


def _inside(importer: str, module: str) -> bool:
    """Whether ``module`` is ``importer``'s own package or a part of it (a package's ``__init__`` gathers its
    parts; a part imports its package's ``__init__`` below it)."""
    package = importer.removesuffix(".__init__").rpartition(".")[0] if not importer.endswith(".__init__") \
        else importer.removesuffix(".__init__")
    return bool(package) and (module == f"{package}.__init__" or module.startswith(f"{package}."))


_LAYER = {module: at for at, row in enumerate(LAYERS) for module in row}


def test_every_module_has_a_layer() -> None:
    assert {_module_name(path) for path in _modules()} == set(_LAYER)


@pytest.mark.parametrize("path", _modules(), ids=_module_name)
def test_imports_run_down_the_layers(path: Path) -> None:
    """No module-level import runs up (or across) the layers; inside functions only the display hooks do."""
    importer = _module_name(path)
    upward = [
        (run, lazy) for module, lazy in _package_imports(path) for run in _run_by_import(module)
        if _layer_of(run) >= _layer_of(importer) and run != importer
        and not (lazy and (importer, module) in LAZY_UPWARD)
        and not (importer.endswith(".__init__") and _inside(importer, run))  # a package gathers its own parts
        and not (run.endswith(".__init__") and _inside(importer, run))  # a part's own package is being imported
    ]
    assert not upward, f"{importer} imports {upward} from its own layer or above (see ARCHITECTURE.md)"


def test_the_layer_checker_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text(
        "from spades_rules.engine import apply\n"
        "if TYPE_CHECKING:\n    from spades_rules.cli import main\n"
        "def f():\n    from spades_rules import svg\n",
        encoding="utf-8",
    )
    assert _package_imports(module) == [("engine", False), ("svg", True)]


def test_the_note_is_read() -> None:
    """The layer block and both tables are found in ARCHITECTURE.md, and no module sits in two rows."""
    assert len(LAYERS) > 20 and ALLOWED and LAZY_UPWARD
    names = [module for row in LAYERS for module in row]
    assert len(names) == len(set(names)), "a module is listed in two rows of ARCHITECTURE.md's layers"
    assert ALLOWED[("engine", "scoring")] == {"_check_start", "_close_hand"}
