#!/usr/bin/env python3
"""Runs every data set's tests (datasets/*/test_*.py) and ends with `N passed, N failed, N skipped`.

Each data set folder is put on the import path, so its tests import its generator directly;
module names are distinct across folders for that reason.
"""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
FOLDERS = ["catalog-checks", "echo", "simple-types", "seismic"]


class CountingResult(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.passed = 0

    def addSuccess(self, test):
        super().addSuccess(test)
        self.passed += 1


def main():
    suite = unittest.TestSuite()
    for folder in FOLDERS:
        path = os.path.join(HERE, folder)
        if not os.path.isdir(path):
            continue
        sys.path.insert(0, path)
        suite.addTests(unittest.TestLoader().discover(path, pattern="test_*.py", top_level_dir=path))
    runner = unittest.TextTestRunner(resultclass=CountingResult, verbosity=2, stream=sys.stdout)
    result = runner.run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    print(f"{result.passed} passed, {failed} failed, {len(result.skipped)} skipped")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
