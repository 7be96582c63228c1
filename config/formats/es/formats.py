# Spanish points as the clubs write them: 8.500 (Django's own Spanish format has a non-breaking space).
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
