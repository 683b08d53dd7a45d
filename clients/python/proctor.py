"""Proctor's Python client: start a live environment, drive its browser over CDP, evaluate, close.

Standard library only, Python 3.9 or later. Every Proctor serves the client that matches it, as this one
file::

    curl -fsSLO <PROCTOR_URL>/sdk/proctor.py

It mirrors the TypeScript SDK (packages/sdk in Proctor's repository): the same calls, the same wait for
readiness and heartbeat, the same errors, in Python's spelling (snake_case, seconds). Answers are
dataclasses whose fields are the API's JSON fields as /docs describes them.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import socket
import threading
import time
import typing
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from http.client import HTTPException
from typing import Any, Callable, Dict, List, Literal, Optional, Tuple

__version__ = "0.1.0"

__all__ = [
    "API_KEY_VARIABLE",
    "BackupEnvironmentResponse",
    "Environment",
    "EnvironmentState",
    "EnvironmentStateResponse",
    "EnvironmentStartError",
    "EnvironmentStatus",
    "EnvironmentStatusResponse",
    "Environments",
    "EvaluateEnvironmentResponse",
    "EvaluationDetails",
    "KeepaliveJob",
    "KeepaliveJobGroup",
    "KeepaliveSimulator",
    "MissingMutation",
    "MutationsVerdict",
    "OutputVerdict",
    "Proctor",
    "ProctorApiError",
    "ProctorConnectionError",
    "ProctorError",
    "ResetEnvironmentResponse",
    "ScoreVerdict",
    "StateMutation",
    "UnexpectedMutation",
    "WorkerReadyResponse",
    "poll_delay",
]

# Timings the client follows, in seconds, as the server's TIMING (packages/contracts) has them in ms: wait up
# to five minutes for an environment, polling from 0.5 s, doubling up to 8 s, each wait moved by up to ±25 %;
# a heartbeat every 30 s (the server closes an environment two minutes after its last one). Proctor's tests
# hold these to the server's.
READY_TIMEOUT = 300.0
POLL_START = 0.5
POLL_MAX = 8.0
POLL_JITTER = 0.25
HEARTBEAT_INTERVAL = 30.0

# An HTTP call without an answer for this long fails; a reset that loads a page stays well inside it.
REQUEST_TIMEOUT = 60.0

# The environment variable Proctor() reads when no api_key is passed.
API_KEY_VARIABLE = "PROCTOR_API_KEY"

# Every call the client makes, named as in the server's contract (`endpoints` in packages/contracts), which
# Proctor's tests compare with these: same method, same path.
ROUTES: Dict[str, Tuple[str, str]] = {
    "makeEnvironment": ("POST", "/api/env/make2"),
    "environmentStatus": ("GET", "/api/env/:id/status"),
    "environmentWorkerReady": ("GET", "/api/env/:id/worker_ready"),
    "environmentState": ("GET", "/api/env/:id/state"),
    "resetEnvironment": ("POST", "/api/env/:id/reset"),
    "evaluateEnvironment": ("POST", "/api/env/:id/evaluate"),
    "backupEnvironment": ("POST", "/api/env/:id/backup"),
    "closeEnvironment": ("POST", "/api/env/:id/close"),
    "environmentHeartbeat": ("POST", "/api/env/:id/heartbeat"),
    "environmentCdpUrl": ("GET", "/api/env/:id/cdp_url"),
    "keepaliveJobs": ("GET", "/api/jobs/keepalive"),
}

# queued (accepted, not yet given a browser), starting, running (ready), closed (ended by close or by its
# owner), failed (could not start, crashed, or its heartbeat stopped).
EnvironmentStatus = Literal["queued", "starting", "running", "closed", "failed"]

# The environment has ended on the server: waiting or beating cannot help.
_ENDED = ("closed", "failed")


# Errors


class ProctorError(Exception):
    """Every error the client raises is one of these."""


class ProctorApiError(ProctorError):
    """Proctor answered with an error status; `detail` is the reason it gave (its `{detail}` body)."""

    def __init__(self, status: int, detail: str, method: str, url: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.method = method
        self.url = url


class ProctorConnectionError(ProctorError):
    """No answer: Proctor could not be reached, the connection broke, or it did not answer in time.

    The underlying error is the exception's `__cause__`.
    """

    def __init__(self, method: str, url: str, reason: str) -> None:
        super().__init__(f"Could not reach Proctor ({method} {url}): {reason}")
        self.method = method
        self.url = url


StartFailure = Literal["job_status", "timeout", "worker_not_ready", "worker_health_check_failed"]


class EnvironmentStartError(ProctorError):
    """The environment did not become ready; `reason` says why, the message as Proctor words it.

    - job_status: it ended (failed or closed) while starting; `job_status` and `job_error` say how;
    - timeout: it never entered the running state in time;
    - worker_not_ready: it runs, but its browser or simulator instance does not answer;
    - worker_health_check_failed: asking whether the worker is ready failed (the `__cause__`).
    """

    def __init__(
        self,
        reason: StartFailure,
        environment_id: str,
        *,
        job_status: Optional[str] = None,
        job_error: Optional[str] = None,
        worker_error: Optional[str] = None,
        cause: Optional[BaseException] = None,
    ) -> None:
        prefix = "Environment failed to start - "
        if reason == "job_status":
            message = f"{prefix}job status: {job_status}" + (f" ({job_error})" if job_error else "")
        elif reason == "timeout":
            message = f"{prefix}job never entered running state"
        elif reason == "worker_not_ready":
            message = f"{prefix}worker not ready: {worker_error or 'Unknown error'}"
        else:
            message = f"{prefix}worker health check failed: {cause}"
        super().__init__(message)
        self.reason = reason
        self.environment_id = environment_id
        self.job_status = job_status
        self.job_error = job_error


# Answers


@dataclass(frozen=True)
class EnvironmentStatusResponse:
    status: EnvironmentStatus
    error: Optional[str]


@dataclass(frozen=True)
class WorkerReadyResponse:
    ready: bool
    error: Optional[str] = None


@dataclass(frozen=True)
class StateMutation:
    """One row change, in the simulator kit's mutation-log format."""

    action: Literal["INSERT", "UPDATE", "DELETE"]
    table_name: str
    pk: str
    old: Optional[Dict[str, Any]]
    new: Optional[Dict[str, Any]]
    action_timestamp: str
    # In an environment of several simulators (`extra_env_ids`): the simulator that made the change.
    simulator: Optional[str] = None


