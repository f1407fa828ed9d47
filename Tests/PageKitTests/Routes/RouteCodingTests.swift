import PageKit
@testable import PageKitRoutes
import Testing

/// A component that a route must refuse, and how.
struct RouteDecodingCase: Sendable, CustomStringConvertible {
    let label: String
    let component: PageComponent
    let query: PageParameters
    let decode: @Sendable (PageComponent, PageParameters) throws -> Void
    let route: String
    let code: PageRouteError.Code
    let parameter: String?
    let value: String?

    var description: String { label }

    /// `everything` with the sample's parameters, `key` set to `value` (or removed).
    static func everything(_ label: String, _ key: String, _ value: String?, _ code: PageRouteError.Code) -> Self {
        var parameters = Dictionary(uniqueKeysWithValues: (try! Everything.sample.pageComponent()).parameters
            .map { ($0.key, $0.value) })
        parameters[key] = value
        let component = PageComponent("everything", parameters: PageParameters(
            parameters.map { PageParameter(key: $0.key, value: $0.value) }))
        return Self(label: label, component: component, query: [:],
                    decode: { _ = try Everything(decoding: $0, query: $1) }, route: "Everything", code: code,
                    parameter: key, value: value)
    }

    static func of<Route: PageRoute>(
        _ route: Route.Type, _ label: String, _ component: PageComponent, query: PageParameters = [:],
        _ code: PageRouteError.Code, parameter: String?, value: String?
    ) -> Self {
        Self(label: label, component: component, query: query, decode: { _ = try Route(decoding: $0, query: $1) },
             route: String(describing: route), code: code, parameter: parameter, value: value)
    }
}

@Suite("Reading and writing typed routes", .timeLimit(.minutes(10)))
struct RouteCodingTests {
    static let decodingErrors: [RouteDecodingCase] = [
        .of(PersonDetail.self, "a missing parameter", PageComponent("person_detail"), .missingParameter,
            parameter: "id", value: nil),
        .of(PersonDetail.self, "missing from component and query", PageComponent("person_detail"),
            query: ["other": "1"], .missingParameter, parameter: "id", value: nil),
        .of(PersonDetail.self, "text for an Int", PageComponent("person_detail", parameters: ["id": "abc"]),
            .invalidValue, parameter: "id", value: "abc"),
        .of(PersonDetail.self, "text for an Int in the query", PageComponent("person_detail"), query: ["id": "abc"],
            .invalidValue, parameter: "id", value: "abc"),
        .of(PersonDetail.self, "an unknown parameter", PageComponent("person_detail", parameters: ["id": "5", "x": "1"]),
            .unknownParameter, parameter: "x", value: "1"),
        .of(PersonDetail.self, "another page's component", PageComponent("home_page", parameters: ["id": "5"]),
            .pageNameMismatch, parameter: nil, value: nil),
        .everything("an empty Int", "int", "", .invalidValue),
        .everything("a fraction for an Int", "int", "1.5", .invalidValue),
        .everything("Int8 out of range", "int8", "128", .invalidValue),
        .everything("text for an Int16", "int16", "x", .invalidValue),
        .everything("a leading space for an Int32", "int32", " 1", .invalidValue),
        .everything("an exponent for an Int64", "int64", "1e3", .invalidValue),
        .everything("a negative UInt", "uint", "-1", .invalidValue),
        .everything("UInt8 out of range", "uint8", "256", .invalidValue),
        .everything("text for a UInt16", "uint16", "abc", .invalidValue),
        .everything("UInt32 out of range", "uint32", "4294967296", .invalidValue),
        .everything("UInt64 out of range", "uint64", "18446744073709551616", .invalidValue),
        .everything("text for a Double", "double", "one", .invalidValue),
        .everything("a decimal comma for a Float", "float", "1,5", .invalidValue),
        .everything("yes for a Bool", "flag", "yes", .invalidValue),
        .everything("TRUE for a Bool", "flag", "TRUE", .invalidValue),
        .everything("1 for a Bool", "flag", "1", .invalidValue),
        .everything("a bad optional Bool", "maybeFlag", "no", .invalidValue),
        .everything("a String raw value no case has", "mood", "angry", .invalidValue),
        .everything("a bad optional enum", "maybeMood", "grumpy", .invalidValue),
        .everything("an Int raw value no case has", "priority", "7", .invalidValue),
        .everything("text for an Int raw value", "priority", "high", .invalidValue),
        .everything("an empty optional Int", "count", "", .invalidValue),
        .everything("a missing Double", "double", nil, .missingParameter),
        .everything("a missing enum", "mood", nil, .missingParameter),
        .everything("an unknown parameter", "colour", "red", .unknownParameter),
        .of(Profile.self, "a renamed key, spelled as the property", PageComponent("profile", parameters: ["personID": "5"]),
            .missingParameter, parameter: "id", value: nil),
        .of(Page1Based.self, "a value the route's own decoding refuses", PageComponent("paged", parameters: ["page": "0"]),
            .invalidValue, parameter: "page", value: "0"),
        .of(Moody.self, "an error of the route's own", PageComponent("moody"), .rejected, parameter: nil, value: nil),
        .of(Nested.self, "a nested struct", PageComponent("nested", parameters: ["address": "x"]), .unsupported,
            parameter: "address", value: nil),
        .of(Listed.self, "an array", PageComponent("listed", parameters: ["ids": "1"]), .unsupported,
            parameter: "ids", value: nil),
        .of(SingleValueRoute.self, "a route that is one value", PageComponent("single"), .unsupported,
            parameter: nil, value: nil),
    ]

