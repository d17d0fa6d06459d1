"""The NBA domain's law for explanations: RuleArena's 55 NBA rule names (RuleArena paper,
appendix C, ``RuleExtraction``; its text says 54) -> the section of ``nba/reference_rules.txt`` and a quote of the
sentence that states the rule; the variant spellings of the annotated problems'
``relevant_rules`` mapped to the canonical names.

Every quote is a verbatim excerpt of ``reference_rules.txt`` (tests/test_nba_kb.py checks each
against the file when RuleArena's data is present). The KB's violations (``violation/3``) name
the canonical rules.
"""

from __future__ import annotations

from dataclasses import dataclass

RULES_FILE = "reference_rules.txt"


@dataclass(frozen=True)
class NbaRule:
    """One RuleArena NBA rule: its canonical ``name``, the ``section`` of the CBA (or By-Laws)
    it comes from, and a verbatim ``quote`` of reference_rules.txt."""

    name: str
    section: str
    quote: str


_S2 = "Article VII, Section 2(e)(4) (Transaction Restrictions Table)"
_S6J = "Article VII, Section 6(j)"
_S8E = "Article VII, Section 8(e)(1)"
_XI = "Article XI, Section 5(d)"

RULES: dict[str, NbaRule] = {r.name: r for r in (
    # contract length
    NbaRule("contract_length_at_most_4_year_except_qualifying_veteran_free_agent_5_year", "Article IX",
            "a Player Contract entered into after the effective date of this Agreement may cover, in the aggregate, up to but no more than four (4) Seasons from the date such Contract is signed; provided, however, that (a) a Player Contract between a Qualifying Veteran Free Agent and his Prior Team may cover, in the aggregate, up to but no more than five (5) Seasons"),
    NbaRule("contract_length_at_most_2_year_bi_annual_exception", "Article VII, Section 6(d)(2)",
            "The term of a Player Contract signed pursuant to the Bi-annual Exception may not exceed two (2) Seasons in length"),
    NbaRule("contract_length_at_most_4_year_non_taxpayer_mid_level_exception", "Article VII, Section 6(e)(2)",
            "The term of a Player Contract signed pursuant to the Non-Taxpayer Mid-Level Salary Exception may not exceed four (4) Seasons in length"),
    NbaRule("contract_length_at_most_2_year_taxpayer_mid_level_exception", "Article VII, Section 6(f)(1)",
            "A Team may use the Taxpayer Mid-Level Salary Exception to sign one (1) or more Player Contracts during each Salary Cap Year not to exceed two (2) Seasons in length"),
    NbaRule("contract_length_at_most_3_year_mid_level_exception_for_room_team", "Article VII, Section 6(g)(2)",
            "The term of a Player Contract signed pursuant to the Mid-Level Salary Exception for Room Teams may not exceed three (3) Seasons in length"),
    NbaRule("contract_length_at_most_2_year_minimum_player_salary_exception", "Article VII, Section 6(i)",
            "A Team may sign a player to, or acquire by assignment, a Player Contract, not to exceed two (2) Seasons in length"),
    # basic rules
    NbaRule("salary_cap_no_exceed_without_exception", "Article VII, Section 2(b)(1)",
            "A Team’s Team Salary may not exceed the Salary Cap at any time unless the Team is using one of the Exceptions set forth in Section 6 below."),
    NbaRule("maximum_salary_for_player_less_than_7_year_service", "Article II, Section 7(a)(i)",
            "for any player who has completed fewer than seven (7) Years of Service, the greater of (x) twenty-five percent (25%) of the Salary Cap in effect at the time the Contract is executed, or (y) one hundred five percent (105%) of the Salary for the final Season of the player’s prior Contract"),
    NbaRule("maximum_salary_for_player_7_to_9_year_service", "Article II, Section 7(a)(ii)",
            "for any player who has completed at least seven (7) but fewer than ten (10) Years of Service, the greater of (x) thirty percent (30%) of the Salary Cap in effect at the time the Contract is executed, or (y) one hundred five percent (105%) of the Salary for the final Season of the player’s prior Contract"),
    NbaRule("maximum_salary_for_player_10_or_more_year_service", "Article II, Section 7(a)(iii)",
            "for any player who has completed ten (10) or more Years of Service, the greater of (x) thirty-five percent (35%) of the Salary Cap in effect at the time the Contract is executed, or (y) one hundred five percent (105%) of the Salary for the final Season of the player’s prior Contract"),
    NbaRule("higher_max_criterion_for_5th_year_eligible_player", "Article II, Section 7(a)(i)",
            "shall be eligible to receive from his Prior Team up to thirty percent (30%) of the Salary Cap in effect at the time the Contract is executed if the player has met at least one of the following criteria (the “Higher Max Criteria”)"),
    NbaRule("salary_increase_and_decrease_ratio_except_qualifying_or_early_qualifying_veteran_free_agent", "Article VII, Section 5(a)(1)",
            "Salary, excluding Incentive Compensation, may increase or decrease in relation to the previous Salary Cap Year’s Salary, excluding Incentive Compensation, by no more than five percent (5%) of the Salary for the first Salary Cap Year covered by the Contract"),
    NbaRule("salary_increase_and_decrease_ratio_for_qualifying_or_early_qualifying_veteran_free_agent", "Article VII, Section 5(a)(2)",
            "Salary, excluding Incentive Compensation, may increase or decrease in relation to the previous Salary Cap Year’s Salary, excluding Incentive Compensation, by no more than eight percent (8%) of the Salary for the first Salary Cap Year covered by the Contract"),
    # 38 year old provision
    NbaRule("defer_compensation_38_year_old", "Article VII, Section 3(a)(2)(i)",
            "the aggregate Salaries in an Over 38 Contract for Salary Cap Years commencing with the fourth Salary Cap Year of such Over 38 Contract or the first Salary Cap Year that covers a Season that follows the player’s 38th birthday, whichever is later, shall be attributed to the prior Salary Cap Years pro rata on the basis of the Salaries for such prior Salary Cap Years."),
    NbaRule("defer_compensation_qualifying_veteran_free_agent_38_year_old", "Article VII, Section 3(a)(2)(ii)",
            "If a Qualifying Veteran Free Agent who is age 35 or 36 enters into an Over 38 Contract with his Prior Team covering five (5) Seasons, the Salary in such Over 38 Contract for the fifth Salary Cap Year shall be attributed to the prior Salary Cap Years pro rata"),
    # apron levels as hard caps
    NbaRule("bi_annual_exception_hard_cap_first_apron_level", _S2,
            "A. Team signs or acquires a player using the Bi-annual Exception (as described in Section 6(d) below)"),
    NbaRule("non_taxpayer_mid_level_exception_hard_cap_first_apron_level", _S2,
            "B. Team signs or acquires a player using the Non-Taxpayer Mid-Level Salary Exception (as described in Section 6(e) below)"),
    NbaRule("sign_and_trade_hard_cap_first_apron_level", _S2,
            "C. Team acquires a player pursuant to a Contract entered into in accordance with Section 8(e)(1) below"),
    NbaRule("expanded_traded_player_exception_hard_cap_first_apron_level", _S2,
            "E. Team acquires a player using an Expanded Traded Player Exception (as described in Section 6(j)(1)(iv) below)"),
    NbaRule("aggregated_traded_player_exception_hard_cap_second_apron_level", _S2,
            "H. Team acquires a player using an Aggregated Standard Traded Player Exception (as described in Section 6(j)(1)(ii) below)"),
    NbaRule("cash_in_trade_hard_cap_second_apron_level", _S2,
            "I. Team pays cash to another Team in connection with a trade in accordance with Section 8(a) below"),
    NbaRule("sign_and_trade_assignee_traded_player_exception_hard_cap_second_apron_level", _S2,
            "J. Team acquires a player using a Traded Player Exception (as described in Section 6(j)(1)(i), (ii), (iii), or (iv) below), which Traded Player Exception is in respect of a Player Contract signed and traded pursuant to Section 8(e)(1) below"),
    NbaRule("taxpayer_mid_level_exception_hard_cap_second_apron_level", _S2,
            "K. Team signs a player using the Taxpayer Mid-Level Salary Exception (as described in Section 6(f) below)"),
    NbaRule("traded_player_exception_250k_reduced_first_apron_level", "Article VII, Section 6(j)(3)",
            "if a Team’s post-assignment Team Salary would exceed the First Apron Level, then the $250,000 allowance referenced in each of Sections 6(j)(1)(i)-(v) above shall be reduced to $0."),
    # Bird rights
    NbaRule("qualifying_veteran_free_agent_exception", "Article VII, Section 6(b)(1)",
            "If the player is a Qualifying Veteran Free Agent, the new Player Contract may provide for Salary plus Unlikely Bonuses in the first Salary Cap Year totaling up to the maximum amount provided for in Article II, Section 7."),
    NbaRule("early_qualifying_veteran_free_agent_exception", "Article VII, Section 6(b)(3)(i)",
            "If the player is an Early Qualifying Veteran Free Agent, the new Player Contract must cover at least two (2) Seasons (not including a Season covered by an Option Year) and, subject to Article II, Section 7, may provide in the first Salary Cap Year up to the greater of: (A) one hundred seventy-five percent (175%) of the Regular Salary for the final Salary Cap Year covered by his prior Contract"),
    NbaRule("non_qualifying_veteran_free_agent_exception", "Article VII, Section 6(b)(2)",
            "If the player is a Non-Qualifying Veteran Free Agent, then, subject to Article II, Section 7, the new Player Contract may provide in the first Salary Cap Year up to the greater of: (i) one hundred twenty percent (120%) of the Regular Salary for the final Salary Cap Year of the player’s prior Contract"),
    NbaRule("salary_space_consumption_qualifying_veteran_free_agent", "Article VII, Section 4(d)(1)",
            "A Qualifying Veteran Free Agent, other than a Qualifying Veteran Free Agent described in Section 4(d)(1)(ii) below, will be included at one hundred fifty percent (150%) of his prior Salary if it was equal to or greater than the Estimated Average Player Salary for the prior Salary Cap Year, and one hundred ninety percent (190%) of his prior Salary if it was less than the Estimated Average Player Salary for the prior Salary Cap Year."),
    NbaRule("salary_space_consumption_early_qualifying_veteran_free_agent", "Article VII, Section 4(d)(2)",
            "An Early Qualifying Veteran Free Agent will be included at one hundred thirty percent (130%) of his prior Salary"),
    NbaRule("salary_space_consumption_non_qualifying_veteran_free_agent", "Article VII, Section 4(d)(3)",
            "A Non-Qualifying Veteran Free Agent will be included at one hundred twenty percent (120%) of his prior Salary."),
    NbaRule("salary_space_consumption_standard_traded_player_exception", "Article VII, Section 6(n)(2)",
            "the Team’s Team Salary shall include, until the Exceptions are actually used or until the Team no longer is entitled to use the Exceptions, the amount of the Exceptions (or any unused portion of the Exceptions)"),
    # bi-annual and mid-level exceptions
    NbaRule("bi_annual_exception", "Article VII, Section 6(d)",
            "A Team may use the Bi-annual Exception during a Salary Cap Year to sign and/or acquire by assignment one (1) or more Player Contracts that, in the aggregate, provide for Salaries and Unlikely Bonuses (or in the case of assignment, post-assignment Salaries and Unlikely Bonuses) in the first Salary Cap Year totaling up to 3.32% of the Salary Cap for such Salary Cap Year"),
    NbaRule("non_taxpayer_mid_level_exception", "Article VII, Section 6(e)",
            "A Team may use the Non-Taxpayer Mid-Level Salary Exception to sign and/or acquire by assignment one (1) or more Player Contracts during each Salary Cap Year that, in the aggregate, provide for Salaries and Unlikely Bonuses (or in the case of assignment, post-assignment Salaries and Unlikely Bonuses) in the first Salary Cap Year totaling up to 9.12% of the Salary Cap for such Salary Cap Year"),
    NbaRule("taxpayer_mid_level_exception", "Article VII, Section 6(f)",
            "provided that the Team’s Team Salary immediately following the Team’s use of such Exception exceeds the First Apron Level"),
    NbaRule("mid_level_exception_for_room_team", "Article VII, Section 6(g)",
            "the Team may at such time use the Mid-Level Salary Exception for Room Teams to sign and/or acquire by assignment one (1) or more Player Contracts that, in the aggregate, provide for Salaries and Unlikely Bonuses (or in the case of assignment, post-assignment Salaries and Unlikely Bonuses) in the first Salary Cap Year totaling up to 5.678% of the Salary Cap for such Salary Cap Year"),
    NbaRule("minimum_player_salary_exception", "Article VII, Section 6(i)",
            "that provides for a Salary for the first Season equal to the Minimum Player Salary applicable to that player (with no bonuses of any kind)."),
    # traded player exceptions
    NbaRule("standard_traded_player_exception", _S6J + "(1)(i)",
            "a Team may use the “Standard Traded Player Exception” to replace one (1) Traded Player with one (1) or more Replacement Players whose Player Contracts are acquired simultaneously or non-simultaneously and whose post-assignment Salaries for the Salary Cap Year in which the Replacement Player(s) are acquired, in the aggregate, are no more than an amount equal to one hundred percent (100%) of the pre-trade Salary of the Traded Player, plus $250,000"),
    NbaRule("aggregated_standard_traded_player_exception", _S6J + "(1)(ii)",
            "a Team may use the “Aggregated Standard Traded Player Exception” to replace two (2) or more Traded Players with one (1) or more Replacement Players whose Player Contracts are acquired simultaneously and whose post-trade Salaries for the then-current Salary Cap Year, in the aggregate, are no more than an amount equal to one hundred percent (100%) of the aggregated pre-trade Salaries of the Traded Players, plus $250,000."),
    NbaRule("expanded_traded_player_exception", _S6J + "(1)(iv)",
            "a Team may use the “Expanded Traded Player Exception” to replace one (1) or more Traded Players with one (1) or more Replacement Players whose Player Contracts are acquired simultaneously and whose post-trade Salaries for the then-current Salary Cap Year, in the aggregate, are no more than an amount equal to the greater of"),
    NbaRule("traded_player_exception_for_room_team", _S6J + "(1)(v)",
            "a Team with a Team Salary below the Salary Cap may acquire one (1) or more players by assignment whose post-assignment Salaries, in the aggregate, are no more than an amount equal to the Team’s room under the Salary Cap plus $250,000."),
    NbaRule("traded_player_exception_only_one_minimum_traded_player_under_conditions", _S6J + "(4)(ii)",
            "if a Team is aggregating the Contracts of three (3) or more Traded Players in a trade and the number of Replacement Players that the Team is acquiring in respect of such Traded Players is less than the number of such Traded Players, then no more than one (1) of such Traded Players may be a Minimum Traded Player"),
    # trade rules
    NbaRule("pay_or_receive_cash_maximum_in_a_year", "Article VII, Section 8(a)",
            "a Team shall be permitted to pay or receive in connection with one (1) or more trades occurring during a Salary Cap Year, directly or indirectly, up to an aggregate amount equal to 5.15% of the Salary Cap for such Salary Cap Year in cash across all such trades"),
    NbaRule("rookie_or_two_way_contract_cannot_be_traded_within_30_days", "Article VII, Section 8(d)(i)",
            "No Draft Rookie who signs a Standard NBA Contract or player who signs a Two-Way Contract may be traded before thirty (30) days following the date on which the Contract is signed."),
    NbaRule("free_agent_sign_contract_cannot_be_traded_within_3_month_or_before_dec_15", "Article VII, Section 8(d)(ii)",
            "No player who signs a Standard NBA Contract as a Free Agent (or who signs a Standard NBA Contract while under a Two-Way Contract) may be traded before the later of (A) three (3) months following the date on which such Contract was signed or (B) the December 15 of the Salary Cap Year in which such Contract was signed"),
    NbaRule("qualifying_or_early_qualifying_free_agent_sign_contract_cannot_be_traded_within_3_month_or_before_jan_15", "Article VII, Section 8(d)(iii)",
            "may not be traded before the later of (x) three (3) months following the date on which such Contract was signed or (y) the January 15 of the Salary Cap Year in which such Contract was signed"),
    # sign-and-trade
    NbaRule("sign_and_trade_3_to_4_year", _S8E + "(ii)",
            "(ii) the Contract is for at least three (3) Seasons (excluding any Option Year) but no more than four (4) Seasons in length"),
    NbaRule("sign_and_trade_not_with_mid_level_exception", _S8E + "(iii)",
            "(iii) the Contract is not signed pursuant to the Non-Taxpayer Mid-Level Salary Exception or the Mid-Level Salary Exception for Room Teams"),
    NbaRule("sign_and_trade_no_higher_than_25_percent_for_higher_max_5th_year_eligible_player", _S8E + "(vi)",
            "(vi) with respect to any 5th Year Eligible Player (as defined in Article II, Section 7) who met one of the Higher Max Criteria (as defined in Article II, Section 7), the Contract may not provide the player with Salary (plus Unlikely Bonuses) in excess of twenty-five percent (25%) of the Salary Cap"),
    NbaRule("sign_and_trade_assignee_team_has_room", _S8E + "(vii)",
            "(vii) the acquiring Team has Room for the player’s Salary plus any Unlikely Bonuses provided for in the first Season of the Contract."),
    NbaRule("sign_and_trade_qualifying_free_agent_half_salary_for_traded_player_exception", "Article VII, Section 6(j)(5)",
            "then for purposes of calculating the assignor Team’s Traded Player Exception, the player’s Salary shall be deemed equal to the greater of (i) the Salary for the last Season of his preceding Contract, or (ii) fifty percent (50%) of the Salary for the first Season of his new Contract."),
    # restricted free agents (Arenas provision)
    NbaRule("offer_sheet_for_1_or_2_year_service_player_no_more_than_mid_level_in_first_2_year", _XI + "(i)",
            "no such Offer Sheet may provide for Salary plus Unlikely Bonuses in the first Salary Cap Year totaling more than the amount of the Non-Taxpayer Mid-Level Salary Exception for such Salary Cap Year."),
    NbaRule("offer_sheet_for_1_or_2_year_service_player_3rd_year_maximum_if_first_2_year_maximum", _XI + "(ii)",
            "If an Offer Sheet provides for the maximum allowable amount of Salary for the first two (2) Salary Cap Years pursuant to Section 5(d)(i) above, then, subject to Section 5(d)(iii) below, the Offer Sheet may provide for Salary for the third Salary Cap Year of up to the maximum amount that the player would have been eligible to receive for the third Salary Cap Year"),
    NbaRule("offer_sheet_for_1_or_2_year_service_player_4th_year_maximum_if_3_year", _XI + "(ii)",
            "the player’s Salary for the fourth Salary Cap Year may increase or decrease in relation to the third Salary Cap Year’s Salary by no more than four and five tenths percent (4.5%) of the Salary for the third Salary Cap Year"),
    NbaRule("offer_sheet_for_1_or_2_year_service_player_average_salary_more_than_2_year", _XI + "(iii)",
            "for purposes of determining whether the Team has Room for the Offer Sheet, the Salary for the first Salary Cap Year covered by the Offer Sheet shall be deemed to equal the average of the aggregate Salaries for such Salary Cap Year and each subsequent Salary Cap Year covered by the Offer Sheet."),
    # first-round picks
    NbaRule("stepien_rule_no_sell_or_no_consecutive_first_round_draft_pick_trade", "By-Laws, Section 7.03",
            "No Team may sell its rights to select a player in the first round of any NBA Draft for cash or its equivalent, or trade or exchange its right to select a player in the first round of any NBA Draft if the result of such trade or exchange may be to leave the Team without first-round picks in any two (2) consecutive future NBA Drafts."),
)}

