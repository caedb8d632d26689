import Foundation

/// The demo's pantry (PRODUCT.md §10): a weekly shop on Saturdays at three stores (Aldi, Lidl,
/// Rewe, each with its own prices that rise ~2 % a year), a monthly stock-up, a weekly budget of
/// €60, most food eaten before its best-before and some thrown away. The last shop was two days
/// before `endDate`, so the chicken and the salmon are to be used soon, and one carton of milk
/// from the week before has expired. Deterministic for a seed, like `DemoHistory`.
public struct DemoPantry: Sendable {
    public let days: Int
    public let endDate: LocalDate
    public let seed: UInt64
    public let currency: Currency

    public init(days: Int, endDate: LocalDate, seed: UInt64 = 20_261_122, currency: Currency = .default) {
        self.days = days
        self.endDate = endDate
        self.seed = seed
        self.currency = currency
    }

    struct Product {
        let name: String
        let foodId: String?
        let pack: PantryQuantity
        /// Price in minor units at Aldi, Lidl and Rewe, today.
        let prices: [Int64]
        let shelfLifeDays: Int
        let monthly: Bool
        /// How likely a weekly lot is partly thrown away.
        let wasteChance: Double
    }

    public static let stores = ["Aldi", "Lidl", "Rewe"]

    static let products: [Product] = [
        Product(
            name: "Bananas", foodId: "usda:09040", pack: PantryQuantity(6, .pieces), prices: [169, 179, 199], shelfLifeDays: 6,
            monthly: false, wasteChance: 0.15),
        Product(
            name: "Milk", foodId: "usda:01079", pack: PantryQuantity(2000, .millilitres), prices: [198, 210, 238], shelfLifeDays: 8,
            monthly: false, wasteChance: 0.08),
        Product(
            name: "Chicken breast", foodId: "usda:05064", pack: PantryQuantity(1000, .grams), prices: [899, 929, 999], shelfLifeDays: 3,
            monthly: false, wasteChance: 0.05),
        Product(
            name: "Broccoli", foodId: "usda:11091", pack: PantryQuantity(500, .grams), prices: [149, 159, 179], shelfLifeDays: 5,
            monthly: false, wasteChance: 0.2),
        Product(
            name: "Greek yogurt", foodId: "usda:01117", pack: PantryQuantity(1000, .grams), prices: [258, 278, 298], shelfLifeDays: 14,
            monthly: false, wasteChance: 0.05),
        Product(
            name: "Blueberries", foodId: "usda:09050", pack: PantryQuantity(250, .grams), prices: [249, 269, 299], shelfLifeDays: 5,
            monthly: false, wasteChance: 0.25),
        Product(
            name: "Salmon fillet", foodId: "usda:15237", pack: PantryQuantity(300, .grams), prices: [499, 529, 599], shelfLifeDays: 2,
            monthly: false, wasteChance: 0.05),
        Product(
            name: "Apples", foodId: "usda:09003", pack: PantryQuantity(6, .pieces), prices: [229, 239, 279], shelfLifeDays: 21,
            monthly: false, wasteChance: 0.1),
        Product(
            name: "Rolled oats", foodId: "usda:08120", pack: PantryQuantity(1000, .grams), prices: [179, 189, 229], shelfLifeDays: 300,
            monthly: true, wasteChance: 0),
        Product(
            name: "Brown rice", foodId: "usda:20036", pack: PantryQuantity(1000, .grams), prices: [199, 209, 249], shelfLifeDays: 365,
            monthly: true, wasteChance: 0),
        Product(
            name: "Almonds", foodId: "usda:12061", pack: PantryQuantity(200, .grams), prices: [279, 289, 329], shelfLifeDays: 180,
            monthly: true, wasteChance: 0),
        Product(
            name: "Dish soap", foodId: nil, pack: PantryQuantity(1, .pieces), prices: [145, 149, 195], shelfLifeDays: 730, monthly: true,
            wasteChance: 0),
        Product(
            name: "Whole-wheat bread", foodId: "usda:18075", pack: PantryQuantity(500, .grams), prices: [149, 159, 219], shelfLifeDays: 5,
            monthly: false, wasteChance: 0.15),
        Product(
            name: "Potatoes", foodId: "usda:11828", pack: PantryQuantity(2000, .grams), prices: [249, 259, 299], shelfLifeDays: 30,
            monthly: false, wasteChance: 0.05),
        Product(
            name: "Orange juice", foodId: "usda:09206", pack: PantryQuantity(1000, .millilitres), prices: [139, 149, 199],
            shelfLifeDays: 10, monthly: false, wasteChance: 0.05),
        Product(
            name: "Spaghetti", foodId: "usda:20121", pack: PantryQuantity(1000, .grams), prices: [99, 109, 169], shelfLifeDays: 540,
            monthly: true, wasteChance: 0),
        Product(
            name: "Butter", foodId: "usda:01001", pack: PantryQuantity(250, .grams), prices: [219, 229, 259], shelfLifeDays: 60,
            monthly: true, wasteChance: 0),
        Product(
            name: "Olive oil", foodId: "usda:04053", pack: PantryQuantity(750, .millilitres), prices: [699, 749, 899], shelfLifeDays: 540,
            monthly: true, wasteChance: 0),
    ]

