// DRM/KMS output through libdrm: one connector, one CRTC, two dumb buffers and page flips on
// vblank. Everything here is non-blocking except the mode set at start; flip completions are
// read from the card's descriptor when the panel's poll loop finds it readable.
#include "CLinux.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

struct tp_drm {
    int fd;
    uint32_t connector_id;
    uint32_t crtc_id;
    drmModeModeInfo mode;
    /// What the CRTC showed before us, put back at close (the console's framebuffer).
    drmModeCrtc *saved_crtc;
    struct {
        uint32_t handle;
        uint32_t fb_id;
        uint32_t size;
        void *map;
    } buffers[2];
    /// Set by the page-flip handler while tp_drm_read_events runs.
    int flips_done;
    int64_t flip_ns;
};

static void set_error(char *error, int capacity, const char *format, ...) {
    if (!error || capacity <= 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, (size_t)capacity, format, arguments);
    va_end(arguments);
}

static void connector_name(const drmModeConnector *connector, char *name, size_t capacity) {
    const char *type = drmModeGetConnectorTypeName(connector->connector_type);
    snprintf(name, capacity, "%s-%u", type ? type : "Unknown", connector->connector_type_id);
}

/// The first connector that is connected (and named `wanted`, when given).
static drmModeConnector *find_connector(int fd, drmModeRes *resources, const char *wanted, char *seen, size_t seen_capacity) {
    seen[0] = 0;
    for (int i = 0; i < resources->count_connectors; i++) {
        drmModeConnector *connector = drmModeGetConnector(fd, resources->connectors[i]);
        if (!connector) continue;
        char name[40];
        connector_name(connector, name, sizeof name);
        const char *state = connector->connection == DRM_MODE_CONNECTED ? "connected"
            : connector->connection == DRM_MODE_DISCONNECTED ? "disconnected" : "unknown";
        size_t used = strlen(seen);
        snprintf(seen + used, seen_capacity - used, "%s%s (%s)", used ? ", " : "", name, state);
        int name_matches = !wanted || strcmp(wanted, name) == 0;
        if (name_matches && connector->connection == DRM_MODE_CONNECTED && connector->count_modes > 0) return connector;
        drmModeFreeConnector(connector);
    }
    return NULL;
}

/// The CRTC the connector's encoder drives now, else the first one any of its encoders can.
static uint32_t find_crtc(int fd, drmModeRes *resources, drmModeConnector *connector) {
    if (connector->encoder_id) {
        drmModeEncoder *encoder = drmModeGetEncoder(fd, connector->encoder_id);
        if (encoder) {
            uint32_t crtc = encoder->crtc_id;
            drmModeFreeEncoder(encoder);
            if (crtc) return crtc;
        }
    }
    for (int e = 0; e < connector->count_encoders; e++) {
        drmModeEncoder *encoder = drmModeGetEncoder(fd, connector->encoders[e]);
        if (!encoder) continue;
        for (int c = 0; c < resources->count_crtcs; c++) {
            if (encoder->possible_crtcs & (1u << c)) {
                uint32_t crtc = resources->crtcs[c];
                drmModeFreeEncoder(encoder);
                return crtc;
            }
        }
        drmModeFreeEncoder(encoder);
    }
    return 0;
}

