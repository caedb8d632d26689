/// Words (as bytes) → numbers, for the vocabulary's term ids and singular classes: an open-
/// addressing table hashed with FNV-1a. Built afresh by every process that searches once (3,000
/// terms, 6,000 insertions and look-ups), where a `Dictionary` keyed by byte arrays spent a third
/// of the vocabulary's construction hashing and probing (SipHash, a key array boxed per entry).
struct WordTable: Sendable {
    /// The words in the order they were added; `values[i]` is the number of `keys[i]`.
    private var keys: [SearchText.Word] = []
    private var values: [Int32] = []
    /// `hashes[i]` is the hash of `keys[i]`: a probe compares words only when their hashes agree.
    private var hashes: [Int] = []
    /// Index into `keys`, or -1 for an empty slot; a power of two long, at most half full.
    private var slots: [Int32]

    init(capacity: Int = 8) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    var count: Int { keys.count }

    subscript(word: SearchText.Word) -> Int32? {
        let slot = find(word, hash: Self.hash(word))
        let index = slots[slot]
        return index < 0 ? nil : values[Int(index)]
    }

    /// Adds `word` with `value` unless it is there already; the value it has afterwards.
    @discardableResult
    mutating func insert(_ word: SearchText.Word, value: Int32) -> (inserted: Bool, value: Int32) {
        let hash = Self.hash(word)
        var slot = find(word, hash: hash)
        let index = slots[slot]
        if index >= 0 { return (false, values[Int(index)]) }
        if (keys.count + 1) * 2 > slots.count {
            grow()
            slot = find(word, hash: hash)
        }
        slots[slot] = Int32(keys.count)
        keys.append(word)
        values.append(value)
        hashes.append(hash)
        return (true, value)
    }

    /// The slot holding `word`, or the empty slot where it would go (linear probing).
    private func find(_ word: SearchText.Word, hash: Int) -> Int {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let index = slots[slot]
            if index < 0 || hashes[Int(index)] == hash && keys[Int(index)] == word { return slot }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (i, hash) in hashes.enumerated() {
            var slot = hash & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i)
        }
    }

    /// FNV-1a over the bytes, its high bits folded in (the mask keeps only the low ones).
    static func hash(_ word: SearchText.Word) -> Int {
        word.withUnsafeBufferPointer { bytes in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: h ^ (h >> 32))
        }
    }
}

/// Class id → its term ids, ascending, kept in one array (a separate array per class was 2,800
/// allocations per vocabulary).
struct ClassMembers: Sendable {
    /// `members[starts[c]..<starts[c + 1]]` are the terms of class `c`.
    private let starts: [Int32]
    private let members: [Int32]

    /// From each term's class (term ids are the indices).
    init(classOfTerm: [Int32], classCount: Int) {
        var counts = [Int32](repeating: 0, count: classCount + 1)
        for c in classOfTerm { counts[Int(c) + 1] += 1 }
        for c in 0..<classCount { counts[c + 1] += counts[c] }
        var next = counts
        var members = [Int32](repeating: 0, count: classOfTerm.count)
        for (term, c) in classOfTerm.enumerated() {
            members[Int(next[Int(c)])] = Int32(term)
            next[Int(c)] += 1
        }
        starts = counts
        self.members = members
    }

    var count: Int { starts.count - 1 }

    subscript(c: Int) -> ArraySlice<Int32> { members[Int(starts[c])..<Int(starts[c + 1])] }
}
