"""The referee page in a real browser — headless Chromium from Debian's ``chromium`` and
``chromium-driver`` packages, driven by selenium (never a browser fetched at run time): deep
links and taps give what ``pnp savvy answer --json`` prints, the marks checker agrees with
``pnp savvy check``, nothing shows before "I am Savvy", and a 360 × 740 phone screen holds
it with thumb-sized buttons and dark text on light colours."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest

import support.browser
from generator.savvy import answers
from generator.savvy.marks import fits, parse_marks
from generator.savvy.page import write_page

GRID = answers.builtin_lab_grid()
PHONE = (360, 740)
OPEN_WITHIN_MS = 3000  # a phone opens the page at once; this is a loose ceiling on a busy CI

pytestmark = pytest.mark.slow  # a browser: a minute and more, outside the fast loop

webdriver = support.browser.webdriver()

from selenium.webdriver.common.by import By  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    """One headless Chromium the size of a phone for the module."""
    driver = support.browser.chromium(phone=PHONE)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def page_of(tmp_path_factory) -> Iterator:
    """page_of(seed) → the file URL of game seed's page, written once."""
    out = tmp_path_factory.mktemp("pages")
    made: dict[int, str] = {}

    def url(seed: int) -> str:
        if seed not in made:
            made[seed] = write_page(seed, "en", out).as_uri()
        return made[seed]
    yield url


def open_page(browser, url: str, **query: str) -> None:
    browser.get(url + ("?" + urlencode(query) if query else ""))
    browser.find_element(By.ID, "i-am-savvy").click()


def answer_of(browser) -> str:
    return browser.find_element(By.ID, "answer").get_attribute("data-answer")


def css(browser, selector: str):
    return browser.find_element(By.CSS_SELECTOR, selector)


def tap(browser, selector: str) -> None:
    support.browser.tap(browser, css(browser, selector))


def link(tool: str, words: list[str], options: list[str]) -> dict[str, str]:
    query = {"tool": tool}
    if words:
        query["args"] = " ".join(words)
    if options[:1] == ["--draw"]:
        query["draw"] = options[1]
    if "--misfunkcio" in options:
        query["misfunkcio"] = "1"
    return query


@pytest.mark.parametrize("seed", [1, 42, 2026, 999_999])
def test_deep_links_open_on_the_command_lines_answer(browser, page_of, cli_json,
                                                      random_question, seed):
    secret, rng = answers.secret_for_seed(seed), random.Random(seed)
    for _ in range(12):
        tool, words, options = random_question(rng)
        open_page(browser, page_of(seed), **link(tool, words, options))
        assert answer_of(browser) == cli_json(secret, seed, tool, *words, *options)
        assert css(browser, "#answer").is_displayed()


def test_the_issue_links(browser, page_of, cli_json):
    secret = answers.secret_for_seed(42)
    for query, words in (({"tool": "scanpad", "args": "1,2,3,6,7,8"}, ["1,2,3,6,7,8"]),
                         ({"tool": "samply", "args": "M17"}, ["M17"]),
                         ({"tool": "estugamo", "args": "row 2"}, ["row", "2"]),
                         ({"tool": "fuzio"}, [])):
        browser.get(page_of(42) + "?" + urlencode(query).replace("%2C", ","))
        assert answer_of(browser) == cli_json(secret, 42, query["tool"], *words)


def test_a_question_savvy_cannot_answer_says_so(browser, page_of):
    for query in ({"tool": "scanpad", "args": "1,2,3,4,5,6"}, {"tool": "pipette"},
                  {"tool": "substrakto", "draw": "3"}, {"tool": "samply", "args": "M41"}):
        open_page(browser, page_of(42), **query)
        assert answer_of(browser) == ""
        assert "cannot answer" in css(browser, "#answer-say").text


def test_nothing_shows_until_i_am_savvy(browser, page_of):
    browser.get(page_of(42) + "?tool=mezakol")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "I am Savvy" in body and "keep this page hidden" in body
    mezakol = answers.mezakol(GRID, answers.secret_for_seed(42))
    assert mezakol not in body.lower() and not css(browser, "#app").is_displayed()
    tap(browser, "#i-am-savvy")
    assert mezakol in css(browser, "#answer-big").text.lower()