static void free_buffers(tp_drm *drm) {
    for (int i = 0; i < 2; i++) {
        if (drm->buffers[i].map && drm->buffers[i].map != MAP_FAILED) munmap(drm->buffers[i].map, drm->buffers[i].size);
        if (drm->buffers[i].fb_id) drmModeRmFB(drm->fd, drm->buffers[i].fb_id);
        if (drm->buffers[i].handle) {
            struct drm_mode_destroy_dumb destroy = { .handle = drm->buffers[i].handle };
            drmIoctl(drm->fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
        }
        memset(&drm->buffers[i], 0, sizeof drm->buffers[i]);
    }
}

static int make_buffer(tp_drm *drm, int index, uint32_t width, uint32_t height, int rgb565, uint32_t *stride, char *error, int capacity) {
    struct drm_mode_create_dumb create = { .width = width, .height = height, .bpp = rgb565 ? 16 : 32 };
    if (drmIoctl(drm->fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) != 0) {
        set_error(error, capacity, "cannot create a %ux%u buffer: %s", width, height, strerror(errno));
        return -1;
    }
    drm->buffers[index].handle = create.handle;
    drm->buffers[index].size = (uint32_t)create.size;
    *stride = create.pitch;
    uint32_t handles[4] = { create.handle }, pitches[4] = { create.pitch }, offsets[4] = { 0 };
    uint32_t format = rgb565 ? DRM_FORMAT_RGB565 : DRM_FORMAT_XRGB8888;
    if (drmModeAddFB2(drm->fd, width, height, format, handles, pitches, offsets, &drm->buffers[index].fb_id, 0) != 0) {
        set_error(error, capacity, "cannot add a %s framebuffer: %s", rgb565 ? "RGB565" : "XRGB8888", strerror(errno));
        return -1;
    }
    struct drm_mode_map_dumb map = { .handle = create.handle };
    if (drmIoctl(drm->fd, DRM_IOCTL_MODE_MAP_DUMB, &map) != 0) {
        set_error(error, capacity, "cannot map a buffer: %s", strerror(errno));
        return -1;
    }
    void *pixels = mmap(NULL, create.size, PROT_READ | PROT_WRITE, MAP_SHARED, drm->fd, (off_t)map.offset);
    if (pixels == MAP_FAILED) {
        set_error(error, capacity, "cannot map a buffer: %s", strerror(errno));
        return -1;
    }
    drm->buffers[index].map = pixels;
    memset(pixels, 0, create.size);
    return 0;
}

/// One card: its connector, mode, CRTC and buffers, or NULL with why in `error`.
static tp_drm *open_card(const char *path, const char *wanted_connector, uint32_t width, uint32_t height, int rgb565,
                         tp_drm_info *info, int *absent, char *error, int capacity) {
    int fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        *absent = errno == ENOENT || errno == ENODEV || errno == ENXIO;
        set_error(error, capacity, "%s: %s", path, strerror(errno));
        return NULL;
    }
    drmModeRes *resources = drmModeGetResources(fd);
    if (!resources) {
        // A render-only GPU (the Pi 5's v3d is card0): no display can be on it.
        *absent = 1;
        set_error(error, capacity, "%s: not a KMS card (%s)", path, strerror(errno));
        close(fd);
        return NULL;
    }
    char seen[512];
    drmModeConnector *connector = find_connector(fd, resources, wanted_connector, seen, sizeof seen);
    if (!connector) {
        *absent = 1;
        if (wanted_connector) {
            set_error(error, capacity, "%s: connector %s is not there or not connected; connectors: %s", path, wanted_connector,
                      seen[0] ? seen : "none");
        } else {
            set_error(error, capacity, "%s: no connected display; connectors: %s", path, seen[0] ? seen : "none");
        }
        drmModeFreeResources(resources);
        close(fd);
        return NULL;
    }
    // The preferred mode when it is the panel's size, else the first mode of that size.
    int chosen = -1;
    char modes[512] = "";
    for (int i = 0; i < connector->count_modes; i++) {
        drmModeModeInfo *mode = &connector->modes[i];
        size_t used = strlen(modes);
        snprintf(modes + used, sizeof modes - used, "%s%ux%u@%u", used ? ", " : "", mode->hdisplay, mode->vdisplay, mode->vrefresh);
        if (mode->hdisplay != width || mode->vdisplay != height) continue;
        if (chosen < 0 || (mode->type & DRM_MODE_TYPE_PREFERRED)) {
            if (chosen < 0 || !(connector->modes[chosen].type & DRM_MODE_TYPE_PREFERRED)) chosen = i;
        }
    }
    char name[40];
    connector_name(connector, name, sizeof name);
    if (chosen < 0) {
        set_error(error, capacity, "%s %s has no %ux%u mode ([display] width x height); its modes: %s", path, name, width, height, modes);
        drmModeFreeConnector(connector);
        drmModeFreeResources(resources);
        close(fd);
        return NULL;
    }
    uint32_t crtc = find_crtc(fd, resources, connector);
    if (!crtc) {
        set_error(error, capacity, "%s %s: no CRTC can drive it", path, name);
        drmModeFreeConnector(connector);
        drmModeFreeResources(resources);
        close(fd);
        return NULL;
    }
    tp_drm *drm = calloc(1, sizeof *drm);
    if (!drm) {
        set_error(error, capacity, "out of memory");
        drmModeFreeConnector(connector);
        drmModeFreeResources(resources);
        close(fd);
        return NULL;
    }
    drm->fd = fd;
    drm->connector_id = connector->connector_id;
    drm->crtc_id = crtc;
    drm->mode = connector->modes[chosen];
    drmModeFreeConnector(connector);
    drmModeFreeResources(resources);

    uint32_t stride = 0;
    for (int i = 0; i < 2; i++) {
        char why[200];
        if (make_buffer(drm, i, width, height, rgb565, &stride, why, sizeof why) != 0) {
            set_error(error, capacity, "%s %s: %s", path, name, why);
            free_buffers(drm);
            close(fd);
            free(drm);
            return NULL;
        }
    }
    drm->saved_crtc = drmModeGetCrtc(fd, crtc);
    if (drmModeSetCrtc(fd, crtc, drm->buffers[0].fb_id, 0, 0, &drm->connector_id, 1, &drm->mode) != 0) {
        int code = errno;
        set_error(error, capacity, "%s %s: cannot set the mode: %s%s", path, name, strerror(code),
                  code == EACCES || code == EPERM ? " (another program, a desktop or a compositor, is the DRM master)" : "");
        if (drm->saved_crtc) drmModeFreeCrtc(drm->saved_crtc);
        free_buffers(drm);
        close(fd);
        free(drm);
        return NULL;
    }
    info->width = width;
    info->height = height;
    info->stride = stride;
    info->bits_per_pixel = rgb565 ? 16 : 32;
    info->refresh_hz = drm->mode.vrefresh;
    info->pixels[0] = drm->buffers[0].map;
    info->pixels[1] = drm->buffers[1].map;
    info->buffer_bytes = drm->buffers[0].size < drm->buffers[1].size ? drm->buffers[0].size : drm->buffers[1].size;
    snprintf(info->connector, sizeof info->connector, "%s", name);
    snprintf(info->card, sizeof info->card, "%s", path);
    return drm;
}

