// Terminal colour: the colour modes, cell colours, and the SGR escapes that select them.

import PaneKit

/// How a terminal renderer writes colour.
public enum TerminalColor: String, Sendable, CaseIterable {
    /// Characters only, no escape codes.
    case none
    /// The xterm 256-colour palette (`ESC[38;5;Nm`).
    case ansi256
    /// 24-bit colour (`ESC[38;2;R;G;Bm`), for terminals that set `COLORTERM=truecolor`.
    case truecolor
}

/// An opaque cell colour, 0…1 per channel, blended in linear steps (alpha compositing of sRGB values, as UIKit).
public struct CellColor: Sendable, Equatable {
    /// The channels, 0…1 each.
    public var red: Float, green: Float, blue: Float

    /// A cell colour from channels 0…1.
    public init(red: Float, green: Float, blue: Float) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The opaque cell colour of `color`, its alpha dropped.
    public init(_ color: Color) {
        self.init(red: Float(color.red), green: Float(color.green), blue: Float(color.blue))
    }

    /// `other` painted over this colour with opacity `alpha`.
    /// - Complexity: no allocation.
    public func blended(with other: CellColor, alpha: Float) -> CellColor {
        CellColor(
            red: red + (other.red - red) * alpha, green: green + (other.green - green) * alpha,
            blue: blue + (other.blue - blue) * alpha)
    }

    /// The 8-bit channels.
    var bytes: (UInt8, UInt8, UInt8) {
        func byte(_ c: Float) -> UInt8 { c.isNaN ? 0 : UInt8((min(max(c, 0), 1) * 255).rounded()) }
        return (byte(red), byte(green), byte(blue))
    }

    /// The nearest colour of xterm's palette: the 6×6×6 cube (16…231) or the grey ramp (232…255).
    var ansi256: Int {
        let (r, g, b) = bytes
        func level(_ c: UInt8) -> Int { c < 48 ? 0 : c < 115 ? 1 : (Int(c) - 35) / 40 }
        func value(_ l: Int) -> Int { l == 0 ? 0 : 55 + 40 * l }
        let lr = level(r), lg = level(g), lb = level(b)
        let cube = 16 + 36 * lr + 6 * lg + lb
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        func distance(_ cr: Int, _ cg: Int, _ cb: Int) -> Int {
            (cr - Int(r)) * (cr - Int(r)) + (cg - Int(g)) * (cg - Int(g)) + (cb - Int(b)) * (cb - Int(b))
        }
        return distance(grey, grey, grey) < distance(value(lr), value(lg), value(lb)) ? 232 + greyIndex : cube
    }

    /// Appends the SGR escape that selects this colour as foreground or background.
    /// - Complexity: no allocation beyond the buffer's growth.
    func appendEscape(background: Bool, mode: TerminalColor, to out: inout TextBuffer) {
        switch mode {
        case .none: return
        case .ansi256:
            out.append(background ? "\u{1b}[48;5;" : "\u{1b}[38;5;")
            out.append(int: ansi256)
        case .truecolor:
            let (r, g, b) = bytes
            out.append(background ? "\u{1b}[48;2;" : "\u{1b}[38;2;")
            out.append(int: Int(r))
            out.append(byte: UInt8(ascii: ";"))
            out.append(int: Int(g))
            out.append(byte: UInt8(ascii: ";"))
            out.append(int: Int(b))
        }
        out.append(byte: UInt8(ascii: "m"))
    }
}