def tap_tool(browser, tool: str) -> None:
    if css(browser, "#tool").is_displayed():
        tap(browser, "#back")
    tap(browser, f'.tool[data-tool="{tool}"]')


def tap_molecules(browser, molecules) -> None:
    tap(browser, "#clear")
    for m in molecules:
        tap(browser, f'#grid .mol[data-m="{m}"]')


def test_taps_give_the_command_lines_answers(browser, page_of, cli_json):
    seed, rng = 2026, random.Random(2026)
    secret = answers.secret_for_seed(seed)
    open_page(browser, page_of(seed))
    for tool, cells in (("scanpad", rng.sample(list(GRID.blocks.values()), 3)),
                        ("centrifugo", rng.sample(GRID.centrifugo_placements, 3)),
                        ("kolozomi", [[m] for m in rng.sample(range(1, 26), 3)]),
                        ("antidote", [rng.sample(range(1, 26), 3), secret])):
        tap_tool(browser, tool)
        for molecules in cells:
            order = list(molecules)
            rng.shuffle(order)
            tap_molecules(browser, order)
            expected = cli_json(secret, seed, tool, answers.placement_label(molecules))
            assert answer_of(browser) == expected
    tap_tool(browser, "scanpad")
    tap(browser, '.inputs[data-tool="scanpad"] .misfunkcio')
    block = GRID.blocks["r2c2:3x2"]
    tap_molecules(browser, sorted(block, reverse=True))
    assert answer_of(browser) == cli_json(secret, seed, "scanpad", "r2c2:3x2", "--misfunkcio")
    tap_molecules(browser, [1, 2, 3, 4, 5, 6])
    assert answer_of(browser) == "" and "cannot point" in css(browser, "#answer-say").text
    for tool in ("samply", "analyzer", "dedukto", "intervallo", "estugamo", "substrakto"):
        tap_tool(browser, tool)
        buttons = browser.find_elements(By.CSS_SELECTOR, f'.inputs[data-tool="{tool}"] .arg')
        for button in rng.sample(buttons, min(len(buttons), 4)):
            support.browser.tap(browser, button)
            draw = button.get_attribute("data-draw")
            words = button.get_attribute("data-args").split()
            options = ["--draw", draw] if draw != "1" else []
            assert answer_of(browser) == cli_json(secret, seed, tool, *words, *options)
    for tool in ("fuzio", "mezakol", "hackz", "spionado", "dedukto"):
        tap_tool(browser, tool)
        if tool == "dedukto":
            assert answer_of(browser) == ""  # it waits for a lab
            continue
        assert answer_of(browser) == cli_json(secret, seed, tool)
        assert css(browser, "#answer-big").text


def test_the_marks_checker_agrees_with_check(browser, page_of):
    seed, rng = 31, random.Random(31)
    secret = answers.secret_for_seed(seed)
    open_page(browser, page_of(seed))
    tap(browser, '.modes [data-mode="check"]')
    checked = 0
    for tool in ("estugamo", "samply", "analyzer", "intervallo", "substrakto", "fuzio",
                 "mezakol", "scanpad", "kolozomi", "dedukto"):
        tap_tool(browser, tool)
        for _ in range(2):
            if tool in ("scanpad", "kolozomi"):
                cells = (rng.choice(list(GRID.blocks.values())) if tool == "scanpad"
                         else [rng.randint(1, 25)])
                tap_molecules(browser, cells)
                words = [answers.placement_label(cells)]
            elif tool not in ("fuzio", "mezakol", "substrakto"):
                buttons = browser.find_elements(By.CSS_SELECTOR,
                                                f'.inputs[data-tool="{tool}"] .arg')
                button = rng.choice(buttons)
                support.browser.tap(browser, button)
                words = button.get_attribute("data-args").split()
            else:
                words = []
                if tool == "substrakto":
                    tap(browser, '.inputs[data-tool="substrakto"] .arg')
            choices = browser.find_elements(By.CSS_SELECTOR,
                                            f'.choices[data-tool="{tool}"] .choice')
            if tool == "dedukto":
                picked = rng.sample(choices, 5)
                for choice in picked:
                    support.browser.tap(browser, choice)
                tap(browser, '.choices[data-tool="dedukto"] .add-mark')
                line = "dedukto = " + ",".join(c.get_attribute("data-word") for c in picked)
            else:
                choice = rng.choice(choices)
                support.browser.tap(browser, choice)
                line = f"{tool} {' '.join(words)} = {choice.get_attribute('data-word')}"
            marks = browser.find_elements(By.CSS_SELECTOR, ".marks li")
            verdict = marks[-1].get_attribute("data-right") == "true"
            assert verdict == fits(GRID, secret, parse_marks(line, "page")[0]), line
            checked += 1
    tap(browser, "#back")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".marks li")) == checked
    tap(browser, ".clear-marks")
    assert browser.find_elements(By.CSS_SELECTOR, ".marks li") == []


