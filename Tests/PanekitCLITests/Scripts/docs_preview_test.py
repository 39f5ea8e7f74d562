#!/usr/bin/env python3
"""A plugin page of `panekit docs` in headless Chromium: the embedded preview plays.

usage: docs_preview_test.py PAGE.html
Opens the page from the file system (no server, no network), switches into the preview's frame, presses play and
waits for the studio page's #stage data-frame to advance. Prints one line per check; exits 1 on the first failure.
"""
import shutil
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def fail(message):
    print("FAIL " + message, flush=True)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok   " + message, flush=True)


def wait(predicate, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    fail("timed out after %gs waiting for %s" % (seconds, what))


options = Options()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,1600",
             "--allow-file-access-from-files"]:
    options.add_argument(flag)
options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
try:
    driver.get("file://" + sys.argv[1])
    check("scale" in driver.find_element(By.CSS_SELECTOR, "table.params").text, "the page lists the parameters")
    frame = driver.find_element(By.CSS_SELECTOR, "iframe.preview")
    driver.switch_to.frame(frame)
    stage = wait(lambda: driver.find_elements(By.ID, "stage"), 10, "the preview's stage")[0]
    start = int(stage.get_attribute("data-frame") or "0")
    driver.find_element(By.ID, "play").click()
    wait(lambda: int(driver.find_element(By.ID, "stage").get_attribute("data-frame") or "0") > start, 10,
         "the preview to advance data-frame")
    check(True, "the preview plays: data-frame advanced from %d" % start)
    print("all docs checks passed", flush=True)
finally:
    driver.quit()
