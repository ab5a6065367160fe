// One line of text laid out as a phone lays it out: the Unicode bidirectional algorithm
// through GNU FriBidi gives each character its embedding level, the line is cut into runs of
// one level, one script and one font of the chain, each run is shaped by HarfBuzz (joining,
// ligatures, marks, mirrored brackets in right-to-left runs) over the run's FreeType face, and
// the runs are put in visual order (rule L2). Debian ships no static HarfBuzz, so the static
// firmware is compiled with TOUCHPANEL_WITHOUT_HARFBUZZ: there every call fails with -ENOSYS
// and labels are laid out character by character.
#include "CLinux.h"

#ifndef TOUCHPANEL_WITHOUT_HARFBUZZ
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fribidi.h>
#include <hb-ft.h>
#include <hb.h>

void *tp_text_font_create(void *ft_face)
{
    if (ft_face == NULL)
        return NULL;
    hb_font_t *font = hb_ft_font_create_referenced((FT_Face)ft_face);
    // Hinted advances, as FreeType draws the glyphs (HarfBuzz's default is unhinted).
    hb_ft_font_set_load_flags(font, FT_LOAD_DEFAULT);
    return font;
}

void tp_text_font_changed(void *font)
{
    if (font != NULL)
        hb_ft_font_changed((hb_font_t *)font);
}

void tp_text_font_destroy(void *font)
{
    if (font != NULL)
        hb_font_destroy((hb_font_t *)font);
}

/// A character that belongs to the one before it: drawn from the same font, whatever the
/// chain says for it alone (a combining mark, a joiner, a variation selector, a skin tone, a
/// keycap, an emoji tag).
static int continues_previous(hb_unicode_funcs_t *unicode, uint32_t c)
{
    switch (hb_unicode_general_category(unicode, c)) {
    case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
        return 1;
    default:
        break;
    }
    return c == 0x200C || c == 0x200D || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF) ||
           (c >= 0x1F3FB && c <= 0x1F3FF) || (c >= 0xE0020 && c <= 0xE007F);
}

static int face_has(const tp_text_face *face, uint32_t c)
{
    return face->ft_face != NULL && FT_Get_Char_Index((FT_Face)face->ft_face, c) != 0;
}

/// The face of the chain that draws text[i]: the previous character's for one that continues
/// it, and for a space or punctuation that face has; a colour face first for a character asking
/// for emoji presentation (U+FE0F after it); else the first face that has it; else the first.
static uint16_t choose_face(const tp_text_face *faces, size_t face_count, hb_unicode_funcs_t *unicode, const uint32_t *text,
                            size_t length, size_t i, const uint16_t *chosen)
{
    uint32_t c = text[i];
    if (i > 0) {
        const tp_text_face *previous = &faces[chosen[i - 1]];
        if (continues_previous(unicode, c))
            return chosen[i - 1];
        hb_script_t script = hb_unicode_script(unicode, c);
        if ((script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED) && face_has(previous, c) && !previous->is_colour)
            return chosen[i - 1];
    }
    if (i + 1 < length && text[i + 1] == 0xFE0F) {
        for (size_t f = 0; f < face_count; f++)
            if (faces[f].is_colour && face_has(&faces[f], c))
                return (uint16_t)f;
    }
    for (size_t f = 0; f < face_count; f++)
        if (face_has(&faces[f], c))
            return (uint16_t)f;
    return 0;
}

/// One run: characters [start, end) of one level, script and face.
struct run {
    size_t start, end;
    FriBidiLevel level;
    hb_script_t script;
    uint16_t face;
};

