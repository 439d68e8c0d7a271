"""Sphinx configuration for the spades_rules documentation.

Build with ``sphinx-build -n -W --keep-going -b html docs docs/_build/html`` after ``pip install -e '.[docs]'``
(Sphinx, the Furo theme, sphinx-copybutton, and myst-parser for the changelog). The build is nitpicky
(``nitpicky = True`` below, so ``-n`` is the default): every cross-reference must resolve. Nothing is
fetched from the network: the intersphinx inventories of Python, attrs and hypothesis are files in
``docs/_intersphinx`` (see its README), so references to them resolve offline and links point to
their online documentation. The version is ``spades_rules.__version__``, the project's one version source (hatch reads
the same line).
``python docs/check_layout.py`` builds the site and checks it in headless Chromium at desktop and phone
widths.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
_SRC = _HERE.parent / "src"
if _SRC.is_dir() and str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))
sys.path.insert(0, str(_HERE / "_ext"))

from sphinx.util import logging  # noqa: E402

import spades_rules  # noqa: E402

_LOGGER = logging.getLogger(__name__)

project = "spades_rules"
author = "spades_rules developers"
copyright = "spades_rules developers, MIT licence"
release = spades_rules.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "rules_options",
    "public_names",
    "myst_parser",
]

root_doc = "index"
# CHANGELOG.md is included from its second line (its own "# Changelog" title is the page's): its
# release headings start at level 2, which MyST reports and this page intends.
suppress_warnings = ["myst.header"]
exclude_patterns = ["_build", "_intersphinx", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path = ["_static"]
html_css_files = ["layout.css"]

html_theme = "furo"
html_title = f"spades_rules {release}"
html_theme_options = {
    "source_repository": "https://github.com/spades-rules/spades_rules/",
    "source_branch": "main",
    "source_directory": "docs/",
}

default_role = "py:obj"
nitpicky = True

# Intersphinx from files in the repository, never the network (CI and this machine have none): each entry
# is (the documentation's address, the inventory file). docs/_intersphinx/README.md says where they come
# from and how to refresh them.
_INVENTORIES = _HERE / "_intersphinx"
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", str(_INVENTORIES / "python.inv")),
    "attrs": ("https://www.attrs.org/en/stable", str(_INVENTORIES / "attrs.inv")),
    "hypothesis": ("https://hypothesis.readthedocs.io/en/latest", str(_INVENTORIES / "hypothesis.inv")),
}
intersphinx_disabled_reftypes = ["std:doc"]

# The adapters' ecosystems (extras) need not be installed to build the docs: what is missing is mocked.
# Their own types have no inventory, so references to them stay plain names.
_ECOSYSTEMS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy")
autodoc_mock_imports = [name for name in _ECOSYSTEMS if importlib.util.find_spec(name) is None]
nitpick_ignore_regex = [
    ("py:.*", r"(pyspiel|open_spiel|pettingzoo|gymnasium|numpy|np|spaces)(\..*)?"),
    ("py:class", r"(AECEnv|Env|Space|ndarray|PolicyBot|ArrayLike|NDArray)"),  # NumPy's typing names too
    ("py:.*", r"(np_random|np_random_seed|observation_space|action_space|last\(\))"),  # Gymnasium's and PettingZoo's
    ("py:.*", r".*\b(numpy|pyspiel|gymnasium|pettingzoo)\..*"),  # their types inside a mocked annotation
]
# A method that overrides an ecosystem's (Gymnasium's step, pyspiel's hooks) and has no docstring of its own
# shows none: the ecosystem's text is not ours, and it is absent where the ecosystem is mocked.
autodoc_inherit_docstrings = False
primary_domain = "py"
highlight_language = "python"
pygments_style = "a11y-light"  # every token at 4.5:1 contrast or more (WCAG AA); docs/check_layout.py checks it
pygments_dark_style = "monokai"

# The copy button copies only the code: it strips the doctest prompts (">>> ", "... ") and the shell
# prompt ("$ "), and leaves out the output lines of a doctest.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
copybutton_remove_prompts = True

# The reference shows public names only: automodule follows each module's __all__; ``Action`` stays a
# name rather than the union it stands for; constants show their type, not their value (no-value).
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = False
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    "no-value": True,
}
autodoc_type_aliases = {
    "Action": "spades_rules.actions.Action",
    "PlayerAction": "spades_rules.actions.PlayerAction",
}
autoclass_content = "class"
add_module_names = False
python_use_unqualified_type_names = True


def _alias_name(self: object) -> str:
    return str(getattr(self, "name", ""))


# autodoc_type_aliases keeps ``Action`` a name at the top level of an annotation, but inside a generic
# (``tuple[Action, ...]``) its placeholder is written with its repr: make that repr the alias's name.
try:
    from sphinx.util.inspect import TypeAliasForwardRef
except ImportError:  # an older or newer Sphinx without the placeholder class
    pass
else:
    TypeAliasForwardRef.__repr__ = _alias_name  # type: ignore[method-assign]


# The reference shows public names only. A module docstring may name its private helpers for the people
# who maintain it, as asides such as "Deal (``_apply_deal``): ..."; the published page drops those asides
# and calls a private module what it is.
_PRIVATE_ASIDE = re.compile(r"\s*\((?:``_[\w.]+``(?:,\s*|\s*/\s*|\s+and\s+)?)+\)")
_PRIVATE_MODULE = re.compile(r":mod:`(?:~)?spades_rules\.(?:_[\w.]+)`")


def _hide_private_names(app: Any, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
    if what != "module":
        return
    for index, line in enumerate(lines):
        lines[index] = _PRIVATE_MODULE.sub("an internal module", _PRIVATE_ASIDE.sub("", line))


# Signatures show public types only. The engine-built values (GameState, HandState) take private storage
# fields that users never pass: their signature is dropped (they come from new_game and apply). A TypeVar
# of a module's own (``_View``) is shown as the class it stands for.
_PRIVATE_TYPE = re.compile(r"(?<!\w)_[A-Za-z]\w*|\bChain\b")
_TYPEVARS = {"_View": "spades_rules.views.Observation"}


def _public_signature(
    app: Any, what: str, name: str, obj: object, options: object, signature: str | None, annotation: str | None
) -> tuple[str | None, str | None] | None:
    if signature is None:
        return None
    for private, public in _TYPEVARS.items():
        signature = signature.replace(private, public)
        annotation = annotation.replace(private, public) if annotation else annotation
    if what == "class" and _PRIVATE_TYPE.search(signature):
        return "", annotation
    if _PRIVATE_TYPE.search(signature) or (annotation and _PRIVATE_TYPE.search(annotation)):
        _LOGGER.warning("%s: its signature shows a private name: %s -> %s", name, signature, annotation)
    return signature, annotation


def _public_bases(app: Any, name: str, obj: object, options: object, bases: list[type]) -> None:
    """A class's bases as the reference shows them: the private ones give way to their public bases."""
    shown: list[type] = []
    for base in bases:
        pending = [base]
        while pending:
            candidate = pending.pop(0)
            if candidate.__name__.startswith("_"):
                pending.extend(candidate.__bases__)
            elif candidate not in shown:
                shown.append(candidate)
    bases[:] = shown or [object]


