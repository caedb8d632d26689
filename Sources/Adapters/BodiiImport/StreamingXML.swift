internal import CLibXML2
import Foundation

/// Why an XML stream was refused.
public enum XMLStreamError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document declares entities (billion laughs, external entities): refused before any is read.
    case declaresEntities
    /// The document is not well-formed XML; `line` is where libxml2 stopped.
    case malformed(message: String, line: Int)
    /// The DOCTYPE never ends within the first megabytes (not an export).
    case doctypeTooLong
    /// Elements nested deeper than `StreamingXMLParser.maxDepth` (exports nest four deep).
    case tooDeep(Int)
    /// A tag, attribute or text longer than `StreamingXMLParser.maxRunBytes` with no `<` or `>`.
    case valueTooLong(Int)

    public var description: String {
        switch self {
        case .declaresEntities:
            return "the file declares XML entities, which an export never does; it was refused and nothing was written"
        case .malformed(let message, let line):
            return "the XML is malformed at line \(line): \(message)"
        case .doctypeTooLong:
            return "the XML's DOCTYPE does not end within its first 4 MB"
        case .tooDeep(let limit):
            return "elements are nested more than \(limit) deep, which no export is; it was refused and nothing was written"
        case .valueTooLong(let limit):
            return "a tag or value is longer than \(limit / (1 << 20)) MB, which no export has; it was refused and nothing was written"
        }
    }
}

/// An element's start as libxml2 hands it to the SAX callback: its local name and attributes as
/// UTF-8 bytes that are valid only during the callback (nothing is copied unless asked).
public struct XMLElementStart {
    /// The NUL-terminated local name.
    let name: UnsafePointer<UInt8>
    /// libxml2's SAX2 attribute array: five pointers per attribute (local name, prefix, URI,
    /// value start, value end).
    let attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let attributeCount: Int

    /// Whether the element is called `expected` (ASCII).
    public func isNamed(_ expected: StaticString) -> Bool {
        XMLBytes.equalsCString(name, expected)
    }

    /// The value of the attribute called `key`, as bytes; nil when absent.
    public func value(_ key: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let attributes else { return nil }
        for i in 0..<attributeCount {
            let base = i * 5
            guard let local = attributes[base], XMLBytes.equalsCString(local, key),
                let start = attributes[base + 3], let end = attributes[base + 4]
            else { continue }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }

    /// The value of `key` as a String.
    public func string(_ key: StaticString) -> String? {
        value(key).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every attribute by local name (copies them all: for small documents).
    var allAttributes: [String: String] {
        guard let attributes else { return [:] }
        var out: [String: String] = [:]
        for i in 0..<attributeCount {
            let base = i * 5
            guard let local = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
            out[String(cString: local)] = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
        return out
    }
}

/// What a streaming parse calls back with, in document order.
public protocol XMLElementHandler: AnyObject {
    func didStart(_ element: XMLElementStart)
    /// The element's local name (NUL-terminated bytes).
    func didEnd(_ name: UnsafePointer<UInt8>)
}

enum XMLBytes {
    static func equalsCString(_ bytes: UnsafePointer<UInt8>, _ expected: StaticString) -> Bool {
        let count = expected.utf8CodeUnitCount
        let want = expected.utf8Start
        for i in 0..<count where bytes[i] != want[i] { return false }
        return bytes[count] == 0
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ expected: StaticString) -> Bool {
        guard bytes.count == expected.utf8CodeUnitCount else { return false }
        let want = expected.utf8Start
        for i in 0..<bytes.count where bytes[i] != want[i] { return false }
        return true
    }

    /// Whether `haystack` contains `needle` (ASCII).
    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack, from: haystack.startIndex) != nil
    }

    static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>, from: Int) -> Int? {
        guard !needle.isEmpty, haystack.endIndex - from >= needle.count else { return nil }
        var i = from
        let last = haystack.endIndex - needle.count
        while i <= last {
            if haystack[i] == needle[0] {
                var match = true
                for j in 1..<needle.count where haystack[i + j] != needle[j] {
                    match = false
                    break
                }
                if match { return i }
            }
            i += 1
        }
        return nil
    }
}

