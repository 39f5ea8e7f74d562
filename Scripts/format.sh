#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the repository's .swift-format, then lints them.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format --in-place --recursive Sources Tests Examples Package.swift
swift format lint --strict --recursive Sources Tests Examples Package.swift
