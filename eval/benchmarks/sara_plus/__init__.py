"""SARA⁺ (paper §3.2, Table 2): perturbed SARA splits whose gold answers come from running the
gold Prolog, built reproducibly from a seed by ``taxlogic data plus``. Everything that makes it
lives in this package:

- :mod:`~taxlogic.eval.benchmarks.sara_plus.rules`: rule perturbation r' (the statutes with their dollar amounts,
  rates, thresholds and dates changed, in the statute text and the Prolog alike) and its manifest;
- :mod:`~taxlogic.eval.benchmarks.sara_plus.cases`: the Ee/En criterion, case perturbation c (amounts and dates)
  and the statutory amounts a case quotes (which follow the statutes in force);
- :mod:`~taxlogic.eval.benchmarks.sara_plus.paraphrase`: the word-level paraphraser and its checker (the
  contamination quiz uses them), the whole-text paraphrase check and sentence-level rewriter of
  Ee^c, offline or through the LLM (its own paraphrase prompt);
- :mod:`~taxlogic.eval.benchmarks.sara_plus.build`: the build (every split, every item checked by Prolog), the build
  record, loading a build and re-checking it;
- :mod:`~taxlogic.eval.benchmarks.sara_plus.datacard`: the build's DATACARD.md;
- :mod:`~taxlogic.eval.benchmarks.sara_plus.benchmark`: the built splits as the ``sara-plus``
  benchmark (registered in :mod:`taxlogic.eval.benchmarks`).

Splits (``<build>/<split>.jsonl``, one :class:`~taxlogic.kb.sara.data.cases.Case` per line; every item
carries ``source_id``, the SARA case it was made from, and ``split``, that case's SARA split: the
splits are made from train and test cases alike):

============  ===========================================================================
``sara_n``     SARA's numeric cases, rules ``r`` (original)
``sara_n_r``   the same cases and texts, answers recomputed under the perturbed rules ``r'``
``sara_n_c``   case perturbation c: dollar amounts and dates changed in text and gold facts, rules ``r``
``sara_n_rc``  the same perturbed cases as ``sara_n_c``, answers under ``r'``
``sara_ee``    entailment cases without numerical reasoning (original)
``sara_ee_c``  their texts paraphrased (facts, query and answer unchanged), rules ``r``
``sara_en``    entailment cases with numerical reasoning (original)
``sara_en_r``  the same cases, texts and claims, labels recomputed under ``r'``
``sara_en_c``  case perturbation c, claims restated from the recomputed amount, rules ``r``
``sara_en_rc`` the same perturbed cases as ``sara_en_c``, claims restated under ``r'``
============  ===========================================================================
"""

SPLITS: tuple[str, ...] = ("sara_n", "sara_n_r", "sara_n_c", "sara_n_rc", "sara_ee", "sara_ee_c",
                           "sara_en", "sara_en_r", "sara_en_c", "sara_en_rc")
#: Rule-set names of an item (``Case.rules``): SARA's statutes and the perturbed ones.
R, R_PRIME = "r", "r'"
