"""The NBA explanation room: the CBA's words for each rule (:mod:`.citations`) and an answer
explained operation by operation (:mod:`.why`)."""
