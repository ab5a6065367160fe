/*
 * fbpeek: reads pixels of a Linux framebuffer for the kernel VM tests.
 *
 *   fbpeek FB info          "WIDTH HEIGHT BPP STRIDE R_OFF R_LEN G_OFF G_LEN B_OFF B_LEN"
 *   fbpeek FB X Y [X Y ...] one "#RRGGBB" per point, from the pixel's bytes and the
 *                           framebuffer's own bitfields (FBIOGET_VSCREENINFO)
 *
 * Reads through read(2) at the visible page's offset, not through a mapping, so it sees what
 * the firmware's mapping wrote. Exit: 0, 1 on a device error, 2 on usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/fb.h>

static unsigned channel(unsigned long long pixel, const struct fb_bitfield *f)
{
	if (f->length == 0)
		return 0;
	unsigned long long max = (1ull << f->length) - 1;
	unsigned long long v = (pixel >> f->offset) & max;
	return (unsigned)((v * 255 + max / 2) / max);   /* scale to 8 bits */
}

int main(int argc, char **argv)
{
	if (argc < 3 || (strcmp(argv[2], "info") && (argc - 2) % 2)) {
		fprintf(stderr, "usage: fbpeek FB info | fbpeek FB X Y [X Y ...]\n");
		return 2;
	}
	int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "fbpeek: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	struct fb_var_screeninfo v;
	struct fb_fix_screeninfo f;
	if (ioctl(fd, FBIOGET_VSCREENINFO, &v) < 0 || ioctl(fd, FBIOGET_FSCREENINFO, &f) < 0) {
		fprintf(stderr, "fbpeek: FBIOGET_*SCREENINFO: %s\n", strerror(errno));
		return 1;
	}
	if (!strcmp(argv[2], "info")) {
		printf("%u %u %u %u %u %u %u %u %u %u\n", v.xres, v.yres, v.bits_per_pixel, f.line_length,
		       v.red.offset, v.red.length, v.green.offset, v.green.length, v.blue.offset, v.blue.length);
		return 0;
	}
	unsigned bytes = v.bits_per_pixel / 8;
	if (bytes < 1 || bytes > 4) {
		fprintf(stderr, "fbpeek: %u bits per pixel not handled\n", v.bits_per_pixel);
		return 1;
	}
	for (int i = 2; i + 1 < argc; i += 2) {
		unsigned x = (unsigned)atoi(argv[i]), y = (unsigned)atoi(argv[i + 1]);
		if (x >= v.xres || y >= v.yres) {
			fprintf(stderr, "fbpeek: (%u, %u) is outside %ux%u\n", x, y, v.xres, v.yres);
			return 2;
		}
		off_t at = (off_t)(y + v.yoffset) * f.line_length + (off_t)(x + v.xoffset) * bytes;
		unsigned char b[4] = { 0 };
		if (pread(fd, b, bytes, at) != (ssize_t)bytes) {
			fprintf(stderr, "fbpeek: read at %lld: %s\n", (long long)at, strerror(errno));
			return 1;
		}
		unsigned long long pixel = 0;
		for (unsigned k = 0; k < bytes; k++)   /* little-endian, as on arm64 */
			pixel |= (unsigned long long)b[k] << (8 * k);
		printf("#%02X%02X%02X\n", channel(pixel, &v.red), channel(pixel, &v.green), channel(pixel, &v.blue));
	}
	return 0;
}
