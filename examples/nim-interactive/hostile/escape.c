/* Forks a child that leaves the process group (setsid) and sleeps holding the output
   open, then chooses First and exits mid-game with code 0. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) {
        setsid();
        sleep(1000);
        return 0;
    }
    printf("First\n");
    fflush(stdout);
    return 0;
}
