import CSodium
import Foundation

/// The folder's 256-bit key, and the phrase a person types on another machine: the key in
/// Crockford base32 (no I, L, O or U; read back case-blind, O as 0, I and L as 1) plus four
/// checksum characters, in groups of four. A typo fails the checksum instead of making another key.
public struct SyncKey: Equatable, Sendable {
    public let bytes: [UInt8]

    static let size = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    public static func random() -> SyncKey { SyncKey(bytes: Sodium.random(size)) }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var phrase: String {
        let text = Self.base32(bytes) + Self.base32(Self.checksum(bytes)).prefix(4)
        return stride(from: 0, to: text.count, by: 4).map { start in
            String(Array(text)[start..<min(start + 4, text.count)])
        }.joined(separator: "-")
    }

    /// The key a phrase spells; nil when it is not one (wrong length, a character outside the
    /// alphabet, or a checksum that does not match: a typo).
    public init?(phrase: String) {
        var symbols: [UInt8] = []
        for character in phrase.uppercased() where !" -\t".contains(character) {
            let normal: Character = character == "O" ? "0" : (character == "I" || character == "L") ? "1" : character
            guard let index = Self.alphabet.firstIndex(of: normal) else { return nil }
            symbols.append(UInt8(index))
        }
        let keySymbols = (Self.size * 8 + 4) / 5
        guard symbols.count == keySymbols + 4 else { return nil }
        let bytes = Self.unpack(Array(symbols.prefix(keySymbols)), count: Self.size)
        guard Self.base32(Self.checksum(bytes)).prefix(4) == String(symbols.suffix(4).map { Self.alphabet[Int($0)] }) else {
            return nil
        }
        self.bytes = bytes
    }

    /// The key as stored in the config folder (hex).
    public var hex: String { bytes.map { String(format: "%02x", $0) }.joined() }

    public init?(hex: String) {
        let text = Array(hex.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard text.count == Self.size * 2 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: text.count, by: 2) {
            guard let byte = UInt8(String(decoding: text[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        self.bytes = bytes
    }

    private static func checksum(_ bytes: [UInt8]) -> [UInt8] {
        var hash = [UInt8](repeating: 0, count: 16)
        crypto_generichash(&hash, 16, bytes, UInt64(bytes.count), nil, 0)
        return hash
    }

    private static func base32(_ bytes: [UInt8]) -> String {
        var result = ""
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                result.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { result.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return result
    }

    private static func unpack(_ symbols: [UInt8], count: Int) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = 0
        var bits = 0
        for symbol in symbols {
            buffer = (buffer << 5 | Int(symbol)) & 0xFFFF
            bits += 5
            if bits >= 8 {
                result.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return Array(result.prefix(count))
    }
}
