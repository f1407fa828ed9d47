import Foundation
import PageKit
import Testing

/// One well-formed input: what it parses to, and how it prints.
struct ParseCase: Sendable, CustomStringConvertible {
    let input: String
    let origin: PagePath.Origin
    /// Each component as it prints: separator, name, parameters.
    let components: [String]
    let query: [String]
    let scheme: String?
    /// The canonical print, when it differs from the input.
    let printed: String?

    init(_ input: String, _ origin: PagePath.Origin = .root, _ components: [String], query: [String] = [],
         scheme: String? = nil, printed: String? = nil) {
        self.input = input
        self.origin = origin
        self.components = components
        self.query = query
        self.scheme = scheme
        self.printed = printed
    }

    var description: String { input }
}

@Suite("Parsing path strings and app URLs", .timeLimit(.minutes(10)))
struct PagePathParsingTests {
    static let pathStrings: [ParseCase] = [
        ParseCase("/top/news(id=10)", .root, ["/top", "/news(id=10)"]),
        ParseCase("/top#coupon!show(id=10,shop=5)", .root, ["/top", "#coupon", "!show(id=10,shop=5)"]),
        ParseCase("/top!/menu#/settings", .root, ["/top", "!/menu", "#/settings"]),
        ParseCase("!menu!/home/follows", .root, ["!menu", "!/home", "/follows"]),
        ParseCase("#/tab", .root, ["#/tab"]),
        ParseCase("/", .root, []),
        ParseCase("/?x=1", .root, [], query: ["x=1"]),
        ParseCase("^/top", .root, ["/top"], printed: "/top"),
        ParseCase("^!menu", .root, ["!menu"], printed: "!menu"),
        ParseCase("^", .root, [], printed: "/"),
        // Parameters are kept sorted by key, so equal components compare equal.
        ParseCase("/news(offset=50,category=10)", .root, ["/news(category=10,offset=50)"],
                  printed: "/news(category=10,offset=50)"),
        ParseCase("/a(k=)", .root, ["/a(k=)"]),
        // Parameter values hold any character but `,` and `)`.
        ParseCase("/top/news(url=http://x.com/a?b=1#c)", .root, ["/top", "/news(url=http://x.com/a?b=1#c)"]),
        ParseCase("/a(q=x=y)", .root, ["/a(q=x=y)"]),
        ParseCase("/a(p=/x/y!z#w)", .root, ["/a(p=/x/y!z#w)"]),
        ParseCase("/a(v=%2C%29)", .root, ["/a(v=%2C%29)"]),
        ParseCase("/a(v=(x)", .root, ["/a(v=(x)"]),
        // Percent-encoding: decoded once per component, so `%2F` is data.
        ParseCase("/a%2Fb/c", .root, ["/a%2Fb", "/c"]),
        ParseCase("/%41b", .root, ["/Ab"], printed: "/Ab"),
        ParseCase("/caf%C3%A9", .root, ["/café"], printed: "/café"),
        ParseCase("/café", .root, ["/café"]),
        ParseCase("/a%20b", .root, ["/a%20b"]),
        ParseCase("/%2E%2E/x", .root, ["/%2E%2E", "/x"]),
        ParseCase("/list?q=a%26b&x", .root, ["/list"], query: ["q=a&b", "x="], printed: "/list?q=a%26b&x="),
        ParseCase("/list?q=x?y/z&r=a=b", .root, ["/list"], query: ["q=x?y/z", "r=a=b"]),
        ParseCase("/list?a=1&&b=2", .root, ["/list"], query: ["a=1", "b=2"], printed: "/list?a=1&b=2"),
        ParseCase("/list?a=1&a=2", .root, ["/list"], query: ["a=1", "a=2"]),
        ParseCase("/a?x=1/", .root, ["/a"], query: ["x=1/"]),
        // Relative forms.
        ParseCase("top/profile", .current(levelsUp: 0), ["/top", "/profile"]),
        ParseCase("profile(id=3)", .current(levelsUp: 0), ["/profile(id=3)"]),
        ParseCase("..", .current(levelsUp: 1), []),
        ParseCase("../profile", .current(levelsUp: 1), ["/profile"]),
        ParseCase("..!profile", .current(levelsUp: 1), ["!profile"]),
        ParseCase("..#/tab", .current(levelsUp: 1), ["#/tab"]),
        ParseCase("../..", .current(levelsUp: 2), []),
        ParseCase("../../x!y", .current(levelsUp: 2), ["/x", "!y"]),
        ParseCase("..?x=1", .current(levelsUp: 1), [], query: ["x=1"]),
        ParseCase(".!compose", .current(levelsUp: 0), ["!compose"]),
        ParseCase("./x", .current(levelsUp: 0), ["/x"], printed: "x"),
        ParseCase(".", .current(levelsUp: 0), []),
        ParseCase(".hidden/x", .current(levelsUp: 0), ["/.hidden", "/x"]),
        ParseCase("..x", .current(levelsUp: 0), ["/..x"]),
        ParseCase("%5Ex", .current(levelsUp: 0), ["/^x"]),
        ParseCase("a%3Ab", .current(levelsUp: 0), ["/a:b"]),
    ]

