# Drives `panekit play PLUGIN --watch` (no --loop) in a pseudo-terminal: the demo keeps playing after its first
# pass, the status line names the demo's part, a good save restarts it from the first frame, and a long error is
# wrapped onto more lines instead of cut at the terminal's width.
# usage: play_watch_loop.py PANEKIT FOLDER   (FOLDER holds Plugins/wobble.lua); exits non-zero with the reason.
import os, re, sys, time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pty_player import Player

COLUMNS, GRID_ROWS = 100, 8
player = Player(sys.argv[1], sys.argv[2], ["Plugins/wobble.lua", "--watch", "--color", "never", "--grid", "60x%d" % GRID_ROWS],
                rows=24, columns=COLUMNS, seconds=150)
good = player.good
def status_lines(frame):
    # The lines under the grid (GRID_ROWS lines of drawing).
    return [l.strip("\r") for l in frame[GRID_ROWS:] if l.strip("\r")]
def number(frame):
    lines = status_lines(frame)
    m = re.match(r"frame (\d+)", lines[0]) if lines else None
    return int(m.group(1)) if m else None
def wait_for(predicate, what, seconds=30):
    end = time.time() + seconds
    seen = 0
    while time.time() < end:
        player.pump(0.1)
        all_frames = player.frames()
        for frame in all_frames[seen:]:
            if predicate(frame):
                return frame
        seen = len(all_frames)
    last = player.frames()[-1] if player.frames() else []
    player.fail("timed out waiting for %s; last status: %r" % (what, status_lines(last)))

first = wait_for(lambda f: number(f) is not None, "the first frame")
print("first:", status_lines(first)[0])
# The demo's parts show on the status line, and after the bounce it starts again by itself.
wait_for(lambda f: "demo: pan" in status_lines(f)[0], "the pan")
late = wait_for(lambda f: "demo: bounce" in status_lines(f)[0], "the bounce")
print("bounce:", status_lines(late)[0])
high = number(late)
again = wait_for(lambda f: number(f) is not None and number(f) < high - 100, "the second pass")
print("second pass:", status_lines(again)[0])
# A good save restarts the demo from the top: wait for the pan of this pass, save, and the frame number drops.
at_save = number(wait_for(lambda f: "demo: pan" in status_lines(f)[0], "the pan again"))
player.save(good.replace("0.5 * a", "0.4 * a"))
restarted = wait_for(lambda f: "reloaded Plugins/wobble.lua" in status_lines(f)[0], "the good reload")
print("reloaded:", status_lines(restarted)[0])
if number(restarted) >= at_save:
    player.fail("the reload did not restart the demo: frame %d at the save, %d after" % (at_save, number(restarted)))
# A long error wraps: its end is on the screen, on a second or third status line.
tail = "and this is where the message ends"
message = "a long message " + "that goes on " * 12 + tail
player.save(good.replace("style = function(ctx)", "style = function(ctx) error(%r)" % message))
wrapped = wait_for(lambda f: "wobble.lua:" in "".join(status_lines(f)), "the long error")
lines = status_lines(wrapped)
print("wrapped:", lines)
if len(lines) < 2 or len(lines) > 3:
    player.fail("expected the error on two or three status lines, got %r" % lines)
if any(len(l) > COLUMNS - 1 for l in lines):
    player.fail("a status line is wider than the terminal: %r" % lines)
if tail not in " ".join(lines):
    player.fail("the end of the message is not on the screen: %r" % lines)
player.stop()
