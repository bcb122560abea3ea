# Each part answers the same verbs (build, test, lint, fmt); this file only delegates.
PARTS := workers stack-runners backend frontend datasets infra

.PHONY: up down test build lint fmt bench

up:
	scripts/up.sh

down:
	scripts/down.sh

test:
	scripts/test.sh

build:
	$(MAKE) -C datasets build
	$(MAKE) -C workers build
	$(MAKE) -C frontend build
	$(MAKE) -C backend build
	$(MAKE) -C stack-runners build

lint fmt:
	@for part in $(PARTS); do $(MAKE) -C $$part $@ || exit 1; done

bench:
	$(MAKE) -C workers bench
	$(MAKE) -C stack-runners bench
