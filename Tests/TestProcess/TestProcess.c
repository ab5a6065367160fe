#include "TestProcess.h"

#include <signal.h>

static int signals_set;

/* Runs when the test bundle loads, before any test: the panel's own dispositions
 * (Sources/touchpanel/Entry.swift: clinux_ignore_sigpipe) for every test. */
__attribute__((constructor)) static void set_test_process_signals(void) {
    signal(SIGPIPE, SIG_IGN);
    signals_set = 1;
}

int test_process_signals_set(void) { return signals_set; }