tp_drm *tp_drm_open(const char *card, const char *connector, uint32_t width, uint32_t height, int rgb565, tp_drm_info *info,
                    int *absent, char *error, int capacity) {
    memset(info, 0, sizeof *info);
    *absent = 0;
    if (card) return open_card(card, connector, width, height, rgb565, info, absent, error, capacity);
    // The first card with a connected display: on a Pi 5 the display card's number is not fixed.
    char reasons[1024] = "";
    int found = 0, all_absent = 1;
    for (int n = 0; n < 16; n++) {
        char path[32];
        snprintf(path, sizeof path, "/dev/dri/card%d", n);
        if (access(path, F_OK) != 0) continue;
        found++;
        char why[512];
        int card_absent = 0;
        tp_drm *drm = open_card(path, connector, width, height, rgb565, info, &card_absent, why, sizeof why);
        if (drm) return drm;
        all_absent = all_absent && card_absent;
        size_t used = strlen(reasons);
        snprintf(reasons + used, sizeof reasons - used, "%s%s", used ? "; " : "", why);
    }
    *absent = all_absent;
    if (!found) {
        set_error(error, capacity, "no DRM card in /dev/dri");
    } else {
        set_error(error, capacity, "%s", reasons);
    }
    return NULL;
}

int tp_drm_fd(const tp_drm *drm) { return drm->fd; }

static void on_page_flip(int fd, unsigned int frame, unsigned int sec, unsigned int usec, void *data) {
    (void)fd;
    (void)frame;
    tp_drm *drm = data;
    drm->flips_done++;
    // DRM's event times are CLOCK_MONOTONIC unless the driver says otherwise.
    drm->flip_ns = (int64_t)sec * 1000000000 + (int64_t)usec * 1000;
}

int tp_drm_flip(tp_drm *drm, int buffer) {
    if (buffer < 0 || buffer > 1) return -EINVAL;
    if (drmModePageFlip(drm->fd, drm->crtc_id, drm->buffers[buffer].fb_id, DRM_MODE_PAGE_FLIP_EVENT, drm) != 0) return -errno;
    return 0;
}

int tp_drm_read_events(tp_drm *drm, int64_t *flip_ns) {
    drmEventContext context = { .version = 2, .page_flip_handler = on_page_flip };
    drm->flips_done = 0;
    if (drmHandleEvent(drm->fd, &context) != 0) return errno == EAGAIN ? 0 : -errno;
    if (flip_ns) *flip_ns = drm->flip_ns;
    return drm->flips_done;
}

int tp_drm_connected(tp_drm *drm) {
    drmModeConnector *connector = drmModeGetConnectorCurrent(drm->fd, drm->connector_id);
    if (!connector) return 0;
    int connected = connector->connection == DRM_MODE_CONNECTED;
    drmModeFreeConnector(connector);
    return connected;
}

void tp_drm_close(tp_drm *drm) {
    if (!drm) return;
    drmModeCrtc *saved = drm->saved_crtc;
    if (saved && saved->buffer_id) {
        drmModeSetCrtc(drm->fd, saved->crtc_id, saved->buffer_id, saved->x, saved->y, &drm->connector_id, 1, &saved->mode);
    }
    if (saved) drmModeFreeCrtc(saved);
    free_buffers(drm);
    close(drm->fd);
    free(drm);
}
