// A small, strict HTTP/1.1 server: one thread accepts, one thread per connection reads one request within a
// deadline, checks that it is addressed to this server (Host) from its own pages (Origin), answers from the route
// table, and closes. An event stream keeps its thread, and its place among the connections, until the client or
// the server goes.

import Foundation

/// An open Server-Sent Events connection.
public final class EventStream: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var open = true

    init(fd: Int32) { self.fd = fd }

    /// Sends one event; false once the client has gone (the stream then closes).
    @discardableResult
    public func send(event: String, data: String) -> Bool {
        var text = "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        text += "\n"
        return write(text)
    }

    func write(_ text: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard open else { return false }
        if !Socket.send(fd, Array(text.utf8)) {
            open = false
            Socket.shutdown(fd)
        }
        return open
    }

    /// Whether the client is still connected and the stream can be written to.
    public var isOpen: Bool { lock.withLock { open } }

    /// Ends the stream: the connection is shut down (its thread then closes it) and later writes are dropped.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        if open { Socket.shutdown(fd) }
        open = false
    }

    /// Marks the stream closed once its connection has ended, without touching the descriptor.
    func ended() { lock.withLock { open = false } }
}

/// Serves a `RouteTable` on an IPv4 address, to this machine's browsers and tools only.
///
/// Every request must name this server in `Host` (`127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT` or the
/// listening address, the port optional; any IPv4 address when listening on `0.0.0.0`) or send none, so a page of
/// another site that rebinds its name to this address is refused. A request must send no `Origin` or one of those
/// as `http://HOST:PORT`, so another site's page can neither post to it nor hold its connections with event
/// streams. Others are refused with 403.
public final class HTTPServer: @unchecked Sendable {
    /// The IPv4 address the server listens on (`127.0.0.1`).
    public let host: String
    /// The port it listens on; the one the system chose when 0 was asked for.
    public let port: UInt16
    /// Seconds a client has to send a whole request.
    public let timeout: Double
    /// Connections served at once; more are refused until one ends.
    public let maximumConnections: Int
    private let listener: Int32
    private let routes: RouteTable
    private let parser = HTTPRequestParser()
    private let lock = NSLock()
    private var active = 0
    private var running = true
    private var streams: [EventStream] = []
    private var acceptor: Thread?

    /// Binds and listens; call `start` to serve.
    /// - Throws: `StudioError` when the address is bad or the port taken.
    public init(host: String = "127.0.0.1", port: UInt16 = 0, routes: RouteTable, timeout: Double = 5, maximumConnections: Int = 64)
        throws(StudioError)
    {
        let (fd, actual) = try Socket.listen(host: host, port: port)
        self.host = host
        self.listener = fd
        self.port = actual
        self.routes = routes
        self.timeout = timeout
        self.maximumConnections = maximumConnections
    }

    /// `http://HOST:PORT/`.
    public var url: String { "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/" }

