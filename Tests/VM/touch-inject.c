/*
 * touch-inject: the touch controller's side of the kernel VM tests, for an FT5x06 (default)
 * or, with -g, a Goodix GT911.
 *
 * i2c-stub (FT5x06) or our gt911-stub (GT911) holds the controller's registers and gpio-sim
 * its INT line; this program plays the chip: it writes register images exactly as the firmware
 * will read them, and pulls the INT line low and back high (one falling edge) after each report.
 * FT5x06 images are bytes from register 0x00, written with SMBus I2C block writes; GT911 images
 * are bytes from register 0x814E (status, then 8 bytes a point), written with one I2C_RDWR
 * message after the 16-bit register address, as the chip's own scan would fill them.
 *
 *   touch-inject -g -b BUS [-a ADDR] read REG COUNT
 *       Prints COUNT bytes from the GT911's 16-bit register REG (hex), one I2C_RDWR transfer.
 *
 *   touch-inject -b BUS [-a ADDR] id [CHIP_ID [FIRMWARE [VENDOR]]]
 *       Sets the identification registers: 0xA3 chip id (0x55, the FT5x06 family),
 *       0xA6 firmware version (0x01), 0xA8 vendor id (0x79).
 *   touch-inject -b BUS [-a ADDR] [-p PULL] [-w PID [-P] [-t MS]] [-H MS [-I MS]] report HEX...
 *       Writes HEX (bytes from register 0x00, "00 00 01 80 64 00 3c 10 00"; separate
 *       arguments or one string; 0x prefixes allowed) with I2C block writes of at most 32
 *       bytes each, register pointer = the chunk's first register.
 *       -p PULL   gpio-sim's sim_gpioN/pull file: after writing, "pull-down" then "pull-up".
 *       -w PID    wait until the firmware (PID) has taken the report: it was asleep before,
 *                 and has woken and gone back to sleep since (voluntary context switches in
 *                 /proc/PID/status). With -P (polling mode, no INT line) two wake-ups are
 *                 required, so that one poll certainly came after the write.
 *       -t MS     how long to wait for that (2000).
 *       -H MS     hold: send the same report again every -I MS (40) for MS milliseconds, as
 *                 a controller keeps reporting a finger that stays down.
 *       -T FILE   write the CLOCK_MONOTONIC nanoseconds of the (first) INT edge to FILE, for
 *                 latencies measured from outside the firmware.
 *   touch-inject -p PULL [-w PID [-t MS]] pulse
 *       Only the INT edge, no I2C (for a controller that stopped answering).
 *
 * Uses the raw I2C_SMBUS ioctl (no libi2c), so it links statically against glibc alone.
 * Exit: 0 done, 1 I2C or file error, 2 usage, 3 the firmware did not take a report in time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>

#include "firmware-state.h"

#define REPORT_MAX 256

static int i2c_fd = -1;
static int goodix = 0;

static void usage(void)
{
	fprintf(stderr,
		"usage: touch-inject -b BUS [-a ADDR] id [CHIP_ID [FIRMWARE [VENDOR]]]\n"
		"       touch-inject -b BUS [-a ADDR] [-p PULL] [-w PID [-P] [-t MS]] [-H MS [-I MS]] report HEX...\n"
		"       touch-inject -p PULL [-w PID [-t MS]] pulse\n"
		"       touch-inject -g -b BUS [-a ADDR] [-p PULL] [-w PID [-P] [-t MS]] [-H MS [-I MS]] report HEX...\n"
		"       touch-inject -g -b BUS [-a ADDR] read REG COUNT\n");
	exit(2);
}

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void sleep_us(long long us)
{
	if (us <= 0)
		return;
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

static int smbus(char read_write, unsigned char command, int size, union i2c_smbus_data *data)
{
	struct i2c_smbus_ioctl_data args = { read_write, command, size, data };
	return ioctl(i2c_fd, I2C_SMBUS, &args);
}

static int write_byte(unsigned char reg, unsigned char value)
{
	union i2c_smbus_data data;
	data.byte = value;
	if (smbus(I2C_SMBUS_WRITE, reg, I2C_SMBUS_BYTE_DATA, &data) < 0) {
		fprintf(stderr, "touch-inject: write 0x%02x to register 0x%02x: %s\n", value, reg, strerror(errno));
		return -1;
	}
	return 0;
}

static int i2c_address = 0x38;

/* A GT911 image: one write message, the 16-bit register 0x814E then the bytes. */
static int write_goodix(const unsigned char *bytes, int count)
{
	unsigned char buffer[2 + REPORT_MAX];
	buffer[0] = 0x81;
	buffer[1] = 0x4E;
	memcpy(buffer + 2, bytes, (size_t)count);
	struct i2c_msg message = { (unsigned short)i2c_address, 0, (unsigned short)(count + 2), buffer };
	struct i2c_rdwr_ioctl_data transfer = { &message, 1 };
	if (ioctl(i2c_fd, I2C_RDWR, &transfer) < 0) {
		fprintf(stderr, "touch-inject: I2C_RDWR write of %d bytes at 0x814e: %s\n", count, strerror(errno));
		return -1;
	}
	return 0;
}

