import Foundation
import PageKit
import PageKitContainers
import ShowcaseApp

// Opens the URLs of DESIGN.md's worked example, each on a demo app brought to the row's
// "before" state, and prints the plan, the live tree and the current URL.

@MainActor
func runShowcase() async -> Int32 {
    var failures: Int32 = 0
    for (number, row) in WorkedExampleRow.table.enumerated() {
        let app = DemoApp()
        print("── \(number + 1). before \(row.before)")
        do {
            try await app.navigator.open(row.before, .exact.animated(false))
            print("open \(row.url)")
            let plan = try app.navigator.plan(for: row.url)
            print(plan)
            try await app.navigator.open(row.url)
            print("live tree:")
            print(app.navigator.hierarchyDescription.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            print("current URL: \(app.navigator.currentURL(scheme: "app"))")
            if let detail = app.contact.pages.compactMap({ $0 as? PersonDetailPage }).first,
               !detail.receivedEvents.isEmpty {
                print("person_detail(id=\(detail.personID)) received: \(detail.receivedEvents.joined(separator: ", "))")
            }
        } catch {
            print("error: \(error)")
            failures += 1
        }
        print("")
    }
    return failures
}

let failures = await runShowcase()
exit(failures)
