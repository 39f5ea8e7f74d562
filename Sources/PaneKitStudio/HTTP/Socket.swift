// The only file of the studio that talks to the C library: IPv4 TCP sockets for the HTTP server.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the server needs, with errors as text.
enum Socket {
    /// A listening socket on `host:port` (port 0 picks a free one).
    /// - Returns: the descriptor and the port it listens on.
    /// - Throws: `StudioError` for an address that is not IPv4 dotted form or a port that is taken.
    static func listen(host: String, port: UInt16) throws(StudioError) -> (fd: Int32, port: UInt16) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        let name = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, name, &address.sin_addr) == 1 else {
            throw StudioError(.invalidAddress, "--host: expected an IPv4 address such as 127.0.0.1 or 0.0.0.0, got \"\(host)\"")
        }
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StudioError(.cannotListen, "cannot open a socket: \(lastError())") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let reason = lastError()
            close(fd)
            throw StudioError(.cannotListen, "cannot listen on \(host):\(port): \(reason)")
        }
        guard Glibc_listen(fd) == 0 else {
            let reason = lastError()
            close(fd)
            throw StudioError(.cannotListen, "cannot listen on \(host):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    private static func Glibc_listen(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.listen(fd, 64)
        #else
            return Darwin.listen(fd, 64)
        #endif
    }

    /// What waiting for a connection gave.
    enum Accepted {
        /// A new connection.
        case client(Int32)
        /// None for now: the process is out of descriptors or memory (the connection stays in the backlog).
        case busy
        /// The listening socket is shut down or broken: no more connections.
        case stopped
    }

    /// The next connection; `.busy` while descriptors or memory run out, `.stopped` once the listener is shut down.
    static func accept(_ fd: Int32) -> Accepted {
        while true {
            #if canImport(Glibc)
                let client = Glibc.accept(fd, nil, nil)
            #else
                let client = Darwin.accept(fd, nil, nil)
            #endif
            if client >= 0 {
                #if canImport(Darwin)
                    var yes: Int32 = 1
                    setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
                #endif
                return .client(client)
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO: continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM, EAGAIN: return .busy
            default: return .stopped
            }
        }
    }

    /// Whether `text` is an IPv4 address in dotted form (`192.168.1.5`).
    static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    /// Makes a read that waits longer than `seconds` fail, so a silent client cannot hold a thread.
    static func setReadTimeout(_ fd: Int32, seconds: Double) {
        var tv = timeval()
        tv.tv_sec = .init(Int(seconds))
        tv.tv_usec = .init(Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    enum Received {
        case bytes([UInt8])
        case closed
        case timedOut
        case failed
    }

    /// Up to `limit` bytes.
    static func receive(_ fd: Int32, limit: Int) -> Received {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
            if n > 0 { return .bytes(Array(buffer[0..<n])) }
            if n == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .failed
        }
    }

    /// Sends all of `bytes`; false when the peer has gone.
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let n = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                    Glibc.send(fd, raw.baseAddress! + offset, bytes.count - offset, flags)
                #else
                    Darwin.send(fd, raw.baseAddress! + offset, bytes.count - offset, flags)
                #endif
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Stops a listening socket's `accept` (and a connection's reads), then releases it.
    /// Shuts both directions down without closing: a thread blocked in `accept` or `recv` on `fd` returns.
    static func shutdown(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        #else
            _ = Darwin.shutdown(fd, Int32(SHUT_RDWR))
        #endif
    }

    /// Closes `fd`.
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    static func shutdownAndClose(_ fd: Int32) {
        shutdown(fd)
        close(fd)
    }

    /// A monotonic clock in seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
