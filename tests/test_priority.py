"""Urgency (:mod:`taxlogic.priority`): the Prolog pool lends idle workers to the most urgent job first."""

from __future__ import annotations

import threading
import time

from taxlogic.priority import current, urgency
from taxlogic.tools.engine import _Idle


def test_urgency_holds_within_its_block_and_only_in_its_thread():
    seen = []
    with urgency(3):
        t = threading.Thread(target=lambda: seen.append(current()))
        t.start()
        t.join()
        assert current() == 3.0
    assert current() == 0.0 and seen == [0.0]


def test_an_idle_worker_goes_to_the_most_urgent_waiter_then_the_first_come():
    idle, order = _Idle(), []
    idle.put("w")
    held = idle.get()

    def wait(u: float, name: str) -> None:
        with urgency(u):
            w = idle.get()
        order.append(name)
        idle.put(w)

    threads = []
    for u, name in ((1, "low"), (3, "high"), (1, "low-later"), (2, "mid")):
        threads.append(threading.Thread(target=wait, args=(u, name)))
        threads[-1].start()
        while len(idle._waiting) < len(threads):  # each is queued before the next comes
            time.sleep(0.001)
    idle.put(held)
    for t in threads:
        t.join()
    assert order == ["high", "mid", "low", "low-later"]


def test_a_waiter_interrupted_leaves_the_queue_and_loses_no_worker():
    idle = _Idle()
    idle.put("w")
    held = idle.get()
    gone = threading.Event()

    class Stop(BaseException):
        pass

    def wait() -> None:
        original = threading.Event.wait

        def interrupted(self, timeout=None):
            gone.set()
            raise Stop()
        threading.Event.wait = interrupted
        try:
            idle.get()
        except Stop:
            pass
        finally:
            threading.Event.wait = original

    t = threading.Thread(target=wait)
    t.start()
    t.join()
    assert gone.is_set() and idle._waiting == []
    idle.put(held)
    assert idle.get() == "w"  # the worker came back to the pool


def test_at_least_raises_the_urgency_within_its_block_never_lowers_it():
    from taxlogic.priority import at_least

    with at_least(2):
        assert current() == 2.0
    with urgency(3):
        with at_least(2):
            assert current() == 3.0
        with at_least(5):
            assert current() == 5.0
        assert current() == 3.0
    assert current() == 0.0
