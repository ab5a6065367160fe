#!/bin/busybox sh
# /init of the kernel VM test (Tests/VM/run.sh packs it with busybox, the simulator modules,
# the static aarch64 firmware and the two helpers; see Tests/VM/README.md).
#
# Brings up the simulated touch hardware on Debian's own arm64 kernel:
#   i2c-stub    the FT5x06's registers (chip 0x38 on the "SMBus stub driver" bus)
#   gt911-stub  a GT911's 16-bit registers (0x5d on the "TouchPanel GT911 stub" bus; ours)
#   gpio-sim    the INT line (line 0 of a sim chip, idle high), the outputs, and in the
#               backlight run [presence]'s line (line 7, idle low; scenarios/75-presence.sh)
#   uinput      a touchscreen input device (uinput-touch), read by the evdev source
#   vfb         /dev/fb0, 800x480, 32 bpp
#   homeassistant-stub   Home Assistant's websocket API on 127.0.0.1:8123 (ours), in the
#               homeassistant run
# then runs `touchpanel run` on it and plays the scenarios in /vm/scenarios as the hardware
# would: each FT5x06 report is block-written into i2c-stub (each GT911 report written to
# 0x814E of gt911-stub), then the INT line is pulled low and back high; the evdev runs send
# protocol-B events through uinput. TOUCH (ft5x06, gt911, evdev) says which one a run uses.
#
# Console protocol (read by Tests/VM/run.sh; qemu exits 0 whatever happens):
#   VMTEST ok NAME | VMTEST FAIL NAME: WHY     one line per check, details indented below
#   VMTEST-LATENCY-BEGIN MODE ... VMTEST-LATENCY-END      the firmware's latency lines
#   VMTEST-FB-BEGIN NAME W H BPP STRIDE RO RL GO GL BO BL ... VMTEST-FB-END   gzip+base64
#   VMTEST-METRIC RUN NAME VALUE...     a footprint or idle figure of one firmware run; the host
#                                       checks idle wake-ups and anonymous memory (console.py)
#   VMTEST-PIXEL RUN NAME X Y #RRGGBB...  pixels of /dev/fb0 as fbpeek read them, for the host to
#                                       check against the PNG the page shows (console.py)
#   VMTEST-RESULT passed=N failed=N                       last; absent = the run broke off
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev      # Debian: DEVTMPFS=y, DEVTMPFS_MOUNT off
mount -t tmpfs tmpfs /tmp
exec </dev/console >/dev/console 2>&1

TP=/usr/bin/touchpanel
INJECT=/usr/bin/touch-inject
UINPUT=/usr/bin/uinput-touch
UINPUT_NAME="TouchPanel uinput touchscreen"
UFIFO=/tmp/uinput.fifo
UACKS=/tmp/uinput.acks
GTADDR=0x5d
TOUCH=ft5x06
FBPEEK=/usr/bin/fbpeek
EV=/tmp/events.jsonl
LOG=/tmp/log.txt
CONF=/tmp/panel.ini
ADDR=0x38
PASSED=0
FAILED=0
OIFS=$IFS
# The idle window (seconds): vm_idle_s=N on the kernel command line (Tests/VM/run.sh passes
# VM_IDLE_SECONDS), which the kernel hands to /init as an environment variable.
IDLE_S=${vm_idle_s:-2}
case $IDLE_S in '' | *[!0-9]*) IDLE_S=2 ;; esac
# The firmware runs to play, in ALL_RUNS's order: vm_runs=A,B,... on the kernel command line
# (Tests/VM/run.sh's VM_RUNS; bookworm's firmware plays only the GPIO runs), default all.
ALL_RUNS="interrupt reload polling gt911 evdev backlight record watchdog pages iconpages homeassistant drm looks"
RUNS=$(echo "${vm_runs:-$ALL_RUNS}" | tr ',' ' ')
# The icon font and the page backgrounds (Tests/VM/run.sh packs them; Tests/VM/pictures.py
# draws the PNGs).
ICON_FONT=/usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf
PICTURES=/vm/pictures
# The homeassistant run's stand-in for Home Assistant (Tests/VM/homeassistant-stub.c) and its
# files: the token, the entities' first states, what it received and sent, its command FIFO.
HASTUB=/usr/bin/homeassistant-stub
HA_DIR=/tmp/ha
HA_LOG=$HA_DIR/stub.log
HA_FIFO=$HA_DIR/commands
HAPID=""
# Where the firmware keeps the pictures converted to the display's format, as touchpanel.service's
# CacheDirectory= names it.
export CACHE_DIRECTORY=/var/cache/touchpanel
mkdir -p "$CACHE_DIRECTORY"

# ---------------------------------------------------------------------------------------------
# results
ok() { echo "VMTEST ok $*"; PASSED=$((PASSED + 1)); }
bad() { echo "VMTEST FAIL $*"; FAILED=$((FAILED + 1)); }
detail() { sed 's/^/      /'; }
finish() {
    echo "VMTEST-RESULT passed=$PASSED failed=$FAILED"
    sync
    poweroff -f
    sleep 5
}

# wait_until MAX_TENTHS_OF_A_SECOND COMMAND...: polls COMMAND every 20 ms; bounded.
wait_until() {
    _max=$(($1 * 5)); shift
    _i=0
    while [ $_i -lt $_max ]; do
        "$@" && return 0
        usleep 20000
        _i=$((_i + 1))
    done
    "$@"
}

