# The reference images' cases, sourced (from the repository's root) by
# scripts/update-reference-images.sh, which writes them, and Tests/Traces/test.sh, which
# compares them: `render_reference_images TOUCHPANEL DIR` renders every case on the simulated
# board into DIR and prints each image's path under DIR, one a line. Errors go to stderr; an
# image that could not be rendered is listed but missing.
#
#   demo/MS-NAME.png        examples/demo.ini with examples/demo.trace at MS milliseconds
#   latch/MS-NAME.png       two latch buttons and a disabled one (latch_config), latch_trace
#   live/MS-NAME.png        a bound button and texts fed by mqtt trace lines (live_config, live_trace)
#   pages/MS-NAME.png       Tests/Traces/pages/panel.ini: each of its three pages, reached by swipes
#   preview/NAME.png        the same pages from `touchpanel preview --all-pages` (XRGB8888), the
#                           music page's play button also pressed (music-play-pressed.png)
#   sliders/MS-NAME.png     Tests/Traces/sliders/panel.ini with drag.trace: at start (a vertical
#                           level bar at 60), pressed, dragged, released; preview/sliders-*.png
#                           the same panel from `touchpanel preview`, the setpoint pressed
#   sliders/states-rotR.png horizontal and vertical sliders at min, mid and max, pressed and
#                           disabled (sliders_states_config), from `touchpanel preview` at each rotation
#   icons/states-rotR.png   icon buttons (icons_config): above, before and without the label, the
#                           lamp on (its own icon), the door pressed (its own icon), the pump
#                           disabled (its own icon), from `touchpanel preview` at each rotation
#   qr/states-rotR.png      two QR codes (qr_config), black on white and in colours of their own,
#                           beside a button, from `touchpanel preview` at each rotation;
#                           qr/states-rotR-rgb565.png the same in RGB565
#   dials/states-rotR.png   three dials (dials_config): a thermostat, a 240-degree volume pressed
#                           and a disabled gauge, from `touchpanel preview` at each rotation;
#                           dials/states-rotR-rgb565.png the same in RGB565
#   switch/states-rotR.png  latch and bound buttons with look = switch (switch_config): off, on,
#                           pressed, pending, unknown and disabled, one with rounded corners, beside a
#                           plain latch button, from `touchpanel preview` at each rotation;
#                           switch/states-rotR-rgb565.png the same in RGB565
#   chart/history-rotR.png  two charts (chart_config) with known histories (chart_history): a
#                           24-hour power line over its band with a gap, 24 hourly temperature
#                           bars from 0 to 30, from `touchpanel preview --history` at each rotation;
#                           chart/history-rotR-rgb565.png the same in RGB565
#   languages/states-rotR.png labels in Arabic, Hebrew with numbers, Devanagari, Thai, Chinese,
#                           Japanese, with emoji and mixed directions (languages_config), from a
#                           chain of Debian's Noto fonts, from `touchpanel preview` at each rotation,
#                           the emoji one pressed; languages/states-rotR-rgb565.png the same in RGB565
#   languages/MS-NAME.png   texts fed by mqtt trace lines, Hebrew and English, at align = start and
#                           end (languages_texts_config, languages_texts_trace)
#   boards/PRESET-rotR.png  every preset in boards/ at every rotation, idle, three buttons
#   looks/rotR.png          rounded corners, sublabels and icons from a [theme] over a page image
#                           (looks_config): a lamp on, a door pressed, a pill, a square one of its
#                           own fill with a PNG icon (examples/sun.png), from `touchpanel preview`
#                           at each rotation; looks/rotR-rgb565.png
#                           the same in RGB565; looks/theme.png examples/theme.ini, the lamp on
#   screensaver/MS-NAME.png Tests/Traces/screensaver/panel.ini with drifting-clock.trace from
#                           21:59:00 UTC: the pass's white, the built-in clock at (0,0), (1,0)
#                           and (2,0), the page again after the waking touch
#   floorplan/MS-NAME.png   examples/floorplan.ini (a page image, invisible zones) with
#                           floorplan_trace: idle, the kitchen pressed, the living room on, the
#                           page without an image, the plan again
#   floorplan/preview-*.png the same from `touchpanel preview`: idle, and the kitchen and the
#                           outlined bath pressed with the living room on; in RGB565 too
#   floorplan/states-rotR.png the plan under two zones (one pressed, one on with a label and an
#                           outline), scaled into the turned picture, at each rotation
# The page images are converted into a cache folder of the run's own ($XDG_CACHE_HOME).

