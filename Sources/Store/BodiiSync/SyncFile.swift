import CSodium
import Foundation

/// One sync file: the entries one device wrote at one sync, encrypted and authenticated.
///
/// Layout (integers little-endian):
/// ```
/// "BODIISYN"  format:u8  schema:u32  device:i64  seq:i64  hlcMin:i64  hlcMax:i64
/// vectorCount:u32  (device:i64 seq:i64)*   — the files the writer had applied (causal delivery)
/// nonce: 24 bytes
/// XChaCha20-Poly1305 (libsodium's crypto_aead_xchacha20poly1305_ietf) of the payload, with
/// everything before the nonce as associated data: a changed header fails like a changed body.
/// payload: count:u32 (hlc:i64 changesetSize:u32 changeset lengthCount:u32 length:i64*)*
/// ```
struct SyncFile: Equatable {
    static let magic = Array("BODIISYN".utf8)
    /// The most bytes of entries (changesets and causal lengths) one file holds; one larger entry
    /// goes alone, and entries are cut at `Outbox.entryLimit`. A reader holds one file, a few
    /// times over, at once.
    static let sizeLimit = 4 << 20
    static let format: UInt8 = 1

    var schema: Int
    var device: Int64
    var seq: Int64
    /// Per device, the last file the writer had applied when it wrote this one.
    var requires: [Int64: Int64]
    var entries: [SyncEntry]

    var hlcRange: ClosedRange<Int64> {
        let clocks = entries.map(\.hlc)
        return (clocks.min() ?? 0)...(clocks.max() ?? 0)
    }

    enum ReadError: Error, Equatable, CustomStringConvertible {
        /// Not a sync file, cut short, or a format this build does not know.
        case damaged(String)
        /// The header or body does not authenticate: another key, or changed bytes.
        case notAuthentic

        var description: String {
            switch self {
            case .damaged(let reason): reason
            case .notAuthentic: "does not authenticate"
            }
        }
    }

    func sealed(with key: SyncKey) -> [UInt8] {
        var header = ByteWriter()
        header.bytes(Self.magic)
        header.bytes([Self.format])
        header.u32(UInt32(clamping: schema))
        for value in [device, seq, hlcRange.lowerBound, hlcRange.upperBound] { header.i64(value) }
        header.u32(UInt32(clamping: requires.count))
        for (other, last) in requires.sorted(by: { $0.key < $1.key }) {
            header.i64(other)
            header.i64(last)
        }
        var payload = ByteWriter()
        payload.u32(UInt32(clamping: entries.count))
        for entry in entries {
            payload.i64(entry.hlc)
            payload.u32(UInt32(clamping: entry.changeset.count))
            payload.bytes(entry.changeset)
            payload.u32(UInt32(clamping: entry.lengths.count))
            for length in entry.lengths { payload.i64(length) }
        }
        let nonce = Sodium.random(Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES))
        let cipher = Sodium.seal(payload.data, associated: header.data, nonce: nonce, key: key.bytes)
        return header.data + nonce + cipher
    }

    /// Reads and authenticates a file; nothing of it is trusted before the tag checks.
    static func open(_ data: [UInt8], with key: SyncKey) throws -> SyncFile {
        var reader = ByteReader(data)
        guard let magic = reader.bytes(Self.magic.count), magic == Self.magic else { throw ReadError.damaged("not a Bodii sync file") }
        guard let format = reader.bytes(1)?.first else { throw ReadError.damaged("cut short") }
        guard format == Self.format else { throw ReadError.damaged("format \(format) is not known to this Bodii") }
        guard let schema = reader.u32(), let device = reader.i64(), let seq = reader.i64(), reader.i64() != nil,
            reader.i64() != nil, let count = reader.u32(), count < 1 << 20
        else { throw ReadError.damaged("cut short") }
        var requires: [Int64: Int64] = [:]
        for _ in 0..<count {
            guard let other = reader.i64(), let last = reader.i64() else { throw ReadError.damaged("cut short") }
            requires[other] = last
        }
        let headerEnd = reader.offset
        guard let nonce = reader.bytes(Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)) else {
            throw ReadError.damaged("cut short")
        }
        let cipher = data[reader.offset...]
        guard cipher.count >= Int(crypto_aead_xchacha20poly1305_ietf_ABYTES),
            let plain = Sodium.open(cipher, associated: Array(data[..<headerEnd]), nonce: nonce, key: key.bytes)
        else { throw ReadError.notAuthentic }
        var body = ByteReader(plain)
        guard let entryCount = body.u32() else { throw ReadError.damaged("empty body") }
        var entries: [SyncEntry] = []
        for _ in 0..<entryCount {
            guard let hlc = body.i64(), let size = body.u32(), let changeset = body.bytes(Int(size)),
                let lengthCount = body.u32(), Int(lengthCount) <= changeset.count
            else { throw ReadError.damaged("body cut short") }
            var lengths: [Int64] = []
            for _ in 0..<lengthCount {
                guard let length = body.i64() else { throw ReadError.damaged("body cut short") }
                lengths.append(length)
            }
            entries.append(SyncEntry(hlc: hlc, changeset: changeset, lengths: lengths))
        }
        return SyncFile(schema: Int(schema), device: device, seq: seq, requires: requires, entries: entries)
    }
}

struct ByteWriter {
    private(set) var data: [UInt8] = []
    mutating func bytes(_ more: [UInt8]) { data += more }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data += $0 } }
    mutating func i64(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { data += $0 } }
}

struct ByteReader {
    private let data: [UInt8]
    private(set) var offset = 0

    init(_ data: [UInt8]) { self.data = data }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, data.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(data[offset..<offset + count])
    }

    mutating func u32() -> UInt32? { littleEndian(4).map { UInt32(truncatingIfNeeded: $0) } }

    mutating func i64() -> Int64? { littleEndian(8).map { Int64(bitPattern: $0) } }

    /// An integer of `count` bytes read in place (a file holds one per causal length).
    private mutating func littleEndian(_ count: Int) -> UInt64? {
        guard data.count - offset >= count else { return nil }
        var value: UInt64 = 0
        for index in stride(from: offset + count - 1, through: offset, by: -1) { value = value << 8 | UInt64(data[index]) }
        offset += count
        return value
    }
}