# ---------------------------------------------------------------------------------------------
# hardware
M=/lib/modules/vm
load_modules() {
    # Dependencies from the kernel package first, in the order the host resolved.
    while read -r mod; do
        case $mod in
            i2c-stub.ko) params="chip_addr=$ADDR" ;;
            gt911-stub.ko) params="addr=$GTADDR" ;;
            vfb.ko) params="vfb_enable=1 videomemorysize=1536000 mode_option=800x480M-32" ;;
            *) params="" ;;
        esac
        insmod "$M/$mod" $params || return 1
    done <"$M/order"
}
# load_drm_modules: qemu's virtio-gpu as a DRM/KMS card (virtio-mmio transport), loaded only
# for the drm run, so that the runs before it have no DRM card and take /dev/fb0.
load_drm_modules() {
    while read -r mod; do
        insmod "$M/$mod" || return 1
    done <"$M/order-drm"
}
drm_card() { ls /dev/dri/card* 2>/dev/null | head -n 1; }
# screendump NAME: qemu's monitor (Tests/VM/screendump.py on the host) saves what the virtual
# display shows as build/vm/screen-NAME.ppm; the panel holds still meanwhile.
screendump() {
    echo "VMTEST-SCREENDUMP $1"
    sleep 2
}

find_stub_bus() {
    BUS=""
    for d in /sys/class/i2c-dev/i2c-*; do
        [ "$(cat "$d/name" 2>/dev/null)" = "SMBus stub driver" ] && BUS=${d##*/i2c-}
    done
    [ -n "$BUS" ] && [ -c "/dev/i2c-$BUS" ]
}

find_gt911_bus() {
    GTBUS=""
    for d in /sys/class/i2c-dev/i2c-*; do
        [ "$(cat "$d/name" 2>/dev/null)" = "TouchPanel GT911 stub" ] && GTBUS=${d##*/i2c-}
    done
    [ -n "$GTBUS" ] && [ -c "/dev/i2c-$GTBUS" ]
}

# The uinput touchscreen, held by uinput-touch in the background; commands go through fd 3.
UPID=""
UCOUNT=0
start_uinput() {
    rm -f "$UFIFO" "$UACKS" && mkfifo "$UFIFO" && : >"$UACKS" || return 1
    "$UINPUT" -n "$UINPUT_NAME" "$UFIFO" "$UACKS" &
    UPID=$!
    exec 3>"$UFIFO"
    UCOUNT=0
    wait_until 50 uinput_device_present
}
uinput_device_present() { grep -qs "^$UINPUT_NAME\$" /sys/class/input/event*/device/name; }
acks_at_least() { [ "$(wc -l <"$UACKS")" -ge "$1" ]; }
# ucmd LINE...: each a uinput-touch command; waits until all are done (bounded).
ucmd() {
    for _c in "$@"; do
        echo "$_c" >&3
        UCOUNT=$((UCOUNT + 1))
    done
    wait_until 40 acks_at_least "$UCOUNT" || note "uinput-touch did not answer: $*"
    grep -q '^error' "$UACKS" && note "uinput-touch: $(grep '^error' "$UACKS" | tail -n 1)"
    return 0
}

setup_gpio_sim() {
    G=/sys/kernel/config/gpio-sim/touch
    mkdir $G && mkdir $G/bank0 && echo 8 >$G/bank0/num_lines &&
        mkdir $G/bank0/line0 && echo TOUCH_INT >$G/bank0/line0/name &&
        echo 1 >$G/live || return 1
    SIMDEV=$(cat $G/dev_name)
    CHIP=$(cat $G/bank0/chip_name)
    PULL=/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio0/pull
    [ -c "/dev/$CHIP" ] && [ -w "$PULL" ] || return 1
    echo pull-up >"$PULL"   # idle high, as the FT5x06's INT
}

# ---------------------------------------------------------------------------------------------
# the panel config (bus and chip are what this boot found)
#   write_config FILE interrupt|polling [renamed|broken]
BROKEN_LINE=0
# button_header HEADER: a button's section header; in the drm run, on every page (page = all).
button_header() {
    echo "$1"
    [ "$RUN" = drm ] && echo "page = all"
    return 0
}
write_config() {
    _file=$1 _mode=$2 _variant=$3
    _second=two
    [ "$_variant" = renamed ] || [ "$_variant" = broken ] && _second=second
    {
        echo "; TouchPanel kernel VM test panel, written by Tests/VM/init.sh"
        echo "[controller]"
        case $TOUCH in
        gt911)
            echo "model = gt911"
            echo "bus = $GTBUS"
            echo "address = $GTADDR"
            echo "reset_chip = $CHIP         ; the reset sequence selects the address with INT"
            echo "reset_line = 1"
            ;;
        evdev)
            echo "model = evdev"
            echo "name = $UINPUT_NAME"
            echo "grab = yes"
            ;;
        *)
            echo "bus = $BUS"
            echo "address = $ADDR"
            echo "model = ft5406"
            # The watchdog's stuck check, short enough for a scenario (35-watchdog.sh), in a
            # run of its own: other scenarios hold a finger through repeated reports.
            [ "$RUN" = watchdog ] && echo "stuck_ms = 1500"
            ;;
        esac
        if [ "$TOUCH" = evdev ]; then
            :
        elif [ "$_mode" = interrupt ]; then
            echo "interrupt_chip = $CHIP"
            echo "interrupt_line = 0"
        else
            echo "poll_ms = 17"
        fi
        echo
        echo "[display]"
        echo "width = 800"
        echo "height = 480"
        echo "framebuffer = /dev/fb0"
        # The drm run draws through DRM/KMS only; the others take auto (no card: fbdev).
        [ "$RUN" = drm ] && echo "output = drm"
        echo
        echo "[touch]"
        if [ "$RUN" = drm ]; then
            echo "lost_ms = 10000           ; a finger held still through a screendump"
        else
            echo "lost_ms = 1000            ; the harness sends reports only when something changes"
        fi
        echo
        button_header "[button one]"
        echo "rect = 20, 20, 200, 120"
        echo "label = One"
        echo "on_tap = emit"
        echo
        button_header "[button dbl]"
        echo "rect = 240, 20, 200, 120"
        echo "label = Double"
        echo "on_tap = emit"
        echo "on_double_tap = emit"
        echo "multi_tap_ms = 200"
        echo
        button_header "[button hold]"
        echo "rect = 460, 20, 200, 120"
        echo "label = Hold"
        echo "on_long_press = emit"
        echo "on_repeat = emit"
        echo "long_press_ms = 300"
        echo "repeat_ms = 100"
        echo
        button_header "[button $_second]"
        echo "rect = 20, 160, 200, 120"
        echo "label = Two"
        echo "on_tap = emit"
        echo
        button_header "[button relay]"
        echo "rect = 460, 160, 200, 120"
        echo "label = Relay"
        echo "on_tap = gpio relay toggle"
        echo
        button_header "[button jog]"
        echo "rect = 240, 160, 200, 120"
        echo "label = Jog"
        echo "interlock = jog"
        echo "on_press = gpio $CHIP 4 on      ; hold-to-run: line 4 high while held"
        echo "on_release = gpio $CHIP 4 off"
        echo
        button_header "[button pump]             ; hold-to-run on a line that outlives its owner (gpio-hold-stub)"
        echo "rect = 460, 300, 200, 120"
        echo "label = Pump"
        echo "on_press = gpio touchpanel-hold 1 on"
        echo "on_release = gpio touchpanel-hold 1 off"
        echo
        button_header "[button back]             ; jog's other direction: never with jog"
        echo "rect = 240, 300, 200, 120"
        echo "label = Back"
        echo "interlock = jog"
        echo "on_press = gpio $CHIP 5 on"
        echo "on_release = gpio $CHIP 5 off"
        echo
        echo "[output relay]            ; an active-low relay input: line 2 high while off"
        echo "chip = $CHIP"
        echo "line = 2"
        echo "active_low = yes"
        echo
        echo "[output lamp]             ; active high, on from the start: line 3 high"
        echo "chip = $CHIP"
        echo "line = 3"
        echo "start = on"
        if [ "$RUN" = interrupt ]; then
            echo
            echo "[slider dimmer]           ; issue 26: dragged in scenarios/25-slider.sh"
            echo "rect = 20, 430, 400, 40"
            echo "step = 10"
            echo "format = %d %%"
            echo "on_change = emit"
            echo
            echo "[dial knob]               ; issue 46: turned in scenarios/26-dial.sh"
            echo "rect = 680, 20, 110, 110"
            echo "band_px = 20"
            echo "format = %d"
            echo "on_change = emit"
            echo
            echo "[feedback]                ; issue 47: a buzzer on line 6, seen in scenarios/16-feedback.sh"
            echo "chip = $CHIP"
            echo "line = 6"
            echo "pulse_ms = 1000           ; long enough to be read back under TCG"
        fi
        if [ "$RUN" = backlight ]; then
            echo
            echo "[backlight]               ; the stub (Tests/VM/backlight-stub.c), the only one"
            echo "dim_after_s = 2"
            echo "off_after_s = 4"
            echo "dim_brightness = 10"
            echo
            echo "[presence]                ; issue 47: line 7 of the sim chip (scenarios/75-presence.sh)"
            echo "chip = $CHIP"
            echo "line = 7"
            echo "debounce_ms = 200"
            echo
            echo "[control]"
            echo "socket = /tmp/control.sock"
        fi
    } >"$_file"
    # The drm run has two pages (issue 29): every button above on both, a swipe left from the
    # first shows the second, with a button of its own where the first has background.
    if [ "$RUN" = drm ]; then
        {
            echo
            echo "[page main]"
            echo "swipe_left = page next"
            echo
            echo "[page second]"
            echo "swipe_right = page prev"
            echo
            echo "[button far]"
            echo "page = second"
            echo "rect = 680, 20, 100, 100"
            echo "label = Far"
            echo "on_tap = emit"
        } >>"$_file"
    fi
    if [ "$_variant" = broken ]; then
        echo "" >>"$_file"
        echo "[button broken]" >>"$_file"
        echo "rect = 20, 300, 200           ; one number short" >>"$_file"
        BROKEN_LINE=$(wc -l <"$_file")
    fi
}

