"""RuleArena's NBA domain (the 2023 CBA's salary-cap rules and the Stepien rule) as a Prolog
knowledge base.

The fact vocabulary a problem is written with is ``events.pl`` (documented with an example
sentence per predicate in ``vocabulary.md``); the rules of RuleArena's
``nba/reference_rules.txt`` are the other ``.pl`` files of this package (``init.pl`` lists them),
each violation tagged with its RuleArena rule name (``citations.py`` quotes the rule text). The
cap-year figures are the NBA prompt's "Assume:" block (``figures.pl``); no problem's team,
player or amount is in the KB.

Queries (one binding of ``X``):

- :data:`ANSWER_QUERY` ``nba_answer(X)``: ``none`` or ``illegal(Letter, Team)``, the first
  operation (``operation/2`` order) that breaks a rule and the team at fault, or
  :data:`UNDETERMINED_MINIMUM` when that answer changes with the Minimum Player Salary (no amount
  in the rule text);
- :data:`VIOLATIONS_QUERY`: every violation as ``v(Letter, Team, Rule)``;
- :data:`DETAILS_QUERY`: the same with the amounts that decided each, ``v(L, T, Rule, Detail)``
  (minimum-salary contracts at $0);
- :data:`MINIMUM_PROBES_QUERY`: ``[Dollars-Answer, ...]``, the answer at each probed Minimum
  Player Salary (the evidence for an undetermined answer).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from taxlogic.kb.rules import RuleSet

ANSWER_QUERY = "nba_answer(X)"
VIOLATIONS_QUERY = "findall(v(L, T, R), violation(L, T, R), X)"
DETAILS_QUERY = "findall(v(L, T, R, D), violation_detail(L, T, R, D), X)"
#: ``Dollars-Answer`` for each probed Minimum Player Salary (why an answer is undetermined).
MINIMUM_PROBES_QUERY = "minimum_salary_answers(X)"


def prolog_dir() -> Path:
    """The folder of the NBA KB's Prolog files, ``prolog/`` (``init.pl`` loads the others)."""
    return Path(str(resources.files("taxlogic.kb.nba").joinpath("prolog")))


def nba_rules(source_dir: str | Path | None = None) -> RuleSet:
    """The NBA KB as a :class:`RuleSet` named ``nba``. ``source_dir``: RuleArena's ``nba``
    folder (holding ``reference_rules.txt``) when the caller has it; else the package folder
    (the KB needs no data file to run)."""
    return RuleSet("nba", prolog_dir(), Path(source_dir) if source_dir is not None else prolog_dir())


#: ``nba_answer/1``'s value when the answer changes with the Minimum Player Salary, an amount the
#: rule text does not give (figures.pl ``minimum_salary_probe/1``): no answer.
UNDETERMINED_MINIMUM = "undetermined(minimum_player_salary)"
UNDETERMINED_REASON = ("the answer depends on the Minimum Player Salary, which the rule text does not give "
                       "(the KB's answers differ for minimum salaries between $0 and $5,000,000)")


def answer_of(value: str) -> tuple[str, str] | None:
    """The Prolog text of ``nba_answer/1``'s binding -> ``(operation letter, team letter)`` in
    RuleArena's form (``illegal(b, team_a)`` -> ``("B", "A")``), or None for ``none``.
    Raises ValueError for any other text, with :data:`UNDETERMINED_REASON` for
    :data:`UNDETERMINED_MINIMUM`."""
    text = value.replace(" ", "")
    if text == "none":
        return None
    if text == UNDETERMINED_MINIMUM:
        raise ValueError(UNDETERMINED_REASON)
    if text.startswith("illegal(") and text.endswith(")"):
        letter, _, team = text[len("illegal("):-1].partition(",")
        if len(letter) == 1 and letter.isalpha() and team.startswith("team_") and len(team) == len("team_") + 1:
            return letter.upper(), team[-1].upper()
    raise ValueError(f"not an nba_answer/1 value: {value!r}")


from taxlogic.kb.nba.domain import DOMAIN  # noqa: E402,F401  (the plug-in object: taxlogic.kb.domain.get_domain("nba"))
