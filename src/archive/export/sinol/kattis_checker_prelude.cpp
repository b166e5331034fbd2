// Added by stonejudge's export: the checker below is a Kattis output validator (validator
// INPUT ANSWER FEEDBACK_DIR [ARGS] < OUTPUT; exit 42 accepted, 43 rejected, anything else its
// own failure). sinol-make calls a checker as chk INPUT OUTPUT ANSWER and reads its standard
// output: `OK` or anything else on the first line, a comment on the second, the percentage
// of the points on the third. This prelude, before main, makes a feedback folder and gives the
// validator its arguments (INPUT ANSWER FEEDBACK_DIR in place of sinol's three) and the output
// on its standard input; whether main returns or the validator calls exit() itself, it writes
// the verdict sinol's way with the first line of judgemessage.txt as the comment. main itself
// is left as it is (renamed, a main that ends without `return` would be undefined behaviour). A score the
// validator gives (score.txt) has no sinol equivalent here: it is reported as the checker's
// failure (exit 3), never read as full points.
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static int stonejudge_verdict_fd = 1;
static char stonejudge_feedback[64] = "/tmp/stonejudge-feedback-XXXXXX";
static void stonejudge_feedback_line(const char* file, char* line, int size) {
    char path[256];
    FILE* read;
    line[0] = 0;
    snprintf(path, sizeof path, "%s/%s", stonejudge_feedback, file);
    read = fopen(path, "r");
    if (read == NULL) return;
    if (fgets(line, size, read) == NULL) line[0] = 0;
    line[strcspn(line, "\r\n")] = 0;
    fclose(read);
}
static void stonejudge_remove_feedback(void) {
    char path[512];
    struct dirent* entry;
    DIR* dir = opendir(stonejudge_feedback);
    if (dir == NULL) return;
    while ((entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        snprintf(path, sizeof path, "%s/%s", stonejudge_feedback, entry->d_name);
        unlink(path);
    }
    closedir(dir);
    rmdir(stonejudge_feedback);
}
static void stonejudge_sinol_verdict(int status, void* unused) {
    (void)unused;
    char comment[256];
    char score[64];
    char report[512];
    int length;
    fflush(stdout);
    fflush(stderr);
    stonejudge_feedback_line("judgemessage.txt", comment, (int)sizeof comment);
    stonejudge_feedback_line("score.txt", score, (int)sizeof score);
    stonejudge_remove_feedback();
    if (score[0] != 0) {
        fprintf(stderr, "the Kattis output validator gave a score (%s), which the export does not translate\n", score);
        _exit(3);
    }
    if (status == 42) {
        length = snprintf(report, sizeof report, "OK\n%s\n100\n", comment);
    } else if (status == 43) {
        length = snprintf(report, sizeof report, "WRONG\n%s\n0\n", comment);
    } else {
        fprintf(stderr, "output validator failed (exit %d): %s\n", status, comment);
        _exit(3);
    }
    if (length > 0) write(stonejudge_verdict_fd, report, (size_t)length);
    _exit(0);
}
__attribute__((constructor)) static void stonejudge_kattis_checker(int argc, char* argv[]) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s INPUT OUTPUT ANSWER\n", argv[0]);
        _exit(3);
    }
    // In /tmp, else (a judge's sandbox may not let it write there) in the working folder.
    if (mkdtemp(stonejudge_feedback) == NULL) {
        strcpy(stonejudge_feedback, "stonejudge-feedback-XXXXXX");
        if (mkdtemp(stonejudge_feedback) == NULL) _exit(3);
    }
    if (freopen(argv[2], "r", stdin) == NULL) _exit(3);
    stonejudge_verdict_fd = dup(1);
    if (stonejudge_verdict_fd < 0) _exit(3);
    dup2(2, 1);
    argv[2] = argv[3];
    argv[3] = stonejudge_feedback;
    on_exit(stonejudge_sinol_verdict, NULL);
}
