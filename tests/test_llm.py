"""The LLM fallback end to end: the real `anthropic` SDK over HTTP to a fake server on
127.0.0.1, the real command line, real scripts under real torch.

fixtures/llm/<case>/ are crashes no rule covers; llm/reply.txt is Claude's right answer and
llm/expected/ the files it should produce."""

import json
from pathlib import Path

import pytest

from conftest import FIXTURES, copy_case, resolve, snapshot
from fake_anthropic import FakeAnthropic, Reply

CASES = sorted(p.parent for p in (FIXTURES / "llm").glob("*/case.json"))
SHADOWED = FIXTURES / "llm" / "shadowed_loss"
PLANTED = ("wandb-0123456789abcdef0123456789abcdef", "hf_abcdefghijklmnopqrstuvwxyz012345", "sk-ant-api03-planted")


def env_for(fake: FakeAnthropic, **extra) -> dict:
    return {"ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-ant-api03-planted", "RESOLVE_MODEL": "",
            **extra}


def right_answer(case: Path) -> str:
    return (case / "llm" / "reply.txt").read_text()


def expected_files(case: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (case / "llm" / "expected").iterdir()}


def assert_nothing_secret_was_sent(fake: FakeAnthropic) -> None:
    for request in fake.requests:
        raw = json.dumps(request["body"])
        assert not [s for s in PLANTED if s in raw], "a secret left the machine"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_right_reply_is_applied_and_verified(case, tmp_path):
    project = copy_case(case, tmp_path / "project")
    with FakeAnthropic([Reply(right_answer(case))]) as fake:
        result = resolve("--json", "train.py", cwd=project, env=env_for(fake))
    report = result.json
    assert report["status"] == "SUCCESS", result.stdout + result.stderr
    assert report["llm_calls"] == 1 and len(fake.requests) == 1
    assert report["tokens"] == {"input": 1200, "output": 150, "cache_read": 900}
    assert report["fixes"][0]["rule"] == "llm"
    assert report["fixes"][0]["fix"] == right_answer(case).split("Fix:")[1].strip()
    for name, content in expected_files(case).items():
        assert (project / name).read_bytes() == content
    assert_nothing_secret_was_sent(fake)


