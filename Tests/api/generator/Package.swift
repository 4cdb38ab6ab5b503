// swift-tools-version:6.0
// The OpenAPI generator, built apart from Hearth: `make api` runs it on
// Sources/HearthAPI/openapi.yaml and commits its output, so a clean build of Hearth
// never compiles it (it cost 1 min 46 s of a clean release build on two cores).
import PackageDescription

let package = Package(
    name: "hearth-api-generator",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator.git", exact: "1.14.3")],
    targets: []
)
