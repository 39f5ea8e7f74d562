#!/usr/bin/env python3
"""The studio page in headless Chromium: static exports and a live studio, checked against the engine's JSON.

usage: browser_test.py PANEKIT_BINARY PACKAGE_ROOT SCREENSHOT_DIR
Prints one line per check and, last, `measure NAME VALUE` lines; exits 1 on the first failed check.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

BIN, ROOT, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(SHOTS, exist_ok=True)
NUMBER = re.compile(r"-?[0-9.]+(?:e[-+]?[0-9]+)?")


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


def panekit(*args, cwd=ROOT):
    result = subprocess.run([BIN, *args], cwd=cwd, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        fail("panekit %s exited %d: %s" % (" ".join(args), result.returncode, result.stderr))
    return result.stdout


def json_frames(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def browser():
    options = Options()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def drawn(driver):
    """Every [data-role] element's inline matrix3d numbers and opacity (from its style attribute), by role."""
    items = driver.execute_script(
        "return [...document.querySelectorAll('[data-role]')].map(e => [e.dataset.role, e.getAttribute('style'), e.style.transform])")
    result = {}
    for role, style, parsed in items:
        transform = re.search(r"transform:\s*matrix3d\(([^)]*)\)", style or "")
        opacity = re.search(r"opacity:\s*([^;]+)", style or "")
        if not transform or not opacity or not parsed.startswith("matrix3d("):
            fail("%s has style %r, expected transform: matrix3d(...) and opacity" % (role, style))
        result[role] = ([float(x) for x in NUMBER.findall(transform.group(1))], float(opacity.group(1)))
    return result


def compare_frame(driver, frame, label):
    shown = drawn(driver)
    roles = {node["role"] for node in frame["nodes"]}
    check(set(shown) == roles, "%s: the page draws the roles of frame %d" % (label, frame["frame"]))
    for node in frame["nodes"]:
        matrix, opacity = shown[node["role"]]
        worst = max(abs(a - b) for a, b in zip(matrix, node["transform"]))
        if len(matrix) != 16 or worst > 1e-6:
            fail("%s frame %d %s: matrix3d %s, expected %s" % (label, frame["frame"], node["role"], matrix, node["transform"]))
        if abs(opacity - node["alpha"]) > 1e-6:
            fail("%s frame %d %s: opacity %s, expected %s" % (label, frame["frame"], node["role"], opacity, node["alpha"]))
    stage = driver.find_element(By.ID, "stage")
    check(stage.get_attribute("data-frame") == str(frame["frame"]), "%s: #stage data-frame is %d" % (label, frame["frame"]))
    check(abs(float(stage.get_attribute("data-time")) - frame["time"]) < 1e-9, "%s: #stage data-time is %s" % (label, frame["time"]))


def frame_attr(driver):
    return int(driver.find_element(By.ID, "stage").get_attribute("data-frame"))


