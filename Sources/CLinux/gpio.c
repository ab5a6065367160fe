// One requested GPIO line through libgpiod, written once for each of its two APIs: v1.6
// (Debian 12 "bookworm", libgpiod.so.2) and v2 (Debian 13 "trixie", libgpiod.so.3). Which one is
// compiled follows the gpiod.h in the include path: only v1 defines GPIOD_BIT. Swift sees the
// same few functions either way (CLinux.h, "GPIO lines").
#include "CLinux.h"

#include <gpiod.h>
#include <limits.h>

#if defined(GPIOD_BIT)
#define TP_GPIOD_API 1
#else
#define TP_GPIOD_API 2
#endif

int tp_gpio_api_version(void) { return TP_GPIOD_API; }

static const char tp_consumer[] = "touchpanel";

static void tp_copy(char *destination, size_t capacity, const char *text) {
    if (capacity == 0) return;
    snprintf(destination, capacity, "%s", text ? text : "");
}

/// Chip open failures: errno says why (EACCES, ENOENT, ...).
static int tp_chip_error(void) {
    return (errno == EACCES || errno == EPERM) ? TP_GPIO_PERMISSION_DENIED : TP_GPIO_NO_CHIP;
}

#if TP_GPIOD_API == 1

struct tp_gpio_line {
    struct gpiod_chip *chip;
    struct gpiod_line *line;
    int edge_type;
    struct gpiod_line_event events[16];
};

static struct gpiod_chip *tp_open_chip(const struct tp_gpio_request *request) {
    switch (request->chip_kind) {
    case TP_GPIO_CHIP_PATH: return gpiod_chip_open(request->chip);
    case TP_GPIO_CHIP_NAME: return gpiod_chip_open_by_name(request->chip);
    case TP_GPIO_CHIP_NUMBER: return gpiod_chip_open_by_number((unsigned)request->chip_number);
    default: return gpiod_chip_open_by_label(request->chip);
    }
}

struct tp_gpio_line *tp_gpio_request(const struct tp_gpio_request *request, struct tp_gpio_failure *failure) {
    memset(failure, 0, sizeof *failure);
    struct gpiod_chip *chip = tp_open_chip(request);
    if (!chip) {
        failure->err = errno;
        failure->kind = tp_chip_error();
        return NULL;
    }
    tp_copy(failure->chip_name, sizeof failure->chip_name, gpiod_chip_name(chip));
    struct gpiod_line *line = NULL;
    if (request->line_name) {
        line = gpiod_chip_find_line(chip, request->line_name);
    } else if (request->line_offset >= 0 && (unsigned)request->line_offset < gpiod_chip_num_lines(chip)) {
        line = gpiod_chip_get_line(chip, (unsigned)request->line_offset);
    }
    if (!line) {
        failure->kind = TP_GPIO_NO_LINE;
        gpiod_chip_close(chip);
        return NULL;
    }
    int flags = request->active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
    if (request->pull_up) flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
    struct gpiod_line_request_config config = { .consumer = tp_consumer, .flags = flags };
    int edge_type = 0;
    switch (request->mode) {
    case TP_GPIO_OUTPUT: config.request_type = GPIOD_LINE_REQUEST_DIRECTION_OUTPUT; break;
    case TP_GPIO_FALLING_EDGES:
        config.request_type = GPIOD_LINE_REQUEST_EVENT_FALLING_EDGE;
        edge_type = GPIOD_LINE_EVENT_FALLING_EDGE;
        break;
    case TP_GPIO_BOTH_EDGES: config.request_type = GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES; break;
    default:
        config.request_type = GPIOD_LINE_REQUEST_EVENT_RISING_EDGE;
        edge_type = GPIOD_LINE_EVENT_RISING_EDGE;
        break;
    }
    if (gpiod_line_request(line, &config, request->initial_active ? 1 : 0) != 0) {
        failure->err = errno;
        failure->kind = TP_GPIO_REQUEST_FAILED;
        if (errno == EBUSY && gpiod_line_update(line) == 0) {
            tp_copy(failure->consumer, sizeof failure->consumer, gpiod_line_consumer(line));
        }
        gpiod_chip_close(chip);
        return NULL;
    }
    struct tp_gpio_line *result = calloc(1, sizeof *result);
    if (!result) {
        failure->err = ENOMEM;
        failure->kind = TP_GPIO_REQUEST_FAILED;
        gpiod_chip_close(chip);   // releases the line's request too
        return NULL;
    }
    result->chip = chip;
    result->line = line;
    result->edge_type = edge_type;
    return result;
}

