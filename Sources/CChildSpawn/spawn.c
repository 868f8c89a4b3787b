// See CChildSpawn.h.
#define _GNU_SOURCE
#include "CChildSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

extern char **environ;

// One request at a time (`lock`), handed to the spawning thread.
struct request {
  const char *path;
  char *const *argv;
  int fds[3];
  pid_t result;
  int pending;
};

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t state = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static struct request *current;
static int thread_started;

// Runs in the child: only async-signal-safe calls until exec.
static void child(const struct request *r, pid_t parent, int report) {
#if defined(__linux__)
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) goto fail;
  // The parent may have died before prctl: then nobody is left to signal us.
  if (getppid() != parent) _exit(127);
#else
  (void)parent;
#endif
  for (int s = 1; s < NSIG; s++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigaction(s, &action, NULL);  // fails harmlessly for SIGKILL, SIGSTOP
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  for (int target = 0; target < 3; target++) {
    int fd = r->fds[target];
    if (fd < 0) {
      fd = open("/dev/null", target == 0 ? O_RDONLY : O_WRONLY);
      if (fd < 0) goto fail;
    }
    if (fd == target) {
      if (fcntl(fd, F_SETFD, 0) != 0) goto fail;
    } else if (dup2(fd, target) < 0) {
      goto fail;
    }
  }
#if defined(__linux__) && defined(SYS_close_range)
  // Every other descriptor closes at exec (the report pipe too, which is
  // how the parent learns that exec succeeded). Kernels before 5.11 lack
  // the flag: descriptors opened with O_CLOEXEC close anyway.
  syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */);
#endif
  execve(r->path, r->argv, environ);
fail:;
  int error = errno;
  while (write(report, &error, sizeof error) < 0 && errno == EINTR) {}
  _exit(127);
}

static pid_t start(const struct request *r) {
  int report[2];
#if defined(__linux__)
  if (pipe2(report, O_CLOEXEC) != 0) return -errno;
#else
  if (pipe(report) != 0) return -errno;
  fcntl(report[0], F_SETFD, FD_CLOEXEC);
  fcntl(report[1], F_SETFD, FD_CLOEXEC);
#endif
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    close(report[0]);
    child(r, parent, report[1]);
  }
  int error = errno;
  close(report[1]);
  if (pid < 0) {
    close(report[0]);
    return -error;
  }
  int code = 0;
  ssize_t n;
  while ((n = read(report[0], &code, sizeof code)) < 0 && errno == EINTR) {}
  close(report[0]);
  if (n == (ssize_t)sizeof code) {
    // exec failed: reap the child, which has exited.
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    return -code;
  }
  return pid;
}

static void *spawner(void *unused) {
  (void)unused;
  pthread_mutex_lock(&state);
  for (;;) {
    while (current == NULL || !current->pending) pthread_cond_wait(&changed, &state);
    struct request *r = current;
    pthread_mutex_unlock(&state);
    pid_t pid = start(r);
    pthread_mutex_lock(&state);
    r->result = pid;
    r->pending = 0;
    pthread_cond_broadcast(&changed);
  }
  return NULL;
}

static void start_thread(void) {
  // The spawner takes no signals: they go to the threads that wait for them.
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  thread_started = pthread_create(&thread, &attributes, spawner, NULL) == 0;
  pthread_attr_destroy(&attributes);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
}

pid_t mw_spawn(const char *path, char *const argv[], int in_fd, int out_fd, int err_fd) {
  pthread_once(&once, start_thread);
  if (!thread_started) return -EAGAIN;
  struct request r = {path, argv, {in_fd, out_fd, err_fd}, 0, 1};
  pthread_mutex_lock(&lock);
  pthread_mutex_lock(&state);
  current = &r;
  pthread_cond_broadcast(&changed);
  while (r.pending) pthread_cond_wait(&changed, &state);
  current = NULL;
  pthread_mutex_unlock(&state);
  pthread_mutex_unlock(&lock);
  return r.result;
}
