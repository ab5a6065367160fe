// Local dates and numbers ([panel] locale): the time and number categories of a locale the C
// library loads from its own data (/usr/lib/locale/locale-archive, or a folder a name there),
// used through the *_l calls, so the process's own locale (always "C": nothing calls
// setlocale) never changes and nothing else is written differently.
#define _GNU_SOURCE
#include "CLinux.h"
#include <langinfo.h>
#include <locale.h>

tp_locale *tp_locale_open(const char *name) {
    return (tp_locale *)newlocale(LC_TIME_MASK | LC_NUMERIC_MASK, name, (locale_t)0);
}

void tp_locale_free(tp_locale *locale) {
    if (locale) freelocale((locale_t)locale);
}

size_t tp_locale_strftime(tp_locale *locale, char *buffer, size_t capacity, const char *format, int64_t epoch_seconds) {
    time_t seconds = (time_t)epoch_seconds;
    struct tm broken;
    if (!localtime_r(&seconds, &broken)) return (size_t)-1;
    return strftime_l(buffer, capacity, format, &broken, (locale_t)locale);
}

const char *tp_locale_decimal_point(tp_locale *locale) {
    return nl_langinfo_l(RADIXCHAR, (locale_t)locale);
}

const char *tp_locale_codeset(tp_locale *locale) {
    return nl_langinfo_l(CODESET, (locale_t)locale);
}

const char *tp_locale_time_name(tp_locale *locale) {
    return nl_langinfo_l(_NL_LOCALE_NAME(LC_TIME), (locale_t)locale);
}

const char *tp_locale_numeric_name(tp_locale *locale) {
    return nl_langinfo_l(_NL_LOCALE_NAME(LC_NUMERIC), (locale_t)locale);
}