# write_pages_config FILE [icons]: the memory run's panel (issue 29): 4 pages of 12 buttons, 180x140
# in a 4x3 grid of 800x480 (a little smaller than Benchmarks/pages.ini's 185x145, so that the
# pixel start_firmware waits for, (780, 460), stays background), each page taking swipes both
# ways; the controller as in the interrupt run. With `icons` (the iconpages run, issue 27): each
# page shows its picture ($PICTURES/page-N.png) and each button an icon of its own above its
# label, 48 different glyphs of the icon font.
PAGE_ICONS="lightbulb fan lock water-pump thermometer power television speaker blinds window-closed
home sofa stove fridge radiator weather-sunny weather-night play pause volume-high volume-off wifi
camera bell alarm fire water flash leaf flower car bike coffee kettle spotlight power-socket
air-conditioner heart star account shield key gate radio headphones pool battery umbrella"
write_pages_config() {
    _file=$1 _icons=$2
    {
        echo "; TouchPanel kernel VM memory panel, written by Tests/VM/init.sh"
        echo "[controller]"
        echo "bus = $BUS"
        echo "address = $ADDR"
        echo "model = ft5406"
        echo "interrupt_chip = $CHIP"
        echo "interrupt_line = 0"
        echo
        echo "[display]"
        echo "width = 800"
        echo "height = 480"
        echo "framebuffer = /dev/fb0"
        # The labels issue 29's 512 KiB was measured with; fitted to these buttons (issue 27's
        # default, up to 48 px) the same run read 896 kB anonymous.
        echo "font_size = 24"
        [ "$_icons" = icons ] && echo "icon_font = $ICON_FONT"
        echo
        echo "[touch]"
        echo "lost_ms = 1000"
        for _page in 1 2 3 4; do
            echo
            echo "[page p$_page]"
            echo "swipe_left = page next"
            echo "swipe_right = page prev"
            [ "$_icons" = icons ] && echo "image = $PICTURES/page-$_page.png"
        done
        set -- $PAGE_ICONS
        for _page in 1 2 3 4; do
            for _b in 1 2 3 4 5 6 7 8 9 10 11 12; do
                echo
                echo "[button p$_page-$_b]"
                echo "page = p$_page"
                echo "rect = $((10 + (_b - 1) % 4 * 195)), $((10 + (_b - 1) / 4 * 150)), 180, 140"
                echo "label = Light $_page.$_b"
                [ "$_icons" = icons ] && echo "icon = mdi:$1"
                shift
                echo "on_tap = emit"
            done
        done
    } >"$_file"
}

