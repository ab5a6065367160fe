// SwiftPM needs one C file in a C target; the shim itself lives in include/CLinux.h.
#include "CLinux.h"

int clinux_shim_version(void) { return 1; }
