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
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