@dataclass(frozen=True)
class EnvironmentState:
    # Mutations since the last reset, after each simulator's ignore filters.
    mutations: List[StateMutation]
    # Only in an environment of several simulators: the same mutations by simulator name.
    by_simulator: Optional[Dict[str, List[StateMutation]]] = None


@dataclass(frozen=True)
class EnvironmentStateResponse:
    state: EnvironmentState
    # Where a person watches and drives the browser; carries a token for this environment only.
    live_view_url: str


@dataclass(frozen=True)
class ResetEnvironmentResponse:
    # The session this run records into.
    session_id: str
    # The absolute URL the browser was sent to.
    start_url: str
    prompt: str
    test_case_public_id: Optional[str]


@dataclass(frozen=True)
class MissingMutation:
    table_name: str
    action: str
    reason: str
    # In a test case across apps: the simulator the change was expected in.
    simulator: Optional[str] = None


@dataclass(frozen=True)
class UnexpectedMutation:
    table_name: str
    action: str
    pk: str
    # In a test case across apps: the simulator that made the change.
    simulator: Optional[str] = None


@dataclass(frozen=True)
class MutationsVerdict:
    satisfied: bool
    matched: int
    missing: List[MissingMutation]
    unexpected: List[UnexpectedMutation]


@dataclass(frozen=True)
class OutputVerdict:
    passed: bool
    matches_expected: bool
    schema_errors: List[str]


@dataclass(frozen=True)
class ScoreVerdict:
    """One score type's verdict. `correct` None with an `error`: the type could not judge (its config is
    wrong, a service is down), which says nothing about the agent."""

    type: str
    correct: Optional[bool]
    reason: str
    error: Optional[str] = None


@dataclass(frozen=True)
class EvaluationDetails:
    test_case_public_id: Optional[str]
    # Readable reasons it failed; empty when it passed.
    explanation: str
    mutations: Optional[MutationsVerdict]
    output: Optional[OutputVerdict]
    scores: Optional[List[ScoreVerdict]] = None


