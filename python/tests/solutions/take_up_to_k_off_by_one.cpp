// Wrong on purpose: n % k instead of n % (k + 1).
#include <cstdio>
int main() {
    long long k, t, n;
    if (scanf("%lld %lld", &k, &t) != 2) return 1;
    while (t-- > 0 && scanf("%lld", &n) == 1) puts(n % k ? "Alice" : "Bob");
}
