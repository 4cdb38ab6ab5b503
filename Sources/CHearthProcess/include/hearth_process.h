#ifndef HEARTH_PROCESS_H
#define HEARTH_PROCESS_H

#include <spawn.h>

/// glibc's pipe2 and posix_spawn_file_actions_addclosefrom_np are declared only under
/// _GNU_SOURCE, which Swift's Glibc module is not built with: hence this C file.

/// A pipe whose two ends close on exec: 0, or -1 with errno.
int hearth_pipe_cloexec(int ends[2]);

/// Has the child close every descriptor from `from` on, so none of the server's is passed on.
int hearth_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

#endif
