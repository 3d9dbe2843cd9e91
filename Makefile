# Two commands for a fresh Debian 12 machine with Swift: `make gallery` and `make test`.
# Both install what is missing first (see README.md for why each package is needed).

DEBIAN_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libfontconfig-dev librsvg2-dev libpoppler-glib-dev \
	libdeflate-dev fonts-inter librsvg2-bin poppler-utils pngcheck fonts-dejavu-core fonts-symbola gcc

.PHONY: deps build gallery test bench

deps:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	swift build -c release

gallery: build
	.build/release/breakdown gallery -o Output

# The CLI tests run the built debug binary, so build it before testing.
test: deps
	swift build
	swift test

bench: build
	.build/release/breakdown bench
