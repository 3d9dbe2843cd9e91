#!/usr/bin/env python3
"""`make check-image`: runs the image `make image` wrote, as a container runtime would run it.

  Tools/image/check.py ARCHIVE --host-binary PATH

This machine runs no containers (no container engine), so the image's root file system is run
with chroot instead: the archive's layers are unpacked in order into a folder, and each command
runs in it as the image's user, with the image's environment, working folder and entrypoint, in
a mount namespace of its own with /proc and a few device nodes (what a runtime provides). Checks:
  - the archive: every blob's digest and size, each layer's uncompressed digest (diff_id), the
    labels (version from CHANGELOG.md, the licence, a source), a non-root user by number; and
    as skopeo reads it (an independent reader: the library podman uses);
  - the layers repeatable: sorted, no time after the image's creation, no user or group names;
  - what is not in it: no shell, no compiler, no headers, no apt or dpkg, no documentation but
    each package's copyright file;
  - `render --amount 100 -o -` (and the Android view) prints the same bytes as the host's copy
    of the binary; `--version`;
  - a small `batch` into a mounted folder writes the files the host's binary writes, owned by
    the image's user;
  - `serve --port 0` answers /healthz and an image request with the render's bytes, and exits 0
    on SIGTERM.
The unpacked root file system is removed at the end (about 110 MB while it runs). Needs root.
Exit 0 when every check passed, 1 with one line for the first that did not.
"""

import argparse
import gzip
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMESPACED = "BREAKDOWN_CHECK_IMAGE_NAMESPACE"
# Straight to the server, whatever proxy the environment names.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def fail(message):
    print(f"check-image: FAILED: {message}", file=sys.stderr, flush=True)
    sys.exit(1)


def say(message):
    print(f"check-image: {message}", flush=True)


def read_archive(path):
    """The archive's files by name (blobs are read whole: the image is tens of MB)."""
    files = {}
    with tarfile.open(path) as tar:
        for member in tar:
            if member.isreg():
                files[member.name] = tar.extractfile(member).read()
    return files


def expected_version():
    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as changelog:
        for line in changelog:
            if line.startswith("## ") and line[3:4].isdigit():
                return line[3:].strip()
    fail("no version in CHANGELOG.md")


