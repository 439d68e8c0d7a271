"""The architecture rules of ARCHITECTURE.md: no module imports another module's underscore names, except
the few the note names (the engine and its resume module building states, observe building views), and
imports run down the layers."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "src" / "spades_rules"

ALLOWED: dict[tuple[str, str], frozenset[str]] = {
    ("engine", "state"): frozenset(
        {"_Match", "_Setup", "_game_state", "_next_state", "_hand_state", "_hand_before_play", "_trick", "_setup",
         "_actions_of_trail"}
    ),
    ("engine", "scoring"): frozenset({"_check_start", "_close_hand"}),
    ("_core.resume", "engine"): frozenset({"_first_leader", "_trick_winner"}),
    ("_core.resume", "state"): frozenset({
        "_Match", "_Trail", "_game_state", "_hand_state", "_hand_before_play", "_setup", "_actions_of_trail",
    }),
    ("scoring.sheet", "scoring"): frozenset({
        "_SheetBid", "_check_bags", "_check_sheet", "_checked_dict", "_checked_list", "_close_hand", "_game_end",
        "_per_seat_or_side",
    }),
    ("views.observation", "state"): frozenset({"_plain_storage"}),
    ("batch._rebuild", "scoring"): frozenset({"_close_hand"}),
    ("batch._score", "scoring"): frozenset({"_POINTS_PER_BID_TRICK", "_TEN_FOR_TWO_HUNDRED"}),
    ("bots", "scoring"): frozenset({"_close_hand"}),
    ("terminal.game", "records.files"): frozenset({"_check_writable"}),
    ("_core.fields", "cards"): frozenset({"_CARD_IDS"}),
    ("views._shape", "cards"): frozenset({"_CARD_IDS"}),
    ("_core.episodes", "codec"): frozenset({"_mask_refusal"}),
    ("simulation.match", "bots"): frozenset({"_with_backstop"}),
    ("bots", "batch"): frozenset({"_search"}),
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
LAYERS: tuple[tuple[str, ...], ...] = (
    ("_core.__init__", "terminal.__init__"),
    ("_core.messages",),
    ("errors",),
    ("_core.checks",),
    ("cards",),
    ("_core.deck",),
    ("rules.tables", "_core.fields", "rules.bid_formats", "_core.chain", "_core.bid_rule"),
    ("_core.validation",),
    ("rules.__init__",),
    ("actions",),
    ("state", "_core.plays"),
    ("_core.bidding", "_core.exchanges"),
    ("_core.sheet_bids",),
    ("scoring.__init__", "_core.refusals"),
    ("scoring.sheet",),
    ("engine",),
    ("_core.resume", "records.walk", "codec"),
    ("views.parts",),
    ("views._shape",),
    ("views.render",),
    ("views.observation", "records.__init__"),
    ("views.sampling",),
    ("views.__init__",),
    ("_core.playouts",),
    ("analysis._search", "analysis._dds"),
    ("analysis.double_dummy",),
    ("analysis.__init__",),
    ("views.tensor", "seat_names", "terminal.styles", "bots", "strategies", "simulation.errors", "seat_moves",
     "records.files"),
    ("_core.episodes",),
    ("batch._arrays",),
    ("batch._compile",),
    ("batch._lockstep", "batch._score"),
    ("batch._words",),
    ("batch._deal",),
    ("batch._steps", "batch._observe", "batch._rebuild", "batch._load"),
    ("batch.game",),
    ("batch.vector", "batch._search"),
    ("batch.__init__",),
    ("policy",),
    ("svg",),
    ("pettingzoo.single_agent", "openspiel.bots"),
    ("terminal.game", "simulation.match", "openspiel.__init__", "pettingzoo.__init__"),
    ("simulation.results",),
    ("simulation.backends",),
    ("simulation.cli", "simulation.__init__"),
    ("cli",),
    ("__init__", "__main__"),
)
"""The modules from the bottom up (ARCHITECTURE.md's layers, finer): a module imports only lower rows."""

LAZY_UPWARD: frozenset[tuple[str, str]] = frozenset({
    ("state", "records"),  # GameState._repr_pretty_ prints the state as its text record
    ("state", "svg"),  # GameState._repr_svg_, as python-chess's Board._repr_svg_ imports chess.svg
    ("views.observation", "svg"),  # Observation._repr_svg_
    ("cli", "__init__"),  # --version reads the package's __version__
    ("bots", "batch.__init__"),  # SearchBot's batched playouts (batch._search), taken when NumPy imports
    ("bots", "batch._search"),
})
"""Imports inside a function that run up the layers: only the display hooks, which import their renderer
when IPython asks for a picture (and the command line's ``--version``), and the search bot's batched
playouts, which it imports on its first search when NumPy is installed."""


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
