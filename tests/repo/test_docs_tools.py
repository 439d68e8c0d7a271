"""The docs tooling: the Rules option tables are generated from ``Rules`` itself, and every option has a source.

The generator (``docs/_ext/rules_options.py``) needs Sphinx, so its tests run where the ``docs`` extra is
installed; the check that the variants page names a source for every option needs nothing.
"""

from __future__ import annotations

import importlib
import re
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import attrs
import pytest

from spades_rules import rules as rules_module
from spades_rules.rules import Rules

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(autouse=True)
def _forget_the_docs_modules() -> Iterator[None]:
    """Unload the docs tooling after each test: hypothesis draws constants from the loaded user modules, so
    leaving these loaded would change what the property tests that run later generate."""
    yield
    for name in ("rules_options", "public_names", "check_layout"):
        sys.modules.pop(name, None)


def _extension(name: str) -> Any:
    pytest.importorskip("sphinx")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def _init_fields() -> list[str]:
    return [field.name for field in attrs.fields(Rules) if field.init]


def test_every_rules_option_is_generated_in_declaration_order_with_its_docstring() -> None:
    options = _extension("rules_options").rules_options()
    assert [option.name for option in options] == _init_fields()
    for option in options:
        assert option.doc and option.doc[0].strip(), f"Rules.{option.name} has no docstring"
        assert option.default == getattr(Rules(), option.name)


def test_choices_are_read_from_the_literal_types_whatever_they_are() -> None:
    extension = _extension("rules_options")
    hints = typing.get_type_hints(Rules, dict(vars(rules_module)))
    by_name = {option.name: option for option in extension.rules_options()}
    literal_fields = [name for name in _init_fields() if extension._literal_choices(hints[name])]
    assert {"trump_order", "bidding", "failed_nil_tricks", "redeal_on"} <= set(literal_fields)
    for name in literal_fields:
        assert by_name[name].choices == extension._literal_choices(hints[name])
    assert by_name["failed_nil_tricks"].choices == typing.get_args(rules_module.FailedNilTricks)
    assert extension._literal_choices(tuple[Literal["a", "b"], ...] | None) == ("a", "b")
    assert extension._literal_choices(int | None) == ()


def test_the_options_are_grouped_by_the_comments_of_the_class_body() -> None:
    groups = {option.name: option.group for option in _extension("rules_options").rules_options()}
    assert groups["players"] == "Table and deck"
    assert groups["bidding"] == "Bidding"
    assert groups["target_score"] == "Game end"


def test_the_variants_page_names_a_source_for_exactly_the_rules_options() -> None:
    text = (DOCS / "variants.rst").read_text(encoding="utf-8")
    block = text.split(".. rules-options::", 1)[1]
    lines = re.findall(r"^   (\w+): \S.*$", block.split("\n\n\n", 1)[0], re.M)
    assert lines == _init_fields()


def test_the_public_names_list_links_each_name_to_the_module_that_lists_it() -> None:
    extension = _extension("public_names")
    import spades_rules

    for name in spades_rules.__all__:
        if name.startswith("__"):
            continue
        home = extension._home("spades_rules", name, getattr(spades_rules, name))
        assert name in importlib.import_module(home).__all__, (name, home)


def _layout_check() -> Any:
    sys.path.insert(0, str(DOCS))
    try:
        return importlib.import_module("check_layout")
    finally:
        sys.path.remove(str(DOCS))


def _measured(window: int, page: int, *elements: dict[str, Any]) -> dict[str, Any]:
    base = {"tag": "pre", "id": "x", "scroll": 900, "client": 700, "beyond": 0, "code": False, "table": False}
    return {"window": window, "page": page, "elements": [{**base, "text": "", **element} for element in elements]}


def test_the_layout_rule_code_never_scrolls_tables_may_scroll_only_on_a_phone() -> None:
    judge = _layout_check().judge
    code = {"code": True, "overflow": "auto"}
    table = {"tag": "div.table-wrapper", "table": True, "overflow": "auto"}
    clipped = {"tag": "p", "overflow": "hidden"}
    sticking_out = {"tag": "p", "overflow": "visible", "beyond": 40}
    inside_column = {"tag": "dd", "overflow": "visible", "beyond": 0}

    assert judge(_measured(1280, 1280, code), "desktop")[0][0].startswith("code block scrolls")
    assert judge(_measured(390, 390, code), "phone")[0][0].startswith("code block scrolls")
    assert judge(_measured(1280, 1280, table), "desktop")[0][0].startswith("needs sideways scrolling")
    errors, scrolling = judge(_measured(390, 390, table), "phone")
    assert errors == [] and len(scrolling) == 1
    assert judge(_measured(390, 390, clipped), "phone")[0][0].startswith("content is clipped")
    assert "sticks out of the page's column by 40px" in judge(_measured(390, 390, sticking_out), "phone")[0][0]
    assert judge(_measured(1280, 1280, inside_column), "desktop") == ([], [])
    assert judge(_measured(390, 520), "phone")[0] == ["the page is 520px wide in a 390px window"]