    /// The batch; `foods` (the catalog foods of the products) weigh pieces for prices per kg.
    public func makeBatch(foods: [FoodID: Food] = [:]) -> PantryBatch {
        var rng = SeededRandom(seed: seed ^ 0x9A47_3D00)
        var batch = PantryBatch()
        let start = endDate.adding(days: -(max(1, days) - 1))
        for (index, product) in Self.products.enumerated() {
            batch.items.append(
                GroceryItem(
                    id: Int64(index + 1), name: product.name, foodId: product.foodId.map(FoodID.init),
                    shelfLifeDays: product.shelfLifeDays))
        }
        // Trips: the last one two days before the end, then every 7 days back to the start.
        let lastTrip = max(start, endDate.adding(days: -2))
        var trips: [LocalDate] = []
        var trip = lastTrip
        while trip >= start {
            trips.append(trip)
            trip = trip.adding(days: -7)
        }
        trips.reverse()
        var lotId: Int64 = 0, useId: Int64 = 0
        for (tripIndex, date) in trips.enumerated() {
            let isLast = tripIndex == trips.count - 1
            let isPrevious = tripIndex == trips.count - 2
            let yearsAgo = Double(date.days(until: endDate)) / 365.25
            for (index, product) in Self.products.enumerated() {
                if product.monthly, tripIndex % 4 != 0, !isLast { continue }
                let storeIndex = Self.pickStore(&rng)
                let base = Double(product.prices[storeIndex]) / pow(1.02, yearsAgo)
                let noisy = base * (1 + rng.gaussian(sd: 0.03))
                let price = Money(minorUnits: Self.pricePoint(noisy), currency: currency)
                lotId += 1
                let food = product.foodId.flatMap { foods[FoodID($0)] }
                batch.purchases.append(
                    Purchase(
                        id: lotId, itemId: Int64(index + 1), date: date, quantity: product.pack,
                        grams: PantryUnits.grams(product.pack, food: food), price: price, store: Self.stores[storeIndex]))
                let bestBefore = date.adding(days: product.shelfLifeDays)
                var lot = StockLot(
                    id: lotId, itemId: Int64(index + 1), purchaseId: lotId, initialQuantity: product.pack, purchasedOn: date,
                    bestBefore: bestBefore, price: price, store: Self.stores[storeIndex])
                let total = product.pack.amount
                func take(_ amount: Double, on day: LocalDate, _ kind: StockUseKind) {
                    guard amount > 0 else { return }
                    useId += 1
                    batch.uses.append(
                        StockUse(
                            id: useId, lotId: lotId, date: min(day, endDate), amount: amount, kind: kind,
                            value: price.scaled(by: amount, over: total)))
                    lot.left -= amount
                    if kind == .use { lot.opened = true }
                }
                if isLast {
                    // This week's shop: partly eaten already, the rest in stock.
                    if !product.monthly, rng.chance(0.6) {
                        take(Self.rounded(total * 0.3, product.pack.unit), on: date.adding(days: 1), .use)
                    }
                } else if isPrevious && product.foodId == "usda:01079" {
                    // Last week's milk: a carton left, past its best-before.
                    take(total / 2 + 500, on: date.adding(days: 3), .use)
                } else if product.monthly && date.days(until: endDate) < 28 {
                    // Dry goods last: the latest ones are partly left.
                    take(Self.rounded(total * 0.5, product.pack.unit), on: date.adding(days: 10), .use)
                } else if rng.chance(product.wasteChance) {
                    let eaten = Self.rounded(total * Double.random(in: 0.3...0.7, using: &rng), product.pack.unit)
                    take(eaten, on: date.adding(days: 2), .use)
                    take(total - eaten, on: bestBefore, .waste)
                } else {
                    take(total, on: date.adding(days: min(product.shelfLifeDays, 5)), .use)
                }
                lot.left = max(0, lot.left)
                batch.lots.append(lot)
            }
        }
        // The list for the next shop: what runs low, and something that is not food.
        let listDay = endDate
        batch.shoppingList = [
            ShoppingListItem(id: 1, itemId: 1, quantity: PantryQuantity(6, .pieces), store: "Aldi", addedOn: listDay),
            ShoppingListItem(id: 2, itemId: 3, quantity: PantryQuantity(1000, .grams), store: "Lidl", addedOn: listDay),
            ShoppingListItem(id: 3, itemId: 12, quantity: PantryQuantity(1, .pieces), store: nil, addedOn: listDay),
        ]
        batch.budget = PantryBudget(period: .week, amount: Money(minorUnits: 6000, currency: currency), setOn: start)
        return batch
    }

    /// Aldi half the time, Lidl 30 %, Rewe 20 %.
    static func pickStore(_ rng: inout SeededRandom) -> Int {
        let r = Double.random(in: 0..<1, using: &rng)
        return r < 0.5 ? 0 : r < 0.8 ? 1 : 2
    }

    /// Prices end in 9 cents, as shops like them.
    static func pricePoint(_ minor: Double) -> Int64 {
        max(9, Int64((minor / 10).rounded()) * 10 - 1)
    }

    /// Whole pieces; grams and millilitres in tens.
    static func rounded(_ amount: Double, _ unit: PantryUnit) -> Double {
        unit == .pieces ? amount.rounded() : (amount / 10).rounded() * 10
    }
}
