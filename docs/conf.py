"""Sphinx configuration for the spades_rules documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``. Only the standard library and
spades_rules are imported here (pytest skips this file: see ``docs/conftest.py``); every extension is
built into Sphinx, and nothing is fetched from the network.
"""

from __future__ import annotations

import sys
from pathlib import Path

_SRC = Path(__file__).resolve().parent.parent / "src"
if _SRC.is_dir() and str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))

import spades_rules  # noqa: E402

project = "spades_rules"
author = "spades_rules developers"
copyright = "spades_rules developers, MIT licence"
release = spades_rules.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]

root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path: list[str] = []

html_theme = "alabaster"
html_title = f"spades_rules {release}"
html_theme_options = {
    "description": "The rules of Spades and its variants: one pure, immutable, typed engine.",
    "fixed_sidebar": True,
}

default_role = "py:obj"
nitpicky = False
primary_domain = "py"
highlight_language = "python"
pygments_style = "sphinx"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
}
autoclass_content = "class"
add_module_names = False
python_use_unqualified_type_names = True
