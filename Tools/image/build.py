#!/usr/bin/env python3
"""`make image`: an OCI image of breakdown made from Debian packages, without a container registry.

  Tools/image/build.py --binary PATH --packages "pkg ..." [--output Output/breakdown-image.tar]

Two layers, so a new build of the program leaves the Debian layer (the larger) as it was:
  1. Debian 12: `mmdebstrap --variant=extract` of the runtime library and font packages and what
     they depend on (files only: no shell, no dpkg, no apt, no maintainer scripts), then the
     dynamic linker's cache (`ldconfig -r`), a non-root user (10001) and no documentation but
     the copyright files;
  2. breakdown: the binary as /usr/local/bin/breakdown and its Fonts/ and LogoAssets/ (the files
     git tracks) in /usr/local/share/breakdown, as `make install PREFIX=/usr/local` lays them out.
Each layer is rewritten as a sorted tar with every time clamped to SOURCE_DATE_EPOCH (default:
the commit's time), numeric owners and no user or group names, and gzipped with no name or time
in its header, so two builds of the same inputs give the same digests. The OCI archive (an OCI
image layout in a tar: oci-layout, index.json, blobs/sha256/…) is written to --output, and its
path is the last line printed.
"""

import argparse
import datetime
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
USER_ID = 10001
PREFIX = "usr/local"
# What is left out of the Debian layer: documentation, manuals and translations (nothing reads
# them; each package's copyright file stays), what apt and dpkg leave behind, and the host's
# name and resolver, which mmdebstrap copies in (a container runtime provides its own).
DROPPED = ("etc/apt/", "etc/resolv.conf", "etc/hostname", "usr/share/man/", "usr/share/info/", "usr/share/locale/", "usr/share/lintian/", "usr/share/bug/",
           "var/cache/", "var/log/", "var/lib/apt/", "var/lib/dpkg/")


def git(*arguments):
    return subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


def version():
    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as changelog:
        for line in changelog:
            if line.startswith("## ") and line[3:4].isdigit():
                return line[3:].strip()
    sys.exit("image: no version heading (## N.N.N) in CHANGELOG.md")


NOTO = "usr/share/fonts/truetype/noto/"


def digit_font_files():
    """The fonts-noto-core files the renderer draws digits with: the faces Sources/Layout/DigitFonts.swift
    lists (read from it, so the list stays in one place), each as NAME-Regular.ttf."""
    with open(os.path.join(ROOT, "Sources/Layout/DigitFonts.swift"), encoding="utf-8") as source:
        text = source.read()
    names = set(re.findall(r'(?:ios|android): "([A-Za-z]+)"', text))
    if not names:
        sys.exit("image: no digit faces found in Sources/Layout/DigitFonts.swift")
    return {name + "-Regular.ttf" for name in names}


DIGIT_FONTS = digit_font_files()


def keep_debian_path(name):
    """Whether a path of the extracted packages goes into the image."""
    # fonts-noto-core is 42 MB: only the faces that draw digits are kept.
    if name.startswith(NOTO) and name != NOTO and name[len(NOTO):] not in DIGIT_FONTS:
        return False
    if name.startswith("usr/share/doc/"):
        rest = name[len("usr/share/doc/"):]
        # The folder itself, each package's folder and its copyright file.
        return rest == "" or rest.count("/") == 0 or (rest.count("/") == 1 and rest.endswith("/")) or rest.endswith("/copyright")
    return not any(name == prefix or name.startswith(prefix) for prefix in DROPPED) or name.rstrip("/") + "/" in DROPPED


def normalised(member, epoch):
    """A copy of the tar member with what varies between builds fixed."""
    member.name = member.name[2:] if member.name.startswith("./") else member.name
    member.name = member.name.rstrip("/")
    if member.islnk() and member.linkname.startswith("./"):
        member.linkname = member.linkname[2:]
    member.mtime = min(int(member.mtime), epoch)
    member.uname = member.gname = ""
    member.pax_headers = {}
    return member


