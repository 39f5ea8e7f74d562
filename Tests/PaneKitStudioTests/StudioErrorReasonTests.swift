// A studio that cannot start says why in a reason an app can switch on: a host that is not an address, or a port
// that is taken.

import PaneKitStudio
import Testing

@Suite struct StudioErrorReasonTests {
    /// The reason `HTTPServer(host:port:routes:)` fails with, or nil when it starts (and is stopped).
    func reason(host: String, port: UInt16 = 0) -> StudioError.Reason? {
        do {
            let server = try HTTPServer(host: host, port: port, routes: RouteTable())
            server.stop()
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aBadHostIsTold() {
        #expect(reason(host: "not-an-address") == .invalidAddress)
    }

    @Test func aTakenPortIsToldFromABadHost() throws {
        let first = try HTTPServer(host: "127.0.0.1", port: 0, routes: RouteTable())
        defer { first.stop() }
        #expect(reason(host: "127.0.0.1", port: first.port) == .cannotListen)
        #expect(StudioError.Reason.cannotListen.description == "cannotListen")
    }
}
