"""Hand-written fact patterns shared by several test modules (SARA's event vocabulary)."""

from __future__ import annotations

#: Alice and Bob married on 3 Feb 1992; Alice died on 9 Jul 2014 (the fact pattern of SARA's
#: ``s2_a_1_A_pos``: Bob is a surviving spouse under section 2(a)(1)(A) in 2015).
DEATH_FACTS = """marriage_(alice_and_bob).
agent_(alice_and_bob,alice).
agent_(alice_and_bob,bob).
start_(alice_and_bob,"1992-02-03").
death_(alice_dies).
agent_(alice_dies,alice).
start_(alice_dies,"2014-07-09").
"""
