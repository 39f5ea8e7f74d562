# The pseudo-terminal side of the `play --watch` tests: runs `panekit play …` in a terminal of a given size, keeps
# what it draws, saves a plugin as an editor does (a new file renamed over the old), and ends it with Ctrl-C.
import os, pty, re, select, signal, struct, sys, time, fcntl, termios


class Player:
    def __init__(self, binary, folder, arguments, rows, columns, seconds):
        signal.alarm(seconds)  # a hang fails the test instead of blocking it
        self.plugin = os.path.join(folder, "Plugins", "wobble.lua")
        self.good = open(self.plugin).read()
        self.out = bytearray()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(folder)
            os.execv(binary, [binary, "play"] + arguments)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def pump(self, seconds):
        """Reads what the player draws for `seconds`."""
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    self.out.extend(os.read(self.fd, 65536))
                except OSError:
                    return

    def status(self):
        """The status line of the last complete frame: the line that starts with "frame "."""
        frames = self.out.decode("utf-8", "replace").split("\x1b[?2026h")
        last = frames[-2] if len(frames) > 2 else frames[-1]
        lines = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "\n", last).split("\n")
        lines = [l for l in lines if l.startswith("frame ")]
        return lines[-1] if lines else ""

    def frames(self):
        """The complete frames drawn so far, each as its lines without escape codes."""
        parts = self.out.decode("utf-8", "replace").split("\x1b[?2026h")[1:]
        done = [p for p in parts if "\x1b[?2026l" in p]
        return [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", p.split("\x1b[?2026l")[0]).split("\r\n") for p in done]

    def wait_for_status(self, predicate, what, seconds=20):
        """The status line once `predicate` holds for it; ends the test when it does not within `seconds`."""
        end = time.time() + seconds
        while time.time() < end:
            self.pump(0.2)
            if predicate(self.status()):
                return self.status()
        self.fail("timed out waiting for %s; last status line: %r" % (what, self.status()))

    def save(self, text):
        with open(self.plugin + ".tmp", "w") as f:
            f.write(text)
        os.rename(self.plugin + ".tmp", self.plugin)

    def fail(self, reason):
        os.kill(self.pid, signal.SIGKILL)
        sys.exit(reason)

    def stop(self):
        """Ctrl-C, then the player's exit status."""
        os.write(self.fd, b"\x03")
        self.pump(1)
        _, code = os.waitpid(self.pid, 0)
        print("exit", code)
