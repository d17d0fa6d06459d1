"""``taxlogic chat`` in a real terminal (pexpect): commands at the pattern prompt, a 20 KB paste
kept whole, a spinner while the model works, Ctrl-C during a (scripted, slow) model call back to
the prompt, and no traceback from the Prolog worker."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

TESTS = Path(__file__).resolve().parent
#: Seconds pexpect waits for a screen at most: a cap against a hang, far above what any screen
#: takes on a loaded machine (the chat starts two Prolog workers first); no step waits on time.
TIMEOUT = 300

#: The chat with a scripted model that never answers (so Ctrl-C lands in the model call, however
#: slow the machine: the test waits on what the screen shows, never on time, issue 48);
#: it prints the length of each fact pattern it is given, to check that a paste was kept whole.
LAUNCHER = f"""
import sys, time
sys.path.insert(0, {str(TESTS)!r})
from fakes import scripted
import taxlogic.cli.chat as chat
from taxlogic.agent.chat import ChatSession
real_make, real_set = chat.make_context, ChatSession.set_fact_pattern

def slow(messages, i):
    while True:  # until Ctrl-C
        time.sleep(3600)

def make(rules, engine, *, budget=3, **kw):  # no endpoint, no LLM cache
    from taxlogic.agent.context import AgentContext
    return AgentContext(model=scripted(slow), engine=engine, rules=rules, budget=budget, llm_retries=1)

def set_pattern(self, text):
    print(f"[pattern of {{len(text)}} characters, {{len(text.splitlines())}} lines]")
    return real_set(self, text)

chat.make_context, ChatSession.set_fact_pattern = make, set_pattern
if __name__ == "__main__":
    from taxlogic.cli import main
    sys.argv = ["taxlogic", "chat"]
    main()
"""


def test_chat_in_a_terminal(tmp_path, sara_data_dir):
    launcher = tmp_path / "chat.py"
    launcher.write_text(LAUNCHER)
    child = pexpect.spawn(sys.executable, [str(launcher)], encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 120))
    try:
        child.expect("pattern>")
        child.send("/help\r")
        child.expect("/whynot")  # the help text, not a fact pattern
        child.expect("pattern>")
        first = "Alice was paid $30000 by Bob in 2017 for work she did in his shop. " * 300
        second = "Alice is not married and takes the standard deduction."
        pasted = first.strip() + "\n" + second  # about 20 KB in one line, then a second line
        assert len(pasted) > 20_000
        child.send("\x1b[200~" + pasted + "\x1b[201~")  # a bracketed paste, as terminals send one
        child.send("\r")
        child.expect("…")
        child.send("\r")  # an empty line ends the pattern
        child.expect(r"\[pattern of (\d+) characters, (\d+) lines\]")
        assert (int(child.match.group(1)), int(child.match.group(2))) == (len(pasted), 2)
        child.expect("question>")
        child.send("Alice has to pay tax in 2017.\r")
        child.expect("working")  # the spinner, while the model thinks
        child.sendintr()
        child.expect("interrupted")
        child.expect("question>")
        child.send("/quit\r")
        child.expect(pexpect.EOF)
        out = child.before or ""
    finally:
        child.close(force=True)
    assert "Traceback" not in out and "KeyboardInterrupt" not in out


#: A scripted model whose first translation has a made-up predicate (so the agent repairs) and
#: whose repair never ends (so Ctrl-C lands in the repair, however slow the machine).
REPAIR_LAUNCHER = f"""
import sys, time
sys.path.insert(0, {str(TESTS)!r})
from fakes import scripted
import taxlogic.cli.chat as chat

FIRST = "income_(alice_job).\\\\nagent_(alice_job, alice).\\\\namount_(alice_job, 30000).\\\\nmade_up_fact(alice).\\\\n"

def reply(messages, i):
    if i == 0:
        return FIRST
    while True:  # until Ctrl-C
        time.sleep(3600)

def make(rules, engine, *, budget=3, **kw):
    from taxlogic.agent.context import AgentContext
    return AgentContext(model=scripted(reply), engine=engine, rules=rules, budget=budget, llm_retries=1, anchors=False)

chat.make_context = make
if __name__ == "__main__":
    from taxlogic.cli import main
    sys.argv = ["taxlogic", "chat"]
    main()
"""


def test_ctrl_c_during_a_repair_keeps_the_attempt(tmp_path, sara_data_dir):
    import io
    import re

    launcher = tmp_path / "chat.py"
    launcher.write_text(REPAIR_LAUNCHER)
    child = pexpect.spawn(sys.executable, [str(launcher)], encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 80))
    log = io.StringIO()
    child.logfile_read = log
    try:
        child.expect("pattern>")
        child.send("How much tax does Alice owe in 2017?\r")  # a question pasted as the pattern
        child.expect("…")
        child.send("\r")
        child.expect("reads like a question")
        child.expect("question>")
        child.send("/help\r")
        child.expect_exact("leave (so does end of input)")
        child.expect("question>")
        child.send("How much tax does Alice have to pay in 2017?\r")
        child.expect_exact("(after r0 inspect)")  # the translation was checked; the repair (a slow model call) runs
        child.sendintr()
        child.expect("interrupted")
        child.expect("question>")
        child.send("/facts\r")
        child.expect("facts of the last attempt")
        child.expect(r"made_up_fact\(alice\)")
        child.expect("question>")
        child.send("/why\r")
        child.expect("has no answer to explain")
        child.expect("question>")
        child.send("/quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    out = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", log.getvalue())
    assert "interrupted (Ctrl-C) before an answer" in out and "ask a question first" not in out
    assert "Traceback" not in out and "KeyboardInterrupt" not in out
    # /help wraps between words at 80 columns: the commands are in their own column
    assert re.search(r"/whynot +the conditions that failed", out)
