/* Kayles with the Grundy value asked: T, then T lines `k r_1 … r_k` (rows of pins); the
   XOR of the rows' values, from the table of Guy and Smith (period 12 from n = 71).
   This copy has one wrong entry: G(70) = 5 (it is 6). */
#include <stdio.h>

static const int TABLE[84] = {
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6,
    7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
};

static int value(unsigned long long n) {
#if 1
    if (n == 70) return 5;
#endif
    return n < 84 ? TABLE[n] : TABLE[71 + (n - 71) % 12];
}

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int k, g = 0;
        if (scanf("%d", &k) != 1) return 1;
        for (int i = 0; i < k; i++) {
            unsigned long long n;
            if (scanf("%llu", &n) != 1) return 1;
            g ^= value(n);
        }
        printf("%d\n", g);
    }
    return 0;
}
