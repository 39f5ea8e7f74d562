# The README's two commands: `make run` (the main job) and `make test` (the whole test suite).
# Each installs what it needs first (Scripts/ensure-deps.sh says what it installs).

.PHONY: run test format

run:
	@Scripts/demo

# After the suite, the gallery's plugins are tested against their golden frames (last line: N passed, N failed).
test:
	@Scripts/ensure-deps.sh --tests
	swift test
	"$$(swift build --show-bin-path)/panekit" test Plugins

format:
	@Scripts/format.sh