void tp_gpio_release(struct tp_gpio_line *line) {
    if (!line) return;
    gpiod_line_release(line->line);
    gpiod_chip_close(line->chip);
    free(line);
}

int tp_gpio_event_fd(struct tp_gpio_line *line) { return gpiod_line_event_get_fd(line->line); }

int tp_gpio_set_active(struct tp_gpio_line *line, int active) {
    return gpiod_line_set_value(line->line, active ? 1 : 0);
}

int tp_gpio_get_active(struct tp_gpio_line *line) { return gpiod_line_get_value(line->line); }

int tp_gpio_read_levels(struct tp_gpio_line *line, uint64_t ns[16], unsigned char active[16]) {
    int count = gpiod_line_event_read_multiple(line->line, line->events, 16);
    if (count < 0) return -1;
    for (int i = 0; i < count; i++) {
        ns[i] = (uint64_t)(int64_t)line->events[i].ts.tv_sec * 1000000000u + (uint64_t)line->events[i].ts.tv_nsec;
        active[i] = line->events[i].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
    }
    return count;
}

int tp_gpio_read_edges(struct tp_gpio_line *line, uint64_t *latest_ns, int *matched) {
    int count = gpiod_line_event_read_multiple(line->line, line->events, 16);
    if (count < 0) return -1;
    int matching = 0;
    for (int i = 0; i < count; i++) {
        if (line->events[i].event_type != line->edge_type) continue;
        // bookworm's armhf libgpiod has a 32-bit time_t: widen before multiplying.
        uint64_t ns = (uint64_t)(int64_t)line->events[i].ts.tv_sec * 1000000000u + (uint64_t)line->events[i].ts.tv_nsec;
        if (matching == 0 || ns > *latest_ns) *latest_ns = ns;
        matching++;
    }
    *matched = matching;
    return count;
}

#else

struct tp_gpio_line {
    struct gpiod_line_request *request;
    struct gpiod_edge_event_buffer *events;
    unsigned offset;
    int edge_type;
};

/// v2 opens chips by path only; a name is /dev/NAME, a number /dev/gpiochipN, and a label is
/// found by opening each /dev/gpiochip* in turn and asking it.
static struct gpiod_chip *tp_open_chip(const struct tp_gpio_request *request) {
    char path[PATH_MAX];
    switch (request->chip_kind) {
    case TP_GPIO_CHIP_PATH: return gpiod_chip_open(request->chip);
    case TP_GPIO_CHIP_NAME:
        snprintf(path, sizeof path, "/dev/%s", request->chip);
        return gpiod_chip_open(path);
    case TP_GPIO_CHIP_NUMBER:
        snprintf(path, sizeof path, "/dev/gpiochip%d", request->chip_number);
        return gpiod_chip_open(path);
    default: break;
    }
    DIR *dev = opendir("/dev");
    if (!dev) return NULL;
    struct gpiod_chip *found = NULL;
    int denied = 0;
    struct dirent *entry;
    while (!found && (entry = readdir(dev)) != NULL) {
        if (strncmp(entry->d_name, "gpiochip", 8) != 0) continue;
        snprintf(path, sizeof path, "/dev/%s", entry->d_name);
        struct gpiod_chip *chip = gpiod_chip_open(path);
        if (!chip) {
            if (errno == EACCES || errno == EPERM) denied = 1;
            continue;
        }
        struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
        if (info && strcmp(gpiod_chip_info_get_label(info), request->chip) == 0) {
            found = chip;
        } else {
            gpiod_chip_close(chip);
        }
        if (info) gpiod_chip_info_free(info);
    }
    closedir(dev);
    if (!found) errno = denied ? EACCES : ENOENT;
    return found;
}

