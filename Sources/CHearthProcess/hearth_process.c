#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "hearth_process.h"

int hearth_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

int hearth_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
