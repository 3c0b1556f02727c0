"""Headless Chromium for the browser tests: Debian's ``chromium`` and ``chromium-driver``
driven by selenium, never a browser fetched at run time. ``webdriver()`` skips the calling
module, saying why, where selenium or Chromium is missing."""

from __future__ import annotations

import os
import shutil
from types import ModuleType
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-extensions", "--no-first-run")


def webdriver() -> ModuleType:
    """selenium's webdriver, or a skip of the module being collected."""
    module = pytest.importorskip("selenium.webdriver", reason="selenium is a test dependency: "
                                 "pip install -e '.[test]'")
    if not (CHROMIUM and DRIVER):
        pytest.skip("headless Chromium is not installed here: apt-get install -y chromium "
                    "chromium-driver (.ci/run installs them where apt-get is available)",
                    allow_module_level=True)
    return module


def chromium(*flags: str, phone: tuple[int, int] | None = None) -> Any:
    """A new headless Chromium (``phone``: its screen emulated, width × height); SE_OFFLINE
    keeps selenium's driver manager from ever fetching anything."""
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"
    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, *flags):
        options.add_argument(flag)
    if phone is not None:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": phone[0], "height": phone[1], "pixelRatio": 1}})
    return webdriver().Chrome(service=Service(str(DRIVER)), options=options)


def tap(driver: Any, element: Any) -> None:
    """Click an element as a thumb would: scrolled to the middle of the screen first, since a
    page's fixed bottom sheet may cover the lower part of the viewport."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
