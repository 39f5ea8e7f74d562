// A small, strict HTTP/1.1 server: one thread accepts, one thread per connection reads one request within a
// deadline, answers from the route table, and closes (event streams stay open until the client or server goes).

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
            Socket.shutdownAndClose(fd)
        }
        return open
    }

    /// Whether the client is still connected and the stream can be written to.
    public var isOpen: Bool { lock.withLock { open } }

    /// Ends the stream and closes the connection; later writes are dropped.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        if open { Socket.shutdownAndClose(fd) }
        open = false
    }
}

/// Serves a `RouteTable` on an IPv4 address.
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

    /// Starts accepting on a background thread.
    public func start() {
        let thread = Thread { [self] in
            // The listener is closed here, by the thread that accepts on it, once `stop` has shut it down: closing it
            // from `stop` while `accept` still waits let the descriptor number be reused by a new socket (another
            // server's listener), which this thread then went on accepting from.
            defer { Socket.close(listener) }
            while let client = Socket.accept(listener) {
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

    /// Reads one request within the deadline and answers it.
    private func serve(_ fd: Int32) {
        Socket.setReadTimeout(fd, seconds: timeout)
        let deadline = Socket.now() + timeout
        var bytes: [UInt8] = []
        var outcome = HTTPRequestParser.Outcome.incomplete
        reading: while true {
            outcome = parser.parse(bytes)
            guard case .incomplete = outcome else { break }
            if Socket.now() > deadline {
                outcome = .refused(.error(408, "the request did not arrive within \(NumberFormatting.seconds(timeout))"))
                break
            }
            switch Socket.receive(fd, limit: 64 * 1024) {
            case .bytes(let more): bytes += more
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
            switch routes.reply(to: request) {
            case .response(let response):
                _ = Socket.send(fd, response.serialized())
            case .events(let attach):
                let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n"
                let stream = EventStream(fd: fd)
                guard stream.write(head) else { return }
                let accepted = lock.withLock { () -> Bool in
                    guard running else { return false }
                    streams.removeAll { !$0.isOpen }
                    streams.append(stream)
                    return true
                }
                guard accepted else { return stream.close() }
                attach(stream)
                return
            }
        case .refused(let response):
            _ = Socket.send(fd, response.serialized())
        case .incomplete:
            break
        }
        Socket.shutdownAndClose(fd)
    }
}

enum NumberFormatting {
    static func seconds(_ s: Double) -> String { s == s.rounded() ? "\(Int(s)) s" : "\(s) s" }
}
