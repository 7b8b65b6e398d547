"""Claude as the fallback when no rule fits: the diagnosis and the relevant source go out
(secrets redacted), SEARCH/REPLACE patches come back, checked before they are tried; what went
wrong with a patch is fed back on the next request."""

from __future__ import annotations

import os
import re
import threading
import time
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from string import Template
from types import SimpleNamespace
from typing import Callable, Iterator

from resolver.diagnose.diagnosis import Diagnosis
from resolver.llm import patches
from resolver.write.edits import Edit, Workspace, display_path

MAX_OUTPUT_CHARS = 2_000  # the end of the failing run's output: the traceback is also in the frames
MAX_ERROR_CHARS = 3_000  # an error message can hold a whole tensor
FIRST_REQUEST_TOKENS = 6_000  # what the first request may carry, system prompt included
HOW_TO_ENABLE = "set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN, or an Anthropic profile) to let Claude try"


def credentials_configured() -> bool:
    """Whether the SDK would find credentials: keys, a profile, or workload identity."""
    env = os.environ
    if any(env.get(k) for k in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_PROFILE",
                                "ANTHROPIC_IDENTITY_TOKEN", "ANTHROPIC_IDENTITY_TOKEN_FILE")):
        return True
    config = Path(env.get("ANTHROPIC_CONFIG_DIR") or Path.home() / ".config" / "anthropic")
    return (config / "active_config").exists() or (config / "configs" / "default.json").exists()


def prompt(name: str, **values: str) -> str:
    """A prompt from prompts/; a variable the template needs but was not given is an error."""
    text = files("resolver.llm").joinpath("prompts", f"{name}.md").read_text(encoding="utf-8")
    return Template(text).substitute(values)


# --- secrets --------------------------------------------------------------------------------

_TOKENS = re.compile(
    r"sk-ant-[A-Za-z0-9_\-]{8,}|sk-(?:proj-)?[A-Za-z0-9_\-]{20,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
    r"|xox[abprs]-[A-Za-z0-9\-]{10,}|AKIA[0-9A-Z]{16}|hf_[A-Za-z0-9]{20,}|AIza[0-9A-Za-z_\-]{30,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----",
    re.DOTALL,
)
_ASSIGNED = re.compile(
    r"""(?P<name>[A-Za-z_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD)[A-Za-z0-9_]*['"]?\]?\s*[:=]\s*)"""
    r"""(?P<quote>['"])(?P<value>[^'"\n]{4,})(?P=quote)""",
    re.IGNORECASE,
)
_ENV_ASSIGNED = re.compile(r"(?P<name>\b[A-Z_]*(?:KEY|TOKEN|SECRET|PASSWORD)[A-Z0-9_]*=)(?P<value>[^\s'\"]{4,})")


class Redactor:
    """Replaces secrets with numbered placeholders, and puts them back into patches, so a patch
    that touches a line holding a secret still applies while the secret never leaves."""

    def __init__(self):
        self.secrets: dict[str, str] = {}

    def _placeholder(self, secret: str) -> str:
        for placeholder, known in self.secrets.items():
            if known == secret:
                return placeholder
        placeholder = f"<redacted-{len(self.secrets) + 1}>"
        self.secrets[placeholder] = secret
        return placeholder

    def __call__(self, text: str) -> str:
        text = _TOKENS.sub(lambda m: self._placeholder(m.group(0)), text)
        text = _ASSIGNED.sub(lambda m: m["name"] + m["quote"] + self._placeholder(m["value"]) + m["quote"], text)
        return _ENV_ASSIGNED.sub(lambda m: m["name"] + self._placeholder(m["value"]), text)

    def restore(self, text: str) -> str:
        for placeholder, secret in self.secrets.items():
            text = text.replace(placeholder, secret)
        return text


# --- what the model is shown ------------------------------------------------------------------

def _frames(error: Diagnosis, cwd: Path) -> str:
    lines = [f"- {display_path(f.file, cwd)}:{f.line} in {f.function}: `{f.code}`" for f in error.frames if f.user]
    if len(lines) > 20:  # deep recursion: the outermost and the innermost frames tell the story
        lines[5:-15] = [f"- ... {len(lines) - 20} more frames ..."]
    return "\n".join(lines) or "(no frame in your code: the error was raised before or outside it)"


