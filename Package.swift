// swift-tools-version: 6.0
// The host build: tests, tools and the simulated board on the development machine.
// The firmware (Embedded Swift for aarch64 and armhf) is built by scripts/build-firmware.sh
// from the same sources; target flags for it stay out of this file.
import PackageDescription

let package = Package(
    name: "TouchPanel",
    products: [
        .executable(name: "touchpanel", targets: ["touchpanel"]),
    ],
    targets: [
        // Pure gesture engine: no Foundation, no C, no clock, no I/O, no allocation.
        .target(name: "TouchCore"),
        // C shim over glibc and the Linux/hardware headers.
        .target(
            name: "CLinux",
            // libdrm's headers include <drm.h> from their own folder (pkg-config libdrm).
            cSettings: [.unsafeFlags(["-I/usr/include/libdrm"])],
            linkerSettings: [
                .linkedLibrary("inih"), .linkedLibrary("gpiod"), .linkedLibrary("i2c"), .linkedLibrary("systemd"),
                .linkedLibrary("mosquitto"), .linkedLibrary("drm"), .linkedLibrary("m"),
            ]
        ),
        // FreeType, for rasterising button labels once at start-up.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .target(name: "PanelConfig", dependencies: ["TouchCore", "CLinux"]),
        // Linux devices (I2C, GPIO, framebuffer), the poll loop, actions and the simulated board.
        .target(name: "PanelIO", dependencies: ["TouchCore", "CLinux", "CFreeType", "PanelConfig"]),
        .executableTarget(name: "touchpanel", dependencies: ["TouchCore", "CLinux", "PanelConfig", "PanelIO"]),
        // The firmware self-test: allocation-free checks of TouchCore. Built for ARM by
        // scripts/build-firmware.sh and run under qemu-user; run on the host by TouchCoreTests.
        .target(name: "FirmwareSelfTest", dependencies: ["TouchCore"], path: "Tests/FirmwareSelfTest"),
        .testTarget(name: "TouchCoreTests", dependencies: ["TouchCore", "FirmwareSelfTest"]),
        .testTarget(name: "PanelConfigTests", dependencies: ["PanelConfig", "TouchCore"]),
        .testTarget(name: "PanelIOTests", dependencies: ["PanelIO", "PanelConfig", "TouchCore", "CLinux"]),
    ]
)
