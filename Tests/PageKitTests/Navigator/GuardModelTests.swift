import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// Guards against a small reference: random tables of what each guard decides for each
/// destination (allow, refuse, redirect), random first destinations, and the algorithm the
/// docs give: guards are asked in order; a redirect asks every guard again, about the new
/// destination; more redirects than `maxRedirects`, or one to a destination already
/// tried, is a loop.
@MainActor
@Suite("Guards decide as the documented order says, over random decision tables", .timeLimit(.minutes(10)))
struct GuardModelTests {
    enum Decision: CustomStringConvertible {
        case allow, refuse, redirect(String)

        var description: String {
            switch self {
            case .allow: "allow"
            case .refuse: "refuse"
            case .redirect(let name): "redirect to \(name)"
            }
        }
    }

    static let names = ["a", "b", "c", "d", "e"]

    /// Where an open ends: at a page, or failed with a code.
    enum End: CustomStringConvertible {
        case opened(String), failed(NavigationError.Code)

        var description: String {
            switch self {
            case .opened(let name): "opened \(name)"
            case .failed(let code): "failed with \(code)"
            }
        }
    }

    /// What the reference says an open of `start` does: the questions asked, as
    /// "guard index: destination", and where it ends, or the error's code.
    static func reference(_ table: [[String: Decision]], start: String, maxRedirects: Int)
        -> (asked: [String], end: End) {
        var asked: [String] = []
        var tried: Set<String> = [start]
        var target = start
        var redirects = 0
        var index = 0
        while index < table.count {
            asked.append("\(index): \(target)")
            switch table[index][target]! {
            case .allow:
                index += 1
            case .refuse:
                return (asked, .failed(.refused))
            case .redirect(let next):
                guard redirects < maxRedirects, tried.insert(next).inserted else { return (asked, .failed(.redirectLoop)) }
                redirects += 1
                target = next
                index = 0
            }
        }
        return (asked, .opened(target))
    }

    @Test("400 random tables of one to four guards: the questions, their order and the outcome agree", arguments: 0..<2)
    func randomTables(batch: Int) async throws {
        var outcomes: [String: Int] = [:]
        for seed in (0..<200).map({ UInt64(7_000 + batch * 200 + $0) }) {
            var random = SeededRandomNumberGenerator(seed: seed)
            let fixture = Fixture()
            for name in Self.names {
                try fixture.navigator.registry.register(name) { _ in TestPage(name) }
            }
            let maxRedirects = Int.random(in: 0...4, using: &random)
            fixture.navigator.configuration.maxRedirects = maxRedirects
            let table: [[String: Decision]] = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Dictionary(uniqueKeysWithValues: Self.names.map { name in
                    let roll = Int.random(in: 0..<10, using: &random)
                    let decision: Decision = roll < 6 ? .allow : roll < 7 ? .refuse : .redirect(random.pick(Self.names))
                    return (name, decision)
                })
            }
            var asked: [String] = []
            var tokens: [ObservationToken] = []
            for (index, decisions) in table.enumerated() {
                tokens.append(fixture.navigator.addGuard { request in
                    let name = request.to.components.last?.name ?? ""
                    asked.append("\(index): \(name)")
                    switch decisions[name] {
                    case .allow?, nil: return .allow
                    case .refuse?: return .refuse(reason: "guard \(index) refuses \(name)")
                    case .redirect(let next)?: return .redirect(to: try! PagePath(parsing: "app://tab/contact/\(next)"))
                    }
                })
            }
            let start = random.pick(Self.names)
            let expected = Self.reference(table, start: start, maxRedirects: maxRedirects)
            let before = fixture.navigator.currentPath
            let described = "seed \(seed), max \(maxRedirects), open \(start), guards: "
                + table.enumerated().map { index, decisions in
                    "\(index) {" + Self.names.map { "\($0): \(decisions[$0]!)" }.joined(separator: ", ") + "}"
                }.joined(separator: "; ")
            do {
                let outcome = try await fixture.navigator.open("app://tab/contact/\(start)", .animated(false))
                guard case .opened(let end) = expected.end else {
                    Issue.record("\(described): opened \(outcome.to), expected \(expected.end)")
                    continue
                }
                #expect(fixture.navigator.currentPath.components.last?.name == end, "\(described)")
                #expect(outcome.redirectedFrom.count == expected.asked.filter { $0.hasPrefix("0: ") }.count - 1,
                        "\(described): redirected from \(outcome.redirectedFrom)")
                outcomes["opened", default: 0] += 1
            } catch let error as NavigationError {
                guard case .failed(let code) = expected.end else {
                    Issue.record("\(described): failed with \(error), expected \(expected.end)")
                    continue
                }
                #expect(error.code == code, "\(described): \(error)")
                #expect(fixture.navigator.currentPath == before, "\(described): something moved")
                outcomes["\(code)", default: 0] += 1
            }
            #expect(asked == expected.asked, "\(described)")
            tokens.forEach { $0.cancel() }
        }
        // Every outcome comes up.
        #expect(outcomes["opened", default: 0] > 20 && outcomes["refused", default: 0] > 20
                && outcomes["redirectLoop", default: 0] > 20, "\(outcomes)")
    }
}
