/*
 * line-hold: holds one GPIO line as an output until it is killed, as another program on a Pi
 * would (a relay driver, gpioset), for the system VM's check that a config the panel cannot
 * start with makes `systemctl reload touchpanel` fail.
 *
 *   line-hold LABEL LINE     the chip whose label is LABEL (gpio-hold-stub's "touchpanel-hold")
 *
 * Prints "holding LABEL LINE" once the kernel has given it the line (consumer
 * "sysvm-line-hold"), then waits. The GPIO character device's v2 API, no libgpiod: the VM's
 * root has only the library the panel needs, and this is linked statically.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: line-hold LABEL LINE\n");
		return 2;
	}
	const char *label = argv[1];
	char *end;
	unsigned long line = strtoul(argv[2], &end, 10);
	if (*argv[2] == '\0' || *end != '\0' || line >= 1024) {
		fprintf(stderr, "line-hold: LINE is an offset, 0..1023\n");
		return 2;
	}
	for (int number = 0; number < 64; number++) {
		char path[32];
		snprintf(path, sizeof path, "/dev/gpiochip%d", number);
		int chip = open(path, O_RDWR | O_CLOEXEC);
		if (chip < 0)
			continue;
		struct gpiochip_info info;
		memset(&info, 0, sizeof info);
		if (ioctl(chip, GPIO_GET_CHIPINFO_IOCTL, &info) < 0 || strcmp(info.label, label) != 0) {
			close(chip);
			continue;
		}
		struct gpio_v2_line_request request;
		memset(&request, 0, sizeof request);
		request.offsets[0] = (unsigned int)line;
		request.num_lines = 1;
		request.config.flags = GPIO_V2_LINE_FLAG_OUTPUT;
		snprintf(request.consumer, sizeof request.consumer, "%s", "sysvm-line-hold");
		if (ioctl(chip, GPIO_V2_GET_LINE_IOCTL, &request) < 0) {
			fprintf(stderr, "line-hold: %s line %lu: %s\n", path, line, strerror(errno));
			return 1;
		}
		printf("holding %s %lu\n", label, line);
		fflush(stdout);
		for (;;)
			pause();
	}
	fprintf(stderr, "line-hold: no GPIO chip labelled %s\n", label);
	return 1;
}
