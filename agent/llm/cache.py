"""langchain's SQLite response cache, hardened for concurrent use, so re-runs cost nothing."""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from taxlogic.agent.llm.errors import _short
from taxlogic.settings import Settings, get_settings

log = logging.getLogger(__name__)

_cache_lock = threading.Lock()
_cache_state: dict[str, Any] = {"path": None, "cache": None}


def _sqlite_cache(path: Path) -> Any:
    """langchain_community's SQLite cache, hardened for concurrent use.

    Differences from ``SQLiteCache``: a 30 s lock timeout and WAL journal (several eval processes can
    share one file), writes that tolerate a concurrent identical write (two threads missing the same
    prompt), unreadable entries treated as misses, and entries read back with an explicit
    ``allowed_objects`` where langchain-core supports it.
    """
    import inspect
    import warnings

    with warnings.catch_warnings():  # "langchain-community is being sunset" (import-time notice)
        warnings.simplefilter("ignore", DeprecationWarning)
        from langchain_community.cache import SQLAlchemyCache
    from langchain_core.load import dumps, loads
    from sqlalchemy import create_engine, event, select
    from sqlalchemy.exc import IntegrityError, OperationalError
    from sqlalchemy.orm import Session

    load_kwargs = {"allowed_objects": "core"} if "allowed_objects" in inspect.signature(loads).parameters else {}

    class _SQLiteCache(SQLAlchemyCache):
        def lookup(self, prompt: str, llm_string: str) -> Any:
            stmt = (
                select(self.cache_schema.response)
                .where(self.cache_schema.prompt == prompt)
                .where(self.cache_schema.llm == llm_string)
                .order_by(self.cache_schema.idx)
            )
            try:
                with Session(self.engine) as session:
                    rows = session.execute(stmt).fetchall()
                if not rows:
                    return None
                with warnings.catch_warnings():  # "`loads` is in beta"
                    warnings.simplefilter("ignore")
                    return [loads(row[0], **load_kwargs) for row in rows]
            except Exception as exc:  # unreadable (old format / tampered / locked): a miss
                log.warning("LLM cache %s: ignoring an unreadable entry (%s)", path, _short(exc))
                return None

        def update(self, prompt: str, llm_string: str, return_val: Any) -> None:
            items = [
                self.cache_schema(prompt=prompt, llm=llm_string, response=dumps(gen), idx=i)
                for i, gen in enumerate(return_val)
            ]
            for _ in range(2):
                try:
                    with Session(self.engine) as session, session.begin():
                        for item in items:
                            session.merge(item)
                    return
                except IntegrityError:  # another thread/process stored the same answer meanwhile
                    return
                except OperationalError as exc:  # e.g. "database is locked": caching is best effort
                    last = exc
                    time.sleep(0.05)
            log.warning("LLM cache %s: could not store an answer (%s)", path, _short(last))

    engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": 30, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        try:
            cur.execute("PRAGMA journal_mode=WAL")
        except Exception:  # e.g. a file system without shared memory: keep the default journal
            pass
        finally:
            cur.close()

    for attempt in range(3):
        try:
            return _SQLiteCache(engine)
        except OperationalError:  # two processes creating the table at once
            if attempt == 2:
                raise
            time.sleep(0.1)
    raise AssertionError("unreachable")


def enable_cache(settings: Settings | None = None) -> Path | None:
    """Install langchain's SQLite LLM cache at ``settings.cache_dir / "llm-cache.sqlite"``.

    Does nothing (returns ``None``) when ``settings.llm_cache`` is false. Idempotent: calling it again
    with the same path keeps the installed cache. Returns the database path.
    """
    s = settings or get_settings()
    if not s.llm_cache:
        return None
    from langchain_core.globals import get_llm_cache, set_llm_cache

    path = Path(s.cache_dir).expanduser() / "llm-cache.sqlite"
    with _cache_lock:
        if _cache_state["path"] == path and get_llm_cache() is _cache_state["cache"]:
            return path
        path.parent.mkdir(parents=True, exist_ok=True)
        cache = _sqlite_cache(path)
        set_llm_cache(cache)
        _cache_state.update(path=path, cache=cache)
        log.debug("LLM cache at %s", path)
        return path


def disable_cache() -> None:
    """Remove the global LLM cache (whatever installed it)."""
    from langchain_core.globals import set_llm_cache

    with _cache_lock:
        set_llm_cache(None)
        _cache_state.update(path=None, cache=None)


def _after_fork_in_child() -> None:
    """A forked process (a batch run's worker, :mod:`taxlogic.eval.harness.processes`) must not use the
    SQLite connections its parent opened: drop them from the cache's pool without closing them
    (SQLAlchemy's ``dispose(close=False)``, its documented way across a fork); the child opens its
    own on first use. Locks held by another parent thread at the fork are made anew."""
    global _cache_lock
    _cache_lock = threading.Lock()
    cache = _cache_state.get("cache")
    engine = getattr(cache, "engine", None)
    if engine is not None:
        engine.dispose(close=False)


os.register_at_fork(after_in_child=_after_fork_in_child)
