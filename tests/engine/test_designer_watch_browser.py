"""``pnp watch`` in a real browser — headless Chromium from Debian's ``chromium`` and
``chromium-driver`` packages through selenium (never a browser fetched at run time): the page
reloads by itself after a save and shows the edited card's new image, the others unchanged;
a broken file's error appears over the last good proofs and goes when it is fixed; a click
shows a card at full size."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import support.browser
from generator.designer.watch import Preview, WatchRequest, watch
from generator.designer.watch_server import PreviewServer
from support.watch_game import edit_text, make_game

DPI = 100
RELOADED_WITHIN_S = 20  # a save shows in well under a second; a loose ceiling on a busy CI

pytestmark = pytest.mark.slow  # a browser: outside the fast loop

webdriver = support.browser.webdriver()

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    driver = support.browser.chromium("--window-size=1200,900")
    yield driver
    driver.quit()


@pytest.fixture
def watched(tmp_path: Path) -> Iterator[tuple[Path, Preview, str]]:
    """A four-card game, watched and served: (its folder, the preview, the page's address)."""
    game = make_game(tmp_path / "my-deck", 4)
    preview = Preview(WatchRequest(game, dpi=DPI, out_dir=tmp_path / "output"))
    server = PreviewServer(preview).start()
    stop = threading.Event()
    loop = threading.Thread(target=watch, args=(preview, stop))
    loop.start()
    yield game, preview, server.url
    stop.set()
    loop.join(10)
    server.stop()


def sources(browser: webdriver.Chrome) -> list[str]:
    return [img.get_attribute("src") for img in
            browser.find_elements(By.CSS_SELECTOR, "figure.card img")]


def shown_build(browser: webdriver.Chrome) -> int:
    return int(browser.find_element(By.ID, "state").get_attribute("data-build"))


def until(browser: webdriver.Chrome, condition) -> None:
    WebDriverWait(browser, RELOADED_WITHIN_S, poll_frequency=0.05,
                  ignored_exceptions=(Exception,)).until(lambda _: condition())


def test_the_page_follows_every_save(browser: webdriver.Chrome,
                                     watched: tuple[Path, Preview, str]) -> None:
    game, preview, url = watched
    until(browser, lambda: preview.status.build == 1)
    browser.get(url)
    assert shown_build(browser) == 1
    before = sources(browser)
    assert len(before) == 4 and all("/card/" in src for src in before)

    edit_text(game, 2, "Changed in the spreadsheet: the page shows it without a click.")
    until(browser, lambda: shown_build(browser) == 2)
    after = sources(browser)
    assert [a == b for a, b in zip(before, after, strict=True)] == [True, False, True, True]
    assert browser.execute_script(  # the new image loaded, at the proof's size
        "const i = document.querySelectorAll('figure.card img')[1];"
        "return i.complete && i.naturalWidth;") == round((63.5 + 6) / 25.4 * DPI)

    yaml = game / "game.yaml"
    text = yaml.read_text(encoding="utf-8")
    yaml.write_text(text.replace("palette:", "palette: [", 1), encoding="utf-8")
    until(browser, lambda: shown_build(browser) == 3)
    errors = browser.find_element(By.ID, "errors").text
    assert "game.yaml:" in errors and "YAML" in errors
    assert "showing build 2" in browser.find_element(By.ID, "state").text
    assert sources(browser) == after  # the last good proofs stay

    yaml.write_text(text, encoding="utf-8")
    until(browser, lambda: shown_build(browser) == 4)
    assert not browser.find_elements(By.ID, "errors")
    assert browser.find_element(By.ID, "state").get_attribute("data-ok") == "true"


def test_a_click_shows_the_card_at_full_size(browser: webdriver.Chrome,
                                             watched: tuple[Path, Preview, str]) -> None:
    _, preview, url = watched
    until(browser, lambda: preview.status.build == 1)
    browser.get(url)
    browser.find_element(By.ID, "card-cards-3").click()
    dialog = browser.find_element(By.ID, "full")
    until(browser, lambda: dialog.get_attribute("open") is not None)
    big = dialog.find_elements(By.TAG_NAME, "img")
    assert len(big) == 2  # face and back
    assert big[0].get_attribute("src") == sources(browser)[2]
    assert browser.current_url.endswith("#card-cards-3")
