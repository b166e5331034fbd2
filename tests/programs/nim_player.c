/* A nim-play player whose behaviour is chosen by its first argument (the second is a token
   that marks its processes):
   perfect       plays perfectly (Bouton)
   lose          moves first in every game and takes one stone from the first heap
   illegal       takes more stones than the heap holds
   noflush       plays perfectly but never flushes
   crash_after   plays perfectly, then dies of SIGSEGV-like abort after the last game
   exit_early    plays the first game perfectly, then exits with status 0
   word          answers a word instead of 1 or 2
   long_line     answers a line of 1 MB
   binary        answers bytes that are not text
   no_newline    answers `1` without a newline, and exits
   fork          forks a child that sleeps, then plays perfectly
   close_stdin   closes its standard input, then sleeps */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int heaps[16], n;

static int xor_all(void) {
    int x = 0;
    for (int i = 0; i < n; i++) x ^= heaps[i];
    return x;
}

/* Plays one game; returns 0 if the input ended. */
static int play(const char *mode, int flush) {
    if (scanf("%d", &n) != 1) return 0;
    for (int i = 0; i < n; i++)
        if (scanf("%d", &heaps[i]) != 1) return 0;
    int lose = strcmp(mode, "lose") == 0;
    int mine = lose || xor_all() != 0;
    printf("%d\n", mine ? 1 : 2);
    if (flush) fflush(stdout);
    for (;;) {
        if (mine) {
            int x = xor_all(), heap = -1, take = 0;
            for (int i = 0; i < n && heap < 0 && !lose; i++)
                if ((heaps[i] ^ x) < heaps[i]) { heap = i; take = heaps[i] - (heaps[i] ^ x); }
            for (int i = 0; i < n && heap < 0; i++)
                if (heaps[i] > 0) { heap = i; take = 1; }
            if (strcmp(mode, "illegal") == 0 && heap >= 0) take = heaps[heap] + 1;
            if (heap < 0) {
                printf("0 0\n");
                if (flush) fflush(stdout);
                return 1;
            }
            heaps[heap] -= take;
            printf("%d %d\n", heap + 1, take);
            if (flush) fflush(stdout);
        } else {
            int i, t;
            if (scanf("%d %d", &i, &t) != 2) return 0;
            if (i == 0) return 1;
            heaps[i - 1] -= t;
        }
        mine = !mine;
    }
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "perfect";
    int g;
    if (strcmp(mode, "close_stdin") == 0) {
        close(0);
        sleep(100);
        return 0;
    }
    if (strcmp(mode, "fork") == 0 && fork() == 0) {
        sleep(100);
        return 0;
    }
    if (scanf("%d", &g) != 1) return 1;
    if (strcmp(mode, "word") == 0) { printf("first\n"); fflush(stdout); }
    if (strcmp(mode, "long_line") == 0) {
        for (int i = 0; i < (1 << 20); i++) putchar('1');
        putchar('\n');
        fflush(stdout);
    }
    if (strcmp(mode, "binary") == 0) { fwrite("\x01\xff\x00\n", 1, 4, stdout); fflush(stdout); }
    if (strcmp(mode, "no_newline") == 0) { printf("1"); fflush(stdout); return 0; }
    for (int k = 0; k < g; k++) {
        if (!play(mode, strcmp(mode, "noflush") != 0)) return 0;
        if (strcmp(mode, "exit_early") == 0) return 0;
    }
    if (strcmp(mode, "crash_after") == 0) abort();
    return 0;
}
