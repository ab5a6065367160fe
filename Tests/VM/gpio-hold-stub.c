// SPDX-License-Identifier: GPL-2.0
/*
 * gpio-hold-stub: a GPIO chip whose outputs keep their level when released, for the
 * TouchPanel VM tests.
 *
 * gpio-sim returns a released line to its pull, so a dead panel's relay line reads "off" at
 * once there. A Raspberry Pi's GPIO block does not: a line its owner let go of (or whose owner
 * died) goes on driving the level it had. This chip, "touchpanel-hold" with four lines, does
 * the same: it has no free() callback, so release changes nothing. What each line drives is
 * read from
 *   /sys/module/gpio_hold_stub/parameters/levels   one digit per line, "0100" (line 1 high)
 * A line requested as an input keeps its driven level there too (nothing drives it then).
 */
#include <linux/gpio/driver.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/spinlock.h>

#define HOLD_LINES 4

static DEFINE_SPINLOCK(hold_lock);
static unsigned long hold_levels;	/* bit N: line N driven high */
static unsigned long hold_inputs = (1UL << HOLD_LINES) - 1;	/* bit N: line N is an input */

static int levels_get(char *buffer, const struct kernel_param *kp)
{
	unsigned long levels;
	int line;

	spin_lock(&hold_lock);
	levels = hold_levels;
	spin_unlock(&hold_lock);
	for (line = 0; line < HOLD_LINES; line++)
		buffer[line] = (levels & (1UL << line)) ? '1' : '0';
	buffer[HOLD_LINES] = '\n';
	return HOLD_LINES + 1;
}

static const struct kernel_param_ops levels_ops = {
	.get = levels_get,
};
module_param_cb(levels, &levels_ops, NULL, 0444);
MODULE_PARM_DESC(levels, "The level each line drives, one digit per line");

static void hold_assign(unsigned int offset, int value)
{
	spin_lock(&hold_lock);
	if (value)
		hold_levels |= 1UL << offset;
	else
		hold_levels &= ~(1UL << offset);
	spin_unlock(&hold_lock);
}

static int hold_get(struct gpio_chip *chip, unsigned int offset)
{
	return !!(READ_ONCE(hold_levels) & (1UL << offset));
}

static void hold_set(struct gpio_chip *chip, unsigned int offset, int value)
{
	hold_assign(offset, value);
}

static int hold_direction_output(struct gpio_chip *chip, unsigned int offset, int value)
{
	hold_assign(offset, value);
	spin_lock(&hold_lock);
	hold_inputs &= ~(1UL << offset);
	spin_unlock(&hold_lock);
	return 0;
}

static int hold_direction_input(struct gpio_chip *chip, unsigned int offset)
{
	spin_lock(&hold_lock);
	hold_inputs |= 1UL << offset;
	spin_unlock(&hold_lock);
	return 0;
}

static int hold_get_direction(struct gpio_chip *chip, unsigned int offset)
{
	return (READ_ONCE(hold_inputs) & (1UL << offset)) ? GPIO_LINE_DIRECTION_IN : GPIO_LINE_DIRECTION_OUT;
}

static struct gpio_chip hold_chip = {
	.label = "touchpanel-hold",
	.owner = THIS_MODULE,
	.base = -1,
	.ngpio = HOLD_LINES,
	.get = hold_get,
	.set = hold_set,
	.direction_output = hold_direction_output,
	.direction_input = hold_direction_input,
	.get_direction = hold_get_direction,
	/* No .free: a released line goes on driving its level, as on the Pi. */
};

static int __init hold_init(void)
{
	return gpiochip_add_data(&hold_chip, NULL);
}

static void __exit hold_exit(void)
{
	gpiochip_remove(&hold_chip);
}

module_init(hold_init);
module_exit(hold_exit);
MODULE_DESCRIPTION("A GPIO chip whose released outputs keep their level, for tests");
MODULE_LICENSE("GPL");
