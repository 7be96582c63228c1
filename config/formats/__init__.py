"""Number formats where ours differ from Django's for a language (docs/languages.md): Django writes Spanish
thousands with a non-breaking space (8 500); the score sheets of Spanish-speaking clubs write 8.500."""
