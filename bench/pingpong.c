// Bare pipe ping-pong between two processes: the parent writes a line, the child answers a line.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int a[2], b[2];
    pipe(a); pipe(b);
    if (fork() == 0) {
        char buf[64];
        for (long i = 0; i < n; i++) {
            if (read(a[0], buf, sizeof buf) <= 0) break;
            write(b[1], "2 5\n", 4);
        }
        _exit(0);
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    char buf[64];
    for (long i = 0; i < n; i++) {
        write(a[1], "3 7\n", 4);
        if (read(b[0], buf, sizeof buf) <= 0) break;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%ld round trips in %.3f s: %.0f round trips/s\n", n, s, n / s);
    wait(NULL);
    return 0;
}
