import BodiiUI
import Testing
@testable import TerminalKit

/// Every bundled theme stays readable at every color depth (issue 10, item 1): widgets are
/// rendered with the theme as the terminal would get it, and every cell's colors inspected.
@Suite struct ColorDepthTests {
    static let themes = ThemeLoader.bundled()

    /// Each role as text, and the sample widgets, into one buffer.
    func render(_ theme: Theme) -> Buffer {
        var buffer = Buffer(width: 60, height: 40)
        let context = RenderContext(theme: theme, symbols: .unicode)
        for (i, role) in Role.allCases.enumerated() { buffer.write("\(role.rawValue) text", x: 0, y: i, style: theme.style(role)) }
        Fixtures.table().render(in: Rect(x: 20, y: 0, width: 40, height: 12), buffer: &buffer, context: context)
        Fixtures.paragraph.render(in: Rect(x: 20, y: 12, width: 40, height: 6), buffer: &buffer, context: context)
        Fixtures.block.render(in: Rect(x: 20, y: 18, width: 40, height: 5), buffer: &buffer, context: context)
        Fixtures.gauge.render(in: Rect(x: 20, y: 23, width: 40, height: 1), buffer: &buffer, context: context)
        Fixtures.sleepBars.render(in: Rect(x: 20, y: 24, width: 40, height: 10), buffer: &buffer, context: context)
        return buffer
    }

    @Test(arguments: ["default-dark", "light", "high-contrast", "mono"], ColorDepth.allCases)
    func everyCellIsReadable(_ name: String, _ depth: ColorDepth) throws {
        let theme = try #require(Self.themes[name]).adapted(to: depth)
        let mapper = ColorMapper(depth: depth)
        let buffer = render(theme)
        var problems: Set<String> = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let style = buffer[x, y].style
                let fg = mapper.number(style.foreground), bg = mapper.number(style.background)
                switch depth {
                case .none:
                    if fg != -1 || bg != -1 { problems.insert("color without color support: \(style)") }
                case .ansi8, .ansi16:
                    let limit: Int32 = depth == .ansi8 ? 8 : 16
                    if fg >= limit || bg >= limit { problems.insert("color \(fg)/\(bg) beyond \(limit): \(style)") }
                    // The terminal's own background is black, white or a grey: never draw text in them on it.
                    if bg == -1 && ColorMapper.greys.contains(fg) { problems.insert("grey \(fg) on the default background: \(style)") }
                case .palette256, .direct:
                    break
                }
                if fg != -1 && fg == bg { problems.insert("\(fg) on itself: \(style)") }
            }
        }
        #expect(problems.isEmpty, "\(name) at \(depth): \(problems.sorted())")
    }

    @Test func mutedIsTheDefaultForegroundDimmedOnEightAndSixteenColors() throws {
        for (name, theme) in Self.themes {
            for depth in [ColorDepth.ansi8, .ansi16] {
                let muted = theme.adapted(to: depth).style(.muted)
                #expect(muted.foreground == .default && muted.dim, "\(name) at \(depth): \(muted)")
            }
        }
    }

    @Test func colorsKeepTheirHueOnSixteenColors() throws {
        let dark = try #require(Self.themes["default-dark"])
        let mapper16 = ColorMapper(depth: .ansi16), mapper8 = ColorMapper(depth: .ansi8)
        // good is green, warn yellow, bad red, fat blue, action cyan: never white or grey.
        for (role, hue) in [(Role.good, Int32(2)), (.warn, 3), (.bad, 1), (.fat, 4), (.action, 6)] {
            let color = dark.adapted(to: .ansi16).style(role).foreground
            #expect(mapper16.number(color) % 8 == hue, "\(role): \(mapper16.number(color))")
            #expect(mapper8.number(dark.adapted(to: .ansi8).style(role).foreground) == hue, "\(role) on 8 colors")
        }
    }

    @Test func directColorSendsRRGGBBAsItIs() throws {
        let mapper = ColorMapper(depth: .direct)
        #expect(mapper.number(.rgb(0x89, 0xb4, 0xfa)) == 0x89b4fa)
        #expect(mapper.number(.default) == -1)
        let dark = try #require(Self.themes["default-dark"])
        #expect(dark.adapted(to: .direct) == dark)
        #expect(ColorDepth(colors: 1 << 24, hasColors: true, noColor: false) == .direct)
        #expect(ColorDepth(colors: 256, hasColors: true, noColor: false) == .palette256)
        #expect(ColorDepth(colors: 8, hasColors: true, noColor: false) == .ansi8)
        #expect(ColorDepth(colors: 256, hasColors: true, noColor: true) == .none)
    }
}