reference_demo_frames="40:play-pressed 300:play-released 630:lights-pressed 2600:volume-up-held
    3075:play-dragged-off 4020:play-pressed-raw 5025:service-pressed"
reference_latch_frames="40:heat-pressed 200:heat-on 440:fan-pressed 600:both-on 1000:heat-off"
reference_live_frames="50:unknown 300:on-and-values 700:pending 1300:off 3500:stale"
reference_pages_frames="0:home 60:lights 260:music 640:home-again"
reference_sliders_frames="0:start 20:dimmer-dragged 40:dimmer-clamped 80:dimmer-released 420:both-held"
reference_rotations="0 90 180 270"
reference_saver_frames="61000:antiburn-white 65000:clock-at-0-0 70040:clock-at-1-0 130040:clock-at-2-0 200000:home-again"
reference_floorplan_frames="0:idle 120:kitchen-pressed 400:living-on 900:lights 1300:plan-again"

# A lamp bound to its device and three texts; the broker on port 1 is never reached, so the
# pictures come from the trace's mqtt lines alone.
live_config() {
    cat <<'INI'
[board]
preset = sim
[mqtt]
host = 127.0.0.1
port = 1
[button lamp]
rect = 40, 40, 340, 180
label = Lamp
state_topic = zigbee2mqtt/lamp
state_field = state
on_tap = mqtt zigbee2mqtt/lamp/set {"state":"$VALUE"}
[text temperature]
rect = 420, 40, 340, 80
topic = zigbee2mqtt/hall
field = temperature
format = %.1f °C
stale_after_s = 3
align = left
[text power]
rect = 420, 140, 340, 80
topic = shellies/plug/relay/0/power
format = %d W
align = right
font_size = 40
[text status]
rect = 40, 260, 720, 180
topic = house/status
INI
}

# Five horizontal sliders and five vertical ones, each row at min, mid and max, one pressed
# (`--state`) and one disabled, inside a 480x480 square so that every rotation holds them.
sliders_states_config() {  # sliders_states_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
[controller]
model = ft5406
INI
    _i=0
    for _case in min:0 mid:55 max:100 pressed:30 disabled:70; do
        _name=${_case%%:*} _enabled=yes
        [ "$_name" = disabled ] && _enabled=no
        printf '[slider h-%s]\nrect = 20, %d, 200, 40\nvalue = %s\nenabled = %s\n' "$_name" $((20 + _i * 60)) "${_case#*:}" "$_enabled"
        printf '[slider v-%s]\nrect = %d, 20, 36, 300\nvalue = %s\nenabled = %s\n' "$_name" $((250 + _i * 45)) "${_case#*:}" "$_enabled"
        _i=$((_i + 1))
    done
}

# Three dials inside a 480x480 square, so that every rotation holds them.
dials_config() {  # dials_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
[controller]
model = ft5406
[dial heat]
rect = 10, 10, 300, 300
min = 10
max = 30
step = 0.5
value = 21.5
format = %.1f °C
[dial volume]
rect = 320, 10, 150, 150
band_px = 16
arc_degrees = 240
value = 20
format = %d
[dial tank]
rect = 320, 170, 150, 150
readonly = yes
enabled = no
value = 60
format = %d %%
INI
}

# Labels in seven scripts and colour emoji inside a 480x480 square, so that every rotation
# holds them: Noto Sans for Latin first, then Arabic, Hebrew, Devanagari, Thai, CJK and Color
# Emoji (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji).
languages_fonts="NotoSans-Regular.ttf, NotoSansArabic-Regular.ttf, NotoSansHebrew-Regular.ttf, NotoSansDevanagari-Regular.ttf, \
NotoSansThai-Regular.ttf, NotoSansCJK-Regular.ttc, NotoColorEmoji.ttf"
languages_config() {  # languages_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
font = $languages_fonts
[controller]
model = ft5406
[button arabic]
rect = 10, 10, 225, 105
label = مرحبا بالعالم
[button hebrew]
rect = 245, 10, 225, 105
label = שלום 123 עולם
[button hindi]
rect = 10, 125, 225, 105
label = नमस्ते दुनिया
[button thai]
rect = 245, 125, 225, 105
label = สวัสดีชาวโลก
[button chinese]
rect = 10, 240, 225, 105
label = 你好，世界
[button japanese]
rect = 245, 240, 225, 105
label = こんにちは世界
[button party]
rect = 10, 355, 225, 105
label = Party 🎉👍🏽
[button mixed]
rect = 245, 355, 225, 105
label = חם: 21°C ☀️
INI
}

