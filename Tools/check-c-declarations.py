#!/usr/bin/env python3
"""Checks our C declaration headers against the libraries' real headers.

Sources/CPangoCairo/{CPangoCairo,GLibDeclarations,CairoDeclarations}.h, Sources/CRsvg/CRsvg.h and
Sources/CPoppler/CPoppler.h declare the part of Pango, Cairo, GLib, fontconfig, FreeType,
HarfBuzz, pixman, librsvg and poppler that the Swift code calls, so SwiftPM needs no pkg-config
(whose `-pthread` it refuses in dependencies). A wrong declaration would compile and then corrupt
memory at run time, so this script compares them with the installed headers:

  (a) prototypes: one C file includes the real headers, then ours with
      BREAKDOWN_CHECK_AGAINST_REAL_HEADERS defined (our struct and enum definitions are then
      skipped, the real ones used); the compiler rejects any prototype, typedef or macro of ours
      that conflicts with the real one (-Werror). A function that is looked up with dlsym rather
      than linked (poppler's) is declared as a pointer type, `typedef R (*breakdown_NAME_fn)(…)`:
      the same file initialises one of each with `&NAME`, which -Werror rejects when the types
      are not the same (or NAME does not exist).
  (b) layout and values: the list of everything our headers declare is read from clang's AST of
      them (functions, variables, structs and their fields, enums and their constants, typedefs)
      and from the preprocessor (macros). One probe program prints, for each, its size, alignment,
      field offsets and sizes, bit-field bits, enum signedness and constant values, macro values,
      and whether its type is the same as our declaration's. It is built twice, once with only our
      headers and once with only the real ones; the two outputs must be identical.

Usage: Tools/check-c-declarations.py [--sources DIR] [--keep DIR]
  --sources DIR  the folder holding CPangoCairo/, CRsvg/ and CPoppler/ (default: Sources/ of this
                 checkout; the tests point it at a mutated copy to check that the check fails)
  --keep DIR     write the generated C files and outputs there (default: a temporary folder)
Exit status: 0 when everything matches, 1 when something differs (each difference is printed),
2 when a tool (cc, clang, pkg-config) or a library's development files are missing.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Our headers, relative to the sources folder, and what they stand for.
HEADERS = ["CPangoCairo/CPangoCairo.h", "CRsvg/CRsvg.h", "CPoppler/CPoppler.h"]
PACKAGES = ["pangocairo", "pangoft2", "cairo", "fontconfig", "freetype2", "harfbuzz", "pixman-1", "librsvg-2.0", "poppler-glib"]
REAL_INCLUDES = """\
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <pixman.h>
#include <librsvg/rsvg.h>
#include <poppler.h>
"""
GUARD = "BREAKDOWN_CHECK_AGAINST_REAL_HEADERS"
# A function looked up with dlsym: `typedef R (*breakdown_NAME_fn)(…)` is the type of &NAME.
FUNCTION_TYPE = re.compile(r"breakdown_(\w+)_fn")
C_FLAGS = ["-std=gnu11", "-Wall", "-Werror", "-Wno-unused-function"]


def fail_setup(message):
    print(f"check-c-declarations: {message}", file=sys.stderr)
    sys.exit(2)


def run(command, **options):
    return subprocess.run(command, capture_output=True, text=True, **options)


def find_clang():
    """clang for the AST: $CLANG, the one beside swift (every Swift toolchain has it), or PATH."""
    candidates = [os.environ.get("CLANG")]
    swift = shutil.which("swift")
    if swift:
        candidates.append(os.path.join(os.path.dirname(os.path.realpath(swift)), "clang"))
    candidates.append(shutil.which("clang"))
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    fail_setup("no clang found (set CLANG, or put the Swift toolchain on PATH)")


def real_flags():
    if not shutil.which("pkg-config"):
        fail_setup("pkg-config is missing (make deps installs it)")
    result = run(["pkg-config", "--cflags"] + PACKAGES)
    if result.returncode != 0:
        fail_setup(f"pkg-config --cflags {' '.join(PACKAGES)} failed (make deps installs the -dev packages):\n{result.stderr}")
    versions = run(["pkg-config", "--modversion"] + PACKAGES).stdout.split()
    return result.stdout.split(), ", ".join(f"{name} {version}" for name, version in zip(PACKAGES, versions))


def our_includes(sources):
    return "".join(f'#include "{os.path.join(sources, header)}"\n' for header in HEADERS)


# MARK: - (a) prototypes


def check_prototypes(sources, work, flags, found):
    path = os.path.join(work, "prototypes.c")
    with open(path, "w") as handle:
        handle.write("// The real headers, then ours with their type definitions skipped.\n")
        handle.write(REAL_INCLUDES + f"#define {GUARD} 1\n" + our_includes(sources))
        if found is not None and found.function_types:
            handle.write("// Each function pointer type of ours holds the real function's address.\n")
            for type_name, function in found.function_types:
                handle.write(f"{type_name} breakdown_check_{function} = &{function};\n")
    result = run(["cc"] + C_FLAGS + ["-fsyntax-only", path] + flags)
    if result.returncode != 0:
        return [f"our declarations conflict with the real headers:\n{result.stderr.strip()}"]
    return []


# MARK: - (b) what our headers declare


class Declarations:
    def __init__(self):
        self.functions = []  # (name, type)
        self.variables = []  # (name, type)
        self.structs = []  # (C type name, [(field, type, is bit-field)])
        self.enums = []  # (C type name, [constant])
        self.typedefs = []  # (name, type or None for an anonymous tag it owns)
        self.function_types = []  # (typedef name, function name): breakdown_NAME_fn, the type of &NAME
        self.macros = []  # names


def read_declarations(sources, work, clang):
    path = os.path.join(work, "ours.c")
    with open(path, "w") as handle:
        handle.write(our_includes(sources))
    dumped = run([clang, "-x", "c", "-std=gnu11", "-fsyntax-only", "-Xclang", "-ast-dump=json", path])
    if dumped.returncode != 0:
        return None, [f"our headers do not compile on their own:\n{dumped.stderr.strip()}"]
    top = [node for node in json.loads(dumped.stdout).get("inner", []) if not node.get("isImplicit")]
    found = Declarations()

    # Which typedef names a tag declaration (struct or enum) it owns or refers to.
    typedef_of = {}
    for node in top:
        if node["kind"] != "TypedefDecl":
            continue
        stack = list(node.get("inner", []))
        while stack:
            child = stack.pop()
            for key in ("ownedTagDecl", "decl"):
                if key in child and child[key].get("kind") in ("RecordDecl", "EnumDecl"):
                    typedef_of.setdefault(child[key]["id"], node["name"])
            if child.get("kind") in ("ElaboratedType", "RecordType", "EnumType"):
                stack.extend(child.get("inner", []))
    # A struct's definition and its earlier forward declaration have different ids: join them.
    first_id = {}
    for node in top:
        if node["kind"] == "RecordDecl" and "previousDecl" in node:
            first_id[node["id"]] = node["previousDecl"]

    def type_name(node, tag):
        name = typedef_of.get(node["id"]) or typedef_of.get(first_id.get(node["id"], ""))
        if name:
            return name
        if node.get("name"):
            return f"{tag} {node['name']}"
        return None

    for node in top:
        kind = node["kind"]
        if kind == "FunctionDecl":
            found.functions.append((node["name"], node["type"]["qualType"]))
        elif kind == "VarDecl":
            found.variables.append((node["name"], node["type"]["qualType"]))
        elif kind == "RecordDecl" and node.get("completeDefinition"):
            name = type_name(node, node.get("tagUsed", "struct"))
            if name is None:
                return None, ["an anonymous struct without a typedef cannot be checked: name it"]
            fields = [
                (field["name"], field["type"]["qualType"], bool(field.get("isBitfield")))
                for field in node.get("inner", [])
                if field["kind"] == "FieldDecl"
            ]
            found.structs.append((name, fields))
        elif kind == "EnumDecl":
            name = type_name(node, "enum")
            if name is None:
                return None, ["an anonymous enum without a typedef cannot be checked: name it"]
            constants = [child["name"] for child in node.get("inner", []) if child["kind"] == "EnumConstantDecl"]
            found.enums.append((name, constants))
        elif kind == "TypedefDecl":
            qual = node["type"]
            owns_anonymous = any(
                child.get("ownedTagDecl", {}).get("name") == "" for child in node.get("inner", [])
            )
            function_type = FUNCTION_TYPE.fullmatch(node["name"])
            if function_type:
                # Ours alone (the real headers have no such name): checked in (a), not probed.
                found.function_types.append((node["name"], function_type.group(1)))
                continue
            found.typedefs.append((node["name"], None if owns_anonymous else qual.get("desugaredQualType", qual["qualType"])))

    # Macros: what the preprocessor knows after our headers and not before, minus include guards.
    empty = os.path.join(work, "empty.c")
    open(empty, "w").close()
    builtin = set(line.split()[1] for line in run(["cc", "-std=gnu11", "-dM", "-E", empty]).stdout.splitlines())
    ours = run(["cc", "-std=gnu11", "-dM", "-E", path]).stdout.splitlines()
    for line in ours:
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1] not in builtin and not parts[1].startswith("BREAKDOWN_"):
            found.macros.append(parts[1])
    return found, []


# MARK: - (b) the probe program


def probe_source(found):
    """One C body printing a line per fact; compiled once against ours, once against the real headers."""
    lines = [
        "#include <stdio.h>",
        "#include <stddef.h>",
        "#include <string.h>",
        "static void bd_string(const char *name, const char *value) { printf(\"macro %s = \\\"%s\\\"\\n\", name, value); }",
        "static void bd_integer(const char *name, long long value) { printf(\"macro %s = %lld\\n\", name, value); }",
        "static void bd_bytes(const char *what, const void *bytes, size_t count) {",
        "    printf(\"%s bits =\", what);",
        "    for (size_t i = 0; i < count; i++) printf(\" %02x\", ((const unsigned char *)bytes)[i]);",
        "    printf(\"\\n\");",
        "}",
        "#define BD_SAME(a, b) __builtin_types_compatible_p(a, b)",
        "int main(void) {",
        "    volatile long long all_ones = -1;",
        "    (void)all_ones;",
    ]
    for name, type_ in found.functions:
        lines.append(f'    printf("function {name}: type {type_} = %d\\n", BD_SAME(__typeof__({name}), {type_}));')
    for name, type_ in found.variables:
        lines.append(f'    printf("variable {name}: type {type_} = %d\\n", BD_SAME(__typeof__({name}), {type_}));')
    for name, type_ in found.typedefs:
        if type_ is not None:
            lines.append(f'    printf("typedef {name}: type {type_} = %d\\n", BD_SAME({name}, {type_}));')
    for name, fields in found.structs:
        lines.append(f'    printf("struct {name}: size %zu, alignment %zu\\n", sizeof({name}), _Alignof({name}));')
        for field, type_, is_bitfield in fields:
            where = f"{name}.{field}"
            if is_bitfield:
                # Offsets and sizes do not apply: set the field to all ones in a zeroed struct and
                # print the struct's bytes (position and width), and whether it reads back negative.
                lines += [
                    "    {",
                    f"        {name} value; memset(&value, 0, sizeof value); value.{field} = all_ones;",
                    f'        bd_bytes("field {where}", &value, sizeof value);',
                    f'        printf("field {where}: signed %d\\n", value.{field} < 0);',
                    "    }",
                ]
            else:
                lines.append(
                    f'    printf("field {where}: offset %zu, size %zu, class %d, type {type_} = %d\\n", '
                    f"offsetof({name}, {field}), sizeof((({name} *)0)->{field}), "
                    f"__builtin_classify_type((({name} *)0)->{field}), BD_SAME(__typeof__((({name} *)0)->{field}), {type_}));"
                )
    for name, constants in found.enums:
        lines.append(
            f'    printf("enum {name}: size %zu, signed %d, class %d\\n", sizeof({name}), ({name})-1 < 0, '
            f"__builtin_classify_type(({name})0));"
        )
        for constant in constants:
            lines.append(f'    printf("constant {constant} ({name}) = %lld\\n", (long long){constant});')
    for name in found.macros:
        lines.append(
            f'    _Generic(({name}), char *: bd_string, const char *: bd_string, default: bd_integer)("{name}", {name});'
        )
    lines += ["    return 0;", "}", ""]
    return "\n".join(lines)


def build_and_run(work, label, includes, body, flags):
    stem = os.path.join(work, "probe-" + label.split()[-2])  # probe-our, probe-real
    source, binary = stem + ".c", stem
    with open(source, "w") as handle:
        handle.write(includes + body)
    compiled = run(["cc"] + C_FLAGS + ["-Wno-unused-variable", "-o", binary, source] + flags)
    if compiled.returncode != 0:
        return None, f"the probe does not compile with {label}:\n{compiled.stderr.strip()}"
    ran = run([binary])
    if ran.returncode != 0:
        return None, f"the probe built with {label} failed:\n{ran.stderr}"
    with open(stem + ".txt", "w") as handle:
        handle.write(ran.stdout)
    return ran.stdout.splitlines(), None


def compare(ours, real):
    problems = []
    if len(ours) != len(real):
        problems.append(f"the probes printed {len(ours)} lines with our headers, {len(real)} with the real ones")
    for mine, theirs in zip(ours, real):
        if mine != theirs:
            problems.append(f"ours: {mine}\n      real: {theirs}")
    return problems


def main():
    parser = argparse.ArgumentParser(description="Check our C declaration headers against the real ones.")
    parser.add_argument("--sources", default=os.path.join(ROOT, "Sources"))
    parser.add_argument("--keep")
    arguments = parser.parse_args()
    sources = os.path.abspath(arguments.sources)
    for header in HEADERS:
        if not os.path.isfile(os.path.join(sources, header)):
            fail_setup(f"no {header} under {sources}")
    if not shutil.which("cc"):
        fail_setup("no C compiler (cc) on PATH (make deps installs gcc)")
    clang = find_clang()
    flags, versions = real_flags()

    work = arguments.keep or tempfile.mkdtemp(prefix="breakdown-c-declarations-")
    os.makedirs(work, exist_ok=True)
    try:
        found, errors = read_declarations(sources, work, clang)
        problems = check_prototypes(sources, work, flags, found) + errors
        if found is not None:
            body = probe_source(found)
            ours, error_ours = build_and_run(work, "our headers", our_includes(sources), body, [])
            real, error_real = build_and_run(work, "the real headers", REAL_INCLUDES, body, flags)
            problems += [error for error in (error_ours, error_real) if error]
            if ours is not None and real is not None:
                problems += compare(ours, real)
    finally:
        if not arguments.keep:
            shutil.rmtree(work, ignore_errors=True)

    if problems:
        print(f"check-c-declarations: {len(problems)} difference(s) from the real headers ({versions}):")
        for problem in problems:
            print("  " + problem)
        return 1
    fields = sum(len(fields) for _, fields in found.structs)
    constants = sum(len(constants) for _, constants in found.enums)
    print(
        f"check-c-declarations: all match the real headers ({versions}): {len(found.functions)} functions, "
        f"{len(found.function_types)} function pointer types, "
        f"{len(found.variables)} variables, {len(found.structs)} structs ({fields} fields), {len(found.enums)} enums "
        f"({constants} constants), {len(found.typedefs)} typedefs, {len(found.macros)} macros"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
