extension PagePath: Codable {
    /// Reads a path from its text, as ``encode(to:)`` wrote it.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` with the ``PagePathError`` underneath when the
    ///   text is not a valid path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try PagePath(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// Writes the path as its canonical text, a form that stays stable across versions:
    /// `"/tab#contact/list/person_detail(id=5)"`.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError.invalidValue` for a path that climbs fewer than 0 levels,
    ///   which has no text; whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        if case .current(let levelsUp) = origin, levelsUp < 0 {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "a path that climbs \(levelsUp) levels has no text"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
