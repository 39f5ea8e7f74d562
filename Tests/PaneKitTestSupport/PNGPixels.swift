// PNG pixels for tests that look at a picture (an rsvg or Chromium rendering): a few lines of Python decode the
// file (zlib and the PNG filters, no imaging package), and Swift reads the result.

/// Decodes a PNG's RGB pixels with Python's standard library.
public enum PNGPixels {
    /// A Python script: `python3 -c script FILE.png` prints `WIDTH HEIGHT HEX`, the RGB bytes row by row.
    public static let script = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        pos, idat, w, h, ct = 8, b'', 0, 0, 0
        while pos < len(data):
            n, t = struct.unpack('>I4s', data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
            if t == b'IHDR': w, h, depth, ct = struct.unpack('>IIBB', body[:10])
            if t == b'IDAT': idat += body
        bpp = 4 if ct == 6 else 3
        raw = zlib.decompress(idat); stride = w * bpp; prev = bytearray(stride); out = bytearray()
        for y in range(h):
            f = raw[y * (stride + 1)]; line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
                if f == 1: line[i] = (line[i] + a) & 255
                elif f == 2: line[i] = (line[i] + b) & 255
                elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            for x in range(w): out += line[x * bpp:x * bpp + 3]
            prev = line
        sys.stdout.write('%d %d ' % (w, h) + out.hex())
        """

    /// The width, height and RGB bytes of the script's output; nil when it is not that.
    public static func parse(_ output: String) -> (width: Int, height: Int, rgb: [UInt8])? {
        let parts = output.split(separator: " ")
        guard parts.count == 3, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        let hex = Array(parts[2].utf8)
        var rgb: [UInt8] = []
        rgb.reserveCapacity(hex.count / 2)
        func nibble(_ c: UInt8) -> UInt8 { c >= 97 ? c - 87 : c - 48 }
        for i in stride(from: 0, to: hex.count - 1, by: 2) { rgb.append(nibble(hex[i]) << 4 | nibble(hex[i + 1])) }
        return (width, height, rgb)
    }
}
