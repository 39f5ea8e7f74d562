// HTTP/1.1 requests and responses as values, and the strict parser that reads a request off a connection's bytes.

/// A parsed request.
public struct HTTPRequest: Sendable {
    /// The request method as sent (`GET`, `POST`).
    public var method: String
    /// The path without its query, as sent (`/frames.json`).
    public var path: String
    /// The query after `?`, without it; empty when there is none.
    public var query: String
    /// Header fields with lowercased names, in order.
    public var headers: [(name: String, value: String)]
    /// The body's bytes, as many as `Content-Length` said.
    public var body: [UInt8]

    /// The value of the first header field named `name` (lowercase), or `nil`.
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}

/// A response: a status, header fields, and a body (or a stream the route keeps writing to).
public struct HTTPResponse: Sendable {
    /// The status code (200, 404, …).
    public var status: Int
    /// Header fields in the order they are written; the server adds `Content-Length` and `Connection`.
    public var headers: [(name: String, value: String)]
    /// The body's bytes.
    public var body: [UInt8]

    /// A response with a `Content-Type` and a body of bytes.
    public init(status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8]) {
        self.status = status
        self.headers = [("Content-Type", contentType)]
        self.body = body
    }

    /// A response with a `Content-Type` and a body of UTF-8 text.
    public init(status: Int, contentType: String = "text/plain; charset=utf-8", text: String) {
        self.init(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// An `application/json` response with `text` as its body.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", text: text)
    }

    /// A plain-text error whose body is its status line's reason and a sentence.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, text: "\(status) \(reason(status)): \(message)\n")
    }

    /// The bytes on the wire; the connection closes after each response, so it says so.
    public func serialized() -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "Content-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The reason phrase of a status code (`Not Found` for 404), for the status line.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}

/// Reads one request from the bytes received so far, within fixed limits.
public struct HTTPRequestParser: Sendable {
    /// The longest request line and header section, together.
    public var maximumHead = 16 * 1024
    /// The largest body (a parameter change or a recorded drag).
    public var maximumBody = 1 << 20

    /// A parser with the default size limits.
    public init() {}

    /// What the bytes read so far amount to.
    public enum Outcome: Sendable {
        /// More bytes are needed.
        case incomplete
        /// A whole, valid request.
        case request(HTTPRequest)
        /// The request is refused with this response; the connection closes.
        case refused(HTTPResponse)
    }

    /// Parses `bytes`, the start of a connection's input, all at once.
    public func parse(_ bytes: [UInt8]) -> Outcome {
        var reader = HTTPRequestReader(parser: self)
        return reader.append(bytes)
    }

    /// The request line and headers of `head` (without the blank line), or the refusal.
    func parseHead(_ head: ArraySlice<UInt8>) -> Result<
        (method: String, target: String, headers: [(String, String)], length: Int), RefusedHead
    > {
        guard let head = String(validating: head, as: UTF8.self) else {
            return .failure(RefusedHead(.error(400, "the request head is not UTF-8")))
        }
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(RefusedHead(.error(400, "expected a request line METHOD TARGET HTTP/1.1, got \"\(lines[0].prefix(80))\"")))
        }
        let method = String(parts[0]), target = String(parts[1]), version = String(parts[2])
        guard !method.isEmpty, method.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            return .failure(RefusedHead(.error(400, "expected an upper-case method such as GET, got \"\(method.prefix(20))\"")))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(RefusedHead(.error(version.hasPrefix("HTTP/") ? 505 : 400, "expected HTTP/1.1, got \"\(version.prefix(20))\"")))
        }
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return .failure(RefusedHead(.error(400, "expected a target starting with /, got \"\(target.prefix(80))\"")))
        }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line.hasPrefix(" "), !line.hasPrefix("\t")
            else { return .failure(RefusedHead(.error(400, "expected a header field NAME: VALUE, got \"\(line.prefix(80))\""))) }
            let name = line[..<colon]
            guard !name.contains(" ") else {
                return .failure(RefusedHead(.error(400, "a header name may not hold spaces: \"\(name.prefix(80))\"")))
            }
            headers.append((name.lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])))
        }
        if headers.contains(where: { $0.0 == "transfer-encoding" }) {
            return .failure(RefusedHead(.error(501, "chunked or encoded bodies are not accepted; send Content-Length")))
        }
        let lengths = headers.filter { $0.0 == "content-length" }.map(\.1)
        var length = 0
        if let text = lengths.first {
            guard lengths.count == 1, let n = Int(text), n >= 0, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return .failure(
                    RefusedHead(
                        .error(
                            400, "expected one Content-Length with a whole number, got \"\(lengths.joined(separator: ", ").prefix(40))\"")))
            }
            length = n
        } else if method == "POST" || method == "PUT" {
            return .failure(RefusedHead(.error(411, "a \(method) needs a Content-Length")))
        }
        guard length <= maximumBody else { return .failure(RefusedHead(.error(413, "the body of \(length) bytes exceeds \(maximumBody)"))) }
        return .success((method, target, headers, length))
    }

    /// A request head refused with this response.
    struct RefusedHead: Error {
        var response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }
}

/// Reads one request as its bytes arrive, in time linear in their number: the search for the end of the head
/// resumes where it stopped, the head is parsed once, and then only the body's length is counted.
struct HTTPRequestReader {
    let parser: HTTPRequestParser
    /// The bytes received so far.
    private(set) var bytes: [UInt8] = []
    /// Where the search for the blank line that ends the head resumes.
    private var scanned = 0
    /// The parsed head and where the body starts, once the blank line has arrived.
    private var head: (method: String, target: String, headers: [(String, String)], length: Int, bodyStart: Int)?
    /// How many bytes the search for the end of the head has looked at, over every `append` (each byte once).
    private(set) var examined = 0

    init(parser: HTTPRequestParser) { self.parser = parser }

    /// Adds the next bytes of the connection and says what they amount to.
    mutating func append(_ more: [UInt8]) -> HTTPRequestParser.Outcome {
        bytes += more
        if head == nil {
            // The head ends at the first CR LF CR LF; only the bytes not looked at yet are searched.
            let limit = min(bytes.count, parser.maximumHead + 4)
            var end: Int?
            while scanned < limit {
                examined += 1
                let i = scanned
                scanned += 1
                if i >= 3, bytes[i] == 10, bytes[i - 1] == 13, bytes[i - 2] == 10, bytes[i - 3] == 13 {
                    end = i - 3
                    break
                }
            }
            guard let end else {
                if bytes.count > parser.maximumHead {
                    return .refused(.error(431, "the request line and headers exceed \(parser.maximumHead) bytes"))
                }
                return .incomplete
            }
            guard end <= parser.maximumHead else {
                return .refused(.error(431, "the request line and headers exceed \(parser.maximumHead) bytes"))
            }
            switch parser.parseHead(bytes[0..<end]) {
            case .failure(let refused): return .refused(refused.response)
            case .success(let parsed): head = (parsed.method, parsed.target, parsed.headers, parsed.length, end + 4)
            }
        }
        guard let head, bytes.count >= head.bodyStart + head.length else { return .incomplete }
        let target = head.target
        let question = target.firstIndex(of: "?")
        return .request(
            HTTPRequest(
                method: head.method, path: String(target[..<(question ?? target.endIndex)]),
                query: question.map { String(target[target.index(after: $0)...]) } ?? "",
                headers: head.headers, body: Array(bytes[head.bodyStart..<(head.bodyStart + head.length)])))
    }
}