    @Test("a component that does not read as the route is a typed error naming the route, parameter and value",
          arguments: decodingErrors)
    func decodingError(_ testCase: RouteDecodingCase) {
        do {
            try testCase.decode(testCase.component, testCase.query)
            Issue.record("\(testCase.label): decoded")
        } catch let error as PageRouteError {
            #expect(error.code == testCase.code, "\(testCase.label): \(error)")
            #expect(error.route == testCase.route)
            #expect(error.parameter == testCase.parameter, "\(testCase.label): \(error)")
            #expect(error.value == testCase.value, "\(testCase.label): \(error)")
            let message = error.description
            #expect(message.contains("`\(testCase.route)`"), "\(message)")
            #expect(message.contains("`\(testCase.component.name)"), "\(message)")
            if let parameter = testCase.parameter { #expect(message.contains("`\(parameter)`"), "\(message)") }
            if let value = testCase.value { #expect(message.contains("`\(value)`"), "\(message)") }
        } catch {
            Issue.record("\(testCase.label): not a PageRouteError: \(error)")
        }
    }

    @Test("a message reads as a sentence that names everything")
    func message() {
        #expect(throws: PageRouteError.self) {
            try PersonDetail(decoding: PageComponent("person_detail", parameters: ["id": "abc"]))
        }
        do {
            _ = try PersonDetail(decoding: PageComponent("person_detail", parameters: ["id": "abc"]))
        } catch {
            #expect("\(error)" == "cannot read route `PersonDetail` (`person_detail`) from `person_detail(id=abc)`: "
                + "parameter `id` is `abc`, which is not an Int")
        }
        do {
            _ = try Everything(decoding: RouteDecodingCase.everything("", "int8", "300", .invalidValue).component)
        } catch {
            #expect("\(error)".contains("parameter `int8` is `300`, which is not an Int8 (out of range)"), "\(error)")
        }
        do {
            _ = try PersonDetail(decoding: PageComponent("person_detail"), query: ["utm": "x"])
        } catch {
            #expect("\(error)" == "cannot read route `PersonDetail` (`person_detail`) from `person_detail?utm=x`: "
                + "parameter `id` is in neither the component nor the query")
        }
        do {
            _ = try Everything(decoding: RouteDecodingCase.everything("", "mood", "angry", .invalidValue).component)
        } catch {
            #expect("\(error)".contains("parameter `mood` is `angry`, which is not a Mood"), "\(error)")
        }
    }

    @Test("every supported kind of value writes as text and reads back")
    func everyKind() throws {
        let route = Everything(
            int: .min, int8: .min, int16: .max, int32: -7, int64: .max, uint: .max, uint8: 255, uint16: 0,
            uint32: .max, uint64: .max, double: -0.1, float: 3.25, flag: false, text: "a,b)c(d/e!f#g?h&i=j%k l é",
            mood: .soSo, priority: .low, note: "", count: 0, maybeMood: .sad, maybeFlag: true
        )
        let component = try route.pageComponent()
        #expect(component.name == "everything")
        #expect(component.parameters["int"] == "-9223372036854775808")
        #expect(component.parameters["uint64"] == "18446744073709551615")
        #expect(component.parameters["double"] == "-0.1")
        #expect(component.parameters["flag"] == "false")
        #expect(component.parameters["mood"] == "so-so, (really)")
        #expect(component.parameters["priority"] == "-1")
        #expect(component.parameters["note"] == "", "an empty string is a value, not nil")
        #expect(try Everything(decoding: component) == route)
        let reparsed = try PagePath(parsing: PagePath([component]).description)
        #expect(try Everything(decoding: reparsed.components[0]) == route)
    }

    @Test("nil leaves its parameter out, and an absent parameter reads as nil")
    func optionals() throws {
        let component = try Everything.sample.pageComponent()
        for key in ["note", "count", "maybeMood", "maybeFlag"] { #expect(component.parameters[key] == nil) }
        #expect(component.parameters.count == 16)
        #expect(try Everything(decoding: component) == Everything.sample)
        #expect(try Search(query: "x").pageComponent() == PageComponent("search", parameters: ["query": "x"]))
    }

    @Test("parameters print sorted by key, under their coding keys")
    func canonicalOrder() throws {
        #expect(try Profile(personID: 5, section: .sad).pageComponent().description == "/profile(id=5,section=sad)")
        #expect(try Profile(decoding: PageComponent("profile", parameters: ["section": "happy", "id": "7"]))
            == Profile(personID: 7, section: .happy))
    }

    @Test("the component's own value wins over the query's; query items are never extra")
    func queryFallback() throws {
        let component = PageComponent("person_detail", parameters: ["id": "5"])
        #expect(try PersonDetail(decoding: component, query: ["id": "6", "utm": "x"]) == PersonDetail(id: 5))
        #expect(try PersonDetail(decoding: PageComponent("person_detail"), query: ["id": "6", "utm": "x"])
            == PersonDetail(id: 6))
        let path = try PagePath(parsing: "app://tab/contact/person_detail?id=5")
        #expect(try PersonDetail(decoding: path.components[2], query: path.query) == PersonDetail(id: 5))
    }

    @Test("a route that allows extra parameters ignores them")
    func extras() throws {
        let component = PageComponent("search", parameters: ["query": "cats", "utm_source": "mail"])
        #expect(try Search(decoding: component) == Search(query: "cats"))
    }

    @Test("integers read as Swift reads them: a plus sign and leading zeros are the same number")
    func integerSpelling() throws {
        #expect(try PersonDetail(decoding: PageComponent("person_detail", parameters: ["id": "+05"])).id == 5)
        #expect(try PersonDetail(decoding: PageComponent("person_detail", parameters: ["id": "-0"])).id == 0)
    }

    @Test("shapes a flat parameter list cannot hold are refused when written, naming the parameter")
    func unsupportedWrites() {
        let cases: [(String, @Sendable () throws -> PageComponent, String?)] = [
            ("nested", { try Nested(address: Address(street: "x")).pageComponent() }, "address"),
            ("listed", { try Listed(ids: [1, 2]).pageComponent() }, "ids"),
            ("empty list", { try Listed(ids: []).pageComponent() }, "ids"),
            ("single", { try SingleValueRoute.one.pageComponent() }, nil),
            ("unnamed", { try Unnamed(id: 1).pageComponent() }, ""),
        ]
        for (label, write, parameter) in cases {
            do {
                _ = try write()
                Issue.record("\(label): written")
            } catch let error as PageRouteError {
                #expect(error.code == .unsupported, "\(label)")
                #expect(error.parameter == parameter, "\(label)")
                #expect(error.input == nil)
                #expect(error.description.hasPrefix("cannot write route"), "\(error)")
            } catch {
                Issue.record("\(label): \(error)")
            }
        }
    }
}
