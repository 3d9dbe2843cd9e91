// See include/CFileCalls.h.
#define _GNU_SOURCE
#include "CFileCalls.h"

#include <errno.h>
#include <stdio.h>

int breakdown_rename_no_replace(int from_folder, const char *from, int to_folder, const char *to) {
#if defined(__linux__) && defined(RENAME_NOREPLACE)
    return renameat2(from_folder, from, to_folder, to, RENAME_NOREPLACE);
#else
    (void)from_folder; (void)from; (void)to_folder; (void)to;
    errno = ENOSYS;
    return -1;
#endif
}