def test_without_chromium_the_layout_check_is_skipped_unless_required(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    check = _layout_check()
    monkeypatch.setenv("PATH", "")
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.delenv("CHROMEDRIVER", raising=False)
    monkeypatch.setattr(check.shutil, "which", lambda name: None)
    assert check.find_browser() is None
    assert check.main(["--no-build"]) == 0
    assert "SKIPPED" in capsys.readouterr().out
    assert check.main(["--no-build", "--require-browser"]) == 1


def _public_modules() -> list[str]:
    """Every module of the package without an underscore in its path and with public names."""
    import pkgutil

    import spades_rules

    found = ["spades_rules"]
    for info in pkgutil.walk_packages(spades_rules.__path__, "spades_rules."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an extra that is not installed: its name is still listed below
            found.append(info.name)
            continue
        if getattr(module, "__all__", None) != []:
            found.append(info.name)
    return found


def test_every_public_module_has_its_section_in_the_reference() -> None:
    documented = set()
    for page in DOCS.glob("*.rst"):
        documented |= set(re.findall(r"^\.\. automodule:: ([\w.]+)", page.read_text(encoding="utf-8"), re.M))
    missing = [name for name in _public_modules() if name not in documented]
    assert not missing, f"add an automodule section to docs/api.rst for: {', '.join(missing)}"


def test_the_docs_build_is_nitpicky_and_resolves_intersphinx_offline() -> None:
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert "nitpicky = True" in conf and "sphinx.ext.intersphinx" in conf
    for name in ("python", "attrs", "hypothesis"):
        inventory = DOCS / "_intersphinx" / f"{name}.inv"
        assert inventory.read_bytes().startswith(b"# Sphinx inventory version 2"), inventory
        assert str(inventory.name) in (DOCS / "_intersphinx" / "README.md").read_text(encoding="utf-8")


_PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width">
<style>body {{ margin: 0; font: 16px monospace; }} {css}</style></head>
<body><article>
<table class="docutils" style="width: 390px"><tr><td><code>hand_sizes</code></td>
<td>{filler}</td></tr></table>
<div class="highlight" style="background: #f0f0f0; width: 200px"><pre style="white-space: pre-wrap">\
<span class="n">state</span><span class="o">.</span><span class="n">rules</span><span class="o">.</span>\
<span class="n">hand_sizes</span>
<span class="go">(1, 2)</span></pre></div>
</article></body></html>"""
_OLD_CSS = "pre { overflow-wrap: anywhere; } td code { overflow-wrap: anywhere; } .go { color: #888888; }"


def test_the_layout_check_catches_split_names_and_faint_code_in_chromium(tmp_path: Path) -> None:
    """On a page styled as the docs were (``overflow-wrap: anywhere``, doctest output at 3.1:1), the check
    reports a name split inside a table cell and inside code, and the faint output; with the docs' own CSS
    (``docs/_static/layout.css``) and a legible colour, it reports nothing."""
    check = _layout_check()
    found = check.find_browser()
    if found is None:
        pytest.skip("no Chromium and chromedriver on this machine")
    new_css = (DOCS / "_static" / "layout.css").read_text(encoding="utf-8") + " .go { color: #333333; }"
    browser = check.Browser(*found)
    try:
        browser.open(390, 800, phone=True)
        results = {}
        for name, css in (("old", _OLD_CSS), ("new", new_css)):
            page = tmp_path / f"{name}.html"
            page.write_text(_PAGE.format(css=css, filler="the number of cards in each hand " * 12), encoding="utf-8")
            browser.load(page)
            results[name] = (browser.run(check._BROKEN_NAMES), browser.run(check._CONTRAST))
    finally:
        browser.quit()
    broken, faint = results["old"]
    assert {item["box"] for item in broken} == {"code", "pre"}, broken
    assert {item["name"] for item in broken} == {"hand_sizes"}
    assert check.broken_names(broken)[0].startswith("a name is broken over two lines: 'hand_sizes'")
    assert [item["token"] for item in faint] == ["go"] and faint[0]["ratio"] < 4.5
    assert "code token .go has a contrast of 3.1" in check.poor_contrast(faint, "light")[0]
    assert results["new"] == ([], []), results["new"]