# write_looks_config FILE: the looks run's panel (issue 27), drawn through DRM/KMS so that qemu's
# screendump shows it: one page with a picture ($PICTURES/looks.png, Tests/VM/pictures.py), an
# icon button whose icon is a filled circle alone in its middle, and an invisible zone (no fill,
# no border) that lays its pressed fill over the picture; console.py checks the pixels.
write_looks_config() {
    {
        echo "; TouchPanel kernel VM looks panel, written by Tests/VM/init.sh"
        echo "[controller]"
        echo "bus = $BUS"
        echo "address = $ADDR"
        echo "model = ft5406"
        echo "interrupt_chip = $CHIP"
        echo "interrupt_line = 0"
        echo
        echo "[display]"
        echo "width = 800"
        echo "height = 480"
        echo "output = drm"
        echo "icon_font = $ICON_FONT"
        echo
        echo "[touch]"
        echo "lost_ms = 10000           ; a finger held still through a screendump"
        echo
        echo "[page plan]"
        echo "image = $PICTURES/looks.png"
        echo
        echo "[button lamp]"
        echo "page = plan"
        echo "rect = 20, 20, 200, 200"
        echo "label = Lamp"
        echo "icon = mdi:checkbox-blank-circle"
        echo "icon_position = center"
        echo "on_tap = emit"
        echo
        echo "[button room]"
        echo "page = plan"
        echo "rect = 460, 20, 320, 200"
        echo "fill = none"
        echo "border_px = 0"
        echo "pressed_fill = #4A6FA560"
        echo "on_tap = emit"
    } >"$1"
}

# write_homeassistant_config FILE: the homeassistant run's panel (issue 45): [homeassistant] on
# the stand-in and 12 items bound to its entities in three rows of 4 (180 wide, 195 apart): buttons
# b1..b4 on light.b1..b4 (180x140 at y 10), sliders s1..s4 on light.s1, light.s2 (brightness)
# and cover.s3, cover.s4 (position; 180x60 at y 170), texts t1..t4 on sensor.t1..t4 (180x60 at
# y 250); the controller as in the interrupt run, and a control socket for `ctl state`.
write_homeassistant_config() {
    {
        echo "; TouchPanel kernel VM Home Assistant panel, written by Tests/VM/init.sh"
        echo "[controller]"
        echo "bus = $BUS"
        echo "address = $ADDR"
        echo "model = ft5406"
        echo "interrupt_chip = $CHIP"
        echo "interrupt_line = 0"
        echo
        echo "[display]"
        echo "width = 800"
        echo "height = 480"
        echo "framebuffer = /dev/fb0"
        echo "font_size = 24            ; as the pages run's"
        echo
        echo "[touch]"
        echo "lost_ms = 1000"
        echo
        echo "[control]"
        echo "socket = /tmp/control.sock"
        echo
        echo "[homeassistant]"
        echo "url = http://127.0.0.1:8123"
        echo "token_file = $HA_DIR/token"
        for _i in 1 2 3 4; do
            echo
            echo "[button b$_i]"
            echo "rect = $((10 + (_i - 1) * 195)), 10, 180, 140"
            echo "label = Lamp $_i"
            echo "entity = light.b$_i"
        done
        for _i in 1 2 3 4; do
            echo
            echo "[slider s$_i]"
            echo "rect = $((10 + (_i - 1) * 195)), 170, 180, 60"
            echo "format = %d %%"
            case $_i in 1 | 2) echo "entity = light.s$_i" ;; *) echo "entity = cover.s$_i" ;; esac
        done
        for _i in 1 2 3 4; do
            echo
            echo "[text t$_i]"
            echo "rect = $((10 + (_i - 1) * 195)), 250, 180, 60"
            echo "entity = sensor.t$_i"
        done
    } >"$1"
}

# start_ha_stub: the stand-in for Home Assistant on 127.0.0.1:8123, with the entities' first
# states; waits until it listens. The loopback interface comes up first (the guest's only one).
start_ha_stub() {
    rm -rf "$HA_DIR" && mkdir -p "$HA_DIR" && mkfifo "$HA_FIFO" || return 1
    (umask 077 && echo "vm-token-4f1c2a" >"$HA_DIR/token")
    {
        echo "light.b1 on"
        echo "light.b2 off"
        echo "light.b3 on"
        echo "light.b4 off"
        echo "light.s1 on brightness=128"
        echo "light.s2 on brightness=26"
        echo "cover.s3 open current_position=40"
        echo "cover.s4 closed current_position=0"
        echo 'sensor.t1 20.5 unit_of_measurement="°C"'
        echo 'sensor.t2 48 unit_of_measurement="%"'
        echo 'sensor.t3 1013 unit_of_measurement="hPa"'
        echo 'sensor.t4 230 unit_of_measurement="V"'
    } >"$HA_DIR/states"
    ip link set lo up || return 1
    "$HASTUB" "$HA_DIR/token" "$HA_DIR/states" "$HA_LOG" "$HA_FIFO" &
    HAPID=$!
    wait_until 50 grep -q '^listening 127.0.0.1:8123$' "$HA_LOG"
}
# stop_ha_stub: ends it; what it received and sent goes to the console for the record.
stop_ha_stub() {
    [ -n "$HAPID" ] || return 0
    kill -TERM "$HAPID" 2>/dev/null
    wait "$HAPID" 2>/dev/null
    HAPID=""
    sed "s/^/VMHA $RUN /" "$HA_LOG"
}

