import TerminalKit

/// How many colors the terminal can show; decides how theme colors are mapped down.
public enum ColorCapability: Equatable, Sendable {
    case none, ansi16, palette256

    init(colors: Int32, hasColors: Bool, noColor: Bool) {
        if noColor || !hasColors || colors < 8 { self = .none }
        else if colors >= 256 { self = .palette256 }
        else { self = .ansi16 }
    }
}

/// Maps theme colors to curses color numbers for a capability (-1 = terminal default).
struct ColorMapper {
    let capability: ColorCapability

    func cursesColor(_ color: Color) -> Int32 {
        switch (color, capability) {
        case (_, .none), (.default, _): return -1
        case (.ansi(let n), .ansi16): return Int32(n % 16)
        case (.ansi(let n), .palette256): return Int32(n)
        case (.indexed(let n), .palette256): return Int32(n)
        case (.indexed(let n), .ansi16): return Int32(n < 16 ? n : Self.nearestANSI(Self.rgb(ofIndex: n)))
        case (.rgb(let r, let g, let b), .palette256): return Int32(Self.nearest256(r, g, b))
        case (.rgb(let r, let g, let b), .ansi16): return Int32(Self.nearestANSI((r, g, b)))
        }
    }

    static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return dr * dr * 2 + dg * dg * 4 + db * db * 3
    }

    static func nearestANSI(_ c: (UInt8, UInt8, UInt8)) -> UInt8 {
        var best = 0, bestD = Int.max
        for (i, a) in ansiRGB.enumerated() {
            let d = distance(a, c)
            if d < bestD { best = i; bestD = d }
        }
        return UInt8(best)
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