    static let appURLs: [ParseCase] = [
        ParseCase("app://tab/contact/person_detail?id=5", .root, ["/tab", "/contact", "/person_detail"],
                  query: ["id=5"], scheme: "app"),
        ParseCase("app://contact/person_detail(id=7)/handler?x=1", .root,
                  ["/contact", "/person_detail(id=7)", "/handler"], query: ["x=1"], scheme: "app"),
        ParseCase("app://tab/contact!compose", .root, ["/tab", "/contact", "!compose"], scheme: "app"),
        ParseCase("app://tab!/menu/home", .root, ["/tab", "!/menu", "/home"], scheme: "app"),
        ParseCase("app://!menu", .root, ["!menu"], scheme: "app"),
        ParseCase("app://", .root, [], scheme: "app"),
        ParseCase("app://tab/", .root, ["/tab"], scheme: "app", printed: "app://tab"),
        ParseCase("app://tab/?x=1", .root, ["/tab"], query: ["x=1"], scheme: "app", printed: "app://tab?x=1"),
        ParseCase("my-app.v2+x://a", .root, ["/a"], scheme: "my-app.v2+x"),
        ParseCase("app://tab/a%2Fb", .root, ["/tab", "/a%2Fb"], scheme: "app"),
        ParseCase("app://tab/caf%C3%A9", .root, ["/tab", "/café"], scheme: "app"),
        // Read as PageKit's grammar says; printed as a URL Foundation splits the same way.
        ParseCase("app://x/news(url=http://x.com/a?b=1#c)?q=1", .root, ["/x", "/news(url=http://x.com/a?b=1#c)"],
                  query: ["q=1"], scheme: "app", printed: "app://x/news(url=http://x.com/a%3Fb=1%23c)?q=1"),
        ParseCase("app://a:b/c", .root, ["/a:b", "/c"], scheme: "app", printed: "app://a%3Ab/c"),
    ]

    @Test("path strings parse to the expected components and print back", arguments: pathStrings)
    func pathString(_ testCase: ParseCase) throws {
        try check(testCase)
    }

    @Test("app URLs parse to the expected components and print back", arguments: appURLs)
    func appURL(_ testCase: ParseCase) throws {
        try check(testCase)
    }

    private func check(_ testCase: ParseCase) throws {
        let path = try PagePath(parsing: testCase.input)
        #expect(path.origin == testCase.origin)
        #expect(path.components.map(\.description) == testCase.components)
        #expect(path.query.map { "\($0.key)=\($0.value)" } == testCase.query)
        #expect(path.scheme == testCase.scheme)
        let printed = path.description
        #expect(printed == (testCase.printed ?? testCase.input))
        // print → parse → print is the identity.
        let reparsed = try PagePath(parsing: printed)
        #expect(reparsed == path)
        #expect(reparsed.description == printed)
    }

    static let separators: [(text: String, presentation: PageComponent.Presentation)] = [
        ("/", .shown), ("!", .modal), ("#", .child), ("!/", .modalStack), ("#/", .childStack),
    ]

