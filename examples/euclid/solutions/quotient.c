/* Euclid's game, a contestant's off-by-one in the quotient: the player to move is taken
   to have a choice only when the larger is more than twice the smaller (b / a > 2, where
   b / a >= 2 is right). Wrong first at (3, 8). */
#include <stdio.h>

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        long long a, b;
        if (scanf("%lld %lld", &a, &b) != 2) return 1;
        int stan = 1;
        for (;;) {
            if (a > b) { long long x = a; a = b; b = x; }
            if (b % a == 0 || b / a > 2) break;
            b -= a;
            stan = !stan;
        }
        puts(stan ? "Stan wins" : "Ollie wins");
    }
    return 0;
}
