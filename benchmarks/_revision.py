"""Import the library as it was at another git revision, beside the working copy, in the same process.

``import_revision("153dbfe")`` copies that revision's ``src/spades_rules`` out of git into a temporary
folder as the package ``spades_rules_153dbfe`` (every ``spades_rules`` name in its sources renamed), so a
benchmark can alternate the old and the new engine on the same machine load. Needs ``git`` and a clone
that has the revision.
"""

from __future__ import annotations

import atexit
import importlib
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

_ROOT = Path(__file__).resolve().parent.parent
_NAME = re.compile(r"\bspades_rules\b")


def _git(*args: str) -> bytes:
    return subprocess.run(["git", "-C", str(_ROOT), *args], check=True, capture_output=True).stdout


def import_revision(revision: str) -> ModuleType:
    """The package ``spades_rules`` at ``revision``, imported as ``spades_rules_<short hash>``."""
    short = _git("rev-parse", "--short=7", f"{revision}^{{commit}}").decode().strip()
    name = f"spades_rules_{short}"
    if name in sys.modules:
        return sys.modules[name]
    folder = Path(tempfile.mkdtemp(prefix=f"{name}_"))
    atexit.register(shutil.rmtree, folder, True)
    prefix = "src/spades_rules/"
    for path in _git("ls-tree", "-r", "--name-only", short, prefix).decode().splitlines():
        target = folder / name / path[len(prefix):]
        target.parent.mkdir(parents=True, exist_ok=True)
        content = _git("show", f"{short}:{path}")
        if path.endswith(".py"):
            content = _NAME.sub(name, content.decode()).encode()
        target.write_bytes(content)
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))
