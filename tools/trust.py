"""Trust by provenance: the only Prolog text a worker runs unsandboxed is a :class:`TrustedProgram`.

A gold program may hold rules (``between``, ``member``, date tests) that the fact validator
refuses, so it must run outside the untrusted path. Which text may do so is decided by where it
comes from, not by a flag at the call site: a :class:`TrustedProgram` is made only by

- :func:`installed_program`: text read from an installed data file whose checksum was verified
  (SARA's case files, ``taxlogic data install``; the committed NBA gold programs, their
  manifest's sha256), called by the loaders :func:`taxlogic.kb.sara.data.cases.gold_program` and
  :func:`taxlogic.kb.nba.data.gold.trusted_gold_program`;
- :meth:`TrustedProgram.derive`: text the project generated from a trusted program (SARA⁺ items,
  corruptions of gold facts for the verifier experiment, the fact clauses and rules a gold program
  splits into, explanations of those); ``+`` joins two trusted programs.

Everything else is a plain ``str`` and runs on the untrusted path (validated facts only; the
worker refuses rules, directives and clauses for system or hook predicates again).

The constructor takes a private token, so text cannot become trusted by a call with the wrong
argument; the object does not pickle or deep-copy into a new one. A job crosses to a worker
process as text plus an HMAC tag (:func:`wire_tag`) keyed by a secret made in this process and
handed to each worker when it starts (:func:`worker_key`): the worker treats as trusted only text
whose tag verifies, so a job dict forged from text (``"trusted": true``) runs untrusted.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

_TOKEN = object()  # the private constructor token
_KEY = secrets.token_bytes(32)  # this process's key for the tags of trusted text sent to workers


class UntrustedConstruction(TypeError):
    """A :class:`TrustedProgram` was constructed other than by its loaders and derivers."""


class TrustedProgram:
    """Prolog text that may run unsandboxed (rules and ``discontiguous`` directives allowed; other
    directives are still reported, never run). ``text``: the program; ``source``: where it comes
    from, for messages (e.g. ``SARA gold tax_case_1``, ``corruption of SARA gold s1_a_pos``).
    Immutable; made only by :func:`installed_program` and :meth:`derive` (module doc)."""

    __slots__ = ("text", "source")
    text: str
    source: str

    def __init__(self, text: str, source: str, token: object = None) -> None:
        if token is not _TOKEN:
            raise UntrustedConstruction(
                "a TrustedProgram is made only by installed_program() or TrustedProgram.derive(); "
                "pass other text as a plain str (it runs sandboxed)")
        if not isinstance(text, str):
            raise TypeError(f"a program's text is a str, not {type(text).__name__}")
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "source", source)

    def __setattr__(self, name, value):  # immutable: a derived text is a new program
        raise AttributeError("a TrustedProgram is immutable; derive() a new one")

    def __reduce__(self):
        raise TypeError("a TrustedProgram does not pickle: a job crosses to a worker as text + tag (tools.trust)")

    def __copy__(self) -> "TrustedProgram":
        return self

    def __deepcopy__(self, memo) -> "TrustedProgram":
        return self

    def __eq__(self, other) -> bool:
        return isinstance(other, TrustedProgram) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("TrustedProgram", self.text))

    def __repr__(self) -> str:
        return f"TrustedProgram({self.source!r}, {len(self.text)} chars)"

    def __add__(self, other: "TrustedProgram") -> "TrustedProgram":
        """Both programs' text, this one first (both trusted; a ``str`` is refused)."""
        if not isinstance(other, TrustedProgram):
            return NotImplemented
        return TrustedProgram(self.text + other.text, f"{self.source} + {other.source}", _TOKEN)

    def derive(self, text: str, how: str) -> "TrustedProgram":
        """``text`` that project code generated from this program (``how``: by what, e.g.
        ``"SARA+ rewrite"``, ``"corruption swap_roles"``, ``"fact clauses"``). The caller vouches
        that ``text`` is computed from this program alone, never from user or model text."""
        return TrustedProgram(text, f"{how} of {self.source}", _TOKEN)


def installed_program(text: str, source: str) -> TrustedProgram:
    """The program read from an installed data file whose checksum its loader verified (at
    install time, ``taxlogic data install``, or at read time): for the data loaders only
    (:func:`taxlogic.kb.sara.data.cases.gold_program`, :func:`taxlogic.kb.nba.data.gold.trusted_gold_program`)."""
    return TrustedProgram(text, source, _TOKEN)


def wire_tag(program: TrustedProgram) -> str:
    """The tag a worker checks before it runs ``program.text`` as trusted (HMAC-SHA256 of the
    text under this process's key). Raises TypeError for anything but a TrustedProgram."""
    if type(program) is not TrustedProgram:
        raise TypeError(f"only a TrustedProgram gets a trust tag, not {type(program).__name__}")
    return hmac.new(_KEY, program.text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def worker_key() -> bytes:
    """The key a worker process verifies tags with (given to it when it is spawned)."""
    return _KEY


def tag_ok(key: bytes, text: str, tag: object) -> bool:
    """In a worker: ``tag`` is the tag of ``text`` under ``key`` (constant-time comparison)."""
    if not isinstance(tag, str) or not isinstance(text, str):
        return False
    want = hmac.new(key, text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()
    return hmac.compare_digest(want, tag)
