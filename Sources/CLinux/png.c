// PNG decoding and encoding through Debian's libpng (libpng16, which deflates with zlib). libpng
// reports an error by calling its error handler and never returning: the handler must longjmp.
// Swift cannot have a frame jumped over, so every entry point here sets its own setjmp before it
// calls libpng, the handler copies libpng's message and jumps back there, and the entry point
// returns a status instead.
//
// The rule that comes with setjmp: nothing a function changes after its setjmp is read after
// the jump lands, unless it lives in memory the jump does not restore. Here that is the heap
// objects `tp_png` and `tp_png_writer` (their stage, message, truncation flag, rows written and
// bytes); the locals read after a jump are set before the setjmp and never changed.
#include "CLinux.h"
#include <png.h>
#include <inttypes.h>
#include <setjmp.h>

enum stage { STAGE_FAILED = -1, STAGE_OPEN = 0, STAGE_HEADER = 1, STAGE_DONE = 2 };

/// What libpng said to a reader or a writer: its error handler's pointer.
struct said {
    char message[160];
    /// The first warning libpng gave: what an "Invalid IHDR data" was about.
    char warning[96];
};

static void set_message(struct said *said, const char *text)
{
    snprintf(said->message, sizeof said->message, "%s", text);
}

static void on_error(png_structp png, png_const_charp text)
{
    struct said *said = png_get_error_ptr(png);
    if (text == NULL) text = "libpng failed without a message";
    // libpng checks IHDR by warning about each bad field, then fails with this summary.
    if (strcmp(text, "Invalid IHDR data") == 0 && said->warning[0] != '\0') {
        snprintf(said->message, sizeof said->message, "%s (%s)", text, said->warning);
    } else {
        set_message(said, text);
    }
    png_longjmp(png, 1);
}

