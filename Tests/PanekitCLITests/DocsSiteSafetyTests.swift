// Issue 34: the docs site is written whole or not at all, never through a link, and no plugin page takes the
// index's name or another page's.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct DocsSiteSafetyTests {
    /// Item 5: `docs --out site` replaces a linked `site/index.html` (and page) instead of overwriting the target.
    @Test func docsReplacesLinkedPagesInsteadOfWritingThroughThem() throws {
        let fixture = try SharingFixture()
        let secret = try fixture.secret()
        try fixture.handWritten("wobble")
        let site = fixture.project.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for page in ["index.html", "wobble.html"] {
            try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent(page).path, withDestinationPath: secret.path)
        }
        let result = try fixture.panekit(["docs", "Plugins", "--out", "site"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try fixture.read(secret) == "PRIVATE KEY 0123456789\n", "the link's target is untouched")
        for page in ["index.html", "wobble.html"] {
            let path = site.appendingPathComponent(page).path
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil, "\(page) is a file now")
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        }
    }

    /// Item 9: a plugin named `index` does not overwrite the site's index, and a page that cannot be written leaves
    /// the site as it was (the index is not written ahead of pages that never come).
    @Test func theDocsSiteIsWholeAndNoPageTakesTheIndex() throws {
        let fixture = try SharingFixture()
        for name in ["index", "wobble"] { try fixture.handWritten(name) }
        let site = fixture.project.appendingPathComponent("site")
        var result = try fixture.panekit(["docs", "Plugins", "--out", "site"])
        #expect(result.status == 0, "\(result.stderr)")
        let index = try fixture.read(site.appendingPathComponent("index.html"))
        #expect(index.contains("<h1>Stylers</h1>"), "index.html is the site's index")
        let links = index.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links.count == 2 && Set(links).count == 2, "\(links)")
        for link in links {
            let page = try fixture.read(site.appendingPathComponent(link))
            #expect(page.contains("<a href=\"index.html\">All stylers</a>"), "\(link) is a plugin page")
            for asset in page.components(separatedBy: "src=\"").dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
                #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(asset).path), "\(link) → \(asset)")
            }
        }
        // A page that cannot be written (a folder in its place) fails before anything is moved in.
        try "old index\n".write(to: site.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: site.appendingPathComponent("wobble.preview.html"))
        try FileManager.default.createDirectory(at: site.appendingPathComponent("wobble.preview.html"), withIntermediateDirectories: true)
        result = try fixture.panekit(["docs", "Plugins", "--out", "site"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("site/wobble.preview.html: it is a folder"), "\(result.stderr)")
        #expect(try fixture.read(site.appendingPathComponent("index.html")) == "old index\n", "the site is as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).allSatisfy { !$0.hasPrefix(".panekit") })
    }
}
