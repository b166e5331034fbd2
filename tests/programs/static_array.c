/* A 1 GiB static array: under a 256 MiB address-space limit this dies inside execve. The
 * array has external linkage and a run-time index so that the compiler keeps all of it. */
#include <stdio.h>
char table[1 << 30];
int main(int argc, char **argv) {
    (void)argv;
    table[argc * 4096] = 1;
    puts(table[argc * 4096] ? "second" : "first");
    return 0;
}
