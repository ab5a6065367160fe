// FreeType's headers are included through macros; this one header makes them a module.
#include <ft2build.h>
#include FT_FREETYPE_H
