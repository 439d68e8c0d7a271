"""CI runs the README's commands as written: each shell line of the README's ``sh`` blocks appears verbatim in
``.ci/run``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ci_runs_the_readmes_commands_as_written() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for block in re.findall(r"```sh\n(.*?)```", readme, re.S) for line in block.splitlines()
                if line.startswith("python3 -m venv")]
    assert len(commands) >= 3, commands  # install and simulate, the suite, the docs
    missing = [command for command in commands if command not in ci]
    assert not missing, f".ci/run does not run these README commands as written: {missing}"
