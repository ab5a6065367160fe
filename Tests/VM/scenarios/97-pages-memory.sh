# The memory run (issue 29): 4 pages of 12 buttons. Each page is shown by a swipe left and one
# of its buttons tapped, so the looks of every page are prepared once; the anonymous memory read
# at the stop (console.py: at most 512 KiB) is then that of a panel whose every page was used.
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
