"""Running a :class:`~spades_rules.simulation.match.Match`: on this core (``serial``), on every core of
this machine (``process``, the standard library's process pool) or on a Ray cluster (``ray``).

The games are cut into batches (:meth:`Match.batches`); each backend plays batches wherever it likes and
hands them back in game order, where they are folded into the statistics and the records file. A few
batches per worker are in flight at a time, so memory stays bounded however many games are played.

A game that raises stops the run with a :class:`~spades_rules.simulation.errors.SimulationError` naming
the game and its seed (a :class:`~spades_rules.simulation.errors.SimulationIllegalActionError` for an
illegal move); the workers are stopped, and nothing partial is returned. Ctrl-C stops the workers the same
way; the records file then holds every game up to the last one written, each on a whole line.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import pickle
import re
import signal
import sys
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, Literal, TextIO, TypeAlias

from spades_rules._core.messages import describe
from spades_rules.errors import SpadesError
from spades_rules.records import files
from spades_rules.simulation.errors import SimulationError
from spades_rules.simulation.match import GameSummary, Match
from spades_rules.simulation.results import MatchResult, Tally

__all__ = ["BACKENDS", "Backend", "Progress", "default_workers", "run"]

Backend: TypeAlias = Literal["serial", "process", "ray"]
BACKENDS: tuple[Backend, ...] = ("serial", "process", "ray")
Progress: TypeAlias = Callable[[int], None]
"""Called after each batch with the number of games it finished."""

_Batch: TypeAlias = list[tuple[GameSummary, "str | None"]]
_IN_FLIGHT_PER_WORKER = 3


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run(
    match: Match,
    *,
    backend: Backend = "serial",
    workers: int | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    batch_size: int | None = None,
) -> MatchResult:
    """Play every game of ``match`` and return the statistics.

    ``workers`` defaults to every core (``process``) or every CPU of the Ray cluster (``ray``); more
    workers than batches are never started, nor more than four worker processes per core, and more worker
    processes than cores is a :class:`RuntimeWarning`. With ``records``, each game's record
    (:func:`~spades_rules.records.to_dict`, one JSON object a line) is written to that file in game order as
    soon as the games before it are done.
    A Ray cluster that cannot be reached or started is a :class:`~spades_rules.errors.SpadesError` naming
    the failure.
    """
    if not isinstance(match, Match):
        raise SpadesError(f"run needs a Match, not {type(match).__name__}")
    if type(backend) is not str or backend not in BACKENDS:
        raise SpadesError(f"unknown backend {describe(backend)}; choose from {', '.join(BACKENDS)}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise SpadesError(f"workers must be a positive integer, not {describe(workers)}")
    if batch_size is not None and (type(batch_size) is not int or batch_size < 1):
        raise SpadesError(f"batch_size must be a positive integer, not {describe(batch_size)}")
    if records is not None and not isinstance(records, str | os.PathLike):
        raise SpadesError(f"records must be a file name, not {describe(records)}")
    if progress is not None and not callable(progress):
        raise SpadesError("progress must be a function of the number of games finished")
    if workers is not None and backend != "serial":
        workers = _capped(match, workers, batch_size, backend)
    tally = Tally(match)
    want_records = records is not None
    sink: TextIO | None = files.open_for_writing(records) if records is not None else None
    try:
        if backend == "serial":
            batches = _serial(match, want_records, batch_size)
        elif backend == "process":
            batches = _process(match, workers or default_workers(), want_records, batch_size)
        else:
            batches = _ray(match, workers, want_records, batch_size)
        try:
            for batch in batches:
                lines = []
                for summary, line in batch:
                    tally.add(summary)
                    if line is not None:
                        lines.append(line + "\n")
                if sink is not None:
                    sink.write("".join(lines))
                    sink.flush()
                if progress is not None:
                    _report(progress, len(batch))
        finally:
            batches.close()
    finally:
        if sink is not None:
            sink.close()
    return tally.result()


_WORKERS_PER_CORE: Final = 4
"""The most worker processes started per core: more only share the cores (and take memory each)."""


def _capped(match: Match, workers: int, batch_size: int | None, backend: Backend) -> int:
    """``workers``, at most one per batch and, for processes, four per core (_WORKERS_PER_CORE); a warning
    when it is more than this machine's cores."""
    cores = default_workers()
    if backend == "process":
        if workers > cores:
            limit = _WORKERS_PER_CORE * cores
            started = f"; at most {limit} are started" if workers > limit else ""
            warnings.warn(
                f"{workers} worker processes on {cores} core{'s' if cores != 1 else ''}: the extra workers only "
                f"share the cores (and their memory){started}; workers=None uses every core",
                RuntimeWarning, stacklevel=3,
            )
        workers = min(workers, _WORKERS_PER_CORE * cores)
    batches = len(match.batches(workers, batch_size))
    return max(1, min(workers, batches))


def _play_batch(match: Match, start: int, stop: int, records: bool) -> _Batch:
    return match.play_batch(start, stop, records)


_Batches: TypeAlias = Generator[_Batch, None, None]


def _serial(match: Match, records: bool, size: int | None) -> _Batches:
    for start, stop in match.batches(1, size):
        yield match.play_batch(start, stop, records)


def _check_picklable(match: Match) -> None:
    try:
        pickle.dumps(match)
    except Exception as error:
        raise SpadesError(
            f"the bots and metrics must be picklable to run in other processes (define them at module level): "
            f"{error}"
        ) from error


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# Workers start from a fork server (Python 3.14's default on Linux), never by forking this process: a fork
# copies the locks that the pool's own threads hold at that moment, and a worker can hang on one for ever
# (Python 3.12 warns of it; a worker hung so on 3.13). Where there is no fork server, the platform's default.
_START: Final = multiprocessing.get_context(
    "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else None
)


