# Core scenarios, in interrupt mode (an INT edge per report) and polling mode (poll_ms = 17,
# no INT line). Sourced by /init with the firmware running; see init.sh for the verbs.
runs_in interrupt polling || return 0

begin "single tap"
down 0 100 60
expect_pixel one pressed
up 0
expect "one pressed" "one released" "one tap 1"
expect_dt 2 3 0                 # N = 1: the tap fires at the release instant
expect_pixel one normal
end

begin "double tap"
down 0 340 80
up 0
down 0 342 82
up 0
expect "dbl pressed" "dbl released" "dbl pressed" "dbl released" "dbl tap 2"
expect_dt 4 5 0                 # k = N = 2: at the second release, exactly one tap event
expect_pixel dbl normal
end

begin "single tap on a double-tap button"
down 0 340 80
up 0
expect "dbl pressed" "dbl released" "dbl tap 1"
expect_dt 2 3 200               # release + multi_tap_ms
end

begin "lost TOUCH_UP"
down 3 100 60
expect_pixel one pressed
vanish 3                        # the next report simply lacks ID 3
expect "one pressed" "one released" "one tap 1"
expect_dt 2 3 0
expect_pixel one normal
end
