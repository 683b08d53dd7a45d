"""The client against a started Proctor with the built-in shop simulator.

Set PROCTOR_URL and PROCTOR_API_KEY (an organization's key with playground access) to run these; Proctor's
own test suite does (apps/server/test/pythonClient.test.ts). Without them they are skipped.
"""

from __future__ import annotations

import json
import os
import sys
import unittest
import urllib.request
from pathlib import Path
from typing import Any, Dict

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from proctor import Proctor, ProctorApiError  # noqa: E402

PROCTOR_URL = os.environ.get("PROCTOR_URL", "")
PROCTOR_API_KEY = os.environ.get("PROCTOR_API_KEY", "")


def built_in_test_case(simulator: str) -> Dict[str, Any]:
    """A built-in test case of the simulator, as GET /api/testcases lists it to the key."""
    request = urllib.request.Request(
        f"{PROCTOR_URL}/api/testcases?page_size=200", headers={"X-API-Key": PROCTOR_API_KEY}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        listed = json.load(response)["test_cases"]
    return next(
        case for case in listed if case["builtIn"] and (case["simulator"] or {}).get("name") == simulator
    )


@unittest.skipUnless(
    PROCTOR_URL and PROCTOR_API_KEY,
    "set PROCTOR_URL and PROCTOR_API_KEY to run these against a started Proctor",
)
class LiveProctorTest(unittest.TestCase):
    def setUp(self) -> None:
        self.proctor = Proctor(PROCTOR_URL, PROCTOR_API_KEY)

    def test_runs_a_shop_environment_through_a_test_case(self) -> None:
        test_case = built_in_test_case("shop")
        with self.proctor.environments.make("shop") as env:
            env.wait_for_ready(timeout=60)
            self.assertTrue(env.heartbeating)

            reset = env.reset(test_case["publicId"])
            self.assertEqual(reset.test_case_public_id, test_case["publicId"])
            self.assertEqual(reset.prompt, test_case["prompt"])
            self.assertEqual(env.session_id, reset.session_id)

            state = env.state()
            self.assertEqual(state.state.mutations, [])
            self.assertIn(f"/live/{env.id}?token=", state.live_view_url)

            self.assertRegex(env.cdp_url(), r"^ws://[^/]+/cdp/.+")

            # Nothing was done: the test case's expected changes are missing.
            evaluation = env.evaluate()
            self.assertFalse(evaluation.passed)
            self.assertEqual(evaluation.details.test_case_public_id, test_case["publicId"])
            self.assertNotEqual(evaluation.details.explanation, "")

            self.assertEqual(env.heartbeat(), "running")
        self.assertTrue(env.closed)
        self.assertFalse(env.heartbeating)
        self.assertEqual(env.status().status, "closed")

    def test_reports_an_unknown_simulator_with_the_servers_status_and_detail(self) -> None:
        with self.assertRaises(ProctorApiError) as raised:
            self.proctor.environments.make("no-such-simulator")
        self.assertEqual(raised.exception.status, 404)
        self.assertEqual(raised.exception.detail, 'Simulator "no-such-simulator" not found or not enabled')

    def test_reports_a_refused_api_key_as_401(self) -> None:
        with self.assertRaises(ProctorApiError) as raised:
            Proctor(PROCTOR_URL, "pk_not_a_key").environments.make("shop")
        self.assertEqual((raised.exception.status, raised.exception.detail), (401, "Invalid API key"))


if __name__ == "__main__":
    unittest.main()