def set_range(driver, element_id, value):
    driver.execute_script(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
        "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, str(value))


def static_examples(driver, work):
    examples = [("door", "Examples/drawer-swinging-door.json"), ("dynamics-bounce", "Examples/dynamics-gravity-bounce.json"),
                ("split", "Examples/split-toggles.json"), ("lua", "Examples/lua-cube-and-fold.json")]
    for name, path in examples:
        frames = json_frames(panekit("render", path, "--format", "json"))
        page = os.path.join(work, name + ".html")
        panekit("render", path, "--format", "html", "--out", page)
        for k in sorted({0, len(frames) // 3, len(frames) // 2, len(frames) - 1}):
            driver.get("file://%s#frame=%d" % (page, k))
            compare_frame(driver, frames[k], "%s #frame=%d" % (name, k))
        t = frames[len(frames) // 2]["time"]
        driver.get("file://%s#t=%s" % (page, t))
        compare_frame(driver, frames[len(frames) // 2], "%s #t=%s" % (name, t))
        if name == "door":
            driver.get("file://%s#frame=%d" % (page, len(frames) // 3))
            driver.find_element(By.CSS_SELECTOR, "[data-role='drawer.left']").click()
            driver.save_screenshot(os.path.join(SHOTS, "static-door-inspector.png"))
            check("rotation" in driver.find_element(By.ID, "inspector-body").text, "door: the inspector shows the rotation")
            driver.get("file://%s#closed=0.5" % page)
            check(driver.find_element(By.ID, "stage").get_attribute("data-closed") == "0.5", "door: #closed=0.5 poses the stylers")
            driver.save_screenshot(os.path.join(SHOTS, "static-door-closed-0.5.png"))
        if name == "split":
            driver.save_screenshot(os.path.join(SHOTS, "static-split.png"))
    # Transport on the door.
    page = os.path.join(work, "door.html")
    driver.get("file://%s#frame=0" % page)
    driver.find_element(By.ID, "play").click()
    wait(lambda: frame_attr(driver) > 0, 5, "play to advance data-frame")
    driver.find_element(By.ID, "play").click()
    check(True, "door: play advances data-frame")
    set_range(driver, "scrub", 40)
    check(frame_attr(driver) == 40, "door: the scrubber moves to frame 40")
    check(driver.current_url.endswith("#frame=40"), "door: the hash follows the scrubber")
    driver.find_element(By.ID, "step-forward").click()
    check(frame_attr(driver) == 41, "door: step forward")
    driver.find_element(By.ID, "step-back").click()
    driver.find_element(By.ID, "step-back").click()
    check(frame_attr(driver) == 39, "door: step back twice")
    driver.find_element(By.TAG_NAME, "body").send_keys("\ue014")  # Right arrow
    check(frame_attr(driver) == 40, "door: the right arrow steps")
    compare = os.path.join(work, "compare.html")
    panekit("render", "Examples/drawer-slide.json", "--format", "html", "--compare", "mm.parallax,Plugins/cube.lua", "--out", compare)
    driver.get("file://%s#frame=30" % compare)
    stages = driver.find_elements(By.CSS_SELECTOR, ".stage-box")
    check(len(stages) == 3, "compare: three stages side by side")
    driver.save_screenshot(os.path.join(SHOTS, "static-compare.png"))


def performance(driver, work):
    # A 1,000-frame run: the design example stretched to 1000 frames at 60 fps.
    with open(os.path.join(ROOT, "Examples/design-example.json")) as f:
        scenario = json.load(f)
    scenario["duration"] = 999 / 60
    path = os.path.join(work, "long.json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    page = os.path.join(work, "long.html")
    panekit("render", path, "--format", "html", "--out", page)
    driver.get("file://%s#frame=0" % page)
    check(driver.execute_script("return +document.getElementById('scrub').max") == 999, "performance: the run has 1000 frames")
    driver.find_element(By.ID, "play").click()
    time.sleep(3)
    driver.find_element(By.ID, "play").click()
    times = driver.execute_script("return window.panekitStats.frameTimes")[1:]
    times.sort()
    mean = sum(times) / len(times)
    print("measure raf_frames %d" % len(times))
    print("measure raf_mean_ms %.2f" % mean)
    print("measure raf_p99_ms %.2f" % times[int(len(times) * 0.99) - 1])
    print("measure raf_over_25ms %d" % sum(1 for t in times if t > 25))


def live(driver, work):
    plugins = os.path.join(work, "live", "Plugins")
    os.makedirs(plugins)
    plugin = os.path.join(plugins, "zoom.lua")
    shutil.copy(os.path.join(ROOT, "Plugins/zoom.lua"), plugin)
    # At 84 fps the zoom plugin's demo has 303 frames: the parameter change below re-runs and repaints all of them.
    process = subprocess.Popen([BIN, "studio", "Plugins/zoom.lua", "--port", "0", "--fps", "84"], cwd=os.path.dirname(plugins),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        check(match is not None, "studio prints its URL: %s" % line.strip())
        url = match.group(0)
        driver.get(url + "#frame=20")
        frames = json_frames(driver.execute_script(
            "return fetch('/frames.json').then(r => r.text())"))
        compare_frame(driver, frames[20], "live #frame=20")
        # A slider re-runs the engine; the scrub position stays.
        before = drawn(driver)["pane"][0]
        knob = driver.find_element(By.CSS_SELECTOR, "[data-param='zoom.scale']")
        driver.execute_script(
            "const e = arguments[0]; e.value = '0.4'; e.dispatchEvent(new Event('input', {bubbles: true}));", knob)
        wait(lambda: drawn(driver)["pane"][0] != before, 5, "the slider to change the frames")
        print("measure param_change_ms %.1f" % driver.execute_script("return window.panekitStats.lastParamMs"))
        print("measure param_change_frames %d" % (int(driver.find_element(By.ID, "scrub").get_attribute("max")) + 1))
        check(frame_attr(driver) == 20, "live: a parameter change keeps the scrub position")
        served = json_frames(driver.execute_script("return fetch('/frames.json').then(r => r.text())"))
        compare_frame(driver, served[20], "live after zoom.scale=0.4")
        check("zoom.scale=0.4" in driver.find_element(By.ID, "command").get_attribute("value"), "live: the command line shows zoom.scale=0.4")
        driver.save_screenshot(os.path.join(SHOTS, "live-knob.png"))
        # A drag from the left edge opens the drawer in the container's own gesture model.
        driver.find_element(By.ID, "loop").click()
        set_range(driver, "scrub", 0)
        stage = driver.find_element(By.ID, "stage")
        rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", stage)
        actions = ActionChains(driver, duration=20)
        actions.move_to_element_with_offset(stage, int(-rect[2] / 2 + 3), 0).click_and_hold()
        for step in range(1, 13):
            actions.move_by_offset(int(rect[2] * 0.06), 0)
        actions.release().perform()
        wait(lambda: driver.find_element(By.ID, "recorded").get_attribute("value"), 5, "the recorded drag")
        check('"pan"' in driver.find_element(By.ID, "recorded").get_attribute("value"), "live: the drag is recorded as a pan action")
        wait(lambda: driver.find_element(By.ID, "stage").get_attribute("data-state") == "open", 6, "the drawer to open after the drag")
        check(True, "live: a drag opens the drawer")
        driver.save_screenshot(os.path.join(SHOTS, "live-drag.png"))
        # Saving the plugin updates the page without a reload; a broken save shows the error and keeps the frames.
        driver.get(url + "#frame=30")
        driver.execute_script("window.noReload = true")
        updates = driver.execute_script("return window.panekitStats.updates")
        before = drawn(driver)["pane"][0]
        with open(plugin) as f:
            source = f.read()
        edited = source.replace("ctx.reveal * 0.2", "ctx.reveal * 0.5")
        check(edited != source, "the plugin has a formula to edit")
        time.sleep(0.3)  # the EventSource connects
        saved = time.time()
        with open(plugin, "w") as f:
            f.write(edited)
        wait(lambda: driver.execute_script("return window.panekitStats.updates") > updates, 5, "the page to update after the save")
        shown = driver.execute_script("return window.panekitStats.lastUpdateAt") / 1000
        print("measure save_to_screen_ms %.1f" % ((shown - saved) * 1000))
        check(driver.execute_script("return window.noReload === true"), "live: the page updated without a reload")
        after = drawn(driver)["pane"][0]
        check(after != before, "live: the saved edit changed the frames")
        with open(plugin, "w") as f:
            f.write(edited.replace("style = function(ctx)", "style = function(ctx) local x = nil + 1"))
        error = wait(lambda: driver.find_element(By.ID, "error").is_displayed() and driver.find_element(By.ID, "error").text, 5,
                     "the error to show")
        check("zoom.lua:" in error, "live: the error names zoom.lua:LINE (%s)" % error.splitlines()[1 if len(error.splitlines()) > 1 else 0].strip())
        check(drawn(driver)["pane"][0] == after, "live: the last good frames stay on screen")
        driver.save_screenshot(os.path.join(SHOTS, "live-error.png"))
    finally:
        process.terminate()
        process.wait(timeout=10)


def main():
    driver = browser()
    work = tempfile.mkdtemp(prefix="panekit-studio-")
    try:
        static_examples(driver, work)
        live(driver, work)
        performance(driver, work)
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all browser checks passed")


main()
