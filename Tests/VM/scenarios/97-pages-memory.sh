# The memory run (issue 29): 4 pages of 12 buttons. Each page is shown by a swipe left and one
# of its buttons tapped, and on the last page every button is tapped, so that it holds the looks
# of all its buttons, normal and pressed: the most a page holds (a page's looks are dropped
# when another is shown). The anonymous memory read at the stop (console.py reports it against
# issue 29's 512 KiB) is then that of a panel whose every page was used.
runs_in pages || return 0

for _page in 1 2 3 4; do
    begin "pages: a tap on page p$_page"
    down 0 100 80
    up 0
    expect "p$_page-1 pressed" "p$_page-1 released" "p$_page-1 tap 1"
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