/// A streaming XML parser: feed it the document in chunks of any size; it calls the handler for
/// each element start and end, with memory that stays flat whatever the document's size.
///
/// Two things happen to the bytes before libxml2 sees them:
/// - The DOCTYPE is cut out whole. Exports carry an internal DTD that nothing needs (and iOS 16's is
///   broken: an ATTLIST missing its `>`), so it is skipped rather than parsed; and if it declares
///   any entity (billion laughs, external entities) the document is refused, before one is read.
/// - Control characters that XML 1.0 forbids (`\u{0B}` turns up in exported names) become spaces;
///   they are single bytes that never occur inside a UTF-8 sequence.
public final class StreamingXMLParser {
    private weak var handler: (any XMLElementHandler)?
    private var context: xmlParserCtxtPtr?
    private var prolog: [UInt8]? = []
    private var failure: XMLStreamError?
    private var scratch: [UInt8] = []
    /// Elements started so far (for progress).
    public private(set) var elementCount = 0
    /// Elements open now.
    private var depth = 0
    /// Bytes since the last `<` or `>`: a tag, an attribute value or a text, however it is chunked.
    private var run = 0

    /// Exports nest four deep (HealthData › Workout › WorkoutRoute › FileReference); libxml2 keeps a
    /// stack per level, so a file of nothing but opening tags grew to gigabytes before this.
    public static let maxDepth = 32
    /// The longest attribute in real exports is a few hundred bytes; libxml2 rescans an unfinished
    /// tag on every chunk (quadratic), so a longer run of bytes is refused before it is parsed.
    public static let maxRunBytes = 1 << 20

    /// How much of the start is kept to find the DOCTYPE's end.
    static let prologLimit = 4 << 20

    /// libxml2's global state, set up once per process before the first parser.
    private static let initialized: Void = xmlInitParser()

