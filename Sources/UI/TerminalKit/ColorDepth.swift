/// How many colors the terminal can show; decides how theme colors are mapped down. Pure: the
/// terminal's answer comes from NcursesTerminal, the mapping is decided and tested here.
public enum ColorDepth: Equatable, Sendable, CaseIterable {
    case none, ansi8, ansi16, palette256
    /// 24-bit color: `#rrggbb` is sent as it is (a terminal with a direct-color terminfo).
    case direct

    /// Direct color needs a terminfo that says so (COLORS = 2^24); `COLORTERM=truecolor` alone
    /// cannot be honoured through curses, which numbers colors by its terminfo.
    public init(colors: Int, hasColors: Bool, noColor: Bool) {
        if noColor || !hasColors || colors < 8 {
            self = .none
        } else if colors >= 1 << 24 {
            self = .direct
        } else if colors >= 256 {
            self = .palette256
        } else if colors >= 16 {
            self = .ansi16
        } else {
            self = .ansi8
        }
    }
}

/// Maps theme colors to curses color numbers for a depth (-1 = the terminal's default).
public struct ColorMapper: Sendable {
    public let depth: ColorDepth

    public init(depth: ColorDepth) { self.depth = depth }

    public func number(_ color: Color) -> Int32 {
        switch (color, depth) {
        case (_, .none), (.default, _): return -1
        case (.ansi(let n), .ansi8): return Int32(n % 8)
        case (.ansi(let n), .ansi16): return Int32(n % 16)
        case (.ansi(let n), .palette256): return Int32(n)
        case (.ansi(let n), .direct): return Self.direct(Self.rgb(ofIndex: n % 16))
        case (.indexed(let n), .palette256): return Int32(n)
        case (.indexed(let n), .direct): return Self.direct(Self.rgb(ofIndex: n))
        case (.indexed(let n), .ansi16): return Int32(n < 16 ? n : Self.nearestANSI(Self.rgb(ofIndex: n)))
        case (.indexed(let n), .ansi8): return Int32((n < 16 ? n : Self.nearestANSI(Self.rgb(ofIndex: n))) % 8)
        case (.rgb(let r, let g, let b), .direct): return Self.direct((r, g, b))
        case (.rgb(let r, let g, let b), .palette256): return Int32(Self.nearest256(r, g, b))
        case (.rgb(let r, let g, let b), .ansi16): return Int32(Self.nearestANSI((r, g, b)))
        case (.rgb(let r, let g, let b), .ansi8): return Int32(Self.nearestANSI((r, g, b)) % 8)
        }
    }

    /// The ANSI numbers of black, white and their bright forms: a terminal's background is one of
    /// them (or close), so on 8 or 16 colors no text may be drawn in them on the default background.
    public static let greys: Set<Int32> = [0, 7, 8, 15]

    static func direct(_ c: (UInt8, UInt8, UInt8)) -> Int32 { Int32(c.0) << 16 | Int32(c.1) << 8 | Int32(c.2) }

    static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return dr * dr * 2 + dg * dg * 4 + db * db * 3
    }

    /// The ANSI color a theme color becomes on 8 or 16 colors. By hue, not by distance: pastel
    /// colors (#a6e3a1) are nearest to white by distance and would lose their meaning (good,
    /// warn, bad), so a color with any chroma keeps its hue; greys go to the nearest grey.
    static func nearestANSI(_ c: (UInt8, UInt8, UInt8)) -> UInt8 {
        let r = Int(c.0), g = Int(c.1), b = Int(c.2)
        let high = max(r, g, b), low = min(r, g, b), chroma = high - low
        let lightness = (high + low) / 2
        guard chroma >= 48 else {
            switch lightness {
            case ..<64: return 0
            case ..<160: return 8
            case ..<224: return 7
            default: return 15
            }
        }
        var hue: Double
        if high == r {
            hue = Double(g - b) / Double(chroma)
        } else if high == g {
            hue = 2 + Double(b - r) / Double(chroma)
        } else {
            hue = 4 + Double(r - g) / Double(chroma)
        }
        hue = (hue * 60).truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        // red 0°, yellow 60°, green 120°, cyan 180°, blue 240°, magenta 300° → ANSI 1, 3, 2, 6, 4, 5.
        let ansiByHue: [UInt8] = [1, 3, 2, 6, 4, 5]
        let base = ansiByHue[Int((hue + 30) / 60) % 6]
        return lightness > 140 ? base + 8 : base
    }

    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    static func rgb(ofIndex n: UInt8) -> (UInt8, UInt8, UInt8) {
        if n < 16 { return ansiRGB[Int(n)] }
        if n >= 232 { let v = UInt8(8 + 10 * (Int(n) - 232)); return (v, v, v) }
        let i = Int(n) - 16
        return (cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
    }

    /// Nearest entry of the xterm 6×6×6 cube or grey ramp.
    static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ v: UInt8) -> Int {
            var best = 0
            for (i, l) in cubeLevels.enumerated() where abs(Int(l) - Int(v)) < abs(Int(cubeLevels[best]) - Int(v)) { best = i }
            return best
        }
        let cube = UInt8(16 + 36 * level(r) + 6 * level(g) + level(b))
        let avg = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = UInt8(232 + min(23, max(0, (avg - 8 + 5) / 10)))
        let c = (r, g, b)
        return distance(rgb(ofIndex: cube), c) <= distance(rgb(ofIndex: greyIndex), c) ? cube : greyIndex
    }
}

extension Theme {
    /// The theme as it can be shown at `depth`. Without color: `colorless`. On 8 or 16 colors the
    /// terminal's background is unknown (black, white, or near them), so a role whose color maps
    /// to black, white or grey on the default background takes the default foreground instead;
    /// the roles that step back (muted, border) are dimmed rather than drawn in grey. A color that
    /// maps to its own background takes the default foreground. 256 colors and direct color keep
    /// the theme as it is.
    public func adapted(to depth: ColorDepth) -> Theme {
        switch depth {
        case .none: return colorless
        case .palette256, .direct: return self
        case .ansi8, .ansi16: break
        }
        let mapper = ColorMapper(depth: depth)
        var out: [Role: Style] = [:]
        for role in Role.allCases {
            var s = style(role)
            let fg = mapper.number(s.foreground), bg = mapper.number(s.background)
            if bg == -1 && ColorMapper.greys.contains(fg) {
                s.foreground = .default
                if role == .muted || role == .border { s.dim = true }
            } else if bg != -1 && fg == bg {
                s.foreground = .default
            }
            out[role] = s
        }
        return Theme(name: name, styles: out)
    }
}
