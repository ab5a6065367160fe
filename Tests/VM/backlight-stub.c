// SPDX-License-Identifier: GPL-2.0
/*
 * backlight-stub: a display backlight for the TouchPanel VM tests.
 *
 * Neither qemu's virt machine nor the kernel's simulators give a backlight class device, so
 * this module registers one, "touchpanel-stub", with nothing behind it: brightness 0..255
 * (255 at load) and the class's own bl_power, as the official 7" display's driver offers.
 * The class's sysfs files are the real ones; what a write would do to the light is recorded:
 *   /sys/module/backlight_stub/parameters/last_update_ns  ktime_get_ns() (CLOCK_MONOTONIC,
 *       as user space's clock_gettime) of the last brightness or bl_power write
 *   /sys/module/backlight_stub/parameters/updates         how many writes there were
 * A test reads the light's state from the class files and when it changed from these.
 */
#include <linux/backlight.h>
#include <linux/fb.h>
#include <linux/ktime.h>
#include <linux/module.h>

static unsigned long long last_update_ns;
module_param(last_update_ns, ullong, 0444);
MODULE_PARM_DESC(last_update_ns, "CLOCK_MONOTONIC ns of the last brightness or bl_power write");

static unsigned int updates;
module_param(updates, uint, 0444);
MODULE_PARM_DESC(updates, "Brightness and bl_power writes so far");

static struct backlight_device *stub;

static int stub_update_status(struct backlight_device *device)
{
	WRITE_ONCE(last_update_ns, ktime_get_ns());
	WRITE_ONCE(updates, updates + 1);
	return 0;
}

static const struct backlight_ops stub_ops = {
	.update_status = stub_update_status,
};

static int __init stub_init(void)
{
	struct backlight_properties props = {
		.type = BACKLIGHT_RAW,
		.max_brightness = 255,
		.brightness = 255,
		.power = FB_BLANK_UNBLANK,
	};

	stub = backlight_device_register("touchpanel-stub", NULL, NULL, &stub_ops, &props);
	return PTR_ERR_OR_ZERO(stub);
}

static void __exit stub_exit(void)
{
	backlight_device_unregister(stub);
}

module_init(stub_init);
module_exit(stub_exit);
MODULE_DESCRIPTION("A backlight class device with nothing behind it, for tests");
MODULE_LICENSE("GPL");