def test_what_is_sent_has_the_context_and_no_secrets(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    with FakeAnthropic([Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--model", "claude-test-model", "train.py", cwd=project, env=env_for(fake))
    assert result.code == 0
    request = fake.requests[0]
    assert request["path"] == "/v1/messages"
    body = request["body"]
    assert body["model"] == "claude-test-model"
    assert body["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert "Never hide the error" in body["system"][0]["text"]
    assert body["messages"][0]["content"][0]["cache_control"] == {"type": "ephemeral"}
    sent = fake.sent_text(0)
    assert "TypeError: 'Tensor' object is not callable" in sent
    assert "train.py:20 in <module>: `loss = loss(model(xb), yb)`" in sent
    assert "torch 2." in sent and "Python 3." in sent
    assert "xb: shape [2, 10], float32, cpu" in sent  # runtime facts from the probe
    assert "loss = nn.MSELoss()" in sent  # the source around the failing frame
    assert 'WANDB_API_KEY = "<redacted-' in sent and "hf_" not in sent
    assert_nothing_secret_was_sent(fake)
    assert "LLM: 1 call(s), tokens: 1200 in, 150 out, 900 cache read" in result.stdout


def test_a_patch_that_fails_is_followed_by_one_that_knows_why(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    wrong = ("train.py\n<<<<<<< SEARCH\n        loss = loss(model(xb), yb)\n=======\n"
             "        loss = loss(model(xb), yb.long())\n>>>>>>> REPLACE\nFix: cast the target\n")
    with FakeAnthropic([Reply(wrong), Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--json", "train.py", cwd=project, env=env_for(fake))
    assert result.json["status"] == "SUCCESS" and result.json["llm_calls"] == 2
    second = fake.requests[1]["body"]["messages"]
    assert [m["role"] for m in second] == ["user", "assistant", "user"]
    assert second[1]["content"].startswith("train.py\n<<<<<<< SEARCH")
    assert "still fails with the same error" in second[2]["content"]
    assert "TypeError: 'Tensor' object is not callable" in second[2]["content"]
    assert [h["verdict"] for h in result.json["history"]] == ["same error", "fixed"]


@pytest.mark.parametrize("name, reply, reason", [
    ("search_not_found", "train.py\n<<<<<<< SEARCH\nloss = nn.L1Loss()\n=======\ncriterion = nn.L1Loss()\n>>>>>>> REPLACE\nFix: x\n",
     "block 1: SEARCH text not found in train.py"),
    ("search_not_unique", "util.py\n<<<<<<< SEARCH\nscale = 1\n=======\nscale = 2\n>>>>>>> REPLACE\nFix: x\n",
     "block 1: SEARCH text matches 2 places in util.py"),
    ("changes_nothing", "train.py\n<<<<<<< SEARCH\nimport os\n=======\nimport os\n>>>>>>> REPLACE\nFix: x\n",
     "the patch changes nothing"),
    ("outside_the_project", "../outside.py\n<<<<<<< SEARCH\nVALUE = 1\n=======\nVALUE = 2\n>>>>>>> REPLACE\nFix: x\n",
     "block 1: ../outside.py is outside the project"),
    ("try_except", "train.py\n<<<<<<< SEARCH\n        loss = loss(model(xb), yb)\n=======\n        try:\n"
     "            loss = loss(model(xb), yb)\n        except TypeError:\n            continue\n>>>>>>> REPLACE\nFix: skip\n",
     "adds a try/except"),
    ("filterwarnings", "train.py\n<<<<<<< SEARCH\nimport os\n=======\nimport os\nimport warnings\nwarnings.filterwarnings('ignore')\n"
     ">>>>>>> REPLACE\nFix: quiet\n", "adds warnings.filterwarnings"),
    ("sys_exit", "train.py\n<<<<<<< SEARCH\nfor epoch in range(3):\n=======\nimport sys\nsys.exit(0)\nfor epoch in range(3):\n"
     ">>>>>>> REPLACE\nFix: stop early\n", "adds sys.exit"),
    ("deleted_statement", "train.py\n<<<<<<< SEARCH\n        loss = loss(model(xb), yb)\n        loss.backward()\n=======\n"
     "        # loss = loss(model(xb), yb)\n        loss.backward()\n>>>>>>> REPLACE\nFix: drop it\n", "comments out the failing statement"),
    ("does_not_parse", "train.py\n<<<<<<< SEARCH\nloss = nn.MSELoss()\n=======\ncriterion = nn.MSELoss(\n>>>>>>> REPLACE\nFix: x\n",
     "does not parse"),
    ("garbage", "I think you should check your shapes.", "the reply has no SEARCH/REPLACE block"),
    ("creates_a_file", "helpers.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\nFix: x\n", "creating files is not allowed"),
])
def test_hostile_or_broken_replies_are_rejected_untouched_and_explained(tmp_path, name, reply, reason):
    project = copy_case(SHADOWED, tmp_path / "project")
    (tmp_path / "outside.py").write_text("VALUE = 1\n")
    (project / "util.py").write_text("scale = 1\n\nscale = 1\n")
    before = snapshot(tmp_path)
    with FakeAnthropic([Reply(reply), Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--json", "train.py", cwd=project, env=env_for(fake))
    report = result.json
    assert report["history"][0]["verdict"] == "rejected"
    assert reason in report["history"][0]["fix"]
    assert reason in fake.requests[1]["body"]["messages"][2]["content"], "the reason is fed back"
    assert report["status"] == "SUCCESS"
    assert (tmp_path / "outside.py").read_text() == "VALUE = 1\n"
    after = snapshot(tmp_path)
    assert {k: v for k, v in after.items() if k != "project/train.py"} == \
           {k: v for k, v in before.items() if k != "project/train.py"}


def test_three_bad_replies_fail_and_restore(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    before = snapshot(project)
    with FakeAnthropic([Reply("no idea")] * 3) as fake:
        result = resolve("--json", "train.py", cwd=project, env=env_for(fake))
    assert result.code == 1 and result.json["status"] == "FAILED"
    assert len(fake.requests) == 3 and "survived 3 attempts" in result.json["stop_reason"]
    assert snapshot(project) == before


def test_rate_limit_then_success(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    limited = Reply("slow down", status=429, error_type="rate_limit_error", headers={"retry-after-ms": "10"})
    with FakeAnthropic([limited, Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--json", "train.py", cwd=project, env=env_for(fake))
    assert result.json["status"] == "SUCCESS" and len(fake.requests) == 2


@pytest.mark.parametrize("replies, message", [
    ([Reply("slow down", status=429, error_type="rate_limit_error", headers={"retry-after-ms": "10"})] * 3,
     "rate limiting requests (429)"),
    ([Reply("bad key", status=401, error_type="authentication_error")], "refused the credentials (401)"),
    ([Reply("busy", status=529, error_type="overloaded_error", headers={"retry-after-ms": "10"})] * 3, "answered 529"),
    ([Reply("late", delay=3)] * 3, "did not answer within 1s"),
])
def test_api_failures_end_in_one_clear_failed_line(tmp_path, replies, message):
    project = copy_case(SHADOWED, tmp_path / "project")
    before = snapshot(project)
    with FakeAnthropic(replies) as fake:
        result = resolve("--llm-timeout", "1", "train.py", cwd=project, env=env_for(fake))
    assert result.code == 1
    assert "Traceback" not in result.stderr.replace("resolve: ", "")
    assert "Reason: the LLM fix failed: " in result.stdout and message in result.stdout
    assert snapshot(project) == before


def test_a_model_that_says_stop_ends_the_loop(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    with FakeAnthropic([Reply("STOP: this needs a redesign of the data pipeline")]) as fake:
        result = resolve("train.py", cwd=project, env=env_for(fake))
    assert result.code == 1 and len(fake.requests) == 1
    assert "Reason: Claude declined to patch: this needs a redesign of the data pipeline" in result.stdout


def test_without_credentials_the_report_says_how_to_enable(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    with FakeAnthropic([Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("train.py", cwd=project, env={"ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "",
                                                       "ANTHROPIC_CONFIG_DIR": str(tmp_path / "none")})
    assert result.code == 1 and fake.requests == []
    assert "an LLM fix was not tried: set ANTHROPIC_API_KEY" in result.stdout


def test_no_llm_makes_no_request(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    with FakeAnthropic([Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--no-llm", "train.py", cwd=project, env=env_for(fake))
    assert result.code == 1 and fake.requests == []


def test_rule_covered_crashes_make_zero_requests(tmp_path):
    project = copy_case(FIXTURES / "linear_in_features" / "cnn_flatten_size", tmp_path / "project")
    with FakeAnthropic([Reply("should not be asked")]) as fake:
        result = resolve("--json", "train.py", "--epochs", "1", cwd=project, env=env_for(fake))
    assert result.json["status"] == "SUCCESS" and fake.requests == []
    assert result.json["tokens"] == {"input": 0, "output": 0, "cache_read": 0}
