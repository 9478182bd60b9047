"""A real browser for the phones' tests: Debian's chromium driven by chromedriver (Selenium),
headless, phone-sized, on a fresh profile, with no network of its own (this machine refuses
connections a browser makes by itself, so its background services are off)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
#: a phone's screen in CSS pixels (an iPhone 12–15's), drawn at twice the pixels
PHONE = {"width": 390, "height": 844, "pixelRatio": 2.0}


def need_chromium() -> None:
    """Skip where no chromium is installed, except in CI (``make test`` installs it there:
    a CI run without it fails rather than passing without its browser tests)."""
    if os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER):
        return
    if os.environ.get("CI"):
        pytest.fail("chromium and chromedriver are missing (make test installs them)")
    pytest.skip("chromium/chromedriver not installed (apt-get install chromium chromium-driver)")


@contextmanager
def chromium(phone: bool = True) -> Iterator[object]:
    """One headless chromium for a test module; quit and its profile removed afterwards."""
    need_chromium()
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="atlantis-chromium-")
    options = Options()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    if phone:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
