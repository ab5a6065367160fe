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
            #expect(console.refusedPermission == false)
        }

        /// A read-only sysfs attribute refuses O_RDWR with EACCES even to root: it stands in for
        /// /dev/tty0 as the touchpanel user finds it (crw--w---- root:tty).
        static let refusing = "/sys/devices/system/cpu/online"

        /// Under touchpanel.service no console can be switched: expected, so an information
        /// line that says what it means, not a warning (issue 28).
        @Test func consolesThatRefuseThisUserAreInformationNotAWarning() throws {
            let console = ConsoleGraphicsMode(consoles: [ConsoleGraphicsModeTests.refusing, ConsoleGraphicsModeTests.refusing])
            #expect(console.refusedPermission)
            let notice = try #require(console.notice)
            #expect(notice.priority == .info)
            #expect(notice.line == "console: left in text mode, as this user may not switch it "
                + "(/sys/devices/system/cpu/online: EACCES (Permission denied); /sys/devices/system/cpu/online: EACCES (Permission denied)), "
                + "as expected under touchpanel.service; through DRM/KMS the console does not draw on the panel, through fbdev its text may")
        }

        @Test func aConsoleThatIsMissingAsWellIsStillAWarning() throws {
            let console = ConsoleGraphicsMode(consoles: [ConsoleGraphicsModeTests.refusing, "/nonexistent/tty1"])
            #expect(console.refusedPermission == false)
            let notice = try #require(console.notice)
            #expect(notice.priority == .warning)
            #expect(notice.line == console.warning)
        }

        /// A reload opens the console again: the line is logged at start, and at a reload
        /// only when it differs from the one before.
        @Test func theLineIsLoggedOnceAcrossReloads() {
            let log = RecordingLog()
            let atStart = ConsoleGraphicsMode(consoles: [ConsoleGraphicsModeTests.refusing]).logNotice(to: log, unlessSaid: nil)
            let atReload = ConsoleGraphicsMode(consoles: [ConsoleGraphicsModeTests.refusing]).logNotice(to: log, unlessSaid: atStart)
            #expect(atReload == atStart)
            let changed = ConsoleGraphicsMode(consoles: ["/nonexistent/tty0"]).logNotice(to: log, unlessSaid: atReload)
            #expect(log.entries.map { $0.priority } == [.info, .warning])
            #expect(log.lines == [atStart ?? "", changed ?? ""])
            #expect(ConsoleGraphicsMode(consoles: ["/dev/null"]).logNotice(to: log, unlessSaid: nil)
                == "the console stays in text mode and may draw over the panel (/dev/null: ENOTTY (Inappropriate ioctl for device))")
        }
    }
}
