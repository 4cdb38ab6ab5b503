// swift-tools-version:6.0
import PackageDescription

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
    ],
    targets: [
        // The domain: value types and rules. No I/O, no frameworks.
        .target(name: "HearthCore"),
        // The repository layer: GRDB records, migrations, one repository per aggregate.
        .target(
            name: "HearthStore",
            dependencies: [
                "HearthCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The web application: middleware, controllers, view models, templates.
        .target(
            name: "HearthWeb",
            dependencies: [
                "HearthCore",
                "HearthStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "hearth",
            dependencies: [
                "HearthWeb",
                "HearthStore",
                "HearthCore",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "HearthCoreTests", dependencies: ["HearthCore"]),
        .testTarget(name: "HearthStoreTests", dependencies: ["HearthStore", "HearthCore"]),
        .testTarget(
            name: "HearthWebTests",
            dependencies: [
                "HearthWeb",
                "HearthStore",
                "HearthCore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ]
)
