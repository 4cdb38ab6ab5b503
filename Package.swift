// swift-tools-version:6.0
import PackageDescription

// The tests are built in the release configuration with the code they test (one build for
// `make run`, the unit tests and the browser tests), but not optimised themselves: optimising
// the test targets cost minutes of a clean build and bought nothing.
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone"])]

let package = Package(
    name: "hearth",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "hearth", targets: ["hearth"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        // Reminders to phones: the server posts to the household's ntfy topic or webhook.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Already in the graph through hummingbird-auth; named here for its SHA-256.
        .package(url: "https://github.com/apple/swift-crypto.git", "1.0.0"..<"6.0.0"),
        // HTTPS on the home network: the household's own certificate authority (X.509 by
        // swift-certificates) and TLS through NIOSSL (both already in the graph through async-http-client).
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // The help pages, written in Markdown under Templates/help/ (no dependencies of its own).
        .package(url: "https://github.com/JohnSundell/Ink.git", from: "0.6.0"),
        // The API: its server code is generated from Sources/HearthAPI/openapi.yaml by `make api`
        // (the generator itself is never built here) and served through Hummingbird's router.
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
    ],
    targets: [
        // The domain: value types and rules. No I/O, no frameworks (swift-crypto only for digests).
        .target(name: "HearthCore", dependencies: ["CHearthProcess", .product(name: "Crypto", package: "swift-crypto")], exclude: ["README.md"]),
        .target(name: "CHearthProcess"),
        // The repository layer: GRDB records, migrations, one repository per aggregate.
        .target(
            name: "HearthStore",
            dependencies: [
                "HearthCore",
                "CHearthSQLite",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ], exclude: ["README.md"]),
        // SQLite settings that only C can make (sqlite3_config is variadic).
        .target(name: "CHearthSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
        // libgd from Debian (JPEG, PNG, WebP, GIF, HEIF, AVIF).
        .systemLibrary(name: "CGD", pkgConfig: "gdlib", providers: [.apt(["libgd-dev"])]),
        // The C side of photo work: shrink-on-load decoding (libjpeg, libpng, libwebp, libheif) and pixel loops.
        .target(
            name: "CHearthImaging",
            dependencies: ["CGD"],
            // libgd-dev brings each of these libraries' -dev package with it.
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("gd"), .linkedLibrary("png16"), .linkedLibrary("webp"), .linkedLibrary("heif")]
        ),
        // Photos: sniffing, limits, EXIF orientation, derivatives.
        .target(
            name: "HearthImaging", dependencies: ["CGD", "CHearthImaging", "HearthCore", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["README.md"]),
        // zlib from Debian (zlib1g-dev comes with libgd-dev), for the phone exports' zip files.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Imports from phones: streaming readers of Apple Health exports (XML, zip) and Google Fit CSV,
        // and the daily totals they make. Files in, days out; no database.
        .target(name: "HearthImports", dependencies: ["HearthCore", "CZlib"], exclude: ["README.md"]),
        // Markup that escapes by construction (the `HTML` type), for pages and charts alike.
        .target(name: "HearthHTML", exclude: ["README.md"]),
        // SVG charts: pure functions from figures to markup (no I/O, no web framework, no script).
        .target(name: "HearthCharts", dependencies: ["HearthHTML", "HearthCore"], exclude: ["README.md"]),
        // The household's certificate authority and the server certificates it signs (no I/O but its own folder).
        .target(
            name: "HearthCertificates",
            dependencies: [.product(name: "X509", package: "swift-certificates"), .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["README.md"]),
        // The API's types and server routes, generated from its description (`make api`). The
        // generator's code is not ours to change: its warnings (imports it does not use) are not shown.
        .target(
            name: "HearthAPI", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            exclude: ["openapi.yaml", "openapi-generator-config.yaml"], swiftSettings: [.unsafeFlags(["-suppress-warnings"])]),
        // The web application: middleware, controllers, view models, templates.
        .target(
            name: "HearthWeb",
            dependencies: [
                "HearthCore",
                "HearthStore",
                "HearthImaging",
                "HearthImports",
                "HearthHTML",
                "HearthCharts",
                "CZlib",
                "HearthCertificates",
                "HearthAPI",
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Ink", package: "Ink"),
            ],
            exclude: [
                "README.md",
                "API/README.md", "Appointments/README.md", "Backups/README.md", "Bin/README.md", "Calendar/README.md", "Charts/README.md",
                "Flags/README.md", "Trackers/README.md",
                "Gallery/README.md", "Health/README.md", "History/README.md", "Home/README.md", "Household/README.md", "Imports/README.md",
                "Medicines/README.md", "People/README.md", "Pets/README.md", "Phones/README.md", "Recipes/README.md", "Reports/README.md",
                "Routines/README.md", "Search/README.md",
            ]),
        .executableTarget(
            name: "hearth",
            dependencies: [
                "HearthWeb",
                "HearthImports",
                "HearthStore",
                "HearthCore",
                "HearthCertificates",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ], exclude: ["README.md"]),
        .testTarget(
            name: "HearthCertificatesTests", dependencies: ["HearthCertificates", "HearthCore", .product(name: "X509", package: "swift-certificates")],
            swiftSettings: testSettings),
        .testTarget(name: "HearthCoreTests", dependencies: ["HearthCore", .product(name: "Crypto", package: "swift-crypto")], swiftSettings: testSettings),
        .testTarget(
            name: "HearthChartsTests", dependencies: ["HearthCharts", "HearthHTML", "HearthCore"], exclude: ["Snapshots"], swiftSettings: testSettings),
        .testTarget(name: "HearthImportsTests", dependencies: ["HearthImports", "HearthCore", "CZlib"], swiftSettings: testSettings),
        .testTarget(
            name: "HearthStoreTests", dependencies: ["HearthStore", "HearthCore", "HearthImports", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: testSettings),
        .testTarget(
            name: "HearthImagingTests", dependencies: ["HearthImaging", "HearthCore", "CGD", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: testSettings),
        .testTarget(
            name: "HearthWebTests",
            dependencies: [
                "HearthWeb",
                "HearthStore",
                "HearthCore",
                "HearthHTML",
                "HearthAPI",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Frame/path-literals.txt"], swiftSettings: testSettings),
    ]
)
