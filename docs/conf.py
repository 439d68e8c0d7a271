"""Sphinx configuration for the spades_rules documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html`` after ``pip install -e '.[docs]'``
(Sphinx, the Furo theme, sphinx-copybutton, and myst-parser for the changelog). Nothing is fetched from
the network. The version is ``spades_rules.__version__``, the project's one version source (hatch reads
the same line).
``python docs/check_layout.py`` builds the site and checks it in headless Chromium at desktop and phone
widths.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
_SRC = _HERE.parent / "src"
if _SRC.is_dir() and str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))
sys.path.insert(0, str(_HERE / "_ext"))

import spades_rules  # noqa: E402

project = "spades_rules"
author = "spades_rules developers"
copyright = "spades_rules developers, MIT licence"
release = spades_rules.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
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
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
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
nitpicky = False
primary_domain = "py"
highlight_language = "python"
pygments_style = "friendly"
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
_PRIVATE_MODULE = re.compile(r":mod:`(?:~)?spades_rules\._\w+`")


def _hide_private_names(app: Any, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
    if what != "module":
        return
    for index, line in enumerate(lines):
        lines[index] = _PRIVATE_MODULE.sub("an internal module", _PRIVATE_ASIDE.sub("", line))


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _hide_private_names)
