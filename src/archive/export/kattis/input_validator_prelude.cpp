// Added by stonejudge's export: the validator below speaks testlib's convention (exit 0 when
// the input is valid, anything else when not); the Kattis format wants exit 42 for valid and
// 43 for invalid. This prelude rewrites the exit status at exit, whether main returns or the
// validator calls exit() itself.
#include <stdlib.h>
#include <unistd.h>
namespace stonejudge_export {
void kattis_status(int status, void*) { _exit(status == 0 ? 42 : 43); }
struct KattisStatus {
    KattisStatus() { on_exit(kattis_status, nullptr); }
} kattis_status_registered;
}  // namespace stonejudge_export
