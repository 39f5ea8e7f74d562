// The server's routes: exact method and path pairs; nothing maps a URL onto the file system.

/// What a route answers: a whole response, or an event stream it keeps (Server-Sent Events).
public enum HTTPReply: Sendable {
    /// A whole response, sent and followed by closing the connection.
    case response(HTTPResponse)
    /// The connection becomes a `text/event-stream`; the closure receives the stream to write to.
    case events(@Sendable (EventStream) -> Void)
}

/// Exact `METHOD /path` routes. An unknown path answers 404, a known path with another method 405.
public struct RouteTable: Sendable {
    /// Answers one request; called on the connection's own thread.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPReply
    private var routes: [(method: String, path: String, handler: Handler)] = []

    /// An empty table: every request answers 404.
    public init() {}

    /// Routes `method` requests for exactly `path` (no prefix, no pattern) to `handler`.
    public mutating func add(_ method: String, _ path: String, _ handler: @escaping Handler) {
        routes.append((method, path, handler))
    }

    /// The reply to `request`.
    public func reply(to request: HTTPRequest) -> HTTPReply {
        let matches = routes.filter { $0.path == request.path }
        guard !matches.isEmpty else { return .response(.error(404, "no route \(request.path.prefix(200))")) }
        if let route = matches.first(where: { $0.method == request.method }) { return route.handler(request) }
        if request.method == "HEAD", let route = matches.first(where: { $0.method == "GET" }),
            case .response(var response) = route.handler(request)
        {
            response.body = []
            return .response(response)
        }
        var refused = HTTPResponse.error(405, "\(request.path) takes \(matches.map(\.method).joined(separator: ", "))")
        refused.headers.append(("Allow", matches.map(\.method).joined(separator: ", ")))
        return .response(refused)
    }
}
