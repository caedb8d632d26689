import Testing
@testable import BodiiDomain

func date(_ iso: String) throws -> LocalDate { try #require(LocalDate(iso: iso), "bad test date \(iso)") }

func clock(_ text: String) throws -> ClockTime { try #require(ClockTime(parsing: text), "bad test time \(text)") }

func isClose(_ a: Double?, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

/// The error a validator throws, or nil when it accepted the input.
func validationError<T>(_ body: () throws -> T) -> ValidationError? {
    do {
        _ = try body()
        return nil
    } catch let error as ValidationError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)")
        return nil
    }
}

/// The problem a validator reports, or nil when it accepted the input.
func problem<T>(_ body: () throws -> T) -> ValidationError.Problem? {
    validationError(body)?.problem
}
