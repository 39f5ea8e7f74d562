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
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
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

    /// Parses `bytes`, the start of a connection's input.
    public func parse(_ bytes: [UInt8]) -> Outcome {
        guard let headEnd = Self.find([13, 10, 13, 10], in: bytes) else {
            if bytes.count > maximumHead { return .refused(.error(431, "the request line and headers exceed \(maximumHead) bytes")) }
            return .incomplete
        }
        guard headEnd <= maximumHead else { return .refused(.error(431, "the request line and headers exceed \(maximumHead) bytes")) }
        guard let head = String(validating: bytes[0..<headEnd], as: UTF8.self) else {
            return .refused(.error(400, "the request head is not UTF-8"))
        }
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .refused(.error(400, "expected a request line METHOD TARGET HTTP/1.1, got \"\(lines[0].prefix(80))\""))
        }
        let method = String(parts[0]), target = String(parts[1]), version = String(parts[2])
        guard !method.isEmpty, method.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            return .refused(.error(400, "expected an upper-case method such as GET, got \"\(method.prefix(20))\""))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .refused(.error(version.hasPrefix("HTTP/") ? 505 : 400, "expected HTTP/1.1, got \"\(version.prefix(20))\""))
        }
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return .refused(.error(400, "expected a target starting with /, got \"\(target.prefix(80))\""))
        }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line.hasPrefix(" "), !line.hasPrefix("\t")
            else { return .refused(.error(400, "expected a header field NAME: VALUE, got \"\(line.prefix(80))\"")) }
            let name = line[..<colon]
            guard !name.contains(" ") else { return .refused(.error(400, "a header name may not hold spaces: \"\(name.prefix(80))\"")) }
            headers.append((name.lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])))
        }
        if headers.contains(where: { $0.0 == "transfer-encoding" }) {
            return .refused(.error(501, "chunked or encoded bodies are not accepted; send Content-Length"))
        }
        let lengths = headers.filter { $0.0 == "content-length" }.map(\.1)
        var length = 0
        if let text = lengths.first {
            guard lengths.count == 1, let n = Int(text), n >= 0, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return .refused(
                    .error(400, "expected one Content-Length with a whole number, got \"\(lengths.joined(separator: ", ").prefix(40))\""))
            }
            length = n
        } else if method == "POST" || method == "PUT" {
            return .refused(.error(411, "a \(method) needs a Content-Length"))
        }
        guard length <= maximumBody else { return .refused(.error(413, "the body of \(length) bytes exceeds \(maximumBody)")) }
        let bodyStart = headEnd + 4
        guard bytes.count >= bodyStart + length else { return .incomplete }
        let question = target.firstIndex(of: "?")
        return .request(
            HTTPRequest(
                method: method, path: String(target[..<(question ?? target.endIndex)]),
                query: question.map { String(target[target.index(after: $0)...]) } ?? "",
                headers: headers, body: Array(bytes[bodyStart..<(bodyStart + length)])))
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] {
            if Array(bytes[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}
