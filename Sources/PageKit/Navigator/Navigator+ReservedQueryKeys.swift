// The query keys a navigator reads as options (`?animated=false`, `?modal=true`), when its
// configuration names them.
extension Navigator {
    /// Takes the reserved query keys the configuration names out of `path`, into `options`.
    func reading(_ path: consuming PagePath, _ options: consuming NavigationOptions) throws
        -> (PagePath, NavigationOptions) {
        guard !configuration.reservedQueryKeys.isEmpty, !path.query.isEmpty else { return (path, options) }
        let reserved = configuration.reservedQueryKeys
        var path = path
        var options = options
        let query = path.query
        path.query = try PageParameters(capacity: query.count) { kept in
            for item in query {
                switch item.key {
                case "animated" where reserved.contains(.animated):
                    options.animated = try Self.flag(item, in: path)
                case "modal" where reserved.contains(.modal):
                    if try Self.flag(item, in: path), let last = path.components.indices.last,
                       path.components[last].presentation == .shown {
                        path.components[last].presentation = .modal
                    }
                default:
                    kept.append(item)
                }
            }
        }
        return (path, options)
    }

    private static func flag(_ item: PageParameter, in path: PagePath) throws -> Bool {
        switch item.value {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default:
            throw NavigationError(.invalidPath, path: path.description, component: item.key,
                                  reason: "invalid page path `\(path)`: `\(item.key)=\(item.value)` must be true or false")
        }
    }
}