def check_archive(files):
    """Checks the layout; returns (config, [layer bytes, gzipped]) in order."""
    if json.loads(files.get("oci-layout", b"{}")).get("imageLayoutVersion") != "1.0.0":
        fail("no oci-layout file with imageLayoutVersion 1.0.0")

    def blob(descriptor):
        algorithm, digest = descriptor["digest"].split(":", 1)
        data = files.get(f"blobs/{algorithm}/{digest}")
        if data is None:
            fail(f"blob {descriptor['digest']} is missing")
        if hashlib.sha256(data).hexdigest() != digest or len(data) != descriptor["size"]:
            fail(f"blob {descriptor['digest']} does not match its digest or size")
        return data

    index = json.loads(files["index.json"])
    if len(index["manifests"]) != 1:
        fail(f"index.json lists {len(index['manifests'])} manifests, expected 1")
    manifest = json.loads(blob(index["manifests"][0]))
    config = json.loads(blob(manifest["config"]))
    layers = [blob(layer) for layer in manifest["layers"]]
    diff_ids = ["sha256:" + hashlib.sha256(gzip.decompress(layer)).hexdigest() for layer in layers]
    if diff_ids != config["rootfs"]["diff_ids"]:
        fail("the layers' uncompressed digests are not the config's diff_ids")
    labels = config["config"].get("Labels", {})
    version = expected_version()
    with open(os.path.join(ROOT, "LICENSE"), encoding="utf-8") as licence:
        apache = "Apache License" in licence.read(200)
    wanted = {"org.opencontainers.image.version": version,
              "org.opencontainers.image.licenses": "Apache-2.0" if apache else None}
    for key, value in wanted.items():
        if labels.get(key) != value:
            fail(f"label {key} is {labels.get(key)!r}, expected {value!r}")
    if not labels.get("org.opencontainers.image.source"):
        fail("no org.opencontainers.image.source label")
    if index["manifests"][0].get("annotations", {}).get("org.opencontainers.image.ref.name") != f"breakdown:{version}":
        fail("index.json does not name the image breakdown:VERSION")
    user = config["config"].get("User", "")
    uid, _, gid = user.partition(":")
    if not uid.isdigit() or int(uid) == 0 or not gid.isdigit() or int(gid) == 0:
        fail(f"the image's user is {user!r}, expected a non-root user and group by number")
    entry = config["config"].get("Entrypoint", [])
    if not entry or os.path.basename(entry[0]) != "breakdown":
        fail(f"the entrypoint is {entry}, expected breakdown")
    # Repeatable: each layer a sorted tar, every time at or before the image's creation time
    # (SOURCE_DATE_EPOCH), no user or group names.
    created = config["created"]
    import calendar, io, time
    epoch = calendar.timegm(time.strptime(created, "%Y-%m-%dT%H:%M:%SZ"))
    for number, data in enumerate(layers, 1):
        # gzip's header: no file name (flag 0x08) and no time (bytes 4–7 zero).
        if data[3] & 0x08 or data[4:8] != b"\0\0\0\0":
            fail(f"layer {number}'s gzip header carries a file name or a time")
        with tarfile.open(fileobj=io.BytesIO(gzip.decompress(data))) as tar:
            members = tar.getmembers()
        names = [member.name for member in members]
        if names != sorted(names):
            fail(f"layer {number} is not sorted by name")
        late = [member.name for member in members if member.mtime > epoch]
        if late:
            fail(f"layer {number}: {len(late)} files are dated after the image's creation {created}, e.g. {late[0]}")
        named = [member.name for member in members if member.uname or member.gname]
        if named:
            fail(f"layer {number}: {len(named)} files carry user or group names, e.g. {named[0]}")
    compressed = sum(len(layer) for layer in layers)
    say(f"archive ok: breakdown:{version}, {len(layers)} layers, {compressed / 1e6:.1f} MB compressed "
        f"({', '.join(f'{len(layer) / 1e6:.1f}' for layer in layers)}), user {user}, entrypoint {entry}")
    return config, layers


def check_with_skopeo(path, files, work):
    """The archive as skopeo (containers/image, what podman and CRI-O use) reads it: the same
    manifest, layers and labels, and a copy out of it, which checks every blob's digest."""
    if not shutil.which("skopeo"):
        fail("skopeo is missing: `make check-image` installs it (Debian's skopeo)")
    seen = subprocess.run(["skopeo", "inspect", f"oci-archive:{path}"], capture_output=True, text=True)
    if seen.returncode != 0:
        fail(f"skopeo inspect oci-archive:{path}: {seen.stderr.strip()}")
    inspected = json.loads(seen.stdout)
    index = json.loads(files["index.json"])
    manifest_digest = index["manifests"][0]["digest"]
    manifest = json.loads(files["blobs/sha256/" + manifest_digest.split(":", 1)[1]])
    if inspected["Digest"] != manifest_digest or inspected["Layers"] != [layer["digest"] for layer in manifest["layers"]]:
        fail(f"skopeo reads another manifest or other layers: {inspected['Digest']} {inspected['Layers']}")
    if inspected["Labels"].get("org.opencontainers.image.version") != expected_version() or inspected["Os"] != "linux":
        fail(f"skopeo reads the labels {inspected['Labels']} for {inspected['Os']}")
    copied = subprocess.run(["skopeo", "copy", "--quiet", f"oci-archive:{path}", f"oci:{os.path.join(work, 'copy')}:breakdown"],
                            capture_output=True, text=True)
    shutil.rmtree(os.path.join(work, "copy"), ignore_errors=True)
    if copied.returncode != 0:
        fail(f"skopeo copy out of the archive: {copied.stderr.strip()}")
    say(f"skopeo reads it: manifest {manifest_digest[:19]}…, {len(inspected['Layers'])} layers, and copies it out (digests checked)")


