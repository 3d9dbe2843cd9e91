#!/usr/bin/env python3
"""Mutation testing for breakdown: `make mutants` (or `Tools/mutants.py [ID...]`).

Reads Tools/mutants.json, a list of deliberate one-line bugs ("mutants"). For each one it
  1. finds `find` in `file` (exact text, or a regular expression when `regex` is true); the
     pattern must match exactly once, else the mutant is reported as "stale pattern" (a failure:
     the code moved, so update the pattern);
  2. writes the file with the match replaced by `replace`;
  3. builds the package and its tests (`swift build --build-tests`); a mutant that does not
     compile is reported as "does not compile" (a failure: a mutant must be a real, running bug);
  4. runs `swift test --skip-build` with the mutant's `tests` filters; or, for a mutant of a
     tool rather than the package (`command` instead of `tests`, e.g. `make check-image` for
     Tools/image/build.py), runs that command without building, and a failure kills it;
  5. writes the original text back (always: in a `finally`, on Ctrl-C and on SIGTERM too; a copy
     is kept under .build/mutants-backup/ so even a SIGKILLed run is undone by the next start);
and prints whether the mutant was killed (some test failed: which ones) or survived.
Exit status: 0 when every mutant is killed, 1 otherwise, 2 on bad usage or a broken list.

Options: `--list` prints the mutants; `--check` only checks that every pattern matches once;
IDs on the command line run only those mutants. `--sample N` runs N mutants chosen from a seed:
`--seed TEXT`, else the hash of the checkout's `Sources` tree (`git rev-parse HEAD:Sources`), so
the sample rotates with every change to the code and is the same for a commit that changes only
documentation; `.ci/run` runs `--sample 12`, so a mutant that starts surviving fails CI within a
few commits. The seed and the chosen IDs are printed first.
"""

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "Tools", "mutants.json")
BACKUP = os.path.join(ROOT, ".build", "mutants-backup")
FIELDS = {"id", "file", "find", "replace", "breaks"}


class Terminated(Exception):
    """SIGTERM/SIGHUP, turned into an exception so the `finally` restores the source."""


def on_signal(signum, _frame):
    raise Terminated(f"signal {signum}")


def load():
    with open(LIST, encoding="utf-8") as handle:
        mutants = json.load(handle)
    seen = set()
    for index, mutant in enumerate(mutants):
        missing = FIELDS - set(mutant)
        if missing:
            sys.exit(f"error: {LIST} entry {index + 1} lacks {', '.join(sorted(missing))}")
        if mutant["id"] in seen:
            sys.exit(f"error: {LIST}: mutant id {mutant['id']} is used twice")
        seen.add(mutant["id"])
        if ("tests" in mutant) == ("command" in mutant):
            sys.exit(f"error: {LIST}: mutant {mutant['id']}: give either tests (--filter patterns) or command")
        key = "tests" if "tests" in mutant else "command"
        if not isinstance(mutant[key], list) or not mutant[key] or not all(isinstance(item, str) for item in mutant[key]):
            sys.exit(f"error: {LIST}: mutant {mutant['id']}: {key} must be a non-empty list of strings")
    return mutants


def mutate(mutant, text):
    """The mutated text, or (None, reason) when the pattern does not match exactly once."""
    if mutant.get("regex"):
        matches = list(re.finditer(mutant["find"], text, flags=re.MULTILINE))
        if len(matches) != 1:
            return None, f"the regular expression matches {len(matches)} times (expected once)"
        match = matches[0]
        return text[: match.start()] + match.expand(mutant["replace"]) + text[match.end():], None
    count = text.count(mutant["find"])
    if count != 1:
        return None, f"the text occurs {count} times (expected once)"
    return text.replace(mutant["find"], mutant["replace"]), None


def backup_path(relative):
    return os.path.join(BACKUP, relative.replace("/", "__"))


def restore_leftovers():
    """Undo a run that was killed before it could write a file back."""
    if not os.path.isdir(BACKUP):
        return
    for name in os.listdir(BACKUP):
        relative = name.replace("__", "/")
        shutil.copyfile(os.path.join(BACKUP, name), os.path.join(ROOT, relative))
        touch_importers(relative)
        os.remove(os.path.join(BACKUP, name))
        print(f"restored {relative} left mutated by an interrupted run")


# A mutant can make a test hang (a decoder looping on a wrong filter byte): after this long the
# test process group is killed and the mutant counts as caught ("timed out").
TIMEOUT_SECONDS = int(os.environ.get("MUTANT_TIMEOUT", "300"))