int tp_text_shape_line(const tp_text_face *faces, size_t face_count, const uint32_t *text, size_t length,
                       uint32_t pixel_size, tp_text_glyph *glyphs, size_t capacity, int *right_to_left)
{
    if (faces == NULL || face_count == 0 || face_count > 0xFFFF || (text == NULL && length > 0) || length > 0x10000)
        return -EINVAL;
    *right_to_left = 0;
    if (length == 0)
        return 0;
    hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();

    // One allocation for the line's arrays, the widest first so that each stays aligned.
    size_t bytes = length * (sizeof(struct run) + sizeof(size_t) + sizeof(hb_script_t) + sizeof(FriBidiCharType) +
                             sizeof(FriBidiBracketType) + sizeof(uint16_t) + sizeof(FriBidiLevel));
    char *block = malloc(bytes);
    if (block == NULL)
        return -ENOMEM;
    struct run *runs = (struct run *)block;
    size_t *order = (size_t *)(runs + length);
    hb_script_t *scripts = (hb_script_t *)(order + length);
    FriBidiCharType *types = (FriBidiCharType *)(scripts + length);
    FriBidiBracketType *brackets = (FriBidiBracketType *)(types + length);
    uint16_t *chosen = (uint16_t *)(brackets + length);
    FriBidiLevel *levels = (FriBidiLevel *)(chosen + length);
    // One buffer for every line, kept: its arrays grow to the longest line once, rather than
    // being allocated again for each (the panel lays out on its loop's one thread).
    static hb_buffer_t *buffer;
    if (buffer == NULL)
        buffer = hb_buffer_create();
    int result = -ENOMEM;
    if (!hb_buffer_allocation_successful(buffer))
        goto done;

    // Levels by the Unicode algorithm, the paragraph's direction from its first strong character.
    FriBidiParType base = FRIBIDI_PAR_ON;
    fribidi_get_bidi_types(text, (FriBidiStrIndex)length, types);
    fribidi_get_bracket_types(text, (FriBidiStrIndex)length, types, brackets);
    if (fribidi_get_par_embedding_levels_ex(types, brackets, (FriBidiStrIndex)length, &base, levels) == 0)
        goto done;
    FriBidiLevel paragraph = FRIBIDI_DIR_TO_LEVEL(base);
    *right_to_left = paragraph & 1;
    // Rule L1 for a line: whitespace (and isolates, explicit codes) at its end takes the
    // paragraph's level.
    for (size_t i = length; i > 0 && (FRIBIDI_IS_EXPLICIT_OR_BN_OR_WS(types[i - 1]) || FRIBIDI_IS_ISOLATE(types[i - 1])); i--)
        levels[i - 1] = paragraph;

    // Scripts: a common or inherited character (a space, a digit, a mark) takes its
    // neighbour's, the one before it or, at the start, the first real one after.
    hb_script_t last = HB_SCRIPT_UNKNOWN;
    for (size_t i = 0; i < length; i++) {
        hb_script_t script = hb_unicode_script(unicode, text[i]);
        if (script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN)
            script = last;
        scripts[i] = script;
        if (script != HB_SCRIPT_UNKNOWN)
            last = script;
    }
    for (size_t i = length; i > 0; i--)
        if (scripts[i - 1] == HB_SCRIPT_UNKNOWN)
            scripts[i - 1] = i < length ? scripts[i] : HB_SCRIPT_COMMON;

    for (size_t i = 0; i < length; i++)
        chosen[i] = choose_face(faces, face_count, unicode, text, length, i, chosen);

    size_t run_count = 0;
    for (size_t i = 0; i < length; i++) {
        if (run_count > 0) {
            struct run *open = &runs[run_count - 1];
            if (open->level == levels[i] && open->script == scripts[i] && open->face == chosen[i]) {
                open->end = i + 1;
                continue;
            }
        }
        runs[run_count++] = (struct run){i, i + 1, levels[i], scripts[i], chosen[i]};
    }

    // Rule L2: from the highest level down to 1, every sequence of runs at that level or
    // above is reversed (as fribidi_reorder_line does; runs of an even level inside a
    // right-to-left paragraph are reversed twice and read left to right).
    FriBidiLevel highest = 0;
    for (size_t r = 0; r < run_count; r++) {
        order[r] = r;
        if (runs[r].level > highest)
            highest = runs[r].level;
    }
    for (int level = highest; level > 0; level--) {
        for (size_t r = 0; r < run_count;) {
            if (runs[order[r]].level < level) {
                r++;
                continue;
            }
            size_t end = r;
            while (end < run_count && runs[order[end]].level >= level)
                end++;
            for (size_t a = r, b = end - 1; a < b; a++, b--) {
                size_t kept = order[a];
                order[a] = order[b];
                order[b] = kept;
            }
            r = end;
        }
    }

    // Each run shaped, in visual order; a right-to-left run comes out of HarfBuzz left to right.
    size_t count = 0;
    for (size_t v = 0; v < run_count; v++) {
        const struct run *run = &runs[order[v]];
        const tp_text_face *face = &faces[run->face];
        if (face->hb_font == NULL) {
            result = -ENOSYS;
            goto done;
        }
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_codepoints(buffer, text, (int)length, (unsigned)run->start, (int)(run->end - run->start));
        hb_buffer_set_direction(buffer, (run->level & 1) ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
        hb_buffer_set_script(buffer, run->script);
        hb_buffer_set_language(buffer, hb_language_get_default());
        hb_shape((hb_font_t *)face->hb_font, buffer, NULL, 0);
        unsigned shaped = 0;
        hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &shaped);
        hb_glyph_position_t *position = hb_buffer_get_glyph_positions(buffer, NULL);
        for (unsigned g = 0; g < shaped; g++, count++) {
            if (count >= capacity)
                continue;
            int32_t advance = position[g].x_advance, x = position[g].x_offset, y = position[g].y_offset;
            // A bitmap face (colour emoji) is shaped at its strike's size: scaled to the line's.
            if (face->bitmap_ppem > 0) {
                advance = (int32_t)((int64_t)advance * pixel_size / face->bitmap_ppem);
                x = (int32_t)((int64_t)x * pixel_size / face->bitmap_ppem);
                y = (int32_t)((int64_t)y * pixel_size / face->bitmap_ppem);
            }
            glyphs[count] = (tp_text_glyph){
                .glyph = info[g].codepoint, .cluster = info[g].cluster, .x_advance = advance, .x_offset = x,
                .y_offset = y, .face = run->face, .level = (uint8_t)run->level};
        }
    }
    result = count > (size_t)INT32_MAX ? -ERANGE : (int)count;

done:
    hb_buffer_clear_contents(buffer);
    free(block);
    return result;
}

