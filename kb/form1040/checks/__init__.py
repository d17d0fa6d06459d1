"""The Form 1040 checks room: the outside cross-check of the KB with Tax-Calculator
(:mod:`.tax_calculator`, its named rounding rules in ``crosscheck_rules.json``). A translation's own
checks are the domain's ``inspect`` (:mod:`taxlogic.kb.form1040.domain`)."""
