import CSodium
import Foundation

/// The few libsodium calls sync uses.
enum Sodium {
    /// `sodium_init` once per process (thread-safe in libsodium; repeated calls return 1).
    private static let ready: Bool = sodium_init() >= 0

    static func random(_ count: Int) -> [UInt8] {
        _ = ready
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    static func seal(_ plain: [UInt8], associated: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8] {
        _ = ready
        var cipher = [UInt8](repeating: 0, count: plain.count + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES))
        var length: UInt64 = 0
        crypto_aead_xchacha20poly1305_ietf_encrypt(
            &cipher, &length, plain, UInt64(plain.count), associated, UInt64(associated.count), nil, nonce, key)
        return Array(cipher.prefix(Int(length)))
    }

    /// The plaintext, or nil when the tag does not check (another key, changed bytes).
    static func open(_ cipher: ArraySlice<UInt8>, associated: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8]? {
        _ = ready
        var plain = [UInt8](repeating: 0, count: cipher.count)
        var length: UInt64 = 0
        let result = cipher.withUnsafeBufferPointer { cipher in
            guard let base = cipher.baseAddress else { return Int32(-1) }
            return crypto_aead_xchacha20poly1305_ietf_decrypt(
                &plain, &length, nil, base, UInt64(cipher.count), associated, UInt64(associated.count), nonce, key)
        }
        guard result == 0 else { return nil }
        return Array(plain.prefix(Int(length)))
    }
}