int tp_text_visual_order(const uint32_t *text, size_t length, int32_t *logical_of_visual, int *right_to_left)
{
    if ((text == NULL || logical_of_visual == NULL) && length > 0)
        return -EINVAL;
    FriBidiParType base = FRIBIDI_PAR_ON;
    FriBidiLevel highest = fribidi_log2vis(text, (FriBidiStrIndex)length, &base, NULL, NULL, logical_of_visual, NULL);
    *right_to_left = FRIBIDI_DIR_TO_LEVEL(base) & 1;
    return highest == 0 && length > 0 ? -EINVAL : 0;
}

#else

void *tp_text_font_create(void *ft_face)
{
    (void)ft_face;
    return NULL;
}

void tp_text_font_changed(void *font) { (void)font; }

void tp_text_font_destroy(void *font) { (void)font; }

int tp_text_shape_line(const tp_text_face *faces, size_t face_count, const uint32_t *text, size_t length,
                       uint32_t pixel_size, tp_text_glyph *glyphs, size_t capacity, int *right_to_left)
{
    (void)faces; (void)face_count; (void)text; (void)length; (void)pixel_size; (void)glyphs; (void)capacity;
    *right_to_left = 0;
    return -ENOSYS;
}

int tp_text_visual_order(const uint32_t *text, size_t length, int32_t *logical_of_visual, int *right_to_left)
{
    (void)text; (void)length; (void)logical_of_visual;
    *right_to_left = 0;
    return -ENOSYS;
}

#endif