# Four texts fed by the trace (languages_texts_trace): the same Hebrew and English values at
# align = start (the Hebrew one at the right) and at align = end (the Hebrew one at the left).
languages_texts_config() {
    cat <<INI
[board]
preset = sim
[display]
font = $languages_fonts
[mqtt]
host = 127.0.0.1
port = 1
[text hebrew_start]
rect = 40, 40, 340, 80
topic = t/he
align = start
[text english_start]
rect = 420, 40, 340, 80
topic = t/en
align = start
[text hebrew_end]
rect = 40, 160, 340, 80
topic = t/he
align = end
[text english_end]
rect = 420, 160, 340, 80
topic = t/en
align = end
[text arabic]
rect = 40, 280, 720, 160
topic = t/ar
font_size = 48
INI
}

languages_texts_trace() {
    cat <<'TRACE'
100 mqtt t/he חדר 2
100 mqtt t/en Room 2
100 mqtt t/ar درجة الحرارة 21.5
400 end
TRACE
}

# Two QR codes and a button inside a 480x480 square, so that every rotation holds them.
qr_config() {  # qr_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
[controller]
model = ft5406
[button lamp]
rect = 10, 320, 150, 150
label = Lamp
on_tap = emit
[qr guest]
rect = 10, 10, 300, 300
text = https://example.org/guest
[qr wifi]
rect = 320, 10, 150, 150
text = WIFI:S:home;T:WPA;P:correct horse;;
dark = #203040
fill = #F0F0E0
INI
}

# Two charts inside a 480x480 square, so that every rotation holds them; the broker on port 1
# is never reached: the histories come from chart_history's files.
chart_config() {  # chart_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
[controller]
model = ft5406
[mqtt]
host = 127.0.0.1
port = 1
[chart power]
rect = 10, 10, 400, 200
topic = house/power
format = %d W
[chart temperature]
rect = 10, 230, 460, 200
topic = house/temperature
style = bars
points = 24
min = 0
max = 30
format = %.1f C
color = #E07020
INI
}

# The history files of chart_config's charts, as the panel writes them (ChartRing: a 32-byte
# header, then 20 bytes a bucket), into DIR: the power a daily curve of 5-minute buckets with
# two hours missing, the temperature 24 hourly buckets.
chart_history() {  # chart_history DIR
    python3 - "$1" <<'PY'
import struct, sys
def ring(path, points, bucket_ms, newest, buckets, last):
    slots = [b"\0" * 20] * points
    for number, (low, high, count, total) in buckets.items():
        slots[number % points] = struct.pack("<iiIq", low, high, count, total)
    header = b"TPCH" + struct.pack("<IIIqiI", 1, points, bucket_ms, newest, last, 1)
    open(path, "wb").write(header + b"".join(slots))
newest = 1_795_690_800_000 // 300_000
power = {}
for age in range(288):
    if 100 <= age < 124:
        continue
    base = 300_000 + 250_000 * ((age * 7) % 96) // 96 + (1_200_000 if 210 <= age < 230 else 0)
    power[newest - age] = (base - 40_000, base + 60_000 + 5_000 * (age % 5), 4, 4 * (base + 5_000))
ring(sys.argv[1] + "/chart-power.history", 288, 300_000, newest, power, 312_000)
hourly = 1_795_690_800_000 // 3_600_000
temperature = {}
for age in range(24):
    mean = 14_000 + 600 * abs(12 - age)
    temperature[hourly - age] = (mean - 1_500, mean + 2_000, 12, 12 * mean)
ring(sys.argv[1] + "/chart-temperature.history", 24, 3_600_000, hourly, temperature, 21_400)
PY
}

