// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runs commands in turn, one process at a time, and prints what each
 * cost, for bench/run.sh's rows of short processes.
 *
 *   alternate [-o FILE] ROUNDS [-C DIR] [-0] COMMAND [ARG...]
 *             [-- [-C DIR] [-0] COMMAND...]...
 *
 * Each command runs once as a warm-up, then ROUNDS times, in turn with
 * the others (A B C A B C ...), from DIR if given, with its input and
 * output /dev/null.  A process's CPU time is the kernel's own count of
 * it and of the children it waited for (wait4()'s rusage, user + system,
 * to the microsecond); its wall time, from its start to its reaping.
 * One line a command: the median CPU ms, the median wall ms, and the
 * medians over the rounds of its CPU time and of its wall time over the
 * first command's.  With -o, FILE gets each round's CPU ms, a line a
 * round and a column a command, for figures of other shapes.
 *
 * Why one process at a time: a shared machine's speed moves by a fifth
 * and more within a second.  Timed in blocks of fifty runs a side, one
 * message's ratio to `seclint --version` read 1.19 to 1.89 over twelve
 * blocks taken within a minute; taken in turn a process at a time, 1.309
 * to 1.311 in three runs of 300 rounds.  A command that cannot be
 * started, that a signal ends, or that exits with a status above 1
 * (seclint's refusal; seclint's 1 is findings), or above 0 after -0,
 * stops the run: its figures would not be of the work.
 */
#define _GNU_SOURCE	/* posix_spawn_file_actions_addchdir_np() */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

struct command {
	char **argv;
	const char *dir;
	int most;		/* the highest exit status that is work done */
	double *cpu, *wall, *ratio, *wratio;
};

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* Runs @c once; its CPU and wall time in ms, or -1 (said on stderr). */
static int run(const struct command *c, double *cpu, double *wall)
{
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	double start;
	pid_t pid;
	int status, rc;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if (c->dir)
		posix_spawn_file_actions_addchdir_np(&fa, c->dir);
	start = now();
	rc = posix_spawnp(&pid, c->argv[0], &fa, NULL, c->argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		fprintf(stderr, "alternate: cannot run %s: %s\n", c->argv[0],
			strerror(rc));
		return -1;
	}
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR) {
			perror("alternate: wait4");
			return -1;
		}
	*wall = (now() - start) * 1e3;
	*cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	if (!WIFEXITED(status) || WEXITSTATUS(status) > c->most) {
		fprintf(stderr, "alternate: %s %s (status %d)\n", c->argv[0],
			WIFEXITED(status) ? "failed" : "was killed",
			WIFEXITED(status) ? WEXITSTATUS(status)
					  : WTERMSIG(status));
		return -1;
	}
	return 0;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	struct command *cmds;
	FILE *each = NULL;
	int rounds, n = 0, first = 1;
	char *end = NULL;

	if (argc > 3 && !strcmp(argv[1], "-o")) {
		each = fopen(argv[2], "w");
		if (!each) {
			perror(argv[2]);
			return 2;
		}
		first = 3;
	}
	rounds = argc > first + 1 ? (int)strtol(argv[first], &end, 10) : 0;
	if (rounds < 1 || rounds > 100000 || *end) {
		fprintf(stderr, "usage: alternate [-o FILE] ROUNDS [-C DIR] [-0] "
				"COMMAND [ARG...] [-- [-C DIR] [-0] "
				"COMMAND...]...\n");
		return 2;
	}
	cmds = calloc(argc, sizeof(*cmds));
	for (int i = first + 1; i < argc; n++) {
		cmds[n].most = 1;
		for (;;) {
			if (!strcmp(argv[i], "-C") && i + 2 < argc) {
				cmds[n].dir = argv[i + 1];
				i += 2;
			} else if (!strcmp(argv[i], "-0") && i + 1 < argc) {
				cmds[n].most = 0;
				i++;
			} else {
				break;
			}
		}
		if (i == argc || !strcmp(argv[i], "--")) {
			fprintf(stderr, "alternate: a command is missing\n");
			return 2;
		}
		cmds[n].argv = &argv[i];
		while (i < argc && strcmp(argv[i], "--"))
			i++;
		if (i < argc) {
			argv[i++] = NULL;	/* the end of this argv */
			if (i == argc) {
				fprintf(stderr, "alternate: nothing after --\n");
				return 2;
			}
		}
		cmds[n].cpu = calloc(rounds, sizeof(double));
		cmds[n].wall = calloc(rounds, sizeof(double));
		cmds[n].ratio = calloc(rounds, sizeof(double));
		cmds[n].wratio = calloc(rounds, sizeof(double));
	}
	for (int k = 0; k < n; k++) {	/* the warm-up */
		double cpu, wall;

		if (run(&cmds[k], &cpu, &wall) < 0)
			return 2;
	}
	for (int r = 0; r < rounds; r++)
		for (int k = 0; k < n; k++) {
			if (run(&cmds[k], &cmds[k].cpu[r], &cmds[k].wall[r]) < 0)
				return 2;
			cmds[k].ratio[r] = cmds[k].cpu[r] /
					   (cmds[0].cpu[r] > 0 ? cmds[0].cpu[r]
							       : 1e-3);
			cmds[k].wratio[r] = cmds[k].wall[r] / cmds[0].wall[r];
			if (each)
				fprintf(each, "%.3f%c", cmds[k].cpu[r],
					k + 1 < n ? ' ' : '\n');
		}
	if (each && fclose(each)) {
		perror("alternate: -o");
		return 2;
	}
	for (int k = 0; k < n; k++)
		printf("%.3f %.3f %.4f %.4f\n", median(cmds[k].cpu, rounds),
		       median(cmds[k].wall, rounds),
		       median(cmds[k].ratio, rounds),
		       median(cmds[k].wratio, rounds));
	for (int k = 0; k < n; k++) {
		free(cmds[k].cpu);
		free(cmds[k].wall);
		free(cmds[k].ratio);
		free(cmds[k].wratio);
	}
	free(cmds);
	return 0;
}