    /// Whether `value`, a `Host` field (`localhost:8080`) or an origin's host part, names this server: one of the
    /// loopback names or the listening address (any IPv4 address when that is `0.0.0.0`), with this port or none.
    public func isOwnHost(_ value: String) -> Bool {
        let text = value.lowercased()
        var name = text
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
            guard text[text.index(after: colon)...] == "\(port)" else { return false }
            name = String(text[..<colon])
        }
        if ["127.0.0.1", "localhost", "[::1]", host.lowercased()].contains(name) && name != "0.0.0.0" { return true }
        return host == "0.0.0.0" && Socket.isIPv4(name)
    }

    /// The 403 refusal of a request not addressed to this server or posted from another site's page; nil to serve it.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        if let given = request.header("host"), !isOwnHost(given) {
            return .error(403, "this server answers to 127.0.0.1:\(port), localhost:\(port) or [::1]:\(port), not \"\(given.prefix(80))\"")
        }
        // A browser sends Origin with every cross-site request it lets a page make (a POST, a fetch, an EventSource)
        // and with a same-site request that changes state; the studio's own page sends its own or none.
        guard let origin = request.header("origin") else { return nil }
        let prefix = "http://"
        if origin.lowercased().hasPrefix(prefix), isOwnHost(String(origin.dropFirst(prefix.count))) { return nil }
        return .error(403, "a \(request.method) is taken only from this server's own pages, not from \"\(origin.prefix(80))\"")
    }

    /// Starts accepting on a background thread.
    public func start() {
        let thread = Thread { [self] in
            // The listener is closed here, by the thread that accepts on it, once `stop` has shut it down: closing it
            // from `stop` while `accept` still waits let the descriptor number be reused by a new socket (another
            // server's listener), which this thread then went on accepting from.
            defer { Socket.close(listener) }
            while true {
                let client: Int32
                switch Socket.accept(listener) {
                case .client(let fd): client = fd
                case .stopped: return
                case .busy:
                    // Out of descriptors or memory: the connection waits in the backlog until one is released.
                    guard lock.withLock({ running }) else { return }
                    Thread.sleep(forTimeInterval: 0.05)
                    continue
                }
                let admitted = lock.withLock { () -> Bool in
                    guard running, active < maximumConnections else { return false }
                    active += 1
                    return true
                }
                guard admitted else {
                    _ = Socket.send(client, HTTPResponse.error(503, "too many connections").serialized())
                    Socket.shutdownAndClose(client)
                    continue
                }
                let worker = Thread { [self] in
                    serve(client)
                    lock.withLock { active -= 1 }
                }
                worker.start()
            }
        }
        lock.withLock { acceptor = thread }
        thread.start()
    }

    /// Stops accepting and closes every event stream.
    public func stop() {
        let open = lock.withLock { () -> [EventStream] in
            running = false
            defer { streams.removeAll() }
            return streams
        }
        // Shutting the listener down wakes the accepting thread, which closes it; without one, close it here.
        let accepting = lock.withLock { acceptor != nil }
        if accepting { Socket.shutdown(listener) } else { Socket.shutdownAndClose(listener) }
        for stream in open { stream.close() }
    }

    /// Reads one request within the deadline and answers it; an event stream is held until it ends.
    private func serve(_ fd: Int32) {
        Socket.setReadTimeout(fd, seconds: timeout)
        let deadline = Socket.now() + timeout
        var reader = HTTPRequestReader(parser: parser)
        var outcome = HTTPRequestParser.Outcome.incomplete
        reading: while true {
            if Socket.now() > deadline {
                outcome = .refused(.error(408, "the request did not arrive within \(NumberFormatting.seconds(timeout))"))
                break
            }
            switch Socket.receive(fd, limit: 64 * 1024) {
            case .bytes(let more):
                outcome = reader.append(more)
                guard case .incomplete = outcome else { break reading }
            case .timedOut:
                outcome = .refused(.error(408, "the request did not arrive within \(NumberFormatting.seconds(timeout))"))
                break reading
            case .closed, .failed:
                Socket.shutdownAndClose(fd)
                return
            }
        }
        switch outcome {
        case .request(let request):
            if let refused = refusal(of: request) {
                _ = Socket.send(fd, refused.serialized())
                break
            }
            switch routes.reply(to: request) {
            case .response(let response):
                _ = Socket.send(fd, response.serialized())
            case .events(let attach):
                return stream(fd, attach)
            }
        case .refused(let response):
            _ = Socket.send(fd, response.serialized())
        case .incomplete:
            break
        }
        Socket.shutdownAndClose(fd)
    }

    /// Turns the connection into an event stream and holds it (and its place among the connections) until the
    /// client goes, a write fails or the server stops; then closes it.
    private func stream(_ fd: Int32, _ attach: @Sendable (EventStream) -> Void) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n"
        let stream = EventStream(fd: fd)
        defer {
            stream.ended()
            lock.withLock { streams.removeAll { $0 === stream } }
            Socket.shutdownAndClose(fd)
        }
        guard stream.write(head) else { return }
        let accepted = lock.withLock { () -> Bool in
            guard running else { return false }
            streams.append(stream)
            return true
        }
        guard accepted else { return }
        attach(stream)
        // The client sends nothing more: a read returns when it closes or the stream is shut down (or times out,
        // and waits again while the stream is open).
        while stream.isOpen {
            switch Socket.receive(fd, limit: 1024) {
            case .bytes, .timedOut: continue
            case .closed, .failed: return
            }
        }
    }
}

enum NumberFormatting {
    static func seconds(_ s: Double) -> String { s == s.rounded() ? "\(Int(s)) s" : "\(s) s" }
}
