//===----------------------------------------------------------------------===//
//
// This source file is part of the PageKit open source project
//
// Copyright (c) the PageKit project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

/// An object's identity, held without keeping the object alive, to tell later whether a
/// reference is to that same object.
///
/// An `ObjectIdentifier` alone cannot tell: once an object is freed, a new one may take
/// its address. So the pin holds the object too, in the cheapest way that keeps its
/// address from being reused:
///
/// - A Swift object is held `unowned`. It is still deinitialized as soon as its last
///   strong reference goes, but its memory stays until the pin goes, so no other object
///   can take its address. A `weak` reference would do the same, but it moves the
///   object's reference counts into a side table for the rest of its life, after which
///   every retain and release of it takes the runtime's slow path. The reference is never
///   read: comparing identifiers is enough. Nor is it reflected: `dump`, `print` and a
///   failed test expectation read an unowned reference through `Mirror`, which traps once
///   the object is freed, so the pin's mirror shows its identifier only.
/// - Where Objective-C objects exist, the object is held `weak`: an unowned reference to
///   an Objective-C object (a view controller) does not keep its memory, and a weak one
///   costs it nothing on its retains and releases.
struct IdentityPin {
    let id: ObjectIdentifier
    #if canImport(ObjectiveC)
    private weak var object: AnyObject?
    #else
    private unowned let object: AnyObject
    #endif

    init(_ object: AnyObject) {
        id = ObjectIdentifier(object)
        self.object = object
    }

    /// Whether `other` is the pinned object.
    func pins(_ other: AnyObject) -> Bool {
        #if canImport(ObjectiveC)
        object === other
        #else
        id == ObjectIdentifier(other)
        #endif
    }
}

extension IdentityPin: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["id": id], displayStyle: .struct) }
}
