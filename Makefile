# The README's two commands: `make run` (the main job) and `make test` (the whole test suite).
# Each installs what it needs first (Scripts/ensure-deps.sh says what it installs).

.PHONY: run test format docs

run:
	@Scripts/demo

# After the suite, the gallery's plugins are tested against their golden frames (last line: N passed, N failed),
# then the libraries' doc-comment coverage must be 100 % and their DocC archives must build without a warning
# (both reuse the suite's debug build: about 15 s together). The sources must be formatted (swift format lint,
# under .swift-format; `make format` fixes them) before anything is built.
test:
	@Scripts/ensure-deps.sh --tests
	swift format lint --strict --recursive Sources Tests Examples Package.swift
	swift test
	"$$(swift build --show-bin-path)/panekit" test Plugins
	Scripts/doc-coverage.sh
	Scripts/build-docs.sh --no-build

docs:
	Scripts/build-docs.sh

format:
	@Scripts/format.sh
