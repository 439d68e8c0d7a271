"""Sphinx extension: ``.. public-names:: package`` lists the names a package re-exports, from its ``__all__``.

Each name links to its entry in the module that defines it, grouped by that module, so the list on the
API page follows the package's ``__all__`` and cannot drift from it.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata


def _home(package: str, name: str, value: object) -> str:
    """The public module the reference documents ``value`` under: the public module that defines it, else a
    top-level module of ``package`` whose ``__all__`` lists it."""
    defined_in = getattr(value, "__module__", None)
    if isinstance(defined_in, str) and defined_in.startswith(package + ".") and not any(
        part.startswith("_") for part in defined_in.split(".")[1:]
    ) and name in getattr(importlib.import_module(defined_in), "__all__", ()):
        return defined_in
    candidates = [
        module_name
        for module_name, module in _importable(_submodules(package))
        if name in getattr(module, "__all__", ()) and getattr(module, name, None) is value
    ]
    if defined_in in candidates:
        return str(defined_in)
    if candidates:
        return candidates[0]
    if isinstance(defined_in, str) and defined_in.startswith(package + "."):
        return defined_in
    return package


def _importable(names: list[str]) -> list[tuple[str, Any]]:
    """The modules that import here: an adapter whose optional extra is missing is skipped."""
    modules = []
    for module_name in sorted(names):
        try:
            modules.append((module_name, importlib.import_module(module_name)))
        except ImportError:
            continue
    return modules


def _submodules(package: str) -> list[str]:
    root = importlib.import_module(package)
    found = []
    for info in pkgutil.iter_modules(getattr(root, "__path__", []), prefix=package + "."):
        if not info.name.rsplit(".", 1)[-1].startswith("_"):
            found.append(info.name)
    return found


def _role(value: object) -> str:
    if inspect.isclass(value):
        return "exc" if issubclass(value, BaseException) else "class"
    if callable(value):
        return "func"
    return "data"


class PublicNamesDirective(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        package = self.arguments[0]
        root = importlib.import_module(package)
        groups: dict[str, list[str]] = {}
        for name in root.__all__:
            if name.startswith("__"):
                continue
            value = getattr(root, name)
            home = _home(package, name, value)
            groups.setdefault(home, []).append(f":{_role(value)}:`~{home}.{name}`")
        lines = [f"- :mod:`{module}`: {', '.join(items)}" for module, items in groups.items()]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source="<public-names>"), self.content_offset, container)
        return container.children


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("public-names", PublicNamesDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
