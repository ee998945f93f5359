/* A contestant's Euclid's game: the player to move wins when the numbers are equal or
   their ratio is above the golden ratio, compared in double precision. Wrong only where
   a/b lies within about 1.6e-16 of phi; the least such case is (165580141, 102334155). */
#include <math.h>
#include <stdio.h>

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    const double phi = (1 + sqrt(5.0)) / 2;
    while (t--) {
        long long a, b;
        scanf("%lld %lld", &a, &b);
        if (a < b) { long long c = a; a = b; b = c; }
        puts(a == b || (double)a / (double)b > phi ? "Stan wins" : "Ollie wins");
    }
    return 0;
}