# ---------------------------------------------------------------------------------------------
# the firmware
FWPID=""
MODE=""
FWHWM=""             # VmHWM (kB) of the last run, read just before its SIGTERM
FWMEM=""             # "ANON FILE SHMEM FRAMEBUFFER" resident kB of the last run, read then too
IDLE=""              # "SWITCHES CENTISECONDS" of the last run's idle window
firmware_asleep() {
    [ -n "$FWPID" ] && grep -q '^State:.*S' "/proc/$FWPID/status" 2>/dev/null
}
firmware_alive() { [ -n "$FWPID" ] && kill -0 "$FWPID" 2>/dev/null; }
# start_firmware interrupt|polling: runs it in the background, waits until it has drawn.
start_firmware() {
    MODE=$1
    : >"$EV"
    : >"$LOG"
    FWHWM=""
    FWMEM=""
    IDLE=""
    dd if=/dev/zero of=/dev/fb0 bs=3200 count=480 2>/dev/null   # black: nothing drawn yet
    # The looks run draws through DRM/KMS from its start: the card first (after the drm run it
    # is there already).
    if [ "$RUN" = looks ] && [ -z "$(drm_card)" ]; then
        load_drm_modules && wait_until 150 sh -c '[ -n "$(ls /dev/dri/card* 2>/dev/null)" ]' || return 1
    fi
    if [ "$RUN" = record ]; then
        "$TP" record "$CONF" /tmp/recorded.trace >"$EV" 2>"$LOG" &
    else
        "$TP" run "$CONF" >"$EV" 2>"$LOG" &
    fi
    FWPID=$!
    if [ "$RUN" = drm ]; then
        # No card yet: ready once it says so and waits.
        wait_until 150 sh -c "! kill -0 $FWPID 2>/dev/null || grep -q 'display: none yet' $LOG"
        firmware_alive && wait_until 20 firmware_asleep
        return
    fi
    if [ "$RUN" = iconpages ] || [ "$RUN" = looks ]; then
        # A page picture covers the background pixel below: ready once the first frame is
        # drawn (its log line; each picture is converted first, slow under TCG) and the loop waits.
        wait_until 600 sh -c "! kill -0 $FWPID 2>/dev/null || grep -q 'first frame' $LOG"
        firmware_alive && grep -q 'first frame' "$LOG" && wait_until 20 firmware_asleep
        return
    fi
    # Ready: the panel is drawn and the loop waits (or the firmware is gone: no use waiting).
    wait_until 150 drawn_or_gone
    firmware_alive && drawn_or_gone && wait_until 20 firmware_asleep
}
# status_kb FIELD: a kB field of the firmware's /proc/PID/status
status_kb() { sed -n "s/^$1:[^0-9]*\([0-9][0-9]*\) kB\$/\1/p" "/proc/$FWPID/status" 2>/dev/null; }
# framebuffer_rss_kb: resident kB of the firmware's mappings of /dev/fb* and /dev/dri/* (smaps)
framebuffer_rss_kb() {
    _in=0 _sum=0
    while read -r _a _b _rest; do
        case $_a in
            *-*) case $_rest in *" /dev/fb"* | *" /dev/dri/"*) _in=1 ;; *) _in=0 ;; esac ;;
            Rss:) [ "$_in" = 1 ] && _sum=$((_sum + _b)) ;;
        esac
    done <"/proc/$FWPID/smaps"
    echo "$_sum"
}
drawn_or_gone() { ! firmware_alive || [ "$($FBPEEK /dev/fb0 780 460)" = "$BACKGROUND" ]; }
# anonymous_by_mapping: "KB RANGE PERMS NAME" for each mapping of the firmware with anonymous memory
anonymous_by_mapping() {
    _map=""
    while read -r _a _b _rest; do
        case $_a in
            *-*) _map="$_a $_b $_rest" ;;
            Anonymous:) [ "$_b" -gt 0 ] && echo "$_b $_map" ;;
        esac
    done <"/proc/$FWPID/smaps"
}
stop_firmware() {
    firmware_alive || { FWPID=""; return 1; }
    FWHWM=$(sed -n 's/^VmHWM:[^0-9]*\([0-9][0-9]*\) kB$/\1/p' "/proc/$FWPID/status" 2>/dev/null)
    # Anonymous memory from smaps_rollup, exact: /proc/PID/status's RssAnon is a counter this
    # kernel (6.1) updates per thread in batches of 64 page events, so it can be off by up to
    # 256 kB (Documentation/filesystems/proc.rst says to read smaps for accurate values).
    FWMEM="$(sed -n 's/^Anonymous:[^0-9]*\([0-9][0-9]*\) kB$/\1/p' "/proc/$FWPID/smaps_rollup" 2>/dev/null) $(status_kb RssFile) $(status_kb RssShmem) $(framebuffer_rss_kb)"
    # Where the memory run's anonymous memory is, by mapping, for the record (console.log).
    case $RUN in pages | iconpages | homeassistant) anonymous_by_mapping | sed "s/^/VMTEST-ANON $RUN /" ;; esac
    kill -TERM "$FWPID"
    wait_until 100 sh -c "! kill -0 $FWPID 2>/dev/null"
    if kill -0 "$FWPID" 2>/dev/null; then
        kill -KILL "$FWPID"
        FWRC=killed
    else
        wait "$FWPID"
        FWRC=$?
    fi
    FWPID=""
    [ "$FWRC" = 0 ]
}

