// Does not compile: a missing semicolon and an undeclared name.
#include <cstdio>
int main() {
    std::puts("second")
    return undeclared;
}
