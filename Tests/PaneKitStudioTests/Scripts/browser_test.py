#!/usr/bin/env python3
"""The studio page in headless Chromium: static exports and a live studio, checked against the engine's JSON.

usage: browser_test.py PANEKIT_BINARY PACKAGE_ROOT SCREENSHOT_DIR [SECTION,SECTION…]
SECTION is static, live, performance (the default, all three), curves, click, sheet, behaviors, scroll, chain,
overflow, content (designer_checks.py), navigation (navigation_checks.py), or docs (writes
the screenshots of docs/studio.md into SCREENSHOT_DIR: `browser_test.py "$PWD/.build/debug/panekit" "$PWD" docs/images docs`).
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
from selenium.webdriver.common.keys import Keys

BIN, ROOT, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
SECTIONS = sys.argv[4].split(",") if len(sys.argv) > 4 else ["static", "live", "performance"]
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


def drawn(driver, stage=None):
    """Every [data-role] element's inline matrix3d numbers and opacity (from its style attribute), by role: on the page,
    or on one stage."""
    items = driver.execute_script(
        "return [...(arguments[0] || document).querySelectorAll('[data-role]')]"
        ".map(e => [e.dataset.role, e.getAttribute('style'), e.style.transform])", stage)
    result = {}
    for role, style, parsed in items:
        transform = re.search(r"transform:\s*matrix3d\(([^)]*)\)", style or "")
        opacity = re.search(r"opacity:\s*([^;]+)", style or "")
        if not transform or not opacity or not parsed.startswith("matrix3d("):
            fail("%s has style %r, expected transform: matrix3d(...) and opacity" % (role, style))
        result[role] = ([float(x) for x in NUMBER.findall(transform.group(1))], float(opacity.group(1)))
    return result


def compare_frame(driver, frame, label, stage=None):
    """The page (or one stage) draws exactly `frame`: its roles, matrices and opacities to 1e-6, and says so in the
    stage's data-frame and data-time (#stage's without `stage`)."""
    shown = drawn(driver, stage)
    roles = {node["role"] for node in frame["nodes"]}
    check(set(shown) == roles, "%s: the page draws the roles of frame %d" % (label, frame["frame"]))
    for node in frame["nodes"]:
        matrix, opacity = shown[node["role"]]
        worst = max(abs(a - b) for a, b in zip(matrix, node["transform"]))
        if len(matrix) != 16 or worst > 1e-6:
            fail("%s frame %d %s: matrix3d %s, expected %s" % (label, frame["frame"], node["role"], matrix, node["transform"]))
        if abs(opacity - node["alpha"]) > 1e-6:
            fail("%s frame %d %s: opacity %s, expected %s" % (label, frame["frame"], node["role"], opacity, node["alpha"]))
    stage = stage or driver.find_element(By.ID, "stage")
    check(stage.get_attribute("data-frame") == str(frame["frame"]), "%s: the stage's data-frame is %d" % (label, frame["frame"]))
    check(abs(float(stage.get_attribute("data-time")) - frame["time"]) < 1e-9, "%s: the stage's data-time is %s" % (label, frame["time"]))


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
        # A drag from the left edge opens the drawer in the container's own gesture model (in interact mode).
        driver.find_element(By.ID, "loop").click()
        driver.find_element(By.ID, "interact").click()
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


def sheet(driver, work):
    """A newcomer drags the FloatingPanel example's sheet from half up to full with the mouse, then back down."""
    process = subprocess.Popen([BIN, "studio", "Examples/sheet-floatingpanel.json", "--port", "0"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        check(match is not None, "sheet: studio prints its URL: %s" % line.strip())
        driver.get(match.group(0) + "#frame=0")
        stage = driver.find_element(By.ID, "stage")
        wait(lambda: stage.get_attribute("data-detent") == "half", 5, "the sheet at half on frame 0")
        driver.find_element(By.ID, "loop").click()
        driver.find_element(By.ID, "interact").click()
        set_range(driver, "scrub", 0)
        r = rect(driver, stage)
        scale = r[3] / 812  # the example's height in points
        # The half detent's sheet top is about 812 × 0.41 down the stage: grab the sheet below it and pull up.
        grab_y = 520 * scale
        actions = ActionChains(driver, duration=20)
        actions.move_to_element_with_offset(stage, 0, int(grab_y - r[3] / 2)).click_and_hold()
        for _ in range(12):
            actions.move_by_offset(0, -int(30 * scale))
        actions.release().perform()
        wait(lambda: driver.find_element(By.ID, "recorded").get_attribute("value"), 5, "the recorded drag")
        wait(lambda: stage.get_attribute("data-detent") == "full" and stage.get_attribute("data-state") == "open", 8,
             "the sheet to settle at full after the drag up")
        check(True, "sheet: a mouse drag up moves the sheet from half to full")
        driver.save_screenshot(os.path.join(SHOTS, "sheet-drag-up.png"))
        # And back down from full, grabbing its top, past half's catchment towards tip.
        set_range(driver, "scrub", int(driver.find_element(By.ID, "scrub").get_attribute("max")))
        wait(lambda: stage.get_attribute("data-detent") == "full", 5, "the last frame at full")
        actions = ActionChains(driver, duration=20)
        actions.move_to_element_with_offset(stage, 0, int(120 * scale - r[3] / 2)).click_and_hold()
        for _ in range(16):
            actions.move_by_offset(0, int(40 * scale))
        actions.release().perform()
        wait(lambda: stage.get_attribute("data-detent") in ("tip", "half") and stage.get_attribute("data-state") == "open", 8,
             "the sheet to settle lower after the drag down")
        check(True, "sheet: a mouse drag down moves the sheet from full to %s" % stage.get_attribute("data-detent"))
    finally:
        process.terminate()
        process.wait(timeout=10)


def scroll(driver, work):
    """Examples/sheet-scroll.json as a static page: where the frame's sheet carries a scrolled region, the sheet's
    element has one layer over the region showing its look moved up by the offset; scrubbed to a frame without one,
    the layer goes."""
    frames = json_frames(panekit("render", "Examples/sheet-scroll.json", "--format", "json"))
    page = os.path.join(work, "scroll.html")
    panekit("render", "Examples/sheet-scroll.json", "--format", "html", "--out", page)
    scrolled = next(f for f in frames if any(n["role"] == "sheet" and n.get("scroll") and n["scroll"][0]["offset"] > 100
                                             for n in f["nodes"]))
    region = next(n for n in scrolled["nodes"] if n["role"] == "sheet")["scroll"][0]
    driver.get("file://" + page + "#frame=0")
    stage = driver.find_element(By.ID, "stage")
    wait(lambda: stage.get_attribute("data-frame") == "0", 5, "the page on frame 0")

    def layers():
        return driver.execute_script(
            "return [...document.querySelectorAll('#stage [data-role=sheet] > .scroll')].map(e => e.getAttribute('style'))")

    check(layers() == [], "scroll: frame 0 (the feed at 0) has no scroll layer")
    set_range(driver, "scrub", scrolled["frame"])
    wait(lambda: stage.get_attribute("data-frame") == str(scrolled["frame"]), 5, "the page on frame %d" % scrolled["frame"])
    shown = layers()
    check(len(shown) == 1, "scroll: frame %d has one scroll layer on the sheet" % scrolled["frame"])
    # The last background-position wins over the look's own (`center`).
    position = list(re.finditer(r"background-position:\s*([^;]+);", shown[0]))[-1:]
    position = position[0] if position else None
    numbers = [float(v) for v in NUMBER.findall(position.group(1))] if position else []
    x, y = numbers if len(numbers) == 2 else (float("nan"), float("nan"))
    r = region["rect"]
    check(position is not None and abs(x + r[0]) < 1e-6 and abs(y + r[1] + region["offset"]) < 1e-6,
          "scroll: the layer's look is moved up by the offset %s (background-position %s)" % (region["offset"], position and position.group(1)))
    box = [float(re.search(key + r":\s*(-?[0-9.]+)px", shown[0]).group(1)) for key in ("left", "top", "width", "height")]
    check(all(abs(a - b) < 1e-6 for a, b in zip(box, r)), "scroll: the layer covers the region %s" % r)
    driver.save_screenshot(os.path.join(SHOTS, "sheet-scroll.png"))
    set_range(driver, "scrub", 0)
    wait(lambda: stage.get_attribute("data-frame") == "0", 5, "the page back on frame 0")
    check(layers() == [], "scroll: scrubbed back to frame 0, the layer is gone")


BEHAVIORS = ["material", "compose", "uikit", "floatingpanel"]


def behavior_frames(work, scenario, name):
    """The engine's frames of `scenario` (a dict) under each behavior, from render --format json."""
    frames = {}
    for behavior in BEHAVIORS:
        scenario["container"]["behavior"] = behavior
        path = os.path.join(work, "%s-%s.json" % (name, behavior))
        with open(path, "w") as f:
            json.dump(scenario, f)
        frames[behavior] = json_frames(panekit("render", path, "--format", "json"))
    return frames


def behaviors(driver, work):
    """`--behaviors`: the static page has one stage per behavior, labelled and marked data-behavior, scrubbed together
    to each behavior's own engine frames; in the live studio a mouse drag on one stage is replayed on all of them."""
    with open(os.path.join(ROOT, "Examples/sheet-compare.json")) as f:
        example = json.load(f)
    expected = behavior_frames(work, example, "compare")
    page = os.path.join(work, "behaviors.html")
    panekit("render", "Examples/sheet-compare.json", "--format", "html", "--behaviors", ",".join(BEHAVIORS), "--out", page)
    driver.set_window_size(1280, 900)
    driver.get("file://%s#frame=0" % page)
    stages = driver.find_elements(By.CSS_SELECTOR, "[data-behavior]")
    check([e.get_attribute("data-behavior") for e in stages] == BEHAVIORS and
          all("stage-box" in e.get_attribute("class") for e in stages), "behaviors: one stage per behavior, in order, data-behavior")
    labels = driver.execute_script(
        "return [...document.querySelectorAll('[data-behavior]')].map(e => e.closest('.stage-cell').querySelector('.stage-label').textContent)")
    check(labels == BEHAVIORS, "behaviors: each stage is labelled with its behavior (%s)" % ", ".join(labels))
    sizes = {tuple(round(x) for x in rect(driver, e)[2:]) for e in stages}
    check(len(sizes) == 1, "behaviors: every stage at the same scale (%s)" % sizes)
    longest = max(len(f) for f in expected.values())
    check(int(driver.find_element(By.ID, "scrub").get_attribute("max")) == longest - 1,
          "behaviors: the scrubber spans the longest behavior's run (%d frames)" % longest)
    for k in [12, 47, 70, 95, longest - 1]:
        set_range(driver, "scrub", k)
        for stage, behavior in zip(stages, BEHAVIORS):
            frames = expected[behavior]
            compare_frame(driver, frames[min(k, len(frames) - 1)], "behaviors %s at scrub %d" % (behavior, k), stage)
        check(True, "behaviors: scrubbed to %d, every stage shows its behavior's frame at that time" % k)
    driver.save_screenshot(os.path.join(SHOTS, "behaviors-static.png"))
    # Live: a drag on the last stage is replayed on every behavior; each settles as its engine says.
    process = subprocess.Popen([BIN, "studio", "Examples/sheet-compare.json", "--behaviors", ",".join(BEHAVIORS), "--port", "0"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        check(match is not None, "behaviors: studio prints its URL: %s" % line.strip())
        driver.get(match.group(0) + "#frame=0")  # every sheet rests where the example starts it
        driver.find_element(By.ID, "loop").click()
        driver.find_element(By.ID, "interact").click()
        stages = driver.find_elements(By.CSS_SELECTOR, "[data-behavior]")
        target = stages[-1]
        r = rect(driver, target)
        scale = r[3] / example["size"][1]
        actions = ActionChains(driver, duration=20)
        actions.move_to_element_with_offset(target, 0, int(700 * scale - r[3] / 2)).click_and_hold()
        for _ in range(10):
            actions.move_by_offset(0, -int(32 * scale))
        actions.release().perform()
        recorded = wait(lambda: driver.find_element(By.ID, "recorded").get_attribute("value"), 5, "the recorded drag")
        last = lambda: int(driver.find_element(By.ID, "scrub").get_attribute("max"))
        wait(lambda: driver.execute_script("return +document.getElementById('scrub').value") == last(), 10, "the settle to play to its end")
        # The engine's runs of the same pan: the timeline up to the drag's time, then the recorded pan.
        pan = json.loads(recorded)
        example["timeline"] = [e for e in example["timeline"] if e["at"] <= pan[0]["at"]] + pan
        replayed = behavior_frames(work, example, "replayed")
        tops = []
        for stage, behavior in zip(stages, BEHAVIORS):
            frames = replayed[behavior]
            compare_frame(driver, frames[-1], "behaviors live %s at rest" % behavior, stage)
            check(stage.get_attribute("data-detent") == frames[-1]["detent"] and frames[-1]["state"] == "open",
                  "behaviors live: %s settles at %s after a drag on the floatingpanel stage" % (behavior, frames[-1]["detent"]))
            sheet = [n for n in frames[-1]["nodes"] if n["role"] == "sheet"][0]
            tops.append(round(sheet["frame"][1] + sheet["transform"][13]))
        check(len(set(tops)) > 1, "behaviors live: the sheets rest at different heights (tops %s)" % tops)
        driver.save_screenshot(os.path.join(SHOTS, "behaviors-live-rest.png"))
    finally:
        process.terminate()
        process.wait(timeout=10)


def payload(driver):
    return driver.execute_script("return JSON.parse(document.getElementById('panekit-data').textContent)")


def rect(driver, element):
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", element)


AXES = ["x", "y", "z", "xy", "xz", "yz", "width", "height"]


def split_channel(name):
    head, _, axis = name.rpartition(" ")
    if not head or axis not in AXES:
        return name, ""
    if head == "frame":
        return ("frame size" if axis in ("width", "height") else "frame origin"), axis
    return head, axis


def inspector(driver):
    return {e.get_attribute("data-key"): e.text for e in driver.find_elements(By.CSS_SELECTOR, "#inspector-body dd")}


def curves(driver, work):
    """A door compared with mm.slide and the zoom plugin, static: one chart per channel with a line per changing axis
    and styler, constants listed, a legend; the inspector reads every property and decomposes as the curves do; the
    stage keeps the container's aspect ratio; there is no interact mode without a server."""
    page = os.path.join(work, "curves.html")
    panekit("render", "Examples/drawer-swinging-door.json", "--format", "html", "--compare", "mm.slide,Plugins/zoom.lua",
            "--out", page)
    driver.set_window_size(1280, 900)
    driver.get("file://%s#frame=20" % page)
    toggle = driver.find_element(By.ID, "interact")
    check(not toggle.is_enabled() and "live studio" in toggle.get_attribute("title"),
          "static: the interact toggle is disabled and its title says it needs the live studio")
    check("Click a node to inspect" in driver.find_element(By.ID, "stage-hint").text, "static: the stage hint says a click inspects")
    data = payload(driver)
    series = []
    for r, run in enumerate(data["runs"]):
        for styler in run["stylers"]:
            series.append((r, styler))
    legend = driver.find_elements(By.CSS_SELECTOR, "#curves-legend .legend-entry")
    check([e.get_attribute("data-styler") for e in legend] == [s["name"] for _, s in series],
          "curves: one legend entry per styler of every run, the compared ones included (%s)" % ", ".join(e.text for e in legend))
    check(any("mm.slide" in e.text for e in legend) and any("zoom" in e.text for e in legend), "curves: the legend names the compared stylers")
    charts = driver.find_elements(By.CSS_SELECTOR, "#curves-body .curve")
    keys = [(c.get_attribute("data-direction"), c.get_attribute("data-channel")) for c in charts]
    check(len(keys) == len(set(keys)), "curves: one chart per channel (%d charts)" % len(keys))
    expected_charts, lines, constants = set(), 0, 0
    for index, (_, styler) in enumerate(series):
        for channel in styler["channels"]:
            quantity, axis = split_channel(channel["name"])
            key = (styler["direction"], channel["role"] + " " + quantity)
            values = [v for v in channel["values"] if v is not None]
            if max(values) - min(values) > 1e-9:
                expected_charts.add(key)
                lines += 1
                found = driver.execute_script(
                    "return [...document.querySelectorAll('#curves-body .curve')].filter(c => c.dataset.direction === arguments[0]"
                    " && c.dataset.channel === arguments[1]).flatMap(c => [...c.querySelectorAll(`path.line[data-series='${arguments[2]}']`)])"
                    ".filter(p => p.dataset.axis === arguments[3]).length", key[0], key[1], str(index), axis)
                if found != 1:
                    fail("curves: %s %s %s of series %d has %d lines, expected one" % (key + (axis, index, found)))
            else:
                constants += 1
                entry = driver.execute_script(
                    "const e = [...document.querySelectorAll('#curves-body .constant')].find(e => e.dataset.series === arguments[0]"
                    " && e.dataset.channel === arguments[1]); return e ? e.textContent : null",
                    str(index), channel["role"] + " " + quantity + (" " + axis if axis else ""))
                if entry is None or "constant: %s" % fmt_number(values[0]) not in entry:
                    fail("curves: the constant %s %s of %s is listed as %r, expected 'constant: %s'" %
                         (channel["role"], channel["name"], styler["name"], entry, fmt_number(values[0])))
    check(set(keys) == expected_charts, "curves: a chart exactly for each channel that changes")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#curves-body path.line")) == lines,
          "curves: a line per changing channel of each styler (%d), none for a constant one" % lines)
    check(constants > 0 and len(driver.find_elements(By.CSS_SELECTOR, "#curves-body .constant")) == constants,
          "curves: %d constant channels listed as 'constant: value'" % constants)
    zoom = [i for i, (_, s) in enumerate(series) if s["name"] == "zoom" and s["direction"] == "left"][0]
    xyz = driver.execute_script(
        "return [...document.querySelectorAll(`.curve[data-direction='left'][data-channel='pane scale'] path.line[data-series='${arguments[0]}']`)]"
        ".map(p => p.dataset.axis)", str(zoom))
    check(sorted(xyz) == ["x", "y", "z"], "curves: zoom's pane scale x, y and z are three lines of one chart")
    driver.set_window_size(1280, 2400)  # the whole panel in view for its screenshot
    driver.find_element(By.ID, "curves").screenshot(os.path.join(SHOTS, "curves.png"))
    driver.set_window_size(1280, 900)
    # The inspector at closed fraction 0.5 reads the transform as the curves (the engine's decomposition) do.
    driver.get("file://%s#closed=0.5" % page)
    driver.execute_script("document.querySelector(\"#stage [data-role='drawer.left']\").focus()")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    shown = inspector(driver)
    for key in ["role", "frame", "translate", "scale", "skew", "rotation", "perspective", "alpha", "anchor", "z", "hidden",
                "shadow", "colour", "accessible", "focus", "matrix"]:
        if key not in shown:
            fail("inspector: no %s row (rows: %s)" % (key, ", ".join(shown)))
    check(True, "inspector: frame, transform parts, alpha, anchor, z, shadow, colour, accessible and focus are shown")
    door = series[0][1]
    at = data["runs"][0]["stylers"][0]["fractions"].index(0.5)
    channel = {c["name"]: c["values"][at] for c in door["channels"] if c["role"] == "drawer.left"}
    parts = {key: [float(x) for x in NUMBER.findall(shown[key])] for key in ["translate", "scale", "rotation"]}
    for name, got in [("translate x", parts["translate"][0]), ("scale x", parts["scale"][0]), ("rotate y", parts["rotation"][1])]:
        if abs(got - channel[name]) > (1e-2 if name == "rotate y" else 2e-3):  # degrees show two decimals
            fail("inspector: %s reads %s, the engine's curve has %s" % (name, got, channel[name]))
    check("eye at 1000 pt" in shown["perspective"], "inspector: the door's perspective is an eye at 1000 pt (%s)" % shown["perspective"])
    check(True, "inspector: translate x, scale x and rotate y equal the curves' values at closed 0.5")
    driver.save_screenshot(os.path.join(SHOTS, "inspector.png"))
    # The stage is the container scaled: its aspect ratio at two window sizes, no grey beside it.
    for size in [(1280, 900), (760, 1000)]:
        driver.set_window_size(*size)
        driver.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        for wrap in driver.find_elements(By.CSS_SELECTOR, ".stage-wrap"):
            w = rect(driver, wrap)
            if abs(w[2] / w[3] - 375 / 667) > 0.005 * 375 / 667:
                fail("stage at %dx%d: %gx%g, expected the container's ratio 375:667" % (size + (w[2], w[3])))
        box, wrap = rect(driver, driver.find_element(By.ID, "stage")), rect(driver, driver.find_element(By.CSS_SELECTOR, ".stage-wrap"))
        if max(abs(a - b) for a, b in zip(box, wrap)) > 1:
            fail("stage at %dx%d: the container %s does not fill its stage %s" % (size + (box, wrap)))
        check(True, "stage at %dx%d: every stage has the container's aspect ratio and the container fills it" % size)
    driver.set_window_size(1280, 900)


def fmt_number(x):
    """The page's fmt: three decimals, no trailing zeros."""
    rounded = round(x * 1000) / 1000
    return str(int(rounded)) if rounded == int(rounded) else repr(rounded)


def click_at(driver, element, x, y):
    """A real click at page point (x, y), through the element whose rect holds it."""
    r = rect(driver, element)
    ActionChains(driver).move_to_element_with_offset(element, int(x - (r[0] + r[2] / 2)), int(y - (r[1] + r[3] / 2))).click().perform()


def click(driver, work):
    """The live studio: a click on a node inspects it (no run, no tap); in interact mode (I) or with Shift it taps the
    container's gesture model; the error bar is at the top."""
    folder = os.path.join(work, "click")
    os.makedirs(folder)
    scenario = os.path.join(folder, "slide.json")
    shutil.copy(os.path.join(ROOT, "Examples/drawer-slide.json"), scenario)
    process = subprocess.Popen([BIN, "studio", "slide.json", "--port", "0"], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        check(match is not None, "studio prints its URL: %s" % line.strip())
        url = match.group(0)
        driver.set_window_size(1280, 900)
        driver.get(url)
        frames = json_frames(driver.execute_script("return fetch('/frames.json').then(r => r.text())"))
        k = next(f["frame"] for f in frames if f["state"] == "open")
        driver.get(url + "#frame=%d" % k)
        check("Interact (I) or hold Shift" in driver.find_element(By.ID, "stage-hint").text, "live: the hint says how to drag or tap")
        last = driver.find_element(By.ID, "scrub").get_attribute("max")
        pane = driver.find_element(By.CSS_SELECTOR, "#stage [data-role='pane']")
        r, s = rect(driver, pane), rect(driver, driver.find_element(By.ID, "stage"))
        x, y = (max(r[0], s[0]) + min(r[0] + r[2], s[0] + s[2])) / 2, r[1] + r[3] / 2  # the middle of its visible part
        top = driver.execute_script("const e = document.elementFromPoint(arguments[0], arguments[1]); return e && e.closest('[data-role]')"
                                    " && e.closest('[data-role]').dataset.role", x, y)
        check(top == "pane", "live: the open drawer's pane is on top at the click point")
        wrap = driver.find_element(By.CSS_SELECTOR, ".stage-wrap.main")
        click_at(driver, wrap, x, y)
        wait(lambda: inspector(driver).get("role") == "pane", 3, "the inspector to show the clicked pane")
        check(True, "live: a click on a node fills the inspector")
        time.sleep(0.3)  # a tap, if one went out, would answer within this
        check(driver.execute_script("return window.panekitStats.gestures") == 0, "live: the click sends no tap")
        check(not driver.find_element(By.ID, "drag-panel").is_displayed(), "live: the click records no gesture")
        check(frame_attr(driver) == k and driver.find_element(By.ID, "scrub").get_attribute("max") == last,
              "live: the click keeps the frame and the run")
        compare_frame(driver, frames[k], "live after a click")
        driver.save_screenshot(os.path.join(SHOTS, "live-inspect.png"))
        # Interact mode (the I key): the same click is a tap of the gesture model, which closes the drawer.
        driver.find_element(By.TAG_NAME, "body").send_keys("i")
        check(driver.find_element(By.ID, "interact").get_attribute("aria-pressed") == "true", "live: I turns interact mode on")
        check("gesture model" in driver.find_element(By.ID, "stage-hint").text, "live: the hint says drags and taps go to the gesture model")
        click_at(driver, wrap, x, y)
        recorded = wait(lambda: driver.find_element(By.ID, "recorded").get_attribute("value"), 5, "the recorded tap")
        check('"tap"' in recorded, "live: in interact mode a click is a tap of the gesture model")
        wait(lambda: driver.find_element(By.ID, "stage").get_attribute("data-state") == "closed", 6, "the tap to close the drawer")
        check(True, "live: the tap closes the drawer")
        # Back to inspecting (I again); Shift makes one click a tap.
        driver.find_element(By.TAG_NAME, "body").send_keys("i")
        check(driver.find_element(By.ID, "interact").get_attribute("aria-pressed") == "false", "live: I turns interact mode off")
        ActionChains(driver).key_down(Keys.SHIFT).perform()
        click_at(driver, wrap, x, y)
        ActionChains(driver).key_up(Keys.SHIFT).perform()
        check(driver.execute_script("return window.panekitStats.gestures") == 2, "live: a Shift-click is a tap")
        # A broken save shows the error at the top of the page.
        with open(scenario, "w") as f:
            f.write('{"name": "broken", "fps": }\n')
        wait(lambda: driver.find_element(By.ID, "error").is_displayed() and "slide.json" in driver.find_element(By.ID, "error").text,
             5, "the error to show")
        driver.execute_script("window.scrollTo(0, 0)")
        error = rect(driver, driver.find_element(By.ID, "error"))
        bar = rect(driver, driver.find_element(By.CSS_SELECTOR, "header.bar"))
        stages = rect(driver, driver.find_element(By.ID, "stages"))
        check(error[1] <= bar[1] + bar[3] + 1 and error[1] + error[3] <= stages[1] + 1,
              "live: the error bar is at the top, under the title and above the stage (error %s, stage %s)" % (error, stages))
        driver.save_screenshot(os.path.join(SHOTS, "live-error-top.png"))
    finally:
        process.terminate()
        process.wait(timeout=10)


def docs(driver, work):
    """The screenshots of docs/studio.md: a swinging door compared with mm.slide and the cube plugin, its left drawer
    inspected half open, and the curves panel. Reduced to 128 colours when ffmpeg is installed."""
    page = os.path.join(work, "docs.html")
    panekit("render", "Examples/drawer-swinging-door.json", "--format", "html", "--compare", "mm.slide,Plugins/cube.lua",
            "--out", page)
    shots = []
    driver.set_window_size(1100, 780)
    driver.get("file://%s#frame=30" % page)
    driver.execute_script("document.querySelector(\"#stage [data-role='drawer.left']\").focus()")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    driver.execute_script("document.activeElement.blur()")
    shots.append(os.path.join(SHOTS, "studio.png"))
    driver.save_screenshot(shots[-1])
    driver.set_window_size(1100, 2400)
    shots.append(os.path.join(SHOTS, "studio-curves.png"))
    driver.find_element(By.ID, "curves").screenshot(shots[-1])
    ffmpeg = shutil.which("ffmpeg")
    for shot in shots:
        if ffmpeg:
            small = shot[:-4] + ".pal.png"
            subprocess.run([ffmpeg, "-v", "error", "-y", "-i", shot, "-vf",
                            "split[a][b];[a]palettegen=max_colors=128:stats_mode=full[p];[b][p]paletteuse=dither=none",
                            small], check=True, timeout=60)
            os.replace(small, shot)
        check(os.path.getsize(shot) > 0, "docs: wrote %s (%d bytes)" % (shot, os.path.getsize(shot)))


def main():
    driver = browser()
    work = tempfile.mkdtemp(prefix="panekit-studio-")
    sections = {"static": static_examples, "live": live, "performance": performance, "curves": curves, "click": click,
                "docs": docs, "sheet": sheet, "behaviors": behaviors, "scroll": scroll}
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import designer_checks
    import grid_checks
    import navigation_checks
    sections.update(designer_checks.install(globals()))
    sections.update(grid_checks.install(globals()))
    sections.update(navigation_checks.install(globals()))
    try:
        for name in SECTIONS:
            if name not in sections:
                fail("unknown section %r: expected %s" % (name, ", ".join(sections)))
            sections[name](driver, work)
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all browser checks passed")


main()
