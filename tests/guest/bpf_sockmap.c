// SPDX-License-Identifier: GPL-2.0
/*
 * net/core/sock_map.c fd paths: sock_map_update_elem_sys() (the socket fd
 * as the value of a SOCKMAP / SOCKHASH update, sockfd_lookup()), and the
 * map as target_fd of BPF_PROG_ATTACH (sock_map_get_from_fd()),
 * BPF_PROG_DETACH (sock_map_prog_detach()) and BPF_PROG_QUERY
 * (sock_map_bpf_prog_query()), each with good, bad and wrong-kind fds.
 */
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>

#include "bpf_util.h"

/*
 * The socket fd as a map value.  sock_map_update_elem_sys() rejects any
 * value > S32_MAX with EINVAL before looking it up (so -1 is EINVAL, not
 * EBADF); sockfd_lookup() uses fget(), so O_PATH is EBADF; a non-socket
 * file is ENOTSOCK.  The "socket" class (an unbound AF_UNIX datagram
 * socket) is a valid sockmap member in 6.1: success.
 */
static const int errs_sock_value[BAD_KIND_MAX] = {
	[BAD_CLOSED] = EBADF, [BAD_MINUS1] = EINVAL, [BAD_HUGE] = EBADF,
	[BAD_DEVNULL] = ENOTSOCK, [BAD_OPATH] = EBADF, [BAD_SOCKET] = 0,
};

/* Bring up lo (it gets 127.0.0.1 by itself) for the TCP cases. */
static int loopback_up(void)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM, 0), r;

	if (s < 0)
		return -1;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	r = ioctl(s, SIOCGIFFLAGS, &ifr);
	if (!r && !(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		r = ioctl(s, SIOCSIFFLAGS, &ifr);
	}
	close(s);
	return r;
}

/* A connected TCP pair over loopback: *cli, *srv; returns the listener. */
static int tcp_pair(int *cli, int *srv)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	socklen_t len = sizeof(sin);
	int l;

	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || bind(l, (void *)&sin, sizeof(sin)) || listen(l, 1) ||
	    getsockname(l, (void *)&sin, &len))
		return -1;
	*cli = socket(AF_INET, SOCK_STREAM, 0);
	if (*cli < 0 || connect(*cli, (void *)&sin, sizeof(sin)))
		return -1;
	*srv = accept(l, NULL, NULL);
	return *srv < 0 ? -1 : l;
}

static long sk_update(int map, __u32 key, __u64 fd, __u32 value_size)
{
	__u32 fd32 = fd;

	return bpf_map_update(map, &key, value_size == 8 ? (void *)&fd :
			      (void *)&fd32, BPF_ANY);
}

FIXTURE(skmap)
{
	int map, prog_fd, sp[2];
};

FIXTURE_VARIANT(skmap)
{
	enum bpf_map_type type;
	__u32 value_size;
};

FIXTURE_VARIANT_ADD(skmap, sockmap)
{
	.type = BPF_MAP_TYPE_SOCKMAP, .value_size = 8,
};

FIXTURE_VARIANT_ADD(skmap, sockmap_u32)
{
	.type = BPF_MAP_TYPE_SOCKMAP, .value_size = 4,
};

FIXTURE_VARIANT_ADD(skmap, sockhash)
{
	.type = BPF_MAP_TYPE_SOCKHASH, .value_size = 8,
};

FIXTURE_SETUP(skmap)
{
	self->map = bpf_map_create(variant->type, 4, variant->value_size, 8);
	ASSERT_LE(0, self->map) TH_LOG("map create: %s", strerror(errno));
	self->prog_fd = socket_filter_prog();
	ASSERT_LE(0, self->prog_fd);
	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, self->sp));
}

FIXTURE_TEARDOWN(skmap)
{
	close(self->sp[0]);
	close(self->sp[1]);
	EXPECT_CLOSE_GONE(self->map, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->prog_fd, OBJ_PROG);
}

