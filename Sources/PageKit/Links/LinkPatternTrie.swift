/// The patterns of one scheme and host: a trie over their path segments, and the
/// deterministic automaton built from it that matches a link in one pass.
///
/// In the trie, each node has its literal children in a dictionary and one placeholder
/// child per class of segment (any, a type, a template). A link's segment may follow a
/// literal child and several placeholder children (`/people/me/settings`,
/// `/people/{id:int}/posts` and `/people/{id}/posts` all start with `/people/…`), so
/// walking the trie alone could have to come back and try another branch. The automaton
/// removes that choice ahead of time: each of its states is the set of trie nodes a link
/// prefix can be at, with one transition per literal and one for each combination of the
/// classes a segment fits, so a match takes one dictionary lookup per segment, plus one
/// check per typed or template placeholder at that place, whatever the number of patterns.
///
/// Among the patterns that match a link, the most specific wins: a literal segment beats
/// a placeholder, a narrower placeholder beats a wider one, and a placeholder beats the
/// trailing wildcard. ``LinkMap`` refuses a pattern that would leave two matches with no
/// most specific one, so the choice is always defined.
struct LinkPatternTrie: Sendable {
    struct Node: Sendable {
        var literals: [String: Int] = [:]
        var classes: [SegmentClass: Int] = [:]
        /// The rule of the pattern that ends here.
        var terminal: Int?
        /// The rule of the pattern whose `{…*}` starts here.
        var wildcard: Int?
    }

    private(set) var nodes: [Node] = [Node()]
    /// The rules (indices into the map's rules) of the patterns in this trie.
    private(set) var rules: [Int] = []
    private(set) var automaton = LinkAutomaton()

    /// Adds a pattern, which must not duplicate one already here, and updates the
    /// automaton's states that hold a node it changed.
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - rule: Its index among the map's rules.
    ///   - moreSpecific: Of two rules that match the same links, the one to prefer.
    /// - Complexity: O(*s* + *k*) for a pattern of *s* segments whose first new node has
    ///   *k* siblings, in the usual case where that node's parent is in one state.
    mutating func insert(_ pattern: LinkPattern, rule: Int, moreSpecific: (Int, Int) -> Int) {
        var node = 0
        var changed: [Int] = []
        for segment in pattern.segments {
            let existing: Int? = switch segment {
            case .literal(let literal): nodes[node].literals[literal]
            case .capture(let segmentClass): nodes[node].classes[segmentClass]
            }
            if let existing {
                node = existing
                continue
            }
            let child = nodes.count
            nodes.append(Node())
            switch segment {
            case .literal(let literal): nodes[node].literals[literal] = child
            case .capture(let segmentClass): nodes[node].classes[segmentClass] = child
            }
            changed.append(node)
            node = child
        }
        if pattern.hasWildcard {
            nodes[node].wildcard = rule
        } else {
            nodes[node].terminal = rule
        }
        changed.append(node)
        rules.append(rule)
        automaton.update(changed, in: nodes, moreSpecific: moreSpecific)
    }
}

/// A deterministic automaton over path segments, built by subset construction: each
/// state is a set of trie nodes of one depth (the nodes a link prefix can be at), with
/// one transition per literal among their children and one for each combination of the
/// typed and template placeholders among them that a segment can fit.
///
/// A state's set holds more than one node only where placeholders have siblings, so the
/// number of states stays near the number of trie nodes. States are kept by set, so
/// adding a pattern recomputes only the states that hold a node it changed.
struct LinkAutomaton: Sendable {
    struct State: Sendable {
        var literals: [String: Int] = [:]
        /// The typed and template placeholders among the children, in a stable order.
        var classes: [SegmentClass] = []
        /// Where a segment that is not among `literals` goes, by the mask of `classes` it
        /// fits (bit *i* for `classes[i]`), or -1. Mask 0 is a segment that only `{name}`
        /// takes.
        var byFit: [Int] = [-1]
        /// The most specific pattern that ends here, or -1.
        var terminal = -1
        /// The most specific pattern whose wildcard starts here, or -1.
        var wildcard = -1
    }

