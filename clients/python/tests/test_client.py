"""The client against a stand-in Proctor: what it sends, how it waits, beats and fails. No Proctor needed."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import time
import unittest
from pathlib import Path
from typing import Any, Callable, ContextManager
from unittest import mock

CLIENT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(CLIENT))

import proctor  # noqa: E402
from proctor import (  # noqa: E402
    EnvironmentStartError,
    Proctor,
    ProctorApiError,
    ProctorConnectionError,
    ProctorError,
)
from standin import API_KEY, Answer, StandInProctor  # noqa: E402

RUNNING = {"id": "env_1", "session_id": "ses_1", "status": "running"}


def fast_polls() -> ContextManager[Any]:
    """Polls 10 ms apart instead of 0.5 s, doubling as usual."""
    return mock.patch.multiple(proctor, POLL_START=0.01, POLL_MAX=0.04)


class StandInTestCase(unittest.TestCase):
    def setUp(self) -> None:
        self.stand_in = StandInProctor()
        self.addCleanup(self.stand_in.close)
        self.proctor = Proctor(self.stand_in.url, API_KEY)

    def make(self, **options: object) -> proctor.Environment:
        env = self.proctor.environments.make("shop", **options)
        self.addCleanup(env.close)
        return env


class ProctorTest(StandInTestCase):
    def test_refuses_to_start_without_an_api_key(self) -> None:
        with mock.patch.dict(os.environ, {"PROCTOR_API_KEY": ""}):
            with self.assertRaisesRegex(ProctorError, "Missing API key: pass api_key or set PROCTOR_API_KEY"):
                Proctor(self.stand_in.url)

    def test_reads_the_api_key_from_proctor_api_key(self) -> None:
        with mock.patch.dict(os.environ, {"PROCTOR_API_KEY": API_KEY}):
            Proctor(self.stand_in.url).environments.make("shop").close()
        self.assertEqual(self.stand_in.requests[0].headers["x-api-key"], API_KEY)

    def test_refuses_a_base_url_that_is_not_http(self) -> None:
        for url in ("localhost:3000", "ftp://example.test", "example.test"):
            with self.assertRaisesRegex(ProctorError, "http:// or https://"):
                Proctor(url, API_KEY)

    def test_keeps_a_path_prefix_and_drops_a_trailing_slash(self) -> None:
        proctor_behind_a_prefix = Proctor("https://example.test/proctor/", API_KEY)
        self.assertEqual(proctor_behind_a_prefix.base_url, "https://example.test/proctor")

    def test_is_written_for_python_3_9(self) -> None:
        source = (CLIENT / "proctor.py").read_text(encoding="utf-8")
        ast.parse(source, feature_version=(3, 9))


class EnvironmentsTest(StandInTestCase):
    def test_makes_an_environment_with_the_key_as_the_sdk_and_the_options_given(self) -> None:
        env = self.make(interface_width=1024, interface_height=768)
        self.assertEqual((env.id, env.session_id), ("env_1", "ses_1"))
        made = self.stand_in.requests[0]
        self.assertEqual((made.method, made.path), ("POST", "/api/env/make2"))
        self.assertEqual(made.headers["x-api-key"], API_KEY)
        self.assertEqual(made.headers["content-type"], "application/json")
        self.assertEqual(
            made.body, {"env_id": "shop", "source": "sdk", "interface_width": 1024, "interface_height": 768}
        )

    def test_lets_the_caller_name_the_source(self) -> None:
        self.make(source="nightly-eval", keepalive=True, alias="demo-shop")
        self.assertEqual(
            self.stand_in.requests[0].body,
            {"env_id": "shop", "source": "nightly-eval", "keepalive": True, "alias": "demo-shop"},
        )

    def test_attaches_to_an_environment_by_id(self) -> None:
        env = self.proctor.environments.get("env_1")
        self.addCleanup(env.close)
        self.assertEqual((env.id, env.session_id, env.heartbeating), ("env_1", None, True))

    def test_does_not_beat_for_an_environment_that_has_ended(self) -> None:
        self.stand_in.answer("GET /api/env/env_1/status", {"status": "closed", "error": None})
        self.assertFalse(self.proctor.environments.get("env_1").heartbeating)


class ErrorsTest(StandInTestCase):
    def test_raises_the_servers_refusal_with_its_status_and_detail(self) -> None:
        self.stand_in.answer("POST /api/env/make2", Answer(404, 'Simulator "nope" not found or not enabled'))
        with self.assertRaises(ProctorApiError) as raised:
            self.proctor.environments.make("nope")
        error = raised.exception
        self.assertEqual(error.status, 404)
        self.assertEqual(error.detail, 'Simulator "nope" not found or not enabled')
        self.assertEqual(str(error), 'Simulator "nope" not found or not enabled')
        self.assertEqual((error.method, error.url), ("POST", f"{self.stand_in.url}/api/env/make2"))

    def test_reports_a_refused_key_as_401(self) -> None:
        with self.assertRaises(ProctorApiError) as raised:
            Proctor(self.stand_in.url, "pk_wrong").environments.make("shop")
        self.assertEqual((raised.exception.status, raised.exception.detail), (401, "Invalid API key"))

    def test_words_an_error_page_without_detail_by_its_status(self) -> None:
        self.stand_in.answer("POST /api/env/make2", Answer(502, raw=b"<html>Bad Gateway</html>"))
        with self.assertRaisesRegex(ProctorApiError, "^Request failed with status 502: Bad Gateway$"):
            self.proctor.environments.make("shop")

    def test_names_the_url_when_proctor_cannot_be_reached(self) -> None:
        url = self.stand_in.url
        self.stand_in.close()
        with self.assertRaises(ProctorConnectionError) as raised:
            Proctor(url, API_KEY).environments.make("shop")
        self.assertRegex(str(raised.exception), rf"^Could not reach Proctor \(POST {url}/api/env/make2\): ")
        self.assertIsNotNone(raised.exception.__cause__)

    def test_gives_up_on_a_call_without_an_answer(self) -> None:
        self.stand_in.answer("POST /api/env/make2", Answer(200, raw=b"{}", delay=5))
        started = time.monotonic()
        with self.assertRaisesRegex(ProctorConnectionError, r"no answer within 0\.2 s$"):
            Proctor(self.stand_in.url, API_KEY, request_timeout=0.2).environments.make("shop")
        self.assertLess(time.monotonic() - started, 3)


class WaitForReadyTest(StandInTestCase):
    STATUS = "GET /api/env/env_1/status"

    def test_returns_at_once_when_make_answered_running(self) -> None:
        self.stand_in.answer("POST /api/env/make2", RUNNING)
        env = self.make()
        env.wait_for_ready()
        self.assertEqual(len(self.stand_in.requests), 1)

    def test_polls_until_running_then_asks_the_worker(self) -> None:
        self.stand_in.answer(
            self.STATUS,
            {"status": "queued", "error": None},
            {"status": "starting", "error": None},
            {"status": "running", "error": None},
        )
        env = self.make()
        with fast_polls():
            env.wait_for_ready()
        asked = [request.path for request in self.stand_in.requests[1:]]
        self.assertEqual(asked, [self.STATUS.split(" ")[1]] * 3 + ["/api/env/env_1/worker_ready"])

    def test_waits_through_no_answer_and_5xx_but_raises_a_4xx_at_once(self) -> None:
        self.stand_in.answer(self.STATUS, Answer(503, "busy"), {"status": "running", "error": None})
        env = self.make()
        with fast_polls():
            env.wait_for_ready()
        self.stand_in.answer(self.STATUS, Answer(404, "Environment not found"))
        with self.assertRaises(ProctorApiError) as raised:
            env.wait_for_ready()
        self.assertEqual(raised.exception.status, 404)

    def test_reports_an_environment_that_failed_with_its_error(self) -> None:
        self.stand_in.answer(self.STATUS, {"status": "failed", "error": "Browser crashed"})
        with self.assertRaises(EnvironmentStartError) as raised:
            self.make().wait_for_ready()
        self.assertEqual(
            str(raised.exception), "Environment failed to start - job status: failed (Browser crashed)"
        )
        self.assertEqual(
            (raised.exception.reason, raised.exception.job_status, raised.exception.job_error),
            ("job_status", "failed", "Browser crashed"),
        )

    def test_gives_up_after_the_timeout(self) -> None:
        self.stand_in.answer(self.STATUS, {"status": "starting", "error": None})
        env = self.make()
        started = time.monotonic()
        with fast_polls(), self.assertRaises(EnvironmentStartError) as raised:
            env.wait_for_ready(timeout=0.2)
        self.assertEqual(
            str(raised.exception), "Environment failed to start - job never entered running state"
        )
        self.assertLess(time.monotonic() - started, 2)

    def test_reports_a_worker_that_is_not_ready(self) -> None:
        self.stand_in.answer("GET /api/env/env_1/worker_ready", {"ready": False, "error": "No page"})
        with self.assertRaisesRegex(
            EnvironmentStartError, "^Environment failed to start - worker not ready: No page$"
        ):
            self.make().wait_for_ready()

    def test_reports_a_failed_worker_check(self) -> None:
        self.stand_in.answer("GET /api/env/env_1/worker_ready", Answer(500, "Internal server error"))
        with self.assertRaisesRegex(
            EnvironmentStartError,
            "^Environment failed to start - worker health check failed: Internal server error$",
        ):
            self.make().wait_for_ready()

    def test_spaces_polls_from_half_a_second_doubling_to_eight_with_a_quarter_of_jitter(self) -> None:
        self.assertEqual([proctor.poll_delay(attempt, 0.5) for attempt in range(6)], [0.5, 1, 2, 4, 8, 8])
        self.assertEqual(proctor.poll_delay(0, 0), 0.375)
        self.assertAlmostEqual(proctor.poll_delay(10_000, 0.999_999), 10, places=4)


class EnvironmentTest(StandInTestCase):
    def test_resets_to_a_test_case_and_follows_the_new_session(self) -> None:
        env = self.make()
        reset = env.reset("tc_1")
        sent = self.stand_in.received("POST /api/env/env_1/reset")[0].body
        self.assertEqual(sent, {"test_case_public_id": "tc_1"})
        self.assertEqual((reset.session_id, reset.test_case_public_id), ("ses_2", "tc_1"))
        self.assertEqual(env.session_id, "ses_2")

    def test_resets_to_a_run_described_field_by_field(self) -> None:
        run = {"name": "Look", "prompt": "Find the kettle", "start_url": "/catalog", "agent_version": "v2"}
        self.make().reset(**run)
        self.assertEqual(self.stand_in.received("POST /api/env/env_1/reset")[0].body, run)

    def test_answers_the_state_the_cdp_url_and_the_evaluation_as_dataclasses(self) -> None:
        env = self.make()
        state = env.state()
        self.assertEqual(state.state.mutations, [])
        self.assertEqual(state.live_view_url, "http://proctor.test/live/env_1?token=live")
        self.assertEqual(env.cdp_url(), "ws://proctor.test/cdp/token-for-env_1")
        evaluation = env.evaluate()
        self.assertFalse(evaluation.passed)
        self.assertEqual(evaluation.details.mutations.missing[0].table_name, "orders")
        self.assertEqual(evaluation.details.scores[0].error, None)
        self.assertIsNone(evaluation.details.output)
        self.assertFalse(hasattr(evaluation.details, "added_later"))

    def test_makes_an_environment_of_several_simulators_and_reads_its_state_by_simulator(self) -> None:
        label = {"action": "INSERT", "table_name": "labels", "pk": "9", "old": None, "new": {"name": "Travel"},
                 "action_timestamp": "2026-01-05T09:00:00Z", "simulator": "mail"}
        self.stand_in.answer("GET /api/env/env_1/state", {
            "state": {"mutations": [label], "by_simulator": {"mail": [label], "calendar": []}},
            "live_view_url": "http://proctor.test/live/env_1?token=live",
        })
        env = self.make(extra_env_ids=["calendar"])
        self.assertEqual(self.stand_in.received("POST /api/env/make2")[0].body["extra_env_ids"], ["calendar"])
        state = env.state().state
        self.assertEqual(state.mutations[0].simulator, "mail")
        self.assertEqual(state.by_simulator["mail"][0].table_name, "labels")
        self.assertIsInstance(state.by_simulator["mail"][0], proctor.StateMutation)
        self.assertEqual(state.by_simulator["calendar"], [])

    def test_sends_the_agents_output_only_when_given(self) -> None:
        env = self.make()
        env.evaluate()
        env.evaluate({"total": 42})
        bodies = [request.body for request in self.stand_in.received("POST /api/env/env_1/evaluate")]
        self.assertEqual(bodies, [{}, {"output": {"total": 42}}])

    def test_closes_at_the_end_of_a_with_block_once(self) -> None:
        with self.proctor.environments.make("shop") as env:
            self.assertTrue(env.heartbeating)
        self.assertTrue(env.closed)
        self.assertFalse(env.heartbeating)
        env.close()
        self.assertEqual(len(self.stand_in.received("POST /api/env/env_1/close")), 1)

    def test_closes_when_the_block_raises(self) -> None:
        with self.assertRaises(RuntimeError):
            with self.proctor.environments.make("shop"):
                raise RuntimeError("the agent failed")
        self.assertEqual(len(self.stand_in.received("POST /api/env/env_1/close")), 1)


class HeartbeatTest(StandInTestCase):
    BEAT = "POST /api/env/env_1/heartbeat"

    def wait_for(self, condition: Callable[[], bool], seconds: float = 5) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                self.fail("timed out")
            time.sleep(0.01)

    def test_beats_every_30_seconds(self) -> None:
        self.assertEqual(proctor.HEARTBEAT_INTERVAL, 30)
        with mock.patch.object(proctor, "HEARTBEAT_INTERVAL", 0.02):
            env = self.make()
            self.wait_for(lambda: len(self.stand_in.received(self.BEAT)) >= 3)
            self.assertEqual(env.heartbeat(), "running")
            env.close()
        beats = len(self.stand_in.received(self.BEAT))
        time.sleep(0.1)
        self.assertEqual(len(self.stand_in.received(self.BEAT)), beats)

    def test_keeps_beating_through_a_failure_and_reports_it(self) -> None:
        reported = []
        self.proctor = Proctor(
            self.stand_in.url, API_KEY, on_heartbeat_error=lambda error, env: reported.append(error)
        )
        self.stand_in.answer(self.BEAT, Answer(503, "busy"), {"status": "running"})
        with mock.patch.object(proctor, "HEARTBEAT_INTERVAL", 0.02):
            env = self.make()
            self.wait_for(
                lambda: len(self.stand_in.received(self.BEAT)) >= 2 and env.last_heartbeat_error is None
            )
        self.assertEqual([error.status for error in reported], [503])
        self.assertTrue(env.heartbeating)

    def test_stops_once_the_environment_has_ended(self) -> None:
        self.stand_in.answer(self.BEAT, Answer(409, "Environment is closed"))
        with mock.patch.object(proctor, "HEARTBEAT_INTERVAL", 0.02):
            env = self.make()
            self.wait_for(lambda: not env.heartbeating)
        self.assertEqual(env.last_heartbeat_error.status, 409)
        self.assertEqual(len(self.stand_in.received(self.BEAT)), 1)

    def test_holds_no_process_open_when_close_is_forgotten(self) -> None:
        script = (
            "import proctor\n"
            f"env = proctor.Proctor({self.stand_in.url!r}, {API_KEY!r}).environments.make('shop')\n"
            "print(env.heartbeating)\n"
        )
        started = time.monotonic()
        finished = subprocess.run(
            [sys.executable, "-c", script],
            cwd=CLIENT,
            capture_output=True,
            text=True,
            timeout=20,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )
        self.assertEqual((finished.returncode, finished.stdout.strip()), (0, "True"), finished.stderr)
        self.assertLess(time.monotonic() - started, 10)


if __name__ == "__main__":
    unittest.main()
