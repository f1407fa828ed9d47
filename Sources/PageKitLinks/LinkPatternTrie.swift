import PageKit
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
        var literals = LinkChildren<String>()
        var classes = LinkChildren<SegmentClass>()
        /// The rule of the pattern that ends here.
        var terminal: Int?
        /// The rule of the pattern whose `{…*}` starts here.
        var wildcard: Int?
    }

    private(set) var nodes: [Node] = [Node()]
    /// The rules (indices into the map's rules) of the patterns in this trie.
    private(set) var rules: [Int] = []
    private(set) var automaton = LinkAutomaton()
    /// For each place in the path, the typed and template placeholders the patterns here
    /// have there, however they begin: a link's segment at that place is checked against
    /// each of a state's.
    private(set) var placeholderKinds: [Set<SegmentClass>] = []

    /// Adds a pattern, which must not duplicate one already here, and updates the
    /// automaton's states that hold a node it changed.
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - rule: Its index among the map's rules.
    ///   - moreSpecific: Of two rules that match the same links, the one to prefer.
    /// - Complexity: O(*s*) for a pattern of *s* segments, in the usual case where the node
    ///   it branches off from is in one state and no placeholder is new there; a new
    ///   placeholder makes that state's transitions again, O(*k*) in its *k* literals.
    mutating func insert(_ pattern: LinkPattern, rule: Int, moreSpecific: (Int, Int) -> Int) {
        var node = 0
        var changed: [Int] = []
        var newLiterals: [(node: Int, literal: String)] = []
        var newClasses: [Int] = []
        changed.reserveCapacity(pattern.segments.count + 1)
        newLiterals.reserveCapacity(pattern.segments.count)
        for (place, segment) in pattern.segments.enumerated() {
            if case .capture(let segmentClass) = segment, segmentClass != .any {
                if placeholderKinds.count <= place {
                    placeholderKinds.append(contentsOf: repeatElement([], count: place + 1 - placeholderKinds.count))
                }
                placeholderKinds[place].insert(segmentClass)
            }
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
            case .literal(let literal):
                nodes[node].literals[literal] = child
                newLiterals.append((node, literal))
            case .capture(let segmentClass):
                nodes[node].classes[segmentClass] = child
                newClasses.append(node)
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
        automaton.update(changed, newLiterals: newLiterals, newClasses: newClasses, in: nodes, moreSpecific: moreSpecific)
    }

    /// The typed and template placeholders at each place where `pattern` has one, with the
    /// pattern's own among them: what ``placeholderKinds`` would hold there with it added.
    func placeholderKinds(with pattern: LinkPattern) -> [(place: Int, kinds: Set<SegmentClass>)] {
        var result: [(place: Int, kinds: Set<SegmentClass>)] = []
        for (place, segment) in pattern.segments.enumerated() {
            guard case .capture(let segmentClass) = segment, segmentClass != .any else { continue }
            var kinds = place < placeholderKinds.count ? placeholderKinds[place] : []
            kinds.insert(segmentClass)
            result.append((place, kinds))
        }
        return result
    }

    /// The rules of the patterns here that some link matches together with `pattern`:
    /// those whose ``LinkPattern/overlap(with:)`` with it is not ``LinkPattern/Overlap/none``,
    /// in increasing order.
    ///
    /// Walks only the branches whose segments could share a link with the pattern's, so
    /// patterns that differ from it at some literal segment are never looked at.
    /// - Complexity: O(*s*) dictionary lookups for a pattern of *s* literal segments; a
    ///   placeholder looks at every literal child at its place, and a trailing wildcard at
    ///   every node below it.
    func overlapping(_ pattern: LinkPattern) -> [Int] {
        let count = pattern.segments.count
        let hasWildcard = pattern.hasWildcard
        var found: [Int] = []
        var pending: [(node: Int, depth: Int)] = [(0, 0)]
        while let (index, depth) = pending.popLast() {
            let node = nodes[index]
            // As `overlap(with:)` counts: a wildcard takes one or more segments past its place.
            if let wildcard = node.wildcard, hasWildcard || depth < count { found.append(wildcard) }
            if let terminal = node.terminal, hasWildcard ? depth > count : depth == count { found.append(terminal) }
            if depth < count {
                switch pattern.segments[depth] {
                case .literal(let literal):
                    if let child = node.literals[literal] { pending.append((child, depth + 1)) }
                    for (segmentClass, child) in node.classes where segmentClass.fits(literal) {
                        pending.append((child, depth + 1))
                    }
                case .capture(let mine):
                    for (literal, child) in node.literals where mine.fits(literal) { pending.append((child, depth + 1)) }
                    for (segmentClass, child) in node.classes where mine.relation(to: segmentClass) != .disjoint {
                        pending.append((child, depth + 1))
                    }
                }
            } else if hasWildcard {
                for child in node.literals.values { pending.append((child, depth + 1)) }
                for child in node.classes.values { pending.append((child, depth + 1)) }
            }
        }
        return found.sorted()
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
        var literals = LinkChildren<String>()
        /// The typed and template placeholders among the children, in a stable order.
        var classes: [SegmentClass] = []
        /// Where a segment that is not among `literals` and fits none of `classes` goes (one
        /// that only `{name}` takes), or -1.
        var fitsNone = -1
        /// Where a segment that is not among `literals` goes, by the mask of `classes` it
        /// fits (bit *i* for `classes[i]`), or -1; empty when there are no `classes`, the
        /// usual state, which spares it an array.
        var byFit: [Int] = []
        /// The most specific pattern that ends here, or -1.
        var terminal = -1
        /// The most specific pattern whose wildcard starts here, or -1.
        var wildcard = -1
    }

    private(set) var states: [State] = [State()]
    /// Each state's trie nodes, sorted.
    private var sets: [[Int]] = [[0]]
    /// For each trie node, the state whose set is that node alone, or -1: nearly every
    /// state, found by index rather than by hashing its set.
    private var alone: [Int] = [0]
    /// The states of two nodes or more, by their set.
    private var ids: [[Int]: Int] = [:]
    /// For each trie node, the states of two nodes or more whose set holds it.
    private var containing: [[Int]] = [[]]

    /// Recomputes the states that hold a changed node, and makes the states their new
    /// transitions need. A state no transition reaches any more is left unused.
    ///
    /// A state that was here before and none of whose nodes has a new placeholder child
    /// keeps its transitions but those of the new literals, so adding a pattern under a
    /// node with many literal children does not make each of their transitions again.
    /// - Parameters:
    ///   - changed: The trie nodes that have a new child, a new terminal or a new wildcard.
    ///   - newLiterals: The new literal children, by the node they hang from.
    ///   - newClasses: The nodes that have a new placeholder child.
    ///   - nodes: The trie's nodes.
    ///   - moreSpecific: Of two rules that match the same links, the one to prefer.
    mutating func update(
        _ changed: [Int], newLiterals: [(node: Int, literal: String)], newClasses: [Int],
        in nodes: [LinkPatternTrie.Node], moreSpecific: (Int, Int) -> Int
    ) {
        if containing.count < nodes.count {
            alone.append(contentsOf: repeatElement(-1, count: nodes.count - alone.count))
            containing.append(contentsOf: repeatElement([], count: nodes.count - containing.count))
        }
        let existing = states.count
        var work: [Int] = []
        for node in changed {
            if alone[node] >= 0 { work.append(alone[node]) }
            work += containing[node]
        }
        work.sort()
        work.removeDuplicates()
        while let stateID = work.popLast() {
            let set = sets[stateID]
            var terminal = -1
            var wildcard = -1
            var anyChildren: [Int] = []
            var classChildren: [SegmentClass: [Int]] = [:]
            for node in set {
                let node = nodes[node]
                if let rule = node.terminal { terminal = terminal < 0 ? rule : moreSpecific(terminal, rule) }
                if let rule = node.wildcard { wildcard = wildcard < 0 ? rule : moreSpecific(wildcard, rule) }
                for (segmentClass, child) in node.classes {
                    if segmentClass == .any {
                        anyChildren.append(child)
                    } else {
                        classChildren[segmentClass, default: []].append(child)
                    }
                }
            }
            if stateID < existing, !set.contains(where: newClasses.contains) {
                // Its placeholders are as they were: only the new literals' transitions change.
                states[stateID].terminal = terminal
                states[stateID].wildcard = wildcard
                for (node, literal) in newLiterals where set.contains(node) {
                    var target: [Int] = []
                    for node in set {
                        if let child = nodes[node].literals[literal] { target.append(child) }
                    }
                    let classes = states[stateID].classes
                    let next = id(for: Self.transition(target, anyChildren, classes, classChildren, literal), work: &work)
                    states[stateID].literals[literal] = next
                }
                continue
            }
            var state = State()
            state.terminal = terminal
            state.wildcard = wildcard
            if classChildren.isEmpty {
                state.fitsNone = anyChildren.isEmpty ? -1 : id(for: anyChildren.sortedOnce(), work: &work)
            } else {
                state.classes = classChildren.keys.sorted { $0.sortKey < $1.sortKey }
                state.byFit = (0..<(1 << state.classes.count)).map { mask in
                    var set = anyChildren
                    for (bit, segmentClass) in state.classes.enumerated() where mask & (1 << bit) != 0 {
                        set += classChildren[segmentClass] ?? []
                    }
                    return set.isEmpty ? -1 : id(for: set.sortedOnce(), work: &work)
                }
                state.fitsNone = state.byFit[0]
            }
            if set.count == 1 {
                // One node, the usual state: its literals are its children's, one each.
                let literals = nodes[set[0]].literals
                for (literal, child) in literals {
                    state.literals[literal] = id(for: Self.transition(
                        [child], anyChildren, state.classes, classChildren, literal), work: &work)
                }
            } else {
                var children: [String: [Int]] = [:]
                for node in set {
                    for (literal, child) in nodes[node].literals { children[literal, default: []].append(child) }
                }
                for (literal, literalChildren) in children {
                    state.literals[literal] = id(for: Self.transition(
                        literalChildren, anyChildren, state.classes, classChildren, literal), work: &work)
                }
            }
            states[stateID] = state
        }
    }

    /// The sorted set of nodes a literal segment leads to: the literal children it names,
    /// and the placeholder children that also capture it.
    private static func transition(
        _ literalChildren: [Int], _ anyChildren: [Int], _ classes: [SegmentClass],
        _ classChildren: [SegmentClass: [Int]], _ literal: String
    ) -> [Int] {
        // A segment equal to a literal may also be captured by the placeholders it fits.
        var set = literalChildren
        if !anyChildren.isEmpty { set += anyChildren }
        for segmentClass in classes where segmentClass.fits(literal) {
            set += classChildren[segmentClass] ?? []
        }
        return set.sortedOnce()
    }

    private mutating func id(for set: [Int], work: inout [Int]) -> Int {
        let id = states.count
        if set.count == 1 {
            if alone[set[0]] >= 0 { return alone[set[0]] }
            alone[set[0]] = id
        } else {
            // Looked up and, when new, inserted with one hash of the set: the `default:`
            // subscript's modify access inserts the default for a key it does not hold.
            func read(_ value: inout Int) -> Int { value }
            let found = read(&ids[set, default: id])
            guard found == id else { return found }
            for node in set { containing[node].append(id) }
        }
        states.append(State())
        sets.append(set)
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
            if next < 0, states[state].classes.isEmpty {
                next = states[state].fitsNone
            } else if next < 0 {
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

extension [Int] {
    /// Sorted: a sorted copy, or, with one element or none, itself, with no copy.
    fileprivate func sortedOnce() -> [Int] {
        guard count > 1 else { return self }
        var sorted = self
        sorted.sort()
        return sorted
    }

    /// Removes the elements equal to the one before them: of a sorted array, the duplicates.
    fileprivate mutating func removeDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}

/// Children by key: one kept in line, more in a dictionary. Most nodes of a trie, and most
/// states of its automaton, have one child, and a dictionary of one costs an allocation.
struct LinkChildren<Key: Hashable & Sendable>: Sendable, Sequence {
    private enum Storage: Sendable {
        case none
        case one(Key, Int)
        case many([Key: Int])
    }

    private var storage = Storage.none

    subscript(key: Key) -> Int? {
        get {
            switch storage {
            case .none: nil
            case .one(let only, let child): only == key ? child : nil
            case .many(let children): children[key]
            }
        }
        set {
            switch storage {
            case .none:
                if let newValue { storage = .one(key, newValue) }
            case .one(let only, let child):
                if only == key {
                    storage = newValue.map { .one(key, $0) } ?? .none
                } else if let newValue {
                    storage = .many([only: child, key: newValue])
                }
            case .many(var children):
                storage = .none  // The dictionary stays unique while it changes.
                children[key] = newValue
                storage = .many(children)
            }
        }
    }

    /// The children, without their keys.
    var values: LazyMapSequence<Self, Int> { lazy.map(\.value) }

    func makeIterator() -> Iterator {
        switch storage {
        case .none: Iterator(one: nil, many: nil)
        case .one(let key, let child): Iterator(one: (key, child), many: nil)
        case .many(let children): Iterator(one: nil, many: children.makeIterator())
        }
    }

    struct Iterator: IteratorProtocol {
        fileprivate var one: (key: Key, value: Int)?
        fileprivate var many: [Key: Int].Iterator?

        mutating func next() -> (key: Key, value: Int)? {
            if let child = one {
                one = nil
                return child
            }
            return many?.next()
        }
    }
}
