# Drives `panekit play PLUGIN --watch` in a pseudo-terminal: a rejected save must show FILE:LINE: message on the
# status line and keep it there, a syntax error likewise, and a good save must clear it and name the file.
# usage: play_watch_status.py PANEKIT FOLDER   (FOLDER holds Plugins/wobble.lua); exits non-zero with the reason.
import os, pty, re, select, signal, struct, sys, time, fcntl, termios
binary, folder = sys.argv[1], sys.argv[2]
signal.alarm(90)  # a hang fails the test instead of blocking it
plugin = os.path.join(folder, "Plugins", "wobble.lua")
good = open(plugin).read()
pid, fd = pty.fork()
if pid == 0:
    os.chdir(folder)
    os.execv(binary, [binary, "play", "Plugins/wobble.lua", "--watch", "--loop", "--color", "never", "--grid", "60x10"])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 12, 250, 0, 0))
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
def status():
    # The status line of the last complete frame: the text after the last grid line before the last clear.
    text = out.decode("utf-8", "replace")
    frames = text.split("\x1b[?2026h")
    last = frames[-2] if len(frames) > 2 else frames[-1]
    lines = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "\n", last).split("\n")
    lines = [l for l in lines if l.startswith("frame ")]
    return lines[-1] if lines else ""
def wait_for(predicate, what, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        pump(0.2)
        if predicate(status()):
            return status()
    os.kill(pid, signal.SIGKILL)
    sys.exit("timed out waiting for %s; last status line: %r" % (what, status()))
def save(text):
    with open(plugin + ".tmp", "w") as f:
        f.write(text)
    os.rename(plugin + ".tmp", plugin)
wait_for(lambda s: "frame" in s, "the first frame")
# A typo in a key: the quick check rejects it.
save(good.replace("alpha = ctx.params.fade", "alpah = ctx.params.fade"))
s = wait_for(lambda s: re.search(r"Plugins/wobble\.lua:\d+: drawer\.alpah", s), "the rejected key")
print("rejected:", s)
pump(1.5)
if "drawer.alpah" not in status():
    sys.exit("the message went away before a good save: %r" % status())
# A syntax error replaces it.
save(good.replace("style = function(ctx)", "style = function(ctx"))
s = wait_for(lambda s: re.search(r"Plugins/wobble\.lua:\d+: .*expected", s), "the syntax error")
print("syntax:", s)
# The fix clears it and names the file.
save(good.replace("0.5 * a", "0.4 * a"))
s = wait_for(lambda s: "reloaded Plugins/wobble.lua" in s and "wobble.lua:" not in s, "the good reload")
print("fixed:", s)
os.write(fd, b"\x03")
pump(1)
_, code = os.waitpid(pid, 0)
print("exit", code)