_ROLE_TYPES = {
    "func": ("function",), "meth": ("method", "classmethod", "staticmethod"), "class": ("class", "exception"),
    "exc": ("exception", "class"), "attr": ("attribute", "property"), "data": ("data",), "mod": ("module",),
}


def _defined_in_place(name: str) -> bool:
    """Whether ``name`` (``module.Object[.member]``) is documented in the module that defines its object."""
    module_name, _, rest = name.rpartition(".")
    while module_name and module_name not in sys.modules:
        module_name, _, head = module_name.rpartition(".")
        rest = f"{head}.{rest}"
    value: Any = sys.modules.get(module_name)
    for part in rest.split("."):
        value = getattr(value, part, None)
    return getattr(value, "__module__", module_name) == module_name


def _package_names() -> set[str]:
    """Every name without a leading underscore in a module of the package: its public names (the
    ``__all__``) and its internal ones (which a module's own docstring may name for its maintainers)."""
    return {name for module_name, module in list(sys.modules.items()) if module_name.startswith("spades_rules")
            for name in vars(module) if not name.startswith("_")}


def _public_home(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a reference written as a bare or partly qualified name (``Rules``, ``Rules.changes``,
    ``RecordError``) to the documented object of the package whose qualified name ends with it, of the
    reference's kind (a function for ``:func:``), preferring the one documented where it is defined: a
    docstring names its module's imports as its code does. A name of the package documented nowhere (a
    constant a module re-exports, an internal helper a module docstring names) is shown as code, unlinked;
    anything else (a name that does not exist) stays unresolved, and fails the build."""
    from sphinx.util.nodes import make_refnode

    if node.get("refdomain") != "py":
        return None
    parts = node["reftarget"].lstrip("~.").split(".")
    objects = env.get_domain("py").objects
    kinds = _ROLE_TYPES.get(node.get("reftype", ""), ())
    for start in range(len(parts)):
        suffix = ".".join(parts[start:])
        found = [name for name in objects if name == suffix or name.endswith("." + suffix)]
        found = [name for name in found if not kinds or objects[name].objtype in kinds] or found
        found = [name for name in found if name.startswith("spades_rules")] or found
        if len(found) > 1:
            found = [name for name in found if _defined_in_place(name)] or found
        if len(found) == 1:
            entry = objects[found[0]]
            return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, found[0])
        if found:
            return None
    if parts[-1] in _package_names():
        return contnode
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _hide_private_names)
    app.connect("autodoc-process-signature", _public_signature)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("missing-reference", _public_home)