@dataclass(frozen=True)
class EvaluateEnvironmentResponse:
    passed: bool
    details: EvaluationDetails


@dataclass(frozen=True)
class BackupEnvironmentResponse:
    backup_id: str
    taken_at: str
    mutation_count: int


@dataclass(frozen=True)
class KeepaliveSimulator:
    id: int
    name: str


@dataclass(frozen=True)
class KeepaliveJob:
    public_id: str
    service: str


@dataclass(frozen=True)
class KeepaliveJobGroup:
    """A running keepalive environment, as the Public URLs page lists it."""

    group_id: str
    alias: str
    overall_status: EnvironmentStatus
    created_at: str
    simulator: KeepaliveSimulator
    session_id: Optional[str]
    live_view_url: str
    # Where any browser opens the environment's simulator while it runs: {alias}.sims.{Proctor's host}.
    public_url: str
    jobs: List[KeepaliveJob]


def _parse(kind: Any, value: Any) -> Any:
    """The JSON `value` as `kind`: dataclasses field by field (fields the server added are left out), lists
    item by item, anything else as it came."""
    if value is None:
        return None
    if dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        fields = {}
        for field in dataclasses.fields(kind):
            if field.name in value:
                fields[field.name] = _parse(hints[field.name], value[field.name])
            elif field.default is dataclasses.MISSING:
                raise ProctorError(f"Proctor's answer lacks {kind.__name__}.{field.name}")
        return kind(**fields)
    origin = typing.get_origin(kind)
    if origin is typing.Union:
        inner = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        return _parse(inner[0], value) if len(inner) == 1 else value
    if origin is list:
        (item,) = typing.get_args(kind)
        return [_parse(item, entry) for entry in value]
    if origin is dict:
        _, item = typing.get_args(kind)
        return {key: _parse(item, entry) for key, entry in value.items()}
    return value


# HTTP


class _ApiClient:
    """Calls Proctor's HTTP API with the organization's API key; turns failures into the client's errors."""

    def __init__(self, base_url: str, api_key: str, timeout: float) -> None:
        self.base_url = base_url
        self._api_key = api_key
        self._timeout = timeout

    def call(self, route: str, environment_id: Optional[str] = None, body: Optional[dict] = None) -> Any:
        method, path = ROUTES[route]
        if ":id" in path:
            path = path.replace(":id", urllib.parse.quote(str(environment_id), safe=""))
        url = self.base_url + path
        headers = {
            "X-API-Key": self._api_key,
            "Accept": "application/json",
            "User-Agent": f"proctor-python/{__version__}",
        }
        data = None
        # No content type without a body: the server refuses an empty body declared as JSON.
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                text = response.read()
        except urllib.error.HTTPError as error:
            detail = _detail_of(_read_quietly(error))
            raise ProctorApiError(
                status=error.code,
                detail=detail or f"Request failed with status {error.code}: {error.reason}",
                method=method,
                url=url,
            ) from None
        except (urllib.error.URLError, OSError, HTTPException) as error:
            raise ProctorConnectionError(method, url, self._reason_of(error)) from error
        try:
            return json.loads(text)
        except ValueError:
            raise ProctorError(f"Proctor answered {method} {url} with something other than JSON") from None

    def _reason_of(self, error: BaseException) -> str:
        cause = error.reason if isinstance(error, urllib.error.URLError) else error
        if isinstance(cause, socket.timeout):
            return f"no answer within {self._timeout:g} s"
        return str(cause) or type(cause).__name__


def _read_quietly(error: urllib.error.HTTPError) -> bytes:
    """The body of an error answer, or nothing when the connection broke while reading it."""
    try:
        return error.read()
    except (OSError, HTTPException):
        return b""
    finally:
        error.close()


def _detail_of(text: bytes) -> Optional[str]:
    """The `{detail}` of an error body, when it has one (a proxy's error page has not)."""
    try:
        body = json.loads(text)
    except ValueError:
        return None
    detail = body.get("detail") if isinstance(body, dict) else None
    return detail if isinstance(detail, str) else None


def _without_none(fields: Dict[str, Any]) -> Dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None}


# Environments


