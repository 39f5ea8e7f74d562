"""Opens a PaneKit CSS page in headless Chromium (Selenium) and checks every node against the frames.

usage: css_quads.py PAGE.html EXPECTED.json time|open
       css_quads.py PAGE.html - drag
EXPECTED is a list of {"time": seconds, "nodes": [...]} (time: each animation paused at that time through the
Web Animations API) or {"open": fraction, "nodes": [...]} (open: --panekit-open set on .panekit-stage), the nodes
as panekit writes them. For every entry and node: the quad computed from Chromium's computed style (left, top,
transform-origin, transform, projected) within 0.5 px of the node's corners; visibility and opacity as the node
says (hidden: visibility hidden and opacity 0). A role missing from an entry must be hidden. Prints
"checked N poses" and exits 0, or prints each mismatch and exits 1. With drag, drags the mouse 150 px to the right
across the stage of a fraction-keyed demo page and prints "open F", the --panekit-open it set.
"""

import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.common.action_chains import ActionChains

READ = """
const [mode, value] = arguments;
const stage = document.querySelector('.panekit-stage');
const nodes = Array.from(document.querySelectorAll('.panekit-node'));
if (mode === 'open') {
  stage.style.setProperty('--panekit-open', String(value));
} else {
  for (const el of nodes) for (const a of el.getAnimations()) { a.pause(); a.currentTime = value * 1000; }
}
const out = {};
for (const el of nodes) {
  const s = getComputedStyle(el);
  const role = el.getAttribute('title');
  out[role] = {left: parseFloat(s.left), top: parseFloat(s.top), width: parseFloat(s.width),
    height: parseFloat(s.height), origin: s.transformOrigin.split(' ').map(parseFloat), transform: s.transform,
    opacity: parseFloat(s.opacity), visibility: s.visibility};
}
return out;
"""


def matrix(text):
    """A computed transform as the 16 numbers in CSS's column-major order (Core Animation's row-major m11…m44)."""
    if text == "none":
        return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    numbers = [float(x) for x in text[text.index("(") + 1:-1].split(",")]
    if text.startswith("matrix3d"):
        return numbers
    a, b, c, d, e, f = numbers
    return [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1]


def quad(style):
    m = matrix(style["transform"])
    ox, oy = style["origin"][0], style["origin"][1]
    corners = []
    for u, v in ((0, 0), (style["width"], 0), (style["width"], style["height"]), (0, style["height"])):
        x, y = u - ox, v - oy
        px = x * m[0] + y * m[4] + m[12]
        py = x * m[1] + y * m[5] + m[13]
        w = x * m[3] + y * m[7] + m[15]
        corners.append((style["left"] + ox + px / w, style["top"] + oy + py / w))
    return corners


def main():
    page, expected_file, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    expected = [] if mode == "drag" else json.load(open(expected_file, encoding="utf-8"))
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=800,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    problems, checked = [], 0
    try:
        driver.get("file://" + page)
        if mode == "drag":
            stage = driver.find_element("id", "stage")
            ActionChains(driver).move_to_element_with_offset(stage, -100, 0).click_and_hold().move_by_offset(75, 0) \
                .move_by_offset(75, 0).release().perform()
            print("open", driver.execute_script(
                "return getComputedStyle(document.getElementById('stage')).getPropertyValue('--panekit-open')").strip())
            return
        for entry in expected:
            key = entry[mode]
            seen = driver.execute_script(READ, mode, key)
            present = {node["role"]: node for node in entry["nodes"]}
            for role, style in seen.items():
                node = present.get(role)
                hidden = node is None or node["hidden"]
                where = f"{mode} {key} {role}"
                if hidden:
                    if style["visibility"] != "hidden" or style["opacity"] != 0:
                        problems.append(f"{where}: hidden, but visibility {style['visibility']} opacity {style['opacity']}")
                    continue
                if style["visibility"] != "visible" or abs(style["opacity"] - min(node["alpha"], 1)) > 1e-3:
                    problems.append(f"{where}: visibility {style['visibility']} opacity {style['opacity']}, frame alpha {node['alpha']}")
                for (x, y), (ex, ey) in zip(quad(style), node["corners"]):
                    if abs(x - ex) > 0.5 or abs(y - ey) > 0.5:
                        problems.append(f"{where}: corner ({x:.3f}, {y:.3f}), frame ({ex}, {ey})")
                        break
                checked += 1
    finally:
        driver.quit()
    for problem in problems[:40]:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"checked {checked} poses")


if __name__ == "__main__":
    main()
