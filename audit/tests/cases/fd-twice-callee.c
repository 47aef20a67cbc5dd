// fd-twice through callees whose fd is not their first argument (summary
// "lookup1"/"lookup2"): a check on one lookup, the use on another
// (c034203b6a9d: svc_alien_sock(net, fd) then svc_addsock(serv, net, fd)).
bool sock_alien(struct net *net, int fd)
{
	int err;
	struct socket *sock = sockfd_lookup(fd, &err);
	bool ret = false;

	if (!sock)
		return false;
	if (sock_net(sock->sk) != net)
		ret = true;
	sockfd_put(sock);
	return ret;
}

int sock_add(struct serv *serv, struct net *net, const int fd)
{
	int err = 0;
	struct socket *so = sockfd_lookup(fd, &err);

	if (!so)
		return err;
	err = serv_take(serv, so);
	if (err)
		sockfd_put(so);
	return err;
}

int ports_addfd(struct serv *serv, struct net *net, int fd)
{
	if (sock_alien(net, fd))
		return -EINVAL;
	return sock_add(serv, net, fd); // expect: fd-twice
}
