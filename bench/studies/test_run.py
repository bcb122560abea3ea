"""What the study benchmark calls a MISS, on study-run views shaped as GET /api/v1/study-runs/{id}."""
import contextlib
import copy
import io
import unittest

import run


def stack(name, status="done", version="1.0", total=True, reason=None):
    return {"stack": name, "version": version, "status": status, "reason": reason,
            "totalSeconds": {"best": 1.0, "median": 1.1} if total else None,
            "throughput": {"median": 900.0, "low": 850.0, "high": 950.0, "n": 8} if total else None}


def verdict(cell, ratio=1.2, not_enough=False):
    if ratio is None:
        return {"cell": cell, "ratio": None, "verdict": "not-measurable", "notEnoughData": not_enough,
                "reason": "not enough data" if not_enough else "metro is pending: supports plain only"}
    return {"cell": cell, "ratio": ratio, "low": ratio - 0.1, "high": ratio + 0.1, "rounds": 8,
            "verdict": "reproduced", "notEnoughData": False}


FILLED = {
    "cells": [
        {"id": "small/plain", "status": "completed", "stacks": [stack("cxf"), stack("metro")]},
        # Metro does not claim signencr: pending, no version, and not a miss.
        {"id": "small/signencr", "status": "completed",
         "stacks": [stack("cxf"), stack("metro", status="pending", version=None, total=False,
                                        reason="supports plain, username, sign only")]},
    ],
    "comparisons": [
        {"published": {"text": "Metro is faster"}, "verdict": "reproduced",
         "cellVerdicts": [verdict("small/plain"), verdict("small/signencr", ratio=None)]},
    ],
}


class JudgeTest(unittest.TestCase):
    def test_a_study_whose_claimed_cells_are_filled_passes(self):
        self.assertEqual(run.judge(FILLED), [])

    def test_a_claimed_stack_without_a_total_time_is_a_miss(self):
        view = copy.deepcopy(FILLED)
        view["cells"][0]["stacks"][1] = stack("metro", status="failed", total=False, reason="error: drive")
        self.assertEqual(run.judge(view), ["small/plain: metro failed: error: drive"])

    def test_a_stack_the_worker_cannot_run_is_named_and_not_a_miss(self):
        view = copy.deepcopy(FILLED)
        reason = "unavailable: WSF/C++ cannot run on this worker (WSFCPP_HOME is not set)"
        view["cells"][0]["stacks"].append(stack("wsfcpp", status="unsupported", total=False, reason=reason))
        self.assertEqual(run.judge(view), [])
        self.assertEqual(run.absent(view), ["small/plain: wsfcpp: " + reason])

    def test_a_stack_that_refused_the_wsdl_is_still_a_miss(self):
        view = copy.deepcopy(FILLED)
        view["cells"][0]["stacks"][1] = stack("metro", status="unsupported", total=False,
                                              reason="unsupported: rpc/encoded binding")
        self.assertEqual(run.judge(view), ["small/plain: metro unsupported: unsupported: rpc/encoded binding"])
        self.assertEqual(run.absent(view), [])

    def test_a_failed_cell_is_a_miss(self):
        view = copy.deepcopy(FILLED)
        view["cells"][1]["status"] = "cancelled"
        self.assertEqual(len(run.judge(view)), 1)
        self.assertIn("small/signencr: cancelled", run.judge(view)[0])

    def test_a_claim_left_without_enough_data_is_a_miss(self):
        view = copy.deepcopy(FILLED)
        view["comparisons"][0]["verdict"] = "not-measurable"
        view["comparisons"][0]["cellVerdicts"] = [verdict("small/plain", ratio=None, not_enough=True)]
        self.assertEqual(len(run.judge(view)), 1)
        self.assertIn("not enough data", run.judge(view)[0])


class PrintCellsTest(unittest.TestCase):
    def test_a_stacks_throughput_comes_with_its_interval_and_rounds_and_an_unclaimed_mode_with_its_reason(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            run.print_cells({**FILLED, "studyName": "Sosnoski 2010"})
        self.assertIn("900/s (850-950, 8 rounds)", out.getvalue())
        self.assertIn("metro            pending: supports plain, username, sign only", out.getvalue())


if __name__ == "__main__":
    unittest.main()