# Five icon buttons from Debian's Material Design Icons inside a 480x480 square, so that every
# rotation holds them.
icons_config() {  # icons_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
icon_font = /usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf
[controller]
model = ft5406
[button lamp]
rect = 10, 10, 150, 150
label = Lamp
icon = mdi:lightbulb-outline
on_icon = mdi:lightbulb
latch = yes
on_tap = emit
[button fan]
rect = 170, 10, 300, 150
label = Fan
icon = mdi:fan
icon_position = left
on_tap = emit
[button heating]
rect = 10, 170, 150, 150
label = Heating
icon = U+F438
icon_position = center
on_tap = emit
[button door]
rect = 170, 170, 300, 150
label = Front door
icon = mdi:lock
pressed_icon = mdi:lock-open
on_tap = emit
[button pump]
rect = 10, 330, 460, 140
label = Pump
icon = mdi:water-pump
disabled_icon = mdi:water-off
icon_size = 64
enabled = no
INI
}

live_trace() {
    printf '100 mqtt zigbee2mqtt/lamp {"state":"ON"}\n200 mqtt zigbee2mqtt/hall {"temperature":21.456}\n'
    printf '250 mqtt shellies/plug/relay/0/power 1234.5\n260 mqtt house/status Washing machine: done\n'
    printf '500 down 0 200 100\n540 up 0 200 100\n1200 mqtt zigbee2mqtt/lamp {"state":"OFF"}\n3600 end\n'
}

latch_config() {
    cat <<'INI'
[board]
preset = sim
[button heat]
rect = 40, 40, 340, 180
label = Heat
latch = yes
on_tap = emit
[button fan]
rect = 420, 40, 340, 180
label = Fan
latch = yes
on_tap = emit
[button pump]
rect = 40, 260, 720, 180
label = Pump (off)
enabled = no
INI
}

latch_trace() {
    printf '0 down 0 200 100\n80 up 0 200 100\n400 down 0 600 100\n480 up 0 600 100\n'
    printf '800 down 0 200 100\n880 up 0 200 100\n1100 end\n'
}

# board_config PRESET ROTATION WIDTH HEIGHT: the preset on the simulated board, turned, with
# three buttons (one disabled) laid out in the turned picture of WIDTH x HEIGHT.
board_config() {
    local m=$(( ($3 < $4 ? $3 : $4) / 20 ))
    local w=$(( ($3 - 3 * m) / 2 )) h=$(( ($4 - 3 * m) / 2 ))
    printf '[board]\npreset = %s\nsimulated = yes\n[display]\nrotation = %s\n' "$1" "$2"
    printf '[button one]\nrect = %s, %s, %s, %s\nlabel = One\non_tap = emit\n' $m $m $w $h
    printf '[button two]\nrect = %s, %s, %s, %s\nlabel = Two\nenabled = no\n' $((2 * m + w)) $m $w $h
    printf '[button three]\nrect = %s, %s, %s, %s\nlabel = rotation %s\non_tap = emit\n' $m $((2 * m + h)) $((m + 2 * w)) $h "$2"
}

# render_frames TOUCHPANEL CONFIG TRACE WORK OUT "MS:NAME ...": the frames at those instants,
# as OUT/MS-NAME.png (MS as four digits).
render_frames() {  # ... FRAMES [more of run's options]
    local touchpanel=$1 config=$2 trace=$3 work=$4 out=$5 frames=$6 at="" frame status=0
    for frame in $frames; do at+=${at:+,}${frame%%:*}; done
    mkdir -p "$work/png" "$out"
    TOUCHPANEL_BOARDS=$PWD/boards "$touchpanel" run "$config" --trace "$trace" --fast \
        --png-dir "$work/png" --png-at "$at" "${@:7}" >/dev/null 2>"$work/err" || status=$?
    [ "$status" = 0 ] || { echo "$config: touchpanel run exited $status"; cat "$work/err"; } >&2
    for frame in $frames; do
        mv "$work/png/"frame-*-"$(printf %06d "${frame%%:*}")"ms.png \
            "$out/$(printf %04d "${frame%%:*}")-${frame#*:}.png" 2>/dev/null ||
            echo "$config: no frame at ${frame%%:*} ms" >&2
    done
}

