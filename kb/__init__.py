"""The statute knowledge base: SARA data, rule sets, SWI-9 compatibility layer, predicate vocabulary."""