/// Warnings (a bad CRC in a skipped chunk, extra compressed data) change nothing in the pixels;
/// libpng's default would print them on stderr. The first is kept for on_error.
static void on_warning(png_structp png, png_const_charp text)
{
    struct said *said = png_get_error_ptr(png);
    if (said->warning[0] == '\0' && text != NULL) snprintf(said->warning, sizeof said->warning, "%s", text);
}

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
    struct said said;
};

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
    p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &p->said, on_error, on_warning);
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
        set_message(&p->said, "tp_png_read_header: not a newly opened reader");
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
        set_message(&p->said, "tp_png_read_rgba: the header is not read, or the pixels are already");
        return TP_PNG_MISUSE;
    }
    png_structp png = p->png;
    png_infop info = p->info;
    const uint32_t width = png_get_image_width(png, info);
    const uint32_t height = png_get_image_height(png, info);
    const size_t row_bytes = (size_t)width * 4;
    if ((uint64_t)width * height * 4 != (uint64_t)capacity) {
        snprintf(p->said.message, sizeof p->said.message, "tp_png_read_rgba: %zu bytes given for %" PRIu32 "x%" PRIu32 " pixels",
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
    return p->said.message;
}

void tp_png_close(tp_png *p)
{
    if (p == NULL) return;
    png_destroy_read_struct(&p->png, p->info != NULL ? &p->info : NULL, NULL);
    free(p);
}

// --- Writing: 8-bit RGB rows into a PNG file's bytes in memory --------------------------------

enum write_stage { WRITE_FAILED = -1, WRITE_OPEN = 0, WRITE_ROWS = 1, WRITE_DONE = 2 };

struct tp_png_writer {
    png_structp png;
    png_infop info;
    /// The file so far: `count` bytes of `capacity` at `bytes` (malloc'd, grown by doubling).
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    uint32_t width;
    uint32_t height;
    uint32_t rows_written;
    int stage;
    struct said said;
};

/// The file's first allocation: a frame of flat colours deflates to tens of KiB.
#define WRITE_FIRST_CAPACITY (64 * 1024)

/// Row filters and zlib level, chosen by measuring 800x480 frames of examples/theme.ini and
/// examples/demo.ini on x86-64 (bytes, milliseconds a frame):
///                       theme            demo
///   none,  level 6    19,363   6.4     11,786   4.1    <- this
///   none,  level 9    17,538  19.3     10,464  12.2
///   all 5, level 6    23,259   9.5     13,260   8.9    (libpng's adaptive choice)
///   up,    level 6    24,476   5.0     13,760   4.4
/// A panel is flat colours and text: a filter turns repeats deflate finds into differences it
/// finds less well, so no filter gives the smallest files; level 9 saves a tenth for 3x the time.
/// The mirror's pictures (`fast`), made while the panel runs, take level 1: examples/theme.ini's
/// frame is 26,025 bytes instead of 19,282, made in 2.4 times less time (zlib's deflate_fast).
#define WRITE_FILTERS PNG_FILTER_NONE
#define WRITE_LEVEL 6
#define WRITE_LEVEL_FAST 1

static void write_bytes(png_structp png, png_bytep data, size_t length)
{
    tp_png_writer *w = png_get_io_ptr(png);
    if (length > w->capacity - w->count) {
        size_t capacity = w->capacity == 0 ? WRITE_FIRST_CAPACITY : w->capacity;
        while (length > capacity - w->count) {
            if (capacity > SIZE_MAX / 2) png_error(png, "the PNG file would be larger than memory can hold");
            capacity *= 2;
        }
        unsigned char *grown = realloc(w->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory for the PNG file's bytes");
        w->bytes = grown;
        w->capacity = capacity;
    }
    memcpy(w->bytes + w->count, data, length);
    w->count += length;
}

/// The bytes stay in memory until tp_png_writer_bytes: nothing to flush.
static void flush_nothing(png_structp png) { (void)png; }

tp_png_writer *tp_png_writer_open(void)
{
    tp_png_writer *w = calloc(1, sizeof *w);
    if (w == NULL) return NULL;
    w->stage = WRITE_OPEN;
    w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w->said, on_error, on_warning);
    if (w->png == NULL) {
        free(w);
        return NULL;
    }
    w->info = png_create_info_struct(w->png);
    if (w->info == NULL) {
        tp_png_writer_close(w);
        return NULL;
    }
    png_set_write_fn(w->png, w, write_bytes, flush_nothing);
    return w;
}

/// The status for the error that just jumped back.
static int write_failure(tp_png_writer *w)
{
    w->stage = WRITE_FAILED;
    return TP_PNG_WRITE_FAILED;
}

int tp_png_writer_begin(tp_png_writer *w, uint32_t width, uint32_t height, int fast)
{
    if (w->stage != WRITE_OPEN) {
        set_message(&w->said, "tp_png_writer_begin: not a newly opened writer");
        return TP_PNG_MISUSE;
    }
    if (setjmp(png_jmpbuf(w->png))) return write_failure(w);
    png_set_IHDR(w->png, w->info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(w->png, PNG_FILTER_TYPE_BASE, WRITE_FILTERS);
    png_set_compression_level(w->png, fast ? WRITE_LEVEL_FAST : WRITE_LEVEL);
    png_write_info(w->png, w->info);
    w->width = width;
    w->height = height;
    w->stage = WRITE_ROWS;
    return TP_PNG_OK;
}

int tp_png_writer_write_rows(tp_png_writer *w, const uint8_t *rgb, size_t count, uint32_t rows)
{
    if (w->stage != WRITE_ROWS) {
        set_message(&w->said, "tp_png_writer_write_rows: the writer has not begun, or has finished or failed");
        return TP_PNG_MISUSE;
    }
    if (rows > w->height - w->rows_written) {
        snprintf(w->said.message, sizeof w->said.message,
                 "tp_png_writer_write_rows: %" PRIu32 " rows given with %" PRIu32 " of %" PRIu32 " written",
                 rows, w->rows_written, w->height);
        return TP_PNG_MISUSE;
    }
    const size_t row_bytes = (size_t)w->width * 3;
    if ((uint64_t)row_bytes * rows != (uint64_t)count) {
        snprintf(w->said.message, sizeof w->said.message,
                 "tp_png_writer_write_rows: %zu bytes given for %" PRIu32 " rows of %" PRIu32 " pixels",
                 count, rows, w->width);
        return TP_PNG_MISUSE;
    }
    if (setjmp(png_jmpbuf(w->png))) return write_failure(w);
    for (uint32_t y = 0; y < rows; y++) {
        png_write_row(w->png, rgb + (size_t)y * row_bytes);
        w->rows_written++;
    }
    return TP_PNG_OK;
}

int tp_png_writer_finish(tp_png_writer *w)
{
    if (w->stage != WRITE_ROWS || w->rows_written != w->height) {
        snprintf(w->said.message, sizeof w->said.message,
                 "tp_png_writer_finish: %" PRIu32 " of %" PRIu32 " rows written", w->rows_written, w->height);
        return TP_PNG_MISUSE;
    }
    if (setjmp(png_jmpbuf(w->png))) return write_failure(w);
    png_write_end(w->png, NULL);
    w->stage = WRITE_DONE;
    return TP_PNG_OK;
}

const uint8_t *tp_png_writer_bytes(const tp_png_writer *w, size_t *count)
{
    if (w->stage != WRITE_DONE) {
        *count = 0;
        return NULL;
    }
    *count = w->count;
    return w->bytes;
}

const char *tp_png_writer_message(const tp_png_writer *w)
{
    return w->said.message;
}

void tp_png_writer_close(tp_png_writer *w)
{
    if (w == NULL) return;
    png_destroy_write_struct(&w->png, w->info != NULL ? &w->info : NULL);
    free(w->bytes);
    free(w);
}
