// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz: the host's TSC rate in kHz (rdtsc against CLOCK_MONOTONIC_RAW
 * over 3 x 200 ms, median), for fdbench -k: TCG's guest rdtsc reads the
 * host's TSC.  A host tool: rdtsc and clock_gettime only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long long rdtsc(void)
{
	unsigned int lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((unsigned long long)hi << 32) | lo;
}

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(void)
{
	double khz[3];

	for (int i = 0; i < 3; i++) {
		double t0 = mono(), t;
		unsigned long long c0 = rdtsc();
		struct timespec d = { 0, 200000000 };

		nanosleep(&d, NULL);
		t = mono();
		khz[i] = (rdtsc() - c0) / (t - t0) / 1e3;
	}
	qsort(khz, 3, sizeof(double), cmp);
	printf("%.0f\n", khz[1]);
	return 0;
}
