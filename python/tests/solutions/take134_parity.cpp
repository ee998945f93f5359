// A wrong solution: the player to move wins exactly on odd heaps.
#include <cstdio>
int main() {
    long long t, n;
    if (scanf("%lld", &t) != 1) return 0;
    while (t--) {
        scanf("%lld", &n);
        puts(n % 2 == 1 ? "First" : "Second");
    }
}
