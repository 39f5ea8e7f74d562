# The README's two commands: `make run` (the main job) and `make test` (the whole test suite).
# Each installs what it needs first (Scripts/ensure-deps.sh says what it installs).

.PHONY: run test format

run:
	@Scripts/demo

test:
	@Scripts/ensure-deps.sh --tests
	swift test

format:
	@Scripts/format.sh
