# Drives `panekit play PLUGIN --watch` in a pseudo-terminal: a plugin file replaced by a FIFO must not be read
# (reading it would wait for a writer for ever) and the status line must say "not reloaded: FILE is not a regular
# file" while the last good version plays; a good save then reloads it.
# usage: play_watch_fifo.py PANEKIT FOLDER   (FOLDER holds Plugins/wobble.lua); exits non-zero with the reason.
import os, re, sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pty_player import Player

player = Player(sys.argv[1], sys.argv[2], ["Plugins/wobble.lua", "--watch", "--loop", "--color", "never", "--grid", "60x10"],
                rows=12, columns=250, seconds=90)
player.wait_for_status(lambda s: "frame" in s, "the first frame")
os.remove(player.plugin)
os.mkfifo(player.plugin)
s = player.wait_for_status(lambda s: "not reloaded: Plugins/wobble.lua is not a regular file" in s, "the FIFO refusal")
print("fifo:", s)
# The player goes on drawing (it is not waiting on the FIFO): the frame number moves.
first = re.match(r"frame (\d+)", player.status())
player.pump(1)
then = re.match(r"frame (\d+)", player.status())
if not first or not then or first.group(1) == then.group(1):
    player.fail("the player stopped drawing: %r" % player.status())
os.remove(player.plugin)
player.save(player.good.replace("0.5 * a", "0.4 * a"))
s = player.wait_for_status(lambda s: "reloaded Plugins/wobble.lua" in s and "not reloaded" not in s, "the good reload")
print("fixed:", s)
player.stop()