/* Prints `count` bytes of the GT911's register `reg` (16-bit) as hex. */
static int read_goodix(unsigned reg, int count)
{
	unsigned char pointer[2] = { (unsigned char)(reg >> 8), (unsigned char)reg };
	unsigned char bytes[REPORT_MAX];
	if (count < 1 || count > REPORT_MAX)
		usage();
	struct i2c_msg messages[2] = {
		{ (unsigned short)i2c_address, 0, 2, pointer },
		{ (unsigned short)i2c_address, I2C_M_RD, (unsigned short)count, bytes },
	};
	struct i2c_rdwr_ioctl_data transfer = { messages, 2 };
	if (ioctl(i2c_fd, I2C_RDWR, &transfer) < 0) {
		fprintf(stderr, "touch-inject: I2C_RDWR read of %d bytes at 0x%04x: %s\n", count, reg, strerror(errno));
		return -1;
	}
	for (int i = 0; i < count; i++)
		printf(i ? " %02x" : "%02x", bytes[i]);
	printf("\n");
	return 0;
}

/* I2C block writes (what i2c-stub calls "i2c block data"), 32 bytes at most each. */
static int write_image(const unsigned char *bytes, int count)
{
	if (goodix)
		return write_goodix(bytes, count);
	for (int start = 0; start < count; start += I2C_SMBUS_BLOCK_MAX) {
		int len = count - start < I2C_SMBUS_BLOCK_MAX ? count - start : I2C_SMBUS_BLOCK_MAX;
		union i2c_smbus_data data;
		data.block[0] = (unsigned char)len;
		memcpy(&data.block[1], bytes + start, (size_t)len);
		if (smbus(I2C_SMBUS_WRITE, (unsigned char)start, I2C_SMBUS_I2C_BLOCK_DATA, &data) < 0) {
			fprintf(stderr, "touch-inject: block write of %d bytes at 0x%02x: %s\n", len, start, strerror(errno));
			return -1;
		}
	}
	return 0;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "touch-inject: %s: %s\n", path, strerror(errno));
		return -1;
	}
	ssize_t n = write(fd, text, strlen(text));
	int saved = errno;
	close(fd);
	if (n < 0) {
		fprintf(stderr, "touch-inject: write %s to %s: %s\n", text, path, strerror(saved));
		return -1;
	}
	return 0;
}

/* Waits until PID sleeps with at least `min_switches` voluntary switches; returns the count,
 * or -1 on timeout / -2 when the process is gone. */
static long wait_asleep(int pid, long min_switches, long long deadline)
{
	for (;;) {
		char state = '?';
		long switches = task_state(pid, &state);
		if (switches < 0)
			return -2;
		if (state == 'S' && switches >= min_switches)
			return switches;
		if (now_us() > deadline)
			return -1;
		sleep_us(500);
	}
}

static int parse_hex(int argc, char **argv, unsigned char *out)
{
	int count = 0;
	for (int i = 0; i < argc; i++) {
		char *p = argv[i];
		while (*p) {
			while (*p == ' ' || *p == '\t' || *p == ',')
				p++;
			if (!*p)
				break;
			char *end;
			unsigned long v = strtoul(p, &end, 16);
			if (end == p || v > 0xff || count == REPORT_MAX) {
				fprintf(stderr, "touch-inject: bad hex byte at \"%s\"\n", p);
				exit(2);
			}
			out[count++] = (unsigned char)v;
			p = end;
		}
	}
	return count;
}

