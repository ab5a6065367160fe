// PNG decoding through Debian's libpng (libpng16). libpng reports an error by calling its error
// handler and never returning: the handler must longjmp. Swift cannot have a frame jumped over,
// so every entry point here sets its own setjmp before it calls libpng, the handler copies
// libpng's message and jumps back there, and the entry point returns a status instead.
//
// The rule that comes with setjmp: nothing a function changes after its setjmp is read after
// the jump lands, unless it lives in memory the jump does not restore. Here that is the heap
// object `tp_png` (its stage, its message, its truncation flag); the locals read after a jump
// are set before the setjmp and never changed.
#include "CLinux.h"
#include <png.h>
#include <inttypes.h>
#include <setjmp.h>

enum stage { STAGE_FAILED = -1, STAGE_OPEN = 0, STAGE_HEADER = 1, STAGE_DONE = 2 };

struct tp_png {
    png_structp png;
    png_infop info;
    const unsigned char *bytes;
    size_t count;
    /// Bytes handed to libpng so far.
    size_t at;
    /// 1 once libpng asked for bytes past the end: the error that follows is "truncated".
    int truncated;
    /// 1 during the last row: libpng then inflates what is left of the image data to check
    /// it, and at most `trailing_max` more bytes are handed to it from `trailing_from` on.
    int last_row;
    size_t trailing_from;
    size_t trailing_max;
    int stage;
    char message[160];
    /// The first warning libpng gave this reader: what an "Invalid IHDR data" was about.
    char warning[96];
};

static void set_message(tp_png *p, const char *text)
{
    snprintf(p->message, sizeof p->message, "%s", text);
}

static void on_error(png_structp png, png_const_charp text)
{
    tp_png *p = png_get_error_ptr(png);
    if (text == NULL) text = "libpng failed without a message";
    // libpng checks IHDR by warning about each bad field, then fails with this summary.
    if (strcmp(text, "Invalid IHDR data") == 0 && p->warning[0] != '\0') {
        snprintf(p->message, sizeof p->message, "%s (%s)", text, p->warning);
    } else {
        set_message(p, text);
    }
    png_longjmp(png, 1);
}

/// Warnings (a bad CRC in a skipped chunk, extra compressed data) change nothing in the pixels;
/// libpng's default would print them on stderr. The first is kept for on_error.
static void on_warning(png_structp png, png_const_charp text)
{
    tp_png *p = png_get_error_ptr(png);
    if (p->warning[0] == '\0' && text != NULL) snprintf(p->warning, sizeof p->warning, "%s", text);
}

static void read_bytes(png_structp png, png_bytep out, size_t length)
{
    tp_png *p = png_get_io_ptr(png);
    if (length > p->count - p->at) {
        p->truncated = 1;
        png_error(png, "the data ends before the image does");
    }
    if (p->last_row && p->at + length - p->trailing_from > p->trailing_max) {
        png_error(png, "IDAT: the compressed data goes on after the image's last row; the rest is not inflated");
    }
    memcpy(out, p->bytes + p->at, length);
    p->at += length;
}

/// The status for the error that just jumped back.
static int failure(tp_png *p)
{
    p->stage = STAGE_FAILED;
    return p->truncated ? TP_PNG_TRUNCATED : TP_PNG_CORRUPT;
}

/// Ancillary chunks libpng would read and store, none of which changes what is drawn here (no
/// gamma, colour profile, background, text or physical size is applied): skipped unread, so
/// no memory or time goes into them (iCCP and zTXt are compressed). Each name is 4 letters and
/// a NUL. tRNS stays: it becomes the alpha channel.
static const png_byte skipped_chunks[] =
    "bKGD\0cHRM\0eXIf\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0sCAL\0sPLT\0sRGB\0tEXt\0tIME\0zTXt";

tp_png *tp_png_open(const void *bytes, size_t count)
{
    tp_png *p = calloc(1, sizeof *p);
    if (p == NULL) return NULL;
    p->bytes = bytes;
    p->count = count;
    p->stage = STAGE_OPEN;
    p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, p, on_error, on_warning);
    if (p->png == NULL) {
        free(p);
        return NULL;
    }
    p->info = png_create_info_struct(p->png);
    if (p->info == NULL) {
        tp_png_close(p);
        return NULL;
    }
    if (setjmp(png_jmpbuf(p->png))) {
        tp_png_close(p);
        return NULL;
    }
    png_set_read_fn(p->png, p, read_bytes);
    png_set_keep_unknown_chunks(p->png, PNG_HANDLE_CHUNK_NEVER, skipped_chunks, (int)(sizeof skipped_chunks / 5));
    return p;
}