class Layer:
    """A layer's tar, written sorted into a file; its digests once closed."""

    def __init__(self, folder, name):
        self.path = os.path.join(folder, name + ".tar")
        self.entries = []  # (member, bytes or None)
        self.parts = {}  # what each part costs: name → [bytes, bytes gzipped on its own]

    def add(self, member, data=None, part=None):
        self.entries.append((member, data))
        if part and data:
            cost = self.parts.setdefault(part, [0, 0])
            cost[0] += len(data)
            cost[1] += len(zlib.compress(data, 6))

    def write(self):
        # Sorted by name (a folder before what is in it). A hard link must follow its target:
        # in each group of links to one file, the first name in order holds the data.
        self.entries.sort(key=lambda entry: entry[0].name)
        holders = {}
        for member, data in self.entries:
            if member.islnk():
                holders.setdefault(member.linkname, []).append(member.name)
        first = {}
        for target, names in holders.items():
            first[target] = min(names + [target])
        contents = {member.name: (member, data) for member, data in self.entries}
        with tarfile.open(self.path, "w", format=tarfile.GNU_FORMAT) as tar:
            for member, data in self.entries:
                target = member.linkname if member.islnk() else member.name
                if target in first:
                    holder = first[target]
                    if member.name == holder:
                        original, payload = contents[target]
                        regular = tarfile.TarInfo(member.name)
                        for field in ("mode", "uid", "gid", "mtime", "size", "type"):
                            setattr(regular, field, getattr(original, field))
                        regular.type = tarfile.REGTYPE
                        tar.addfile(regular, io.BytesIO(payload))
                    else:
                        link = tarfile.TarInfo(member.name)
                        for field in ("mode", "uid", "gid", "mtime"):
                            setattr(link, field, getattr(contents[target][0], field))
                        link.type, link.linkname = tarfile.LNKTYPE, holder
                        tar.addfile(link)
                    continue
                tar.addfile(member, io.BytesIO(data) if data is not None else None)

    def compress(self, blobs):
        """Gzips the tar into blobs/sha256 and returns (diff_id, digest, size)."""
        uncompressed = hashlib.sha256()
        compressed = hashlib.sha256()
        # wbits 31: a gzip header with no file name and time 0.
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        temporary = os.path.join(blobs, "layer.partial")
        size = 0
        with open(self.path, "rb") as source, open(temporary, "wb") as target:
            while chunk := source.read(1 << 20):
                uncompressed.update(chunk)
                out = compressor.compress(chunk)
                compressed.update(out)
                target.write(out)
                size += len(out)
            out = compressor.flush()
            compressed.update(out)
            target.write(out)
            size += len(out)
        os.rename(temporary, os.path.join(blobs, compressed.hexdigest()))
        os.remove(self.path)
        return "sha256:" + uncompressed.hexdigest(), "sha256:" + compressed.hexdigest(), size


def debian_layer(work, packages, mirror, security, epoch):
    """The Debian packages, extracted by mmdebstrap, as a Layer."""
    rootfs_tar = os.path.join(work, "debian.tar")
    # Run once the packages are extracted (in the extract variant, the last step before the tarball).
    contents = os.path.join(work, "contents.txt")
    hooks = [
        # Which package each file comes from, for the sizes printed at the end.
        'for deb in "$1"/var/cache/apt/archives/*.deb; do echo "package $(dpkg-deb -f "$deb" Package)"; '
        f'dpkg-deb --fsys-tarfile "$deb" | tar -t; done > "{contents}"',
        # The dynamic linker's cache, made by the host's ldconfig for the tree (nothing to run inside).
        'ldconfig -r "$1"',
        # No shell in the image: root and the user that runs breakdown, by number.
        f'printf "root:x:0:0:root:/root:/nonexistent\\nbreakdown:x:{USER_ID}:{USER_ID}:breakdown:/home/breakdown:/nonexistent\\n" > "$1/etc/passwd"',
        f'printf "root:x:0:\\nbreakdown:x:{USER_ID}:\\n" > "$1/etc/group"',
        f'mkdir -p "$1/home/breakdown" "$1/root" && chown {USER_ID}:{USER_ID} "$1/home/breakdown" && chmod 700 "$1/root"',
        'chmod 1777 "$1/tmp"',
    ]
    command = ["mmdebstrap", "--quiet", "--variant=extract", "--include=" + ",".join(packages.split()),
               "--aptopt=Acquire::Retries \"3\""]
    command += ["--extract-hook=" + hook for hook in hooks]
    command += ["bookworm", rootfs_tar,
                f"deb {mirror} bookworm main", f"deb {mirror} bookworm-updates main",
                f"deb {security} bookworm-security main"]
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch))
    print("image: " + " ".join(command[:4]) + " … (Debian 12 packages)", flush=True)
    subprocess.run(command, check=True, env=env, stdin=subprocess.DEVNULL)
    owner, package = {}, "?"
    with open(contents, encoding="utf-8", errors="replace") as listing:
        for line in listing:
            line = line.rstrip("\n")
            if line.startswith("package "):
                package = line[len("package "):]
            else:
                owner[line.removeprefix("./").rstrip("/")] = package
    layer = Layer(work, "debian")
    with tarfile.open(rootfs_tar) as tar:
        for member in tar:
            member = normalised(member, epoch)
            if not member.name or member.name == "." or not keep_debian_path(member.name + ("/" if member.isdir() else "")):
                continue
            if member.isdev():
                continue  # a runtime mounts /dev
            data = tar.extractfile(member).read() if member.isreg() else None
            layer.add(member, data, part=owner.get(member.name, "(made here: passwd, group, ld.so.cache, fstab)"))
    os.remove(rootfs_tar)
    return layer


