"""Two tiers of names, one home per public name (ARCHITECTURE.md, "Who may use whose names"), in the manner of
trio's ``test_exports.py``.

A module is public when no part of its dotted path starts with an underscore. For every public module:

- it has an ``__all__``, and every name in it exists (the module defines it or imports it);
- every name in its ``__all__`` has one home: the one public module that defines it, lists it in its own
  ``__all__`` and documents it in the API reference (``docs/api.rst``); another public module may list it
  too (the package's re-exports) only by importing it from that home;
- it defines no other names: a name it defines at module level and leaves out of ``__all__`` starts with
  an underscore (private). Imported names are not its own: they are public in their home, or private there
  (an underscore name, or any name of a private module);
- what it imports from a public module of the package is that module's public names (or its submodules).

The checks read the source (so a missing optional extra hides nothing); one test imports the modules and
checks that what the source says is what Python sees.
"""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "spades_rules"
PACKAGE = "spades_rules"
REFERENCE = sorted((ROOT / "docs").glob("api*.rst"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


_PATHS: dict[str, Path] = {_module_name(path): path for path in sorted(SOURCE.rglob("*.py"))}
MODULES = sorted(_PATHS)

PUBLIC = [
    name for name in MODULES
    if not any(part.startswith("_") for part in name.split(".")[1:])
]


def _top_level(tree: ast.Module) -> list[ast.stmt]:
    """The statements that run at import, inside ``if``/``try``/``with`` blocks too, leaving out the blocks
    under ``if TYPE_CHECKING:`` (types only, never run)."""
    found: list[ast.stmt] = []

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            found.append(node)
            if isinstance(node, ast.If | ast.Try | ast.With):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                visit(getattr(node, "finalbody", []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(tree.body)
    return found


class _Module:
    """What the source of one module says: the names it defines, the names it imports (and from where),
    and its ``__all__``."""

    def __init__(self, name: str) -> None:
        self.name = name
        tree = ast.parse(_PATHS[name].read_text(encoding="utf-8"), str(_PATHS[name]))
        self.defined: dict[str, int] = {}
        self.imported: dict[str, str] = {}  # name -> the module it is imported from
        self.all: tuple[str, ...] | None = None
        package = name if _PATHS[name].name == "__init__.py" else name.rpartition(".")[0]
        for node in _top_level(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.defined.setdefault(node.name, node.lineno)
                if node.name == "__getattr__":  # a lazy export: the names its imports bring, on first use
                    for inner in ast.walk(node):
                        if isinstance(inner, ast.ImportFrom) and inner.module and not inner.level:
                            for alias in inner.names:
                                self.imported.setdefault(alias.asname or alias.name, inner.module)
            elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for leaf in ast.walk(target):
                        if isinstance(leaf, ast.Name):
                            self.defined.setdefault(leaf.id, node.lineno)
                if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
                    assert node.value is not None
                    self.all = tuple(ast.literal_eval(node.value))
            elif isinstance(node, ast.For):
                for leaf in ast.walk(node.target):
                    if isinstance(leaf, ast.Name):
                        self.defined.setdefault(leaf.id, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                source = node.module or ""
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join([*base, *([source] if source else [])])
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = source if alias.asname is None else ""
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    self.imported[alias.asname or alias.name.partition(".")[0]] = ""  # a module

    def exports(self) -> tuple[str, ...]:
        return tuple(name for name in self.all or () if not (name.startswith("__") and name.endswith("__")))


@cache
def _read(name: str) -> _Module:
    return _Module(name)


def _home(module: str, name: str) -> str:
    """The module that defines ``name`` as ``module`` sees it, following imports within the package."""
    seen = module
    while name not in _read(seen).defined:
        source = _read(seen).imported.get(name)
        assert source in _PATHS, f"{module}.{name} comes from outside the package ({source!r})"
        seen = source
    return seen


# ---------------------------------------------------------------------------------------- the reference
_DIRECTIVE = re.compile(r"^\.\. (automodule|autoclass|autofunction|autodata|autoexception|autoattribute)::\s*(\S+)")
_OPTION = re.compile(r"^\s+:([\w-]+):\s*(.*)$")


@cache
def _documented() -> dict[str, frozenset[str]]:
    """Module -> the names the API reference documents under it: an ``automodule`` documents its ``__all__``
    (autodoc's default here: ``members`` and ``undoc-members``), unless ``:no-members:``, ``:members: a, b``
    or ``:exclude-members:`` say otherwise; ``autoclass`` and the like document one name."""
    found: dict[str, set[str]] = {}
    for page in REFERENCE:
        lines = page.read_text(encoding="utf-8").splitlines()
        for at, line in enumerate(lines):
            match = _DIRECTIVE.match(line)
            if match is None:
                continue
            kind, target = match.groups()
            if kind != "automodule":
                module, _, name = target.rpartition(".")
                found.setdefault(module, set()).add(name)
                continue
            options: dict[str, str] = {}
            for option in lines[at + 1:]:
                parsed = _OPTION.match(option)
                if parsed is None:
                    break
                options[parsed[1]] = parsed[2]
            names = set(_read(target).exports()) if target in _PATHS else set()
            if "no-members" in options:
                names = set()
            elif options.get("members"):
                names = {item.strip() for item in options["members"].split(",")}
            names -= {item.strip() for item in options.get("exclude-members", "").split(",")}
            found.setdefault(target, set()).update(names)
    return {module: frozenset(names) for module, names in found.items()}


# ---------------------------------------------------------------------------------------- the tests
def test_the_modules_are_found() -> None:
    assert {"spades_rules", "spades_rules.engine", "spades_rules.views.observation"} <= set(PUBLIC)
    assert "spades_rules._core.checks" in MODULES and "spades_rules._core.checks" not in PUBLIC
    assert REFERENCE, "no API reference page (docs/api*.rst)"


@pytest.mark.parametrize("module", PUBLIC)
def test_every_public_module_has_an_all_of_names_it_holds(module: str) -> None:
    source = _read(module)
    assert source.all is not None, f"{module} has no __all__ (a literal list of its public names)"
    assert len(set(source.all)) == len(source.all), f"{module}.__all__ repeats a name"
    missing = [name for name in source.all if name not in source.defined and name not in source.imported]
    assert not missing, f"{module}.__all__ names what the module neither defines nor imports: {missing}"


@pytest.mark.parametrize("module", PUBLIC)
def test_every_public_name_has_one_documented_home(module: str) -> None:
    """Each name in ``__all__`` is defined in one public module, which exports and documents it; any other
    module exporting it imports it from that home."""
    problems = []
    for name in _read(module).exports():
        home = _home(module, name)
        if home not in PUBLIC:
            problems.append(f"{name} is defined in the private {home}")
        elif name not in _read(home).exports():
            problems.append(f"{name}'s home {home} leaves it out of its __all__")
        elif name not in _documented().get(home, frozenset()):
            problems.append(f"{name} is not documented under {home} in the API reference (docs/api.rst)")
        if home != module and _read(module).imported.get(name) != home:
            problems.append(f"{name} is re-exported from {_read(module).imported.get(name)}, not from its home {home}")
    assert not problems, f"{module}: " + "; ".join(problems)


def test_no_two_public_modules_define_the_same_public_name() -> None:
    """A public name means one thing: two modules that each define (not import) a name they export would
    give ``from ... import to_dict`` two meanings, depending on the module."""
    homes: dict[str, list[str]] = {}
    for module in PUBLIC:
        for name in _read(module).exports():
            if name in _read(module).defined:
                homes.setdefault(name, []).append(module)
    twice = {name: modules for name, modules in homes.items() if len(modules) > 1}
    assert not twice, f"public names defined in more than one public module: {twice}"


@pytest.mark.parametrize("module", PUBLIC)
def test_every_public_module_is_in_the_reference(module: str) -> None:
    assert module in _documented(), f"{module} has no section in the API reference (docs/api.rst)"


@pytest.mark.parametrize("module", PUBLIC)
def test_no_public_module_defines_an_internal_name(module: str) -> None:
    """A name a public module defines is public (in ``__all__``) or private (an underscore)."""
    source = _read(module)
    internal = sorted(
        f"{name} (line {line})" for name, line in source.defined.items()
        if not name.startswith("_") and name not in (source.all or ())
    )
    assert not internal, f"{module} defines names neither exported nor private: {internal}"


@pytest.mark.parametrize("module", MODULES)
def test_imports_from_public_modules_take_public_names(module: str) -> None:
    """No module reaches another module's unexported names through a public module (the private names the
    architecture allows are underscore names, checked by test_architecture)."""
    wrong = [
        f"{name} from {source}" for name, source in _read(module).imported.items()
        if source in PUBLIC and source != module and not name.startswith("_")
        and name not in (_read(source).all or ()) and f"{source}.{name}" not in _PATHS
    ]
    assert not wrong, f"{module} imports names its sources do not export: {wrong}"


@pytest.mark.parametrize("module", PUBLIC)
def test_python_sees_what_the_source_says(module: str) -> None:
    """The runtime agrees: ``__all__`` is the one read above, each of its names exists, and each exported
    class or function was made in its home module."""
    try:
        loaded = importlib.import_module(module)
    except ImportError as error:  # an adapter whose optional extra is not installed
        pytest.skip(f"{module}: {error}")
    assert tuple(loaded.__all__) == _read(module).all
    for name in _read(module).exports():
        value = getattr(loaded, name)
        made_in = getattr(value, "__module__", None) if isinstance(value, type) or callable(value) else None
        if isinstance(made_in, str) and made_in.startswith(PACKAGE):
            assert made_in == _home(module, name), f"{module}.{name} was made in {made_in}"


@pytest.mark.parametrize("module", sorted(name for name in MODULES if name.startswith("spades_rules.batch._")))
def test_the_batch_engines_rooms_stay_inside_it(module: str) -> None:
    """The batch engine's private modules are neither documented nor imported from outside the batch
    package: its face is ``spades_rules.batch`` and ``spades_rules.batch.vector``."""
    assert module not in _documented(), f"{module} is documented: a private module is not"
    outside = [
        importer for importer in MODULES
        if not importer.startswith("spades_rules.batch") and module in _read(importer).imported.values()
    ]
    assert not outside, f"{module} is imported by {outside}"


def test_the_checks_see_an_internal_name_and_a_stray_export(tmp_path: Path) -> None:
    """The parser sees what the rules forbid (a fake module read with the same reader)."""
    _PATHS["spades_rules.probe"] = tmp_path / "probe.py"
    try:
        (tmp_path / "probe.py").write_text(
            "from spades_rules.cards import Card\nif TYPE_CHECKING:\n    from x import Y\n"
            "__all__ = ['Card', 'ghost']\nHELPER = 1\n_private = 2\ndef shown(): ...\n",
            encoding="utf-8",
        )
        probe = _Module("spades_rules.probe")
        assert probe.all == ("Card", "ghost")
        assert set(probe.defined) == {"__all__", "HELPER", "_private", "shown"}
        assert probe.imported == {"Card": "spades_rules.cards"}
    finally:
        del _PATHS["spades_rules.probe"]
    assert _home("spades_rules", "Card") == "spades_rules.cards"
    assert "Card" in _documented()["spades_rules.cards"]