# render_board TOUCHPANEL DIR PRESET ROTATION: DIR/boards/PRESET-rotROTATION.png
render_board() {
    local touchpanel=$1 dir=$2 preset=$3 rotation=$4 work="$2/.work/$3-rot$4" size width height
    mkdir -p "$work"
    printf '[board]\npreset = %s\nsimulated = yes\n' "$preset" >"$work/size.ini"
    size=$(TOUCHPANEL_BOARDS=$PWD/boards "$touchpanel" check "$work/size.ini" 2>&1 |
        sed -n '/^\[display\]/,/^\[/s/^\(width\|height\) = \([0-9]*\)$/\2/p' | tr '\n' ' ') || true
    read -r width height <<<"$size" || true
    [ -n "$height" ] || { echo "boards/$preset.ini: no display size from touchpanel check"; return 0; } >&2
    case "$rotation" in 90 | 270) board_config "$preset" "$rotation" "$height" "$width" ;;
        *) board_config "$preset" "$rotation" "$width" "$height" ;; esac >"$work/panel.ini"
    : >"$work/empty.trace"
    render_frames "$touchpanel" "$work/panel.ini" "$work/empty.trace" "$work" "$work" "0:frame"
    mv "$work/0000-frame.png" "$dir/boards/$preset-rot$rotation.png" 2>/dev/null || true
}

# A tap on the kitchen, a tap that turns the living room on, a swipe to the lights page and back.
floorplan_trace() {
    printf '0 down 0 600 100\n180 up 0 600 100\n300 down 0 200 200\n380 up 0 200 200\n'
    printf '600 down 0 400 300\n620 move 0 300 300\n640 move 0 200 300\n660 up 0 200 300\n'
    printf '1000 down 0 400 300\n1020 move 0 500 300\n1040 move 0 600 300\n1060 up 0 600 300\n'
}

# Six switches (look = switch) and a plain latch button inside a 480x480 square, so that every
# rotation holds them; the broker on port 1 is never reached (the bound ones' looks are given).
switch_config() {  # switch_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
[controller]
model = ft5406
[mqtt]
host = 127.0.0.1
port = 1
[button heat]
rect = 10, 10, 300, 70
label = Heating
latch = yes
look = switch
on_tap = emit
[button fan]
rect = 10, 90, 300, 70
label = Fan
latch = yes
look = switch
on_tap = emit
[button lamp]
rect = 10, 170, 300, 70
label = Hall lamp
state_topic = house/lamp
look = switch
on_tap = mqtt house/lamp/set TOGGLE
radius = 16
[button pump]
rect = 10, 250, 300, 70
label = Pump
state_topic = house/pump
look = switch
on_tap = mqtt house/pump/set TOGGLE
[button boiler]
rect = 10, 330, 300, 70
label = Boiler
state_topic = house/boiler
look = switch
on_tap = mqtt house/boiler/set TOGGLE
[button garage]
rect = 10, 410, 300, 60
label = Garage\\nlight
latch = yes
look = switch
enabled = no
[button plain]
rect = 320, 10, 150, 70
label = Plain
latch = yes
on_tap = emit
INI
}

# Four buttons of one [theme] inside a 480x480 square over the floor plan: rounded corners
# smoothed against the picture, sublabels under their labels, glyph icons above and before
# them, a PNG icon in its own colours.
looks_config() {  # looks_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
icon_font = /usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf
[controller]
model = ft5406
[theme]
font_size_max = 40
fill = #1C2430
on_fill = #E0A526
on_text = #1A1200
pressed_fill = #2F6FDE
border = #2A3442
border_px = 1
radius = 24
sublabel_size = 16
sublabel_color = #8FA3BA
[page plan]
image = $PWD/examples/floorplan.png
[button lamp]
page = plan
rect = 10, 10, 220, 220
label = Lamp
sublabel = Living room
icon = mdi:lightbulb-outline
on_icon = mdi:lightbulb
latch = yes
on_tap = emit
[button door]
page = plan
rect = 250, 10, 220, 220
label = Door
sublabel = Locked
icon = mdi:lock
pressed_icon = mdi:lock-open
icon_position = left
on_tap = emit
[button heating]
page = plan
rect = 10, 250, 460, 100
label = Heating
sublabel = 21.5 °C
radius = 999
on_tap = emit
[button weather]
page = plan
rect = 10, 370, 460, 100
label = Outside
sublabel = Sunny
icon = $PWD/examples/sun.png
icon_position = left
radius = 0
fill = #23303F
on_tap = emit
INI
}

