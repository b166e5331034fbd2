/* Misbehaving programs for the judge's evil suite: `evil MODE TOKEN [TARGET]`. Every mode
 * ignores its input; the correct answer to the suite's test is "second". TOKEN is not used: it
 * marks the command line of this process and of its forked children, so the test can find
 * survivors. The confinement modes print "second" when the sandbox stopped them and "first"
 * (wrong) when it did not. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static void sleep_forever(void) {
    for (;;) pause();
}

static volatile int sink;

static int recurse(int depth) {
    volatile char frame[512];
    frame[0] = (char)depth;
    return recurse(depth + 1) + frame[0];
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    if (!strcmp(mode, "trivial")) {
        puts("second");
    } else if (!strcmp(mode, "loop")) {
        for (;;) sink++;
    } else if (!strcmp(mode, "fork-burners")) {
        /* The work is done by children the program never waits for. */
        for (int i = 0; i < 2; i++)
            if (fork() == 0)
                for (;;) sink++;
        sleep_forever();
    } else if (!strcmp(mode, "sleep")) {
        sleep_forever();
    } else if (!strcmp(mode, "ignore-term")) {
        signal(SIGTERM, SIG_IGN);
        sleep_forever();
    } else if (!strcmp(mode, "fork-sleepers")) {
        puts("second");
        fflush(stdout);
        for (int i = 0; i < 3; i++)
            if (fork() == 0) sleep_forever();
    } else if (!strcmp(mode, "setsid")) {
        /* A grandchild in a new session holds standard output open; the child and the
         * program exit at once. */
        puts("second");
        fflush(stdout);
        if (fork() == 0) {
            if (fork() == 0) {
                setsid();
                sleep_forever();
            }
            _exit(0);
        }
    } else if (!strcmp(mode, "heap")) {
        /* Grow and touch the heap until malloc fails, then give up without a word. */
        for (;;) {
            char *block = malloc(1 << 20);
            if (!block) abort();
            memset(block, 1, 1 << 20);
        }
    } else if (!strcmp(mode, "recursion")) {
        return recurse(0);
    } else if (!strcmp(mode, "stdout-flood")) {
        static char line[1 << 16];
        memset(line, 'y', sizeof line);
        for (;;) fwrite(line, 1, sizeof line, stdout);
    } else if (!strcmp(mode, "stdout-flood-exit")) {
        /* 80 MiB, past the default output limit of 64 MiB, then a clean exit. */
        static char line[1 << 20];
        memset(line, 'y', sizeof line);
        for (int i = 0; i < 80; i++) fwrite(line, 1, sizeof line, stdout);
    } else if (!strcmp(mode, "spaces")) {
        static char spaces[1 << 20];
        memset(spaces, ' ', sizeof spaces);
        puts("second");
        for (int i = 0; i < 16; i++) fwrite(spaces, 1, sizeof spaces, stdout);
    } else if (!strcmp(mode, "stderr-flood")) {
        static char noise[1 << 16];
        memset(noise, 'e', sizeof noise);
        for (int i = 0; i < 1024; i++) fwrite(noise, 1, sizeof noise, stderr); /* 64 MiB */
        puts("second");
    } else if (!strcmp(mode, "close-early")) {
        puts("second");
        fflush(stdout);
        close(0);
        close(1);
        usleep(200 * 1000);
    } else if (!strcmp(mode, "segv")) {
        sink = *(volatile int *)(size_t)sink;
    } else if (!strcmp(mode, "fpe")) {
        sink = 1000 / sink; /* not 1 / x: compilers turn that into a comparison */
    } else if (!strcmp(mode, "abort")) {
        abort();
    } else if (!strcmp(mode, "exit2")) {
        puts("second");
        return 2;
    } else if (!strcmp(mode, "binary")) {
        fwrite("sec\0ond\xff\xfe\n", 1, 10, stdout);
    } else if (!strcmp(mode, "crlf")) {
        fputs("second\r\n", stdout);
    } else if (!strcmp(mode, "no-newline")) {
        fputs("second", stdout);
    } else if (!strcmp(mode, "connect") && argc > 3) {
        /* TARGET: a port on 127.0.0.1 where the test listens. */
        struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons(atoi(argv[3]))};
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int s = socket(AF_INET, SOCK_STREAM, 0);
        int reached = s >= 0 && connect(s, (struct sockaddr *)&to, sizeof to) == 0;
        puts(reached ? "first" : "second");
    } else if (!strcmp(mode, "write") && argc > 3) {
        /* TARGET: a file to create. */
        int fd = open(argv[3], O_WRONLY | O_CREAT | O_EXCL, 0644);
        int wrote = fd >= 0 && write(fd, "escaped\n", 8) == 8;
        puts(wrote ? "first" : "second");
    } else if (!strcmp(mode, "read") && argc > 3) {
        /* TARGET: another test's answer file, whose answer is "first". */
        FILE *f = fopen(argv[3], "r");
        char answer[64] = "second\n";
        if (f && !fgets(answer, sizeof answer, f)) strcpy(answer, "first\n");
        fputs(answer, stdout);
    } else if (!strcmp(mode, "fork-storm")) {
        puts("second");
        fflush(stdout);
        for (;;) fork();
    } else if (!strcmp(mode, "detach")) {
        /* A grandchild in its own session, with no descriptor of the judge's: nothing ties it
         * to the run. */
        puts("second");
        fflush(stdout);
        if (fork() == 0) {
            setsid();
            if (fork() == 0) {
                for (int fd = 0; fd < 3; fd++) close(fd);
                sleep_forever();
            }
            _exit(0);
        }
    } else if (!strcmp(mode, "kill-all")) {
        kill(-1, SIGKILL);
        puts("second");
    } else if (!strcmp(mode, "malloc-64")) {
        /* 64 MiB blocks until malloc fails; then give up with exit code 3. */
        for (;;) {
            char *block = malloc(64 << 20);
            if (!block) return 3;
            memset(block, 1, 64 << 20);
        }
    } else if (!strcmp(mode, "crowd")) {
        /* 40 processes of 3 MiB each, every one smaller than the launch server that shares
         * their memory cgroup: the kernel's OOM killer must pick them, never the server. */
        for (int i = 0; i < 40; i++) {
            if (fork() == 0) {
                char *block = malloc(3 << 20);
                if (block) memset(block, 1, 3 << 20);
                sleep(1);
                _exit(0);
            }
        }
        while (wait(NULL) > 0) {}
        puts("second");
    } else {
        fprintf(stderr, "unknown mode %s\n", mode);
        return 64;
    }
    return 0;
}
