"""``python -m spades_rules``: the same as the ``spades-rules`` command."""

import sys

from spades_rules.cli import main

sys.exit(main())
