// File system calls that Swift's Glibc module does not declare (they need _GNU_SOURCE).
#ifndef BREAKDOWN_FILE_CALLS_H
#define BREAKDOWN_FILE_CALLS_H

/// Renames `from` (in folder `from_folder`) to `to` (in folder `to_folder`) only if nothing is
/// named `to` yet: Linux's `renameat2` with `RENAME_NOREPLACE`. Returns 0, or -1 with `errno` set:
/// `EEXIST` when something has that name; `EINVAL` or `ENOSYS` where the file system or the
/// system cannot say (then the caller looks and renames as it would without this call).
int breakdown_rename_no_replace(int from_folder, const char *from, int to_folder, const char *to);

#endif
