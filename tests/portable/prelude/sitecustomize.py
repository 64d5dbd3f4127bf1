"""A test prelude, loaded by Python at start-up when this folder leads PYTHONPATH (every
process, the workers ``spawn`` starts too). It does nothing unless asked:

MONZA_TEST_AS_WINDOWS=1
    take away what Windows lacks (the names of ``os`` and ``signal`` that exist on POSIX
    only, and the POSIX-only modules), so that whatever the code, or a library it calls
    on our behalf, asks of them fails at once, as it would on Windows. The standard
    library's own POSIX branches are not Windows' branches (on Windows they are not
    taken), so the few names they need while they run are kept, each said why.

MONZA_TEST_FULL_DISK=1
    the disk under ``MONZA_HOME`` is full: every fsync of a file there fails with ENOSPC
    (where a full disk shows when the system delayed the allocation; the bytes written
    before are the kernel's, never the file's). Creating an empty file still works, as on
    a real full disk with inodes left.
"""

from __future__ import annotations

import errno
import importlib.abc
import os
import sys

POSIX_ONLY_MODULES = frozenset(
    {"fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "readline", "curses",
     "_curses", "syslog", "posix_ipc", "crypt", "spwd", "nis"}
)
"""Modules that Windows' Python has not."""

POSIX_ONLY_OS = (
    "pread", "pwrite", "preadv", "pwritev", "fchmod", "lchmod", "fchown", "chown",
    "lchown", "getuid", "geteuid", "getgid", "getegid", "getgroups", "setuid", "setgid",
    "getpgid", "getpgrp", "setpgid", "setpgrp", "setsid", "getsid", "killpg", "fork",
    "forkpty", "register_at_fork", "sched_getaffinity", "sched_setaffinity", "sync",
    "statvfs", "fstatvfs", "mkfifo", "mknod", "nice", "openpty", "ttyname", "ctermid",
    "uname", "getloadavg", "set_blocking", "get_blocking", "lockf", "posix_fadvise",
    "sendfile", "memfd_create", "pipe2", "O_NONBLOCK", "O_CLOEXEC", "O_NOFOLLOW",
    "O_DIRECTORY", "O_NOCTTY", "O_SYNC", "O_DSYNC", "O_NDELAY", "O_ASYNC",
)
"""Names of ``os`` that Windows' Python 3.11 has not (fchmod came in 3.13, set_blocking
and get_blocking for pipes in 3.12)."""
# Kept, for the standard library's POSIX branches: os.WNOHANG and os.waitpid's POSIX
# flags (subprocess and multiprocessing's spawn poll their children with them here; on
# Windows they wait on process handles), os.sysconf (multiprocessing's semaphores).

POSIX_ONLY_SIGNALS = (
    "SIGHUP", "SIGTSTP", "SIGCONT", "SIGSTOP", "SIGTTIN", "SIGTTOU", "SIGPIPE",
    "SIGALRM", "SIGCHLD", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGWINCH", "SIGIO", "SIGPROF",
    "SIGVTALRM", "SIGXCPU", "SIGXFSZ", "SIGSYS", "SIGTRAP", "SIGBUS", "SIGURG",
    "alarm", "pause", "setitimer", "getitimer", "siginterrupt", "sigwait", "pthread_kill",
    "pthread_sigmask", "sigpending",
)
"""Names of ``signal`` that Windows has not (it has SIGINT, SIGTERM, SIGABRT, SIGBREAK)."""
# Kept: SIGKILL (multiprocessing and subprocess kill their POSIX children with it).


class _NoSuchModule(importlib.abc.MetaPathFinder):
    """Refuses the POSIX-only modules, as Windows' Python has none of them."""

    def find_spec(self, name: str, path: object, target: object = None) -> None:
        if name in POSIX_ONLY_MODULES:
            raise ModuleNotFoundError(f"No module named {name!r} (as on Windows)", name=name)
        return None


def _as_windows() -> None:
    import signal

    for name in POSIX_ONLY_MODULES:
        sys.modules.pop(name, None)
    sys.meta_path.insert(0, _NoSuchModule())
    for name in POSIX_ONLY_OS:
        if hasattr(os, name):
            delattr(os, name)
    for name in POSIX_ONLY_SIGNALS:
        if hasattr(signal, name):
            delattr(signal, name)


def _full_disk() -> None:
    home = os.path.realpath(os.environ["MONZA_HOME"])
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        try:
            where = os.path.realpath(f"/proc/self/fd/{fd}")
        except OSError:
            where = ""
        if where == home or where.startswith(home + os.sep):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    os.fsync = fsync


if os.environ.get("MONZA_TEST_FULL_DISK") == "1":
    _full_disk()
if os.environ.get("MONZA_TEST_AS_WINDOWS") == "1":
    _as_windows()
