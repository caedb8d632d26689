import BodiiSync
import Foundation

/// Where this machine's sync key and folder are kept: `sync.key` (the key, hex, mode 0600) and
/// `sync.toml` (`sync_dir = "…"`) in the config folder (`$XDG_CONFIG_HOME/bodii`, else
/// `~/.config/bodii`). Bodii writes these two files itself (`sync init`, `sync join`); the user's
/// own config.toml stays untouched. Two config folders are two machines.
package struct SyncSettings {
    package let folder: URL

    package static func current(environment: [String: String] = ProcessConfig.environment) -> SyncSettings? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return SyncSettings(folder: URL(fileURLWithPath: xdg).appendingPathComponent("bodii"))
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return SyncSettings(folder: URL(fileURLWithPath: home).appendingPathComponent(".config/bodii"))
    }

    var keyURL: URL { folder.appendingPathComponent("sync.key") }
    var settingsURL: URL { folder.appendingPathComponent("sync.toml") }

    /// The key and the sync folder, nil when this machine has not run `init` or `join`.
    package func load() throws -> (key: SyncKey, directory: URL)? {
        guard FileManager.default.fileExists(atPath: keyURL.path) || FileManager.default.fileExists(atPath: settingsURL.path) else {
            return nil
        }
        let stored = self.stored()
        guard let key = stored.key else {
            throw CommandFailure.data("\(keyURL.path) does not hold a sync key: run `bodii sync join DIR --phrase P` again")
        }
        guard let directory = stored.directory else {
            throw CommandFailure.data("\(settingsURL.path) has no sync_dir: run `bodii sync join DIR --phrase P` again")
        }
        return (key, directory)
    }

    /// What the two files hold, each part nil when absent or unreadable.
    package func stored() -> (key: SyncKey?, directory: URL?, database: String?) {
        let key = FileManager.default.contents(atPath: keyURL.path).flatMap { SyncKey(hex: String(decoding: $0, as: UTF8.self)) }
        var values: [String: String] = [:]
        let text = FileManager.default.contents(atPath: settingsURL.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let value = try? JSONDecoder().decode(String.self, from: Data(parts[1].utf8)) { values[parts[0]] = value }
        }
        return (key, values["sync_dir"].map { URL(fileURLWithPath: $0) }, values["database"])
    }

    /// The config folder is one machine's: a second database's `init` or `join` would replace the
    /// key the first syncs with. Checked before anything is touched. What it allows is the same
    /// set-up run again after it stopped half way (issue 48: an interrupted `join` or `init` used
    /// to strand the machine): the same folder and database, and for `join` the same phrase.
    /// Returns the key to go on with, nil for a first set-up.
    package func resumableKey(directory: URL, database: URL, phrase: SyncKey? = nil) throws -> SyncKey? {
        let stored = self.stored()
        guard let key = stored.key else { return nil }  // none, or unreadable: set up anew
        let sameFolder = stored.directory.map { $0.standardizedFileURL.path == directory.standardizedFileURL.path } ?? true
        // A sync.toml from before the database was named belongs to a set-up that finished.
        let sameDatabase = stored.directory == nil || stored.database == database.standardizedFileURL.path
        if sameFolder, sameDatabase, phrase == nil || phrase == key { return key }
        throw CommandFailure.data(
            "\(keyURL.path) exists: this config folder syncs a database already (`bodii sync status`); give another database its own XDG_CONFIG_HOME"
        )
    }

    /// Saves the key (0600, in a 0700 folder), the folder and the database, before the set-up
    /// writes anything else, so a set-up that stops half way can go on.
    package func save(key: SyncKey, directory: URL, database: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let quoted = { (text: String) in String(decoding: try JSONEncoder().encode(text), as: UTF8.self) }
            try Self.writePrivately(key.hex + "\n", to: keyURL)
            try Self.writePrivately(
                "# Written by `bodii sync init` / `join`.\nsync_dir = \(quoted(directory.path))\ndatabase = \(quoted(database.standardizedFileURL.path))\n",
                to: settingsURL)
        } catch {
            throw CommandFailure.io("cannot save the sync key in \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Writes `text` as a file only its owner reads, whatever the umask (a new name, 0600, then
    /// renamed over the old).
    private static func writePrivately(_ text: String, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
        try? FileManager.default.removeItem(at: temporary)
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Runs `body` while no other `bodii sync` or app of this machine syncs (an exclusive lock
    /// on `sync.lock`): a second run waits for the first, then finds what it left, instead of
    /// meeting a locked database half way (issue 48).
    package func exclusively<T>(_ body: () throws -> T) throws -> T {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let fd = open(folder.appendingPathComponent("sync.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return try body() }  // a read-only config folder: no lock to take, nothing to guard
        defer { _ = close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }
}

/// When this machine last synced and what that did: `sync.last` beside the key, written by every
/// run (the app's and `bodii sync`'s) and read by Settings → Data and `bodii sync status`.
extension SyncSettings {
    var lastSyncURL: URL { folder.appendingPathComponent("sync.last") }

    /// A record that cannot be written costs only the "last synced" line, never the sync.
    package func recordSync(_ line: String, at date: Date) {
        let stamp = ISO8601DateFormatter().string(from: date)
        try? Data((stamp + "\t" + line + "\n").utf8).write(to: lastSyncURL, options: .atomic)
    }

    func lastSync() -> (at: Date, line: String)? {
        guard let data = FileManager.default.contents(atPath: lastSyncURL.path) else { return nil }
        let parts = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines).split(separator: "\t", maxSplits: 1)
        guard parts.count == 2, let date = ISO8601DateFormatter().date(from: String(parts[0])) else { return nil }
        return (date, String(parts[1]))
    }
}
