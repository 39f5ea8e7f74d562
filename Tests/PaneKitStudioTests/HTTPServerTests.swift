// The studio's HTTP server spoken to in raw bytes over loopback: good routes, unknown ones, malformed, oversized
// and slow requests, and the live session's routes.

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

/// Sends `bytes` to 127.0.0.1:`port` and reads until the server closes (at most `timeout` seconds a read, 4 MiB).
func exchange(_ port: UInt16, _ bytes: [UInt8], timeout: Double = 10, untilContains marker: String? = nil) -> String {
    guard let connection = OpenConnection(port, timeout: timeout) else { return "connect failed" }
    defer { connection.hangUp() }
    connection.write(bytes)
    return connection.read(until: marker, limit: 4 << 20)
}

func request(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct HTTPServerTests {
    static func server(timeout: Double = 5) throws -> HTTPServer {
        var routes = RouteTable()
        routes.add("GET", "/hello") { _ in .response(HTTPResponse(status: 200, text: "hello")) }
        routes.add("POST", "/echo") { request in .response(HTTPResponse(status: 200, body: request.body)) }
        let server = try HTTPServer(port: 0, routes: routes, timeout: timeout)
        server.start()
        return server
    }

    @Test func servesItsRoutesOnLoopback() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/")
        let reply = exchange(server.port, request("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n"))
        #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(reply.hasSuffix("\r\n\r\nhello"))
        #expect(reply.contains("Content-Length: 5\r\n"))
        let echo = exchange(server.port, request("POST /echo HTTP/1.1\r\nContent-Length: 5\r\n\r\nabcde"))
        #expect(echo.hasSuffix("\r\n\r\nabcde"))
        let head = exchange(server.port, request("HEAD /hello HTTP/1.1\r\n\r\n"))
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.hasSuffix("\r\n\r\n"))
    }

    @Test func unknownPathsAndMethodsAreRefused() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(exchange(server.port, request("GET /nope HTTP/1.1\r\n\r\n")).hasPrefix("HTTP/1.1 404 Not Found"))
        // Nothing maps a URL onto files.
        #expect(exchange(server.port, request("GET /../Package.swift HTTP/1.1\r\n\r\n")).hasPrefix("HTTP/1.1 404"))
        let wrong = exchange(server.port, request("POST /hello HTTP/1.1\r\nContent-Length: 0\r\n\r\n"))
        #expect(wrong.hasPrefix("HTTP/1.1 405 Method Not Allowed"))
        #expect(wrong.contains("Allow: GET\r\n"))
    }

    @Test(arguments: [
        ("garbage\r\n\r\n", "400"),
        ("GET /hello\r\n\r\n", "400"),
        ("get /hello HTTP/1.1\r\n\r\n", "400"),
        ("GET hello HTTP/1.1\r\n\r\n", "400"),
        ("GET /hello HTTP/2.0\r\n\r\n", "505"),
        ("GET /hello HTTP/1.1\r\nno colon here\r\n\r\n", "400"),
        ("GET /hello HTTP/1.1\r\n folded: x\r\n\r\n", "400"),
        ("POST /echo HTTP/1.1\r\n\r\n", "411"),
        ("POST /echo HTTP/1.1\r\nContent-Length: -3\r\n\r\n", "400"),
        ("POST /echo HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", "400"),
        ("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "501"),
        ("POST /echo HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", "413"),
    ])
    func malformedRequestsAreRefused(_ text: String, _ status: String) throws {
        let server = try Self.server()
        defer { server.stop() }
        let reply = exchange(server.port, request(text))
        #expect(reply.hasPrefix("HTTP/1.1 \(status) "), "\(text.debugDescription) → \(reply.prefix(60).debugDescription)")
    }

    @Test func oversizedHeadersAreRefused() throws {
        let server = try Self.server()
        defer { server.stop() }
        let big = "GET /hello HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n"
        #expect(exchange(server.port, request(big)).hasPrefix("HTTP/1.1 431 "))
        // Without an end of headers at all, the limit still applies.
        let endless = "GET /hello HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 20_000)
        #expect(exchange(server.port, request(endless)).hasPrefix("HTTP/1.1 431 "))
    }

    @Test func aSlowClientTimesOut() throws {
        let server = try Self.server(timeout: 0.5)
        defer { server.stop() }
        let started = Date()
        let reply = exchange(server.port, request("GET /hel"), timeout: 10)
        #expect(reply.hasPrefix("HTTP/1.1 408 Request Timeout"))
        // The 408 is the server's own answer (the client's 10 s timeout gives none), and not before its 0.5 s.
        #expect(Date().timeIntervalSince(started) >= 0.5)
        let partialBody = exchange(server.port, request("POST /echo HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc"), timeout: 10)
        #expect(partialBody.hasPrefix("HTTP/1.1 408 "))
    }

    @Test func aBadHostIsAClearError() {
        #expect(throws: StudioError.self) { try HTTPServer(host: "not-an-address", routes: RouteTable()) }
    }

    @Test func parserReadsTargetQueryAndHeaders() throws {
        let parser = HTTPRequestParser()
        guard case .request(let r) = parser.parse(request("GET /a/b?x=1 HTTP/1.1\r\nHost: h\r\nX-Y:  z \r\n\r\n")) else {
            Issue.record("expected a request")
            return
        }
        #expect(r.method == "GET" && r.path == "/a/b" && r.query == "x=1")
        #expect(r.header("host") == "h" && r.header("x-y") == "z")
        guard case .incomplete = parser.parse(request("POST /echo HTTP/1.1\r\nContent-Length: 4\r\n\r\nab")) else {
            Issue.record("expected incomplete")
            return
        }
    }
}