# ---------------------------------------------------------------------------------------------
# the touch controller: held points and reports
POINTS=""            # "ID:X:Y ..." in report order
# report [SPECIAL_ID SPECIAL_EVENT]: the register image of the held points (event 2, contact;
# SPECIAL_ID gets SPECIAL_EVENT), block-written into i2c-stub, then the INT edge; waits until
# the firmware has taken it. INJECT_EXTRA (e.g. "-H 500") is passed on.
report() {
    _sid=${1:--1} _sev=${2:-2}
    [ "$TOUCH" = gt911 ] && { report_gt911 "$_sid" "$_sev"; return; }
    _hex="" _n=0
    for _p in $POINTS; do
        IFS=:
        set -- $_p
        IFS=$OIFS
        _ev=2
        [ "$1" = "$_sid" ] && _ev=$_sev
        _hex="$_hex $(printf '%02x %02x %02x %02x 10 00' $(((_ev << 6) | ($2 >> 8))) $(($2 & 255)) $((($1 << 4) | ($3 >> 8))) $(($3 & 255)))"
        _n=$((_n + 1))
    done
    inject report "00 00 $(printf %02x $_n)$_hex"
}
# report_gt911 [SPECIAL_ID SPECIAL_EVENT]: the GT911's status (ready, count) and 8 bytes a
# held point; a GT911 has no up event: a lifted point (event 1) is simply not reported.
report_gt911() {
    _hex="" _n=0
    for _p in $POINTS; do
        IFS=:
        set -- $_p
        IFS=$OIFS
        [ "$1" = "$_sid" ] && [ "$_sev" = 1 ] && continue
        _hex="$_hex $(printf '%02x %02x %02x %02x %02x 10 00 00' "$1" $(($2 & 255)) $(($2 >> 8)) $(($3 & 255)) $(($3 >> 8)))"
        _n=$((_n + 1))
    done
    inject report "$(printf %02x $((0x80 | _n)))$_hex"
}
inject() {
    if [ "$MODE" = interrupt ]; then _how="-p $PULL"; else _how="-P"; fi
    _target="-b $BUS -a $ADDR"
    [ "$TOUCH" = gt911 ] && _target="-g -b $GTBUS -a $GTADDR"
    if ! _out=$("$INJECT" $_target $_how -w "$FWPID" $INJECT_EXTRA "$@" 2>&1); then
        note "inject $*: $_out"
        return 1
    fi
}
drop_point() {
    _keep=""
    for _p in $POINTS; do
        case $_p in "$1":*) ;; *) _keep="$_keep $_p" ;; esac
    done
    POINTS=$_keep
}
down() {
    [ "$TOUCH" = evdev ] && { ucmd "down $1 $2 $3" syn; return; }
    POINTS="$POINTS $1:$2:$3"; report "$1" 0
}
move() {
    [ "$TOUCH" = evdev ] && { ucmd "move $1 $2 $3" syn; return; }
    _new=""
    for _p in $POINTS; do
        case $_p in "$1":*) _new="$_new $1:$2:$3" ;; *) _new="$_new $_p" ;; esac
    done
    POINTS=$_new
    report
}
up() {
    [ "$TOUCH" = evdev ] && { ucmd "up $1" syn; return; }
    report "$1" 1; drop_point "$1"
}
# vanish ID: the ID is simply missing from the next report (firmware that never sends TOUCH_UP)
vanish() { drop_point "$1"; report; }
# hold MS: the finger stays; the controller keeps reporting it every 40 ms
# (an input device sends nothing while a finger rests: there the finger just stays MS)
hold() {
    [ "$TOUCH" = evdev ] && { usleep $(($1 * 1000)); return; }
    INJECT_EXTRA="-H $1 -I 40" report; INJECT_EXTRA=""
}
# report_raw HEX: any register image, e.g. garbage
report_raw() { inject report "$1"; }
no_touch() {
    POINTS=""
    case $TOUCH in
    gt911) "$INJECT" -g -b "$GTBUS" -a "$GTADDR" report 00 ;;
    evdev) : ;;
    *) "$INJECT" -b "$BUS" -a "$ADDR" report "00 00 00" ;;
    esac
}

