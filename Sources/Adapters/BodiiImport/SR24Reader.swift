import Foundation
import ZIPFoundation

/// A problem with the SR24 input, naming the file and what is wrong.
public struct SR24Error: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let problem: String
    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }
    public var description: String { "\(file): \(problem)" }
}

/// Reads Cronometer's packaging of USDA SR24 (see `SR24Food`).
public enum SR24Reader {
    /// One food from the XML of one file (`file` names it in errors).
    public static func food(xml: Data, file: String) throws -> SR24Food {
        let collector = Collector()
        let parser = StreamingXMLParser(handler: collector)
        do {
            try parser.feed(xml)
            try parser.finish()
        } catch let error as XMLStreamError {
            throw SR24Error(file: file, problem: collector.error ?? error.description)
        }
        if let error = collector.error { throw SR24Error(file: file, problem: error) }
        guard let food = collector.food else { throw SR24Error(file: file, problem: "no <food> element") }
        guard collector.closed else { throw SR24Error(file: file, problem: "the <food> element is not closed") }
        return food
    }

    /// Every food of `usda_sr24.jar` (a zip of `usda_sr24/NNNNN.xml`), ordered by NDB number.
    public static func foods(jar: URL) throws -> [SR24Food] {
        let archive: Archive
        do {
            archive = try Archive(url: jar, accessMode: .read)
        } catch {
            throw SR24Error(file: jar.path, problem: "not a readable zip/jar archive (\(error))")
        }
        let entries = archive.filter { $0.type == .file && $0.path.hasPrefix("usda_sr24/") && $0.path.hasSuffix(".xml") }
            .sorted { $0.path < $1.path }
        guard !entries.isEmpty else { throw SR24Error(file: jar.path, problem: "no usda_sr24/*.xml entries") }
        var foods: [SR24Food] = []
        foods.reserveCapacity(entries.count)
        for entry in entries {
            var data = Data()
            do {
                _ = try archive.extract(entry) { data.append($0) }
            } catch {
                throw SR24Error(file: entry.path, problem: "cannot be extracted (\(error))")
            }
            foods.append(try food(xml: data, file: entry.path))
        }
        return foods
    }
}

/// Collects the one `<food>` of a file, through the same libxml2 reader as Apple Health's export
/// (one XML parser in the binary, not FoundationXML's as well).
private final class Collector: XMLElementHandler {
    var food: SR24Food?
    var closed = false
    var error: String?

    func didEnd(_ name: UnsafePointer<UInt8>) {
        if XMLBytes.equalsCString(name, "food") { closed = true }
    }

    func didStart(_ element: XMLElementStart) {
        guard error == nil else { return }
        let attributes = element.allAttributes
        switch String(cString: element.name) {
        case "food":
            guard food == nil else { return fail("more than one <food>") }
            guard let uid = attributes["uid"], uid.count == 5, uid.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return fail("<food> without a five-digit uid")
            }
            guard let name = attributes["name"].map(Self.cleanName), !name.isEmpty else {
                return fail("<food uid=\"\(uid)\"> without a name")
            }
            food = SR24Food(uid: uid, name: name, measures: [], nutrients: [:])
        case "measure":
            guard food != nil else { return fail("<measure> outside <food>") }
            guard let amount = attributes["amount"], let a = Double(amount), a > 0,
                let label = attributes["name"], !label.isEmpty,
                let gramsText = attributes["grams"], let grams = Double(gramsText), grams > 0
            else {
                return fail("a <measure> without a positive amount, a name and positive grams: \(attributes)")
            }
            food?.measures.append(SR24Measure(amount: amount, name: label, grams: grams))
        case "nutrient":
            guard food != nil else { return fail("<nutrient> outside <food>") }
            guard let name = attributes["name"], let text = attributes["amount"], let value = Double(text),
                value.isFinite, value >= 0
            else {
                return fail("a <nutrient> without a name and a non-negative amount: \(attributes)")
            }
            guard food?.nutrients[name] == nil else { return fail("nutrient \"\(name)\" listed twice") }
            food?.nutrients[name] = value
        case let other:
            return fail("unexpected element <\(other)>")
        }
    }

    /// The first problem is the one reported; later elements are not looked at.
    private func fail(_ message: String) {
        error = message
    }

    /// Trims the name; one SR24 name ends in a stray backslash ("…rinsed in tap water\"), which is dropped.
    static func cleanName(_ raw: String) -> String {
        var name = raw.trimmingCharacters(in: .whitespaces)
        while name.hasSuffix("\\") { name.removeLast() }
        return name.trimmingCharacters(in: .whitespaces)
    }
}
