import Testing
@testable import BodiiDomain

/// Issue 26, "Check-in and forms": times, amounts and prices are read as people type them, by one
/// parser each, and a serving's unit word picks the one-unit serving.
@Suite struct TypedFormsTests {
    // MARK: Times

    @Test(arguments: [
        ("23:15", "23:15"), ("2315", "23:15"), ("650", "06:50"), ("0650", "06:50"), ("6.50", "06:50"),
        ("7.30", "07:30"), ("11:15pm", "23:15"), ("11:15 pm", "23:15"), ("11:15 PM", "23:15"), ("1115pm", "23:15"),
        ("7am", "07:00"), ("7 am", "07:00"), ("7 a.m.", "07:00"), ("11pm", "23:00"), ("12am", "00:00"), ("12pm", "12:00"),
        ("12:30am", "00:30"), ("noon", "12:00"), ("Noon", "12:00"), ("midnight", "00:00"), ("7", "07:00"), ("23", "23:00"),
        ("23h15", "23:15"), ("7h", "07:00"), (" 7:05 ", "07:05"), ("00:00", "00:00"),
    ])
    func timesAsPeopleTypeThem(typed: String, expected: String) throws {
        #expect(try Validation.time(typed).description == expected, "\(typed)")
    }

    @Test(arguments: [
        "24:00", "12:60", "2460", "12345", "13pm", "0am", "7:5", "6.5", "12:30:00", "ab:cd", "-1:30", "7 o'clock", "pm", "1/2",
    ])
    func timesThatAreNot(typed: String) {
        #expect(problem { try Validation.time(typed) } == .invalidFormat, "\(typed)")
    }

