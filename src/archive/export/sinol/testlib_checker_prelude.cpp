// Added by stonejudge's export: the checker below is a testlib checker (checker INPUT OUTPUT
// ANSWER; exit 0 accepted, 1 wrong answer, 2 presentation error, anything else the jury's
// failure). sinol-make calls a checker the same way but reads its standard output: `OK` or
// anything else on the first line, a comment on the second, the percentage of the points on
// the third. This prelude, before main, keeps the checker's messages (its standard error and
// output) aside and, whether main returns or the checker calls exit() itself, writes the
// verdict sinol's way with the first line of the messages as the comment. main itself is left
// as it is (renamed, a main that ends without `return` would be undefined behaviour).
// A failure stays a failure: its message goes to standard error and the exit status is 3.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static int stonejudge_verdict_fd = 1;
static int stonejudge_error_fd = 2;
static FILE* stonejudge_messages = NULL;
static void stonejudge_sinol_verdict(int status, void* unused) {
    (void)unused;
    char comment[256] = "";
    char report[512];
    int length;
    fflush(stdout);
    fflush(stderr);
    if (stonejudge_messages != NULL) {
        rewind(stonejudge_messages);
        if (fgets(comment, sizeof comment, stonejudge_messages) == NULL) comment[0] = 0;
        comment[strcspn(comment, "\r\n")] = 0;
    }
    if (status == 0) {
        length = snprintf(report, sizeof report, "OK\n%s\n100\n", comment);
    } else if (status == 1 || status == 2) {
        length = snprintf(report, sizeof report, "WRONG\n%s\n0\n", comment);
    } else {
        length = snprintf(report, sizeof report, "checker failed (exit %d): %s\n", status, comment);
        if (length > 0) write(stonejudge_error_fd, report, (size_t)length);
        _exit(3);
    }
    if (length > 0) write(stonejudge_verdict_fd, report, (size_t)length);
    _exit(0);
}
__attribute__((constructor)) static void stonejudge_sinol_checker(void) {
    stonejudge_verdict_fd = dup(1);
    stonejudge_error_fd = dup(2);
    if (stonejudge_verdict_fd < 0 || stonejudge_error_fd < 0) _exit(3);
    // Where no temporary file can be made (a judge's sandbox), the messages stay on
    // standard error and the comment is empty.
    stonejudge_messages = tmpfile();
    if (stonejudge_messages != NULL) dup2(fileno(stonejudge_messages), 2);
    dup2(2, 1);
    on_exit(stonejudge_sinol_verdict, NULL);
}