def _facts(error: Diagnosis, cwd: Path) -> str:
    def tensor(t):
        values = (f", values {t.min}..{t.max}" + (f" ({t.unique} distinct)" if t.unique is not None else "")
                  if t.min is not None else "")
        return f"shape {list(t.shape)}, {t.dtype}, {t.device}" + (", requires_grad" if t.requires_grad else "") + values

    lines = []
    if error.modules:
        chain = " -> ".join(f"{m.path or '(root)'} ({m.class_name})" for m in error.modules)
        lines.append(f"Module call chain: {chain}")
        m = error.modules[-1]
        lines.append(f"Raised inside `{m.path or '(root)'}`, a {m.class_name} {m.attributes}")
        for i, given in enumerate(m.inputs):
            lines.append(f"  input {i}: " + (tensor(given) if given else "not a tensor"))
        if m.site:
            lines.append(f"  constructed at {display_path(m.site.file, cwd)}:{m.site.line}")
            named = ", ".join(f"{k}={v}" for k, v in list(m.site.scope.items())[:16])
            if named:
                lines.append(f"  values the constructing code can name: {named}")
    for f in error.frames:
        if f.user and f.tensors:
            lines.append(f"Tensors in {f.function} ({display_path(f.file, cwd)}:{f.line}):")
            lines += [f"  {name}: {tensor(t)}" for name, t in list(f.tensors.items())[:12]]
    innermost = error.location
    if innermost is not None and innermost.models:
        lines.append(f"Modules in {innermost.function}: " + ", ".join(
            f"{name} ({cls}, {count:,} parameters)" for name, (cls, count) in innermost.models.items()))
    loader = error.loader
    if loader is not None and loader.site is not None:
        lines.append(f"DataLoader built at {display_path(loader.site.file, cwd)}:{loader.site.line}: "
                     f"batch_size={loader.batch_size} in the code, drop_last={loader.drop_last}, "
                     f"{loader.dataset_size} samples, collate_fn={loader.collate_fn or 'default'}")
    if error.counters:
        lines.append(f"Before the crash: {error.counters}")
    return "\n".join(lines) or "(none recorded)"


def first_message(error: Diagnosis, workspace: Workspace, context: dict[str, str]) -> str:
    """The first request's text: the diagnosis, the facts, and as much of the code on the path to
    the failing tensor as fits the first request's budget."""
    cwd = Path(context["cwd"])
    values = dict(
        command=context["command"], python_version=error.versions.get("python", "?"),
        torch_version=error.versions.get("torch", "?"), batch_size=context["batch_size"],
        batches=context["batches"], category=error.category, error=error.error[:MAX_ERROR_CHARS],
        frames=_frames(error, cwd),
        facts=_facts(error, cwd), output=context["output"][-MAX_OUTPUT_CHARS:],
    )
    budget = FIRST_REQUEST_TOKENS - estimate_tokens(prompt("system") + prompt("repair", **values, source="", files=""))
    from resolver.llm.context import (
        build as build_context,  # libcst: imported while run 1 goes on, not before it
    )

    roots = tuple(dict.fromkeys(Path(context[k]).resolve() for k in ("script_dir", "cwd")))
    source, shown = build_context(error, workspace, cwd, roots + (workspace.project,), max(budget, 1_500),
                                  estimate_tokens)
    return prompt("repair", **values, source=source, files=shown)


# --- the conversation -----------------------------------------------------------------------

CHARS_PER_TOKEN = 3  # an over-count for code and English: bounds are checked against it before sending


