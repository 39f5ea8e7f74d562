"""Validates Lottie files against the Lottie 1.0 schema (lottie-specs, vendored beside this script) and checks
what the schema leaves open: no easing handles on a property's last keyframe, ip/op/fr as given.

usage: lottie_schema.py SCHEMA LOTTIE...
Prints one line per problem and exits 1 when there is any.
"""

import json
import sys

import jsonschema


def last_keyframes(value, path, problems):
    """Every animated property ("a": 1 with keyframes): its last keyframe must carry no "i" or "o"."""
    if isinstance(value, dict):
        keys = value.get("k")
        if value.get("a") == 1 and isinstance(keys, list) and keys and isinstance(keys[-1], dict):
            if "i" in keys[-1] or "o" in keys[-1]:
                problems.append(f"{path}: the last keyframe (t {keys[-1].get('t')}) has easing handles")
            times = [k.get("t") for k in keys]
            if times != sorted(times) or len(set(times)) != len(times):
                problems.append(f"{path}: keyframe times are not increasing: {times[:8]}")
        for key, item in value.items():
            last_keyframes(item, f"{path}/{key}", problems)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            last_keyframes(item, f"{path}/{i}", problems)


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for path in sys.argv[2:]:
        document = json.load(open(path, encoding="utf-8"))
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.path))[:20]:
            problems.append(f"{path}: {'/'.join(map(str, error.path))}: {error.message[:300]}")
        last_keyframes(document, path, problems)
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
