/* Chooses a side, then waits for input it will not get (the judge waits for its move). */
#include <stdio.h>
int main(void) {
    int t;
    scanf("%d", &t);
    printf("First\n");
    fflush(stdout);
    long long a, b;
    scanf("%lld %lld", &a, &b);
    return 0;
}