    @Test("every combination of separators, leading and between, in a path string")
    func everySeparatorCombination() throws {
        var checked = 0
        for first in Self.separators {
            for second in Self.separators {
                for third in Self.separators {
                    let input = "\(first.text)a(k=1)\(second.text)b\(third.text)c(x=y,z=w)"
                    let path = try PagePath(parsing: input)
                    #expect(path.origin == .root, "\(input)")
                    #expect(path.components.map(\.name) == ["a", "b", "c"], "\(input)")
                    #expect(path.components.map(\.presentation)
                        == [first.presentation, second.presentation, third.presentation], "\(input)")
                    #expect(path.components[2].parameters["z"] == "w")
                    #expect(path.description == input)
                    checked += 1
                }
            }
        }
        #expect(checked == 125)
    }

    @Test("a separator says whether its page is presented and whether it comes in a new stack")
    func separatorMeanings() {
        for (text, presentation) in Self.separators {
            #expect(presentation.isModal == text.hasPrefix("!"), "\(text)")
            #expect(presentation.isWrappedInStack == (text.count == 2), "\(text)")
        }
    }

    @Test("separators in app URLs: `/`, `!` and `!/` work, `#` is a fragment")
    func urlSeparators() throws {
        for (text, presentation) in Self.separators {
            let input = "app://a\(text)b"
            if text.hasPrefix("#") {
                #expect { try PagePath(parsing: input) } throws: { ($0 as? PagePathError)?.code == .fragment }
            } else {
                let path = try PagePath(parsing: input)
                #expect(path.components.map(\.presentation) == [.shown, presentation])
                #expect(path.description == input)
            }
        }
    }

    @Test("a parsed value's pieces are decoded")
    func decodedPieces() throws {
        let path = try PagePath(parsing: "/a%2Fb(k%3D=v%2C1,url=http://x.com/a?b=1#c)?q%26=1%262")
        #expect(path.components[0].name == "a/b")
        #expect(path.components[0].parameters["k="] == "v,1")
        #expect(path.components[0].parameters["url"] == "http://x.com/a?b=1#c")
        #expect(path.query["q&"] == "1&2")
        #expect(path.description == "/a%2Fb(k%3D=v%2C1,url=http://x.com/a?b=1#c)?q%26=1%262")
    }

    @Test("a query keeps repeated keys in order; the subscript reads the first")
    func repeatedQueryKeys() throws {
        let path = try PagePath(parsing: "app://search?tag=a&q=x&tag=b")
        #expect(path.query["tag"] == "a")
        #expect(path.query.values(for: "tag") == ["a", "b"])
        #expect(path.query.values(for: "missing").isEmpty)
    }

    @Test("more parameters than the parser first makes room for: every one kept, sorted and shared")
    func manyParameters() throws {
        // 17 components of 3 parameters written out of order, then a query of 20 items: the
        // parameters' storage outgrows its first room of 16 several times, mid-component.
        let components = (0..<17).map { "/c\($0)(z=\($0),a=\($0 * 2),m=x%2Cy)" }.joined()
        let query = (0..<20).map { "q\($0)=\($0)" }.joined(separator: "&")
        let limits = PagePath.Limits(maxDepth: 64, maxParameters: 32)
        let path = try PagePath(parsing: components + "?" + query, limits: limits)
        #expect(path.components.count == 17)
        for (index, component) in path.components.enumerated() {
            #expect(component.parameters.map(\.key) == ["a", "m", "z"])
            #expect(component.parameters["a"] == "\(index * 2)")
            #expect(component.parameters["m"] == "x,y")
            #expect(component.parameters["z"] == "\(index)")
        }
        #expect(path.query.count == 20)
        #expect(path.query.map(\.value) == (0..<20).map { "\($0)" })
        let printed = path.description
        #expect(try PagePath(parsing: printed, limits: limits) == path)
        #expect(try PagePath(parsing: printed, limits: limits).description == printed)
        // A path without parameters, and one whose only parameters are in its query.
        #expect(try PagePath(parsing: "/a/b").components.allSatisfy(\.parameters.isEmpty))
        #expect(try PagePath(parsing: "/a/b?x=1").query["x"] == "1")
    }

    @Test("parameters read from a path outlive it, and parameters built from any sequence keep every one")
    func parametersOutliveTheirPath() throws {
        // Values longer than a small string live on the heap: a buffer that freed them with
        // the path, or moved them and freed them again when it grew, would read freed text.
        let long = String(repeating: "v", count: 40)
        var component: PageComponent?
        var query: PageParameters?
        do {
            let written = (0..<20).map { "k\($0)=\(long)\($0)" }
            let path = try PagePath(parsing: "/a(\(written.joined(separator: ",")))?\(written.joined(separator: "&"))")
            component = path.components.first
            query = path.query
        }
        #expect(component?.parameters.count == 20)
        #expect(component?.parameters["k19"] == long + "19")
        #expect(query?.map(\.value) == (0..<20).map { long + "\($0)" })

        // A sequence that says it is empty, then holds 37 parameters: the storage grows.
        let lazy = (0..<37).lazy.filter { _ in true }.map { PageParameter(key: "k\($0)", value: long) }
        let built = PageParameters(lazy)
        #expect(built.count == 37)
        #expect(built.map(\.key) == (0..<37).map { "k\($0)" })
        #expect(PageParameters([PageParameter]()).isEmpty)
        #expect(PageParameters([PageParameter]()) == PageParameters())
        #expect(PageParameters.canonical(lazy.reversed()).map(\.key) == (0..<37).map { "k\($0)" }.sorted())
    }

    @Test("canonical parameters keep each key's last value; literals and sequences keep their order and repeats")
    func canonicalKeepsTheLastValue() {
        let given = [("b", "1"), ("a", "2"), ("b", "3"), ("a", "4"), ("c", "5"), ("a", "6")]
            .map { PageParameter(key: $0.0, value: $0.1) }
        let canonical = PageParameters.canonical(given)
        #expect(canonical.map(\.key) == ["a", "b", "c"])
        #expect(canonical.map(\.value) == ["6", "3", "5"])
        #expect(PageComponent("x", parameters: PageParameters(given)).parameters == canonical)
        #expect(PageParameters.canonical([PageParameter]()).isEmpty)
        let literal: PageParameters = ["tag": "a", "q": "x", "tag": "b"]
        #expect(literal.map(\.key) == ["tag", "q", "tag"], "a query keeps its written order and repeats")
        #expect(literal.values(for: "tag") == ["a", "b"])
        #expect(PageParameters(given) == PageParameters(given.lazy.map { $0 }), "however the sequence counts itself")
    }

    @Test("the parameters' buffer is made at the first parameter, wherever it comes")
    func parametersMadeLate() throws {
        let late = try PagePath(parsing: "/a/b/c/d(k=1)/e/f(z=2,y=3)?q=4&q=5")
        #expect(late.components.map(\.parameters.count) == [0, 0, 0, 1, 0, 2])
        #expect(late.components[3].parameters["k"] == "1")
        #expect(late.components[5].parameters.map(\.key) == ["y", "z"])
        #expect(late.query.values(for: "q") == ["4", "5"])
        #expect(try PagePath(parsing: late.description) == late)
        let queryOnly = try PagePath(parsing: "app://a/b?only=1")
        let noneInComponents = queryOnly.components.allSatisfy(\.parameters.isEmpty)
        #expect(noneInComponents)
        #expect(queryOnly.query.map(\.key) == ["only"])
        let none = try PagePath(parsing: "app://a/b/c")
        let noneAnywhere = none.components.allSatisfy(\.parameters.isEmpty) && none.query.isEmpty
        #expect(noneAnywhere)
        #expect(none == PagePath([PageComponent("a"), PageComponent("b"), PageComponent("c")], scheme: "app"))
    }

    @Test("names, keys and values of every length end at their own end, whatever byte comes next")
    func piecesOfEveryLength() throws {
        // The scan reads eight bytes at a time while they are letters: every length crosses a
        // word's end at a different place, and each end byte, at each place, stops it.
        for length in 1...33 {
            let piece = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            let path = try PagePath(parsing: "/\(piece)!\(piece)_(\(piece)=\(piece),z=\(piece))#\(piece)?\(piece)=\(piece)")
            #expect(path.components.map(\.name) == [piece, piece + "_", piece])
            #expect(path.components.map(\.presentation) == [.shown, .modal, .child])
            #expect(path.components[1].parameters[piece] == piece)
            #expect(path.components[1].parameters["z"] == piece)
            #expect(path.query[piece] == piece)
            let url = try PagePath(parsing: "app://\(piece)/\(piece)(\(piece)=\(piece))/\(piece)?\(piece)=\(piece)&k=\(piece)")
            #expect(url.components.map(\.name) == [piece, piece, piece])
            #expect(url.query.map(\.value) == [piece, piece])
        }
    }

    @Test("a byte other than a letter is found at every place in a name: encoded, not ASCII, or punctuation")
    func otherBytesAtEveryPlace() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for length in [1, 7, 8, 9, 15, 16, 17, 24] {
            for place in 0...length {
                let before = String(letters[0..<place])
                let after = String(letters[place..<length].map { $0 })
                // `%41` is decoded, `é` is kept, `~` (above `@`) and `-` (below it) are plain.
                for (written, decoded) in [("%41", "A"), ("é", "é"), ("~", "~"), ("-", "-"), ("%C3%A9", "é")] {
                    let name = before + written + after
                    let path = try PagePath(parsing: "/\(name)(\(name)=\(name))?\(name)=\(name)")
                    let expected = before + decoded + after
                    #expect(path.components.map(\.name) == [expected], "\(name)")
                    #expect(path.components[0].parameters[expected] == expected, "\(name)")
                    #expect(path.query[expected] == expected, "\(name)")
                    #expect(try PagePath(parsing: path.description) == path)
                }
                // A broken escape or bytes that are not UTF-8 throw at their own offset.
                for (written, code, offset) in [("%G1", PagePathError.Code.invalidPercentEncoding, 1 + place),
                                                ("%FF", .invalidUTF8, 1)] {
                    do {
                        let path = try PagePath(parsing: "/" + before + written + after)
                        Issue.record("`\(before + written + after)` parsed as `\(path)`")
                    } catch let error as PagePathError {
                        #expect(error.code == code)
                        #expect(error.offset == offset)
                    }
                }
            }
        }
    }

    @Test("one-character names, keys and values are the character written, whatever it is")
    func oneCharacterPieces() throws {
        // Digits and letters are made from literals; every other byte as any piece is.
        let plain = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }.filter { !"!#%&()/,=?".contains($0) }
        for character in plain {
            let text = String(character)
            if character == "." || character == "^" {
                #expect(throws: PagePathError.self) { try PagePath(parsing: "/a/\(text)") }
            } else {
                let path = try PagePath(parsing: "/\(text)(\(text)=\(text))?\(text)=\(text)")
                #expect(path.components.map(\.name) == [text])
                #expect(path.components[0].parameters.map(\.key) == [text])
                #expect(path.components[0].parameters[text] == text)
                #expect(path.query.map(\.key) == [text])
                #expect(path.query.map(\.value) == [text])
                #expect(try PagePath(parsing: path.description) == path)
            }
            let url = try PagePath(parsing: "app://a?k=\(text)")
            #expect(url.query["k"] == text)
        }
        // Encoded or not ASCII, one character is decoded as any other piece.
        let decoded = try PagePath(parsing: "/%41(%37=%37)?é=é")
        #expect(decoded.components[0].name == "A")
        #expect(decoded.components[0].parameters["7"] == "7")
        #expect(decoded.query["é"] == "é")
        // An empty value is the empty string.
        #expect(try PagePath(parsing: "/a(k=)?x=&y").query.map(\.value) == ["", ""])
        #expect(try PagePath(parsing: "/a(k=)").components[0].parameters["k"] == "")
    }

    @Test("a Foundation URL parses through the same tokenizer")
    func foundationURL() throws {
        let url = try #require(URL(string: "app://tab/contact/person_detail?id=5"))
        #expect(try PagePath(url: url).description == "app://tab/contact/person_detail?id=5")
    }

    @Test("a path prints as a URL and a URL as a path")
    func spellings() throws {
        let path = try PagePath(parsing: "/tab#contact/list/person_detail(id=5)!compose")
        #expect(path.urlString(scheme: "app") == "app://tab/contact/list/person_detail(id=5)!compose")
        let url = try PagePath(parsing: "app://tab/contact!/compose?x=1")
        #expect(url.pathString == "/tab/contact!/compose?x=1")
        let relative = try PagePath(parsing: "../x")
        #expect(relative.urlString(scheme: "app") == "../x")
        // A URL cannot say `#` or `#/`: a first component so shown is the host, and the
        // URL parses, as a tab is reached with `/` too.
        for first in ["#x", "#/x"] {
            let tabFirst = try PagePath(parsing: first + "/y")
            #expect(tabFirst.urlString(scheme: "app") == "app://x/y")
            #expect(try PagePath(parsing: tabFirst.urlString(scheme: "app")).pathString == "/x/y")
        }
    }
}

