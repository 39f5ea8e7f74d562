// The studio page as one self-contained HTML document: the shared HTML, CSS and JavaScript with the data inlined.

/// Assembles the page. The static export and the live studio serve the same document; only the data differs.
public enum StudioPage {
    /// The parts of the page's script, each a section of functions (`Assets/NAME`), in the order they take inside
    /// the one function scope `studio.js` opens: its state first, then these where it says `/*PANEKIT-PARTS*/`, one
    /// empty line between two, then the start-up code that calls them.
    static let scriptParts: [(file: String, text: String)] = [
        ("stage.js", StudioAssets.stageJS),
        ("transport.js", StudioAssets.transportJS),
        ("inspector.js", StudioAssets.inspectorJS),
        ("curves.js", StudioAssets.curvesJS),
        ("knobs.js", StudioAssets.knobsJS),
        ("live.js", StudioAssets.liveJS),
    ]

    /// The page's script: `studio.js` with its parts in place.
    static let script = StudioAssets.js.replacingOccurrences(
        of: "/*PANEKIT-PARTS*/\n", with: scriptParts.map(\.text).joined(separator: "\n"))

    /// The page with `payload` (the JSON of `StudioPayload.json`) embedded.
    ///
    /// `<` in the JSON is written `\u003c` (it only occurs inside strings), so no text of a frame or an error can
    /// close the script element.
    public static func html(payload: String) -> String { html(payload: payload, runs: []) }

    /// The page with `payload` embedded and, when `runs` compare sheet behaviors (`--behaviors`), one stage per
    /// behavior already in the document, marked `data-behavior="NAME"` and labelled, which the script then builds
    /// out: the comparison reads even before (or without) the script.
    static func html(payload: String, runs: [StudioRun]) -> String {
        let safe = payload.replacingOccurrences(of: "<", with: "\\u003c")
        var page = StudioAssets.html
        let behaviors = runs.compactMap(\.behavior)
        if !behaviors.isEmpty, behaviors.count == runs.count {
            let cells = behaviors.enumerated().map { i, b in
                "<div class=\"stage-cell\"><div class=\"stage-label\">\(b)</div><div class=\"stage-wrap\">"
                    + "<div class=\"stage-box\" data-run=\"\(i)\" data-behavior=\"\(b)\"></div></div></div>"
            }
            page = page.replacingOccurrences(of: Self.emptyStages, with: Self.emptyStages.dropLast(10) + cells.joined() + "</section>")
        }
        return
            page
            .replacingOccurrences(of: "/*PANEKIT-CSS*/", with: StudioAssets.css)
            .replacingOccurrences(of: "/*PANEKIT-JS*/", with: script)
            .replacingOccurrences(of: "/*PANEKIT-DATA*/", with: safe)
    }

    /// The stages' element as the page's HTML has it before the script fills it.
    static let emptyStages = "<section class=\"stages\" id=\"stages\" aria-label=\"Stage\"></section>"

    /// The static export of `input`: every frame run by the engine and embedded.
    /// - Throws: `StudioError` when a run fails.
    public static func export(_ input: StudioInput) throws(StudioError) -> String {
        html(payload: StudioPayload.json(input, frames: try StudioPayload.frames(of: input), live: false), runs: input.runs)
    }
}