def estimate_tokens(text: str) -> int:
    return -(-len(text) // CHARS_PER_TOKEN)


@dataclass
class Usage:
    calls: int = 0
    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_write: int = 0
    per_request: list[tuple[int, int]] = field(default_factory=list)  # (input tokens sent, output tokens)

    @property
    def sent(self) -> int:
        """Every input token sent, cached or not: what --max-llm-tokens bounds."""
        return self.input + self.cache_read + self.cache_write

    def add(self, usage) -> None:
        counts = [getattr(usage, name, 0) or 0 for name in
                  ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")]
        self.calls += 1
        self.input += counts[0]
        self.output += counts[1]
        self.cache_read += counts[2]
        self.cache_write += counts[3]
        self.per_request.append((counts[0] + counts[2] + counts[3], counts[1]))

    def as_dict(self) -> dict:
        return {"input": self.input, "output": self.output, "cache_read": self.cache_read}


@dataclass(frozen=True)
class Limits:
    """What one resolve may spend on the LLM, checked before every request."""

    calls: int = 8
    input_tokens: int = 100_000


class LLMError(Exception):
    """The API could not be used: the message says why, in one line."""


class LimitReached(Exception):
    """A bound on requests, input tokens or wall time was reached: the message says which."""


class Declined(Exception):
    """The model says the fix needs a redesign or the fault is outside the code."""


@dataclass(frozen=True)
class Rejection:
    """A patch that was not applied, and why (fed back, and counted as a failed attempt)."""

    reason: str
    reply: str


@dataclass
class Claude:
    model: str
    timeout: float = 120.0
    limits: Limits = field(default_factory=Limits)
    usage: Usage = field(default_factory=Usage)

    def propose(self, error: Diagnosis, workspace: Workspace, context: dict[str, str],
                outcome_of: Callable[[Edit], str], deadline: float) -> Iterator[Edit | Rejection]:
        """Patches for this error, each one after the previous one's outcome was fed back.
        `outcome_of(edit)` says how the loop's run of a yielded edit went; `deadline` is the
        time.monotonic() by which the whole resolve ends."""
        cwd = Path(context["cwd"])
        redact = Redactor()
        first = redact(first_message(error, workspace, context))
        cached = {"type": "text", "text": first, "cache_control": {"type": "ephemeral"}}
        messages = [{"role": "user", "content": [cached]}]
        while True:
            reply_text = self._ask(messages, deadline)
            messages.append({"role": "assistant", "content": reply_text})
            try:
                reply = patches.parse_reply(redact.restore(reply_text))
                if reply.stop and not reply.blocks:
                    raise Declined(reply.stop)
                reason = reply.fix or "Patch by Claude (the reply had no Fix: line)"
                edit = patches.apply(reply, workspace, cwd, error, reason)
            except patches.Rejected as rejected:
                yield Rejection(str(rejected), reply_text)
                outcome = f"It was rejected and not applied: {rejected}."
            else:
                yield edit
                outcome = outcome_of(edit)
            messages.append({"role": "user", "content": redact(prompt("feedback", outcome=outcome))})

    def _ask(self, messages: list[dict], deadline: float) -> str:
        """One request, sent only within the limits; its timeout never reaches past the deadline."""
        if self.usage.calls >= self.limits.calls:
            raise LimitReached(f"{self.usage.calls} LLM requests made, the most allowed (--max-llm-calls)")
        system = prompt("system")
        estimate = estimate_tokens(system + "".join(_text_of(m) for m in messages))
        if self.usage.sent + estimate > self.limits.input_tokens:
            raise LimitReached(f"the next LLM request (about {estimate} input tokens) would take the "
                               f"{self.usage.sent} already sent past --max-llm-tokens {self.limits.input_tokens}")
        if deadline - time.monotonic() < 0.1:
            raise LimitReached("the deadline (--deadline) came before the next LLM request")
        try:
            text, usage = _by(deadline, lambda: self._complete(system, messages, deadline))
        except LLMError:
            if time.monotonic() >= deadline - 0.5:
                raise LimitReached(CUT) from None
            raise
        self.usage.add(usage)
        return text

    def _complete(self, system: str, messages: list[dict], deadline: float):
        """(reply text, usage) from the Anthropic API, the SDK's retries included, by the deadline."""
        import anthropic  # before the clock is read: a first import can take seconds

        left = deadline - time.monotonic()
        timeout = max(0.1, min(self.timeout, left))
        client = anthropic.Anthropic(timeout=timeout, max_retries=max(0, min(2, int(left // timeout) - 1)))
        try:
            response = client.messages.create(
                model=self.model, max_tokens=4096, messages=messages,
                system=[{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}],
            )
        except anthropic.AuthenticationError:
            raise LLMError("the Anthropic API refused the credentials (401)") from None
        except anthropic.RateLimitError:
            raise LLMError("the Anthropic API is rate limiting requests (429), even after retries") from None
        except anthropic.APITimeoutError:
            raise LLMError(f"the Anthropic API did not answer within {timeout:g}s, even after retries") from None
        except anthropic.APIConnectionError as exc:
            raise LLMError(f"cannot reach the Anthropic API: {exc}") from None
        except anthropic.APIStatusError as exc:
            raise LLMError(f"the Anthropic API answered {exc.status_code}: {_short(exc)}") from None
        except anthropic.AnthropicError as exc:
            raise LLMError(f"the Anthropic SDK failed: {_short(exc)}") from None
        text = "".join(block.text for block in response.content if getattr(block, "type", "") == "text")
        return text, response.usage


class ScriptedClaude(Claude):
    """A model that replays scripted replies, in a cycle, without HTTP: for tests of the loop.
    Only the transport is replaced; every limit still applies."""

    def __init__(self, replies: list[str], limits: Limits = Limits()):
        super().__init__("scripted", limits=limits)
        self.replies = replies
        self.requests: list[list[dict]] = []

    def _complete(self, system: str, messages: list[dict], deadline: float):
        self.requests.append([dict(m) for m in messages])
        text = self.replies[(len(self.requests) - 1) % len(self.replies)]
        sent = estimate_tokens(system + "".join(_text_of(m) for m in messages))
        return text, SimpleNamespace(input_tokens=sent, output_tokens=estimate_tokens(text))


CUT = "the deadline (--deadline) came during an LLM request; it was cut"


def _by(deadline: float, call: Callable):
    """call() in a daemon thread, given up at the deadline: the SDK's timeouts bound the wait
    for an answer, not the time spent before the request is sent (importing, building a client
    on a busy machine). An abandoned request ends with its own timeout or with the process."""
    result: dict = {}

    def work():
        try:
            result["value"] = call()
        except BaseException as exc:  # handed to the caller, which raises it
            result["error"] = exc

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if worker.is_alive():
        raise LimitReached(CUT)
    if "error" in result:
        raise result["error"]
    return result["value"]


def _text_of(message: dict) -> str:
    content = message["content"]
    return content if isinstance(content, str) else "".join(part.get("text", "") for part in content)


def _short(exc: Exception) -> str:
    return " ".join(str(exc).split())[:200]
