/// The one allocation that holds a parsed path's parameters: every component's and the
/// query's, each a ``PageParameters`` view of a range of it.
///
/// A buffer of its own rather than an array: the parser makes it at its full size with one
/// call, and its `deinit` destroys the parameters in place, where an array's storage
/// would destroy them one by one through their type's metadata. Only what builds it writes
/// it (the parser, or the initializer that fills it), and only past every range a view
/// holds, before any view leaves that code; what a view sees never changes, which is why
/// ``PageParameters`` can share it across threads.
@usableFromInline
final class ParameterBuffer: ManagedBuffer<ParameterBuffer.Header, PageParameter> {
    @usableFromInline
    struct Header {
        @usableFromInline var count: Int
        @usableFromInline let capacity: Int

        @inlinable
        init(count: Int, capacity: Int) {
            self.count = count
            self.capacity = capacity
        }
    }

    /// An empty buffer with room for `capacity` parameters.
    @usableFromInline
    static func make(capacity: Int) -> ParameterBuffer {
        let capacity = Swift.max(capacity, 1)
        let made = create(minimumCapacity: capacity) { _ in Header(count: 0, capacity: capacity) }
        return unsafeDowncast(made, to: ParameterBuffer.self)
    }

    deinit {
        withUnsafeMutablePointers { header, elements in
            // One by one, moved out and dropped: `deinitialize(count:)` would destroy them
            // through their type's metadata, as an array's storage does.
            for index in 0..<header.pointee.count { _ = (elements + index).move() }
        }
    }

    subscript(index: Int) -> PageParameter {
        withUnsafeMutablePointerToElements { $0[index] }
    }

    /// The parameters of `range`, to read or reorder in place; only while there is one owner.
    func withElements<Result>(
        in range: Range<Int>, _ body: (UnsafeMutableBufferPointer<PageParameter>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeMutablePointerToElements { elements in
            try body(UnsafeMutableBufferPointer(start: elements + range.lowerBound, count: range.count))
        }
    }
}

extension Optional where Wrapped == ParameterBuffer {
    /// Appends `parameter` to the buffer, making it at the first parameter with room for
    /// `capacity` and moving it to one twice its size when it is full; only while no view
    /// holds the place written. Returns whether the parameters moved to a new buffer.
    @inlinable @inline(__always)
    mutating func append(_ parameter: __owned PageParameter, capacity: Int) -> Bool {
        guard let buffer = self else {
            let made = ParameterBuffer.make(capacity: capacity)
            made.appendWithinCapacity(parameter)
            self = made
            return false
        }
        if buffer.isFull {
            let grown = buffer.movedToNew(capacity: buffer.room * 2)
            grown.appendWithinCapacity(parameter)
            self = grown
            return true
        }
        buffer.appendWithinCapacity(parameter)
        return false
    }
}

extension ParameterBuffer {
    @inlinable
    var isFull: Bool {
        withUnsafeMutablePointerToHeader { $0.pointee.count == $0.pointee.capacity }
    }

    /// The capacity asked for; `ManagedBuffer.capacity` asks the allocator each time.
    @usableFromInline
    var room: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.capacity }
    }

    @inlinable
    func appendWithinCapacity(_ parameter: __owned PageParameter) {
        withUnsafeMutablePointers { header, elements in
            (elements + header.pointee.count).initialize(to: parameter)
            header.pointee.count += 1
        }
    }

    /// A buffer of `capacity` holding this one's parameters, moved, not copied; this one
    /// is left empty.
    @usableFromInline
    func movedToNew(capacity: Int) -> ParameterBuffer {
        let new = ParameterBuffer.make(capacity: capacity)
        withUnsafeMutablePointers { header, elements in
            new.withUnsafeMutablePointers { newHeader, newElements in
                newElements.moveInitialize(from: elements, count: header.pointee.count)
                newHeader.pointee.count = header.pointee.count
            }
            header.pointee.count = 0
        }
        return new
    }
}
