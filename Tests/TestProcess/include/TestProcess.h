#ifndef TOUCHPANEL_TEST_PROCESS_H
#define TOUCHPANEL_TEST_PROCESS_H

/* The signal dispositions the whole test process runs with, set once when it loads (before
 * any test, in whatever order they run), as touchpanel's entry sets them: SIGPIPE ignored, so
 * a write to a closed pipe or socket is EPIPE and not the end of the process. */

/* 1 once the dispositions are set (at load); a test asks, which also keeps this file linked. */
int test_process_signals_set(void);

#endif