def poll_delay(attempt: int, random_value: float) -> float:
    """Seconds to wait before status poll number `attempt + 1`: 0.5 s doubling up to 8 s, moved by up to
    ±25 % so that many clients started together do not poll in step. `random_value` is in [0, 1)."""
    base = min(POLL_START * 2 ** min(attempt, 32), POLL_MAX)
    return base * (1 + POLL_JITTER * (2 * random_value - 1))


def _is_transient(error: ProctorError) -> bool:
    """Failures worth waiting through: no answer, or the server (or a proxy) failing for now."""
    if isinstance(error, ProctorConnectionError):
        return True
    return isinstance(error, ProctorApiError) and (error.status >= 500 or error.status == 429)


HeartbeatErrorHandler = Callable[[Exception, "Environment"], None]


class Environment:
    """A live environment: a simulator instance with its own Chromium.

    From `make` (or `get`) until `close`, a background thread sends a heartbeat every 30 s; it never keeps the
    process alive, and the server closes an environment two minutes after its last heartbeat, so a script that
    ends without `close()` frees its environment soon anyway. Use it in a `with` block to close it at the end.
    """

    def __init__(
        self,
        api: _ApiClient,
        environment_id: str,
        session_id: Optional[str],
        *,
        heartbeat: bool,
        made_running: bool = False,
        on_heartbeat_error: Optional[HeartbeatErrorHandler] = None,
    ) -> None:
        self._api = api
        # The environment's public id.
        self.id = environment_id
        self._session_id = session_id
        self._made_running = made_running
        self._on_heartbeat_error = on_heartbeat_error
        self._last_heartbeat_error: Optional[Exception] = None
        self._closed = False
        self._close_lock = threading.Lock()
        self._heartbeats_stopped = threading.Event()
        self._heartbeat_thread: Optional[threading.Thread] = None
        if heartbeat:
            self._heartbeat_thread = threading.Thread(
                target=self._beat_until_stopped, name=f"proctor-heartbeat-{environment_id}", daemon=True
            )
            self._heartbeat_thread.start()

    def __repr__(self) -> str:
        return f"<Environment {self.id} session={self._session_id} closed={self._closed}>"

    def __enter__(self) -> Environment:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def session_id(self) -> Optional[str]:
        """The session the current run records into: the one made with the environment, then each reset's;
        None when attached with `get` until a reset."""
        return self._session_id

    @property
    def closed(self) -> bool:
        """Whether `close()` has succeeded."""
        return self._closed

    @property
    def heartbeating(self) -> bool:
        """Whether the client still sends heartbeats for this environment."""
        return self._heartbeat_thread is not None and not self._heartbeats_stopped.is_set()

    @property
    def last_heartbeat_error(self) -> Optional[Exception]:
        """The last heartbeat's failure, or None when the last one went through."""
        return self._last_heartbeat_error

    def status(self) -> EnvironmentStatusResponse:
        """`queued`, `starting`, `running`, `closed` or `failed`, with the error when it failed."""
        return _parse(EnvironmentStatusResponse, self._api.call("environmentStatus", self.id))

    def wait_for_ready(self, timeout: Optional[float] = None) -> None:
        """Returns once the environment runs and its worker (browser and simulator instance) answers.

        When `make` answered `running`, the first call returns at once: the server answers so only once the
        browser has opened the simulator's start page. Otherwise it polls the status at once, then after 0.5 s
        doubling up to 8 s (±25 %), for `timeout` seconds (default 300). No answer or a 5xx is waited
        through; a 4xx (unknown environment, a refused key) raises at once.

        Raises EnvironmentStartError with Proctor's "Environment failed to start - …" messages.
        """
        made_running, self._made_running = self._made_running, False
        if made_running and not self._closed:
            return
        deadline = time.monotonic() + (READY_TIMEOUT if timeout is None else timeout)
        last_error: Optional[ProctorError] = None
        attempt = 0
        while True:
            answer: Optional[EnvironmentStatusResponse] = None
            try:
                answer = self.status()
            except ProctorError as error:
                if not _is_transient(error):
                    raise
                last_error = error
            if answer is not None and answer.status == "running":
                break
            if answer is not None and answer.status in _ENDED:
                raise EnvironmentStartError(
                    "job_status", self.id, job_status=answer.status, job_error=answer.error
                )
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise EnvironmentStartError("timeout", self.id) from last_error
            time.sleep(min(poll_delay(attempt, random.random()), remaining))
            attempt += 1

        try:
            worker = _parse(WorkerReadyResponse, self._api.call("environmentWorkerReady", self.id))
        except ProctorError as error:
            raise EnvironmentStartError("worker_health_check_failed", self.id, cause=error) from error
        if not worker.ready:
            raise EnvironmentStartError("worker_not_ready", self.id, worker_error=worker.error)

    def reset(
        self,
        test_case_public_id: Optional[str] = None,
        *,
        name: Optional[str] = None,
        prompt: Optional[str] = None,
        start_url: Optional[str] = None,
        source: Optional[str] = None,
        agent_version: Optional[str] = None,
    ) -> ResetEnvironmentResponse:
        """Resets the simulator to its seed, sends the browser to the start URL and begins a new session: of
        the test case given by its public id, or of a run described by `name`, `prompt` and `start_url` (a
        path on the simulator or an absolute URL on its origin); with nothing, the simulator's start page.
        `source` and `agent_version` are kept on the session (an agent_version links it to your agent)."""
        body = _without_none(
            {
                "test_case_public_id": test_case_public_id,
                "name": name,
                "prompt": prompt,
                "start_url": start_url,
                "source": source,
                "agent_version": agent_version,
            }
        )
        result = _parse(ResetEnvironmentResponse, self._api.call("resetEnvironment", self.id, body))
        self._session_id = result.session_id
        return result

    def cdp_url(self) -> str:
        """A WebSocket URL for this environment's browser over the Chrome DevTools Protocol, for Playwright's
        `chromium.connect_over_cdp(url)`. Connect within 15 minutes; a connection once made lasts."""
        return self._api.call("environmentCdpUrl", self.id)["cdp_url"]

    def state(self) -> EnvironmentStateResponse:
        """Mutations since the last reset (after the simulator's ignore filters), the live view's address."""
        return _parse(EnvironmentStateResponse, self._api.call("environmentState", self.id))

    def evaluate(self, output: Any = None) -> EvaluateEnvironmentResponse:
        """Checks the current session against its test case, as the end of the run will, recording nothing:
        the mutations it expects and, given the agent's answer (any JSON value but None), the output."""
        body = {} if output is None else {"output": output}
        return _parse(EvaluateEnvironmentResponse, self._api.call("evaluateEnvironment", self.id, body))

    def backup(self) -> BackupEnvironmentResponse:
        """Takes a named snapshot of the simulator instance's data."""
        return _parse(BackupEnvironmentResponse, self._api.call("backupEnvironment", self.id))

    def heartbeat(self) -> EnvironmentStatus:
        """Sends one heartbeat now and returns the environment's status; the client sends them by itself."""
        return self._api.call("environmentHeartbeat", self.id)["status"]

    def close(self) -> None:
        """Closes the environment and ends its session. Calling it again does nothing. Heartbeats stop even
        when the call fails, so an environment that could not be closed now is closed by the server soon."""
        with self._close_lock:
            if self._closed:
                return
            self._heartbeats_stopped.set()
            self._api.call("closeEnvironment", self.id)
            self._closed = True

    def _beat_until_stopped(self) -> None:
        # Each failure is kept and reported, and the next beat tries again, until the environment has ended.
        while not self._heartbeats_stopped.wait(HEARTBEAT_INTERVAL):
            try:
                status = self.heartbeat()
            except Exception as error:  # a background thread reports its failures; it must not die of one
                self._last_heartbeat_error = error
                # 404: gone; 409: no longer running. Either way it has ended and cannot be kept open.
                if isinstance(error, ProctorApiError) and error.status in (404, 409):
                    self._heartbeats_stopped.set()
                self._report_heartbeat_error(error)
            else:
                self._last_heartbeat_error = None
                if status in _ENDED:
                    self._heartbeats_stopped.set()

    def _report_heartbeat_error(self, error: Exception) -> None:
        if self._on_heartbeat_error is None:
            return
        try:
            self._on_heartbeat_error(error, self)
        except Exception:  # the handler's own failure must not end the heartbeat
            pass


