// Take 1, 3 or 4 stones: the player to move loses exactly when n % 7 is 0 or 2.
#include <cstdio>
int main() {
    long long t, n;
    if (scanf("%lld", &t) != 1) return 0;
    while (t--) {
        scanf("%lld", &n);
        puts(n % 7 == 0 || n % 7 == 2 ? "Second" : "First");
    }
}
