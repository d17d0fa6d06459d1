"""Prompt templates (the paper appendix prompts), loaded by name."""
