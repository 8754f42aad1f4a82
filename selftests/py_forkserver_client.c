// SPDX-License-Identifier: GPL-2.0
/*
 * python3 for the test VM (vm-suite.sh puts it first in PATH under that
 * name): hands its argv, open descriptors (by number), working directory,
 * umask and environment to py_forkserver.py, which runs the script in a forked,
 * already started interpreter, and exits as that script did. Only when it
 * runs in the server's very context (credentials, capabilities, seccomp,
 * namespaces, cgroup, limits, CPUs and memory nodes, priority): anything
 * else, or no server, or an argv form the server does not take, execs the
 * real python3, so a test sees python3 behave as python3 does.
 *
 * Env: KIOGEN_PYSERVER, the server's socket; KIOGEN_PYTHON, the real one.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* struct ucred */
#endif
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

extern char **environ;

static char *real_python(void)
{
	char *p = getenv("KIOGEN_PYTHON");

	return p && *p ? p : "/usr/bin/python3";
}

static void exec_real(char **argv)
{
	char *py = real_python();

	argv[0] = py;
	execv(py, argv);
	perror(py);
	exit(127);
}

/* the contents of /proc/PID/WHAT, or NULL */
static char *slurp(pid_t pid, const char *what)
{
	char path[64], *buf = NULL;
	size_t len = 0, cap = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, what);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	for (;;) {
		if (len + 4096 + 1 > cap) {
			char *n = realloc(buf, cap = cap * 2 + 8192);

			if (!n) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = n;
		}
		size_t r = fread(buf + len, 1, 4096, f);

		len += r;
		if (r == 0)
			break;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* the lines of /proc/PID/status that say what a process may do and see */
static int status_line_matters(const char *line)
{
	static const char *const keys[] = {
		"Umask:", "Uid:", "Gid:", "Groups:", "CapInh:", "CapPrm:", "CapEff:",
		"CapBnd:", "CapAmb:", "NoNewPrivs:", "Seccomp:", "Cpus_allowed_list:",
		"Mems_allowed_list:", "NSpid:",
	};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strncmp(line, keys[i], strlen(keys[i])))
			return 1;
	return 0;
}

static int same_status(pid_t a, pid_t b)
{
	char *sa = slurp(a, "status"), *sb = slurp(b, "status");
	int same = sa && sb;
	char *la, *lb, *pa, *pb;

	/* the NSpid line has each one's own pid: compare its length (depth) */
	for (la = strtok_r(sa, "\n", &pa), lb = strtok_r(sb, "\n", &pb); same && la && lb;
	     la = strtok_r(NULL, "\n", &pa), lb = strtok_r(NULL, "\n", &pb)) {
		if (!status_line_matters(la))
			continue;
		if (!strncmp(la, "Umask:", 6))
			continue;	/* passed on */
		if (!strncmp(la, "NSpid:", 6)) {
			same = strchr(la, ' ') == strrchr(la, ' ') &&
			       strchr(lb, ' ') == strrchr(lb, ' ');
			continue;
		}
		same = !strcmp(la, lb);
	}
	same = same && !la == !lb;
	free(sa);
	free(sb);
	return same;
}

static int same_file(pid_t a, pid_t b, const char *what)
{
	char *fa = slurp(a, what), *fb = slurp(b, what);
	int same = fa && fb && !strcmp(fa, fb);

	free(fa);
	free(fb);
	return same;
}

static int same_ns(pid_t a, pid_t b)
{
	static const char *const ns[] = {
		"mnt", "net", "user", "pid", "uts", "ipc", "cgroup", "time",
	};
	char pa[64], pb[64];
	struct stat s1, s2;

	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
		snprintf(pa, sizeof(pa), "/proc/%d/ns/%s", (int)a, ns[i]);
		snprintf(pb, sizeof(pb), "/proc/%d/ns/%s", (int)b, ns[i]);
		if (stat(pa, &s1) || stat(pb, &s2))
			return errno == ENOENT;	/* a kernel without that ns */
		if (s1.st_ino != s2.st_ino || s1.st_dev != s2.st_dev)
			return 0;
	}
	return 1;
}

