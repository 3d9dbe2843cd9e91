# Two commands for a fresh Debian 12 machine with Swift: `make gallery` and `make test`.
# Both install what is missing first (see README.md for why each package is needed).

# What drawing needs (build, gallery, bench, install, a batch node): the libraries, fonts and the
# C compiler the benchmark's baseline is built with.
RUNTIME_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libfontconfig-dev librsvg2-dev libpoppler-glib-dev \
	libdeflate-dev fonts-inter fonts-roboto fonts-symbola fonts-noto-core gcc libmicrohttpd-dev libssl-dev
# What only the tests use: independent readers, load and trace tools, a browser, a scheduler.
TEST_PACKAGES := librsvg2-bin poppler-utils pngcheck fonts-dejavu-core openssl wrk curl \
	python3-jsonschema man-db groff-base python3-pip strace python3 nodejs chromium \
	slurmctld slurmd slurm-client munge
DEBIAN_PACKAGES := $(RUNTIME_PACKAGES) $(TEST_PACKAGES)
# What the container image holds (`make image`): the run-time halves of RUNTIME_PACKAGES (the
# libraries, not their -dev packages; no compiler) and the fonts the binary reads, with what they
# depend on. mmdebstrap makes that root file system from Debian packages (`make image` installs it).
IMAGE_PACKAGES := libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 libfontconfig1 librsvg2-2 \
	libpoppler-glib8 libdeflate0 libmicrohttpd12 libssl3 fonts-inter fonts-roboto-unhinted fonts-symbola fonts-noto-core
IMAGE_TOOLS := mmdebstrap
# `make check-image` reads the archive with skopeo too (containers/image, as podman does).
CHECK_IMAGE_TOOLS := skopeo
# The image's org.opencontainers.image.source label (default: git's remote.origin.url).
IMAGE_SOURCE ?=
# The Debian archive the image's packages come from: a snapshot.debian.org URL
# (http://snapshot.debian.org/archive/debian/20250520T000000Z) pins every package's version.
DEBIAN_MIRROR ?= http://deb.debian.org/debian
DEBIAN_SECURITY_MIRROR ?= http://deb.debian.org/debian-security

# Installs the Debian packages of $(1) that are missing (apt-get, as root or through sudo).
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

PREFIX ?= /usr/local
# Where `make install` builds the static binary: a folder of its own, so installing never
# replaces .build/release/breakdown (whose file is part of the batch's renderer identity).
INSTALL_BUILD ?= .build/install

.PHONY: deps deps-runtime build gallery test bench install check-install image check-image mutants sanitize fuzz

# The main job and a node that only draws: the runtime packages alone.
deps-runtime:
	$(call install_missing,$(RUNTIME_PACKAGES))

# The tests: everything.
deps:
	$(call install_missing,$(DEBIAN_PACKAGES))
	@# A python3 ahead of Debian's on PATH (pyenv, a venv) gets jsonschema from PyPI.
	@python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install --quiet jsonschema
	@# kubernetes-validate (PyPI, with PyYAML): the tests validate docs/batch.md's Kubernetes Job with it.
	@python3 -c "import kubernetes_validate, yaml" 2>/dev/null || python3 -m pip install --quiet kubernetes-validate 2>/dev/null \
		|| python3 -m pip install --quiet --user --break-system-packages kubernetes-validate
	@# openapi-spec-validator and Schemathesis (PyPI): the serve tests validate /openapi.json and fuzz the live server from it.
	@python3 -c "import openapi_spec_validator, schemathesis" 2>/dev/null || python3 -m pip install --quiet openapi-spec-validator schemathesis 2>/dev/null \
		|| python3 -m pip install --quiet --user --break-system-packages openapi-spec-validator schemathesis
	@# check-jsonschema (PyPI): the tests validate docs/batch.md's GitHub Actions workflow with the schema it carries (SchemaStore's).
	@python3 -c 'import check_jsonschema' 2>/dev/null || python3 -m pip install --quiet check-jsonschema 2>/dev/null \
		|| python3 -m pip install --quiet --user --break-system-packages check-jsonschema
	@# Pillow (PyPI): the PNG tests read our files back with PIL, an independent decoder.
	@python3 -c 'import PIL' 2>/dev/null || python3 -m pip install --quiet pillow 2>/dev/null \
		|| python3 -m pip install --quiet --user --break-system-packages pillow

build: deps-runtime
	swift build -c release

