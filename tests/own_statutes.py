"""A user's own statutes, case and question (made up for the tests, no dataset text), with the
program a perfect translator writes for them: the example `solve --statutes` and `chat
--statutes` are tested with."""

OWN_STATUTES = """[1] TENANCY ACT § 12
A landlord may not evict a tenant without giving the tenant written notice at least 30 days before the eviction.

[2] TENANCY ACT § 13
A notice under section 12 must be delivered in person or by certified mail.
"""
OWN_QUESTION = "Was the eviction notice lawful?"
OWN_TEXT = "The landlord gave the tenant written notice by certified mail 45 days before the eviction."
OWN_PROGRAM = """% [1]
notice_lawful :- written_notice(Days), Days >= 30, delivered_properly.
% [2]
delivered_properly :- delivered_by(certified_mail).
delivered_properly :- delivered_by(in_person).
written_notice(45).
delivered_by(certified_mail).
housing_answer(yes) :- notice_lawful, !.
housing_answer(no).
"""


def invoke_offline(program_env, tmp_path, command: str, args: list[str], **kwargs):
    """Run ``taxlogic <command> <args>`` against an endpoint that serves nothing, ``{law}`` and
    ``{empty}`` in ``args`` standing for a file of :data:`OWN_STATUTES` and an empty one:
    ``(result, endpoint)``, for tests of input refused before any model call."""
    from typer.testing import CliRunner

    from taxlogic.cli import app
    from taxlogic.eval.faults.program_endpoint import ProgramEndpoint

    law, empty = tmp_path / "law.txt", tmp_path / "empty.txt"
    law.write_text(OWN_STATUTES)
    empty.write_text(" \n")
    with ProgramEndpoint([]) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, [command] + [a.format(law=law, empty=empty) for a in args], **kwargs)
    return res, ep
