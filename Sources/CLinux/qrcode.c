// QR codes through Debian's libqrencode: the text encoded at error correction M, its modules
// copied into the caller's buffer so that the library's QRcode is freed before returning.
// Debian ships no static libqrencode, so the static firmware is compiled with
// TOUCHPANEL_WITHOUT_QRENCODE: there every call fails with -ENOSYS.
#include "CLinux.h"

#ifndef TOUCHPANEL_WITHOUT_QRENCODE
#include <qrencode.h>

int tp_qr_encode(const char *text, size_t length, uint8_t *modules, size_t capacity)
{
    if (text == NULL || strlen(text) != length)
        return -EINVAL;
    errno = 0;
    // QR_MODE_8 with case sensitivity: digits and upper-case runs still take the denser
    // numeric and alphanumeric modes, every other byte is encoded as it is (UTF-8 stays UTF-8).
    QRcode *code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (code == NULL)
        return errno == ERANGE ? -ERANGE : (errno != 0 ? -errno : -ENOMEM);
    int width = code->width;
    size_t count = (size_t)width * (size_t)width;
    if (count > capacity) {
        QRcode_free(code);
        return -ENOSPC;
    }
    // Bit 0 of each byte is the module's colour (1: dark); the other bits say what the module
    // is for (finder, timing, data), which a picture does not need.
    for (size_t i = 0; i < count; i++)
        modules[i] = code->data[i] & 1;
    QRcode_free(code);
    return width;
}

#else

int tp_qr_encode(const char *text, size_t length, uint8_t *modules, size_t capacity)
{
    (void)text; (void)length; (void)modules; (void)capacity;
    return -ENOSYS;
}

#endif
