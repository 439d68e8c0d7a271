"""Check the built docs in a real browser: nothing is clipped at desktop or phone width.

Usage::

    python docs/check_layout.py                 # build the site, check every page, take screenshots
    python docs/check_layout.py --no-build      # check docs/_build/html as it is
    python docs/check_layout.py --require-browser   # fail (rather than skip) without Chromium

Each page of ``docs/_build/html`` is loaded from disk in headless Chromium at 1280 px and 390 px wide,
and a script in the page measures every element of the article. The rule:

- **Code never scrolls or clips.** A ``pre`` or ``.highlight`` block whose content is wider than its box
  is an error at every width: long lines must wrap (``docs/_static/layout.css`` wraps them).
- **Nothing is clipped or sticks out.** An element that hides the part of its content wider than its box
  (``overflow-x`` ``hidden`` or ``clip``) is an error; so is content that runs past the right edge of
  the page's text column (over the sidebar or off the screen), and a page wider than the window (the
  reader would have to scroll the whole page sideways).
- **Tables fit on a desktop.** At 1280 px no table may need to scroll. At phone width a table may scroll
  sideways inside the theme's table wrapper (a scroll container: all of it stays reachable, nothing is
  cut off); those tables are listed, not counted as errors.
- **Names are never broken.** In code, signatures and table cells, an identifier (``hand_sizes``) must not
  be split over two lines (``hand_si`` / ``zes``): a name is read whole. Only a run of text without a
  space that is longer than its whole box may break inside a name (it has to break somewhere); for a table
  cell, longer than the whole text column (a column squeezed to a letter is the defect, not an excuse).
- **Code is legible.** Every coloured token of a code block (doctest output, comments, strings ...) has a
  contrast of at least 4.5:1 with its background (WCAG AA for text), in the light and the dark theme.

The copy button is clicked on the index page's first doctest: what it copies must have no ``>>>`` or
``...`` prompt and none of the doctest's output lines.

Screenshots of the index, quickstart, variants and API pages at both widths are written to
``docs/_build/layout/`` for a person to look at. Without Chromium (``chromium``, ``chromium-browser``,
``google-chrome`` or ``$CHROMIUM``) the check is skipped with a message and exit status 0, unless
``--require-browser`` is given. Only the standard library is used; the browser is driven with its own
``--dump-dom`` and ``--screenshot`` switches.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
BUILD = DOCS / "_build" / "html"
SHOTS = DOCS / "_build" / "layout"
WIDTHS = {"desktop": 1280, "phone": 390}
SCREENSHOT_PAGES = ("index.html", "quickstart.html", "variants.html", "api.html")
SKIPPED_PAGES = ("genindex.html", "search.html", "py-modindex.html")

_MEASURE = r"""
const found = {page: document.documentElement.scrollWidth, window: window.innerWidth, elements: []};
const article = document.querySelector("article") || document.body;
const edge = Math.min(article.getBoundingClientRect().right, window.innerWidth);
const boxes = "pre, .highlight, table, .table-wrapper, dl.py > dt, dd, p, li, blockquote, .admonition, img, svg";
for (const el of article.querySelectorAll(boxes)) {
  if (!el.getClientRects().length || el.clientWidth === 0) continue;
  if (el.scrollWidth <= el.clientWidth + 1) continue;
  const style = getComputedStyle(el);
  found.elements.push({
    tag: el.tagName.toLowerCase() + (el.className ? "." + String(el.className).trim().split(/\s+/).join(".") : ""),
    id: el.id || (el.closest("[id]") || {}).id || "",
    overflow: style.overflowX, scroll: el.scrollWidth, client: el.clientWidth,
    beyond: Math.round(el.getBoundingClientRect().left + el.scrollWidth - edge),
    code: el.matches("pre, .highlight"),
    table: el.matches(".table-wrapper, table") || !!el.closest(".table-wrapper"),
    text: (el.textContent || "").trim().slice(0, 80),
  });
}
return found;
"""


_BROKEN_NAMES = r"""
const broken = [];
const article = document.querySelector("article") || document.body;
const boxes = "pre, code, td, th, dt.sig";
const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
const name = /[A-Za-z_][A-Za-z0-9_]+/g;
for (let node = walker.nextNode(); node && broken.length < 20; node = walker.nextNode()) {
  const box = node.parentElement && node.parentElement.closest(boxes);
  if (!box || !box.getClientRects().length) continue;
  const text = node.textContent;
  for (const match of text.matchAll(name)) {
    const range = document.createRange();
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
    if (rects.length < 2 || Math.abs(rects[0].top - rects[rects.length - 1].top) < 2) continue;
    let start = match.index, end = match.index + match[0].length;  // the run of text without a space
    while (start > 0 && !/\s/.test(text[start - 1])) start--;
    while (end < text.length && !/\s/.test(text[end])) end++;
    const run = document.createRange();
    run.setStart(node, start);
    run.setEnd(node, end);
    const width = [...run.getClientRects()].reduce((sum, rect) => sum + rect.width, 0);
    // A run longer than its whole box has to break somewhere; a table cell could have been as wide as the
    // article (a cell squeezed to a letter is the defect itself), so there the article's width counts.
    const room = node.parentElement.closest("td, th") ? article.clientWidth : box.clientWidth;
    if (width <= room) {
      broken.push({name: match[0], box: box.tagName.toLowerCase(), id: (box.closest("[id]") || {}).id || "",
                   at: rects.map((rect) => Math.round(rect.width))});
    }
  }
}
return broken;
"""

_CONTRAST = r"""
const parse = (color) => (color.match(/[\d.]+/g) || []).map(Number);
const luminance = ([r, g, b]) => {
  const channel = (value) => {
    value /= 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};
const backgroundOf = (element) => {
  for (let at = element; at; at = at.parentElement) {
    const color = parse(getComputedStyle(at).backgroundColor);
    if (color.length >= 3 && (color.length === 3 || color[3] > 0)) return color.slice(0, 3);
  }
  return [255, 255, 255];
};
const poor = {};
for (const token of document.querySelectorAll(".highlight span")) {
  if (!token.textContent.trim() || !token.getClientRects().length) continue;
  const color = parse(getComputedStyle(token).color).slice(0, 3);
  const background = backgroundOf(token);
  const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
  const ratio = (light + 0.05) / (dark + 0.05);
  if (ratio < 4.5) {
    const key = token.className + " " + color.join(",") + " on " + background.join(",");
    poor[key] = poor[key] || {token: token.className, ratio: Math.round(ratio * 100) / 100, color: color.join(","),
                             background: background.join(","), text: token.textContent.slice(0, 40)};
  }
}
return Object.values(poor);
"""

_DARK = r"""document.body.dataset.theme = "dark"; return document.body.dataset.theme;"""


def find_browser() -> tuple[str, str] | None:
    """Chromium (``$CHROMIUM`` or the usual names) and its WebDriver (``$CHROMEDRIVER`` or ``chromedriver``)."""
    browsers = [os.environ.get("CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome"]
    drivers = [os.environ.get("CHROMEDRIVER", ""), "chromedriver", "/usr/lib/chromium/chromedriver"]
    browser = next((shutil.which(name) for name in browsers if name and shutil.which(name)), None)
    driver = next((shutil.which(name) for name in drivers if name and shutil.which(name)), None)
    return (browser, driver) if browser and driver else None


class Browser:
    """Headless Chromium driven through its WebDriver (chromedriver), with the standard library only.

    The phone width uses Chromium's mobile emulation (a real 390 px viewport with a phone's user agent):
    a desktop window cannot be made narrower than 500 px.
    """

    def __init__(self, browser: str, driver: str) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.browser = browser
        self.process = subprocess.Popen(
            [driver, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        for _ in range(100):
            try:
                self._call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        self.session: str | None = None

    def _call(self, method: str, path: str, body: object = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read())["value"]

    def open(self, width: int, height: int, phone: bool) -> None:
        """A new browser session: a desktop window ``width`` wide, or a phone ``width`` wide."""
        self.close_session()
        options: dict[str, Any] = {
            "binary": self.browser,
            "args": [
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                f"--window-size={max(width, 800)},{height}",
            ],
        }
        if phone:
            options["mobileEmulation"] = {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0}}
        capabilities = {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}
        self.session = self._call("POST", "/session", {"capabilities": capabilities})["sessionId"]

    def load(self, page: Path) -> None:
        self._call("POST", f"/session/{self.session}/url", {"url": page.as_uri()})

    def run(self, script: str) -> Any:
        return self._call("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": []})

    def screenshot(self, out: Path) -> None:
        out.write_bytes(base64.b64decode(self._call("GET", f"/session/{self.session}/screenshot")))

    def close_session(self) -> None:
        if self.session is not None:
            self._call("DELETE", f"/session/{self.session}")
            self.session = None

    def quit(self) -> None:
        try:
            self.close_session()
        finally:
            self.process.terminate()
            self.process.wait(timeout=30)


_COPY = r"""
let copied = null;
const original = document.execCommand.bind(document);
document.execCommand = (command, ...rest) => {
  if (command !== "copy") return original(command, ...rest);
  const active = document.activeElement;
  copied = active && active.value !== undefined ? active.value : String(document.getSelection());
  return true;
};
const block = [...document.querySelectorAll(".highlight")].find((el) => el.textContent.includes(">>> "));
const button = block && block.parentElement.querySelector("button.copybtn");
if (!button) return null;
button.click();
return {shown: block.textContent, copied: copied};
"""


def check_copy_button(browser: Browser, page: Path) -> list[str]:
    """Click the copy button of the page's first doctest: the copied text has no prompts and no output."""
    browser.load(page)
    found = browser.run(_COPY)
    if not found or not found["copied"]:
        return [f"{page.name}: no copy button on a doctest, or clicking it copied nothing"]
    copied = found["copied"].splitlines()
    prompts = [line for line in copied if line.startswith((">>>", "..."))]
    errors = [f"{page.name}: the copy button kept a prompt: {line!r}" for line in prompts]
    outputs = [line for line in found["shown"].splitlines() if line.strip() and not line.startswith((">>> ", "... "))]
    errors += [f"{page.name}: the copy button copied the output line {line!r}" for line in outputs if line in copied]
    return errors