CONTRAST = """
function lum(c) { var v = c.match(/[\\d.]+/g).slice(0, 3).map(function (x) {
  x = x / 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }
function ground(e) { for (; e; e = e.parentElement) {
  var b = getComputedStyle(e).backgroundColor;
  if (b && b !== "rgba(0, 0, 0, 0)" && b !== "transparent") return b; }
  return "rgb(255, 255, 255)"; }
var bad = [], small = [];
document.querySelectorAll("button, .disc, p, h1, h2, h3, li, label").forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (!r.width || !r.height || !e.textContent.trim()) return;
  if (e.tagName === "BUTTON" && (r.width < 44 || r.height < 44 || e.scrollWidth > e.clientWidth))
    small.push(e.textContent.trim());
  var a = lum(getComputedStyle(e).color), b = lum(ground(e));
  var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) bad.push(e.textContent.trim() + " " + ratio.toFixed(2));
});
return {bad: bad, small: small, width: document.documentElement.scrollWidth};
"""


@pytest.fixture(scope="module")
def languages(tmp_path_factory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("languages")
    return {lang: write_page(7, lang, out / lang).as_uri() for lang in ("en", "fr", "de")}


def screen_problems(browser, name: str) -> None:
    """No horizontal scrolling, every button at least 44 × 44 px with its text inside, and
    every text at least 4.5:1 against what it stands on."""
    found = browser.execute_script(CONTRAST)
    assert found["width"] <= PHONE[0], f"{name}: wider than the phone"
    assert found["small"] == [], f"{name}: buttons under 44 px or text spilling out"
    assert found["bad"] == [], f"{name}: text under 4.5:1"


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_screen_fits_a_phone_in_each_language(browser, languages, lang):
    open_page(browser, languages[lang])
    assert browser.execute_script("return [innerWidth, innerHeight]") == list(PHONE)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
    for mode in ("ask", "check"):
        tap(browser, f'.modes [data-mode="{mode}"]')
        screen_problems(browser, f"{lang} home, {mode}")
        for button in browser.find_elements(By.CSS_SELECTOR, ".tool"):
            tool = button.get_attribute("data-tool")
            tap_tool(browser, tool)
            screen_problems(browser, f"{lang} {tool}, {mode}")
        tap(browser, "#back")


def test_a_phone_screenshot(browser, page_of, tmp_path):
    open_page(browser, page_of(42), tool="scanpad", args="1,2,3,6,7,8")
    shot = tmp_path / "savvy-page-360x740.png"
    browser.save_screenshot(str(shot))
    from PIL import Image

    with Image.open(shot) as picture:
        assert picture.size == PHONE


def test_the_page_opens_at_once(browser, page_of):
    url = page_of(42)
    times = []
    for _ in range(3):
        browser.get(url + "?tool=antidote&args=5,9,24")
        times.append(browser.execute_script(
            "var n = performance.getEntriesByType('navigation')[0];"
            "return n.loadEventEnd - n.startTime;"))
    print(f"the page opens in {min(times):.0f} ms")
    assert min(times) < OPEN_WITHIN_MS
    assert json.loads(answer_of(browser)) == {
        "answer": answers.count_in((5, 9, 24), answers.secret_for_seed(42))}
