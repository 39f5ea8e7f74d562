"""Draws frames of a Lottie file in two real players, rlottie and ThorVG, and compares each with the SVG frame
PaneKit wrote for it, rasterised by rsvg-convert (labels and blurred shadows taken out: Lottie carries neither).

usage: lottie_players.py LOTTIE FRAME=SVG... [--background RRGGBB] [--save DIR]
(--save writes each comparison as a PNG, the SVG frame on the left, the player's on the right.)
Prints one JSON line per player and frame: {"player", "frame", "off"}, off being the fraction of pixels where
some channel differs by more than 32/255. Exits 1 when a player cannot load or draw the file.
"""

import json
import re
import subprocess
import sys

import numpy as np
import rlottie_python
import thorvg_python as tvg


def rasterise_svg(path, width, height):
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"<text[^>]*>.*?</text>\n?", "", text)
    text = re.sub(r"<(?:polygon|path)[^>]*filter=\"url\(#[^\"]*\)\"[^>]*/>\n?", "", text)
    png = subprocess.run(["rsvg-convert", "-f", "png"], input=text.encode(), capture_output=True, check=True).stdout
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", "-", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        input=png, capture_output=True, check=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(height, width, 3).astype(np.int32)


def over(premultiplied_rgba, background):
    """A premultiplied RGBA image over an opaque background colour."""
    rgb = premultiplied_rgba[:, :, :3].astype(np.float64)
    alpha = premultiplied_rgba[:, :, 3:4].astype(np.float64) / 255
    return np.rint(rgb + background * (1 - alpha)).astype(np.int32)


def rlottie_frames(path, frames, width, height):
    animation = rlottie_python.LottieAnimation.from_file(path)
    for frame in frames:
        data = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
        bgra = np.frombuffer(data, dtype=np.uint8).reshape(height, width, 4)
        yield frame, bgra[:, :, [2, 1, 0, 3]]


def thorvg_frames(path, frames, width, height):
    engine = tvg.Engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    if picture.load(path) != tvg.Result.SUCCESS:
        raise RuntimeError("ThorVG cannot load " + path)
    picture.set_size(width, height)
    canvas.add(picture)
    for frame in frames:
        animation.set_frame(frame)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        rgba = np.frombuffer(bytes(canvas.buffer_arr), dtype=np.uint8).reshape(height, width, 4)
        yield frame, rgba


def main():
    args = sys.argv[1:]
    background = np.array([0x20, 0x24, 0x2A], dtype=np.float64)
    if "--background" in args:
        i = args.index("--background")
        background = np.array([int(args[i + 1][k:k + 2], 16) for k in (0, 2, 4)], dtype=np.float64)
        del args[i:i + 2]
    save = None
    if "--save" in args:
        i = args.index("--save")
        save = args[i + 1]
        del args[i:i + 2]
    lottie = args[0]
    document = json.load(open(lottie, encoding="utf-8"))
    width, height = int(document["w"]), int(document["h"])
    pairs = [(int(a.split("=", 1)[0]), a.split("=", 1)[1]) for a in args[1:]]
    frames = [f for f, _ in pairs]
    references = {f: rasterise_svg(svg, width, height) for f, svg in pairs}
    for player, draw in (("rlottie", rlottie_frames), ("thorvg", thorvg_frames)):
        for frame, image in draw(lottie, frames, width, height):
            seen = over(image, background)
            off = np.any(np.abs(seen - references[frame]) > 32, axis=2).mean()
            if save:
                both = np.concatenate([references[frame], seen], axis=1).astype(np.uint8)
                subprocess.run(
                    ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{2 * width}x{height}",
                     "-i", "-", f"{save}/{player}-{frame}.png"], input=both.tobytes(), check=True)
            print(json.dumps({"player": player, "frame": frame, "off": float(off)}), flush=True)


if __name__ == "__main__":
    main()
