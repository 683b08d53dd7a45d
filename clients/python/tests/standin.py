"""A stand-in Proctor for the client's own tests: it answers the environment calls on a free local port the
way a running environment would, records what it received, and lets a test change any answer."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Union

API_KEY = "pk_test_standin"


@dataclass
class Received:
    method: str
    path: str
    headers: Dict[str, str]
    body: Any


@dataclass
class Answer:
    """An answer other than 200 with JSON: `detail` is sent as `{detail}`, `raw` as it is."""

    status: int
    detail: Optional[str] = None
    raw: Optional[bytes] = None
    delay: float = 0.0


Reply = Union[Answer, Dict[str, Any]]
Handler = Callable[[Received], Reply]

EVALUATION = {
    "passed": False,
    "details": {
        "test_case_public_id": "tc_1",
        "explanation": "Expected an INSERT into orders",
        "mutations": {
            "satisfied": False,
            "matched": 0,
            "missing": [{"table_name": "orders", "action": "INSERT", "reason": "no such row"}],
            "unexpected": [],
        },
        "output": None,
        "scores": [{"type": "state_mutation_match", "correct": False, "reason": "1 missing"}],
        "added_later": "fields the client does not know are left out",
    },
}


class StandInProctor:
    def __init__(self) -> None:
        self.requests: List[Received] = []
        self.handlers: Dict[str, Handler] = {
            "POST /api/env/make2": lambda _: {"id": "env_1", "session_id": "ses_1", "status": "queued"},
            "GET /api/env/env_1/status": lambda _: {"status": "running", "error": None},
            "GET /api/env/env_1/worker_ready": lambda _: {"ready": True},
            "GET /api/env/env_1/state": lambda _: {
                "state": {"mutations": []},
                "live_view_url": "http://proctor.test/live/env_1?token=live",
            },
            "POST /api/env/env_1/reset": lambda request: {
                "session_id": "ses_2",
                "start_url": "http://shop.test" + (request.body or {}).get("start_url", "/"),
                "prompt": (request.body or {}).get("prompt", ""),
                "test_case_public_id": (request.body or {}).get("test_case_public_id"),
            },
            "POST /api/env/env_1/evaluate": lambda _: EVALUATION,
            "POST /api/env/env_1/close": lambda _: {"status": "closed"},
            "POST /api/env/env_1/heartbeat": lambda _: {"status": "running"},
            "GET /api/env/env_1/cdp_url": lambda _: {
                "cdp_url": "ws://proctor.test/cdp/token-for-env_1",
                "expires_at": "2026-11-23T12:15:00.000Z",
            },
        }
        stand_in = self

        class RequestHandler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._answer()

            def do_POST(self) -> None:
                self._answer()

            def _answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                text = self.rfile.read(length) if length else b""
                request = Received(
                    method=self.command,
                    path=self.path,
                    headers={name.lower(): value for name, value in self.headers.items()},
                    body=json.loads(text) if text else None,
                )
                stand_in.requests.append(request)
                if request.headers.get("x-api-key") != API_KEY:
                    reply: Reply = Answer(401, "Invalid API key")
                else:
                    handler = stand_in.handlers.get(f"{request.method} {request.path}")
                    reply = handler(request) if handler else Answer(404, "Not found")
                if isinstance(reply, Answer):
                    stand_in._wait(reply.delay)
                    detail = json.dumps({"detail": reply.detail}).encode()
                    self._send(reply.status, detail if reply.raw is None else reply.raw)
                else:
                    self._send(200, json.dumps(reply).encode())

            def _send(self, status: int, body: bytes) -> None:
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    pass  # the client gave up waiting (a timeout test)

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), RequestHandler)
        self._server.daemon_threads = True
        self._closing = threading.Event()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        # A short poll interval: shutdown() waits for one, and every test shuts a server down.
        threading.Thread(target=self._server.serve_forever, args=(0.01,), daemon=True).start()

    def _wait(self, seconds: float) -> None:
        self._closing.wait(seconds)

    def answer(self, route: str, *replies: Reply) -> None:
        """Answers `route` ("GET /api/env/env_1/status") with these replies in turn, then the last one."""
        queue = list(replies)

        def handler(_: Received) -> Reply:
            return queue.pop(0) if len(queue) > 1 else queue[0]

        self.handlers[route] = handler

    def received(self, route: str) -> List[Received]:
        return [request for request in self.requests if f"{request.method} {request.path}" == route]

    def close(self) -> None:
        self._closing.set()
        self._server.shutdown()
        self._server.server_close()