#: Spellings in the annotated problems' ``relevant_rules`` (and the KB's own names) -> the
#: canonical RuleArena name. The KB uses ``sign_and_trade_assigner_...`` for row J (the
#: assigner is the team that acquires with the TPE); the paper's list spells it ``assignee``.
ALIASES: dict[str, str] = {
    "salary_increase_and_decrease_ratio_except_qualiyfing_or_early_qualifying_veteran_free_agent":
        "salary_increase_and_decrease_ratio_except_qualifying_or_early_qualifying_veteran_free_agent",
    "salary_increase_and_decrease_ratio_for_qualiyfing_or_early_qualifying_veteran_free_agent":
        "salary_increase_and_decrease_ratio_for_qualifying_or_early_qualifying_veteran_free_agent",
    "salary_increase_and_decrease_ratio_qualiyfing_or_early_qualifying_veteran_free_agent":
        "salary_increase_and_decrease_ratio_for_qualifying_or_early_qualifying_veteran_free_agent",
    "qualified_veteran_free_agent_exception": "qualifying_veteran_free_agent_exception",
    "nontaxpayer_mid_level_exception": "non_taxpayer_mid_level_exception",
    "nontaxpayer_mid_level_exception_hard_cap_first_apron_level": "non_taxpayer_mid_level_exception_hard_cap_first_apron_level",
    "sign_and_trade_assigner_traded_player_exception_hard_cap_second_apron_level":
        "sign_and_trade_assignee_traded_player_exception_hard_cap_second_apron_level",
    "stepien_rule_no_consecutive_first_round_draft_pick_trade": "stepien_rule_no_sell_or_no_consecutive_first_round_draft_pick_trade",
    "defer_compensation_38_year_old_qualifying_veteran_free_agent_38_year_old":
        "defer_compensation_qualifying_veteran_free_agent_38_year_old",
    "offer_sheet_for_1_or_2_year_service_player_4th_year_maximum_if_first_3_year_maximum":
        "offer_sheet_for_1_or_2_year_service_player_4th_year_maximum_if_3_year",
    # the annotations' names for a hard cap the rule text does not set for that exception
    "non_taxpayer_mid_level_exception_hard_cap_second_apron_level": "non_taxpayer_mid_level_exception_hard_cap_first_apron_level",
    "taxpayer_mid_level_exception_hard_cap_first_apron_level": "taxpayer_mid_level_exception_hard_cap_second_apron_level",
}


def canonical_rule(name: str) -> str:
    """The canonical RuleArena rule name of ``name`` (an annotation's spelling or the KB's).
    Raises KeyError for a name that is neither a rule nor a known variant."""
    name = ALIASES.get(name, name)
    if name not in RULES:
        raise KeyError(f"no RuleArena NBA rule {name!r}")
    return name


def citation(name: str) -> NbaRule:
    """The rule ``name`` (any spelling :func:`canonical_rule` knows) with section and quote."""
    return RULES[canonical_rule(name)]
