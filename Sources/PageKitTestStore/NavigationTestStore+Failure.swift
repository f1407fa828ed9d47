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

#if canImport(Testing)
// Only this file imports Testing, and only where it exists: the iOS 16 SDK has none.
private import Testing
#endif

extension NavigationTestStore {
    /// Where in the test something is: a failure points there.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// `#fileID`.
        public let fileID: String
        /// `#filePath`.
        public let filePath: String
        /// `#line`.
        public let line: Int
        /// `#column`.
        public let column: Int

        /// A location.
        /// - Parameters:
        ///   - fileID: `#fileID`.
        ///   - filePath: `#filePath`.
        ///   - line: `#line`.
        ///   - column: `#column`.
        public init(fileID: String, filePath: String, line: Int, column: Int) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
        }

        /// `Module/File.swift:12:5`.
        public var description: String { "\(fileID):\(line):\(column)" }
    }

    /// A failed check: what went wrong, and where.
    public struct Failure: Sendable, CustomStringConvertible {
        /// What went wrong, with a diff when the test expected something else.
        public let message: String
        /// The line of the test that made the check.
        public let location: Location

        /// A failure.
        /// - Parameters:
        ///   - message: What went wrong.
        ///   - location: Where.
        public init(message: String, location: Location) {
            self.message = message
            self.location = location
        }

        /// The location, then the message.
        public var description: String { "\(location): \(message)" }

        /// Records `failure` as an issue of the running Swift Testing test, at its
        /// location: the store's default. Where Swift Testing cannot be imported, it stops
        /// the process with the message, so that a failure is never silent. From XCTest,
        /// pass `reportFailure: { XCTFail("\($0)") }`, which names the location in the
        /// message.
        /// - Parameter failure: The failure.
        @Sendable
        public static func record(_ failure: Failure) {
            #if canImport(Testing)
            let location = failure.location
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                               line: location.line, column: location.column)
            )
            #else
            fatalError(failure.description)
            #endif
        }
    }
}
