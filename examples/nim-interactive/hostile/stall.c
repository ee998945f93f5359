/* Chooses a side, then computes forever instead of moving. */
#include <stdio.h>
int main(void) {
    printf("First\n");
    fflush(stdout);
    volatile unsigned long long n = 0;
    for (;;) n++;
}
