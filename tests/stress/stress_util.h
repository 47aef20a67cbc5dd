/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers of the tests/stress programs, on top of tests/guest's
 * fdtest.h/bpf_util.h: fail-nth control, kernel reports read from
 * /dev/kmsg, BPF object id sets, the file count, kmemleak, and a main()
 * that takes the program's own options before running the harness.
 */
#ifndef STRESS_UTIL_H
#define STRESS_UTIL_H

#include <getopt.h>
#include <net/if.h>
#include <stdio.h>
#include <sys/ioctl.h>

#include "bpf_util.h"

/*
 * bpf_util.h gives every harness child an idle thread (a shared fd
 * table); these programs choose the fd table themselves.
 */
__attribute__((constructor(101))) static void stress_no_atfork(void)
{
	setenv("BPF_UTIL_UNSHARED", "1", 1);
}

static inline int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), r;

	if (fd < 0)
		return -1;
	r = write(fd, s, strlen(s)) == (ssize_t)strlen(s) ? 0 : -1;
	close(fd);
	return r;
}

/* lo up (AF_INET sockets of the tests need it), cgroup2/bpffs present. */
static inline int stress_guest_setup(void)
{
	struct ifreq ifr = { 0 };
	int s = socket(AF_INET, SOCK_DGRAM, 0), r = -1;

	if (s < 0)
		return -1;
	strcpy(ifr.ifr_name, "lo");
	if (!ioctl(s, SIOCGIFFLAGS, &ifr)) {
		ifr.ifr_flags |= IFF_UP;
		r = ioctl(s, SIOCSIFFLAGS, &ifr);
	}
	close(s);
	return r;
}

/* ---- fail-nth ------------------------------------------------------------- */

/*
 * Make every slab allocation, page allocation and user copy of the task a
 * fault point (by default failslab and fail_page_alloc skip allocations
 * that may sleep), and keep the console quiet about injected faults.
 */
static inline int fail_nth_setup(void)
{
	static const char *const w[][2] = {
		{ "failslab/ignore-gfp-wait", "N" },
		{ "failslab/verbose", "0" },
		{ "fail_page_alloc/ignore-gfp-wait", "N" },
		{ "fail_page_alloc/ignore-gfp-highmem", "N" },
		{ "fail_page_alloc/min-order", "0" },
		{ "fail_page_alloc/verbose", "0" },
		{ "fail_usercopy/verbose", "0" },
	};
	char p[128];

	for (unsigned i = 0; i < ARRAY_LEN(w); i++) {
		snprintf(p, sizeof(p), "/sys/kernel/debug/%s", w[i][0]);
		if (write_file(p, w[i][1]))
			return -1;
	}
	return 0;
}

static inline long fail_nth_set(int fd, unsigned long n)
{
	char b[24];
	int l = snprintf(b, sizeof(b), "%lu", n);

	return pwrite(fd, b, l, 0) == l ? 0 : -1;
}

/*
 * Fault points the call did not reach (0: the nth one was reached and
 * failed).  The read's own copy to user space is a fault point too: if it
 * was the last one left, the read fails with EFAULT -- one point left.
 */
static inline long fail_nth_get(int fd)
{
	char b[24] = { 0 };
	ssize_t n = pread(fd, b, sizeof(b) - 1, 0);

	if (n < 0)
		return errno == EFAULT ? 1 : -1;
	return strtol(b, NULL, 10);
}

/* ---- kernel reports -------------------------------------------------------- */

static int kmsg_fd = -1;

static inline void kmsg_open(void)
{
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);
}

/*
 * A new kernel log record that is a report: its text into @buf, 1.  A
 * report is a record that starts with one of the headers below (lockdep's
 * own reports start with "WARNING:" or "INFO:"); a stack frame of a
 * fault-injection backtrace (" ? lockdep_hardirqs_on_prepare+0x3e0" under
 * PROVE_LOCKING) is not one.
 */
static inline int kmsg_report(char *buf, size_t len)
{
	static const char *const pat[] = {
		"BUG:", "WARNING:", "KASAN", "Oops", "general protection",
		"UBSAN:", "unreferenced object", "INFO:",
	};
	char rec[1024];
	ssize_t n;
	int found = 0;

	if (kmsg_fd < 0)
		return 0;
	while ((n = read(kmsg_fd, rec, sizeof(rec) - 1)) != 0) {
		char *msg;

		if (n < 0) {
			if (errno == EPIPE)	/* overwritten: go on */
				continue;
			break;
		}
		rec[n] = 0;
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		for (unsigned i = 0; !found && i < ARRAY_LEN(pat); i++) {
			if (!strncmp(msg, pat[i], strlen(pat[i]))) {
				snprintf(buf, len, "%.*s", (int)strcspn(msg, "\n"),
					 msg);
				found = 1;
			}
		}
	}
	return found;
}

/* ---- BPF objects ------------------------------------------------------------- */

