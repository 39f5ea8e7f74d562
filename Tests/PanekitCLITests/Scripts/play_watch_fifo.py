# Drives `panekit play PLUGIN --watch` in a pseudo-terminal: a plugin file replaced by a FIFO must not be read
# (reading it would wait for a writer for ever) and the status line must say "not reloaded: FILE is not a regular
# file" while the last good version plays; a good save then reloads it.
# usage: play_watch_fifo.py PANEKIT FOLDER   (FOLDER holds Plugins/wobble.lua); exits non-zero with the reason.
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
wait_for(lambda s: "frame" in s, "the first frame")
os.remove(plugin)
os.mkfifo(plugin)
s = wait_for(lambda s: "not reloaded: Plugins/wobble.lua is not a regular file" in s, "the FIFO refusal")
print("fifo:", s)
# The player goes on drawing (it is not waiting on the FIFO): the frame number moves.
first = re.match(r"frame (\d+)", status())
pump(1)
then = re.match(r"frame (\d+)", status())
if not first or not then or first.group(1) == then.group(1):
    sys.exit("the player stopped drawing: %r" % status())
os.remove(plugin)
with open(plugin + ".tmp", "w") as f:
    f.write(good.replace("0.5 * a", "0.4 * a"))
os.rename(plugin + ".tmp", plugin)
s = wait_for(lambda s: "reloaded Plugins/wobble.lua" in s and "not reloaded" not in s, "the good reload")
print("fixed:", s)
os.write(fd, b"\x03")
pump(1)
_, code = os.waitpid(pid, 0)
print("exit", code)
