# Pages on the real kernel (issue 29): a swipe from the background across the hold-to-run jog
# shows the second page through a DRM page flip (qemu's screendump reads it), and the jog's
# gpio-sim line never goes high; a swipe right shows the first page again.
runs_in drm || return 0

begin "drm: a swipe across the jog shows the second page, and the jog's line stays low"
down 0 760 220                 # the background right of relay and jog
move 0 700 220
move 0 560 220                 # across relay
move 0 340 220                 # across jog (hold-to-run on line 4)
[ "$(line_value 4)" = 0 ] || note "jog line 4 during the swipe: $(line_value 4), expected 0"
up 0
expect "swipe left main" "page second"
usleep 500000                  # the flip on the next vblank, with TCG's slack
screendump second
[ "$(line_value 4)" = 0 ] || note "jog line 4 after the swipe: $(line_value 4), expected 0"
end

begin "drm: a swipe right on the second page shows the first again"
down 0 700 400
move 0 760 400
move 0 790 400                 # 90 right
up 0
expect "swipe right second" "page main"
end