/// One malformed input and the error it must produce.
struct MalformedCase: Sendable, CustomStringConvertible {
    let input: String
    let code: PagePathError.Code
    let offset: Int?
    var description: String { "\(input) → \(code)" }
    init(_ input: String, _ code: PagePathError.Code, at offset: Int? = nil) {
        self.input = input
        self.code = code
        self.offset = offset
    }
}

@Suite("Malformed paths are typed errors", .timeLimit(.minutes(10)))
struct MalformedPathTests {
    static let cases: [MalformedCase] = [
        MalformedCase("", .empty),
        MalformedCase("app://tab//contact", .emptyComponent, at: 10),
        MalformedCase("/a/", .emptyComponent, at: 3),
        MalformedCase("//a", .emptyComponent, at: 1),
        MalformedCase("/a!", .emptyComponent, at: 3),
        MalformedCase("/a#/", .emptyComponent, at: 4),
        MalformedCase("/a/!b", .emptyComponent, at: 3),
        MalformedCase("app:///tab", .emptyComponent, at: 6),
        MalformedCase("/a(b=1", .unterminatedParameters, at: 2),
        MalformedCase("/a(b=1,c", .unterminatedParameters, at: 2),
        MalformedCase("/a(b)", .malformedParameter, at: 3),
        MalformedCase("/a(=1)", .malformedParameter, at: 3),
        MalformedCase("/a()", .malformedParameter, at: 3),
        MalformedCase("/a(b=1,)", .malformedParameter, at: 7),
        MalformedCase("/a?=5", .malformedParameter, at: 3),
        MalformedCase("/a(b=1,b=2)", .duplicateParameter, at: 2),
        MalformedCase("/a%2", .invalidPercentEncoding, at: 2),
        MalformedCase("/a%zz", .invalidPercentEncoding, at: 2),
        MalformedCase("/a(k=%G0)", .invalidPercentEncoding, at: 5),
        MalformedCase("/a%FF", .invalidUTF8, at: 1),
        MalformedCase("/a%C3", .invalidUTF8, at: 1),
        MalformedCase("app://tab#x", .fragment, at: 9),
        MalformedCase("app://tab?x=1#y", .fragment, at: 13),
        MalformedCase("app://tab#/x", .fragment, at: 9),
        MalformedCase("/a/../b", .misplacedRelative, at: 3),
        MalformedCase("/a/./b", .misplacedRelative, at: 3),
        MalformedCase("/a/^", .misplacedRelative, at: 3),
        MalformedCase("/a)", .unexpectedCharacter, at: 2),
        MalformedCase("/a(b=1)c", .unexpectedCharacter, at: 7),
        MalformedCase("/a(b=1)(c=2)", .unexpectedCharacter, at: 7),
        MalformedCase("app:tab", .unexpectedCharacter, at: 3),
        MalformedCase("^x", .unexpectedCharacter, at: 1),
        MalformedCase("..x/..", .misplacedRelative, at: 4),
        MalformedCase("..(a=1)", .misplacedRelative, at: 0),
    ]