class Environments:
    """`proctor.environments`: start live environments, attach to running ones, list the keepalive ones."""

    def __init__(self, api: _ApiClient, on_heartbeat_error: Optional[HeartbeatErrorHandler]) -> None:
        self._api = api
        self._on_heartbeat_error = on_heartbeat_error

    def make(
        self,
        simulator: str,
        *,
        source: str = "sdk",
        keepalive: Optional[bool] = None,
        alias: Optional[str] = None,
        interface_width: Optional[int] = None,
        interface_height: Optional[int] = None,
        open_page_on_start: Optional[bool] = None,
        record_network_requests: Optional[bool] = None,
        load_chrome_extensions: Optional[bool] = None,
        interface_type: Optional[str] = None,
        env_config: Optional[Dict[str, Any]] = None,
        extra_env_ids: Optional[List[str]] = None,
    ) -> Environment:
        """Starts an environment of the simulator (its name, as on the Simulators page) and begins sending its
        heartbeat. It may not be ready yet: `env.wait_for_ready()` before driving it.

        The options are the API's fields: `keepalive` with an `alias` (a shared environment listed on the
        Public URLs page), `interface_width` and `interface_height` (default 1280 × 720),
        `open_page_on_start`, `record_network_requests`, `env_config` (e.g. `{"version": "prod-latest"}`, a tag or a
        version hash; `{"fast_mode": True}`), `extra_env_ids` (up to 3 more simulators in the same browser and session,
        each on its own origin: `state().by_simulator` groups their changes); `source` is kept on the session. `load_chrome_extensions` is
        deprecated: it is accepted and has no effect.
        """
        body = _without_none(
            {
                "env_id": simulator,
                "source": source,
                "keepalive": keepalive,
                "alias": alias,
                "interface_width": interface_width,
                "interface_height": interface_height,
                "open_page_on_start": open_page_on_start,
                "record_network_requests": record_network_requests,
                "load_chrome_extensions": load_chrome_extensions,
                "interface_type": interface_type,
                "env_config": env_config,
                "extra_env_ids": extra_env_ids,
            }
        )
        made = self._api.call("makeEnvironment", body=body)
        return Environment(
            self._api,
            made["id"],
            made["session_id"],
            heartbeat=True,
            made_running=made["status"] == "running",
            on_heartbeat_error=self._on_heartbeat_error,
        )

    def get(self, environment_id: str) -> Environment:
        """Attaches to an environment made elsewhere (another process, the Public URLs page). Raises
        ProctorApiError 404 for an unknown one. Heartbeats start unless it has already ended."""
        answer = _parse(EnvironmentStatusResponse, self._api.call("environmentStatus", environment_id))
        return Environment(
            self._api,
            environment_id,
            None,
            heartbeat=answer.status not in _ENDED,
            on_heartbeat_error=self._on_heartbeat_error,
        )

    def keepalive(self) -> List[KeepaliveJobGroup]:
        """The organization's running keepalive environments."""
        groups = self._api.call("keepaliveJobs")["job_groups"]
        return _parse(List[KeepaliveJobGroup], groups)


