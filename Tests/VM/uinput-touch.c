/*
 * uinput-touch: a touchscreen for the kernel VM tests, made through /dev/uinput exactly as a
 * touchscreen driver would report (multi-touch protocol B: ABS_MT_SLOT 0..9,
 * ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y; plus ABS_X/ABS_Y and BTN_TOUCH for old readers;
 * INPUT_PROP_DIRECT). The kernel's own input core then hands the events to the firmware through
 * /dev/input/eventN.
 *
 *   uinput-touch [-n NAME] [-W WIDTH] [-H HEIGHT] FIFO ACKS
 *
 * Creates the device, then reads one command a line from FIFO (the scenario keeps it open):
 *   down SLOT X Y    a new contact (new tracking ID) in SLOT
 *   move SLOT X Y
 *   up SLOT          tracking ID -1
 *   syn              SYN_REPORT: the frame is complete
 *   unplug           UI_DEV_DESTROY: the device goes away, as a USB panel pulled out
 *   plug             the device again (a new eventN)
 *   flood SLOT X Y N N frames of the contact in SLOT moving between X and X+1, as fast as
 *                    they can be written: more than a reader's buffer holds if it is not reading
 *                    (the kernel then drops them and queues SYN_DROPPED)
 *   pid PID          from now on, after each syn/unplug/plug wait until PID (the firmware) has
 *                    woken and gone back to sleep, so that the next command follows its work
 *                    (pid 0: no waiting)
 *   quit
 * After each command it appends one line to ACKS ("ok N" or "error N: WHY"), so a scenario
 * waits for its commands to be done. BTN_TOUCH and ABS_X/ABS_Y follow the contacts.
 * Exit: 0 after quit, 1 on a uinput error, 2 usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/uinput.h>

#include "firmware-state.h"

#define SLOTS 10

static int ui = -1;
static int width = 800, height = 480;
static const char *name = "TouchPanel uinput touchscreen";
static int tracking[SLOTS];
static int next_id = 1;
static int current_slot = 0;
static int firmware_pid = 0;

static int emit(unsigned short type, unsigned short code, int value)
{
	struct input_event event;
	memset(&event, 0, sizeof event);
	event.type = type;
	event.code = code;
	event.value = value;
	return write(ui, &event, sizeof event) == (ssize_t)sizeof event ? 0 : -1;
}

static int create(void)
{
	ui = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (ui < 0)
		return -1;
	int bits_ok = ioctl(ui, UI_SET_EVBIT, EV_SYN) == 0 && ioctl(ui, UI_SET_EVBIT, EV_KEY) == 0 &&
		ioctl(ui, UI_SET_EVBIT, EV_ABS) == 0 && ioctl(ui, UI_SET_KEYBIT, BTN_TOUCH) == 0 &&
		ioctl(ui, UI_SET_PROPBIT, INPUT_PROP_DIRECT) == 0;
	struct { int code, max; } axes[] = {
		{ ABS_X, width - 1 }, { ABS_Y, height - 1 }, { ABS_MT_SLOT, SLOTS - 1 },
		{ ABS_MT_POSITION_X, width - 1 }, { ABS_MT_POSITION_Y, height - 1 }, { ABS_MT_TRACKING_ID, 65535 },
	};
	for (unsigned i = 0; bits_ok && i < sizeof axes / sizeof axes[0]; i++) {
		struct uinput_abs_setup setup;
		memset(&setup, 0, sizeof setup);
		setup.code = (unsigned short)axes[i].code;
		setup.absinfo.minimum = 0;
		setup.absinfo.maximum = axes[i].max;
		bits_ok = ioctl(ui, UI_SET_ABSBIT, axes[i].code) == 0 && ioctl(ui, UI_ABS_SETUP, &setup) == 0;
	}
	struct uinput_setup device;
	memset(&device, 0, sizeof device);
	device.id.bustype = BUS_VIRTUAL;
	device.id.vendor = 0x7470;
	device.id.product = 0x0001;
	snprintf(device.name, sizeof device.name, "%s", name);
	if (!bits_ok || ioctl(ui, UI_DEV_SETUP, &device) < 0 || ioctl(ui, UI_DEV_CREATE) < 0) {
		close(ui);
		ui = -1;
		return -1;
	}
	for (int i = 0; i < SLOTS; i++)
		tracking[i] = -1;
	current_slot = 0;
	return 0;
}

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Waits (up to 2 s) until the firmware sleeps with more voluntary switches than `before`. */
static void wait_taken(long before)
{
	long long deadline = now_us() + 2000000;
	while (now_us() < deadline) {
		char state = '?';
		long switches = task_state(firmware_pid, &state);
		if (switches < 0 || (state == 'S' && switches > before))
			return;
		usleep(500);
	}
}

static int select_slot(int slot)
{
	if (slot == current_slot)
		return 0;
	current_slot = slot;
	return emit(EV_ABS, ABS_MT_SLOT, slot);
}