int main(int argc, char **argv)
{
	int bus = -1, address = 0x38, pid = 0, polling = 0;
	long timeout_ms = 2000, hold_ms = 0, interval_ms = 40;
	const char *pull = NULL, *edge_file = NULL;
	int opt;
	while ((opt = getopt(argc, argv, "+gb:a:p:w:Pt:H:I:T:")) != -1) {
		switch (opt) {
		case 'g': goodix = 1; address = 0x5d; break;
		case 'b': bus = atoi(optarg); break;
		case 'a': address = (int)strtol(optarg, NULL, 0); break;
		case 'p': pull = optarg; break;
		case 'w': pid = atoi(optarg); break;
		case 'P': polling = 1; break;
		case 't': timeout_ms = atol(optarg); break;
		case 'H': hold_ms = atol(optarg); break;
		case 'I': interval_ms = atol(optarg); break;
		case 'T': edge_file = optarg; break;
		default: usage();
		}
	}
	if (optind >= argc || interval_ms <= 0)
		usage();
	const char *command = argv[optind++];
	int pulse_only = !strcmp(command, "pulse");

	if (!pulse_only) {
		if (bus < 0)
			usage();
		char dev[32];
		snprintf(dev, sizeof dev, "/dev/i2c-%d", bus);
		i2c_fd = open(dev, O_RDWR | O_CLOEXEC);
		if (i2c_fd < 0) {
			fprintf(stderr, "touch-inject: %s: %s\n", dev, strerror(errno));
			return 1;
		}
		i2c_address = address;
		if (ioctl(i2c_fd, I2C_SLAVE, address) < 0) {
			fprintf(stderr, "touch-inject: I2C_SLAVE 0x%02x: %s\n", address, strerror(errno));
			return 1;
		}
	} else if (!pull) {
		usage();
	}

	if (!strcmp(command, "read") && goodix && optind + 1 < argc)
		return read_goodix((unsigned)strtoul(argv[optind], NULL, 16), atoi(argv[optind + 1])) ? 1 : 0;
	if (!strcmp(command, "id")) {
		unsigned char chip = optind < argc ? (unsigned char)strtoul(argv[optind++], NULL, 16) : 0x55;
		unsigned char firmware = optind < argc ? (unsigned char)strtoul(argv[optind++], NULL, 16) : 0x01;
		unsigned char vendor = optind < argc ? (unsigned char)strtoul(argv[optind++], NULL, 16) : 0x79;
		if (write_byte(0xA3, chip) || write_byte(0xA6, firmware) || write_byte(0xA8, vendor))
			return 1;
		return 0;
	}
	if (strcmp(command, "report") && !pulse_only)
		usage();

	unsigned char image[REPORT_MAX];
	int count = pulse_only ? 0 : parse_hex(argc - optind, argv + optind, image);
	if (count == 0 && !pulse_only)
		usage();

	long long hold_until = now_us() + hold_ms * 1000;
	long long next = now_us();
	long waited = 0;
	for (;;) {
		long before = 0;
		if (pid) {
			/* Never write while the firmware is between its header and point reads. */
			before = waited = wait_asleep(pid, 0, now_us() + timeout_ms * 1000);
			if (before < 0)
				goto late;
		}
		if (!pulse_only && write_image(image, count))
			return 1;
		struct timespec edge;
		clock_gettime(CLOCK_MONOTONIC, &edge);
		if (pull && (write_file(pull, "pull-down") || write_file(pull, "pull-up")))
			return 1;
		if (edge_file) {
			char text[32];
			snprintf(text, sizeof text, "%lld\n", (long long)edge.tv_sec * 1000000000LL + edge.tv_nsec);
			if (write_file(edge_file, text))
				return 1;
			edge_file = NULL;
		}
		if (pid && (waited = wait_asleep(pid, before + (polling ? 2 : 1), now_us() + timeout_ms * 1000)) < 0)
			goto late;
		next += interval_ms * 1000;
		if (hold_ms <= 0 || next > hold_until)
			break;
		sleep_us(next - now_us());
	}
	return 0;
late:
	if (waited == -2)
		fprintf(stderr, "touch-inject: the firmware (pid %d) is gone\n", pid);
	else
		fprintf(stderr, "touch-inject: the firmware (pid %d) did not take the report within %ld ms\n", pid, timeout_ms);
	return 3;
}
