"""The statutes given with a case, split into numbered paragraphs that a rule can cite.

DeonticBench's housing cases give statutes as numbered excerpts (``[2] MICH. COMP. LAWS §
600.5704`` on one line, its text on the next); USCIS-AAO cases give the applicable law as prose.
Either way each paragraph gets a number ``[n]`` (housing: the excerpt's own; prose: blank-line
separated paragraphs in order), a title (the citation line, or the paragraph's first words) and
its text. The model is asked to cite ``% [n]`` above each rule (``prompts/translate_statutes_system.txt``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from taxlogic.kb.statutes.reading.words import parts

_NUMBERED = re.compile(r"(?m)^\[(\d+)\]\s*(.*)$")


@dataclass(frozen=True)
class Paragraph:
    """One statute paragraph: ``number`` (as cited, ``[number]``), ``title`` (citation line or
    first words) and ``text`` (title included)."""

    number: int
    title: str
    text: str


def paragraphs(statutes: str) -> list[Paragraph]:
    """The paragraphs of ``statutes`` (module doc); empty for empty text."""
    text = statutes.strip()
    if not text:
        return []
    marks = list(_NUMBERED.finditer(text))
    if marks:
        out = []
        for i, m in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
            body = text[m.start():end].strip()
            out.append(Paragraph(int(m[1]), m[2].strip(), body))
        return out
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text) if b.strip()]
    return [Paragraph(i, " ".join(b.split()[:8]), b) for i, b in enumerate(blocks, start=1)]


def numbered(statutes: str) -> str:
    """``statutes`` as the prompt shows them: each paragraph headed by its ``[n]`` (housing text
    is returned as it is: it is numbered already)."""
    paras = paragraphs(statutes)
    if not paras or _NUMBERED.search(statutes):
        return statutes.strip()
    return "\n\n".join(f"[{p.number}] {p.text}" for p in paras)


def statute_paragraphs(atom: str, paras: list[Paragraph]) -> list[Paragraph]:
    """The paragraphs a statute atom names: those whose title's numbers (two or more) occur in
    order, one after another, among the atom's numbers."""
    nums = [w for w in parts(atom) if w.isdigit()]
    out = []
    for p in paras:
        t = [w for w in parts(p.title) if w.isdigit()]
        if len(t) >= 2 and any(nums[i:i + len(t)] == t for i in range(len(nums) - len(t) + 1)):
            out.append(p)
    return out