# `make gallery LOGO_ASSETS=path/to/Assets.xcassets` draws it with the official artwork.
gallery: build
	.build/release/breakdown gallery -o Output $(if $(LOGO_ASSETS),--logo-assets '$(LOGO_ASSETS)')

# The CLI tests run the built debug binary, so build it before testing. Tools/run-tests.py runs
# each test suite in a process of its own, several at once (a test waiting on a child or a socket
# then holds up only its own suite), and lists every failure; then the installed binary is checked
# without the toolchain (check-install). `swift test` still runs everything in one process.
test: deps
	swift build
	python3 Tools/run-tests.py
	Tools/check-install.sh

bench: build
	.build/release/breakdown bench

# A binary that runs without the Swift toolchain (the Swift runtime and Foundation linked in),
# with its fonts configuration and artwork (LogoAssets, its android/ look-alikes too) in
# PREFIX/share/breakdown, found from the binary.
# At run time it needs the Debian libraries it links (Pango, Cairo, librsvg, libdeflate) and fonts-inter;
# PDF artwork also libpoppler-glib8 and serve libmicrohttpd12 and libssl3 (opened when needed, not linked).
install: deps-runtime
	swift build -c release --static-swift-stdlib --product breakdown --scratch-path "$(INSTALL_BUILD)"
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/breakdown"
	install -m 755 "$(INSTALL_BUILD)/release/breakdown" "$(PREFIX)/bin/breakdown"
	rm -rf "$(PREFIX)/share/breakdown/Fonts" "$(PREFIX)/share/breakdown/LogoAssets"
	cp -R Fonts LogoAssets "$(PREFIX)/share/breakdown/"

# Installs into a temporary prefix and runs it with the toolchain out of sight: an empty
# environment, PATH=/usr/bin:/bin, from another folder. Checks --version, a render, and that the
# PNG is the same bytes as the checkout's debug build writes.
check-install:
	Tools/check-install.sh

# An OCI image (Output/breakdown-image.tar, the path printed last) from Debian packages and the
# binary `make install` builds, without any container registry: Tools/image/build.py, docs/image.md.
# SOURCE_DATE_EPOCH (default: the commit's time) fixes every time in it.
image: deps-runtime
	$(call install_missing,$(IMAGE_TOOLS))
	swift build -c release --static-swift-stdlib --product breakdown --scratch-path "$(INSTALL_BUILD)"
	@python3 Tools/image/build.py --binary "$(INSTALL_BUILD)/release/breakdown" --packages "$(IMAGE_PACKAGES)" \
		--mirror "$(DEBIAN_MIRROR)" --security-mirror "$(DEBIAN_SECURITY_MIRROR)" --source "$(IMAGE_SOURCE)"

# Builds the image and runs it: its layers unpacked into a folder and run with chroot (this
# machine runs no containers): render, a batch into a mounted folder, serve's /healthz.
# Needs root (chroot, mounts). Not part of `make test`; .ci/run runs it (see README.md).
check-image: image
	$(call install_missing,$(CHECK_IMAGE_TOOLS))
	python3 Tools/image/check.py Output/breakdown-image.tar --host-binary "$(INSTALL_BUILD)/release/breakdown"

# Mutation testing (slow: see README.md): applies each mutant of Tools/mutants.json, builds, runs
# the tests that should catch it, restores the source; exits 1 if any mutant survives.
# `make mutants MUTANTS="id1 id2"` runs only those.
mutants: deps
	python3 Tools/mutants.py $(MUTANTS)

# ThreadSanitizer and AddressSanitizer/LeakSanitizer over the batch engine, the server, the
# snapshot library, rendering and the parsers (Tools/sanitize.sh; builds in .build-tsan and
# .build-asan, logs in .build-sanitize). Not part of `make test`: see README.md for its time.
sanitize: deps
	Tools/sanitize.sh

# Coverage-guided fuzzing (libFuzzer + ASan) of every parser, FUZZ_SECONDS each (default 60);
# reproducers of findings are left in .build-fuzz/findings.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Tools/fuzz-harnesses.sh $(HARNESSES)

# A page of six images from `breakdown serve` (five /v1/breakdown.html snippets and a hidden
# breakdown's transparent image), screenshotted in headless Chromium, light and dark, into
# Output/serve-page/ (Chromium is not in `deps`: apt-get install chromium).
.PHONY: serve-page
serve-page: build
	Bench/serve-page.sh
