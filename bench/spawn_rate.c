/* The machine's process-spawn ceiling: start PROGRAM N times, one after another
 * (posix_spawn, stdin and stdout on /dev/null, waitpid), and print the rate.
 * Usage: spawn_rate N PROGRAM. Run one copy per core to measure all cores. */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s N PROGRAM\n", argv[0]);
        return 2;
    }
    long n = atol(argv[1]);
    char *child_argv[] = {argv[2], NULL};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < n; i++) {
        pid_t pid;
        if (posix_spawn(&pid, argv[2], &actions, NULL, child_argv, environ) != 0) {
            perror("posix_spawn");
            return 1;
        }
        int status;
        waitpid(pid, &status, 0);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.0f\n", n / seconds);
    return 0;
}