def judge(found: dict[str, Any], form: str) -> tuple[list[str], list[str]]:
    """The errors and the allowed scrolling tables in one page's measurement."""
    errors: list[str] = []
    scrolling: list[str] = []
    page, window = int(found["page"]), int(found["window"])
    if page > window + 1:
        errors.append(f"the page is {page}px wide in a {window}px window")
    for element in found["elements"]:
        where = f"<{element['tag']}> near #{element['id']} ({element['scroll']}px in {element['client']}px)"
        scrolls = element["overflow"] in ("auto", "scroll")
        if element["code"]:
            errors.append(f"code block {'scrolls' if scrolls else 'is clipped'}: {where}: {element['text']!r}")
        elif element["overflow"] in ("hidden", "clip"):
            errors.append(f"content is clipped: {where}: {element['text']!r}")
        elif not scrolls:
            if element["beyond"] > 1:  # content overflowing visibly is fine while it stays in the column
                errors.append(
                    f"content sticks out of the page's column by {element['beyond']}px: {where}: {element['text']!r}"
                )
        elif element["table"] and form == "phone":
            scrolling.append(where)
        else:
            errors.append(f"needs sideways scrolling: {where}: {element['text']!r}")
    return errors, scrolling


def broken_names(found: list[dict[str, Any]]) -> list[str]:
    """The errors for names split over two lines although they fit on one (from ``_BROKEN_NAMES``)."""
    return [
        f"a name is broken over two lines: {item['name']!r} in <{item['box']}> near #{item['id']} "
        f"(pieces {item['at']}px wide)"
        for item in found
    ]