def _stop_pool(executor: ProcessPoolExecutor) -> None:
    executor.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14
    if terminate is not None:  # pragma: no cover - depends on the Python version
        terminate()
        return
    processes: dict[int, Any] = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()
    for process in list(processes.values()):
        process.join(timeout=5)


def _in_order(
    match: Match,
    ranges: Sequence[tuple[int, int]],
    window: int,
    submit: Callable[[int, int], Any],
    wait: Callable[[Any, int, int], _Batch],
) -> Iterator[_Batch]:
    """Submit batches ``window`` ahead and hand them back in order."""
    pending: dict[int, Any] = {}
    submitted = 0
    for at, (start, stop) in enumerate(ranges):
        while submitted < len(ranges) and submitted < at + window:
            pending[submitted] = submit(*ranges[submitted])
            submitted += 1
        yield wait(pending.pop(at), start, stop)


def _lost(match: Match, start: int, stop: int, error: BaseException) -> SimulationError:
    return SimulationError(
        f"a worker failed or was lost while playing games {start} to {stop - 1} (the first one's seed is "
        f"{match.game_seed(start)}): {type(error).__name__}: {error}",
        game_index=start, seed=match.game_seed(start), original=error,
    )


def _report(progress: Progress, games: int) -> None:
    """Call the caller's progress function; its failure is a library error naming it."""
    try:
        progress(games)
    except SpadesError:
        raise
    except Exception as error:
        raise SpadesError(
            f"progress {describe(progress)} failed when called with {games} (the games just finished): "
            f"{type(error).__name__}: {str(error)[:200]}"
        ) from error


_GUARD: Final = re.compile(r"""__name__\s*==\s*["']__main__["']|["']__main__["']\s*==\s*__name__""")


def _unguarded_main() -> str | None:
    """The main script, when it runs a process match at import time without the ``__main__`` guard: each
    worker imports the main script (forkserver and spawn do), which would start the match again, and the
    pool breaks with a message about a lost worker. In a worker's import of that script (its module is
    ``__mp_main__`` there), the answer is the script too."""
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_globals.get("__name__")
        if frame.f_code.co_name == "<module>" and name in ("__main__", "__mp_main__"):
            path = frame.f_globals.get("__file__")
            if name == "__mp_main__":
                return str(path)
            try:
                with open(str(path), encoding="utf-8") as script:
                    source = script.read(1 << 22)
            except (OSError, UnicodeDecodeError, TypeError):
                return None  # no script to read (python -c, a notebook): nothing to say
            return None if _GUARD.search(source) else str(path)
        frame = frame.f_back  # type: ignore[assignment]
    return None


def _process(match: Match, workers: int, records: bool, size: int | None) -> _Batches:
    unguarded = _unguarded_main()
    if unguarded is not None:
        raise SpadesError(
            f"{unguarded} runs a process match when it is imported: each worker process imports the main "
            "script, so put the code that runs the match under 'if __name__ == \"__main__\":' (see the docs "
            "page Simulation), or use backend='serial'"
        )
    _check_picklable(match)
    ranges = match.batches(workers, size)
    executor = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts, mp_context=_START)
    finished = False

    def submit(start: int, stop: int) -> Future[_Batch]:
        return executor.submit(_play_batch, match, start, stop, records)

    def wait(future: Future[_Batch], start: int, stop: int) -> _Batch:
        try:
            return future.result()
        except SimulationError as error:  # the pool chained the worker's traceback: chain the original again
            if error.original is None:
                raise
            if error.original.__cause__ is None:
                error.original.__cause__ = error.__cause__
            raise error from error.original
        except BrokenProcessPool as error:
            raise _lost(match, start, stop, error) from error

    try:
        yield from _in_order(match, ranges, _IN_FLIGHT_PER_WORKER * workers, submit, wait)
        finished = True
    finally:
        if finished:
            executor.shutdown()
        else:
            _stop_pool(executor)


def _ray(match: Match, workers: int | None, records: bool, size: int | None) -> _Batches:
    try:
        ray: Any = importlib.import_module("ray")  # an optional extra: typed loosely, as it may be absent
    except ImportError:
        raise SpadesError("the ray backend needs Ray, the ray extra: pip install -e '.[ray]' from a checkout") from None
    except Exception as error:  # an installed Ray that fails to import
        raise SpadesError(f"the ray backend could not import Ray: {type(error).__name__}: {error}") from None
    _check_picklable(match)
    started = False
    try:
        if not ray.is_initialized():  # a cluster named by RAY_ADDRESS, or else a local one
            ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
            started = True
        count = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    except Exception as error:
        if started:
            ray.shutdown()
        raise SpadesError(f"the ray backend could not start Ray: {type(error).__name__}: {error}") from None
    pending: list[Any] = []
    try:
        ranges = match.batches(count, size)
        remote = ray.remote(num_cpus=1, max_retries=0)(_play_batch)
        shared = ray.put(match)

        def submit(start: int, stop: int) -> Any:
            ref = remote.remote(shared, start, stop, records)
            pending.append(ref)
            return ref

        def wait(ref: Any, start: int, stop: int) -> _Batch:
            try:
                batch: _Batch = ray.get(ref)
            except ray.exceptions.RayTaskError as error:
                cause = getattr(error, "cause", None)
                if isinstance(cause, SimulationError):
                    raise cause from None
                raise _lost(match, start, stop, error) from error
            except ray.exceptions.RayError as error:
                raise _lost(match, start, stop, error) from error
            pending.remove(ref)
            return batch

        yield from _in_order(match, ranges, _IN_FLIGHT_PER_WORKER * count, submit, wait)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
