import PageKit
/// Reads a route's stored properties from a component's parameters, through `Decodable`.
///
/// A value is looked for among the component's own parameters, then in the query, as
/// ``PageIntent/parameter(_:)`` does. Decoding is strict: a missing value, text that is
/// not a value of its type, and (unless the route allows them) a component parameter the
/// route never read are typed errors naming the route, the parameter and the value.
enum RouteDecoding {
    static func decode<Route: PageRoute>(
        _ type: Route.Type,
        from component: PageComponent,
        query: PageParameters
    ) throws -> Route {
        let state = RouteDecodingState(route: String(describing: Route.self), pageName: Route.pageName,
                                       component: component, query: query)
        guard component.name == Route.pageName else {
            throw state.error(.pageNameMismatch, reason: "the component names `\(component.name)`, not `\(Route.pageName)`")
        }
        let route: Route
        do {
            route = try Route(from: RouteDecoder(state: state, key: nil, value: nil))
        } catch let error as PageRouteError {
            throw error
        } catch let error as DecodingError {
            throw state.translate(error)
        } catch {
            throw state.error(.rejected, reason: "its init(from:) threw", underlying: error)
        }
        if !Route.allowsExtraParameters, let index = state.read.firstIndex(of: false) {
            let parameter = component.parameters[index]
            throw state.error(.unknownParameter, parameter: parameter.key, value: parameter.value,
                              reason: "parameter `\(parameter.key)` (`\(PagePathError.shortened(parameter.value))`) "
                                  + "is not one the route reads, and the route allows no extra parameters")
        }
        return route
    }
}

/// The component and query being read, and which of the component's parameters the
/// route has asked for.
final class RouteDecodingState {
    let route: String
    let pageName: String
    let component: PageComponent
    let query: PageParameters
    /// Per parameter of the component: whether the route asked for it.
    var read: [Bool]

    init(route: String, pageName: String, component: PageComponent, query: PageParameters) {
        self.route = route
        self.pageName = pageName
        self.component = component
        self.query = query
        read = Array(repeating: false, count: component.parameters.count)
    }

    /// The component's value for `key`, else the query's; marks the component's as read.
    func value(for key: String) -> String? {
        let parameters = component.parameters
        for index in parameters.indices where parameters[index].key == key {
            read[index] = true
            return parameters[index].value
        }
        return query[key]
    }

    /// The text read, for messages: the component's body and the query.
    var input: String {
        var text = ""
        PathPrinter.appendComponentBody(component, to: &text, asURL: false)
        if !query.isEmpty {
            text += "?"
            PathPrinter.appendQuery(query, to: &text, asURL: false)
        }
        return text
    }

    func error(_ code: PageRouteError.Code, parameter: String? = nil, value: String? = nil, reason: String,
               underlying: (any Error)? = nil) -> PageRouteError {
        PageRouteError(code, route: route, pageName: pageName, input: input, parameter: parameter, value: value,
                       reason: reason, underlying: underlying)
    }

    func missing(_ key: String) -> PageRouteError {
        let reason = query.isEmpty
            ? "parameter `\(key)` is missing" : "parameter `\(key)` is in neither the component nor the query"
        return error(.missingParameter, parameter: key, reason: reason)
    }

    func invalid(_ key: String, _ value: String, type: Any.Type, detail: String? = nil,
                 underlying: (any Error)? = nil) -> PageRouteError {
        var reason = "parameter `\(key)` is `\(PagePathError.shortened(value))`, which is not "
        reason += Self.article(String(describing: type))
        if let detail { reason += " (\(detail))" }
        return error(.invalidValue, parameter: key, value: value, reason: reason, underlying: underlying)
    }

    func unsupported(_ key: (any CodingKey)?, kind: String) -> PageRouteError {
        guard let key else {
            return error(.unsupported, reason: "a route must decode its values under keys, and it asked for \(kind)")
        }
        return error(.unsupported, parameter: key.stringValue,
                     reason: "parameter `\(key.stringValue)` is read as \(kind); a route holds one value per parameter")
    }

