/* Euclid's game, a contestant's accepted solution. */
#include <stdio.h>

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        long long a, b;
        if (scanf("%lld %lld", &a, &b) != 2) return 1;
        int stan = 1; /* whether Stan is the player to move */
        for (;;) {
            if (a > b) { long long x = a; a = b; b = x; }
            if (b % a == 0 || b / a >= 2) break; /* the player to move wins */
            b -= a;
            stan = !stan;
        }
        puts(stan ? "Stan wins" : "Ollie wins");
    }
    return 0;
}
