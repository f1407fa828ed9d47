import PageKit
@testable import PageKitRoutes

// Routes shaped like an app's, shared by the route tests.

struct Tab: PageRoute, Equatable {
    static let pageName = "tab"
}

struct Contact: PageRoute, Equatable {
    static let pageName = "contact"
}

struct Compose: PageRoute, Equatable {
    static let pageName = "compose"
}

struct PersonDetail: PageRoute, Equatable {
    static let pageName = "person_detail"
    var id: Int
}

enum Mood: String, Codable, CaseIterable, Sendable {
    case happy, sad
    case soSo = "so-so, (really)"
}

enum Priority: Int, Codable, CaseIterable, Sendable {
    case low = -1, normal = 0, high = 10
}

/// One property of every supported kind.
struct Everything: PageRoute, Equatable {
    static let pageName = "everything"
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var flag: Bool
    var text: String
    var mood: Mood
    var priority: Priority
    var note: String?
    var count: Int?
    var maybeMood: Mood?
    var maybeFlag: Bool?

    static let sample = Everything(
        int: 1, int8: 2, int16: 3, int32: 4, int64: 5, uint: 6, uint8: 7, uint16: 8, uint32: 9, uint64: 10,
        double: 1.5, float: 2.5, flag: true, text: "hi", mood: .happy, priority: .high,
        note: nil, count: nil, maybeMood: nil, maybeFlag: nil
    )
}

/// Strings only, and extra parameters allowed.
struct Search: PageRoute, Equatable {
    static let pageName = "search"
    static let allowsExtraParameters = true
    var query: String
    var scope: String?
}

/// A coding key that differs from the property's name.
struct Profile: PageRoute, Equatable {
    static let pageName = "profile"
    var personID: Int
    var section: Mood?

    enum CodingKeys: String, CodingKey {
        case personID = "id"
        case section
    }
}

/// A route whose own decoding checks its values.
struct Page1Based: PageRoute, Equatable {
    static let pageName = "paged"
    var page: Int

    init(page: Int) { self.page = page }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(Int.self, forKey: .page)
        guard page >= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .page, in: container, debugDescription: "pages start at 1")
        }
    }
}

struct NotAllowed: Error, CustomStringConvertible {
    var description: String { "not allowed today" }
}

/// A route whose own decoding throws an error of its own.
struct Moody: PageRoute, Equatable {
    static let pageName = "moody"

    init() {}

    init(from decoder: any Decoder) throws {
        throw NotAllowed()
    }
}

struct Address: Codable, Equatable, Sendable {
    var street: String
}

/// Shapes a flat list of parameters cannot hold.
struct Nested: PageRoute, Equatable {
    static let pageName = "nested"
    var address: Address
}

struct Listed: PageRoute, Equatable {
    static let pageName = "listed"
    var ids: [Int]
}

/// A route whose coding key is the empty string, which no parameter can be named.
struct Unnamed: PageRoute, Equatable {
    static let pageName = "unnamed"
    var id: Int

    enum CodingKeys: String, CodingKey {
        case id = ""
    }
}

enum SingleValueRoute: String, PageRoute {
    static let pageName = "single"
    case one
}
