/* Nim with a winning move, a wrong submission: it moves on the largest pile, where
 * x XOR s can be more than x. */
#include <stdio.h>

static unsigned long long x[100];

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        unsigned long long s = 0;
        int big = 0;
        for (int i = 0; i < n; i++) {
            if (scanf("%llu", &x[i]) != 1) return 1;
            s ^= x[i];
            if (x[i] > x[big]) big = i;
        }
        if (s == 0) puts("lose");
        else printf("%d %llu\n", big + 1, x[big] ^ s);
    }
    return 0;
}
