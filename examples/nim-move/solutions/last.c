/* Nim with a winning move: a right solution, moving on the last pile that has a winning move. */
#include <stdio.h>

static unsigned long long x[100];

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        unsigned long long s = 0;
        for (int i = 0; i < n; i++) {
            if (scanf("%llu", &x[i]) != 1) return 1;
            s ^= x[i];
        }
        int pick = -1;
        for (int i = n - 1; i >= 0 && pick < 0; i--)
            if ((x[i] ^ s) < x[i]) pick = i;
        if (pick < 0) puts("lose");
        else printf("%d %llu\n", pick + 1, x[pick] ^ s);
    }
    return 0;
}
