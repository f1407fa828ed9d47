/// How resolution treats the live hierarchy.
public enum ResolutionMode: Hashable, Sendable {
    /// Reuse (the default): a live page that answers a component is revealed wherever it
    /// sits above in its stack; what is missing is pushed on top of the stack as it
    /// stands. Opening `person_detail?id=5` while it is under `home_page` pops back to
    /// it instead of pushing a duplicate.
    case reuse
    /// Make the live hierarchy equal to the path: a stack keeps only the pages the path
    /// names, in order. For state restoration and cold-start deep links.
    case exact
}
