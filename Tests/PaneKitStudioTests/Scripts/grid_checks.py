"""A grid scenario's contact sheet on the studio page (a section of browser_test.py): each cell's nodes sit in a box
that clips them to the cell, so no page of a carousel shows in a gap or in another cell. `install(namespace)` adds it
to browser_test.py's table, with its helpers."""
import os

from selenium.webdriver.common.by import By

H = {}  # browser_test.py's helpers (check, fail, panekit, json_frames, compare_frame, rect, SHOTS, …)


def grid(driver, work):
    """Examples/pager-contact-sheet.json as a static page at a frame where pages reach past their cells: the page
    draws the frame's nodes as before, each cell's nodes in a box at the cell's rectangle with overflow: clip, and no
    point of the gaps between the cells hits a node."""
    check, fail, rect = H["check"], H["fail"], H["rect"]
    path = "Examples/pager-contact-sheet.json"
    frames = H["json_frames"](H["panekit"]("render", path, "--format", "json"))
    page = os.path.join(work, "contact-sheet.html")
    H["panekit"]("render", path, "--format", "html", "--out", page)
    frame = frames[0]
    cells = frame.get("cells") or []
    check(len(cells) == 17, "grid: the frame names its 17 cells")
    driver.get("file://%s#frame=0" % page)
    H["compare_frame"](driver, frame, "grid #frame=0")
    for cell in cells:
        found = driver.find_elements(By.CSS_SELECTOR, ".cell-clip[data-cell='%s']" % cell["label"])
        check(len(found) == 1, "grid: one box for %s" % cell["label"])
        box = found[0]
        shown = driver.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.overflow, s.left, s.top, s.width, s.height];", box)
        expected = ["clip"] + ["%gpx" % v for v in cell["rect"]]
        check(shown == expected, "grid: %s's box is %s, expected %s" % (cell["label"], shown, expected))
        outside = driver.execute_script(
            "return [...document.querySelectorAll('[data-role^=\"cell.' + arguments[0] + '/\"]')]"
            ".filter(e => e.parentNode !== arguments[1]).map(e => e.dataset.role)", cell["label"], box)
        check(outside == [], "grid: every node of %s is in its box (not: %s)" % (cell["label"], outside))
    # The gaps: every 16 points, 4 points clear of the cells and the captions above them.
    stage = driver.find_element(By.ID, "stage")
    r = rect(driver, stage)
    size = driver.execute_script("return [parseFloat(arguments[0].style.width), parseFloat(arguments[0].style.height)]", stage)
    scale = r[2] / size[0]
    blocks = [(c["rect"][0], c["rect"][1] - 24, c["rect"][0] + c["rect"][2], c["rect"][1] + c["rect"][3]) for c in cells]
    points = [(x, y) for x in range(2, int(size[0]), 16) for y in range(2, int(size[1]), 16)
              if all(x < a - 4 or x > c + 4 or y < b - 4 or y > d + 4 for a, b, c, d in blocks)]
    hits = driver.execute_script(
        "const [left, top, k, points] = arguments; return points.map(([x, y]) => {"
        " const e = document.elementFromPoint(left + x * k, top + y * k); const n = e && e.closest('[data-role]');"
        " return n ? n.dataset.role : null; }).filter(Boolean);", r[0], r[1], scale, points)
    check(len(points) > 1000 and hits == [],
          "grid: none of %d points in the gaps hits a node (hit: %s)" % (len(points), sorted(set(hits))[:5]))
    driver.save_screenshot(os.path.join(H["SHOTS"], "static-contact-sheet.png"))


def install(namespace):
    """Adds the section to browser_test.py's table, with its helpers."""
    H.update(namespace)
    return {"grid": grid}