# The floor plan under two zones at ROTATION: in a 480x800 picture it is scaled to 480x288.
floorplan_rotated_config() {  # floorplan_rotated_config ROTATION
    cat <<INI
[display]
width = 800
height = 480
rotation = $1
[controller]
model = ft5406
[page plan]
image = $PWD/examples/floorplan.png
[button kitchen]
page = plan
rect = 20, 300, 200, 160
fill = none
border_px = 0
pressed_fill = #4A6FA560
[button living]
page = plan
rect = 240, 300, 200, 160
fill = none
border_px = 2
border = #2E7D32
label = Living
text = #202428
latch = yes
on_fill = #FFC1074C
INI
}

render_reference_images() {
    local touchpanel=$1 dir=$2 frame board preset rotation
    local XDG_CACHE_HOME="$dir/.work/cache" CACHE_DIRECTORY=""
    export XDG_CACHE_HOME CACHE_DIRECTORY
    mkdir -p "$dir/.work/latch" "$dir/boards"
    latch_config >"$dir/.work/latch/panel.ini"
    latch_trace >"$dir/.work/latch/panel.trace"
    for frame in $reference_demo_frames; do echo "demo/$(printf %04d "${frame%%:*}")-${frame#*:}.png"; done
    render_frames "$touchpanel" examples/demo.ini examples/demo.trace "$dir/.work/demo" "$dir/demo" \
        "$reference_demo_frames" &
    for frame in $reference_latch_frames; do echo "latch/$(printf %04d "${frame%%:*}")-${frame#*:}.png"; done
    render_frames "$touchpanel" "$dir/.work/latch/panel.ini" "$dir/.work/latch/panel.trace" "$dir/.work/latch" \
        "$dir/latch" "$reference_latch_frames" &
    mkdir -p "$dir/.work/live"
    live_config >"$dir/.work/live/panel.ini"
    live_trace >"$dir/.work/live/panel.trace"
    for frame in $reference_live_frames; do echo "live/$(printf %04d "${frame%%:*}")-${frame#*:}.png"; done
    render_frames "$touchpanel" "$dir/.work/live/panel.ini" "$dir/.work/live/panel.trace" "$dir/.work/live" \
        "$dir/live" "$reference_live_frames" &
    for frame in $reference_pages_frames; do echo "pages/$(printf %04d "${frame%%:*}")-${frame#*:}.png"; done
    render_frames "$touchpanel" Tests/Traces/pages/panel.ini Tests/Traces/pages/swipes.trace "$dir/.work/pages" \
        "$dir/pages" "$reference_pages_frames" &
    for frame in $reference_saver_frames; do echo "screensaver/$(printf %04d "${frame%%:*}")-${frame#*:}.png"; done
    TZ=UTC render_frames "$touchpanel" Tests/Traces/screensaver/panel.ini Tests/Traces/screensaver/drifting-clock.trace \
        "$dir/.work/screensaver" "$dir/screensaver" "$reference_saver_frames" --wall-clock 2026-11-29T21:59:00 &
    for frame in $reference_sliders_frames; do echo "sliders/$(printf %04d "${frame%%:*}")-${frame#*:}.png"; done
    render_frames "$touchpanel" Tests/Traces/sliders/panel.ini Tests/Traces/sliders/drag.trace "$dir/.work/sliders" \
        "$dir/sliders" "$reference_sliders_frames" &
    mkdir -p "$dir/preview"
    echo "preview/sliders.png"
    "$touchpanel" preview Tests/Traces/sliders/panel.ini --out "$dir/preview/sliders.png" >&2 ||
        echo "touchpanel preview of the sliders failed" >&2
    echo "preview/sliders-heat-pressed.png"
    "$touchpanel" preview Tests/Traces/sliders/panel.ini --state heat=pressed --out "$dir/preview/sliders-heat-pressed.png" >&2 ||
        echo "touchpanel preview of a pressed slider failed" >&2
    for rotation in $reference_rotations; do
        echo "sliders/states-rot$rotation.png"
        sliders_states_config "$rotation" >"$dir/.work/sliders-states-$rotation.ini"
        "$touchpanel" preview "$dir/.work/sliders-states-$rotation.ini" --state h-pressed=pressed --state v-pressed=pressed \
            --out "$dir/sliders/states-rot$rotation.png" >&2 || echo "touchpanel preview of the slider states failed" >&2
    done
    mkdir -p "$dir/icons"
    for rotation in $reference_rotations; do
        echo "icons/states-rot$rotation.png"
        icons_config "$rotation" >"$dir/.work/icons-$rotation.ini"
        "$touchpanel" preview "$dir/.work/icons-$rotation.ini" --state lamp=on --state door=pressed \
            --out "$dir/icons/states-rot$rotation.png" >&2 || echo "touchpanel preview of the icons failed" >&2
    done
    mkdir -p "$dir/qr"
    for rotation in $reference_rotations; do
        echo "qr/states-rot$rotation.png"
        qr_config "$rotation" >"$dir/.work/qr-$rotation.ini"
        "$touchpanel" preview "$dir/.work/qr-$rotation.ini" --out "$dir/qr/states-rot$rotation.png" >&2 ||
            echo "touchpanel preview of the QR codes failed" >&2
        echo "qr/states-rot$rotation-rgb565.png"
        "$touchpanel" preview "$dir/.work/qr-$rotation.ini" --format rgb565 --out "$dir/qr/states-rot$rotation-rgb565.png" >&2 ||
            echo "touchpanel preview of the QR codes in RGB565 failed" >&2
    done
    mkdir -p "$dir/languages" "$dir/.work/languages-texts"
    for rotation in $reference_rotations; do
        languages_config "$rotation" >"$dir/.work/languages-$rotation.ini"
        for format in xrgb8888 rgb565; do
            name="languages/states-rot$rotation.png"
            if [ "$format" = rgb565 ]; then name="languages/states-rot$rotation-rgb565.png"; fi
            echo "$name"
            "$touchpanel" preview "$dir/.work/languages-$rotation.ini" --state party=pressed --format "$format" \
                --out "$dir/$name" >&2 || echo "touchpanel preview of the languages failed" >&2
        done
    done
    languages_texts_config >"$dir/.work/languages-texts/panel.ini"
    languages_texts_trace >"$dir/.work/languages-texts/panel.trace"
    echo "languages/0200-texts.png"
    render_frames "$touchpanel" "$dir/.work/languages-texts/panel.ini" "$dir/.work/languages-texts/panel.trace" \
        "$dir/.work/languages-texts" "$dir/languages" "200:texts"
    mkdir -p "$dir/dials"
    for rotation in $reference_rotations; do
        dials_config "$rotation" >"$dir/.work/dials-$rotation.ini"
        for format in xrgb8888 rgb565; do
            name="dials/states-rot$rotation.png"
            if [ "$format" = rgb565 ]; then name="dials/states-rot$rotation-rgb565.png"; fi
            echo "$name"
            "$touchpanel" preview "$dir/.work/dials-$rotation.ini" --state volume=pressed --format "$format" \
                --out "$dir/$name" >&2 || echo "touchpanel preview of the dials failed" >&2
        done
    done
    mkdir -p "$dir/switch"
    for rotation in $reference_rotations; do
        switch_config "$rotation" >"$dir/.work/switch-$rotation.ini"
        for format in xrgb8888 rgb565; do
            image="switch/states-rot$rotation.png"
            [ "$format" = xrgb8888 ] || image="switch/states-rot$rotation-rgb565.png"
            echo "$image"
            "$touchpanel" preview "$dir/.work/switch-$rotation.ini" --state heat=on --state fan=pressed --state lamp=on \
                --state pump=pending --state plain=on --format "$format" --out "$dir/$image" >&2 ||
                echo "touchpanel preview of the switches failed" >&2
        done
    done
    mkdir -p "$dir/chart" "$dir/.work/chart-history"
    chart_history "$dir/.work/chart-history"
    for rotation in $reference_rotations; do
        echo "chart/history-rot$rotation.png"
        chart_config "$rotation" >"$dir/.work/chart-$rotation.ini"
        "$touchpanel" preview "$dir/.work/chart-$rotation.ini" --history "$dir/.work/chart-history" \
            --out "$dir/chart/history-rot$rotation.png" >&2 || echo "touchpanel preview of the charts failed" >&2
    done
    for rotation in $reference_rotations; do
        echo "chart/history-rot$rotation-rgb565.png"
        "$touchpanel" preview "$dir/.work/chart-$rotation.ini" --history "$dir/.work/chart-history" --format rgb565 \
            --out "$dir/chart/history-rot$rotation-rgb565.png" >&2 || echo "touchpanel preview of the charts in RGB565 failed" >&2
    done
    mkdir -p "$dir/looks"
    for rotation in $reference_rotations; do
        echo "looks/rot$rotation.png"
        looks_config "$rotation" >"$dir/.work/looks-$rotation.ini"
        "$touchpanel" preview "$dir/.work/looks-$rotation.ini" --state lamp=on --state door=pressed \
            --out "$dir/looks/rot$rotation.png" >&2 || echo "touchpanel preview of the looks failed" >&2
    done
    for rotation in $reference_rotations; do
        echo "looks/rot$rotation-rgb565.png"
        "$touchpanel" preview "$dir/.work/looks-$rotation.ini" --state lamp=on --state door=pressed --format rgb565 \
            --out "$dir/looks/rot$rotation-rgb565.png" >&2 || echo "touchpanel preview of the looks in RGB565 failed" >&2
    done
    echo "looks/theme.png"
    "$touchpanel" preview examples/theme.ini --state lamp=on --out "$dir/looks/theme.png" >&2 ||
        echo "touchpanel preview of examples/theme.ini failed" >&2
    for page in home lights music music-play-pressed; do echo "preview/$page.png"; done
    "$touchpanel" preview Tests/Traces/pages/panel.ini --all-pages --out "$dir/preview" >&2 ||
        echo "touchpanel preview --all-pages failed" >&2
    "$touchpanel" preview Tests/Traces/pages/panel.ini --page music --state play=pressed \
        --out "$dir/preview/music-play-pressed.png" >&2 || echo "touchpanel preview --state failed" >&2
    mkdir -p "$dir/.work/floorplan" "$dir/floorplan"
    floorplan_trace >"$dir/.work/floorplan/panel.trace"
    for frame in $reference_floorplan_frames; do echo "floorplan/$(printf %04d "${frame%%:*}")-${frame#*:}.png"; done
    render_frames "$touchpanel" examples/floorplan.ini "$dir/.work/floorplan/panel.trace" "$dir/.work/floorplan" \
        "$dir/floorplan" "$reference_floorplan_frames"
    echo "floorplan/preview-idle.png"
    "$touchpanel" preview examples/floorplan.ini --out "$dir/floorplan/preview-idle.png" >&2 ||
        echo "touchpanel preview of the floor plan failed" >&2
    for format in xrgb8888 rgb565; do
        echo "floorplan/preview-pressed-$format.png"
        "$touchpanel" preview examples/floorplan.ini --state kitchen=pressed --state bath=pressed --state living=on \
            --format "$format" --out "$dir/floorplan/preview-pressed-$format.png" >&2 ||
            echo "touchpanel preview of the floor plan's zones failed" >&2
    done
    for rotation in $reference_rotations; do
        echo "floorplan/states-rot$rotation.png"
        floorplan_rotated_config "$rotation" >"$dir/.work/floorplan-$rotation.ini"
        "$touchpanel" preview "$dir/.work/floorplan-$rotation.ini" --state kitchen=pressed --state living=on \
            --out "$dir/floorplan/states-rot$rotation.png" >&2 || echo "touchpanel preview of the rotated floor plan failed" >&2
    done
    for board in boards/*.ini; do
        preset=$(basename "$board" .ini)
        for rotation in $reference_rotations; do
            echo "boards/$preset-rot$rotation.png"
            render_board "$touchpanel" "$dir" "$preset" "$rotation" &
            # As many runs at once as there are processors.
            while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
        done
    done
    wait
    rm -rf "$dir/.work"
}
