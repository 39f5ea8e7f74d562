// The studio's promise, spoken to in raw bytes over 127.0.0.1: a local tool no other site can reach. A foreign
// Host (DNS rebinding) or another site's Origin is refused, a drag is bounded, event streams count among the
// connections and are reaped when their client goes.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitRender
import PaneKitTestSupport
import Testing

@testable import PaneKitStudio

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection to 127.0.0.1:`port` that stays open: sends, reads until a marker (bounded), closes on demand.
final class OpenConnection {
    let fd: Int32
    private(set) var received: [UInt8] = []

    /// Connects, or returns nil.
    init?(_ port: UInt16, timeout: Double = 5) {
        #if canImport(Glibc)
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        var tv = timeval()
        tv.tv_sec = .init(Int(timeout))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) } }

    /// Reads until `marker` has arrived (nil: until the peer closes), the peer closes, a read times out or `limit`
    /// bytes have arrived; what arrived so far.
    @discardableResult
    func read(until marker: String?, limit: Int = 1 << 20) -> String {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while marker.map({ !String(decoding: received, as: UTF8.self).contains($0) }) ?? true, received.count < limit {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65536, 0) }
            guard n > 0 else { break }
            received += buffer[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }

    func hangUp() { close(fd) }
}

@Suite struct HTTPHardeningTests {
    static func post(_ path: String, _ body: String, headers: String = "") -> [UInt8] {
        request("POST \(path) HTTP/1.1\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    @Test func aForeignHostIsRefusedAndTheStudiosOwnNamesAreServed() throws {
        let (_, server) = try LiveStudioRouteTests.studio()
        defer { server.stop() }
        let port = server.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "LOCALHOST:\(port)", "localhost"] {
            let reply = exchange(port, request("GET /session.json HTTP/1.1\r\nHost: \(host)\r\n\r\n"))
            #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n") == true, "Host: \(host) → \(reply.prefix(80))")
        }
        // A page of another site whose name was rebound to 127.0.0.1 sends its own name.
        for host in ["evil.example:\(port)", "evil.example", "localhost:\(port + 1)", "127.0.0.1.evil.example:\(port)", "localhost:"] {
            let reply = exchange(port, request("GET /session.json HTTP/1.1\r\nHost: \(host)\r\n\r\n"))
            #expect(reply.hasPrefix("HTTP/1.1 403 Forbidden\r\n") == true, "Host: \(host) → \(reply.prefix(80))")
            #expect(!reply.contains("\"mode\""), "Host: \(host) was served the session")
        }
        let events = exchange(port, request("GET /events HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n"), timeout: 5)
        #expect(events.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
    }

    @Test func aCrossOriginPostChangesNothing() throws {
        let (studio, server) = try LiveStudioRouteTests.studio()
        defer { server.stop() }
        let port = server.port
        let before = studio.jsonLines()
        let body = "{\"mm.parallax.factor\":\"4\"}"
        // A form or a no-cors fetch of another site: text/plain, no preflight.
        for origin in [
            "http://evil.example", "http://evil.example:\(port)", "null", "http://localhost:\(port + 1)", "https://localhost:\(port)",
        ] {
            let reply = exchange(
                port,
                Self.post("/params", body, headers: "Host: 127.0.0.1:\(port)\r\nOrigin: \(origin)\r\nContent-Type: text/plain\r\n"))
            #expect(reply.hasPrefix("HTTP/1.1 403 Forbidden\r\n") == true, "Origin: \(origin) → \(reply.prefix(80))")
            #expect(studio.jsonLines() == before, "Origin: \(origin) changed the session")
        }
        let drag = "{\"frame\":0,\"tap\":[1,2]}"
        let refused = exchange(port, Self.post("/drag", drag, headers: "Origin: http://evil.example\r\n"))
        #expect(refused.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
        // The studio's own pages: the origin of each of its names, or none (a tool such as curl).
        for origin in ["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)", nil] {
            let header = origin.map { "Origin: \($0)\r\n" } ?? ""
            let reply = exchange(port, Self.post("/params", body, headers: "Host: localhost:\(port)\r\n\(header)"))
            #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n") == true, "Origin: \(origin ?? "none") → \(reply.prefix(80))")
        }
        #expect(studio.jsonLines() != before)
        // Nor can another site's page hold the studio's connections with event streams.
        let stream = exchange(
            port, request("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://evil.example\r\n\r\n"), timeout: 5)
        #expect(stream.hasPrefix("HTTP/1.1 403 Forbidden\r\n") == true, "\(stream.prefix(80))")
        let own = exchange(
            port, request("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n\r\n"), timeout: 5,
            untilContains: "event: hello")
        #expect(own.hasPrefix("HTTP/1.1 200 OK\r\n") == true, "\(own.prefix(80))")
    }

