import PageKit
@testable import PageKitRoutes
import PageKitTestSupport
import Testing

/// A value that codes itself as the single value it wraps, as identifier types do
/// (`Tagged<Person, Int64>`, `struct UserID: Codable { let rawValue: UInt32 }`).
struct Wrapped<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    var value: Value

    init(_ value: Value) { self.value = value }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Value.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Like ``Wrapped``, for a value that may be absent: it writes and reads `nil` itself.
struct MaybeWrapped: Codable, Equatable, Sendable {
    var value: Int16?

    init(_ value: Int16?) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try container.decode(Int16.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

/// Every kind of single value, each through a wrapper's single-value container.
struct WrappedEverything: PageRoute, Equatable {
    static let pageName = "wrapped"
    var flag: Wrapped<Bool>
    var text: Wrapped<String>
    var double: Wrapped<Double>
    var float: Wrapped<Float>
    var int: Wrapped<Int>
    var int8: Wrapped<Int8>
    var int16: Wrapped<Int16>
    var int32: Wrapped<Int32>
    var int64: Wrapped<Int64>
    var uint: Wrapped<UInt>
    var uint8: Wrapped<UInt8>
    var uint16: Wrapped<UInt16>
    var uint32: Wrapped<UInt32>
    var uint64: Wrapped<UInt64>
    var maybe: MaybeWrapped
    var optional: Wrapped<Int>?
}

/// A route that reads and writes whatever parameters there are, under keys it learns from
/// the component (`allKeys`), as a filter screen keeping every filter does.
struct Filters: PageRoute, Equatable {
    static let pageName = "filters"
    var values: [String: String]

    init(_ values: [String: String]) { self.values = values }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var values: [String: String] = [:]
        for key in container.allKeys { values[key.stringValue] = try container.decode(String.self, forKey: key) }
        self.values = values
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in values { try container.encode(value, forKey: Key(stringValue: key)) }
    }
}

/// A route whose hand-written coding asks for what a flat parameter list cannot hold.
struct HandWritten: PageRoute, Equatable {
    static let pageName = "hand_written"
    enum Shape: Sendable { case nestedKeyed, nestedUnkeyed }
    var shape: Shape

    enum CodingKeys: String, CodingKey { case address, ids }

    init(_ shape: Shape) { self.shape = shape }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.address) {
            _ = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .address)
            shape = .nestedKeyed
        } else {
            _ = try container.nestedUnkeyedContainer(forKey: .ids)
            shape = .nestedUnkeyed
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch shape {
        case .nestedKeyed:
            var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .address)
            try nested.encode("Main Street", forKey: .address)
        case .nestedUnkeyed:
            var nested = container.nestedUnkeyedContainer(forKey: .ids)
            try nested.encode(1)
        }
    }
}

/// A route that writes values through the super encoders, as a class hierarchy's coding
/// does: under the key it names, or under `super`.
struct ThroughSuper: PageRoute, Equatable {
    static let pageName = "through_super"
    var base: Int
    var inherited: String

    enum CodingKeys: String, CodingKey { case base }

    init(base: Int, inherited: String) {
        self.base = base
        self.inherited = inherited
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        base = try Int(from: container.superDecoder(forKey: .base))
        inherited = try String(from: container.superDecoder())
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try base.encode(to: container.superEncoder(forKey: .base))
        try inherited.encode(to: container.superEncoder())
    }
}

/// A route whose own coding throws the standard errors, with coding paths that name a
/// parameter.
struct Strict: PageRoute, Equatable {
    static let pageName = "strict"
    enum Fault: Sendable { case none, valueNotFound, typeMismatch, keyNotFound }
    var fault: Fault = .none
    var limit: Int

    enum CodingKeys: String, CodingKey { case limit }

    init(limit: Int, fault: Fault = .none) {
        self.limit = limit
        self.fault = fault
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let path = [CodingKeys.limit]
        guard let text = try container.decodeIfPresent(String.self, forKey: .limit) else {
            throw DecodingError.valueNotFound(Int.self, .init(codingPath: path, debugDescription: "no limit"))
        }
        switch text {
        case "none": throw DecodingError.keyNotFound(CodingKeys.limit, .init(codingPath: [], debugDescription: "none"))
        case "many": throw DecodingError.typeMismatch(Int.self, .init(codingPath: path, debugDescription: "not a number"))
        default: limit = Int(text) ?? 0
        }
    }

