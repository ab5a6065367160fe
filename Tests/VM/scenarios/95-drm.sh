# DRM/KMS on qemu's virtio-gpu (a virtio-mmio device, 800x480), with the pixels read from
# outside the guest: qemu's monitor saves what the virtual display shows (screendump), and
# Tests/VM/console.py checks those pictures. The drm run starts with `output = drm` before
# the card exists: no display yet, touches still give events; then virtio-gpu is loaded and the
# panel appears on it by itself (its re-check deadline), idle, with a button held, and after.
if runs_in interrupt; then
    begin "display: auto without a DRM card takes /dev/fb0 and says why"
    grep -q 'display: /dev/fb0 (fbdev), since DRM/KMS: no DRM card in /dev/dri' "$LOG" ||
        note "log: $(grep 'display' "$LOG")"
    end
fi
runs_in drm || return 0

begin "drm: no display at start, and the touch path goes on"
grep -q 'display: none yet (DRM/KMS: no DRM card in /dev/dri)' "$LOG" || note "log: $(grep 'display' "$LOG")"
down 0 100 60
up 0
expect "one pressed" "one released" "one tap 1"
end

begin "drm: virtio-gpu appears and the panel is drawn on it through DRM/KMS"
load_drm_modules || note "insmod of the DRM modules failed: $(dmesg | tail -n 5)"
wait_until 150 sh -c '[ -n "$(ls /dev/dri/card* 2>/dev/null)" ]' ||
    note "no /dev/dri/card* after loading $(tr '\n' ' ' <$M/order-drm); the kernel said:
$(dmesg | tail -n 12)
virtio devices: $(for d in /sys/bus/virtio/devices/*; do echo "$d $(cat "$d/device" 2>/dev/null) $(readlink "$d/driver")"; done)
virtio-mmio platform devices: $(ls /sys/bus/platform/drivers/virtio-mmio 2>&1 | tr '\n' ' ')
virtio drivers: $(ls /sys/bus/virtio/drivers 2>&1 | tr '\n' ' ')
modules: $(cut -d' ' -f1,3 /proc/modules | tr '\n' ';')"
wait_until 100 grep -q 'through DRM/KMS' "$LOG" || note "never drawn through DRM/KMS: $(grep 'display' "$LOG")"
# Logged just after the line above: waited for too, not read once (a run once read the log
# between the two lines).
wait_until 20 grep -q 'display: found; drawing the panel' "$LOG" || note "log: no 'display: found'"
firmware_asleep || wait_until 20 firmware_asleep
screendump idle
end

begin "drm: a held button and its release, seen by qemu"
down 0 100 60
expect "one pressed"
usleep 500000                  # the flip on the next vblank, with TCG's slack
screendump pressed
up 0
wait_until 30 count_events 3
usleep 500000
screendump released
[ "$(events)" = "one pressed
one released
one tap 1" ] || note "events: $(events | tr '\n' ';')"
end

begin "drm: five taps in a row, each pressed and released through page flips"
for _i in 1 2 3 4 5; do
    down 0 100 60
    up 0
done
expect "one pressed" "one released" "one tap 1" "one pressed" "one released" "one tap 1" \
    "one pressed" "one released" "one tap 1" "one pressed" "one released" "one tap 1" \
    "one pressed" "one released" "one tap 1"
end
