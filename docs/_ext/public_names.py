"""Sphinx extension: ``.. public-names:: package`` lists the names a package re-exports, from its ``__all__``.

Each name links to its entry in the module that defines it, grouped by that module, so the list on the
API page follows the package's ``__all__`` and cannot drift from it.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata


def _home(package: str, name: str, value: object) -> str:
    """The public module that defines ``value`` (the module whose ``__all__`` lists it)."""
    module = getattr(value, "__module__", None)
    if isinstance(module, str) and module.startswith(package + ".") and not inspect.ismodule(value):
        listed = getattr(importlib.import_module(module), "__all__", ())
        if name in listed:
            return module
    # Constants and aliases have no __module__: find the public submodule that lists them.
    for module_name in sorted(_submodules(package)):
        module_obj = importlib.import_module(module_name)
        if name in getattr(module_obj, "__all__", ()) and getattr(module_obj, name, None) is value:
            return module_name
    return package


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
