import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing

extension Devices {
    @Suite("Linux framebuffer")
    struct LinuxFramebufferTests {
        @Test func aMissingFramebufferIsNamedWithAHint() {
            #expect(throws: FramebufferError.notFound(path: "/dev/fb99")) {
                _ = try LinuxFramebuffer(path: "/dev/fb99")
            }
            #expect(FramebufferError.notFound(path: "/dev/fb99").message
                == "no /dev/fb99: no framebuffer with that number (is the display's driver loaded, "
                + "e.g. dtoverlay=vc4-kms-v3d? ls /dev/fb* lists them)")
        }

        @Test func aFileThatIsNoFramebufferIsRefused() {
            #expect(throws: FramebufferError.notAFramebuffer(path: "/dev/null", Errno(ENOTTY))) {
                _ = try LinuxFramebuffer(path: "/dev/null")
            }
        }

        @Test func messages() {
            #expect(FramebufferError.permissionDenied(path: "/dev/fb0").message
                == "permission denied opening /dev/fb0: add the user to the video group")
            #expect(FramebufferError.unsupportedBitsPerPixel(path: "/dev/fb0", bitsPerPixel: 8).message
                == "/dev/fb0 uses 8 bits per pixel; TouchPanel draws 16, 24 or 32 "
                + "(set the mode with fbset -depth 32, or framebuffer_depth=32 in config.txt)")
            #expect(FramebufferError.notAFramebuffer(path: "/dev/null", Errno(ENOTTY)).message
                == "/dev/null is not a framebuffer: ENOTTY (Inappropriate ioctl for device)")
        }
    }

    @Suite("Console graphics mode")
    struct ConsoleGraphicsModeTests {
        // The real /dev/tty0 is never touched here: switching the test machine's console to
        // graphics would blank it.

        @Test func noConsoleIsAWarningNotAFailure() {
            let console = ConsoleGraphicsMode(consoles: ["/nonexistent/tty0", "/nonexistent/tty1"])
            #expect(console.switchedConsole == nil)
            #expect(console.warning
                == "the console stays in text mode and may draw over the panel "
                + "(/nonexistent/tty0: ENOENT (No such file or directory); "
                + "/nonexistent/tty1: ENOENT (No such file or directory))")
            console.restore()
        }

        @Test func aDeviceThatIsNoConsoleIsSkipped() {
            let console = ConsoleGraphicsMode(consoles: ["/dev/null"])
            #expect(console.switchedConsole == nil)
            #expect(console.warning
                == "the console stays in text mode and may draw over the panel "
                + "(/dev/null: ENOTTY (Inappropriate ioctl for device))")
        }

        @Test func anEmptyListWarnsWithoutReasons() {
            let console = ConsoleGraphicsMode(consoles: [])
            #expect(console.warning == "the console stays in text mode and may draw over the panel")
        }
    }
}
