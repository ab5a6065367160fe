// SPDX-License-Identifier: GPL-2.0
/*
 * gt911-stub: a Goodix GT911 touch controller for the TouchPanel kernel VM tests.
 *
 * The kernel has no simulator for a chip with 16-bit register addresses (i2c-stub speaks
 * SMBus, 8-bit commands), so this module registers an I2C adapter of its own, named
 * "TouchPanel GT911 stub", that answers plain I2C transfers (I2C_RDWR through i2c-dev) at one
 * address the way a GT911 does:
 *   - a write message [reg_hi, reg_lo, data...] sets the register pointer and stores the data
 *     there, auto-incrementing;
 *   - a read message returns bytes from the pointer on, auto-incrementing (after a
 *     [reg_hi, reg_lo] write in the same transfer, as the chip is read).
 * Registers 0x8000..0x81FF hold: the config block at 0x8047 (version, X max LE16, Y max LE16,
 * touch number, module switch 1 with the INT trigger in bits 1:0), the product id "911" and
 * firmware version at 0x8140, and the status/points at 0x814E, which the test harness writes
 * (as the chip's scan would) and the firmware clears by writing 0.
 *
 * Test hook: /sys/module/gt911_stub/parameters/nack; while 1, every transfer fails with
 * -ENXIO, as an unplugged chip gives no acknowledge.
 */
#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/mutex.h>

#define WINDOW_START 0x8000
#define WINDOW_SIZE 0x200

static unsigned short addr = 0x5d;
module_param(addr, ushort, 0444);
MODULE_PARM_DESC(addr, "The 7-bit address the chip answers at (0x5d or 0x14)");

static unsigned short x_max = 800;
module_param(x_max, ushort, 0444);
static unsigned short y_max = 480;
module_param(y_max, ushort, 0444);
static unsigned short touches = 5;
module_param(touches, ushort, 0444);
static unsigned short trigger = 1;
module_param(trigger, ushort, 0444);
MODULE_PARM_DESC(trigger, "INT trigger in the config block: 0 rising, 1 falling, 2 low, 3 high");

static bool nack;
module_param(nack, bool, 0644);
MODULE_PARM_DESC(nack, "Answer every transfer with no acknowledge (-ENXIO), like an unplugged chip");

static u8 registers[WINDOW_SIZE];
static u16 pointer;
static DEFINE_MUTEX(registers_lock);

static u8 *reg(u16 address)
{
	return &registers[(u16)(address - WINDOW_START) % WINDOW_SIZE];
}

static int gt911_stub_xfer(struct i2c_adapter *adapter, struct i2c_msg *messages, int count)
{
	int i, j, result = count;

	if (READ_ONCE(nack))
		return -ENXIO;
	mutex_lock(&registers_lock);
	for (i = 0; i < count; i++) {
		struct i2c_msg *message = &messages[i];

		if (message->addr != addr) {
			result = -ENXIO;
			break;
		}
		if (message->flags & I2C_M_RD) {
			for (j = 0; j < message->len; j++)
				message->buf[j] = *reg(pointer++);
			continue;
		}
		if (message->len < 2) {
			result = -EOPNOTSUPP;
			break;
		}
		pointer = (u16)(message->buf[0] << 8 | message->buf[1]);
		for (j = 2; j < message->len; j++)
			*reg(pointer++) = message->buf[j];
	}
	mutex_unlock(&registers_lock);
	return result;
}

static u32 gt911_stub_functionality(struct i2c_adapter *adapter)
{
	return I2C_FUNC_I2C;
}

static const struct i2c_algorithm gt911_stub_algorithm = {
	.master_xfer = gt911_stub_xfer,
	.functionality = gt911_stub_functionality,
};

static struct i2c_adapter gt911_stub_adapter = {
	.owner = THIS_MODULE,
	.algo = &gt911_stub_algorithm,
	.name = "TouchPanel GT911 stub",
};

static int __init gt911_stub_init(void)
{
	*reg(0x8047) = 0x41;
	*reg(0x8048) = x_max & 0xff;
	*reg(0x8049) = x_max >> 8;
	*reg(0x804a) = y_max & 0xff;
	*reg(0x804b) = y_max >> 8;
	*reg(0x804c) = touches & 0x0f;
	*reg(0x804d) = trigger & 0x03;
	*reg(0x8140) = '9';
	*reg(0x8141) = '1';
	*reg(0x8142) = '1';
	*reg(0x8143) = 0;
	*reg(0x8144) = 0x60;
	*reg(0x8145) = 0x10;
	return i2c_add_adapter(&gt911_stub_adapter);
}

static void __exit gt911_stub_exit(void)
{
	i2c_del_adapter(&gt911_stub_adapter);
}

module_init(gt911_stub_init);
module_exit(gt911_stub_exit);
MODULE_DESCRIPTION("A Goodix GT911 register map on an I2C adapter of its own, for tests");
MODULE_LICENSE("GPL");
