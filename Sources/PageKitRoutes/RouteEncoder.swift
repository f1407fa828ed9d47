import PageKit
/// Writes a route's stored properties as flat string parameters, through `Encodable`.
///
/// A route is a keyed container of single values: `Int` and the other fixed-width
/// integers, `Double`, `Float`, `Bool` (`true`/`false`), `String`, and anything that
/// encodes itself as one of those (enums with raw values, wrappers). `nil` leaves its key
/// out. A value that asks for a nested keyed or unkeyed container is refused with
/// ``PageRouteError/Code/unsupported``: a path component has one level of parameters.
enum RouteEncoding {
    static func parameters<Route: PageRoute>(of route: Route) throws -> PageParameters {
        let state = RouteEncodingState(route: String(describing: Route.self), pageName: Route.pageName)
        do {
            try route.encode(to: RouteEncoder(state: state, key: nil))
        } catch let error as PageRouteError {
            throw state.failure ?? error
        } catch {
            throw state.failure ?? state.error(.rejected, parameter: (error as? EncodingError)?.parameter,
                                               reason: "its encode(to:) threw", underlying: error)
        }
        if let failure = state.failure { throw failure }
        let sorted = state.values.sorted { PageParameter.keyPrecedes($0.key, $1.key) }
        return PageParameters(capacity: sorted.count) { parameters in
            for (key, value) in sorted { parameters.append(PageParameter(key: key, value: value)) }
        }
    }
}

/// What an encoding in progress has written, and its first failure.
///
/// A class because `Encoder` hands out containers by value that must all write to one
/// place.
final class RouteEncodingState {
    let route: String
    let pageName: String
    var values: [String: String] = [:]
    /// The first failure that a container could not throw where it happened, such as a
    /// request for a nested container (`Encoder`'s container methods do not throw).
    var failure: PageRouteError?

    init(route: String, pageName: String) {
        self.route = route
        self.pageName = pageName
    }

    func error(_ code: PageRouteError.Code, parameter: String?, reason: String,
               underlying: (any Error)? = nil) -> PageRouteError {
        PageRouteError(code, route: route, pageName: pageName, input: nil, parameter: parameter,
                       reason: reason, underlying: underlying)
    }

    /// Records a failure to throw once encoding returns, keeping the first.
    @discardableResult
    func fail(_ code: PageRouteError.Code, parameter: String?, reason: String) -> PageRouteError {
        let error = error(code, parameter: parameter, reason: reason)
        if failure == nil { failure = error }
        return failure ?? error
    }

    /// Sets, or with `nil` removes, the parameter for `key`.
    func write(_ text: String?, for key: any CodingKey) throws {
        let name = key.stringValue
        guard !name.isEmpty else {
            throw fail(.unsupported, parameter: name,
                       reason: "a parameter cannot be named by the empty string")
        }
        values[name] = text
    }

    @discardableResult
    func nestedContainerRefused(_ key: (any CodingKey)?, kind: String) -> PageRouteError {
        guard let key else {
            return fail(.unsupported, parameter: nil,
                        reason: "a route must encode its values under keys, and it asked for \(kind)")
        }
        return fail(.unsupported, parameter: key.stringValue,
                    reason: "parameter `\(key.stringValue)` is \(kind); a route holds one value per parameter")
    }
}

extension EncodingError {
    /// The parameter the error is about, if its coding path names one.
    var parameter: String? {
        switch self {
        case .invalidValue(_, let context): context.codingPath.first?.stringValue
        @unknown default: nil
        }
    }
}

/// The encoder for the route itself (`key == nil`) or for one of its values.
struct RouteEncoder: Encoder {
    let state: RouteEncodingState
    let key: (any CodingKey)?

