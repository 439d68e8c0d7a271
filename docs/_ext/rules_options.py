"""Sphinx extension: the option tables of :class:`spades_rules.rules.Rules`, generated from ``Rules`` itself.

``.. rules-options::`` writes one table per group of options (the ``# --- group ---`` comments of the
class body; one table when there are none). Each row is read from the code, so the docs cannot drift:

- the option's name, its default and its type from ``attrs.fields(Rules)``;
- its choices from the ``Literal`` types of its annotation (``typing.get_type_hints``), whatever they are;
- its description from the attribute docstring under the field (``sphinx.pycode.ModuleAnalyzer``).

The directive's content names each option's public source, one ``option: source`` line per option. An
option of ``Rules`` without a source line, or a source line for an option ``Rules`` no longer has, is a
build warning (an error under ``sphinx-build -W``), so a new option cannot go undocumented.
"""

from __future__ import annotations

import enum
import inspect
import re
import typing
from collections.abc import Iterator
from typing import Any, Literal

import attrs
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

_MODULE = "spades_rules.rules"
_CLASS = "Rules"
_GROUP = re.compile(r"^\s+#\s*-+\s*(?P<name>[^-].*?)\s*-+\s*$")
_FIELD = re.compile(r"^\s+(?P<name>[A-Za-z]\w*)\s*:")

logger = logging.getLogger(__name__)


@attrs.frozen
class Option:
    """One keyword of ``Rules``, as the code declares it."""

    name: str
    default: Any
    annotation: str
    choices: tuple[Any, ...]
    doc: tuple[str, ...]
    group: str


def _literal_choices(hint: Any) -> tuple[Any, ...]:
    """Every value of the ``Literal`` types inside ``hint`` (through unions and tuples), in order."""
    if typing.get_origin(hint) is Literal:
        return typing.get_args(hint)
    found: list[Any] = []
    for arg in typing.get_args(hint):
        found.extend(choice for choice in _literal_choices(arg) if choice not in found)
    return tuple(found)


def _hints(cls: type) -> dict[str, Any]:
    module = inspect.getmodule(cls)
    try:
        return typing.get_type_hints(cls, vars(module) if module else None)
    except Exception:  # one annotation the docs cannot evaluate must not hide the others
        hints: dict[str, Any] = {}
        for field in attrs.fields(cls):
            try:
                hints[field.name] = eval(field.type, vars(module)) if isinstance(field.type, str) else field.type
            except Exception:
                hints[field.name] = None
        return hints


def _groups(cls: type) -> dict[str, str]:
    """Each field's group, from the ``# --- group ---`` comment above it in the class body."""
    groups: dict[str, str] = {}
    current = "Options"
    for line in inspect.getsource(cls).splitlines():
        group = _GROUP.match(line)
        if group:
            current = group["name"][:1].upper() + group["name"][1:]
            continue
        field = _FIELD.match(line)
        if field and field["name"] not in groups:
            groups[field["name"]] = current
    return groups


def rules_options() -> list[Option]:
    """The init options of ``Rules`` in declaration order, read from the code."""
    module = __import__(_MODULE, fromlist=[_CLASS])
    cls = getattr(module, _CLASS)
    analyzer = ModuleAnalyzer.for_module(_MODULE)
    docs = analyzer.find_attr_docs()
    hints = _hints(cls)
    groups = _groups(cls)
    options = []
    for field in attrs.fields(cls):
        if not field.init:
            continue
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        annotation = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", str(field.type))
        options.append(
            Option(
                name=field.name,
                default=default,
                annotation=str(annotation),
                choices=_literal_choices(hints.get(field.name)),
                doc=tuple(docs.get((_CLASS, field.name), [])),
                group=groups.get(field.name, "Options"),
            )
        )
    return options


def _literal(value: Any) -> str:
    if isinstance(value, str):
        return f'``"{value}"``'
    if isinstance(value, enum.Enum):
        return f"``{value.name}``"
    return f"``{value!r}``"


def _kind(option: Option) -> str:
    """The values the option takes, in words."""
    if option.choices:
        listed = ", ".join(_literal(choice) for choice in option.choices)
        if option.annotation.startswith("tuple"):
            return f"*Values:* any of {listed}."
        suffix = " or ``None``" if "None" in option.annotation else ""
        return f"*Values:* one of {listed}{suffix}."
    words = {
        "int": "an integer",
        "int | None": "an integer or ``None``",
        "bool": "``True`` or ``False``",
        "tuple[Card, ...] | None": "cards or card strings, or ``None``",
    }
    return f"*Values:* {words.get(option.annotation, f'``{option.annotation}``')}."


def _table(options: list[Option], sources: dict[str, str]) -> Iterator[str]:
    yield ".. list-table::"
    yield "   :header-rows: 1"
    yield "   :widths: 30 70"
    yield "   :class: rules-options stack-on-phone"
    yield ""
    yield "   * - option"
    yield "     - meaning"
    for option in options:
        yield f"   * - ``{option.name}``"
        yield ""
        yield f"       default: {_literal(option.default)}"
        doc = list(option.doc)
        while doc and not doc[-1].strip():
            doc.pop()
        first = True
        for line in doc or ["(undocumented)"]:
            yield ("     - " if first else "       ") + line if line.strip() else ""
            first = False
        yield ""
        yield f"       {_kind(option)}"
        if option.name in sources:
            yield ""
            yield f"       *Source:* {sources[option.name]}"


class RulesOptionsDirective(SphinxDirective):
    """``.. rules-options::`` with ``option: source`` lines as content."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        sources: dict[str, str] = {}
        for line in self.content:
            if line.strip():
                name, _, source = line.partition(":")
                sources[name.strip()] = source.strip()
        options = rules_options()
        module = __import__(_MODULE, fromlist=[_CLASS])
        if module.__file__:
            self.env.note_dependency(module.__file__)  # rebuild the page when the options change
        names = [option.name for option in options]
        for name in names:
            if name not in sources:
                logger.warning("rules-options: Rules.%s has no source line", name, location=self.get_location())
        for name in sources:
            if name not in names:
                logger.warning("rules-options: Rules has no option %r", name, location=self.get_location())

        lines: list[str] = []
        by_group: dict[str, list[Option]] = {}
        for option in options:
            by_group.setdefault(option.group, []).append(option)
        for group, members in by_group.items():
            if len(by_group) > 1:
                lines += [f".. rubric:: {group}", ""]
            lines += [*_table(members, sources), ""]

        # Parse the docstrings as if inside the class, so that :attr:`team_min_bid` resolves.
        context = self.env.ref_context
        saved = {key: context.get(key) for key in ("py:module", "py:class")}
        context["py:module"], context["py:class"] = _MODULE, _CLASS
        try:
            container = nodes.container()
            self.state.nested_parse(StringList(lines, source="<rules-options>"), self.content_offset, container)
        finally:
            for key, value in saved.items():
                if value is None:
                    context.pop(key, None)
                else:
                    context[key] = value
        return container.children


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("rules-options", RulesOptionsDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
