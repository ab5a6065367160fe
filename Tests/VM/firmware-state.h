/*
 * firmware-state.h: what the VM test helpers know of the firmware's process, read from
 * /proc/PID/status: whether it sleeps, and how often it has woken. A helper that feeds the
 * firmware input waits until it has woken and slept again, so the next input follows its work.
 */
#ifndef FIRMWARE_STATE_H
#define FIRMWARE_STATE_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The firmware's scheduler state ('S' asleep, 'R' running, ...) and its voluntary context
 * switches so far; -1 when the process is gone. */
static inline long task_state(int pid, char *state)
{
	char path[64], buf[2048];
	snprintf(path, sizeof path, "/proc/%d/status", pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	char *s = strstr(buf, "\nState:");
	char *v = strstr(buf, "\nvoluntary_ctxt_switches:");
	if (!s || !v)
		return -1;
	s += strlen("\nState:");
	while (*s == ' ' || *s == '\t')
		s++;
	*state = *s;
	return strtol(v + strlen("\nvoluntary_ctxt_switches:"), NULL, 10);
}

#endif
