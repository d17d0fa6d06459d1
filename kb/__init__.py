"""The statute knowledge base. Its top holds only what every domain uses: the domain interface
(:mod:`.domain`), rule sets (:mod:`.rules`), answers from an engine outcome (:mod:`.answers`),
explanations through a domain's citations (:mod:`.explain`), the shape and loader of errata
(:mod:`.errata`), the predicate vocabulary (:mod:`.vocabulary`, ``vocabulary.pl``), the SWI-9
compatibility layer (``compat.pl``) and the error and checksum check of installed data
(:mod:`.datafiles`). Each domain is a plug-in with its data handling inside it: :mod:`.sara`
(SARA's install, case parsing, checks), :mod:`.airline`, :mod:`.nba`, :mod:`.form1040`.
The top imports no plug-in; the agent imports the interface only, with one recorded exception
(its exemplar pool reads SARA's cases; pyproject's contract ``plugins``)."""