    @Test func aDragIsBoundedInSamplesDurationAndFrames() throws {
        let (_, server) = try LiveStudioRouteTests.studio()
        defer { server.stop() }
        let port = server.port
        // Two samples 4,100 s apart: today a 267 MB answer.
        let long = "{\"frame\":0,\"track\":[[0,4,300],[4100,200,300]]}"
        let reply = exchange(port, Self.post("/drag", long))
        #expect(reply.hasPrefix("HTTP/1.1 413 Content Too Large\r\n") == true, "\(reply.prefix(200))")
        #expect(reply.contains("Content-Type: application/json"))
        #expect(LiveStudioRouteTests.body(reply).hasPrefix("{\"error\":\"track: the drag lasts 4100 s; a drag lasts at most 60 s\""))
        let many = (0...10_000).map { "[\(Double($0) * 0.001),4,300]" }.joined(separator: ",")
        let crowded = exchange(port, Self.post("/drag", "{\"frame\":0,\"track\":[\(many)]}"))
        #expect(crowded.hasPrefix("HTTP/1.1 413 ") == true, "\(crowded.prefix(200))")
        #expect(LiveStudioRouteTests.body(crowded).contains("10001 samples; a drag holds at most 10000"))
        let bad = exchange(port, Self.post("/drag", "{\"frame\":0,\"track\":[[1,4,300],[0,5,300]]}"))
        #expect(bad.hasPrefix("HTTP/1.1 400 ") && LiveStudioRouteTests.body(bad).hasPrefix("{\"error\":"))
    }

    @Test func aDragOfMoreFramesThanTheBoundIsRefusedBeforeItRuns() throws {
        // At 1000 fps a 40 s drag would be 40,000 frames.
        var scenario = DemoScenario.make(
            styler: StylerReference(name: "mm.parallax"),
            container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))), group: .left)
        scenario.fps = 1000
        scenario.duration = 0.5
        scenario.frameTimes = nil
        let input = StudioInput(runs: [StudioRun(name: "fast", scenario: scenario)], registry: .builtins, command: ["panekit"])
        let studio = try LiveStudio(load: { input }, watched: { [] })
        let server = try HTTPServer(port: 0, routes: studio.routes)
        server.start()
        defer { server.stop() }
        let reply = exchange(server.port, Self.post("/drag", "{\"frame\":0,\"track\":[[0,4,300],[40,200,300]]}"))
        #expect(reply.hasPrefix("HTTP/1.1 413 ") == true, "\(reply.prefix(200))")
        #expect(LiveStudioRouteTests.body(reply).contains("more than 36000 frames at 1000 fps"))
    }

    @Test(.timeLimit(.minutes(1)))
    func eventStreamsCountAmongTheConnectionsAndAreReapedWhenTheirClientGoes() throws {
        var routes = RouteTable()
        routes.add("GET", "/hello") { _ in .response(HTTPResponse(status: 200, text: "hello")) }
        routes.add("GET", "/events") { _ in .events { $0.send(event: "hello", data: "{}") } }
        let server = try HTTPServer(port: 0, routes: routes, maximumConnections: 2)
        server.start()
        defer { server.stop() }
        var streams: [OpenConnection] = []
        for _ in 0..<2 {
            let connection = try #require(OpenConnection(server.port))
            connection.write("GET /events HTTP/1.1\r\n\r\n")
            #expect(connection.read(until: "event: hello").contains("event: hello"))
            streams.append(connection)
        }
        // Both places are taken by the streams.
        let full = exchange(server.port, request("GET /hello HTTP/1.1\r\n\r\n"))
        #expect(full.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n") == true, "\(full.prefix(80))")
        // A client that goes without a word frees its place, with no event sent to notice it.
        streams.removeFirst().hangUp()
        var served = ""
        for _ in 0..<100 where !served.hasPrefix("HTTP/1.1 200 ") {
            served = exchange(server.port, request("GET /hello HTTP/1.1\r\n\r\n"))
            if !served.hasPrefix("HTTP/1.1 200 ") { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(served.hasPrefix("HTTP/1.1 200 OK\r\n") == true, "\(served.prefix(80))")
        for stream in streams { stream.hangUp() }
    }

    @Test func everyStatusTheServerWritesHasItsReasonPhrase() {
        let expected = [
            200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
            411: "Length Required", 413: "Content Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large",
            500: "Internal Server Error", 501: "Not Implemented", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
        ]
        for (status, phrase) in expected { #expect(HTTPResponse.reason(status) == phrase, "\(status)") }
    }

    @Test func aTrickleOfBytesIsReadInLinearTime() {
        // One carriage return at a time, as a slow client can send them: each byte is looked at once, where the
        // whole buffer used to be searched again on every read (quadratic in the head's 16 KiB).
        var reader = HTTPRequestReader(parser: HTTPRequestParser())
        var outcome = HTTPRequestParser.Outcome.incomplete
        var sent = 0
        while case .incomplete = outcome, sent < 20_000 {
            outcome = reader.append([13])
            sent += 1
        }
        guard case .refused(let response) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(response.status == 431)
        #expect(sent == 16 * 1024 + 1)
        #expect(reader.examined <= sent, "\(reader.examined) bytes examined for \(sent) sent")
    }

    @Test func aRequestSentByteByByteIsTheRequestSentWhole() {
        let text = "POST /echo?x=1 HTTP/1.1\r\nHost: localhost:8080\r\nContent-Length: 5\r\n\r\nabcde"
        var reader = HTTPRequestReader(parser: HTTPRequestParser())
        var outcomes: [HTTPRequestParser.Outcome] = []
        for byte in text.utf8 { outcomes.append(reader.append([byte])) }
        #expect(outcomes.dropLast().allSatisfy { if case .incomplete = $0 { true } else { false } })
        guard case .request(let r) = outcomes.last else {
            Issue.record("expected a request, got \(String(describing: outcomes.last))")
            return
        }
        #expect(r.method == "POST" && r.path == "/echo" && r.query == "x=1" && r.body == Array("abcde".utf8))
        #expect(r.header("host") == "localhost:8080")
        #expect(reader.examined <= text.utf8.count)
    }
}