    @Test("each malformed input throws its own code at its own offset", arguments: cases)
    func malformed(_ testCase: MalformedCase) {
        do {
            let path = try PagePath(parsing: testCase.input)
            Issue.record("`\(testCase.input)` parsed as `\(path)`")
        } catch let error as PagePathError {
            #expect(error.code == testCase.code)
            if let offset = testCase.offset {
                #expect(error.offset == offset)
            }
            #expect(error.description.contains("`\(testCase.input)`"), "the message names the input")
        } catch {
            Issue.record("not a PagePathError: \(error)")
        }
    }

    @Test("length, depth and parameter count are bounded, each with its own code")
    func limits() {
        let limits = PagePath.Limits(maxLength: 64, maxDepth: 4, maxParameters: 2)
        func code(_ text: String) -> PagePathError.Code? {
            do {
                _ = try PagePath(parsing: text, limits: limits)
                return nil
            } catch {
                return (error as? PagePathError)?.code
            }
        }
        #expect(code("/" + String(repeating: "a", count: 63)) == nil)
        #expect(code("/" + String(repeating: "a", count: 64)) == .tooLong)
        #expect(code("/a/b/c/d") == nil)
        #expect(code("/a/b/c/d/e") == .tooDeep)
        #expect(code("../../../../..") == .tooDeep)
        #expect(code("/a(x=1,y=2)") == nil)
        #expect(code("/a(x=1,y=2,z=3)") == .tooManyParameters)
        #expect(code("/a?x=1&y=2") == nil)
        #expect(code("/a?x=1&y=2&z=3") == .tooManyParameters)
    }

    @Test("a long input is shortened in the message, never echoed whole")
    func longInputMessage() {
        let text = "/" + String(repeating: "a", count: 5000)
        #expect { try PagePath(parsing: text) } throws: { error in
            guard let error = error as? PagePathError else { return false }
            return error.code == .tooLong && error.description.count < 400
        }
    }
}
