"""pytest runs the doctests of the pages (``*.rst``); the build's own code is not collected.

``conf.py``, the Sphinx extensions in ``_ext`` and the browser check ``check_layout.py`` need the docs
tools (the ``docs`` extra), which the test environment does not install.
"""

collect_ignore = ["conf.py", "check_layout.py"]
collect_ignore_glob = ["_ext/*", "_build/*"]
