// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top: the shared row order (RowdragBase); beside each other on it, the
// engine (pure geometry and gestures, no I/O, no Foundation) and the list formats (bytes
// in, bytes out); the command language (parsing, running, printing); the readline shim;
// and the command-line front with a tiny main.swift.
let package = Package(
  name: "rowdrag",
  products: [
    .executable(name: "rowdrag", targets: ["rowdrag"]),
    .library(name: "RowdragEngine", targets: ["RowdragEngine"]),
  ],
  targets: [
    .target(name: "RowdragBase", exclude: ["LICENSE"]),
    // Every system call and signal handler, for the formats and the command-line front.
    .target(name: "RowdragSystem", dependencies: ["CSystem"]),
    // The C library functions the Swift Glibc module does not export.
    .target(name: "CSystem"),
    // Bit masks of 64 bytes from vector comparisons, for the formats' scans.
    .target(name: "CByteMasks"),
    .target(name: "RowdragEngine", dependencies: ["RowdragBase"], exclude: ["LICENSE"]),
    .target(
      name: "RowdragFormats", dependencies: ["RowdragBase", "RowdragSystem", "CByteMasks"]),
    .target(
      name: "RowdragCommands",
      dependencies: ["RowdragBase", "RowdragEngine", "RowdragFormats", "RowdragSystem"]),
    .systemLibrary(
      name: "CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    .target(
      name: "RowdragCLI",
      dependencies: [
        "RowdragEngine", "RowdragFormats", "RowdragCommands", "RowdragSystem", "CReadline",
      ]),
    .executableTarget(
      name: "rowdrag", dependencies: ["RowdragCLI", "RowdragFormats", "RowdragSystem"]),
    // libFuzzer targets (`make fuzz`): Swift targets behind a C shim that calls
    // LLVMFuzzerRunDriver, so an ordinary build links too and says what to run instead.
    .target(name: "CFuzzDriver"),
    .target(
      name: "RowdragFuzzTargets",
      dependencies: ["RowdragBase", "RowdragEngine", "RowdragFormats", "RowdragCommands"]),
    .executableTarget(name: "rowdrag-fuzz", dependencies: ["CFuzzDriver", "RowdragFuzzTargets"]),
    // The seeded generator the randomized tests share.
    .target(name: "RowdragTestSupport", path: "Tests/RowdragTestSupport"),
    .testTarget(name: "RowdragBaseTests", dependencies: ["RowdragBase", "RowdragTestSupport"]),
    .testTarget(
      name: "RowdragEngineTests",
      dependencies: ["RowdragBase", "RowdragEngine", "RowdragTestSupport"]),
    .testTarget(
      name: "RowdragFormatsTests",
      dependencies: ["RowdragBase", "RowdragFormats", "RowdragTestSupport"], exclude: ["Golden"]),
    .testTarget(
      name: "RowdragCommandsTests",
      dependencies: [
        "RowdragBase", "RowdragEngine", "RowdragFormats", "RowdragCommands", "RowdragCLI",
        "RowdragTestSupport",
      ]),
    .testTarget(name: "EndToEndTests", dependencies: ["RowdragCLI"], exclude: ["Golden"]),
  ]
)
