"""The designer's loop in headless Chromium (sections of browser_test.py): gestures that chain on the live studio's
stage, release that goes on from the finger, a click that never scrolls the stage, and content drawn at the node's
current size in CSS, the html page and the studio. `install(namespace)` adds the sections to browser_test.py's."""
import base64
import json
import os
import re
import struct
import subprocess
import zlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

H = {}  # browser_test.py's helpers (check, fail, wait, panekit, json_frames, rect, set_range, compare_frame, BIN, ROOT, SHOTS)


def png_rgb(data):
    """Width, height and RGB rows of an 8-bit, non-interlaced RGB or RGBA PNG."""
    pos, idat, w, h, kind = 8, b"", 0, 0, 0
    while pos < len(data):
        n, t = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if t == b"IHDR":
            w, h, _, kind = struct.unpack(">IIBB", body[:10])
        if t == b"IDAT":
            idat += body
    bpp = 4 if kind == 6 else 3
    raw, stride, prev, rows = zlib.decompress(idat), w * bpp, bytearray(w * bpp), []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def studio(args):
    process = subprocess.Popen([H["BIN"], "studio", *args, "--port", "0"], cwd=H["ROOT"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    H["check"](match is not None, "studio prints its URL: %s" % line.strip())
    return process, match.group(0)


def composite(example, actions):
    """The scenario with each recorded gesture played in, as the studio does: the timeline up to the gesture's
    start, then the gesture, in order; run until the container rests."""
    scenario = json.loads(json.dumps(example))
    for action in actions:
        scenario["timeline"] = [e for e in scenario["timeline"] if e["at"] <= action["at"]] + [action]
    scenario.pop("duration", None)
    return scenario


def engine(work, scenario, name):
    path = os.path.join(work, name + ".json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    return H["json_frames"](H["panekit"]("render", path, "--format", "json"))


def sheet_of(frame):
    return next(n for n in frame["nodes"] if n["role"] == "sheet")


def chain(driver, work):
    """FloatingPanel's sheet dragged up from half, released, then flicked down from where it rests: the second
    gesture starts from the frame the stage shows (not the scenario's frame at that index), the stage goes on from
    the release (never back to the drag's start), and it ends where the engine ends that composite run."""
    check, wait, rect, set_range = H["check"], H["wait"], H["rect"], H["set_range"]
    with open(os.path.join(H["ROOT"], "Examples/sheet-floatingpanel.json")) as f:
        example = json.load(f)
    process, url = studio(["Examples/sheet-floatingpanel.json"])
    try:
        driver.get(url + "#frame=0")
        stage = driver.find_element(By.ID, "stage")
        wait(lambda: stage.get_attribute("data-detent") == "half", 5, "the sheet at half on frame 0")
        driver.find_element(By.ID, "loop").click()  # no loop: the stage rests at the run's end
        driver.find_element(By.ID, "interact").click()
        r = rect(driver, stage)
        scale = r[3] / 812

        def drag(from_y, dy, steps):
            actions = ActionChains(driver, duration=20)
            actions.move_to_element_with_offset(stage, 0, int(from_y * scale - r[3] / 2)).click_and_hold()
            for _ in range(steps):
                actions.move_by_offset(0, int(dy * scale))
            actions.release().perform()

        recorded = lambda: driver.find_element(By.ID, "recorded").get_attribute("value")
        drag(520, -30, 12)
        first = json.loads(wait(recorded, 5, "the recorded drag up"))
        last = lambda: int(driver.find_element(By.ID, "scrub").get_attribute("max"))
        wait(lambda: int(stage.get_attribute("data-frame")) == last(), 10, "the settle after the drag up to play to its end")
        check(stage.get_attribute("data-detent") == "full", "chain: the drag up rests at full")
        up = engine(work, composite(example, first), "up")
        H["compare_frame"](driver, up[-1], "chain: at rest after the drag up")
        shown = sheet_of(up[-1])
        times = []
        drag(120, 40, 16)
        both = json.loads(wait(lambda: recorded() if recorded().count('"at"') >= 2 else None, 5, "the recorded flick down"))
        # Right after the release the stage shows frames from the release on, each later than the one before.
        for _ in range(12):
            times.append((float(stage.get_attribute("data-time")), int(stage.get_attribute("data-frame"))))
        wait(lambda: int(stage.get_attribute("data-frame")) == last() and stage.get_attribute("data-state") == "open", 10,
             "the sheet to settle lower after the flick down")
        check(len(both) == 2 and both[0] == first[0], "chain: the recorded gestures are the drag up and the flick down")
        down = both[1]
        release = down["at"] + down["track"][-1][0]
        fps = example["fps"]
        check(all(t >= release - 1.0 / fps - 1e-6 for t, _ in times),
              "chain: after the release the stage shows the settle from the release (times %s, release at %.3f)" % (
                  [t for t, _ in times[:4]], release))
        frames_seen = [k for _, k in times]
        check(frames_seen == sorted(frames_seen), "chain: the settle plays forwards, never back to the drag's start")
        final = engine(work, composite(example, both), "down")
        start = next(i for i, f in enumerate(final) if f["time"] >= down["at"] - 1e-9)
        check(abs(final[start]["time"] - up[-1]["time"]) < 1e-9 and sheet_of(final[start])["frame"] == shown["frame"]
              and sheet_of(final[start])["transform"] == shown["transform"],
              "chain: the flick down starts at the sheet's shown position (frame %d of the run with the drag up)" % start)
        H["compare_frame"](driver, final[-1], "chain: at rest after the flick down")
        check(stage.get_attribute("data-detent") == final[-1]["detent"] and final[-1]["detent"] in ("tip", "half"),
              "chain: the flick down rests at %s, where the engine puts it from that start" % final[-1]["detent"])
        driver.save_screenshot(os.path.join(H["SHOTS"], "chain-rest.png"))
        # Back to the scenario: the recorded gestures go, and the run is the file's again.
        driver.find_element(By.ID, "reset-gestures").click()
        scenario = H["json_frames"](H["panekit"]("render", "Examples/sheet-floatingpanel.json", "--format", "json"))
        wait(lambda: last() == len(scenario) - 1, 5, "the run to be the scenario's again")
        check(not driver.find_element(By.ID, "drag-panel").is_displayed(), "chain: back to the scenario, no gesture recorded")
    finally:
        process.terminate()
        process.wait(timeout=10)


def overflow(driver, work):
    """A click on a node that reaches past the stage inspects it and moves nothing: every node keeps its place on
    the screen, on that frame and on another, and the stage is never scrolled."""
    check = H["check"]
    page = os.path.join(work, "design.html")
    H["panekit"]("render", "Examples/design-example.json", "--format", "html", "--out", page)
    driver.set_window_size(1280, 900)
    driver.get("file://%s#frame=40" % page)
    places = lambda: driver.execute_script(
        "return [...document.querySelectorAll('#stage [data-role]')].map(e => { const r = e.getBoundingClientRect();"
        " return [e.dataset.role, r.left, r.top, r.width, r.height]; })")
    scrolled = lambda: driver.execute_script(
        "return [...document.querySelectorAll('.stage-wrap, .stage-box')].some(e => e.scrollLeft || e.scrollTop)")
    stage = H["rect"](driver, driver.find_element(By.ID, "stage"))
    before = places()
    over = [p for p in before if p[1] + p[3] > stage[0] + stage[2] + 1 or p[1] < stage[0] - 1]
    check(len(over) > 0, "overflow: on frame 40 a node reaches past the stage (%s)" % [p[0] for p in over])
    role = over[0][0]
    element = driver.find_element(By.CSS_SELECTOR, "#stage [data-role='%s']" % role)
    # Its visible part: inside the stage.
    x = (max(over[0][1], stage[0]) + min(over[0][1] + over[0][3], stage[0] + stage[2])) / 2
    y = (max(over[0][2], stage[1]) + min(over[0][2] + over[0][4], stage[1] + stage[3])) / 2
    ActionChains(driver).move_to_element_with_offset(element, int(x - over[0][1] - over[0][3] / 2),
                                                     int(y - over[0][2] - over[0][4] / 2)).click().perform()
    H["wait"](lambda: driver.find_element(By.CSS_SELECTOR, "#inspector-body dd[data-key='role']").text if
              driver.find_elements(By.CSS_SELECTOR, "#inspector-body dd[data-key='role']") else None, 3, "the inspector")
    after = places()
    moved = [(a[0], a[1] - b[1], a[2] - b[2]) for a, b in zip(after, before) if abs(a[1] - b[1]) > 0.5 or abs(a[2] - b[2]) > 0.5]
    check(not moved and not scrolled(), "overflow: clicking %s moves no node on the screen (moved: %s)" % (role, moved))
    H["set_range"](driver, "scrub", 20)
    H["set_range"](driver, "scrub", 40)
    again = places()
    check(all(abs(a[1] - b[1]) <= 0.5 and abs(a[2] - b[2]) <= 0.5 for a, b in zip(again, before)) and not scrolled(),
          "overflow: on another frame and back, every node is where it was")


def svg_size(style):
    """The width and height of the wireframe SVG among a node's background images (its last data: SVG)."""
    found = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", style or "")
    if not found:
        return None
    svg = base64.b64decode(found[-1]).decode()
    m = re.search(r'<svg[^>]* width="([0-9.]+)" height="([0-9.]+)"', svg)
    return (float(m.group(1)), float(m.group(2))) if m else None


def content(driver, work):
    """FloatingPanel's sheet at its full detent, taller than on the first frame: the CSS export's page shows the
    wireframe as the SVG frame does (pixels compared inside the sheet), and the studio page draws the wireframe made
    for the sheet's size there, not the first frame's stretched."""
    check = H["check"]
    frames = H["json_frames"](H["panekit"]("render", "Examples/sheet-floatingpanel.json", "--format", "json"))
    k = next(i for i, f in enumerate(frames) if f["detent"] == "full" and f["state"] == "open")
    sheet = sheet_of(frames[k])
    check(sheet["frame"][3] > sheet_of(frames[0])["frame"][3] + 50, "content: the sheet at full is taller than on frame 0")
    # The studio page (the static export of the same page): the sheet's wireframe is made for its size at full.
    page = os.path.join(work, "sheet.html")
    H["panekit"]("render", "Examples/sheet-floatingpanel.json", "--format", "html", "--out", page)
    driver.get("file://%s#frame=%d" % (page, k))
    style = driver.find_element(By.CSS_SELECTOR, "#stage [data-role='sheet']").get_attribute("style")
    size = svg_size(style)
    w, h = sheet["frame"][2], sheet["frame"][3]
    check(size is not None and abs(size[0] - w) <= 0.02 * w and abs(size[1] - h) <= 0.02 * h,
          "content: the page draws the sheet's wireframe made for %gx%g (got %s)" % (w, h, size))
    # The CSS export, paused at frame k's time, against the SVG frame drawn by rsvg-convert.
    css = os.path.join(work, "sheet.css")
    H["panekit"]("render", "Examples/sheet-floatingpanel.json", "--format", "css", "--html", "--out", css)
    driver.set_window_size(700, 1000)
    driver.get("file://%s" % css.replace(".css", ".html"))
    driver.execute_script("for (const a of document.getAnimations()) { a.pause(); a.currentTime = arguments[0]; }",
                          frames[k]["time"] * 1000)
    style = driver.execute_script("return getComputedStyle(document.querySelector('.panekit-sheet')).backgroundImage")
    check(svg_size(style) is not None and abs(svg_size(style)[1] - h) <= 0.02 * h,
          "content: the CSS shows the sheet's wireframe made for its height at full (got %s)" % (svg_size(style),))
    shot = driver.find_element(By.CSS_SELECTOR, ".panekit-stage").screenshot_as_png
    svg = os.path.join(work, "frame.svg")
    H["panekit"]("render", "Examples/sheet-floatingpanel.json", "--format", "svg", "--frames", "%d..%d" % (k, k), "--out", svg)
    png = os.path.join(work, "frame.png")
    subprocess.run(["rsvg-convert", svg, "-o", png], check=True)
    with open(png, "rb") as f:
        reference = png_rgb(f.read())
    shown = png_rgb(shot)
    check(shown[0] >= 375 and shown[1] >= 812, "content: the CSS page's stage is drawn at 1:1 (%dx%d)" % shown[:2])
    # Inside the sheet, away from its edges, grabber and border: the wireframe's rows and checkboxes.
    top = int(sheet["frame"][1] + sheet["transform"][13]) + 60
    off = sum(1 for y in range(top, 800, 2) for x in range(16, 360, 2)
              if max(abs(a - b) for a, b in zip(shown[2][y][x], reference[2][y][x])) > 48)
    total = len(range(top, 800, 2)) * len(range(16, 360, 2))
    check(off <= 0.03 * total, "content: the CSS sheet at full matches the SVG frame's wireframe (%d of %d pixels apart)" % (off, total))
    driver.set_window_size(1280, 900)


def install(namespace):
    """Adds the sections to browser_test.py's table, with its helpers."""
    H.update(namespace)
    return {"chain": chain, "overflow": overflow, "content": content}