    private(set) var states: [State] = [State()]
    /// Each state's trie nodes, sorted.
    private var sets: [[Int]] = [[0]]
    private var ids: [[Int]: Int] = [[0]: 0]
    /// For each trie node, the states whose set holds it.
    private var containing: [[Int]] = [[0]]

    /// Recomputes the states that hold a changed node, and makes the states their new
    /// transitions need. A state no transition reaches any more is left unused.
    mutating func update(_ changed: [Int], in nodes: [LinkPatternTrie.Node], moreSpecific: (Int, Int) -> Int) {
        if containing.count < nodes.count {
            containing.append(contentsOf: Array(repeating: [], count: nodes.count - containing.count))
        }
        var work = Array(Set(changed.flatMap { containing[$0] }))
        while let stateID = work.popLast() {
            var state = State()
            var anyChildren: [Int] = []
            var classChildren: [SegmentClass: [Int]] = [:]
            var children: [String: [Int]] = [:]
            for node in sets[stateID] {
                let node = nodes[node]
                if let terminal = node.terminal {
                    state.terminal = state.terminal < 0 ? terminal : moreSpecific(state.terminal, terminal)
                }
                if let wildcard = node.wildcard {
                    state.wildcard = state.wildcard < 0 ? wildcard : moreSpecific(state.wildcard, wildcard)
                }
                for (segmentClass, child) in node.classes {
                    if segmentClass == .any {
                        anyChildren.append(child)
                    } else {
                        classChildren[segmentClass, default: []].append(child)
                    }
                }
                for (literal, child) in node.literals { children[literal, default: []].append(child) }
            }
            state.classes = classChildren.keys.sorted { $0.sortKey < $1.sortKey }
            state.byFit = (0..<(1 << state.classes.count)).map { mask in
                var set = anyChildren
                for (bit, segmentClass) in state.classes.enumerated() where mask & (1 << bit) != 0 {
                    set += classChildren[segmentClass] ?? []
                }
                return set.isEmpty ? -1 : id(for: set.sorted(), work: &work)
            }
            // A segment equal to a literal may also be captured by the placeholders it fits.
            for (literal, literalChildren) in children {
                var set = literalChildren + anyChildren
                for segmentClass in state.classes where segmentClass.fits(literal) {
                    set += classChildren[segmentClass] ?? []
                }
                state.literals[literal] = id(for: set.sorted(), work: &work)
            }
            states[stateID] = state
        }
    }

    private mutating func id(for set: [Int], work: inout [Int]) -> Int {
        if let id = ids[set] { return id }
        let id = states.count
        states.append(State())
        sets.append(set)
        ids[set] = id
        for node in set { containing[node].append(id) }
        work.append(id)
        return id
    }

    /// The rule of the most specific pattern that matches `segments`, or `nil`.
    /// - Parameters:
    ///   - segments: The link's path segments, decoded.
    ///   - ignoringCase: Whether literals were lowercased, so a segment is too.
    /// - Complexity: O(*s*) dictionary lookups in the number of segments, plus one check
    ///   per typed or template placeholder at each place.
    func match(_ segments: [String], ignoringCase: Bool = false) -> Int? {
        var state = 0
        // The deepest wildcard passed with segments left: deeper is more specific.
        var wildcard = -1
        for segment in segments {
            if states[state].wildcard >= 0 { wildcard = states[state].wildcard }
            // Read in place, by index: a copy of the state would retain its storage.
            var next = states[state].literals[ignoringCase ? segment.lowercased() : segment] ?? -1
            if next < 0 {
                var mask = 0
                var bit = 0
                while bit < states[state].classes.count {
                    if states[state].classes[bit].fits(segment) { mask |= 1 << bit }
                    bit += 1
                }
                next = states[state].byFit[mask]
            }
            guard next >= 0 else { return wildcard >= 0 ? wildcard : nil }
            state = next
        }
        if states[state].terminal >= 0 { return states[state].terminal }
        return wildcard >= 0 ? wildcard : nil
    }
}
