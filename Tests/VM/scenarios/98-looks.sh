# Issue 27's looks on the real kernel, drawn through DRM/KMS on qemu's virtio-gpu and read from
# outside the guest (qemu's screendump, as the drm run): a page picture (Tests/VM/pictures.py's
# looks.png), a button with an icon alone in its middle (a filled circle, in the label's
# colour) and an invisible zone over the picture. Pictures: the panel at rest, the zone held
# (its pressed fill laid over the picture), and the icon button held with the zone released
# (the picture back in the zone). console.py checks their pixels against the PNG.
runs_in looks || return 0

begin "looks: the page picture, the icon button and the zone drawn through DRM/KMS"
grep -q 'through DRM/KMS' "$LOG" || note "log: $(grep 'display' "$LOG")"
_pictures='page shows its background colour|anonymous memory, not in the cache'
grep -qE "$_pictures" "$LOG" && note "log: $(grep -E "$_pictures" "$LOG")"
_warnings=$("$TP" check "$CONF" 2>&1 >/dev/null) || note "touchpanel check failed: $_warnings"
[ -z "$_warnings" ] || note "touchpanel check warned: $_warnings"
screendump looks-idle
end

begin "looks: the invisible zone held, seen by qemu"
down 0 620 120
expect "room pressed"
usleep 500000                  # the flip on the next vblank, with TCG's slack
screendump looks-zone
up 0
expect "room pressed" "room released" "room tap 1"
end

begin "looks: the icon button held and the zone at rest again, seen by qemu"
down 0 60 180                  # in the lamp, beside its icon
expect "lamp pressed"
usleep 500000
screendump looks-lamp
up 0
expect "lamp pressed" "lamp released" "lamp tap 1"
end