def breakdown_layer(work, binary, epoch):
    """The binary and its resources, as Layer."""
    layer = Layer(work, "breakdown")

    def folder(name):
        info = tarfile.TarInfo(name)
        info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, epoch
        layer.add(info)

    def regular(name, data, mode, part):
        info = tarfile.TarInfo(name)
        info.size, info.mode, info.mtime = len(data), mode, epoch
        layer.add(info, data, part)

    # The parent folders, as in the Debian layer (a layer lists every folder it writes into).
    for name in ("usr", "usr/local", "usr/local/bin", "usr/local/share", "usr/local/share/breakdown"):
        folder(name)
    with open(binary, "rb") as handle:
        regular(PREFIX + "/bin/breakdown", handle.read(), 0o755, "breakdown binary (Swift runtime and Foundation linked in)")
    tracked = git("ls-files", "-z", "Fonts", "LogoAssets").split("\0")
    folders = set()
    for path in sorted(p for p in tracked if p):
        parts = path.split("/")
        for depth in range(1, len(parts)):
            folders.add("/".join(parts[:depth]))
        with open(os.path.join(ROOT, path), "rb") as handle:
            regular(f"{PREFIX}/share/breakdown/{path}", handle.read(), 0o644, "Fonts/ and LogoAssets/")
    for name in folders:
        folder(f"{PREFIX}/share/breakdown/{name}")
    return layer


