import PanelConfig
import PanelIO
import Testing

@Suite("[display] output: which device is tried, and what a failure means")
struct DisplayChoiceTests {
    /// Records which opens were tried; each succeeds unless given a reason.
    final class Opens {
        var tried: [String] = []
        let drmFails: String?
        let fbdevFails: String?

        init(drmFails: String? = nil, fbdevFails: String? = nil) {
            self.drmFails = drmFails
            self.fbdevFails = fbdevFails
        }

        func choose(_ output: DisplayOutputChoice) -> String {
            do throws(StartError) {
                let chosen = try DisplayChoice.choose(
                    output,
                    openDRM: { () throws(StartError) -> String in
                        tried.append("drm")
                        if let drmFails { throw StartError(message: drmFails) }
                        return "card"
                    },
                    openFbdev: { () throws(StartError) -> String in
                        tried.append("fbdev")
                        if let fbdevFails { throw StartError(message: fbdevFails) }
                        return "fb0"
                    })
                switch chosen {
                case .drm(let card): return "drm \(card)"
                case .fbdev(let fb, let why): return "fbdev \(fb)" + (why.map { " since \($0)" } ?? "")
                }
            } catch {
                return "error: \(error.message)"
            }
        }
    }

    @Test func autoPrefersDRMAndTouchesNoFramebufferWhenItHasIt() {
        let opens = Opens()
        #expect(opens.choose(.auto) == "drm card")
        #expect(opens.tried == ["drm"])
    }

    @Test func autoFallsBackToFbdevKeepingDRMsReason() {
        let opens = Opens(drmFails: "DRM/KMS: no DRM card in /dev/dri")
        #expect(opens.choose(.auto) == "fbdev fb0 since DRM/KMS: no DRM card in /dev/dri")
        #expect(opens.tried == ["drm", "fbdev"])
    }

    @Test func autoWithNeitherNamesBothReasons() {
        let opens = Opens(drmFails: "DRM/KMS: no DRM card in /dev/dri", fbdevFails: "no /dev/fb0")
        #expect(opens.choose(.auto) == "error: no display: DRM/KMS: no DRM card in /dev/dri; and no /dev/fb0")
    }

    @Test func drmAndFbdevTakeOnlyTheirOwnDevice() {
        let drmOnly = Opens(drmFails: "DRM/KMS: /dev/dri/card0: no connected display")
        #expect(drmOnly.choose(.drm) == "error: DRM/KMS: /dev/dri/card0: no connected display")
        #expect(drmOnly.tried == ["drm"])
        let fbdevOnly = Opens()
        #expect(fbdevOnly.choose(.fbdev) == "fbdev fb0")
        #expect(fbdevOnly.tried == ["fbdev"])
    }
}
