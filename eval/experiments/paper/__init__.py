"""Reproducing the paper (Kordjamshidi et al., "Reasoners or Translators?") with one's own model:
``taxlogic eval paper``. :mod:`.published` holds the paper's Tables 5-9 as data, :mod:`.plan`
the cells a reproduction runs and what they will cost before anything runs, :mod:`.run` runs
them (one resumable run folder per cell), :mod:`.tables` writes each table with the user's rows
beside the published ones."""