int tp_png_read_header(tp_png *p, uint32_t *width, uint32_t *height)
{
    if (p->stage != STAGE_OPEN) {
        set_message(p, "tp_png_read_header: not a newly opened reader");
        return TP_PNG_MISUSE;
    }
    if (setjmp(png_jmpbuf(p->png))) return failure(p);
    png_read_info(p->png, p->info);
    *width = png_get_image_width(p->png, p->info);
    *height = png_get_image_height(p->png, p->info);
    p->stage = STAGE_HEADER;
    return TP_PNG_OK;
}

/// libpng's reads of image data: PNG_IDAT_READ_SIZE (pnglibconf.h) bytes at most.
#define IDAT_READ_BYTES 8192

/// Bounds what the last png_read_row may read. After the last row's pixels, libpng inflates
/// the rest of the image data to its end and drops it (png_read_finish_IDAT): an encoder
/// leaves a few bytes there (the stream's end and checksum); a bomb leaves megabytes of
/// deflated zeros (2 MB inflate to 2 GB: 4-5 s). So the last call may read one row's data
/// (1 filter byte and 8 bytes a pixel at most, an eighth more for deflate's codes), one of
/// libpng's reads in flight and 1 KiB of chunk headers and CRCs; read_bytes refuses more.
/// (With interlacing libpng takes every pass through every row, so the last call is still
/// the last pass's last row.) Only the heap object changes: the setjmp rule holds.
static void cap_last_row(tp_png *p, uint32_t width)
{
    const size_t row_bytes = 1 + (size_t)width * 8;
    p->trailing_from = p->at;
    p->trailing_max = row_bytes + row_bytes / 8 + IDAT_READ_BYTES + 1024;
    p->last_row = 1;
}

int tp_png_read_rgba(tp_png *p, uint8_t *rgba, size_t capacity)
{
    if (p->stage != STAGE_HEADER) {
        set_message(p, "tp_png_read_rgba: the header is not read, or the pixels are already");
        return TP_PNG_MISUSE;
    }
    png_structp png = p->png;
    png_infop info = p->info;
    const uint32_t width = png_get_image_width(png, info);
    const uint32_t height = png_get_image_height(png, info);
    const size_t row_bytes = (size_t)width * 4;
    if ((uint64_t)width * height * 4 != (uint64_t)capacity) {
        snprintf(p->message, sizeof p->message, "tp_png_read_rgba: %zu bytes given for %" PRIu32 "x%" PRIu32 " pixels",
                 capacity, width, height);
        return TP_PNG_MISUSE;
    }
    if (setjmp(png_jmpbuf(png))) return failure(p);

    png_set_expand(png);                            // palette -> RGB; gray below 8 bits -> 8; tRNS -> alpha
    png_set_strip_16(png);                          // 16-bit samples keep their high byte
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER); // opaque alpha where there is none (after expand)
    const int passes = png_set_interlace_handling(png);   // 7 for Adam7, else 1
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != row_bytes || png_get_bit_depth(png, info) != 8 || png_get_channels(png, info) != 4) {
        png_error(png, "libpng's transformations did not give 8-bit RGBA rows");
    }
    // Each pass over every row: libpng writes the pixels of that pass into the full rows, so
    // after the last pass every pixel of an interlaced image is in place.
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) {
            if (pass == passes - 1 && y == height - 1) cap_last_row(p, width);
            png_read_row(png, rgba + (size_t)y * row_bytes, NULL);
        }
    }
    p->last_row = 0;
    // Up to IEND: the CRCs of the last chunks are checked, and a file cut short is refused.
    png_read_end(png, info);
    p->stage = STAGE_DONE;
    return TP_PNG_OK;
}

const char *tp_png_message(const tp_png *p)
{
    return p->message;
}

void tp_png_close(tp_png *p)
{
    if (p == NULL) return;
    png_destroy_read_struct(&p->png, p->info != NULL ? &p->info : NULL, NULL);
    free(p);
}
