"""SARA's data room: where each release is installed and verified (:mod:`.install` for the 2020
release, :mod:`.v2` for SARA v2), its cases as typed values (:mod:`.cases`) and its documented gold
errata (:mod:`.errata`, :mod:`.v2_errata`, with their JSON beside them). Imports neither the
plug-in's checks nor its explanation (an import-linter contract)."""
