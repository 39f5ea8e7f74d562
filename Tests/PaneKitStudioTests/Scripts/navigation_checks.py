"""The navigation stack's back gesture dragged with the mouse in the live studio (a section of browser_test.py):
`install(namespace)` adds it to browser_test.py's table, with its helpers."""
import json
import os

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

import designer_checks

H = {}  # browser_test.py's helpers (check, wait, rect, compare_frame, SHOTS, …)

# Flutter's CupertinoPageRoute, two screens at rest: the back gesture starts in its 20-pt edge strip.
SCENARIO = {"name": "navigation: a back swipe dragged in the studio", "size": [390, 844], "fps": 30,
            "container": {"type": "navigation", "behavior": "cupertino", "screens": ["inbox", "thread"]},
            "timeline": [], "duration": 0.5}


def navigation(driver, work):
    """A newcomer drags the top screen back from the left edge with the mouse: the studio records a pan, the page
    follows the finger while it moves, and after the release the stack pops and the stage rests where the engine
    puts the same pan (the screen below alone, in place)."""
    check, wait, rect = H["check"], H["wait"], H["rect"]
    path = os.path.join(work, "navigation-drag.json")
    with open(path, "w") as f:
        json.dump(SCENARIO, f)
    process, url = designer_checks.studio([path])
    try:
        driver.get(url + "#frame=0")
        stage = driver.find_element(By.ID, "stage")
        wait(lambda: stage.get_attribute("data-state") == "open", 5, "the stack at rest on frame 0")
        driver.find_element(By.ID, "loop").click()  # no loop: the stage rests at the run's end
        driver.find_element(By.ID, "interact").click()
        r = rect(driver, stage)
        scale = r[2] / 390
        # From 8 pt inside the leading edge (the strip is 20 pt), 24 steps of 12 pt to the right.
        actions = ActionChains(driver, duration=20)
        actions.move_to_element_with_offset(stage, int(8 * scale - r[2] / 2), 0).click_and_hold()
        for _ in range(24):
            actions.move_by_offset(int(12 * scale), 0)
        actions.release().perform()
        recorded = json.loads(wait(lambda: driver.find_element(By.ID, "recorded").get_attribute("value"), 5, "the recorded drag"))
        check([a["action"] for a in recorded] == ["pan"], "navigation: the drag is recorded as a pan: %s" % recorded)
        frames = designer_checks.engine(work, designer_checks.composite(SCENARIO, recorded), "navigation-engine")
        moved = [f for f in frames if f["state"] == "dragging"]
        check(moved and any(n["role"] == "screen.thread" and n["transform"][12] > 100 for n in moved[-1]["nodes"]),
              "navigation: the engine's page follows the dragged finger")
        check(frames[-1]["stack"] == ["inbox"], "navigation: the drag pops the stack (%s)" % frames[-1]["stack"])
        last = lambda: int(driver.find_element(By.ID, "scrub").get_attribute("max"))
        wait(lambda: int(stage.get_attribute("data-frame")) == last() and stage.get_attribute("data-state") == "open", 10,
             "the pop after the release to play to its end")
        H["compare_frame"](driver, frames[-1], "navigation: at rest after the back drag")
        driver.save_screenshot(os.path.join(H["SHOTS"], "navigation-back-drag.png"))
    finally:
        process.terminate()
        process.wait(timeout=10)


def install(namespace):
    """Adds the section to browser_test.py's table, with its helpers."""
    H.update(namespace)
    return {"navigation": navigation}
