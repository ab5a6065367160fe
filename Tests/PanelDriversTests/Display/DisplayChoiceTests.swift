import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing

@Suite("[display] output: which device is tried, and what a failure means")
struct DisplayChoiceTests {
    /// Records which opens were tried; each succeeds unless given why not.
    final class Opens {
        var tried: [String] = []
        let drmFails: DisplayUnavailable?
        let fbdevFails: DisplayUnavailable?

        init(drmFails: DisplayUnavailable? = nil, fbdevFails: DisplayUnavailable? = nil) {
            self.drmFails = drmFails
            self.fbdevFails = fbdevFails
        }

        func choose(_ output: DisplayOutputChoice) -> String {
            do throws(DisplayUnavailable) {
                let chosen = try DisplayChoice.choose(
                    output,
                    openDRM: { () throws(DisplayUnavailable) -> String in
                        tried.append("drm")
                        if let drmFails { throw drmFails }
                        return "card"
                    },
                    openFbdev: { () throws(DisplayUnavailable) -> String in
                        tried.append("fbdev")
                        if let fbdevFails { throw fbdevFails }
                        return "fb0"
                    })
                switch chosen {
                case .drm(let card): return "drm \(card)"
                case .fbdev(let fb, let why): return "fbdev \(fb)" + (why.map { " since \($0)" } ?? "")
                }
            } catch {
                return (error.absent ? "absent: " : "error: ") + error.message
            }
        }
    }

    let noCard = DisplayUnavailable("DRM/KMS: no DRM card in /dev/dri", absent: true)
    let noFramebuffer = DisplayUnavailable("no /dev/fb0", absent: true)
    let wrongMode = DisplayUnavailable("DRM/KMS: /dev/dri/card0 HDMI-A-1 has no 800x480 mode", absent: false)

    @Test func autoPrefersDRMAndTouchesNoFramebufferWhenItHasIt() {
        let opens = Opens()
        #expect(opens.choose(.auto) == "drm card")
        #expect(opens.tried == ["drm"])
    }

    @Test func autoFallsBackToFbdevKeepingDRMsReason() {
        let opens = Opens(drmFails: noCard)
        #expect(opens.choose(.auto) == "fbdev fb0 since DRM/KMS: no DRM card in /dev/dri")
        #expect(opens.tried == ["drm", "fbdev"])
        #expect(Opens(drmFails: wrongMode).choose(.auto) == "fbdev fb0 since DRM/KMS: /dev/dri/card0 HDMI-A-1 has no 800x480 mode")
    }

    @Test func autoWithNeitherNamesBothAndIsAbsentOnlyWhenBothAre() {
        #expect(Opens(drmFails: noCard, fbdevFails: noFramebuffer).choose(.auto)
            == "absent: no display: DRM/KMS: no DRM card in /dev/dri; and no /dev/fb0")
        #expect(Opens(drmFails: wrongMode, fbdevFails: noFramebuffer).choose(.auto)
            == "error: no display: DRM/KMS: /dev/dri/card0 HDMI-A-1 has no 800x480 mode; and no /dev/fb0")
    }

    @Test func drmAndFbdevTakeOnlyTheirOwnDevice() {
        let drmOnly = Opens(drmFails: noCard)
        #expect(drmOnly.choose(.drm) == "absent: DRM/KMS: no DRM card in /dev/dri")
        #expect(drmOnly.tried == ["drm"])
        #expect(Opens(drmFails: wrongMode).choose(.drm) == "error: DRM/KMS: /dev/dri/card0 HDMI-A-1 has no 800x480 mode")
        let fbdevOnly = Opens()
        #expect(fbdevOnly.choose(.fbdev) == "fbdev fb0")
        #expect(fbdevOnly.tried == ["fbdev"])
    }
}