# ---------------------------------------------------------------------------------------------
# scenarios: begin NAME ... expect EVENTS... / expect_pixel ... / end
BACKGROUND="#101214"
NORMAL="#2A2E33"
PRESSED="#4A6FA5"
SC_NAME=""
SC_START=0
SC_NOTES=""
note() { SC_NOTES="$SC_NOTES
$*"; }
begin() {
    SC_NAME="$* ($RUN)"
    SC_NOTES=""
    POINTS=""
    SC_START=$(wc -l <"$EV")
}
# The scenario's event lines as "BUTTON EVENT [TAPS|N]"; with t, as "T_MS BUTTON EVENT ...".
events() {
    sed -n "$((SC_START + 1)),\$p" "$EV" |
        sed -E 's/^\{"t_ms":([0-9]+),"button":"([^"]*)","event":"([^"]*)"(,"(taps|n)":([0-9]+))?\}$/\1 \2 \3 \6/; s/ +$//' |
        sed -E 's/^\{"t_ms":([0-9]+),"event":"swipe","direction":"([a-z]+)","page":"([^"]*)"\}$/\1 swipe \2 \3/' |
        sed -E 's/^\{"t_ms":([0-9]+),"event":"page","page":"([^"]*)"\}$/\1 page \2/' |
        sed -E 's/^\{"t_ms":([0-9]+),"(slider|dial)":"([^"]*)","event":"([^"]*)"(,"value":([-0-9.]+))?\}$/\1 \3 \4 \6/; s/ +$//' |
        if [ "$1" = t ]; then cat; else sed -E 's/^[0-9]+ //'; fi
}
count_events() { [ "$(sed -n "$((SC_START + 1)),\$p" "$EV" | wc -l)" -ge "$1" ]; }
# expect LINE...: waits (bounded) for that many event lines, then a quiet 300 ms (longer than
# any multi-tap window here) so that a stray extra event is caught too; compares exactly.
# Without arguments: no event at all.
expect() {
    _want=""
    for _l in "$@"; do _want="${_want:+$_want
}$_l"; done
    wait_until 30 count_events $#
    usleep 300000
    _got=$(events)
    if [ "$_got" != "$_want" ]; then
        note "events: expected
$(echo "${_want:-(none)}" | sed 's/^/  /')
got
$(echo "${_got:-(none)}" | sed 's/^/  /')"
    fi
}
# expect_hold_with_repeats BUTTON: after a finger held on BUTTON (long_press_ms 300,
# repeat_ms 100) and lifted: pressed, long_press 1, repeat 1..k with k >= 2 (the last ones depend
# on how late the lift came under TCG), released; the long press at +300 and the first repeat at
# +400 exactly (logical times).
expect_hold_with_repeats() {
    wait_until 30 count_events 5
    usleep 300000
    [ "$(events | head -n 2)" = "$1 pressed
$1 long_press 1" ] || note "events: $(events | tr '\n' ';')"
    events | grep -q "^$1 repeat 2\$" || note "no second repeat: $(events | tr '\n' ';')"
    [ "$(events | tail -n 1)" = "$1 released" ] || note "last event: $(events | tail -n 1)"
    expect_dt 1 2 300
    expect_dt 1 3 400
}
# t_of N: t_ms of the scenario's Nth event line
t_of() { events t | sed -n "${1}p" | cut -d' ' -f1; }
# expect_dt I J MS: event J's t_ms - event I's t_ms == MS (logical times are exact)
expect_dt() {
    _a=$(t_of "$1") _b=$(t_of "$2")
    if [ -z "$_a" ] || [ -z "$_b" ] || [ $((_b - _a)) -ne "$3" ]; then
        note "t_ms: event $2 - event $1 = $((${_b:-0} - ${_a:-0})) ms, expected $3 ms"
    fi
}
# Sample points: inside each button, clear of its 2 px border and its centred label.
pixel_of() {
    case $1 in
        one) echo "28 28" ;;
        dbl) echo "248 28" ;;
        hold) echo "468 28" ;;
        two | second) echo "28 168" ;;
        relay) echo "468 168" ;;
        jog) echo "248 168" ;;
        background) echo "780 460" ;;
    esac
}
# expect_pixel BUTTON normal|pressed|#RRGGBB
expect_pixel() {
    case $2 in normal) _c=$NORMAL ;; pressed) _c=$PRESSED ;; *) _c=$2 ;; esac
    _px=$("$FBPEEK" /dev/fb0 $(pixel_of "$1") 2>&1)
    [ "$_px" = "$_c" ] || note "pixel of $1 at ($(pixel_of "$1")): $_px, expected $_c ($2)"
}
# print_pixels NAME X Y [X Y ...]: those pixels of /dev/fb0 for the host, one line each
# (VMTEST-PIXEL RUN NAME X Y #RRGGBB); console.py knows what each must be.
print_pixels() {
    _name=$1
    shift
    if ! _colours=$("$FBPEEK" /dev/fb0 "$@" 2>&1); then
        note "fbpeek $*: $_colours"
        return
    fi
    for _c in $_colours; do
        echo "VMTEST-PIXEL $RUN $_name $1 $2 $_c"
        shift 2
    done
}
end() {
    [ -z "$FWPID" ] || firmware_alive || note "the firmware is not running any more"
    if [ -z "$SC_NOTES" ]; then
        ok "$SC_NAME"
    else
        bad "$SC_NAME"
        echo "$SC_NOTES" | sed '1d' | detail
        echo "    event lines:" && sed -n "$((SC_START + 1)),\$p" "$EV" | detail
        echo "    log (last 8 lines):" && tail -n 8 "$LOG" | detail
    fi
}

# ---------------------------------------------------------------------------------------------
# footprint and idle cost (reported, never checked)
# context switches of the firmware so far, voluntary + involuntary: each one a wake-up
ctxt_switches() {
    sed -n 's/^\(non\)\{0,1\}voluntary_ctxt_switches:[^0-9]*\([0-9][0-9]*\)$/\2/p' "/proc/$FWPID/status" 2>/dev/null |
        { _n=0 _k=0; while read -r _v; do _n=$((_n + _v)); _k=$((_k + 1)); done; [ $_k = 2 ] && echo $_n; }
}
uptime_cs() { read -r _up _ </proc/uptime; echo "${_up%.*}${_up#*.}" | sed 's/^0*//; s/^$/0/'; }
# measure_idle: the firmware's wake-ups over IDLE_S seconds with no touch. Right after start-up,
# before any touch: no gesture deadline and no lost-touch timer can be pending.
measure_idle() {
    firmware_asleep || wait_until 20 firmware_asleep
    _c0=$(ctxt_switches) _t0=$(uptime_cs)
    usleep $((IDLE_S * 1000000))
    _c1=$(ctxt_switches) _t1=$(uptime_cs)
    [ -n "$_c0" ] && [ -n "$_c1" ] && IDLE="$((_c1 - _c0)) $((_t1 - _t0))"
}
# print_metrics RUN: what this run measured; "none" where a figure is missing
print_metrics() {
    _ff=$(sed -n 's/^.*first frame \([0-9][0-9]*\) us after start.*$/\1/p' "$LOG" | head -n 1)
    echo "VMTEST-METRIC $1 first_frame_us ${_ff:-none}"
    echo "VMTEST-METRIC $1 peak_rss_kb ${FWHWM:-none}"
    echo "VMTEST-METRIC $1 resident_kb ${FWMEM:-none}"
    case $1 in reload | backlight | record | watchdog | drm | pages | iconpages | homeassistant | looks) ;; *) echo "VMTEST-METRIC $1 idle_ctxt_switches_cs ${IDLE:-none}" ;; esac
}

print_latency() {
    echo "VMTEST-LATENCY-BEGIN $1 $(uname -r)"
    grep 'latency' "$LOG"
    echo "VMTEST-LATENCY-END"
}

# =============================================================================================
echo "=== kernel $(uname -r) $(uname -m)"
load_modules && ok "kernel modules: $(tr '\n' ' ' <$M/order)" || { bad "insmod"; dmesg | tail -n 20 | detail; finish; }
mount -t configfs none /sys/kernel/config
find_stub_bus && ok "i2c-stub on /dev/i2c-$BUS" || { bad "no /dev/i2c-N for i2c-stub"; finish; }
# What a re-probe after `rmmod i2c-stub; insmod i2c-stub` would find (nothing holds the bus yet).
first_bus=$BUS
if rmmod i2c_stub && insmod $M/i2c-stub.ko chip_addr=$ADDR && find_stub_bus; then
    echo "    i2c-stub removed and loaded again: /dev/i2c-$BUS (first /dev/i2c-$first_bus)"
