"""Hypothesis profiles: ``dev`` (default), ``ci`` (``CI`` set: bounded, derandomized), ``quick`` (a tenth of
the examples, derandomized: CI's runs of the suite on the extra Pythons and with one extra alone, beside the
full run on the first Python) and ``fuzz`` (``SPADES_FUZZ=1``: the heavy run to do before submitting).

``SPADES_HYPOTHESIS=<profile>`` picks a profile by name; ``SPADES_FUZZ`` wins over it, and it over ``CI``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "quick", max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "fuzz", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

if os.environ.get("SPADES_FUZZ"):
    settings.load_profile("fuzz")
elif os.environ.get("SPADES_HYPOTHESIS"):
    settings.load_profile(os.environ["SPADES_HYPOTHESIS"])
elif os.environ.get("CI"):
    settings.load_profile("ci")
else:
    settings.load_profile("dev")