def poor_contrast(found: list[dict[str, Any]], theme: str) -> list[str]:
    """The errors for code tokens under 4.5:1 contrast with their background (from ``_CONTRAST``)."""
    return [
        f"code token .{item['token']} has a contrast of {item['ratio']}:1 in the {theme} theme (at least 4.5:1): "
        f"rgb({item['color']}) on rgb({item['background']}), e.g. {item['text']!r}"
        for item in found
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--no-build", action="store_true", help="check docs/_build/html without rebuilding it")
    parser.add_argument("--require-browser", action="store_true", help="fail instead of skipping without Chromium")
    parser.add_argument("--no-screenshots", action="store_true", help="only check, take no screenshots")
    parser.add_argument("--html", type=Path, help="check this built site instead (implies --no-build)")
    parser.add_argument("pages", nargs="*", help="pages to check (default: every page of the site)")
    args = parser.parse_args(argv)

    found = find_browser()
    if found is None:
        print(
            "docs layout check SKIPPED: Chromium and its WebDriver were not found "
            "(apt-get install chromium chromium-driver, or set $CHROMIUM and $CHROMEDRIVER)"
        )
        return 1 if args.require_browser else 0
    site = args.html or BUILD
    if not args.no_build and args.html is None:
        subprocess.run(
            [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(BUILD)],
            check=True,
        )
    pages = [site / name for name in args.pages] or sorted(
        path for path in site.glob("*.html") if path.name not in SKIPPED_PAGES
    )
    failures = 0
    browser = Browser(*found)
    try:
        SHOTS.mkdir(parents=True, exist_ok=True)
        for form, width in WIDTHS.items():
            browser.open(width, 1400 if form == "desktop" else 1800, phone=form == "phone")
            for page in pages:
                browser.load(page)
                measured = browser.run(_MEASURE)
                errors, scrolling = judge(measured, form)
                errors += broken_names(browser.run(_BROKEN_NAMES))
                if form == "desktop":  # colours do not depend on the width: checked once, in both themes
                    errors += poor_contrast(browser.run(_CONTRAST), "light")
                    browser.run(_DARK)
                    errors += poor_contrast(browser.run(_CONTRAST), "dark")
                if int(measured["window"]) != width:  # no <meta name="viewport">: the phone zooms out
                    errors.insert(0, f"the page lays out {measured['window']}px wide on a {width}px screen")
                status = "ok" if not errors else f"{len(errors)} problem(s)"
                note = f", {len(scrolling)} table(s) scroll sideways in their wrapper" if scrolling else ""
                print(f"{page.name:24} {form:7} {width:4}px  {status}{note}")
                for error in errors:
                    print(f"    {error}")
                failures += len(errors)
                if page.name in SCREENSHOT_PAGES and not args.no_screenshots:
                    browser.screenshot(SHOTS / f"{page.stem}-{form}.png")
        copy_errors = check_copy_button(browser, site / "index.html")
        print(f"copy button on index.html: {copy_errors or 'ok'}")
        failures += len(copy_errors)
    finally:
        browser.quit()
    if not args.no_screenshots:
        print(f"screenshots of {', '.join(SCREENSHOT_PAGES)}: {SHOTS}")
    if failures:
        print(f"docs layout check FAILED: {failures} problem(s)")
        return 1
    print("docs layout check passed: nothing clipped, no name split, code legible, at 1280px and 390px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
