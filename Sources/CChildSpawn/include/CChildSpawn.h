// Starting ffmpeg and ffprobe so that they die with us. Swift cannot run
// code safely between fork and exec, and posix_spawn cannot ask the kernel
// for a death signal; this does both in C.
#ifndef CCHILDSPAWN_H
#define CCHILDSPAWN_H

#include <sys/types.h>

/// Starts the program at `path` with `argv` (NULL-terminated, argv[0]
/// included) and the current environment; its standard input, output and
/// error on `in_fd`, `out_fd`, `err_fd` (-1: /dev/null), every other
/// descriptor closed, every signal at its default and unblocked.
///
/// On Linux the child asks for SIGKILL when its parent dies
/// (prctl PR_SET_PDEATHSIG) before it calls exec: a `kill -9` of this
/// process takes its encoders with it. The kernel sends that signal when
/// the *thread* that forked ends, so every fork happens on one thread made
/// for it, which lives as long as the process.
///
/// Returns the child's pid (> 0), or -errno when it could not be started
/// (fork failed, or exec failed: ENOENT, EACCES, …). Reap it with waitpid.
pid_t mw_spawn(const char *path, char *const argv[], int in_fd, int out_fd, int err_fd);

#endif
