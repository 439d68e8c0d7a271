"""The engine's machinery: the modules the public ones are built from (private; nothing here is API).

The package's root lists what users import; the rooms behind it live here, as trio keeps its run loop in
``trio._core``. Every module of the package may import these modules' names (ARCHITECTURE.md, "Who may use
whose names"); users never need to.
"""
