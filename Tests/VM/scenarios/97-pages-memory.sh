# The memory runs (issue 29; iconpages: issue 27): 4 pages of 12 buttons. Each page is shown by
# a swipe left and one of its buttons tapped, and on the last page every button is tapped, so
# that it holds the looks of all its buttons, normal and pressed: the most a page holds (a
# page's looks are dropped when another is shown). The anonymous memory read at the stop
# (console.py checks it against issue 29's 512 KiB) is then that of a panel whose every page
# was used. In the iconpages run each page also has its picture and each button its icon: the
# run first makes sure they are there (no warning from check, no picture left out or held in
# anonymous memory), and prints pixels of each page for console.py: 4 of the picture between
# the buttons, and a column through the top of the tapped button, where only its icon has ink.
runs_in pages iconpages || return 0

if [ "$RUN" = iconpages ]; then
    begin "iconpages: check gives no warning; every picture drawn from its cache file"
    _warnings=$("$TP" check "$CONF" 2>&1 >/dev/null) || note "touchpanel check failed: $_warnings"
    [ -z "$_warnings" ] || note "touchpanel check warned: $_warnings"
    _pictures='page shows its background colour|anonymous memory, not in the cache'
    grep -qE "$_pictures" "$LOG" && note "log: $(grep -E "$_pictures" "$LOG")"
    end
fi

for _page in 1 2 3 4; do
    begin "pages: a tap on page p$_page"
    down 0 100 80
    up 0
    expect "p$_page-1 pressed" "p$_page-1 released" "p$_page-1 tap 1"
    if [ "$RUN" = iconpages ]; then
        print_pixels "p$_page-picture" 780 470 395 155 5 5 197 305
        print_pixels "p$_page-icon" $(_y=14; while [ $_y -le 62 ]; do echo 100 $_y; _y=$((_y + 2)); done)
    fi
    end
    [ $_page = 4 ] && break
    begin "pages: a swipe left from p$_page shows p$((_page + 1))"
    down 0 780 472             # the background below the grid
    move 0 720 472
    move 0 660 472
    up 0
    expect "swipe left p$_page" "page p$((_page + 1))"
    end
done

begin "pages: every button of p4 tapped"
for _b in 2 3 4 5 6 7 8 9 10 11 12; do
    down 0 $((100 + (_b - 1) % 4 * 195)) $((80 + (_b - 1) / 4 * 150))
    up 0
    expect "p4-$_b pressed" "p4-$_b released" "p4-$_b tap 1"
    SC_START=$(wc -l <"$EV")
done
end