TEST_F(skmap, update_unix_stream)
{
	__u32 vs = variant->value_size, key = 0;
	__u64 cookie = 0;
	int other;

	EXPECT_EQ(0, sk_update(self->map, 0, self->sp[0], vs))
		TH_LOG("unix stream socketpair: %s", strerror(errno));
	EXPECT_EQ(0, sk_update(self->map, 1, self->sp[1], vs));
	/* the same socket twice in one map is allowed */
	EXPECT_EQ(0, sk_update(self->map, 2, self->sp[0], vs))
		TH_LOG("%s", strerror(errno));

	/* a lookup returns the socket cookie (64-bit values only) */
	if (vs == 8) {
		EXPECT_EQ(0, bpf_map_lookup(self->map, &key, &cookie));
		EXPECT_NE(0, cookie);
	} else {
		__u32 v;

		EXPECT_ERRNO(ENOSPC, bpf_map_lookup(self->map, &key, &v));
	}

	/* an unconnected stream socket is refused */
	other = socket(AF_UNIX, SOCK_STREAM, 0);
	ASSERT_LE(0, other);
	EXPECT_ERRNO(EOPNOTSUPP, sk_update(self->map, 3, other, vs));
	close(other);

	/* closing a member socket removes it from the map */
	close(self->sp[1]);
	self->sp[1] = -1;
	key = 1;
	if (vs == 8)
		EXPECT_ERRNO(ENOENT, bpf_map_lookup(self->map, &key, &cookie));
	EXPECT_EQ(0, bpf_map_delete(self->map, &(__u32){ 0 }));
	/* an empty slot: EINVAL for a sockmap, ENOENT for a sockhash */
	EXPECT_ERRNO(variant->type == BPF_MAP_TYPE_SOCKMAP ? EINVAL : ENOENT,
		     bpf_map_delete(self->map, &(__u32){ 0 }));
}

TEST_F(skmap, update_bad_fds)
{
	__u32 vs = variant->value_size;

	EXPECT_FD_RESULTS(sk_update(self->map, 4, BADFD, vs), errs_sock_value);
	/* BPF objects and other non-socket files: ENOTSOCK */
	EXPECT_ERRNO(ENOTSOCK, sk_update(self->map, 5, self->prog_fd, vs));
	EXPECT_ERRNO(ENOTSOCK, sk_update(self->map, 5, self->map, vs));
	/* values above S32_MAX never reach sockfd_lookup() */
	if (vs == 8)
		EXPECT_ERRNO(EINVAL, sk_update(self->map, 5,
					       (__u64)self->sp[0] << 32, vs));
	EXPECT_ERRNO(EINVAL, sk_update(self->map, 5, 0x80000000u, vs));
	/* the map fd itself must be a map: the update's own fd path */
	EXPECT_BAD_FDS(sk_update(BADFD, 0, self->sp[0], vs), errs_fdget);
	EXPECT_ERRNO(EINVAL, sk_update(self->prog_fd, 0, self->sp[0], vs));
}

TEST_F(skmap, update_inet)
{
	__u32 vs = variant->value_size;
	struct sockaddr_in sin = { .sin_family = AF_INET };
	int l, cli = -1, srv = -1, u;

	/* TCP: a closed socket is refused, a listener and both ends of an
	 * established connection are taken */
	u = socket(AF_INET, SOCK_STREAM, 0);
	ASSERT_LE(0, u);
	EXPECT_ERRNO(EOPNOTSUPP, sk_update(self->map, 0, u, vs));
	close(u);

	ASSERT_EQ(0, loopback_up()) TH_LOG("lo up: %s", strerror(errno));
	l = tcp_pair(&cli, &srv);
	ASSERT_LE(0, l) TH_LOG("tcp over loopback: %s", strerror(errno));
	EXPECT_EQ(0, sk_update(self->map, 0, l, vs))
		TH_LOG("listener: %s", strerror(errno));
	EXPECT_EQ(0, sk_update(self->map, 1, cli, vs))
		TH_LOG("client: %s", strerror(errno));
	EXPECT_EQ(0, sk_update(self->map, 2, srv, vs))
		TH_LOG("accepted: %s", strerror(errno));

	/* UDP: unbound is refused, bound is taken */
	u = socket(AF_INET, SOCK_DGRAM, 0);
	ASSERT_LE(0, u);
	EXPECT_ERRNO(EOPNOTSUPP, sk_update(self->map, 3, u, vs));
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ASSERT_EQ(0, bind(u, (void *)&sin, sizeof(sin)));
	EXPECT_EQ(0, sk_update(self->map, 3, u, vs))
		TH_LOG("bound udp: %s", strerror(errno));

	close(u);
	close(srv);
	close(cli);
	close(l);
}

