import PanelEngine
import Testing

@Suite("A group's topics parse as the panel's own (issue 48)")
struct FleetTopicsTests {
    let topics = MQTTTopics(prefix: "touchpanel/hall_panel", discoveryPrefix: "homeassistant", nodeID: "hall_panel")
    let fleet = FleetTopics(prefix: "touchpanel", nodeID: "hall_panel", groups: ["floor1", "all"])

    @Test func everyCommandTopicOfTheTableIsTakenUnderEachGroup() {
        for kind in PanelTopic.allCases {
            let own = topics.topic(kind, "heat")
            let expected = topics.incoming(own)
            for group in ["floor1", "all"] {
                let grouped = "touchpanel/group/\(group)" + own.dropFirst("touchpanel/hall_panel".count)
                #expect(topics.incoming(grouped, fleet: fleet) == expected, "\(grouped)")
            }
        }
        #expect(topics.incoming("touchpanel/group/floor1/page/set", fleet: fleet) == .page)
        #expect(topics.incoming("touchpanel/group/all/button/heat/latch/set", fleet: fleet) == .set(button: "heat", kind: .latch))
        #expect(topics.incoming("touchpanel/group/all/slider/dimmer/value/set", fleet: fleet) == .sliderValue(slider: "dimmer"))
        #expect(topics.incoming("touchpanel/group/floor1/command", fleet: fleet) == .command)
        #expect(topics.incoming("touchpanel/group/floor1/page/camera/image/set", fleet: fleet) == .pageImage(page: "camera"))
    }

    @Test func theShortFormOfALabelIsTakenUnderAGroupOnly() {
        #expect(topics.incoming("touchpanel/group/floor1/label/heat/set", fleet: fleet) == .set(button: "heat", kind: .label))
        #expect(topics.incoming("touchpanel/hall_panel/label/heat/set", fleet: fleet) == .unknown)
        #expect(topics.incoming("touchpanel/group/floor1/label/heat", fleet: fleet) == .unknown)
    }

    @Test func otherGroupsPublishedTopicsAndAPanelWithoutFleetAreNotTaken() {
        #expect(topics.incoming("touchpanel/group/floor2/page/set", fleet: fleet) == .unknown)
        #expect(topics.incoming("touchpanel/group/floor1/page", fleet: fleet) == .unknown)
        #expect(topics.incoming("touchpanel/group/floor1/health", fleet: fleet) == .unknown)
        #expect(topics.incoming("touchpanel/group/floor1", fleet: fleet) == .unknown)
        #expect(topics.incoming("touchpanel/group/floor1/page/set") == .unknown)
        #expect(topics.incoming("touchpanel/latest") == .unknown)
    }

    @Test func theLatestVersionHealthAndUpdateTopics() {
        #expect(topics.incoming("touchpanel/latest", fleet: fleet) == .latestVersion)
        #expect(topics.health == "touchpanel/hall_panel/health")
        #expect(topics.update == "touchpanel/hall_panel/update")
        #expect(topics.incoming("touchpanel/hall_panel/health", fleet: fleet) == .unknown)
        #expect(fleet.groupPatterns == ["touchpanel/group/floor1/#", "touchpanel/group/all/#"])
        #expect(fleet.latest == "touchpanel/latest")
    }
}
