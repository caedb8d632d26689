import BodiiDomain
import SharedCharts
import TerminalKit
import DietFeature

/// What the Diet tests look at on the stack: which flow is open, and its state.
@MainActor
extension FlowHost where Tab == DietViewModel {
    private var flows: [any Screen] { stack.screens }
    private func top<T>(_ type: T.Type, under depth: Int = 0) -> T? {
        flows.count > depth ? flows[flows.count - 1 - depth] as? T : nil
    }

    /// The food search that logs, also while a custom food made from it or its y/n is open over it.
    var search: FoodSearch? {
        let over = top(CustomFoodFlow.self) != nil || top(ConfirmFlow.self) != nil
        let flow = top(FoodSearchFlow.self) ?? (over ? top(FoodSearchFlow.self, under: 1) : nil)
        return flow.flatMap { $0.search.purpose == .log ? $0.search : nil }
    }
    var history: HistorySearch? { top(HistoryFlow.self)?.history }
    var isEditingCustomFood: Bool { top(CustomFoodFlow.self) != nil }
    var isQuickAdding: Bool { top(QuickAddFlow.self) != nil }
    var isEditingEntry: Bool { top(EntryEditFlow.self) != nil }
    var isCopying: Bool { top(CopyFlow.self) != nil }
    var isShowingRecipes: Bool { top(RecipeListFlow.self) != nil }
    /// The recipe editor, also while its ingredient search is open over it.
    var isEditingRecipe: Bool {
        top(RecipeEditorFlow.self) != nil || (top(FoodSearchFlow.self) != nil && top(RecipeEditorFlow.self, under: 1) != nil)
    }
    var isShowingMyFoods: Bool {
        top(MyFoodsFlow.self) != nil || (top(CustomFoodFlow.self) != nil && top(MyFoodsFlow.self, under: 1) != nil)
    }
    /// The open form's inline errors, by field.
    var formErrors: [String: String] { (stack.top as? any FormFlow)?.formErrors ?? [:] }
}

extension DietViewModel {
    /// The tab on a database's repositories, wired as the app wires it.
    convenience init(source: any Repositories, clock: any Clock, selection: SelectedDay? = nil) {
        let environment = DietEnvironment(
            store: source, diary: FoodDiary(store: source), days: DaySummaryQuery(source: source), clock: clock,
            nutrients: NutrientQuery(source: source))
        self.init(environment: environment, selection: selection)
    }
}