    @Test func aBadTimeNamesTheValueAndTheFormsAllowed() {
        #expect(
            validationError { try Validation.time("25:00", field: "bedtime") }?.message
                == "bedtime \"25:00\" is not in a valid format: allowed a time like 23:15, 2315, 6.50, 11:15pm, 7am or noon")
    }

    @Test func theSleepFormAndCLITakeTheSameForms() throws {
        let night = try SleepLogging.validate(SleepEntryInput(bedtime: "11:15pm", wakeTime: "650"), today: date("2026-11-25")).get()
        #expect(night.bedtime?.description == "23:15" && night.wakeTime?.description == "06:50")
        #expect(night.minutes == 455)
    }

    // MARK: Amounts

    @Test(arguments: [
        ("1/2", 0.5), ("½", 0.5), ("1 1/2", 1.5), ("1½", 1.5), ("1 ½", 1.5), ("3/4", 0.75), ("¾", 0.75), ("2 ¼", 2.25),
        ("0.5", 0.5), ("0,5", 0.5), ("2", 2), (" 1/3 ", 1.0 / 3),
    ])
    func amountsAsDecimalsOrFractions(typed: String, expected: Double) throws {
        #expect(isClose(AmountText.parse(typed), expected), "\(typed)")
        #expect(isClose(try FoodLogging.quantity(typed), expected), "\(typed)")
    }

    @Test(arguments: ["1/0", "1//2", "/2", "1/", "1 3/2", "1 1", "½½", "1e3", "nan", "1/2/3", "abc"])
    func amountsThatAreNot(typed: String) {
        #expect(AmountText.parse(typed) == nil, "\(typed)")
    }

    @Test func everyAmountFieldTakesFractions() throws {
        #expect(try FoodLogging.grams("1/2") == 0.5)
        #expect(try PantryUnits.amount("1 1/2", factor: 1000) == 1500)  // 1½ kg
        let cup = FoodServing(label: "1 cup", grams: 240)
        #expect(try FoodLogging.quantity("½", of: cup) == 0.5)
        #expect(try ServingChoice(cup).grams("1 1/2") == 360)
        #expect(try Validation.amount("1½", field: "servings", range: 0.1...100, unit: nil) == 1.5)
        // A bad one names the forms.
        #expect(
            validationError { try FoodLogging.quantity("1/0") }?.message
                == "quantity \"1/0\" is not a number: allowed 0.01–100")
    }

    // MARK: Prices

    @Test(arguments: [("€3", 300), ("3 €", 300), ("3€", 300), ("3,50 €", 350), ("€ 3.49", 349), ("EUR 3", 300), ("3 eur", 300), ("3", 300)])
    func pricesWithTheCurrencySign(typed: String, cents: Int64) throws {
        #expect(try MoneyInput.parse(typed, currency: .default).minorUnits == cents, "\(typed)")
    }

    @Test func theSignOfTheUsersOwnCurrencyIsTheOneTaken() throws {
        let usd = Currency.resolve(code: "USD"), gbp = Currency.resolve(code: "GBP")
        #expect(try MoneyInput.parse("$3.50", currency: usd).minorUnits == 350)
        #expect(try MoneyInput.parse("£2", currency: gbp).minorUnits == 200)
        #expect(try MoneyInput.parse("CHF 4.20", currency: .resolve(code: "CHF")).minorUnits == 420)
        // Another currency's sign is refused, not dropped: $3 is not €3.
        for (typed, currency) in [("$3.50", Currency.default), ("£2", .default), ("3 €", usd), ("USD 3", .default)] {
            let e = validationError { try MoneyInput.parse(typed, currency: currency) }
            #expect(e?.problem == .invalidFormat, "\(typed)")
        }
        #expect(
            validationError { try MoneyInput.parse("$3.50") }?.message
                == "price \"$3.50\" is not in a valid format: allowed an amount in EUR (€), the currency prices are kept in, not $")
    }

    // MARK: Servings

    static let oatmeal = Food(
        id: FoodID("usda:08121"), name: "Oatmeal", source: "USDA SR", per100g: Nutrients(kcal: 71, proteinG: 2.5, carbsG: 12, fatG: 1.5),
        servings: [
            FoodServing(label: "1 cup", grams: 234), FoodServing(label: "0.75 cup", grams: 175),
            FoodServing(label: "1 cup, cooked", grams: 240),
        ])

    @Test func theUnitWordPicksTheOneUnitServing() throws {
        #expect(try FoodLogging.serving(named: "cup", of: Self.oatmeal).label == "1 cup")
        #expect(try FoodLogging.serving(named: "0.75 cup", of: Self.oatmeal).label == "0.75 cup")
        #expect(try FoodLogging.serving(named: "1 CUP", of: Self.oatmeal).label == "1 cup")
        #expect(try FoodLogging.serving(named: "cooked", of: Self.oatmeal).label == "1 cup, cooked")
        // Two equally good matches stay ambiguous.
        let twoSizes = Food(
            id: FoodID("custom:1"), name: "Rice", source: "custom", per100g: Nutrients(kcal: 130, proteinG: 2.7, carbsG: 28, fatG: 0.3),
            servings: [FoodServing(label: "0.5 cup", grams: 90), FoodServing(label: "0.75 cup", grams: 140)])
        #expect(problem { try FoodLogging.serving(named: "cup", of: twoSizes) } == .outOfRange)
    }

    @Test func imperialUsersGetOuncesAndPoundsInTheServingList() {
        let metric = ServingChoice.all(for: Self.oatmeal, unitSystem: .metric).map(\.label)
        let imperial = ServingChoice.all(for: Self.oatmeal, unitSystem: .imperial).map(\.label)
        #expect(metric == ["1 cup", "0.75 cup", "1 cup, cooked", "grams"])
        #expect(imperial == ["1 cup", "0.75 cup", "1 cup, cooked", "1 oz", "1 lb", "grams"])
        #expect(isClose(ServingChoice.all(for: Self.oatmeal, unitSystem: .imperial)[3].serving?.grams, 28.349523125))
        #expect(FoodServing.weightUnit("lbs")?.grams == 453.59237)
        #expect(FoodServing.weightUnit("cup") == nil)
    }

    // MARK: Usual sleep times

    static func night(_ day: Int, _ bed: String, _ wake: String) throws -> SleepRecord {
        let b = try clock(bed), w = try clock(wake)
        let minutes = try #require(SleepMath.duration(bed: b, wake: w))
        return SleepRecord(
            date: try date("2026-11-01").adding(days: day), bedtime: b, wakeTime: w, minutes: minutes,
            status: SleepMath.status(minutes: minutes))
    }

    @Test func theUsualTimesAreTheMedianAroundMidnight() throws {
        let nights = [
            try Self.night(0, "23:30", "07:00"), try Self.night(1, "00:10", "06:40"), try Self.night(2, "00:30", "07:10"),
            try Self.night(3, "03:00", "11:00"), try Self.night(4, "23:50", "06:50"),
        ]
        let usual = try #require(SleepMath.usualTimes(nights))
        #expect(usual.bed.description == "00:10")  // one 03:00 night does not move it
        #expect(usual.wake.description == "07:00")
        #expect(usual.nights == 5)
        #expect(SleepMath.medianTime([try clock("23:00"), try clock("01:00")])?.description == "00:00")
        #expect(SleepMath.medianTime([]) == nil)
        var untimed = try Self.night(5, "23:00", "07:00")
        untimed.bedtime = nil
        #expect(SleepMath.usualTimes([untimed]) == nil)
    }
}
