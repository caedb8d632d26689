import Foundation
import Testing
import BodiiStore

@Suite struct LocationTests {
    let env = ["HOME": "/home/ana", "XDG_DATA_HOME": "/xdg", "BODII_DB": "/env/b.sqlite"]

    @Test func explicitPathWins() {
        #expect(DatabaseLocation.resolve(explicit: "/cli/a.sqlite", environment: env).path == "/cli/a.sqlite")
    }

    @Test func thenBodiiDB() {
        #expect(DatabaseLocation.resolve(explicit: nil, environment: env).path == "/env/b.sqlite")
        #expect(DatabaseLocation.resolve(explicit: "", environment: env).path == "/env/b.sqlite")
    }

    @Test func thenXDGDataHome() {
        var e = env
        e["BODII_DB"] = nil
        #expect(DatabaseLocation.resolve(explicit: nil, environment: e).path == "/xdg/bodii/bodii.sqlite")
        e["BODII_DB"] = ""
        #expect(DatabaseLocation.resolve(explicit: nil, environment: e).path == "/xdg/bodii/bodii.sqlite")
    }

    @Test func thenHome() {
        #expect(
            DatabaseLocation.resolve(explicit: nil, environment: ["HOME": "/home/ana"]).path
                == "/home/ana/.local/share/bodii/bodii.sqlite")
        // A relative XDG_DATA_HOME is invalid per the XDG spec and ignored.
        #expect(
            DatabaseLocation.resolve(explicit: nil, environment: ["HOME": "/home/ana", "XDG_DATA_HOME": "rel"]).path
                == "/home/ana/.local/share/bodii/bodii.sqlite")
    }

    @Test func tildeIsExpandedWithHome() {
        #expect(DatabaseLocation.resolve(explicit: "~/x/b.sqlite", environment: env).path == "/home/ana/x/b.sqlite")
    }
}