static int touching(void)
{
	for (int i = 0; i < SLOTS; i++)
		if (tracking[i] >= 0)
			return 1;
	return 0;
}

/* One command; 0 done, -1 failed (errno), -2 bad command. */
static int command(char *line, int *quit)
{
	char verb[16];
	int slot = 0, x = 0, y = 0;
	int fields = sscanf(line, "%15s %d %d %d", verb, &slot, &x, &y);
	if (fields < 1)
		return -2;
	if (!strcmp(verb, "quit")) {
		*quit = 1;
		return 0;
	}
	if (!strcmp(verb, "pid") && fields == 2) {
		firmware_pid = slot;
		return 0;
	}
	char state;
	long before = firmware_pid ? task_state(firmware_pid, &state) : 0;
	if (!strcmp(verb, "plug"))
		return ui >= 0 ? -2 : create() ? -1 : (firmware_pid ? wait_taken(before) : (void)0, 0);
	if (ui < 0)
		return -2;
	if (!strcmp(verb, "unplug")) {
		int result = ioctl(ui, UI_DEV_DESTROY);
		close(ui);
		ui = -1;
		if (firmware_pid)
			wait_taken(before);
		return result < 0 ? -1 : 0;
	}
	if (!strcmp(verb, "flood")) {
		int count = 0;
		if (sscanf(line, "%*s %d %d %d %d", &slot, &x, &y, &count) != 4 || slot < 0 || slot >= SLOTS ||
		    tracking[slot] < 0 || count < 1)
			return -2;
		for (int i = 0; i < count; i++) {
			if (select_slot(slot) || emit(EV_ABS, ABS_MT_POSITION_X, x + (i & 1)) ||
			    emit(EV_ABS, ABS_MT_POSITION_Y, y) || emit(EV_SYN, SYN_REPORT, 0))
				return -1;
		}
		return 0;
	}
	if (!strcmp(verb, "syn")) {
		if (emit(EV_SYN, SYN_REPORT, 0))
			return -1;
		if (firmware_pid)
			wait_taken(before);
		return 0;
	}
	if (slot < 0 || slot >= SLOTS)
		return -2;
	int was_touching = touching();
	int result = 0;
	if (!strcmp(verb, "down") && fields == 4) {
		tracking[slot] = next_id++;
		result = select_slot(slot) || emit(EV_ABS, ABS_MT_TRACKING_ID, tracking[slot]) ||
			emit(EV_ABS, ABS_MT_POSITION_X, x) || emit(EV_ABS, ABS_MT_POSITION_Y, y);
	} else if (!strcmp(verb, "move") && fields == 4 && tracking[slot] >= 0) {
		result = select_slot(slot) || emit(EV_ABS, ABS_MT_POSITION_X, x) || emit(EV_ABS, ABS_MT_POSITION_Y, y);
	} else if (!strcmp(verb, "up") && fields == 2 && tracking[slot] >= 0) {
		tracking[slot] = -1;
		result = select_slot(slot) || emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
	} else {
		return -2;
	}
	if (!result && was_touching != touching())
		result = emit(EV_KEY, BTN_TOUCH, touching());
	if (!result && (fields == 4))
		result = emit(EV_ABS, ABS_X, x) || emit(EV_ABS, ABS_Y, y);
	return result ? -1 : 0;
}

int main(int argc, char **argv)
{
	int opt;
	while ((opt = getopt(argc, argv, "n:W:H:")) != -1) {
		switch (opt) {
		case 'n': name = optarg; break;
		case 'W': width = atoi(optarg); break;
		case 'H': height = atoi(optarg); break;
		default: fprintf(stderr, "usage: uinput-touch [-n NAME] [-W WIDTH] [-H HEIGHT] FIFO ACKS\n"); return 2;
		}
	}
	if (optind + 2 != argc || width < 2 || height < 2) {
		fprintf(stderr, "usage: uinput-touch [-n NAME] [-W WIDTH] [-H HEIGHT] FIFO ACKS\n");
		return 2;
	}
	if (create()) {
		perror("uinput-touch: /dev/uinput");
		return 1;
	}
	FILE *in = fopen(argv[optind], "r");
	FILE *acks = fopen(argv[optind + 1], "a");
	if (!in || !acks) {
		perror("uinput-touch: fifo or acks");
		return 1;
	}
	setvbuf(acks, NULL, _IOLBF, 0);
	char line[128];
	long number = 0;
	int quit = 0;
	while (!quit && fgets(line, sizeof line, in)) {
		number++;
		int result = command(line, &quit);
		if (result == 0)
			fprintf(acks, "ok %ld\n", number);
		else
			fprintf(acks, "error %ld: %s: %s", number, result == -1 ? strerror(errno) : "bad command", line);
	}
	if (ui >= 0) {
		ioctl(ui, UI_DEV_DESTROY);
		close(ui);
	}
	return 0;
}