def unpack(layers, rootfs):
    """Applies the layers in order, as a runtime does (whiteouts: `.wh.NAME` removes NAME)."""
    import io
    for data in layers:
        with tarfile.open(fileobj=io.BytesIO(gzip.decompress(data))) as tar:
            members = tar.getmembers()
            for member in members:
                if member.name.startswith("/") or ".." in member.name.split("/"):
                    fail(f"a layer holds the path {member.name!r}, outside the root")
                base = os.path.basename(member.name)
                if base.startswith(".wh."):
                    target = os.path.join(rootfs, os.path.dirname(member.name), base[4:])
                    if os.path.isdir(target) and not os.path.islink(target):
                        shutil.rmtree(target)
                    elif os.path.lexists(target):
                        os.remove(target)
            tar.extractall(rootfs, members=[m for m in members if not os.path.basename(m.name).startswith(".wh.")],
                           numeric_owner=True)


def rootfs_size(rootfs):
    total = 0
    for folder, _, names in os.walk(rootfs):
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                total += os.lstat(path).st_size
    return total


class Image:
    """Runs commands in the unpacked root file system as the image's config says."""

    def __init__(self, rootfs, config):
        self.rootfs = rootfs
        settings = config["config"]
        self.uid, self.gid = (int(part) for part in settings["User"].split(":"))
        self.env = dict(item.split("=", 1) for item in settings.get("Env", []))
        self.workdir = settings.get("WorkingDir") or "/"
        self.entrypoint = settings["Entrypoint"]

    def _enter(self):
        os.chroot(self.rootfs)
        os.chdir(self.workdir)
        os.setgroups([])
        os.setgid(self.gid)
        os.setuid(self.uid)

    def popen(self, arguments, **options):
        # The entrypoint is a path in the image: it is executed after the chroot.
        try:
            return subprocess.Popen(self.entrypoint + arguments, executable=self.entrypoint[0],
                                    env=self.env, preexec_fn=self._enter, **options)
        except (OSError, subprocess.SubprocessError) as error:
            fail(f"cannot start {self.entrypoint[0]} in the image as {self.uid}:{self.gid} in {self.workdir}: {error}")

    def run(self, arguments):
        child = self.popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = child.communicate()
        return child.returncode, out, err