@Suite struct LiveStudioRouteTests {
    static func studio() throws -> (LiveStudio, HTTPServer) {
        let scenario = DemoScenario.make(
            styler: StylerReference(name: "mm.parallax"),
            container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))), group: .left)
        let input = StudioInput(
            runs: [StudioRun(name: "mm.parallax", scenario: scenario)], registry: .builtins, command: ["panekit", "studio", "mm.parallax"])
        let studio = try LiveStudio(load: { input }, watched: { [] })
        let server = try HTTPServer(port: 0, routes: studio.routes)
        server.start()
        return (studio, server)
    }

    static func body(_ reply: String) -> String {
        guard let range = reply.range(of: "\r\n\r\n") else { return "" }
        return String(reply[range.upperBound...])
    }

    @Test func framesJSONIsTheRenderOutput() throws {
        let (_, server) = try Self.studio()
        defer { server.stop() }
        let scenario = DemoScenario.make(
            styler: StylerReference(name: "mm.parallax"),
            container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))), group: .left)
        let expected = try scenario.run().map { FrameJSON.line($0) + "\n" }.joined()
        let reply = exchange(server.port, request("GET /frames.json HTTP/1.1\r\n\r\n"))
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"))
        #expect(Self.body(reply) == expected)
        let page = Self.body(exchange(server.port, request("GET / HTTP/1.1\r\n\r\n")))
        #expect(page.contains("\"mode\":\"live\""))
        #expect(Self.body(exchange(server.port, request("GET /session.json HTTP/1.1\r\n\r\n"))).hasPrefix("{\"mode\":\"live\""))
    }

    @Test func paramsRerunTheEngine() throws {
        let (studio, server) = try Self.studio()
        defer { server.stop() }
        let before = studio.jsonLines()
        let good = "{\"mm.parallax.factor\":\"4\"}"
        let reply = exchange(server.port, request("POST /params HTTP/1.1\r\nContent-Length: \(good.utf8.count)\r\n\r\n\(good)"))
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"))
        #expect(Self.body(reply).contains("--param mm.parallax.factor=4"))
        #expect(studio.jsonLines() != before)
        for bad in ["[1]", "{\"mm.parallax.nope\":\"1\"}", "{\"mm.parallax.factor\":\"abc\"}", "{\"factor\":\"1\"}"] {
            let refused = exchange(server.port, request("POST /params HTTP/1.1\r\nContent-Length: \(bad.utf8.count)\r\n\r\n\(bad)"))
            #expect(refused.hasPrefix("HTTP/1.1 400 "), "\(bad)")
            #expect(Self.body(refused).hasPrefix("{\"error\":"), "\(bad)")
        }
    }

    @Test func aDragFromTheEdgeOpensTheDrawer() throws {
        let (_, server) = try Self.studio()
        defer { server.stop() }
        let track = (0...12).map { "[\(Double($0) * 0.02),\(4 + $0 * 20),300]" }.joined(separator: ",")
        let drag = "{\"frame\":0,\"track\":[\(track)],\"ended\":true}"
        let reply = exchange(server.port, request("POST /drag HTTP/1.1\r\nContent-Length: \(drag.utf8.count)\r\n\r\n\(drag)"))
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.body(reply).utf8)) as? [String: Any])
        let frames = try #require(object["frames"] as? [[String: Any]])
        let last = try #require(frames.last)
        #expect(last["state"] as? String == "open")
        let actions = try #require(object["actions"] as? [[String: Any]])
        #expect(actions.first?["action"] as? String == "pan")
        let bad = "{\"frame\":999999,\"tap\":[1,2]}"
        #expect(
            exchange(server.port, request("POST /drag HTTP/1.1\r\nContent-Length: \(bad.utf8.count)\r\n\r\n\(bad)")).hasPrefix(
                "HTTP/1.1 400 "))
    }

    @Test func eventsStreamOpens() throws {
        let (_, server) = try Self.studio()
        defer { server.stop() }
        let reply = exchange(server.port, request("GET /events HTTP/1.1\r\n\r\n"), timeout: 5, untilContains: "event: hello")
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"))
        #expect(reply.contains("Content-Type: text/event-stream"))
        #expect(reply.contains("event: hello\ndata: {}\n\n"))
    }
}
