"""The NBA reading room: a problem's text read into plain records (:mod:`.reader`, with the sentence
readers :mod:`.teams`, :mod:`.players`, :mod:`.operations`, :mod:`.signings`, :mod:`.trades` and
their shared :mod:`.phrases`; what it returns, :mod:`.result` and :mod:`.records`; what the whole
problem fills in, :mod:`.resolve`), written as facts (:mod:`.render`), and what a span states
(:mod:`.stated`) in the fact vocabulary's roles (:mod:`.roles`)."""