/* ---- the map as target_fd of PROG_ATTACH / DETACH / QUERY ---- */

FIXTURE(skprog)
{
	int map, array, msg_prog, skb_prog, filter_prog;
};

FIXTURE_VARIANT(skprog)
{
	enum bpf_map_type type;
	__u32 attach_type;	/* the one tested */
};

FIXTURE_VARIANT_ADD(skprog, sockmap_msg_verdict)
{
	.type = BPF_MAP_TYPE_SOCKMAP, .attach_type = BPF_SK_MSG_VERDICT,
};

FIXTURE_VARIANT_ADD(skprog, sockmap_stream_verdict)
{
	.type = BPF_MAP_TYPE_SOCKMAP, .attach_type = BPF_SK_SKB_STREAM_VERDICT,
};

FIXTURE_VARIANT_ADD(skprog, sockhash_stream_parser)
{
	.type = BPF_MAP_TYPE_SOCKHASH, .attach_type = BPF_SK_SKB_STREAM_PARSER,
};

FIXTURE_VARIANT_ADD(skprog, sockhash_skb_verdict)
{
	.type = BPF_MAP_TYPE_SOCKHASH, .attach_type = BPF_SK_SKB_VERDICT,
};

FIXTURE_SETUP(skprog)
{
	self->map = bpf_map_create(variant->type, 4, 8, 8);
	ASSERT_LE(0, self->map) TH_LOG("map: %s", strerror(errno));
	self->array = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 1);
	ASSERT_LE(0, self->array);
	self->msg_prog = prog_load_ret(BPF_PROG_TYPE_SK_MSG, 0, SK_PASS);
	ASSERT_LE(0, self->msg_prog) TH_LOG("SK_MSG: %s\n%s", strerror(errno),
					    bpf_log_buf);
	self->skb_prog = prog_load_ret(BPF_PROG_TYPE_SK_SKB, 0, SK_PASS);
	ASSERT_LE(0, self->skb_prog) TH_LOG("SK_SKB: %s\n%s", strerror(errno),
					    bpf_log_buf);
	self->filter_prog = socket_filter_prog();
	ASSERT_LE(0, self->filter_prog);
}

FIXTURE_TEARDOWN(skprog)
{
	/* the map first: it holds the attached progs */
	EXPECT_CLOSE_GONE(self->map, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->array, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->filter_prog, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->skb_prog, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->msg_prog, OBJ_PROG);
}

static int right_prog(FIXTURE_DATA(skprog) *self, __u32 at)
{
	return at == BPF_SK_MSG_VERDICT ? self->msg_prog : self->skb_prog;
}

static int wrong_prog(FIXTURE_DATA(skprog) *self, __u32 at)
{
	return at == BPF_SK_MSG_VERDICT ? self->skb_prog : self->msg_prog;
}