    public init(handler: any XMLElementHandler) {
        self.handler = handler
        Self.initialized
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, localname, _, _, _, _, attributeCount, _, attributes in
            guard let context, let localname else { return }
            let parser = Unmanaged<StreamingXMLParser>.fromOpaque(context).takeUnretainedValue()
            parser.elementCount += 1
            parser.depth += 1
            if parser.depth > StreamingXMLParser.maxDepth {
                parser.failure = .tooDeep(StreamingXMLParser.maxDepth)
                if let ctxt = parser.context { xmlStopParser(ctxt) }
                return
            }
            parser.handler?.didStart(XMLElementStart(name: localname, attributes: attributes, attributeCount: Int(attributeCount)))
        }
        sax.endElementNs = { context, localname, _, _ in
            guard let context, let localname else { return }
            let parser = Unmanaged<StreamingXMLParser>.fromOpaque(context).takeUnretainedValue()
            parser.depth -= 1
            parser.handler?.didEnd(localname)
        }
        // Never reached once the DOCTYPE is cut out; kept so no entity can ever be declared.
        sax.entityDecl = { context, _, _, _, _, _ in
            guard let context else { return }
            let parser = Unmanaged<StreamingXMLParser>.fromOpaque(context).takeUnretainedValue()
            parser.failure = .declaresEntities
            if let ctxt = parser.context { xmlStopParser(ctxt) }
        }
        // Errors are read from the context: without a structured handler libxml2 prints them.
        sax.serror = { _, _ in }
        context = xmlCreatePushParserCtxt(&sax, Unmanaged.passUnretained(self).toOpaque(), nil, 0, nil)
        if let context {
            // NOENT: without it SAX2 hands "&amp;" in an attribute over as "&#38;" ("Smooth &#38;
            // Creamy"). Only the predefined entities and character references are left to
            // replace: the DOCTYPE, where any other entity would be declared, is cut out.
            // No XML_PARSE_HUGE: libxml2's own depth and size limits stay as a second fence.
            let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOENT.rawValue
            _ = xmlCtxtUseOptions(context, Int32(options))
        }
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// Parses the next bytes of the document.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        if let failure { throw failure }
        if prolog != nil {
            prolog?.append(contentsOf: bytes)
            try resolveProlog(final: false)
            return
        }
        try parse(bytes, final: false)
    }

    public func feed(_ data: Data) throws {
        try data.withUnsafeBytes { try feed($0) }
    }

    /// Ends the document: throws when it is incomplete or malformed.
    public func finish() throws {
        if let failure { throw failure }
        if prolog != nil { try resolveProlog(final: true) }
        try parse(UnsafeRawBufferPointer(start: nil, count: 0), final: true)
    }

    /// Once the start of the document shows whether a DOCTYPE comes before the root element,
    /// hands libxml2 the start without it.
    private func resolveProlog(final: Bool) throws {
        guard let buffer = prolog else { return }
        let all = buffer[...]
        var cut: Range<Int>?
        var resolved = false
        // Scan markup: `<?…?>` and `<!--…-->` are passed over; `<!DOCTYPE` is cut; any other `<` is the root.
        var i = 0
        scan: while i < buffer.count {
            guard buffer[i] == UInt8(ascii: "<") else { i += 1; continue }
            guard i + 1 < buffer.count else { break }
            switch buffer[i + 1] {
            case UInt8(ascii: "?"):
                guard let end = XMLBytes.firstIndex(of: Array("?>".utf8), in: all, from: i + 2) else { break scan }
                i = end + 2
            case UInt8(ascii: "!"):
                if buffer.count - i >= 4, buffer[i + 2] == UInt8(ascii: "-"), buffer[i + 3] == UInt8(ascii: "-") {
                    guard let end = XMLBytes.firstIndex(of: Array("-->".utf8), in: all, from: i + 4) else { break scan }
                    i = end + 3
                    continue
                }
                guard buffer.count - i >= 9 else { break scan }
                guard let end = Self.doctypeEnd(in: all, from: i) else { break scan }
                if XMLBytes.contains(buffer[i..<end], Array("<!ENTITY".utf8)) {
                    failure = .declaresEntities
                    throw XMLStreamError.declaresEntities
                }
                cut = i..<end
                resolved = true
                break scan
            default:
                resolved = true
                break scan
            }
        }
        if !resolved && !final {
            if buffer.count > Self.prologLimit {
                failure = .doctypeTooLong
                throw XMLStreamError.doctypeTooLong
            }
            return
        }
        prolog = nil
        var kept = buffer
        if let cut { kept.removeSubrange(cut) }
        try kept.withUnsafeBytes { try parse($0, final: false) }
    }

    /// The index just past the DOCTYPE that starts at `start` (`<!DOCTYPE name … [ … ]>` or
    /// without a subset), nil when it has not all arrived.
    private static func doctypeEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var i = start + 2
        var quote: UInt8?
        while i < bytes.endIndex {
            let b = bytes[i]
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: ">") {
                return i + 1
            } else if b == UInt8(ascii: "[") {
                // The internal subset: it ends at the first `]` followed by `>` (spaces between);
                // what is inside is not parsed, so a broken declaration cannot stop the import.
                var j = i + 1
                while j < bytes.endIndex {
                    if bytes[j] == UInt8(ascii: "]") {
                        var k = j + 1
                        while k < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k]) { k += 1 }
                        if k < bytes.endIndex, bytes[k] == UInt8(ascii: ">") { return k + 1 }
                    }
                    j += 1
                }
                return nil
            }
            i += 1
        }
        return nil
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, final: Bool) throws {
        guard let context else { throw failure ?? XMLStreamError.malformed(message: "libxml2 could not start", line: 0) }
        // Control characters XML forbids become spaces, in a reused buffer.
        if scratch.count < max(1, bytes.count) { scratch = [UInt8](repeating: 0, count: max(1, bytes.count)) }
        var run = self.run
        let status: Int32 = scratch.withUnsafeMutableBufferPointer { out in
            for i in 0..<bytes.count {
                let b = bytes[i]
                out[i] = (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) ? 0x20 : b
                run = (b == 0x3C || b == 0x3E) ? 0 : run + 1
                if run > Self.maxRunBytes { return -2 }
            }
            guard let base = out.baseAddress else { return -1 }
            return base.withMemoryRebound(to: CChar.self, capacity: out.count) {
                xmlParseChunk(context, $0, Int32(bytes.count), final ? 1 : 0)
            }
        }
        self.run = run
        if status == -2 {
            failure = .valueTooLong(Self.maxRunBytes)
            throw XMLStreamError.valueTooLong(Self.maxRunBytes)
        }
        if let failure { throw failure }
        if status != 0 || context.pointee.wellFormed == 0 {
            var message = "not well-formed"
            var line = 0
            if let error = xmlCtxtGetLastError(context) {
                if let text = error.pointee.message {
                    message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
                    // libxml2 quotes names from the file: never echo more than a line of it.
                    if message.count > 160 { message = String(message.prefix(159)) + "…" }
                }
                line = Int(error.pointee.line)
            }
            let error = XMLStreamError.malformed(message: message, line: line)
            failure = error
            throw error
        }
    }
}
