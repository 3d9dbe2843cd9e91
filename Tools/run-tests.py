#!/usr/bin/env python3
"""Runs the whole test suite, each Swift Testing suite in a process of its own (`make test`).

Why: Swift Testing runs tests as tasks on the concurrency runtime's shared threads, as many as
the machine has cores (two here). A test that waits for a child process or a socket holds one of
them while it waits, so in one process two waiting tests stop every other test. Here each suite
runs in its own process (its own shared threads), several at once, so a suite that waits on a
server or a Slurm cluster holds up nothing but itself, and a crash or a hang is confined to one
suite and named.

Steps:
  1. `swift build --build-tests` (skipped with --skip-build);
  2. `swift test list --skip-build`: every test's ID (`Module.Suite/test()`), grouped by suite;
  3. the XCTest tests in one process, and each Swift Testing suite in one process
     (`<bundle> --testing-library swift-testing --filter '^Module\\.Suite/'`), `--jobs` at a
     time (default: 3 per core), the suites that took longest last time first
     (`.build/test-durations.json`, written at the end of each run; else Tools/test-durations.json),
     each with a TMPDIR of its own that must be empty when it ends (a suite that leaves files
     there fails, the files named);
  4. a summary: each suite's time, the slowest ten, every failing suite's issues (its whole log
     is in .build/test-logs/), and a check that the suites together ran every listed test.
Exit status: 0 when every process passed, left nothing behind and every listed test ran, 1 otherwise.

Options: --jobs N, --skip-build, --filter REGEX (only the suites whose name matches),
--repeat N (run the suites N times; a failure in any run fails; for Tools/stress-tests.sh).
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, ".build", "test-logs")
DURATIONS = os.path.join(ROOT, ".build", "test-durations.json")
# The summary line Swift Testing prints at the end of a run.
SUMMARY = re.compile(r"Test run with (\d+) tests? in (\d+) suites? (passed|failed)")
XCTEST_SUMMARY = re.compile(r"Executed (\d+) tests?, with (\d+) failures?")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Suites run one test a process (see main): long, serialized suites whose tests share nothing.
SPLIT = {"EndToEndTests.ServeOpenAPITests", "EndToEndTests.ServeHardeningTests"}


def bundle_path():
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    path = os.path.join(out.stdout.strip(), "breakdownPackageTests.xctest")
    if not os.access(path, os.X_OK):
        sys.exit(f"error: no test bundle at {path}; build it with swift build --build-tests")
    return path


def listed_tests():
    out = subprocess.run(["swift", "test", "list", "--skip-build"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"error: swift test list failed:\n{out.stderr}")
    swift_testing, xctest = {}, []
    for line in out.stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        # Swift Testing IDs end with the function's parentheses; XCTest's are Module.Class/testName.
        if line.endswith(")"):
            suite = line.split("/", 1)[0]
            swift_testing.setdefault(suite, []).append(line)
        else:
            xctest.append(line)
    return swift_testing, xctest


# Where the tests note each process they start (Tests/Support/SpawnLog.swift): one line a process,
# the ID of the test that started it.
SPAWNS = os.path.join(LOGS, "spawns.txt")


# What a test process may leave in its temporary folder: the program's own font cache, which it
# makes there on purpose when no home folder can take it (README, "Fonts") and keeps between runs.
KEPT_TEMPORARY = re.compile(r"breakdown-fontconfig-\d+")


def run_one(name, command, log_path, temporary):
    """Runs one process, its output to log_path, with `temporary` (made here, empty) as its
    TMPDIR; returns (status, seconds, cpu seconds, text, what it left in `temporary`).
    The CPU time is the process's and its reaped children's (user + system, from wait4)."""
    start = time.monotonic()
    os.makedirs(temporary)
    environment = dict(os.environ, BREAKDOWN_TEST_SPAWN_LOG=SPAWNS, TMPDIR=temporary)
    with open(log_path, "w", encoding="utf-8") as log:
        child = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=environment)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - start
    with open(log_path, encoding="utf-8", errors="replace") as log:
        text = ANSI.sub("", log.read())
    left = sorted(entry for entry in os.listdir(temporary) if not KEPT_TEMPORARY.fullmatch(entry))
    shutil.rmtree(temporary, ignore_errors=True)
    return child.returncode, seconds, usage.ru_utime + usage.ru_stime, text, left


def main():
    # The tests send SIGINT and SIGQUIT to programs they start and expect them handled. A runner
    # started in the background of a non-interactive shell (`make test &`, a CI step, nohup)
    # inherits both ignored, and so would every program a test starts (they keep an ignored
    # signal ignored, as POSIX programs do): a test's SIGINT would then be lost and the test
    # wait for ever. A handler here is reset to the default in every child at exec.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGQUIT, lambda number, frame: sys.exit(128 + number))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("BREAKDOWN_TEST_JOBS", 3 * (os.cpu_count() or 2))))
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--filter", default=None)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    if args.jobs < 1 or args.repeat < 1:
        sys.exit("error: --jobs and --repeat take a whole number of at least 1")

    if not args.skip_build:
        if subprocess.run(["swift", "build", "--build-tests"], cwd=ROOT).returncode != 0:
            sys.exit(1)
    bundle = bundle_path()
    suites, xctests = listed_tests()
    if args.filter:
        pattern = re.compile(args.filter)
        suites = {name: tests for name, tests in suites.items() if pattern.search(name)}
        xctests = [test for test in xctests if pattern.search(test)]
    if not suites and not xctests:
        sys.exit("error: no test matched")
    os.makedirs(LOGS, exist_ok=True)
    try:
        os.remove(SPAWNS)
    except FileNotFoundError:
        pass
    # The last run's times order this one; a fresh clone (CI) starts from Tools/test-durations.json,
    # the long ones as measured here (only the order depends on it).
    last = {}
    for path in (DURATIONS, os.path.join(ROOT, "Tools", "test-durations.json")):
        try:
            with open(path, encoding="utf-8") as handle:
                last = json.load(handle)
            break
        except (OSError, ValueError):
            continue

    # The work: (name, command, number of tests listed), the longest last time first.
    work = []
    for _ in range(args.repeat):
        if xctests:
            work.append(("XCTest", [bundle], len(xctests)))
        for name in suites:
            if name in SPLIT:
                # One process a test: these tests are independent (each starts its own server
                # and tools) and long, and their suite is serialized only to keep them apart.
                for test in suites[name]:
                    command = [bundle, "--testing-library", "swift-testing", "--filter", "^" + re.escape(test)]
                    work.append((test, command, 1))
                continue
            command = [bundle, "--testing-library", "swift-testing", "--filter", "^" + re.escape(name) + "/"]
            work.append((name, command, len(suites[name])))
    work.sort(key=lambda item: -last.get(item[0], 1e9))  # Unknown suites (new ones) first.

    # Each process gets a TMPDIR of its own under one folder for the run (short, in the system's
    # temporary folder: the Slurm tests put a Unix socket in theirs), checked empty when it ends:
    # a test that leaves files behind fails here, named, though its own assertions passed.
    run_temporary = tempfile.mkdtemp(prefix="bt-")
    results = []
    cpus = {}
    lock = threading.Lock()
    queue = list(work)
    started = time.monotonic()

    def worker(number):
        while True:
            with lock:
                if not queue:
                    return
                name, command, count = queue.pop(0)
                index = len(work) - len(queue)
            log_path = os.path.join(LOGS, f"{name.replace('/', '_')}.{index}.log")
            status, seconds, cpu, text, left = run_one(name, command, log_path, os.path.join(run_temporary, str(index)))
            with lock:
                results.append((name, status, seconds, text, count, log_path, left))
                cpus[name] = cpus.get(name, 0) + cpu
                mark = "ok" if status == 0 else f"FAILED (exit {status})"
                if left:
                    mark += f", LEFT {len(left)} entries in its temporary folder"
                print(f"[{len(results)}/{len(work)}] {name}: {mark} in {seconds:.1f} s ({cpu:.1f} s CPU)", flush=True)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(min(args.jobs, len(work)))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - started
    shutil.rmtree(run_temporary, ignore_errors=True)

    failed = []
    ran_tests = 0
    listed = 0
    for name, status, seconds, text, count, log_path, left in results:
        listed += count
        if name == "XCTest":
            match = XCTEST_SUMMARY.findall(text)
            ran = int(match[-1][0]) if match else 0
            ok = status == 0 and match and int(match[-1][1]) == 0
        else:
            match = SUMMARY.search(text)
            ran = int(match.group(1)) if match else 0
            ok = status == 0 and match is not None and match.group(3) == "passed"
        ran_tests += ran
        if not ok or ran < count or left:
            failed.append((name, status, text, log_path, ran, count, left))

    durations = dict(last)
    for name, status, seconds, text, count, log_path, left in results:
        durations[name] = round(seconds, 2)
    with open(DURATIONS, "w", encoding="utf-8") as handle:
        json.dump(durations, handle, indent=1, sort_keys=True)

    print("\nslowest suites (seconds in their own process):")
    for name, status, seconds, *_ in sorted(results, key=lambda r: -r[2])[:10]:
        print(f"  {seconds:7.1f}  {name}")
    print("most CPU (user + system of the suite's process and its children):")
    for name, cpu in sorted(cpus.items(), key=lambda item: -item[1])[:10]:
        print(f"  {cpu:7.1f}  {name}")
    for name, status, text, log_path, ran, count, left in failed:
        print(f"\n=== {name}: exit {status}, ran {ran} of {count} listed tests; whole log: {log_path}")
        if left:
            print(f"  left in its temporary folder (TMPDIR) when it ended: {', '.join(left[:10])}{' …' if len(left) > 10 else ''}")
        lines = [line for line in text.splitlines() if line.startswith("✘") or "error:" in line or "Fatal error" in line or "crashed" in line]
        for line in (lines or text.splitlines()[-40:])[:60]:
            print("  " + line[:600])
    # The tests that start a process (a child, a server, a tool), as they noted it.
    try:
        with open(SPAWNS, encoding="utf-8") as handle:
            spawns = [line.strip() for line in handle if line.strip()]
    except FileNotFoundError:
        spawns = []
    starters = {line for line in spawns if line != "?"}
    print(f"\ntests that start a process: {len(starters)} of {ran_tests} ran, {len(spawns)} processes "
          f"({sum(1 for line in spawns if line == '?')} started outside a test's task); each listed in {SPAWNS}")
    verdict = "passed" if not failed else f"FAILED in {len(failed)} of {len(results)} processes"
    print(f"\nCPU in all: {sum(cpus.values()):.1f} s")
    print(f"\n{len(results)} processes ({len(suites)} suites{' + XCTest' if xctests else ''}, {args.repeat} run(s)), "
          f"{ran_tests} of {listed} listed tests ran, {verdict}, in {wall:.1f} s with {args.jobs} at a time")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