else
    bad "rmmod + insmod i2c-stub"; finish
fi
setup_gpio_sim && ok "gpio-sim chip $CHIP (line 0 via $PULL)" || { bad "gpio-sim setup"; finish; }
if find_gt911_bus && [ "$("$INJECT" -g -b "$GTBUS" -a "$GTADDR" read 8140 6)" = "39 31 31 00 60 10" ]; then
    ok "gt911-stub on /dev/i2c-$GTBUS answers I2C_RDWR: product id 911, firmware 0x1060"
    out=$("$TP" probe --bus "$GTBUS" --address "$GTADDR" 2>&1)
    rc=$?
    if [ $rc = 0 ] && echo "$out" | grep -q 'Goodix GT911, firmware 0x1060, 800x480, 5 points'; then
        ok "touchpanel probe identifies the GT911"
    else
        bad "touchpanel probe of the GT911 (exit $rc)"; echo "$out" | detail
    fi
else
    bad "gt911-stub: no bus, or 0x8140 does not read \"911\""
fi
start_uinput && ok "uinput touchscreen: $(grep -l "^$UINPUT_NAME\$" /sys/class/input/event*/device/name | cut -d/ -f5)" ||
    bad "uinput-touch: no input device named $UINPUT_NAME"
[ -c /dev/fb0 ] && [ "$($FBPEEK /dev/fb0 info | cut -d' ' -f1-3)" = "800 480 32" ] &&
    ok "vfb /dev/fb0: $($FBPEEK /dev/fb0 info)" || { bad "vfb /dev/fb0"; finish; }
# The kernel's text console draws into the framebuffer as soon as vfb loads: unbind it.
for v in /sys/class/vtconsole/vtcon*; do grep -q 'frame buffer' "$v/name" && echo 0 >"$v/bind"; done

"$INJECT" -b "$BUS" -a "$ADDR" id 55 01 79 && "$INJECT" -b "$BUS" -a "$ADDR" report "00 00 00" ||
    { bad "seeding the FT5x06 registers"; finish; }
out=$("$TP" probe --bus "$BUS" --address "$ADDR" 2>&1)
rc=$?
if [ $rc = 0 ] && echo "$out" | grep -q '0x55'; then ok "touchpanel probe"; else
    bad "touchpanel probe (exit $rc)"; echo "$out" | detail; fi

write_config "$CONF" interrupt
out=$("$TP" check "$CONF" 2>&1)
rc=$?
[ $rc = 0 ] && ok "touchpanel check accepts the VM config" || { bad "touchpanel check (exit $rc)"; echo "$out" | detail; }

# The firmware runs ($RUNS), each from start to SIGTERM with its latency figures: the gestures
# and the controller fault in interrupt mode; the reloads in a run of their own (a reload starts
# a new session, whose figures would hide the first one's); the core scenarios again polling;
# then each controller, the backlight, record, the watchdog, the memory runs (without and with
# icons and page pictures, and items bound to Home Assistant's entities), DRM, and the looks
# drawn through DRM (page picture, icon, zone).
# A scenario file says which runs it belongs to (runs_in RUN...).
runs_in() {
    for _r in "$@"; do [ "$_r" = "$RUN" ] && return 0; done
    return 1
}
for RUN in $RUNS; do
    case " $ALL_RUNS " in *" $RUN "*) ;; *) bad "no run named '$RUN' (vm_runs=$vm_runs)" ;; esac
done
# Played in ALL_RUNS's order, whatever vm_runs's: the drm run must start before any DRM card
# exists, and the looks run loads one if it is not there yet.
for RUN in $ALL_RUNS; do
    case " $RUNS " in *" $RUN "*) ;; *) continue ;; esac
    MODE=interrupt
    [ $RUN = polling ] && MODE=polling
    TOUCH=ft5x06
    [ $RUN = gt911 ] && TOUCH=gt911
    [ $RUN = evdev ] && TOUCH=evdev
    case $RUN in
        pages) write_pages_config "$CONF" ;;
        iconpages) write_pages_config "$CONF" icons ;;
        looks) write_looks_config "$CONF" ;;
        homeassistant) write_homeassistant_config "$CONF" ;;
        *) write_config "$CONF" $MODE ;;
    esac
    no_touch
    if [ $RUN = homeassistant ] && ! start_ha_stub; then
        bad "homeassistant-stub: not listening on 127.0.0.1:8123"
        cat "$HA_LOG" 2>/dev/null | detail
    fi
    if ! start_firmware $MODE; then
        bad "firmware start ($RUN)"
        tail -n 20 "$LOG" | detail
        stop_firmware
        continue
    fi
    ok "firmware running ($RUN): $(grep -m1 'controller:' $LOG | sed 's/^touchpanel: //')"
    [ "$TOUCH" = evdev ] && ucmd "pid $FWPID"
    # Idle blanking's own deadlines would count as wake-ups in the backlight run.
    case $RUN in reload | backlight | record | watchdog | drm | pages | iconpages | homeassistant | looks) ;; *) measure_idle ;; esac
    for f in /vm/scenarios/*.sh; do
        . "$f"
    done
    if [ -n "$FWPID" ]; then   # a scenario may have stopped it already
        if stop_firmware; then ok "SIGTERM stops the firmware cleanly ($RUN)"; else
            bad "SIGTERM stop ($RUN): exit $FWRC"; fi
    fi
    print_latency $RUN
    print_metrics $RUN
    # For the record in build/vm/console.log (the host prints only the checks).
    sed "s/^/VMEV $RUN /" "$EV"
    sed "s/^/VMLOG $RUN /" "$LOG"
    stop_ha_stub
done

if [ -f /tmp/fb-pressed.raw ]; then
    echo "VMTEST-FB-BEGIN pressed $($FBPEEK /dev/fb0 info)"
    gzip -c /tmp/fb-pressed.raw | base64
    echo "VMTEST-FB-END"
fi
finish
