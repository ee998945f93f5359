/* Euclid's game, a contestant's parity rule: Stan wins when Euclid's algorithm takes an
   odd number of division steps. It forgets that a quotient of 2 or more lets the player
   to move choose; wrong first at (2, 5). */
#include <stdio.h>

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        long long a, b;
        if (scanf("%lld %lld", &a, &b) != 2) return 1;
        int steps = 0;
        while (a > 0 && b > 0) {
            if (a > b) a %= b; else b %= a;
            steps++;
        }
        puts(steps % 2 == 1 ? "Stan wins" : "Ollie wins");
    }
    return 0;
}