TEST_F(skprog, attach)
{
	__u32 at = variant->attach_type;
	int prog = right_prog(self, at);

	/* target_fd: sock_map_get_from_fd() */
	EXPECT_BAD_FDS(prog_attach(BADFD, prog, at, 0, 0), errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_attach(self->msg_prog, prog, at, 0, 0));
	EXPECT_ERRNO(EOPNOTSUPP, prog_attach(self->array, prog, at, 0, 0));
	/* attach_bpf_fd: bpf_prog_get_type(), before the target is looked at */
	EXPECT_BAD_FDS(prog_attach(self->map, BADFD, at, 0, 0), errs_fdget);
	EXPECT_BAD_FDS(prog_attach(BADFD, BADFD, at, 0, 0), errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_attach(self->map, wrong_prog(self, at), at, 0, 0));
	EXPECT_ERRNO(EINVAL, prog_attach(self->map, self->filter_prog, at, 0, 0));
	EXPECT_ERRNO(EINVAL, prog_attach(self->map, self->map, at, 0, 0));

	/* nothing attached so far */
	ASSERT_EQ(0, prog_query(self->map, at)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(0, query_cnt);

	ASSERT_EQ(0, prog_attach(self->map, prog, at, 0, 0))
		TH_LOG("attach: %s", strerror(errno));
	ASSERT_EQ(0, prog_query(self->map, at));
	EXPECT_EQ(1, query_cnt);
	EXPECT_EQ(prog_id(prog), query_ids[0]);
	/* attaching again replaces it: still one */
	EXPECT_EQ(0, prog_attach(self->map, prog, at, 0, 0));
	ASSERT_EQ(0, prog_query(self->map, at));
	EXPECT_EQ(1, query_cnt);
}

TEST_F(skprog, detach)
{
	__u32 at = variant->attach_type;
	int prog = right_prog(self, at);

	ASSERT_EQ(0, prog_attach(self->map, prog, at, 0, 0))
		TH_LOG("attach: %s", strerror(errno));

	/* target_fd first, then attach_bpf_fd */
	EXPECT_BAD_FDS(prog_detach(BADFD, prog, at), errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_detach(prog, prog, at));
	EXPECT_ERRNO(EOPNOTSUPP, prog_detach(self->array, prog, at));
	EXPECT_BAD_FDS(prog_detach(self->map, BADFD, at), errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_detach(self->map, self->map, at));
	/* a prog of another type: EINVAL; of the type but not attached:
	 * ENOENT (psock_replace_prog()) */
	EXPECT_ERRNO(EINVAL, prog_detach(self->map, self->filter_prog, at));
	{
		int other = at == BPF_SK_MSG_VERDICT ?
			prog_load_ret(BPF_PROG_TYPE_SK_MSG, 0, SK_DROP) :
			prog_load_ret(BPF_PROG_TYPE_SK_SKB, 0, SK_DROP);

		ASSERT_LE(0, other);
		EXPECT_ERRNO(ENOENT, prog_detach(self->map, other, at));
		close(other);
	}
	/* still attached after all that */
	ASSERT_EQ(0, prog_query(self->map, at));
	EXPECT_EQ(1, query_cnt);

	EXPECT_EQ(0, prog_detach(self->map, prog, at))
		TH_LOG("detach: %s", strerror(errno));
	ASSERT_EQ(0, prog_query(self->map, at));
	EXPECT_EQ(0, query_cnt);
	EXPECT_ERRNO(ENOENT, prog_detach(self->map, prog, at));
}

TEST_F(skprog, query)
{
	__u32 at = variant->attach_type;

	EXPECT_BAD_FDS(prog_query(BADFD, at), errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_query(self->msg_prog, at));
	EXPECT_ERRNO(EOPNOTSUPP, prog_query(self->array, at));
	EXPECT_EQ(0, prog_query(self->map, at)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(0, query_cnt);
}

/* A map with attached progs and a member socket, all closed in one go. */
TEST_F(skprog, attached_map_with_socket)
{
	__u32 at = variant->attach_type;
	int sp[2];

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sp));
	ASSERT_EQ(0, prog_attach(self->map, right_prog(self, at), at, 0, 0));
	EXPECT_EQ(0, sk_update(self->map, 0, sp[0], 8))
		TH_LOG("%s", strerror(errno));
	EXPECT_EQ(1, write(sp[0], "x", 1));
	close(sp[0]);
	close(sp[1]);
}

TEST_HARNESS_MAIN
