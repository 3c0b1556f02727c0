"""A pool worker ends with the build that started it. Killed from outside — a deadline, a
SIGKILL, the kernel's out-of-memory killer — a build cannot stop its workers itself, and a
worker that outlives it goes on drawing for minutes at full CPU, on input that may have been
made to exhaust the machine. On Linux the kernel sends the worker SIGKILL when its parent
dies (``prctl(PR_SET_PDEATHSIG)``); elsewhere a thread of the worker watches its parent."""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from multiprocessing.context import BaseContext
from pathlib import Path

PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH_EVERY_S = 1.0


def stop_with_parent(parent: int) -> None:
    """Make this process (a worker just started) end when the process ``parent`` does."""
    if not (sys.platform.startswith("linux") and _kernel_signal()):
        threading.Thread(target=_watch, args=(parent,), daemon=True,
                         name="pnp-lifeline").start()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def _kernel_signal() -> bool:
    """Ask the kernel for SIGKILL at the parent's death; whether it agreed."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY_S)
    os._exit(1)


def pool_context() -> BaseContext:
    """The start method of the build's pool, made to import nothing from the working folder.
    Under ``spawn`` (macOS, Windows) and ``forkserver`` a worker starts as ``python -c …``,
    which puts the working folder first on ``sys.path``: run in a stranger's game folder,
    its ``multiprocessing/__init__.py`` would run, ``--trust-code`` or not. Workers start
    with ``PYTHONSAFEPATH`` (no such entry) and the parent's ``sys.path`` without the
    working folder, which they copy."""
    context = multiprocessing.get_context()
    if context.get_start_method() != "fork":
        os.environ["PYTHONSAFEPATH"] = "1"
        here = os.getcwd()
        ours = str(Path(__file__).resolve().parents[2])  # a checkout run without installing
        sys.path[:] = [entry for entry in sys.path if entry == ours
                       or os.path.realpath(entry or ".") != os.path.realpath(here)]
    return context