    /// A `DecodingError` that a route's own `init(from:)` threw, as a typed error naming
    /// the parameter its coding path names.
    func translate(_ decodingError: DecodingError) -> PageRouteError {
        switch decodingError {
        case .keyNotFound(let key, _):
            return missing(key.stringValue)
        case .valueNotFound(_, let context):
            if let key = context.codingPath.first?.stringValue { return missing(key) }
        case .typeMismatch(let type, let context):
            if let key = context.codingPath.first?.stringValue, let value = value(for: key) {
                return invalid(key, value, type: type, detail: context.debugDescription, underlying: decodingError)
            }
        case .dataCorrupted(let context):
            if let key = context.codingPath.first?.stringValue, let value = value(for: key) {
                return error(.invalidValue, parameter: key, value: value,
                             reason: "parameter `\(key)` is `\(PagePathError.shortened(value))`, which the route "
                                 + "refuses: \(context.debugDescription)",
                             underlying: decodingError)
            }
        @unknown default:
            break
        }
        return error(.rejected, reason: "its init(from:) threw", underlying: decodingError)
    }

    private static func article(_ typeName: String) -> String {
        // Not "U": UInt, URL and UUID take "a".
        let vowels: Set<Character> = ["A", "E", "I", "O", "a", "e", "i", "o"]
        guard let first = typeName.first else { return typeName }
        return (vowels.contains(first) ? "an " : "a ") + typeName
    }
}

/// The decoder for the route itself (`key == nil`) or for one of its values.
struct RouteDecoder: Decoder {
    let state: RouteDecodingState
    let key: (any CodingKey)?
    /// The parameter's text, or `nil` when it is absent (or this is the route itself).
    let value: String?

    var codingPath: [any CodingKey] { key.map { [$0] } ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard key == nil else { throw state.unsupported(key, kind: "a nested keyed container (a struct or a dictionary)") }
        return KeyedDecodingContainer(RouteKeyedDecodingContainer<Key>(state: state))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw state.unsupported(key, kind: "an unkeyed container (an array or a set)")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let key else { throw state.unsupported(nil, kind: "a single value") }
        return RouteSingleValueDecodingContainer(state: state, key: key, value: value)
    }
}

struct RouteKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: RouteDecodingState

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        var seen: Set<String> = []
        var keys: [Key] = []
        for parameter in Array(state.component.parameters) + Array(state.query) where seen.insert(parameter.key).inserted {
            if let key = Key(stringValue: parameter.key) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { state.value(for: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { state.value(for: key.stringValue) == nil }

    private func single(_ key: Key) -> RouteSingleValueDecodingContainer {
        RouteSingleValueDecodingContainer(state: state, key: key, value: state.value(for: key.stringValue))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try single(key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw state.unsupported(key, kind: "a nested keyed container (a struct or a dictionary)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw state.unsupported(key, kind: "an unkeyed container (an array or a set)")
    }

    func superDecoder() throws -> any Decoder {
        RouteDecoder(state: state, key: SuperKey(), value: state.value(for: SuperKey().stringValue))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        RouteDecoder(state: state, key: key, value: state.value(for: key.stringValue))
    }
}

struct RouteSingleValueDecodingContainer: SingleValueDecodingContainer {
    let state: RouteDecodingState
    let key: any CodingKey
    let value: String?

    var codingPath: [any CodingKey] { [key] }

    func decodeNil() -> Bool { value == nil }

    private func text() throws -> String {
        guard let value else { throw state.missing(key.stringValue) }
        return value
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let text = try text()
        guard let number = T(text, radix: 10) else {
            // A numeral that does not parse is out of the type's range, such as 300 for UInt8.
            let digits = text.first == "-" || text.first == "+" ? text.utf8.dropFirst() : text.utf8[...]
            let isNumeral = !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            throw state.invalid(key.stringValue, text, type: type, detail: isNumeral ? "out of range" : nil)
        }
        return number
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        let text = try text()
        switch text {
        case "true": return true
        case "false": return false
        default: throw state.invalid(key.stringValue, text, type: type, detail: "write `true` or `false`")
        }
    }

    func decode(_ type: String.Type) throws -> String { try text() }

    func decode(_ type: Double.Type) throws -> Double {
        let text = try text()
        guard let number = Double(text) else { throw state.invalid(key.stringValue, text, type: type) }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float {
        let text = try text()
        guard let number = Float(text) else { throw state.invalid(key.stringValue, text, type: type) }
        return number
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    /// A type that decodes itself from one value (an enum with a raw value, a wrapper).
    /// Whatever it throws becomes an error naming the parameter, the value and the type.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try T(from: RouteDecoder(state: state, key: key, value: value))
        } catch let error as PageRouteError where error.code != .invalidValue {
            throw error
        } catch {
            guard let value else { throw state.missing(key.stringValue) }
            var detail: String?
            if case .dataCorrupted(let context)? = error as? DecodingError, !context.debugDescription.isEmpty {
                detail = context.debugDescription
            }
            throw state.invalid(key.stringValue, value, type: type, detail: detail, underlying: error)
        }
    }
}
