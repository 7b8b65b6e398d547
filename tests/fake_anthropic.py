"""A fake Anthropic Messages API on 127.0.0.1: replays scripted replies, records requests.
The real `anthropic` SDK talks HTTP to it through ANTHROPIC_BASE_URL.

`cycle=True` replays the replies forever, in order: a model that repeats itself or oscillates.
A reply with `usage=None` reports the request's size as counted by resolver's estimate (all of it
as uncached input), so tokens reported are tokens sent."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Reply:
    text: str = ""
    status: int = 200
    delay: float = 0.0
    error_type: str = "api_error"
    headers: dict = field(default_factory=dict)
    usage: dict | None = field(default_factory=lambda: {"input_tokens": 1200, "output_tokens": 150,
                                                        "cache_read_input_tokens": 900,
                                                        "cache_creation_input_tokens": 0})


def measured_usage(body: dict, text: str) -> dict:
    from resolver.llm.client import estimate_tokens

    sent = "".join(b["text"] for b in body.get("system", []))
    for message in body["messages"]:
        content = message["content"]
        sent += content if isinstance(content, str) else "".join(c.get("text", "") for c in content)
    return {"input_tokens": estimate_tokens(sent), "output_tokens": estimate_tokens(text),
            "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0}


class FakeAnthropic:
    def __init__(self, replies: list[Reply], cycle: bool = False):
        self.replies = list(replies)
        self.cycle = cycle
        self.requests: list[dict] = []  # {"path", "headers", "body"}
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                fake.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                if fake.cycle:
                    reply = fake.replies[(len(fake.requests) - 1) % len(fake.replies)]
                else:
                    reply = fake.replies.pop(0) if fake.replies else Reply(status=500, text="no scripted reply left")
                time.sleep(reply.delay)
                if reply.status == 200:
                    payload = {"id": f"msg_{len(fake.requests)}", "type": "message", "role": "assistant",
                               "model": body["model"], "content": [{"type": "text", "text": reply.text}],
                               "stop_reason": "end_turn", "stop_sequence": None,
                               "usage": reply.usage or measured_usage(body, reply.text)}
                else:
                    payload = {"type": "error", "error": {"type": reply.error_type, "message": reply.text}}
                data, kind = json.dumps(payload).encode(), "application/json"
                if reply.status == 200 and body.get("stream"):  # Claude Code streams: server-sent events
                    data, kind = _events(payload), "text/event-stream"
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", kind)
                    self.send_header("content-length", str(len(data)))
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> FakeAnthropic:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def sent_text(self, index: int) -> str:
        """Everything a request carried as text: system prompt and messages."""
        body = self.requests[index]["body"]
        parts = [b["text"] for b in body.get("system", [])]
        for message in body["messages"]:
            content = message["content"]
            parts += [content] if isinstance(content, str) else [c.get("text", "") for c in content]
        return "\n".join(parts)


def _events(message: dict) -> bytes:
    """A whole message as the Messages API streams it."""
    text = message["content"][0]["text"]
    events = [
        {"type": "message_start", "message": {**message, "content": [], "stop_reason": None}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
         "usage": {"output_tokens": message["usage"]["output_tokens"]}},
        {"type": "message_stop"},
    ]
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()
