import BodiiSync
import Foundation

/// Where this machine's sync key and folder are kept: `sync.key` (the key, hex, mode 0600) and
/// `sync.toml` (`sync_dir = "…"`) in the config folder (`$XDG_CONFIG_HOME/bodii`, else
/// `~/.config/bodii`). Bodii writes these two files itself (`sync init`, `sync join`); the user's
/// own config.toml stays untouched. Two config folders are two machines.
struct SyncSettings {
    let folder: URL

    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> SyncSettings? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return SyncSettings(folder: URL(fileURLWithPath: xdg).appendingPathComponent("bodii"))
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return SyncSettings(folder: URL(fileURLWithPath: home).appendingPathComponent(".config/bodii"))
    }

    var keyURL: URL { folder.appendingPathComponent("sync.key") }
    var settingsURL: URL { folder.appendingPathComponent("sync.toml") }

    /// The key and the sync folder, nil when this machine has not run `init` or `join`.
    func load() throws -> (key: SyncKey, directory: URL)? {
        guard let keyData = FileManager.default.contents(atPath: keyURL.path),
            let settings = FileManager.default.contents(atPath: settingsURL.path)
        else { return nil }
        guard let key = SyncKey(hex: String(decoding: keyData, as: UTF8.self)) else {
            throw CommandFailure.data("\(keyURL.path) does not hold a sync key: run `bodii sync join DIR --phrase P` again")
        }
        for line in String(decoding: settings, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "sync_dir",
                let path = try? JSONDecoder().decode(String.self, from: Data(parts[1].utf8))
            {
                return (key, URL(fileURLWithPath: path))
            }
        }
        throw CommandFailure.data("\(settingsURL.path) has no sync_dir: run `bodii sync join DIR --phrase P` again")
    }

    /// The config folder is one machine's: a second database's `init` or `join` would replace the
    /// key the first syncs with. Checked before anything is touched.
    func refuseASecondDatabase() throws {
        if FileManager.default.fileExists(atPath: keyURL.path) {
            throw CommandFailure.data(
                "\(keyURL.path) exists: this config folder syncs a database already (`bodii sync status`); give another database its own XDG_CONFIG_HOME"
            )
        }
    }

    /// Saves the key (0600, in a 0700 folder) and the folder.
    func save(key: SyncKey, directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            _ = FileManager.default.createFile(atPath: keyURL.path, contents: nil, attributes: [.posixPermissions: 0o600])
            try Data((key.hex + "\n").utf8).write(to: keyURL)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyURL.path)
            let quoted = String(decoding: try JSONEncoder().encode(directory.path), as: UTF8.self)
            try Data("# Written by `bodii sync init` / `join`.\nsync_dir = \(quoted)\n".utf8).write(to: settingsURL)
        } catch {
            throw CommandFailure.io("cannot save the sync key in \(folder.path): \(error.localizedDescription)")
        }
    }
}

/// When this machine last synced and what that did: `sync.last` beside the key, written by every
/// run (the app's and `bodii sync`'s) and read by Settings → Data and `bodii sync status`.
extension SyncSettings {
    var lastSyncURL: URL { folder.appendingPathComponent("sync.last") }

    /// A record that cannot be written costs only the "last synced" line, never the sync.
    func recordSync(_ line: String, at date: Date) {
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
