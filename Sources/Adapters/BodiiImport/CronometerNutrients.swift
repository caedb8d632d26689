import BodiiDomain

/// The nutrient columns of Cronometer's servings export that Bodii keeps, by their header title.
///
/// Titles as Cronometer writes them (cronometer.com, Settings → Account → Export Data → Food &
/// Recipe Entries, servings.csv): `Energy (kcal),Alcohol (g),Caffeine (mg),Water (g),B1 (Thiamine)
/// (mg),B2 (Riboflavin) (mg),B3 (Niacin) (mg),B5 (Pantothenic Acid) (mg),B6 (Pyridoxine) (mg),B12
/// (Cobalamin) (µg),Folate (µg),Vitamin A (µg),Vitamin C (mg),Vitamin D (IU),Vitamin E (mg),Vitamin
/// K (µg),Calcium (mg),Copper (mg),Iron (mg),Magnesium (mg),Manganese (mg),Phosphorus (mg),Potassium
/// (mg),Selenium (µg),Sodium (mg),Zinc (mg),Carbs (g),Fiber (g),Starch (g),Sugars (g),…,Fat (g),
/// Cholesterol (mg),Monounsaturated (g),Polyunsaturated (g),Saturated (g),Trans-Fats (g),Omega-3 (g),
/// Omega-6 (g),…` (the header of `Tests/ImportSamples/CronometerSample.swift`; the same titles are in
/// the Cronometer desktop project's own test, `ServingTest.java`, whose older export has `Vitamin A
/// (IU)` instead). Vitamin A in IU is turned into µg RAE by `VitaminA.rae` with the retinol and
/// carotenoid columns where the export has them; IU alone stays unknown (unless 0): see `VitaminA`.
/// Vitamin D in IU is divided by 40 (µg). Choline appears in newer exports.
enum CronometerNutrients {
    /// Title, key, and what divides the column's value into the key's unit.
    static let columns: [(title: String, key: NutrientKey, divisor: Double)] = [
        ("Water (g)", .waterG, 1), ("Fiber (g)", .fiberG, 1), ("Sugars (g)", .sugarsG, 1), ("Starch (g)", .starchG, 1),
        ("Saturated (g)", .saturatedFatG, 1), ("Monounsaturated (g)", .monounsaturatedFatG, 1),
        ("Polyunsaturated (g)", .polyunsaturatedFatG, 1), ("Omega-3 (g)", .omega3G, 1), ("Omega-6 (g)", .omega6G, 1),
        ("Cholesterol (mg)", .cholesterolMg, 1), ("Sodium (mg)", .sodiumMg, 1), ("Potassium (mg)", .potassiumMg, 1),
        ("Calcium (mg)", .calciumMg, 1), ("Iron (mg)", .ironMg, 1), ("Magnesium (mg)", .magnesiumMg, 1),
        ("Phosphorus (mg)", .phosphorusMg, 1), ("Zinc (mg)", .zincMg, 1), ("Copper (mg)", .copperMg, 1),
        ("Manganese (mg)", .manganeseMg, 1), ("Selenium (µg)", .seleniumUg, 1), ("Vitamin A (µg)", .vitaminAUg, 1),
        ("Vitamin C (mg)", .vitaminCMg, 1), ("Vitamin D (IU)", .vitaminDUg, 40), ("Vitamin D (µg)", .vitaminDUg, 1),
        ("Vitamin E (mg)", .vitaminEMg, 1), ("Vitamin K (µg)", .vitaminKUg, 1), ("B1 (Thiamine) (mg)", .thiaminMg, 1),
        ("B2 (Riboflavin) (mg)", .riboflavinMg, 1), ("B3 (Niacin) (mg)", .niacinMg, 1),
        ("B5 (Pantothenic Acid) (mg)", .pantothenicAcidMg, 1), ("B6 (Pyridoxine) (mg)", .vitaminB6Mg, 1),
        ("B12 (Cobalamin) (µg)", .vitaminB12Ug, 1), ("Folate (µg)", .folateUg, 1), ("Choline (mg)", .cholineMg, 1),
        ("Caffeine (mg)", .caffeineMg, 1), ("Alcohol (g)", .alcoholG, 1),
    ]

    /// The columns vitamin A in RAE is computed from when there is no "Vitamin A (µg)" (µg, IU).
    static let vitaminAParts = ["Retinol (µg)", "Beta-carotene (µg)", "Alpha-carotene (µg)", "Beta-cryptoxanthin (µg)", "Vitamin A (IU)"]

    /// Vitamin A (µg RAE) from the parts read (titles of `vitaminAParts` to their values).
    static func vitaminA(_ parts: [String: Double]) -> Double? {
        VitaminA.rae(
            VitaminA.Parts(
                retinol: parts["Retinol (µg)"], betaCarotene: parts["Beta-carotene (µg)"], alphaCarotene: parts["Alpha-carotene (µg)"],
                cryptoxanthin: parts["Beta-cryptoxanthin (µg)"], iu: parts["Vitamin A (IU)"]))
    }
}
