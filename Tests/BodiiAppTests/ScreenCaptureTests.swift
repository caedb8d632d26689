import Foundation
import Testing
import BodiiApp
import BodiiCLI
import BodiiDocument

/// Issue 26, what the 80×24 and 160×48 captures showed: the Goal card's change and burn in words
/// that stay inside its border, the Exercise tab's chart taking the rows a tall terminal has, and
/// the Review's figures labelled with their units and as the means they are.
@MainActor
@Suite(.serialized) struct ScreenCaptureTests {
    static let sizes = [(80, 24), (160, 48)]

    /// The rows of the card titled `title`, inside its border, with the cell just inside the right border.
    static func card(_ title: String, in screen: String) -> [(text: String, lastCell: Character)] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let top = lines.firstIndex(where: { String($0).contains("╭─ \(title) ") }),
            let left = Array(String(lines[top])).indices.first(where: { String(lines[top][$0...]).hasPrefix("╭─ \(title) ") }),
            let right = lines[top][left...].firstIndex(of: "╮")
        else { return [] }
        var rows: [(String, Character)] = []
        for line in lines[(top + 1)...] {
            guard right < line.count, line[left] == "│" else { break }
            rows.append((String(line[(left + 1)..<right]), line[right - 1]))
        }
        return rows
    }

    @Test func theGoalCardSaysWhatChangedAndTheBurnInWordsInsideItsBorder() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 60, in: folder)
        for (width, height) in Self.sizes {
            let screen = app.screen(width: width, height: height)
            let rows = Self.card("Goal", in: screen)
            try #require(!rows.isEmpty, "\(screen)")
            let text = rows.map(\.text).joined(separator: "\n")
            #expect(rows.allSatisfy { $0.lastCell == " " }, "no text touches the border at \(width):\n\(text)")
            #expect(rows.contains { $0.text.hasPrefix(" Burn ") }, "\(text)")
            #expect(!text.contains("blend") && !text.contains("adaptive") && !text.contains("…"), "\(text)")
        }
    }

    @Test func theExerciseChartTakesTheRowsOfATallTerminal() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 60, in: folder)
        app.press(.char("4"))
        for (width, height) in Self.sizes {
            let screen = app.screen(width: width, height: height)
            let sessions = Self.card("Sessions", in: screen), chart = Self.card("Minutes per week", in: screen)
            let empty = sessions.filter { $0.text.trimmingCharacters(in: .whitespaces).isEmpty }.count
            #expect(empty <= 3, "at \(width)×\(height) the sessions list has \(empty) empty rows:\n\(screen)")
            #expect(chart.count >= (height == 48 ? 30 : 9), "the chart has \(chart.count) rows at \(width)×\(height):\n\(screen)")
        }
    }

    @Test func theReviewLabelsItsUnitsAndItsMeans() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 60, in: folder)
        app.press(.char("7"))
        let screen = app.screen(width: 80, height: 24)
        let exercise = screen.split(separator: "\n").first { $0.contains("│ Exercise ") }.map(String.init) ?? ""
        let calories = screen.split(separator: "\n").first { $0.contains("│ Calories ") }.map(String.init) ?? ""
        #expect(exercise.contains("min/week, aim 150") && !exercise.contains(" a week (aim"), "\(exercise)")
        #expect(calories.contains("kcal/day avg") && calories.contains("(avg target "), "\(calories)")
        #expect(!calories.contains("…") && !exercise.contains("…"), "\(screen)")
    }

    /// The Body tab's "Used" figure is the Goal card's burn, named in the same words.
    @Test func theBodyTabNamesTheBurnAsTheGoalCardDoes() throws {
        let folder = try TemporaryFolder()
        let (_, app) = try demoApp(days: 60, in: folder)
        for (width, height) in Self.sizes {
            let goal = Self.card("Goal", in: app.screen(width: width, height: height)).map(\.text).joined()
            app.press(.char("2"))
            let body = Self.card("Metabolism", in: app.screen(width: width, height: height)).map(\.text).joined(separator: "\n")
            app.press(.char("1"))
            let burn = try #require(goal.range(of: "Burn ").map { String(goal[$0.upperBound...].prefix(4)) }, "\(goal)")
            #expect(body.contains("Used  \(burn) kcal"), "\(body)")
            #expect(body.contains("from your logs"), "\(body)")
            #expect(!body.contains("adaptive") && !body.contains("…"), "\(body)")
        }
    }
}
