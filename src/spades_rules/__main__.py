"""``python -m spades_rules``: the same as the ``spades-rules`` command."""

import sys

from spades_rules.cli import main

if __name__ == "__main__":  # not when a worker process imports the main module (the process backend)
    sys.exit(main())