static int same_context(pid_t server)
{
	pid_t me = getpid();

	errno = 0;
	return same_ns(me, server) && same_status(me, server) &&
	       same_file(me, server, "cgroup") && same_file(me, server, "limits") &&
	       getpriority(PRIO_PROCESS, 0) == getpriority(PRIO_PROCESS, server) && !errno;
}

#define MAX_FDS 250	/* SCM_MAX_FD is 253 */

/* the open descriptors, 0, 1 and 2 first; 0 when there are too many or
 * one of the three is closed */
static int open_fds(int *fds)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 3, fd;

	if (!d)
		return 0;
	for (fd = 0; fd < 3; fd++)
		fds[fd] = fd;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		fd = atoi(e->d_name);
		if (fd < 3 || fd == dirfd(d))
			continue;
		if (n == MAX_FDS) {
			n = 0;
			break;
		}
		fds[n++] = fd;
	}
	closedir(d);
	for (fd = 0; n && fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0)
			n = 0;
	return n;
}

static int send_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

static int recv_all(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len) {
		ssize_t n = recv(fd, p, len, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

/* argc, argv..., cwd, umask, envc, env..., fdc, fd numbers..., each
 * NUL-terminated */
static char *request(int argc, char **argv, const int *fds, int nfds, size_t *len)
{
	char cwd[4096], num[32], *buf = NULL;
	size_t n = 0;
	mode_t um = umask(0);
	int envc = 0;
	FILE *f = open_memstream(&buf, &n);

	umask(um);
	if (!f || !getcwd(cwd, sizeof(cwd)))
		return NULL;
	while (environ[envc])
		envc++;
	fprintf(f, "%d%c", argc, 0);
	for (int i = 0; i < argc; i++)
		fprintf(f, "%s%c", argv[i], 0);
	snprintf(num, sizeof(num), "%o", (unsigned int)um);
	fprintf(f, "%s%c%s%c%d%c", cwd, 0, num, 0, envc, 0);
	for (int i = 0; i < envc; i++)
		fprintf(f, "%s%c", environ[i], 0);
	fprintf(f, "%d%c", nfds, 0);
	for (int i = 0; i < nfds; i++)
		fprintf(f, "%d%c", fds[i], 0);
	if (fclose(f))
		return NULL;
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	const char *path = getenv("KIOGEN_PYSERVER");
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct ucred cred;
	socklen_t cl = sizeof(cred);
	char cbuf[CMSG_SPACE(MAX_FDS * sizeof(int))] = { 0 }, ack;
	int fds[MAX_FDS], nfds;
	struct msghdr msg = { 0 };
	struct cmsghdr *cm;
	struct iovec iov;
	unsigned int hdr;
	size_t len;
	char *req;
	int fd, status;

	nfds = open_fds(fds);
	if (!path || strlen(path) >= sizeof(sa.sun_path) || !nfds)
		exec_real(argv);
	strcpy(sa.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &cl) || !same_context(cred.pid))
		exec_real(argv);
	req = request(argc, argv, fds, nfds, &len);
	if (!req || len > 0xffffffffu)
		exec_real(argv);
	hdr = len;
	iov.iov_base = &hdr;
	iov.iov_len = sizeof(hdr);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = cbuf;
	msg.msg_controllen = CMSG_SPACE(nfds * sizeof(int));
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(nfds * sizeof(int));
	memcpy(CMSG_DATA(cm), fds, nfds * sizeof(int));
	if (sendmsg(fd, &msg, MSG_NOSIGNAL) != sizeof(hdr) || send_all(fd, req, len) ||
	    recv_all(fd, &ack, 1))
		exec_real(argv);	/* the server took nothing yet: stdin is unread */
	free(req);
	if (ack != 'A')
		exec_real(argv);
	if (recv_all(fd, &status, sizeof(status))) {
		fprintf(stderr, "python3: the fork server went away\n");
		return 120;
	}
	if (status < 0) {
		signal(-status, SIG_DFL);
		raise(-status);
		return 128 - status;
	}
	return status;
}