def host(binary, arguments, cwd=None):
    done = subprocess.run([binary] + arguments, capture_output=True, cwd=cwd,
                          env={"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root")})
    if done.returncode != 0:
        fail(f"the host's binary: breakdown {' '.join(arguments)} exited {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


def check_absent(rootfs):
    """What a runtime image holds no need for."""
    for path in ("bin/sh", "usr/bin/bash", "usr/bin/gcc", "usr/bin/cc", "usr/bin/apt-get", "usr/bin/dpkg", "usr/bin/swift"):
        if os.path.lexists(os.path.join(rootfs, path)):
            fail(f"the image holds /{path}")
    include = os.path.join(rootfs, "usr/include")
    if os.path.isdir(include) and os.listdir(include):
        fail("the image holds headers in /usr/include (a -dev package)")
    # Documentation is left out, but every package's licence stays.
    doc = os.path.join(rootfs, "usr/share/doc")
    packages = [name for name in sorted(os.listdir(doc)) if not os.path.islink(os.path.join(doc, name))]
    for name in packages:
        held = sorted(os.listdir(os.path.join(doc, name)))
        if held != ["copyright"]:
            fail(f"/usr/share/doc/{name} holds {held}, expected its copyright file alone")
    for folder in ("usr/share/man", "usr/share/locale"):
        path = os.path.join(rootfs, folder)
        if os.path.isdir(path) and any(files for _, _, files in os.walk(path)):
            fail(f"the image holds files in /{folder}")
    say(f"no shell, compiler, headers, apt or dpkg in the image; {len(packages)} packages' copyright files and no other documentation")


def check_render(image, binary):
    status, version, err = image.run(["--version"])
    if status != 0 or version.decode().strip() != f"breakdown {expected_version()}":
        fail(f"--version in the image printed {version!r} (exit {status}): {err.decode(errors='replace')}")
    for arguments in (["render", "--amount", "100", "-o", "-"],
                      ["render", "--amount", "100", "--platform", "android", "-o", "-"],
                      ["render", "--amount", "250", "--locale", "en_GB", "--format", "svg", "-o", "-"],
                      # Arabic-Indic digits: drawn with the image's one Noto face the build keeps for them.
                      ["render", "--amount", "100", "--device-locale", "ar_SA", "--consumer-locale", "en_AU", "-o", "-"]):
        status, out, err = image.run(arguments)
        if status != 0 or err:
            fail(f"breakdown {' '.join(arguments)} in the image: exit {status}, stderr {err.decode(errors='replace').strip()!r}")
        expected = host(binary, arguments)
        if out != expected:
            fail(f"breakdown {' '.join(arguments)}: the image printed {len(out)} bytes, the host's binary {len(expected)}, not the same bytes")
        say(f"breakdown {' '.join(arguments)}: {len(out)} bytes, the same as the host's binary")
    return image.run(["render", "--amount", "100", "-o", "-"])[1]


def check_batch(image, binary, work, data):
    records = "\n".join(json.dumps(record) for record in (
        {"name": "au", "amount": "100"},
        {"name": "gb", "amount": "250", "locale": "en_GB", "scale": "2"},
        {"name": "ca-dark", "amount": "89.95", "locale": "fr_CA", "appearance": "dark", "format": "svg"},
        {"name": "over-limit", "amount": "5000"},
    )) + "\n"
    with open(os.path.join(data, "records.ndjson"), "w", encoding="utf-8") as handle:
        handle.write(records)
    status, out, err = image.run(["batch", "/data/records.ndjson", "-o", "/data/images", "--quiet"])
    if status != 0:
        fail(f"batch in the image exited {status}: {err.decode(errors='replace').strip()}")
    expected_folder = os.path.join(work, "host-images")
    host(binary, ["batch", os.path.join(data, "records.ndjson"), "-o", expected_folder, "--quiet"])
    written = os.path.join(data, "images")
    images = sorted(name for name in os.listdir(written) if not name.startswith("."))
    expected = sorted(name for name in os.listdir(expected_folder) if not name.startswith("."))
    if images != expected or not images:
        fail(f"batch in the image wrote {images}, the host's binary {expected}")
    for name in images:
        path = os.path.join(written, name)
        if os.path.isfile(path):
            with open(path, "rb") as mine, open(os.path.join(expected_folder, name), "rb") as theirs:
                if mine.read() != theirs.read():
                    fail(f"batch in the image wrote another {name} than the host's binary")
            if os.stat(path).st_uid != image.uid:
                fail(f"{name} is owned by {os.stat(path).st_uid}, not the image's user {image.uid}")
    say(f"batch into the mounted folder: {', '.join(images)}: the host's files, owned by {image.uid}")


def check_serve(image, render_png):
    child = image.popen(["serve", "--port", "0", "--allow-unsigned"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = child.stdout.readline().decode().strip()  # its URL, printed once it listens
        if not line.startswith("http://127.0.0.1:"):
            child.kill()
            fail(f"serve in the image printed {line!r} instead of its URL: {child.stderr.read().decode(errors='replace')}")
        with OPENER.open(line + "/healthz", timeout=60) as response:
            health = response.status, response.read()
        if health[0] != 200:
            fail(f"/healthz answered {health}")
        with OPENER.open(line + "/v1/breakdown.png?amount=100", timeout=60) as response:
            png = response.read()
        if png != render_png:
            fail("serve's /v1/breakdown.png?amount=100 is not the bytes render --amount 100 printed")
        say(f"serve in the image: {line}/healthz answered 200 {health[1].decode(errors='replace').strip()!r}; "
            f"/v1/breakdown.png?amount=100 is render's {len(png)} bytes")
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
        status = child.wait()
        child.stdout.close()
        child.stderr.close()
    if status != 0:
        fail(f"serve exited {status} on SIGTERM, expected 0")
    say("serve exited 0 on SIGTERM")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("archive")
    parser.add_argument("--host-binary", required=True)
    args = parser.parse_args()
    if os.geteuid() != 0:
        fail("needs root: it unpacks the image with its owners and runs it with chroot")
    if os.environ.get(NAMESPACED) != "1":
        # Again in a mount namespace of its own: its mounts go when it ends, however it ends.
        environment = dict(os.environ, **{NAMESPACED: "1"})
        done = subprocess.run(["unshare", "--mount", "--propagation", "private", "--",
                               sys.executable, os.path.abspath(__file__), *sys.argv[1:]], env=environment)
        sys.exit(done.returncode)

    engines = [name for name in ("podman", "docker") if shutil.which(name)]
    engine_runs = os.path.exists("/var/run/docker.sock") or shutil.which("podman")
    say("no container engine runs on this machine" + (f" ({' and '.join(engines)}: client only)" if engines else "")
        + ", so the image's layers are unpacked and run with chroot, as its config says (user, environment, "
        "working folder, entrypoint)" if not engine_runs else
        "a container engine is installed, but the check runs the unpacked layers with chroot all the same")

    files = read_archive(args.archive)
    config, layers = check_archive(files)
    work = tempfile.mkdtemp(prefix="breakdown-check-image-")
    rootfs = os.path.join(work, "rootfs")
    os.mkdir(rootfs)
    mounts = []
    try:
        check_with_skopeo(args.archive, files, work)
        unpack(layers, rootfs)
        del files, layers
        say(f"unpacked: {rootfs_size(rootfs) / 1e6:.1f} MB in {rootfs}")
        check_absent(rootfs)
        # What a runtime gives every container: /proc, a few devices, and here a mounted folder.
        for folder in ("proc", "dev", "data"):
            os.makedirs(os.path.join(rootfs, folder), exist_ok=True)
        subprocess.run(["mount", "-t", "proc", "proc", os.path.join(rootfs, "proc")], check=True)
        mounts.append(os.path.join(rootfs, "proc"))
        subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=755,size=64k", "tmpfs", os.path.join(rootfs, "dev")], check=True)
        mounts.append(os.path.join(rootfs, "dev"))
        for name, major, minor in (("null", 1, 3), ("zero", 1, 5), ("random", 1, 8), ("urandom", 1, 9)):
            os.mknod(os.path.join(rootfs, "dev", name), 0o20666, os.makedev(major, minor))
            os.chmod(os.path.join(rootfs, "dev", name), 0o666)
        data = os.path.join(work, "data")
        os.mkdir(data)
        image = Image(rootfs, config)
        os.chown(data, image.uid, image.gid)
        subprocess.run(["mount", "--bind", data, os.path.join(rootfs, "data")], check=True)
        mounts.append(os.path.join(rootfs, "data"))

        render_png = check_render(image, args.host_binary)
        check_batch(image, args.host_binary, work, data)
        check_serve(image, render_png)
    finally:
        for mount in reversed(mounts):
            subprocess.run(["umount", "--lazy", mount])
        if any(os.path.ismount(mount) for mount in mounts):
            print(f"check-image: could not unmount under {rootfs}; left it in place", file=sys.stderr)
        else:
            shutil.rmtree(work)
    say("passed: the image renders, batches and serves as the host's binary does")


if __name__ == "__main__":
    main()
