import Foundation
import Testing
@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument

/// The process's time zone without Foundation's environment look-up: the name /etc/localtime
/// links to, and Foundation's own answer for everything else.
@Suite struct ProcessTimeZoneTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func link(to target: String) throws -> String {
        let path = folder.path("localtime")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        return path
    }

    @Test func theZoneIsTheNameTheLinkPointsTo() throws {
        let path = try link(to: "/usr/share/zoneinfo/Europe/Paris")
        #expect(ProcessTimeZone.linked(environment: [:], localtime: path)?.identifier == "Europe/Paris")
    }

    @Test func aSetTZACopiedFileOrAnUnknownNameIsLeftToFoundation() throws {
        let paris = try link(to: "../usr/share/zoneinfo/Europe/Paris")
        #expect(ProcessTimeZone.linked(environment: ["TZ": "UTC"], localtime: paris) == nil)
        let copied = folder.path("copied")
        try Data("TZif".utf8).write(to: URL(fileURLWithPath: copied))
        #expect(ProcessTimeZone.linked(environment: [:], localtime: copied) == nil)
        let nowhere = folder.path("nowhere")
        try FileManager.default.createSymbolicLink(atPath: nowhere, withDestinationPath: "/usr/share/zoneinfo/Not/AZone")
        #expect(ProcessTimeZone.linked(environment: [:], localtime: nowhere) == nil)
        let noName = folder.path("noName")
        try FileManager.default.createSymbolicLink(atPath: noName, withDestinationPath: "/etc/other")
        #expect(ProcessTimeZone.linked(environment: [:], localtime: noName) == nil)
    }

    /// On this machine, the process's zone is the one Foundation finds.
    @Test func theProcessZoneIsFoundations() {
        #expect(ProcessTimeZone.current.identifier == TimeZone.current.identifier)
        #expect(ProcessTimeZone.current.secondsFromGMT() == TimeZone.current.secondsFromGMT())
    }
}
