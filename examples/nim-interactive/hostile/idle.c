/* Chooses a side, then sleeps instead of moving. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
    printf("First\n");
    fflush(stdout);
    sleep(1000);
    return 0;
}
