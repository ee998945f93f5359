// Take 1 to k stones, k stated once: Alice (to move) wins unless n % (k + 1) == 0.
#include <cstdio>
int main() {
    long long k, t, n;
    if (scanf("%lld %lld", &k, &t) != 2) return 1;
    while (t-- > 0 && scanf("%lld", &n) == 1) puts(n % (k + 1) ? "Alice" : "Bob");
}
