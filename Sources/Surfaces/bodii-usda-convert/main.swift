// bodii-usda-convert: turns Cronometer's usda_sr24.jar (Debian package `cronometer`) into the Swift
// source that carries the food catalog inside the bodii binary. Run through `scripts/convert-usda`,
// which downloads the package and passes the jar; see Sources/BodiiImport for the format.
//
//   bodii-usda-convert JAR OUT.swift [--origin TEXT]
//   bodii-usda-convert --estimates OUT.swift     the supplement's estimates (`CatalogEstimates`),
//                                                from the catalog this tool was built with
import BodiiImport
import Foundation
import USDACatalogData

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("bodii-usda-convert: \(message)\n".utf8))
    exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--estimates" {
    guard arguments.count == 2 else { fail("usage: bodii-usda-convert --estimates OUT.swift", code: 64) }
    let out = URL(fileURLWithPath: arguments[1])
    do {
        let source = try CatalogEstimatesSource.swift(catalog: USDASR24.foods, supplement: CatalogSupplement.foods)
        try Data(source.utf8).write(to: out, options: .atomic)
        print("wrote \(out.path)")
    } catch {
        fail("\(error)", code: 74)
    }
    exit(0)
}
var origin = "usda_sr24.jar"
if let i = arguments.firstIndex(of: "--origin") {
    guard i + 1 < arguments.count else { fail("--origin needs a value", code: 64) }
    origin = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
}
guard arguments.count == 2 else { fail("usage: bodii-usda-convert JAR OUT.swift [--origin TEXT]", code: 64) }
let jar = URL(fileURLWithPath: arguments[0])
let out = URL(fileURLWithPath: arguments[1])
guard FileManager.default.fileExists(atPath: jar.path) else { fail("no file at \(jar.path)", code: 66) }

do {
    let foods = try SR24Reader.foods(jar: jar)
    let source = try CatalogSource.swift(foods: foods, origin: origin)
    try Data(source.utf8).write(to: out, options: .atomic)
    let servings = foods.reduce(0) { $0 + $1.measures.count }
    print("wrote \(out.path): \(foods.count) foods, \(servings) servings, \(source.utf8.count) bytes")
} catch let error as SR24Error {
    fail(error.description, code: 65)
} catch {
    fail("\(error)", code: 74)
}