    func encode(to encoder: any Encoder) throws {
        guard limit >= 0 else {
            throw EncodingError.invalidValue(limit, .init(codingPath: [CodingKeys.limit], debugDescription: "negative"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(limit), forKey: .limit)
    }
}

@Suite("Typed routes through every kind of coding container", .timeLimit(.minutes(10)))
struct RouteContainerTests {
    static func randomWrapped(_ generator: inout RouteGenerator) -> WrappedEverything {
        WrappedEverything(
            flag: Wrapped(generator.random.chance(0.5)), text: Wrapped(generator.text()),
            double: Wrapped(generator.double()), float: Wrapped(generator.float()),
            int: Wrapped(generator.integer()), int8: Wrapped(generator.integer()), int16: Wrapped(generator.integer()),
            int32: Wrapped(generator.integer()), int64: Wrapped(generator.integer()), uint: Wrapped(generator.integer()),
            uint8: Wrapped(generator.integer()), uint16: Wrapped(generator.integer()),
            uint32: Wrapped(generator.integer()), uint64: Wrapped(generator.integer()),
            maybe: MaybeWrapped(generator.optional { $0.integer() }),
            optional: generator.optional { Wrapped($0.integer()) }
        )
    }

    @Test("wrapped values of every kind write as the value they wrap and read back equal", arguments: 0..<4)
    func wrappedRoundTrip(batch: Int) throws {
        var generator = RouteGenerator(random: SeededRandomNumberGenerator(seed: UInt64(7_000 + batch)))
        for _ in 0..<250 {
            let route = Self.randomWrapped(&generator)
            let component = try route.pageComponent()
            let parameters = component.parameters
            #expect(parameters["flag"] == (route.flag.value ? "true" : "false"))
            #expect(parameters["int8"] == String(route.int8.value))
            #expect(parameters["uint64"] == String(route.uint64.value))
            #expect(parameters["maybe"] == route.maybe.value.map { String($0) }, "nil leaves the parameter out")
            #expect(parameters["optional"] == route.optional.map { String($0.value) })
            // Through the path's text as well: what a link or a restore carries.
            let path = try PagePath(parsing: PagePath([component]).description)
            #expect(try WrappedEverything(decoding: path.components[0]) == route, "\(component)")
        }
    }

    @Test("a wrapped value that does not read as its type is a typed error naming the parameter and the text")
    func wrappedInvalid() throws {
        var component = try WrappedEverything.sample.pageComponent()
        component.parameters = PageParameters(component.parameters.map {
            $0.key == "uint16" ? PageParameter(key: "uint16", value: "70000") : $0
        })
        let error = try #require(throws: PageRouteError.self) { try WrappedEverything(decoding: component) }
        #expect(error.code == .invalidValue)
        #expect(error.parameter == "uint16" && error.value == "70000")
        var missing = try WrappedEverything.sample.pageComponent()
        missing.parameters = PageParameters(missing.parameters.filter { $0.key != "float" })
        let absent = try #require(throws: PageRouteError.self) { try WrappedEverything(decoding: missing) }
        #expect(absent.code == .missingParameter && absent.parameter == "float")
    }

    @Test("a route can read every parameter by the keys the component has, the component's before the query's")
    func allKeys() throws {
        let filters = Filters(["color": "red", "size": "m", "q": "a b"])
        let component = try filters.pageComponent()
        #expect(component.description == "/filters(color=red,q=a%20b,size=m)")
        #expect(try Filters(decoding: component) == filters)
        let read = try Filters(decoding: PageComponent("filters", parameters: ["color": "blue"]),
                               query: ["color": "green", "sort": "new"])
        #expect(read.values == ["color": "blue", "sort": "new"], "each key once; the component's value wins")
        #expect(try Filters(decoding: PageComponent("filters")).values.isEmpty)
    }

    @Test("a hand-written nested container is refused when written and when read, naming the parameter",
          arguments: [HandWritten.Shape.nestedKeyed, .nestedUnkeyed])
    func handWrittenNesting(shape: HandWritten.Shape) throws {
        let parameter = shape == .nestedKeyed ? "address" : "ids"
        let written = try #require(throws: PageRouteError.self) { try HandWritten(shape).pageComponent() }
        #expect(written.code == .unsupported && written.parameter == parameter, "\(written)")
        let read = try #require(throws: PageRouteError.self) {
            try HandWritten(decoding: PageComponent("hand_written", parameters: [parameter: "1"]))
        }
        #expect(read.code == .unsupported && read.parameter == parameter, "\(read)")
    }

    @Test("values written through the super encoders are parameters under their key, or under `super`")
    func superCoders() throws {
        let route = ThroughSuper(base: 42, inherited: "kind")
        let component = try route.pageComponent()
        #expect(component.description == "/through_super(base=42,super=kind)")
        #expect(try ThroughSuper(decoding: component) == route)
    }

    @Test("the standard errors a route's own coding throws become typed errors naming the parameter")
    func standardErrors() throws {
        let negative = try #require(throws: PageRouteError.self) { try Strict(limit: -1).pageComponent() }
        #expect(negative.code == .rejected && negative.parameter == "limit", "\(negative)")
        #expect(negative.underlying is EncodingError)
        let absent = try #require(throws: PageRouteError.self) { try Strict(decoding: PageComponent("strict")) }
        #expect(absent.code == .missingParameter && absent.parameter == "limit", "\(absent)")
        let mismatch = try #require(throws: PageRouteError.self) {
            try Strict(decoding: PageComponent("strict", parameters: ["limit": "many"]))
        }
        #expect(mismatch.code == .invalidValue && mismatch.parameter == "limit" && mismatch.value == "many",
                "\(mismatch)")
        let keyless = try #require(throws: PageRouteError.self) {
            try Strict(decoding: PageComponent("strict", parameters: ["limit": "none"]))
        }
        #expect(keyless.code == .missingParameter && keyless.parameter == "limit", "\(keyless)")
        #expect(try Strict(decoding: PageComponent("strict", parameters: ["limit": "7"])) == Strict(limit: 7))
    }
}

extension WrappedEverything {
    static let sample = WrappedEverything(
        flag: Wrapped(true), text: Wrapped("a"), double: Wrapped(1.5), float: Wrapped(2.5), int: Wrapped(-1),
        int8: Wrapped(-8), int16: Wrapped(16), int32: Wrapped(32), int64: Wrapped(64), uint: Wrapped(1),
        uint8: Wrapped(8), uint16: Wrapped(16), uint32: Wrapped(32), uint64: Wrapped(64), maybe: MaybeWrapped(nil),
        optional: nil
    )
}
