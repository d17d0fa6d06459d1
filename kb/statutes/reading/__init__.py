"""Reading what the statutes domain is given and what the model writes: the statutes split into
paragraphs (:mod:`.paragraphs`), the words a constant is looked up in (:mod:`.words`), the
program in a reply (:mod:`.program`)."""