def touch_importers(relative):
    """A C header of a system-library target (Sources/CName/shim.h) is compiled into the Swift
    modules that import it, and SwiftPM does not track it: touch every Swift file that imports
    the target, so that the next build compiles the header as it now reads."""
    parts = relative.split("/")
    if len(parts) < 3 or parts[0] != "Sources" or not relative.endswith(".h"):
        return
    statement = re.compile(r"^\s*(@_implementationOnly\s+)?import\s+" + re.escape(parts[1]) + r"\s*$", re.M)
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as handle:
                    if statement.search(handle.read()):
                        os.utime(path)


def descendants(pid):
    """Every process below pid (read from /proc), deepest last: swift test starts its test bundle,
    and the bundle its children, in process groups of their own, which killpg does not reach."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as handle:
                parent = int(handle.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def run(command, log, timeout=None):
    started = time.monotonic()
    timeout = timeout or TIMEOUT_SECONDS
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
        start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        # A hung mutant's test processes (and the batches they started) go too, not just the group.
        for child in descendants(process.pid):
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        output += f"\ntimed out after {timeout} s\n"
        status = 124
    with open(log, "a", encoding="utf-8") as handle:
        handle.write(f"$ {' '.join(command)}\n{output}\n")
    return status, output, time.monotonic() - started


# Swift Testing: `✘ Test name() recorded an issue at File.swift:…` / `✘ Test name() failed after …`;
# XCTest: `Test Case 'Suite.test' failed` or `-[Suite test]`. A crash ends the output with a signal.
SWIFT_TESTING = re.compile(r"^\s*✘ Test (?!run with )(.+?) (?:recorded an issue|failed after|failed)")
XCTEST = re.compile(r"Test Case '(?:-\[)?([^' \]]+)[ .]?([^'\]]*)\]?' failed")


def failing_tests(output):
    names = []
    for line in output.splitlines():
        match = SWIFT_TESTING.match(line)
        if match:
            name = match.group(1)
            name = re.sub(r" with \d+ (?:argument|test case).*$", "", name)
        else:
            match = XCTEST.search(line)
            if not match:
                continue
            name = (match.group(1) + "/" + match.group(2)).rstrip("/")
        if name not in names:
            names.append(name)
    return names


def main(argv):
    mutants = load()
    if "--list" in argv:
        for mutant in mutants:
            print(f"{mutant['id']:32} {mutant['file']}: {mutant['breaks']}")
        return 0
    options = [word for word in argv if word.startswith("-")]
    strange = [word for word in options if word not in ("--list", "--check", "--sample", "--seed")]
    if strange:
        # Refused before anything is mutated: `--help` once ran the whole list in the checkout.
        print(f"error: unknown option {strange[0]}; accepted: --list, --check, --sample N, --seed TEXT, mutant IDs (see the top of {sys.argv[0]})", file=sys.stderr)
        return 2
    check_only = "--check" in argv
    valued = {argv[index + 1] for index, word in enumerate(argv[:-1]) if word in ("--sample", "--seed")}
    wanted = [word for word in argv if not word.startswith("-") and word not in valued]
    unknown = set(wanted) - {mutant["id"] for mutant in mutants}
    if unknown:
        print(f"error: no mutant named {', '.join(sorted(unknown))}; see --list", file=sys.stderr)
        return 2
    if wanted:
        mutants = [mutant for mutant in mutants if mutant["id"] in wanted]
    if "--sample" in argv:
        try:
            count = int(argv[argv.index("--sample") + 1])
        except (IndexError, ValueError):
            print("error: --sample takes a number of mutants", file=sys.stderr)
            return 2
        if "--seed" in argv and argv.index("--seed") + 1 < len(argv):
            seed = argv[argv.index("--seed") + 1]
        else:
            seed = subprocess.run(["git", "rev-parse", "HEAD:Sources"], cwd=ROOT, capture_output=True, text=True).stdout.strip() or "no-git"
        # Each mutant's rank is a digest of the seed and its id: the same seed, the same sample,
        # whatever the list's order; a mutant added or removed moves no other.
        ranked = sorted(mutants, key=lambda mutant: hashlib.sha256((seed + "\0" + mutant["id"]).encode()).hexdigest())
        mutants = ranked[:count]
        print(f"mutant sample: seed {seed}: {' '.join(mutant['id'] for mutant in mutants)}", flush=True)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    os.makedirs(BACKUP, exist_ok=True)
    restore_leftovers()
    log = os.path.join(ROOT, ".build", "mutants.log")
    open(log, "w").close()

    results = []
    stale = 0
    for mutant in mutants:
        try:
            with open(os.path.join(ROOT, mutant["file"]), encoding="utf-8") as handle:
                text = handle.read()
        except FileNotFoundError:
            stale += 1
            results.append((mutant, "stale pattern", f"{mutant['file']} does not exist (moved?)", 0.0))
            continue
        mutated, reason = mutate(mutant, text)
        if mutated is None:
            stale += 1
            results.append((mutant, "stale pattern", reason, 0.0))
        elif mutated == text:
            stale += 1
            results.append((mutant, "stale pattern", "the replacement changes nothing", 0.0))
    if check_only:
        for mutant, status, detail, _ in results:
            print(f"{mutant['id']}: {status}: {detail}")
        print(f"{len(mutants) - stale} of {len(mutants)} patterns match exactly once")
        return 1 if stale else 0

    stale_ids = {mutant["id"] for mutant, *_ in results}
    started = time.monotonic()
    # The unmutated package must build and its filtered tests pass, or every mutant looks killed.
    status, output, _ = run(["swift", "build", "--build-tests"], log)
    if status != 0:
        print("error: the package does not build without mutants; see .build/mutants.log", file=sys.stderr)
        return 2
    print(f"{len(mutants)} mutants; log in {os.path.relpath(log, ROOT)}", flush=True)
    interrupted = False
    try:
        for number, mutant in enumerate(mutants, 1):
            if mutant["id"] in stale_ids:
                continue
            path = os.path.join(ROOT, mutant["file"])
            with open(path, encoding="utf-8") as handle:
                original = handle.read()
            mutated, _ = mutate(mutant, original)
            mutant_started = time.monotonic()
            shutil.copyfile(path, backup_path(mutant["file"]))
            try:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(mutated)
                touch_importers(mutant["file"])
                if "command" in mutant:
                    # A tool's mutant: its command is the test (nothing of the package changed).
                    # It builds what it checks (an image: minutes): a longer guard against a hang.
                    command_status, command_output, _ = run(mutant["command"], log, timeout=max(TIMEOUT_SECONDS, 1200))
                    lines = [line for line in command_output.splitlines() if "FAILED" in line or "error" in line.lower()]
                    if command_status == 0:
                        results.append((mutant, "SURVIVED", f"{' '.join(mutant['command'])} passed", time.monotonic() - mutant_started))
                    else:
                        results.append((mutant, "killed", (lines[0] if lines else f"{' '.join(mutant['command'])} exited {command_status}")[:200],
                                        time.monotonic() - mutant_started))
                else:
                    build_status, build_output, _ = run(["swift", "build", "--build-tests"], log)
                    if build_status != 0:
                        errors = [line for line in build_output.splitlines() if "error:" in line][:1]
                        results.append((mutant, "does not compile", errors[0] if errors else "see the log", time.monotonic() - mutant_started))
                    else:
                        command = ["swift", "test", "--skip-build"]
                        for pattern in mutant["tests"]:
                            command += ["--filter", pattern]
                        test_status, test_output, _ = run(command, log)
                        failed = failing_tests(test_output)
                        if test_status == 0:
                            selected = re.search(r"Test run with [1-9]\d* test", test_output) or re.search(r"Executed [1-9]\d* test", test_output)
                            why = "every filtered test passed" if selected else "the filters select no test"
                            results.append((mutant, "SURVIVED", why, time.monotonic() - mutant_started))
                        elif failed:
                            results.append((mutant, "killed", ", ".join(failed[:4]) + (" …" if len(failed) > 4 else ""), time.monotonic() - mutant_started))
                        else:
                            results.append((mutant, "killed", f"the test process failed (status {test_status}, a crash?)", time.monotonic() - mutant_started))
            finally:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(original)
                touch_importers(mutant["file"])
                os.remove(backup_path(mutant["file"]))
            _, status, detail, seconds = results[-1]
            print(f"[{number}/{len(mutants)}] {mutant['id']}: {status} ({seconds:.0f} s): {detail}", flush=True)
    except (KeyboardInterrupt, Terminated):
        interrupted = True
        print("interrupted: the source is restored", file=sys.stderr)
    finally:
        if not interrupted:
            # Leave the build (and .build/debug/breakdown, which the CLI tests run) unmutated.
            run(["swift", "build", "--build-tests"], log)
    if interrupted:
        return 130

    elapsed = time.monotonic() - started
    order = {mutant["id"]: index for index, mutant in enumerate(mutants)}
    results.sort(key=lambda result: order[result[0]["id"]])
    width = max(len(mutant["id"]) for mutant in mutants)
    print()
    print(f"{'mutant'.ljust(width)}  {'result':16}  caught by / why")
    for mutant, status, detail, _ in results:
        print(f"{mutant['id'].ljust(width)}  {status:16}  {detail}")
    failures = [result for result in results if result[1] != "killed"]
    killed = len(results) - len(failures)
    print(f"\n{killed} of {len(results)} mutants killed in {elapsed / 60:.1f} min", end="")
    print(f"; {len(failures)} not: {', '.join(result[0]['id'] for result in failures)}" if failures else "")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
