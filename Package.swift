// swift-tools-version: 6.0
// The host build: tests, tools and the simulated board on the development machine.
// The firmware (Embedded Swift for aarch64 and armhf) is built by scripts/build/build-firmware.sh
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
        // C shim over glibc, the Linux/hardware headers and the C libraries (png.c: libpng;
        // homeassistant.c: libwebsockets, cJSON; qrcode.c: libqrencode; textshape.c: FriBidi,
        // HarfBuzz over FreeType's faces).
        .target(
            name: "CLinux",
            // libdrm's headers include <drm.h> from their own folder (pkg-config libdrm); FreeType's,
            // HarfBuzz's and FriBidi's are in folders of their own too (pkg-config freetype2
            // harfbuzz fribidi).
            cSettings: [.unsafeFlags([
                "-I/usr/include/libdrm", "-I/usr/include/freetype2", "-I/usr/include/harfbuzz", "-I/usr/include/fribidi",
            ])],
            linkerSettings: [
                .linkedLibrary("inih"), .linkedLibrary("gpiod"), .linkedLibrary("i2c"), .linkedLibrary("systemd"),
                .linkedLibrary("mosquitto"), .linkedLibrary("drm"), .linkedLibrary("m"),
                // libpng16 (pkg-config libpng: -lpng16; its png.h is also in /usr/include), and
                // zlib, which it deflates with: the tests make hostile PNGs with zlib's own
                // checksums and stored blocks.
                .linkedLibrary("png16"), .linkedLibrary("z"),
                // Home Assistant's websocket API (homeassistant.c): libwebsockets and cJSON.
                .linkedLibrary("websockets"), .linkedLibrary("cjson"),
                // QR codes (qrcode.c): libqrencode.
                .linkedLibrary("qrencode"),
                // Fleet configs' signatures and hashes (fleetcrypto.c): OpenSSL's libcrypto.
                .linkedLibrary("crypto"),
                // Text layout (textshape.c): HarfBuzz, its FreeType glue, and FriBidi.
                .linkedLibrary("harfbuzz"), .linkedLibrary("fribidi"), .linkedLibrary("freetype"),
            ]
        ),
        // FreeType, for rasterising button labels once at start-up.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Typed OS wrappers with no panel words: errno, descriptors, files, the clock, poll,
        // signals, child processes, stdio, sd_notify.
        .target(name: "LinuxSystem", dependencies: ["CLinux", "TouchCore"]),
        .target(name: "PanelConfig", dependencies: ["TouchCore", "LinuxSystem", "CLinux"]),
        // The panel between its devices: engine, actions, events, control and MQTT logic. Every
        // device is a protocol declared here; it never imports CLinux and never reads the clock.
        .target(name: "PanelEngine", dependencies: ["TouchCore", "LinuxSystem", "PanelConfig"]),
        // One folder per thing outside (touch controllers, displays, buses, outputs, backlight,
        // the MQTT connection, the control socket), each with its bring-up and simulated twin.
        .target(name: "PanelDrivers", dependencies: ["TouchCore", "CLinux", "CFreeType", "LinuxSystem", "PanelConfig", "PanelEngine"]),
        // The only code that reads the clock, waits or handles signals: the loop, reload, the
        // service, the simulated board's clock.
        .target(name: "PanelApp", dependencies: ["TouchCore", "CLinux", "CFreeType", "LinuxSystem", "PanelConfig", "PanelEngine", "PanelDrivers"]),
        .executableTarget(name: "touchpanel", dependencies: ["TouchCore", "CLinux", "CFreeType", "LinuxSystem", "PanelConfig", "PanelEngine", "PanelDrivers", "PanelApp"]),
        // The firmware self-test: allocation-free checks of TouchCore. Built for ARM by
        // scripts/build/build-firmware.sh and run under qemu-user; run on the host by TouchCoreTests.
        .target(name: "FirmwareSelfTest", dependencies: ["TouchCore"], path: "Tests/FirmwareSelfTest"),
        // The test process's signal dispositions, set once as it loads, as the panel sets its own
        // at start: no test depends on another having run first.
        .target(name: "TestProcess", path: "Tests/TestProcess"),
        .testTarget(name: "TouchCoreTests", dependencies: ["TouchCore", "FirmwareSelfTest", "TestProcess"]),
        .testTarget(name: "PanelConfigTests", dependencies: ["PanelConfig", "TouchCore", "LinuxSystem", "TestProcess"]),
        .testTarget(name: "LinuxSystemTests", dependencies: ["LinuxSystem", "CLinux", "TouchCore", "TestProcess"]),
        .testTarget(name: "PanelEngineTests", dependencies: ["PanelEngine", "PanelDrivers", "PanelConfig", "LinuxSystem", "TouchCore", "CLinux", "PanelTestSupport", "TestProcess"]),
        .testTarget(name: "PanelDriversTests", dependencies: ["PanelDrivers", "PanelEngine", "PanelConfig", "LinuxSystem", "TouchCore", "CLinux", "PanelTestSupport", "TestProcess"]),
        .testTarget(name: "PanelAppTests", dependencies: ["PanelApp", "PanelDrivers", "PanelEngine", "PanelConfig", "LinuxSystem", "TouchCore", "CLinux", "PanelTestSupport", "TestProcess"]),
        // Fakes shared by the test targets: recording logs, I2C transports, lines, connections.
        .target(name: "PanelTestSupport", dependencies: ["PanelDrivers", "PanelEngine", "PanelConfig", "LinuxSystem", "TouchCore", "CLinux"], path: "Tests/PanelTestSupport"),
    ]
)
