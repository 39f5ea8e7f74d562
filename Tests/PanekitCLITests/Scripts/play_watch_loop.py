# Drives `panekit play PLUGIN --watch` (no --loop) in a pseudo-terminal: the demo keeps playing after its first
# pass, the status line names the demo's part, a good save restarts it from the first frame, and a long error is
# wrapped onto more lines instead of cut at the terminal's width.
# usage: play_watch_loop.py PANEKIT FOLDER   (FOLDER holds Plugins/wobble.lua); exits non-zero with the reason.
import os, pty, re, select, signal, struct, sys, time, fcntl, termios
binary, folder = sys.argv[1], sys.argv[2]
signal.alarm(150)  # a hang fails the test instead of blocking it
plugin = os.path.join(folder, "Plugins", "wobble.lua")
good = open(plugin).read()
COLUMNS, GRID_ROWS = 100, 8
pid, fd = pty.fork()
if pid == 0:
    os.chdir(folder)
    os.execv(binary, [binary, "play", "Plugins/wobble.lua", "--watch", "--color", "never", "--grid", "60x%d" % GRID_ROWS])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, COLUMNS, 0, 0))
out = bytearray()
def pump(seconds):
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out.extend(os.read(fd, 65536))
            except OSError:
                return
def frames():
    # The complete frames drawn so far, each as its lines without escape codes.
    text = out.decode("utf-8", "replace")
    parts = text.split("\x1b[?2026h")[1:]
    done = [p for p in parts if "\x1b[?2026l" in p]
    return [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", p.split("\x1b[?2026l")[0]).split("\r\n") for p in done]
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
        pump(0.1)
        all_frames = frames()
        for frame in all_frames[seen:]:
            if predicate(frame):
                return frame
        seen = len(all_frames)
    os.kill(pid, signal.SIGKILL)
    last = frames()[-1] if frames() else []
    sys.exit("timed out waiting for %s; last status: %r" % (what, status_lines(last)))
def save(text):
    with open(plugin + ".tmp", "w") as f:
        f.write(text)
    os.rename(plugin + ".tmp", plugin)

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
save(good.replace("0.5 * a", "0.4 * a"))
restarted = wait_for(lambda f: "reloaded Plugins/wobble.lua" in status_lines(f)[0], "the good reload")
print("reloaded:", status_lines(restarted)[0])
if number(restarted) >= at_save:
    sys.exit("the reload did not restart the demo: frame %d at the save, %d after" % (at_save, number(restarted)))
# A long error wraps: its end is on the screen, on a second or third status line.
tail = "and this is where the message ends"
message = "a long message " + "that goes on " * 12 + tail
save(good.replace("style = function(ctx)", "style = function(ctx) error(%r)" % message))
wrapped = wait_for(lambda f: "wobble.lua:" in "".join(status_lines(f)), "the long error")
lines = status_lines(wrapped)
print("wrapped:", lines)
if len(lines) < 2 or len(lines) > 3:
    sys.exit("expected the error on two or three status lines, got %r" % lines)
if any(len(l) > COLUMNS - 1 for l in lines):
    sys.exit("a status line is wider than the terminal: %r" % lines)
if tail not in " ".join(lines):
    sys.exit("the end of the message is not on the screen: %r" % lines)
os.write(fd, b"\x03")
pump(1)
_, code = os.waitpid(pid, 0)
print("exit", code)
