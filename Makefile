# Shortcuts for those who have make; dev.py does the work and needs only Python.
.PHONY: run test lint
run:
	python3 dev.py run
test:
	python3 dev.py test
lint:
	python3 dev.py lint