    var codingPath: [any CodingKey] { key.map { [$0] } ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if key != nil {
            // Writes go nowhere that matters: the recorded failure is thrown at the end.
            state.nestedContainerRefused(key, kind: "a nested keyed container (a struct or a dictionary)")
        }
        return KeyedEncodingContainer(RouteKeyedEncodingContainer<Key>(state: state, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let error = state.nestedContainerRefused(key, kind: "an unkeyed container (an array or a set)")
        return RefusingUnkeyedEncodingContainer(codingPath: codingPath, error: error)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if key == nil { state.nestedContainerRefused(nil, kind: "a single value") }
        return RouteSingleValueEncodingContainer(state: state, key: key)
    }
}

struct RouteKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: RouteEncodingState
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { try state.write(nil, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try state.write(value ? "true" : "false", for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try state.write(value, for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try state.write(value.description, for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try state.write(value.description, for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try state.write(String(value), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try state.write(String(value), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: RouteEncoder(state: state, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        RouteEncoder(state: state, key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RouteEncoder(state: state, key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        RouteEncoder(state: state, key: SuperKey())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        RouteEncoder(state: state, key: key)
    }
}

struct RouteSingleValueEncodingContainer: SingleValueEncodingContainer {
    let state: RouteEncodingState
    /// The parameter written, or `nil` for the route itself, which cannot be one value.
    let key: (any CodingKey)?

    var codingPath: [any CodingKey] { key.map { [$0] } ?? [] }

    private func write(_ text: String?) throws {
        guard let key else { throw state.nestedContainerRefused(nil, kind: "a single value") }
        try state.write(text, for: key)
    }

    mutating func encodeNil() throws { try write(nil) }
    mutating func encode(_ value: Bool) throws { try write(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try write(value) }
    mutating func encode(_ value: Double) throws { try write(value.description) }
    mutating func encode(_ value: Float) throws { try write(value.description) }
    mutating func encode(_ value: Int) throws { try write(String(value)) }
    mutating func encode(_ value: Int8) throws { try write(String(value)) }
    mutating func encode(_ value: Int16) throws { try write(String(value)) }
    mutating func encode(_ value: Int32) throws { try write(String(value)) }
    mutating func encode(_ value: Int64) throws { try write(String(value)) }
    mutating func encode(_ value: UInt) throws { try write(String(value)) }
    mutating func encode(_ value: UInt8) throws { try write(String(value)) }
    mutating func encode(_ value: UInt16) throws { try write(String(value)) }
    mutating func encode(_ value: UInt32) throws { try write(String(value)) }
    mutating func encode(_ value: UInt64) throws { try write(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: RouteEncoder(state: state, key: key))
    }
}

/// What an array or a set is handed: every write throws the failure already recorded.
struct RefusingUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    let error: PageRouteError
    var count: Int { 0 }

    mutating func encodeNil() throws { throw error }
    mutating func encode(_ value: Bool) throws { throw error }
    mutating func encode(_ value: String) throws { throw error }
    mutating func encode(_ value: Double) throws { throw error }
    mutating func encode(_ value: Float) throws { throw error }
    mutating func encode(_ value: Int) throws { throw error }
    mutating func encode(_ value: Int8) throws { throw error }
    mutating func encode(_ value: Int16) throws { throw error }
    mutating func encode(_ value: Int32) throws { throw error }
    mutating func encode(_ value: Int64) throws { throw error }
    mutating func encode(_ value: UInt) throws { throw error }
    mutating func encode(_ value: UInt8) throws { throw error }
    mutating func encode(_ value: UInt16) throws { throw error }
    mutating func encode(_ value: UInt32) throws { throw error }
    mutating func encode(_ value: UInt64) throws { throw error }
    mutating func encode<T: Encodable>(_ value: T) throws { throw error }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RouteKeyedEncodingContainer<NestedKey>(
            state: RouteEncodingState(route: error.route, pageName: error.pageName), codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }

    mutating func superEncoder() -> any Encoder {
        RouteEncoder(state: RouteEncodingState(route: error.route, pageName: error.pageName), key: SuperKey())
    }
}

/// The key `super`, for classes that encode or decode their superclass's values.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { nil }
}
