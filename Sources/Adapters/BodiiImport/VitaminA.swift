/// Vitamin A in µg retinol activity equivalents (RAE, the unit of PRODUCT.md §11's `vitamin_a_ug`)
/// from what a source gives, with the Institute of Medicine's factors (Dietary Reference Intakes
/// for Vitamin A…, 2001, ch. 4: 1 µg RAE = 1 µg retinol = 12 µg dietary β-carotene = 24 µg
/// α-carotene or β-cryptoxanthin; 1 IU = 0.3 µg retinol = 0.6 µg β-carotene). One rule for the
/// SR24 catalog and the Cronometer import.
enum VitaminA {
    /// The parts a source may give (µg, except `iu`); nil: not given.
    struct Parts {
        var retinol: Double?
        var betaCarotene: Double?
        var alphaCarotene: Double?
        var cryptoxanthin: Double?
        /// Vitamin A in international units: retinol and provitamin A together.
        var iu: Double?
    }

    /// - retinol and the three carotenoids known: retinol + β-carotene / 12 + (α-carotene + β-cryptoxanthin) / 24;
    /// - 0 IU: 0;
    /// - retinol and IU known, carotenoids not: retinol + the IU retinol does not explain, counted as
    ///   β-carotene (1 IU = 0.6 µg β-carotene = 0.05 µg RAE, so 20 IU = 1 µg RAE);
    /// - IU alone: unknown. An IU of retinol is 0.3 µg RAE and an IU of β-carotene 0.05 µg: a
    ///   six-fold range with nothing to choose within it, and any single factor would be a made-up
    ///   number (never a made-up value, PRODUCT.md §11: unknown stays unknown);
    /// - otherwise unknown.
    static func rae(_ p: Parts) -> Double? {
        if let retinol = p.retinol, let beta = p.betaCarotene, let alpha = p.alphaCarotene, let crypto = p.cryptoxanthin {
            return retinol + beta / 12 + (alpha + crypto) / 24
        }
        guard let iu = p.iu else { return nil }
        if iu == 0 { return 0 }
        guard let retinol = p.retinol else { return nil }
        return retinol + max(0, iu - retinol / 0.3) / 20
    }
}