struct tp_gpio_line *tp_gpio_request(const struct tp_gpio_request *request, struct tp_gpio_failure *failure) {
    memset(failure, 0, sizeof *failure);
    struct gpiod_chip *chip = tp_open_chip(request);
    if (!chip) {
        failure->err = errno;
        failure->kind = tp_chip_error();
        return NULL;
    }
    struct tp_gpio_line *result = NULL;
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *line_config = gpiod_line_config_new();
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    if (!info || !settings || !line_config || !request_config) {
        failure->err = errno;
        failure->kind = TP_GPIO_REQUEST_FAILED;
        goto done;
    }
    tp_copy(failure->chip_name, sizeof failure->chip_name, gpiod_chip_info_get_name(info));
    int offset = -1;
    if (request->line_name) {
        offset = gpiod_chip_get_line_offset_from_name(chip, request->line_name);
    } else if (request->line_offset >= 0 && (size_t)request->line_offset < gpiod_chip_info_get_num_lines(info)) {
        offset = request->line_offset;
    }
    if (offset < 0) {
        failure->kind = TP_GPIO_NO_LINE;
        goto done;
    }
    int edge_type = 0;
    gpiod_line_settings_set_active_low(settings, request->active_low != 0);
    if (request->pull_up) gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_PULL_UP);
    if (request->mode == TP_GPIO_OUTPUT) {
        gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
        gpiod_line_settings_set_output_value(settings, request->initial_active ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
    } else {
        int falling = request->mode == TP_GPIO_FALLING_EDGES;
        int both = request->mode == TP_GPIO_BOTH_EDGES;
        gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
        gpiod_line_settings_set_edge_detection(
            settings, both ? GPIOD_LINE_EDGE_BOTH : falling ? GPIOD_LINE_EDGE_FALLING : GPIOD_LINE_EDGE_RISING);
        // CLOCK_MONOTONIC is v2's default event clock; said here because MonotonicClock relies on it.
        gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC);
        edge_type = falling ? GPIOD_EDGE_EVENT_FALLING_EDGE : GPIOD_EDGE_EVENT_RISING_EDGE;
    }
    unsigned line_offset = (unsigned)offset;
    gpiod_request_config_set_consumer(request_config, tp_consumer);
    if (gpiod_line_config_add_line_settings(line_config, &line_offset, 1, settings) != 0) {
        failure->err = errno;
        failure->kind = TP_GPIO_REQUEST_FAILED;
        goto done;
    }
    struct gpiod_line_request *line_request = gpiod_chip_request_lines(chip, request_config, line_config);
    if (!line_request) {
        failure->err = errno;
        failure->kind = TP_GPIO_REQUEST_FAILED;
        if (failure->err == EBUSY) {
            struct gpiod_line_info *line_info = gpiod_chip_get_line_info(chip, line_offset);
            if (line_info) {
                tp_copy(failure->consumer, sizeof failure->consumer, gpiod_line_info_get_consumer(line_info));
                gpiod_line_info_free(line_info);
            }
        }
        goto done;
    }
    result = calloc(1, sizeof *result);
    if (result && request->mode != TP_GPIO_OUTPUT) result->events = gpiod_edge_event_buffer_new(16);
    if (!result || (request->mode != TP_GPIO_OUTPUT && !result->events)) {
        failure->err = ENOMEM;
        failure->kind = TP_GPIO_REQUEST_FAILED;
        gpiod_line_request_release(line_request);
        free(result);
        result = NULL;
        goto done;
    }
    result->request = line_request;
    result->offset = line_offset;
    result->edge_type = edge_type;
done:
    // A v2 request lives on without its chip, so the chip is closed at once.
    if (request_config) gpiod_request_config_free(request_config);
    if (line_config) gpiod_line_config_free(line_config);
    if (settings) gpiod_line_settings_free(settings);
    if (info) gpiod_chip_info_free(info);
    gpiod_chip_close(chip);
    return result;
}

void tp_gpio_release(struct tp_gpio_line *line) {
    if (!line) return;
    gpiod_line_request_release(line->request);
    if (line->events) gpiod_edge_event_buffer_free(line->events);
    free(line);
}

int tp_gpio_event_fd(struct tp_gpio_line *line) { return gpiod_line_request_get_fd(line->request); }

int tp_gpio_set_active(struct tp_gpio_line *line, int active) {
    return gpiod_line_request_set_value(line->request, line->offset,
                                        active ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
}

int tp_gpio_get_active(struct tp_gpio_line *line) {
    return (int)gpiod_line_request_get_value(line->request, line->offset);
}

int tp_gpio_read_levels(struct tp_gpio_line *line, uint64_t ns[16], unsigned char active[16]) {
    int count = gpiod_line_request_read_edge_events(line->request, line->events, 16);
    if (count < 0) return -1;
    for (int i = 0; i < count; i++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(line->events, (unsigned long)i);
        ns[i] = gpiod_edge_event_get_timestamp_ns(event);
        active[i] = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
    }
    return count;
}

int tp_gpio_read_edges(struct tp_gpio_line *line, uint64_t *latest_ns, int *matched) {
    int count = gpiod_line_request_read_edge_events(line->request, line->events, 16);
    if (count < 0) return -1;
    int matching = 0;
    for (int i = 0; i < count; i++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(line->events, (unsigned long)i);
        if ((int)gpiod_edge_event_get_event_type(event) != line->edge_type) continue;
        uint64_t ns = gpiod_edge_event_get_timestamp_ns(event);
        if (matching == 0 || ns > *latest_ns) *latest_ns = ns;
        matching++;
    }
    *matched = matching;
    return count;
}

#endif