#define STRESS_MAXIDS 256
static const int stress_next_id_cmd[4] = {
	BPF_MAP_GET_NEXT_ID, BPF_PROG_GET_NEXT_ID, BPF_BTF_GET_NEXT_ID,
	BPF_LINK_GET_NEXT_ID,
};
static const char *const stress_obj_name[4] = { "map", "prog", "btf", "link" };

static inline void bpf_ids_snap(__u32 ids[4][STRESS_MAXIDS], int n[4])
{
	union bpf_attr attr;

	for (int k = 0; k < 4; k++) {
		__u32 cur = 0;

		for (n[k] = 0; n[k] < STRESS_MAXIDS; n[k]++) {
			memset(&attr, 0, sizeof(attr));
			attr.start_id = cur;
			if (BPF(stress_next_id_cmd[k], &attr))
				break;
			ids[k][n[k]] = cur = attr.next_id;
		}
	}
}

/*
 * Are the BPF objects back to @ids0?  Objects can be freed a little after
 * their last fd is closed (RCU, work queues): wait up to ~3 s.  On failure
 * @why names the first extra object.
 */
static inline int bpf_ids_back(__u32 ids0[4][STRESS_MAXIDS], int n0[4],
			       char *why, size_t len)
{
	__u32 ids[4][STRESS_MAXIDS];
	int n[4];

	for (int tries = 0; tries < 300; tries++) {
		int same = 1;

		bpf_ids_snap(ids, n);
		for (int k = 0; same && k < 4; k++) {
			for (int i = 0; same && i < n[k]; i++) {
				int j;

				for (j = 0; j < n0[k] && ids0[k][j] != ids[k][i]; j++)
					;
				if (j == n0[k]) {
					same = 0;
					snprintf(why, len, "%s id %u",
						 stress_obj_name[k], ids[k][i]);
				}
			}
		}
		if (same)
			return 1;
		usleep(10000);
	}
	return 0;
}

/* ---- files, kmemleak ---------------------------------------------------------- */

/*
 * /proc/sys/fs/file-nr's first number reads a per-cpu counter without
 * summing it: it may be off by the counter's batch (32 with <= 16 CPUs)
 * per CPU.
 */
#define FILE_NR_SLACK (2 * 32 * (long)sysconf(_SC_NPROCESSORS_ONLN))

static inline long file_nr(void)
{
	char b[64] = { 0 };
	int fd = open("/proc/sys/fs/file-nr", O_RDONLY);

	if (fd < 0 || read(fd, b, sizeof(b) - 1) <= 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	return strtol(b, NULL, 10);
}

/* file_nr() once it is within the slack of @before (up to ~5 s). */
static inline long file_nr_settled(long before)
{
	long n = file_nr();

	for (int i = 0; i < 100 && n > before + FILE_NR_SLACK; i++) {
		usleep(50000);
		n = file_nr();
	}
	return n;
}

/*
 * kmemleak scan now (objects younger than 5 s are not reported, so the
 * caller waits first); returns how many leaks it lists, -1 without
 * kmemleak.  The report goes to stdout as TAP comments; the objects
 * reported are then cleared, so that the next scan names new ones only.
 */
static inline int kmemleak_scan(void)
{
	const char *p = "/sys/kernel/debug/kmemleak";
	char b[4096], *s, *e;
	int fd, leaks = 0;
	ssize_t n;

	if (write_file(p, "scan") || write_file(p, "scan"))
		return -1;
	fd = open(p, O_RDONLY);
	if (fd < 0)
		return -1;
	while ((n = read(fd, b, sizeof(b) - 1)) > 0) {
		b[n] = 0;
		for (s = b; *s; s = e) {
			e = s + strcspn(s, "\n");
			if (*e)
				*e++ = 0;
			if (strstr(s, "unreferenced object"))
				leaks++;
			printf("# kmemleak: %s\n", s);
		}
	}
	close(fd);
	write_file(p, "clear");	/* the next scan lists only new leaks */
	return leaks;
}

/* ---- main ------------------------------------------------------------------------ */

/*
 * STRESS_MAIN(OPTSTRING, case 'x': ...; break; ...): getopt() over the
 * program's options, then the harness runs every test.
 */
#define STRESS_MAIN(optstr, ...)					\
	static void __attribute__((constructor))			\
	__constructor_order_last(void)					\
	{								\
		if (!__constructor_order)				\
			__constructor_order = _CONSTRUCTOR_ORDER_BACKWARD; \
	}								\
	int main(int argc, char **argv)					\
	{								\
		int _o;							\
		while ((_o = getopt(argc, argv, optstr)) != -1) {	\
			switch (_o) {					\
			__VA_ARGS__					\
			default:					\
				fprintf(stderr, "usage: %s [-%s]\n",	\
					argv[0], optstr);		\
				return 2;				\
			}						\
		}							\
		return test_harness_run(argc, argv);			\
	}

#endif /* STRESS_UTIL_H */