class Proctor:
    """The entry point: `Proctor("https://proctor.example.com")`, the key from PROCTOR_API_KEY.

    - `base_url`: Proctor's address (a path prefix is kept);
    - `api_key`: the organization's API key (Settings page), sent as X-API-Key; default: PROCTOR_API_KEY;
    - `request_timeout`: an HTTP call without an answer for this many seconds fails (default 60);
    - `on_heartbeat_error`: `(error, environment) -> None`, told of each failed heartbeat.
    """

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        *,
        request_timeout: float = REQUEST_TIMEOUT,
        on_heartbeat_error: Optional[HeartbeatErrorHandler] = None,
    ) -> None:
        key = os.environ.get(API_KEY_VARIABLE) if api_key is None else api_key
        if not key:
            raise ProctorError(f"Missing API key: pass api_key or set {API_KEY_VARIABLE}")
        # The base URL, without a trailing slash.
        self.base_url = _base_url_of(base_url)
        self.environments = Environments(_ApiClient(self.base_url, key, request_timeout), on_heartbeat_error)

    def __repr__(self) -> str:
        return f"<Proctor {self.base_url}>"


def _base_url_of(text: str) -> str:
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ProctorError(
            f'Invalid base_url "{text}": give Proctor\'s address with http:// or https://, '
            "e.g. http://localhost:3000"
        )
    return f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/")