def blob(blobs, data):
    digest = hashlib.sha256(data).hexdigest()
    with open(os.path.join(blobs, digest), "wb") as handle:
        handle.write(data)
    return "sha256:" + digest, len(data)


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--packages", required=True, help="the Debian packages, separated by spaces")
    parser.add_argument("--output", default=os.path.join(ROOT, "Output", "breakdown-image.tar"))
    parser.add_argument("--mirror", default="http://deb.debian.org/debian")
    parser.add_argument("--security-mirror", default="http://deb.debian.org/debian-security")
    parser.add_argument("--source", default="", help="org.opencontainers.image.source (default: git's remote.origin.url)")
    args = parser.parse_args()

    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or git("log", "-1", "--format=%ct"))
    created = datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    the_version = version()
    revision = git("rev-parse", "HEAD")
    source = args.source or git("config", "--default", "", "--get", "remote.origin.url")
    labels = {
        "org.opencontainers.image.title": "breakdown",
        "org.opencontainers.image.description": "Renders the Afterpay price breakdown to PNG, SVG and PDF: render, batch, serve",
        "org.opencontainers.image.version": the_version,
        "org.opencontainers.image.revision": revision,
        "org.opencontainers.image.source": source,
        "org.opencontainers.image.licenses": "Apache-2.0",
        "org.opencontainers.image.created": created,
    }

    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="breakdown-image-", dir=os.path.dirname(os.path.abspath(args.output))) as work:
        layout = os.path.join(work, "layout")
        blobs = os.path.join(layout, "blobs", "sha256")
        os.makedirs(blobs)
        layers, parts = [], {}
        for make in (lambda: debian_layer(work, args.packages, args.mirror, args.security_mirror, epoch),
                     lambda: breakdown_layer(work, args.binary, epoch)):
            layer = make()
            layer.write()
            layers.append(layer.compress(blobs))
            parts.update(layer.parts)
        history = [
            {"created": created, "created_by": "mmdebstrap --variant=extract bookworm: " + args.packages + " (and their dependencies)"},
            {"created": created, "created_by": f"breakdown {the_version} ({revision[:12]}): {PREFIX}/bin/breakdown, {PREFIX}/share/breakdown/{{Fonts,LogoAssets}}"},
        ]
        config = {
            "created": created,
            "architecture": "amd64",
            "os": "linux",
            "config": {
                # By number, so Kubernetes' runAsNonRoot can tell it is not root.
                "User": f"{USER_ID}:{USER_ID}",
                "Env": ["PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/home/breakdown"],
                "Entrypoint": [f"/{PREFIX}/bin/breakdown"],
                "Cmd": ["--help"],
                "WorkingDir": "/home/breakdown",
                "ExposedPorts": {"8080/tcp": {}},
                "Labels": labels,
            },
            "rootfs": {"type": "layers", "diff_ids": [diff_id for diff_id, _, _ in layers]},
            "history": history,
        }
        config_digest, config_size = blob(blobs, canonical(config))
        manifest = {
            "schemaVersion": 2,
            "mediaType": "application/vnd.oci.image.manifest.v1+json",
            "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": config_digest, "size": config_size},
            "layers": [{"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", "digest": digest, "size": size}
                       for _, digest, size in layers],
            "annotations": labels,
        }
        manifest_digest, manifest_size = blob(blobs, canonical(manifest))
        index = {
            "schemaVersion": 2,
            "mediaType": "application/vnd.oci.image.index.v1+json",
            "manifests": [{
                "mediaType": "application/vnd.oci.image.manifest.v1+json", "digest": manifest_digest, "size": manifest_size,
                "platform": {"architecture": "amd64", "os": "linux"},
                "annotations": {"org.opencontainers.image.ref.name": f"breakdown:{the_version}"},
            }],
        }
        with open(os.path.join(layout, "index.json"), "wb") as handle:
            handle.write(canonical(index))
        with open(os.path.join(layout, "oci-layout"), "wb") as handle:
            handle.write(canonical({"imageLayoutVersion": "1.0.0"}))

        # The archive: the layout's files, sorted, with fixed times and owners.
        partial = args.output + ".partial"
        with tarfile.open(partial, "w", format=tarfile.GNU_FORMAT) as tar:
            names = ["blobs", "blobs/sha256"] + ["blobs/sha256/" + n for n in sorted(os.listdir(blobs))] + ["index.json", "oci-layout"]
            for name in sorted(names):
                info = tar.gettarinfo(os.path.join(layout, name), arcname=name)
                info.mtime, info.uid, info.gid, info.uname, info.gname = epoch, 0, 0, "", ""
                info.mode = 0o755 if info.isdir() else 0o644
                if info.isdir():
                    tar.addfile(info)
                else:
                    with open(os.path.join(layout, name), "rb") as handle:
                        tar.addfile(info, handle)
        os.replace(partial, args.output)

    total = sum(size for _, _, size in layers) + config_size
    # What each part costs: its files' bytes, and gzipped file by file (a layer, gzipped whole,
    # comes out a little smaller). The largest twelve, then the rest.
    ranked = sorted(parts.items(), key=lambda item: -item[1][1])
    rest = ranked[12:]
    ranked = ranked[:12] + ([(f"{len(rest)} other packages", [sum(c[0] for _, c in rest), sum(c[1] for _, c in rest)])] if rest else [])
    print("image: what each part costs (MB, MB gzipped):")
    for name, (size, packed) in ranked:
        print(f"image:   {size / 1e6:6.1f} {packed / 1e6:6.1f}  {name}")
    print(f"image:   {sum(c[0] for c in parts.values()) / 1e6:6.1f} {sum(c[1] for c in parts.values()) / 1e6:6.1f}  in all (files only)")
    print(f"image: breakdown:{the_version}, manifest {manifest_digest}")
    for (diff_id, digest, size), name in zip(layers, ("Debian 12 packages", "breakdown")):
        print(f"image: layer {digest} {size / 1e6:.1f} MB compressed ({name})")
    print(f"image: {total / 1e6:.1f} MB compressed in all; load it with podman load -i, push it with skopeo copy oci-archive:…")
    print(os.path.relpath(args.output) if not os.path.relpath(args.output).startswith("..") else args.output)


if __name__ == "__main__":
    main()
