public import PageKitLinks

// Link maps shaped like an app's, and the link measured against each: what the LinkMap
// benchmarks time and InstructionCounts counts (`link10`, `link1000`).

/// The hosts patterns are spread over, in turn.
public let hosts = ["https://example.com", "https://www.example.com", "https://m.example.com", "example://app"]

/// The host of pattern `index`: four patterns (one of each shape) on each host in turn.
public func host(_ index: Int) -> String { hosts[(index / 4) % hosts.count] }

/// Pattern `index`, and its target. Four shapes in turn:
///
///     https://example.com/r0/{id}                       → /tab#r0/detail(id={id})
///     https://example.com/r1/{id}/comments              → /tab#r1/detail(id={id})/comments
///     https://example.com/r2/{id}/comments/{comment}?ref={ref?}
///                                                       → /tab#r2/detail(id={id})/comment(id={comment},ref={ref})
///     https://example.com/r3/recent/all                 → /tab#r3/recent
///     https://www.example.com/r4/{id}                   → /tab#r4/detail(id={id})
///     …
public func pattern(_ index: Int) -> (pattern: String, target: String) {
    let host = host(index)
    let resource = "r\(index)"
    switch index % 4 {
    case 0: return ("\(host)/\(resource)/{id}", "/tab#\(resource)/detail(id={id})")
    case 1: return ("\(host)/\(resource)/{id}/comments", "/tab#\(resource)/detail(id={id})/comments")
    case 2: return ("\(host)/\(resource)/{id}/comments/{comment}?ref={ref?}",
                    "/tab#\(resource)/detail(id={id})/comment(id={comment},ref={ref})")
    default: return ("\(host)/\(resource)/recent/all", "/tab#\(resource)/recent")
    }
}

/// A map of the first `count` patterns.
public func linkMap(patterns count: Int) throws -> LinkMap {
    var links = LinkMap()
    for index in 0..<count {
        let (pattern, target) = pattern(index)
        try links.add(pattern, to: target)
    }
    return links
}

/// The link measured for a map of `count` patterns: 4 segments with 2 captured, a query
/// with a captured item and one the pattern ignores, matching the map's last pattern of
/// the third shape (`r6` on www.example.com for 10, `r98` on example.com for 100, `r998`
/// on www.example.com for 1,000; its host has about a quarter of the patterns).
public func link(patterns count: Int) -> (link: String, path: String) {
    let index = (count - 4..<count).last { $0 % 4 == 2 } ?? 2
    let resource = "r\(index)"
    return ("\(host(index))/\(resource)/12345/comments/678?utm_source=mail&ref=feed",
            "/tab#\(resource)/detail(id=12345)/comment(id=678,ref=feed)")
}
