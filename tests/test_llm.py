"""The LLM fallback end to end: the real `anthropic` SDK over HTTP to a fake server on
127.0.0.1, the real command line, real scripts under real torch.

fixtures/llm/<case>/ are crashes no rule covers; llm/reply.txt is Claude's right answer and
llm/expected/ the files it should produce."""

import json
import sys
import time
from pathlib import Path

import pytest
from conftest import FIXTURES, copy_case, resolve, snapshot, write
from fake_anthropic import FakeAnthropic, Reply

from resolver.llm.client import estimate_tokens

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

CASES = sorted(p.parent for p in (FIXTURES / "llm").glob("*/case.json"))
SHADOWED = FIXTURES / "llm" / "shadowed_loss"
BIG = FIXTURES / "llm" / "targets_unsqueezed"  # ~1,000 lines in 18 files
PLANTED = ("wandb-0123456789abcdef0123456789abcdef", "hf_abcdefghijklmnopqrstuvwxyz012345", "sk-ant-api03-planted")


def env_for(fake: FakeAnthropic, **extra) -> dict:
    return {"ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-ant-api03-planted", "RESOLVE_MODEL": "",
            **extra}


def right_answer(case: Path) -> str:
    return (case / "llm" / "reply.txt").read_text()


def expected_files(case: Path) -> dict[str, bytes]:
    expected = case / "llm" / "expected"
    return {str(p.relative_to(expected)): p.read_bytes() for p in expected.rglob("*") if p.is_file()}


def assert_nothing_secret_was_sent(fake: FakeAnthropic) -> None:
    for request in fake.requests:
        raw = json.dumps(request["body"])
        assert not [s for s in PLANTED if s in raw], "a secret left the machine"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_right_reply_is_applied_and_verified(case, tmp_path):
    project = copy_case(case, tmp_path / "project")
    with FakeAnthropic([Reply(right_answer(case))]) as fake:
        result = resolve("--no-rules", "--json", "train.py", cwd=project, env=env_for(fake))
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
        result = resolve("--no-rules", "--model", "claude-test-model", "train.py", cwd=project, env=env_for(fake))
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


def test_the_first_request_on_a_1000_line_project_holds_the_helper_within_6000_tokens(tmp_path):
    project = copy_case(BIG, tmp_path / "project")
    assert 900 <= sum(len(p.read_text().splitlines()) for p in project.rglob("*.py")) <= 1100
    with FakeAnthropic([Reply(right_answer(BIG), usage=None)]) as fake:
        result = resolve("--no-rules", "--json", "train.py", cwd=project, env=env_for(fake))
    assert result.json["status"] == "SUCCESS" and len(fake.requests) == 1
    sent = fake.sent_text(0)
    assert 'targets = batch["label"].view(-1, 1)' in sent  # the helper that holds the bug, two files away
    assert "def __getitem__(self, index: int):" in sent  # the Dataset: the failing call uses the batch
    assert "input 1: shape [2, 1], int64, cpu, values " in sent  # the target's values and distinct count
    assert "Every\nDataLoader runs at batch_size=min(the script's own, 2)" in sent  # what smoke mode changes
    assert "- losses.py: 60 lines, not shown; defines FocalLoss" in sent  # every file is named
    assert "def save_checkpoint" not in sent and "class FocalLoss" not in sent
    assert estimate_tokens(sent) <= 6000 and result.json["tokens"]["input"] <= 6000


def test_a_patch_that_fails_is_followed_by_one_that_knows_why(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    wrong = ("train.py\n<<<<<<< SEARCH\n        loss = loss(model(xb), yb)\n=======\n"
             "        loss = loss(model(xb), yb.long())\n>>>>>>> REPLACE\nFix: cast the target\n")
    with FakeAnthropic([Reply(wrong), Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--no-rules", "--json", "train.py", cwd=project, env=env_for(fake))
    assert result.json["status"] == "SUCCESS" and result.json["llm_calls"] == 2
    second = fake.requests[1]["body"]["messages"]
    assert [m["role"] for m in second] == ["user", "assistant", "user"]
    assert second[1]["content"].startswith("train.py\n<<<<<<< SEARCH")
    assert "still fails with the same error" in second[2]["content"]
    assert "TypeError: 'Tensor' object is not callable" in second[2]["content"]
    assert [h["verdict"] for h in result.json["history"]] == ["same error", "fixed"]


@pytest.mark.parametrize("name, reply, reason", [
    ("search_not_found", "train.py\n<<<<<<< SEARCH\nloss = nn.L1Loss()\n=======\n"
     "criterion = nn.L1Loss()\n>>>>>>> REPLACE\nFix: x\n",
     "block 1: SEARCH text not found in train.py"),
    ("search_not_unique", "util.py\n<<<<<<< SEARCH\nscale = 1\n=======\nscale = 2\n>>>>>>> REPLACE\nFix: x\n",
     "block 1: SEARCH text matches 2 places in util.py"),
    ("changes_nothing", "train.py\n<<<<<<< SEARCH\nimport os\n=======\nimport os\n>>>>>>> REPLACE\nFix: x\n",
     "the patch changes nothing"),
    ("outside_the_project", "../outside.py\n<<<<<<< SEARCH\nVALUE = 1\n=======\nVALUE = 2\n>>>>>>> REPLACE\nFix: x\n",
     "block 1: ../outside.py is outside the project"),
    ("try_except", "train.py\n<<<<<<< SEARCH\n        loss = loss(model(xb), yb)\n=======\n        try:\n"
     "            loss = loss(model(xb), yb)\n        except TypeError:\n            continue\n"
     ">>>>>>> REPLACE\nFix: skip\n",
     "adds a try/except"),
    ("filterwarnings", "train.py\n<<<<<<< SEARCH\nimport os\n=======\nimport os\nimport warnings\n"
     "warnings.filterwarnings('ignore')\n"
     ">>>>>>> REPLACE\nFix: quiet\n", "adds warnings.filterwarnings"),
    ("sys_exit", "train.py\n<<<<<<< SEARCH\nfor epoch in range(3):\n=======\n"
     "import sys\nsys.exit(0)\nfor epoch in range(3):\n"
     ">>>>>>> REPLACE\nFix: stop early\n", "adds sys.exit"),
    ("deleted_statement", "train.py\n<<<<<<< SEARCH\n        loss = loss(model(xb), yb)\n"
     "        loss.backward()\n=======\n"
     "        # loss = loss(model(xb), yb)\n        loss.backward()\n>>>>>>> REPLACE\nFix: drop it\n",
     "comments out the failing statement"),
    ("does_not_parse", "train.py\n<<<<<<< SEARCH\nloss = nn.MSELoss()\n=======\n"
     "criterion = nn.MSELoss(\n>>>>>>> REPLACE\nFix: x\n",
     "does not parse"),
    ("garbage", "I think you should check your shapes.", "the reply has no SEARCH/REPLACE block"),
    ("creates_a_file", "helpers.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\nFix: x\n",
     "creating files is not allowed"),
])
def test_hostile_or_broken_replies_are_rejected_untouched_and_explained(tmp_path, name, reply, reason):
    project = copy_case(SHADOWED, tmp_path / "project")
    (tmp_path / "outside.py").write_text("VALUE = 1\n")
    (project / "util.py").write_text("scale = 1\n\nscale = 1\n")
    before = snapshot(tmp_path)
    with FakeAnthropic([Reply(reply), Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--no-rules", "--json", "train.py", cwd=project, env=env_for(fake))
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
        result = resolve("--no-rules", "--json", "train.py", cwd=project, env=env_for(fake))
    assert result.code == 1 and result.json["status"] == "FAILED"
    assert len(fake.requests) == 3 and "survived 3 attempts" in result.json["stop_reason"]
    assert snapshot(project) == before


def test_rate_limit_then_success(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    limited = Reply("slow down", status=429, error_type="rate_limit_error", headers={"retry-after-ms": "10"})
    with FakeAnthropic([limited, Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--no-rules", "--json", "train.py", cwd=project, env=env_for(fake))
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
        result = resolve("--no-rules", "--llm-timeout", "1", "train.py", cwd=project, env=env_for(fake))
    assert result.code == 1
    assert "Traceback" not in result.stderr.replace("resolve: ", "")
    assert "Reason: the LLM fix failed: " in result.stdout and message in result.stdout
    assert snapshot(project) == before


def test_a_model_that_says_stop_ends_the_loop(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    with FakeAnthropic([Reply("STOP: this needs a redesign of the data pipeline")]) as fake:
        result = resolve("--no-rules", "train.py", cwd=project, env=env_for(fake))
    assert result.code == 1 and len(fake.requests) == 1
    assert "Reason: Claude declined to patch: this needs a redesign of the data pipeline" in result.stdout


def test_without_credentials_the_report_says_how_to_enable(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    with FakeAnthropic([Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--no-rules", "train.py", cwd=project, env={"ANTHROPIC_BASE_URL": fake.url,
                                                                     "ANTHROPIC_API_KEY": "",
                                                                     "ANTHROPIC_CONFIG_DIR": str(tmp_path / "none")})
    assert result.code == 1 and fake.requests == []
    assert "an LLM fix was not tried: set ANTHROPIC_API_KEY" in result.stdout


def test_no_llm_makes_no_request(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    with FakeAnthropic([Reply(right_answer(SHADOWED))]) as fake:
        result = resolve("--no-llm", "--no-rules", "train.py", cwd=project, env=env_for(fake))
    assert result.code == 1 and fake.requests == []


def test_rule_covered_crashes_make_zero_requests(tmp_path):
    project = copy_case(FIXTURES / "module_input" / "cnn_flatten_size", tmp_path / "project")
    with FakeAnthropic([Reply("should not be asked")]) as fake:
        result = resolve("--json", "train.py", "--epochs", "1", cwd=project, env=env_for(fake))
    assert result.json["status"] == "SUCCESS" and fake.requests == []
    assert result.json["tokens"] == {"input": 0, "output": 0, "cache_read": 0}


# --- bounds: no model, however stubborn, makes resolve exceed them -----------------------------

WRONG_CAST = ("train.py\n<<<<<<< SEARCH\n        loss = loss(model(xb), yb)\n=======\n"
              "        loss = loss(model(xb), yb.float())\n>>>>>>> REPLACE\nFix: cast the target\n")
WRONG_DETACH = ("train.py\n<<<<<<< SEARCH\n        loss = loss(model(xb), yb)\n=======\n"
                "        loss = loss(model(xb), yb.detach())\n>>>>>>> REPLACE\nFix: detach the target\n")
NOT_THERE = ("train.py\n<<<<<<< SEARCH\n        loss = criterion(outputs, labels)\n=======\n"
             "        loss = criterion(outputs, labels.long())\n>>>>>>> REPLACE\nFix: cast\n")
FAST_RETRY = {"retry-after-ms": "5"}


def stubborn(project, replies, *args):
    with FakeAnthropic([Reply(r) for r in replies], cycle=True) as fake:
        result = resolve("--no-rules", "--json", *args, "train.py", cwd=project, env=env_for(fake))
    report = result.json
    assert result.code == 1 and report["status"] == "FAILED"
    assert report["llm_calls"] == len(fake.requests), "every request is counted"
    return report, fake


def test_a_model_that_repeats_itself_fails_its_attempts_and_is_told_so(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    before = snapshot(project)
    report, fake = stubborn(project, [WRONG_CAST])
    assert len(fake.requests) == 3 and report["runs"] == 2  # the repeats are not run again
    assert [h["verdict"] for h in report["history"]] == ["same error", "repeated", "repeated"]
    assert "survived 3 attempts" in report["stop_reason"]
    assert "It was applied, but the script still fails" in fake.requests[1]["body"]["messages"][-1]["content"]
    feedback = fake.requests[2]["body"]["messages"][-1]["content"]
    assert feedback.startswith("Your last patch did not fix the error.")
    assert "It was not run: this is the same change as your attempt 1." in feedback
    assert "still fails with the same error:\nTypeError: 'Tensor' object is not callable" in feedback
    assert "It was applied" not in feedback
    assert snapshot(project) == before


def test_a_model_that_oscillates_between_two_patches_is_stopped(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    report, fake = stubborn(project, [WRONG_CAST, WRONG_DETACH], "--max-attempts", "50")
    assert len(fake.requests) == 8 and "--max-llm-calls" in report["stop_reason"]  # the default bound
    assert [h["verdict"] for h in report["history"]] == ["same error"] * 2 + ["repeated"] * 6
    third = fake.requests[3]["body"]["messages"][-1]["content"]
    assert "the same change as your attempt 1" in third
    assert "the same change as your attempt 2" in fake.requests[4]["body"]["messages"][-1]["content"]


def test_max_llm_calls_bounds_the_requests(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    report, fake = stubborn(project, [WRONG_CAST, WRONG_DETACH], "--max-attempts", "50", "--max-llm-calls", "3")
    assert len(fake.requests) == 3
    assert report["stop_reason"] == "3 LLM requests made, the most allowed (--max-llm-calls)"


def test_a_model_that_never_answers_a_patch_is_stopped_by_the_token_budget(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    report, fake = stubborn(project, ["I think you should check your shapes."],
                            "--max-attempts", "50", "--max-llm-calls", "50", "--max-llm-tokens", "7000")
    assert "--max-llm-tokens 7000" in report["stop_reason"]
    sent = report["tokens"]["input"] + report["tokens"]["cache_read"]
    assert 2 <= len(fake.requests) <= 3 and sent == 2100 * len(fake.requests) <= 7000
    assert {h["verdict"] for h in report["history"]} == {"rejected"}


def test_a_model_whose_search_text_never_exists_gets_max_attempts_requests(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    report, fake = stubborn(project, [NOT_THERE])
    assert len(fake.requests) == 3 and report["runs"] == 1
    assert "SEARCH text not found in train.py" in fake.requests[1]["body"]["messages"][-1]["content"]


def test_the_deadline_cuts_a_request_in_flight(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    with FakeAnthropic([Reply(WRONG_CAST, delay=60)], cycle=True) as fake:
        # long enough for the first run on a busy machine: the request must be in flight
        result = resolve("--no-rules", "--json", "--deadline", "20", "train.py", cwd=project, env=env_for(fake),
                         timeout=120)
    report = result.json
    assert report["status"] == "FAILED", report["stop_reason"]
    assert report["stop_reason"] == "the deadline (--deadline) came during an LLM request; it was cut"
    assert report["seconds"] < 21 and len(fake.requests) == 1


def test_the_deadline_cuts_a_run_in_flight(tmp_path):
    write(tmp_path / "train.py", "import time\nimport torch\nwhile True:\n    time.sleep(0.1)\n")
    result = resolve("--json", "--no-llm", "--deadline", "6", "train.py", cwd=tmp_path, timeout=60)
    report = result.json
    assert report["status"] == "FAILED" and result.code == 1
    assert report["stop_reason"] == "the deadline (--deadline 6s) came during run 1; it was stopped"
    assert report["seconds"] < 7.5


def test_rate_limit_retries_stay_inside_the_call_budget(tmp_path):
    project = copy_case(SHADOWED, tmp_path / "project")
    limited = Reply("slow down", status=429, error_type="rate_limit_error", headers=FAST_RETRY)
    with FakeAnthropic([limited, Reply(WRONG_CAST)], cycle=True) as fake:
        result = resolve("--no-rules", "--json", "--max-attempts", "50", "--max-llm-calls", "2", "train.py",
                         cwd=project, env=env_for(fake))
    assert result.json["llm_calls"] == 2 and "--max-llm-calls" in result.json["stop_reason"]
    assert len(fake.requests) == 4  # each call: one 429 retried by the SDK, then the answer


# --- the same bounds in-process: the real loop, a scripted model and a scripted run -------------

SCRIPT = "import torch.nn as nn\n\nloss = nn.MSELoss()\nfor x in data:\n    loss = loss(x)\n"
RIGHT = ("train.py\n<<<<<<< SEARCH\nloss = nn.MSELoss()\n=======\ncriterion = nn.MSELoss()\n>>>>>>> REPLACE\n"
         "train.py\n<<<<<<< SEARCH\n    loss = loss(x)\n=======\n    loss = criterion(x)\n>>>>>>> REPLACE\n"
         "Fix: rename\n")


def cast(n: int) -> str:
    return (f"train.py\n<<<<<<< SEARCH\n    loss = loss(x)\n=======\n    loss = loss(x * {n})\n>>>>>>> REPLACE\n"
            f"Fix: scale by {n}\n")


class ScriptedRun:
    """The script fails until the loss module is renamed; each run takes `seconds` (cut at the
    timeout it is given, as the real runner cuts it) and its timeout is recorded."""

    def __init__(self, script: Path, seconds: float = 0.0):
        self.script, self.seconds, self.timeouts = script, seconds, []

    def __call__(self, target, settings, overlay):
        from resolver.diagnose.diagnosis import Diagnosis, Frame
        from resolver.run.runner import Run

        self.timeouts.append(settings.timeout)
        time.sleep(min(self.seconds, settings.timeout))
        if self.seconds > settings.timeout:
            return Run(-9, Diagnosis("Timeout", "stopped", source="exit"), settings.timeout)
        if "criterion" in overlay.get(self.script, ""):
            return Run(0, None, self.seconds, {"optimizer_steps": 3})
        frame = Frame(self.script, 5, "<module>", True, "loss = loss(x)")
        return Run(1, Diagnosis("TypeError", "'Tensor' object is not callable", (frame,)), self.seconds)


def in_process(tmp_path, model, seconds=0.0, **options):
    from resolver.loop import Options
    from resolver.loop import resolve as resolve_loop
    from resolver.run.runner import Settings, Target

    script = write(tmp_path / "train.py", SCRIPT).resolve()
    runner = ScriptedRun(script, seconds)
    target = Target(script, None, (), tmp_path, tmp_path.resolve(), sys.executable)
    outcome = resolve_loop(target, Settings(), Options(llm=model, dry_run=True, use_rules=False, **options),
                           log=lambda _: None, runner=runner)
    return outcome, runner


def test_in_process_the_right_reply_fixes_and_a_repeating_model_is_bounded(tmp_path):
    from resolver.llm.client import ScriptedClaude

    fixed, _ = in_process(tmp_path, ScriptedClaude([RIGHT]))
    assert fixed.status == "SUCCESS" and fixed.llm.calls == 1
    model = ScriptedClaude([cast(2)])
    outcome, runner = in_process(tmp_path, model)
    assert outcome.status == "FAILED" and len(model.requests) == 3 == outcome.llm.calls
    assert [a.verdict for a in outcome.attempts] == ["same error", "repeated", "repeated"]
    assert len(runner.timeouts) == 2
    assert "It was not run: this is the same change as your attempt 1." in model.requests[2][-1]["content"]


def test_in_process_an_oscillating_model_meets_the_call_limit(tmp_path):
    from resolver.llm.client import Limits, ScriptedClaude

    model = ScriptedClaude([cast(2), cast(3)], Limits(calls=5))
    outcome, runner = in_process(tmp_path, model, max_attempts=100)
    assert outcome.status == "FAILED" and len(model.requests) == 5
    assert outcome.stop_reason == "5 LLM requests made, the most allowed (--max-llm-calls)"
    assert [a.verdict for a in outcome.attempts] == ["same error"] * 2 + ["repeated"] * 3
    assert "your attempt 2" in model.requests[4][-1]["content"]


def test_in_process_an_unparseable_model_meets_the_token_limit(tmp_path):
    from resolver.llm.client import Limits, ScriptedClaude

    model = ScriptedClaude(["Have you tried turning it off and on again?"], Limits(calls=1000, input_tokens=6000))
    outcome, _ = in_process(tmp_path, model, max_attempts=1000)
    assert outcome.status == "FAILED" and "--max-llm-tokens 6000" in outcome.stop_reason
    assert 2 <= len(model.requests) and outcome.llm.sent <= 6000
    assert {a.verdict for a in outcome.attempts} == {"rejected"}


def test_in_process_the_deadline_bounds_a_model_with_ever_new_patches(tmp_path):
    from resolver.llm.client import Limits, ScriptedClaude

    model = ScriptedClaude([cast(n) for n in range(2, 100)], Limits(calls=1000, input_tokens=10**9))
    outcome, runner = in_process(tmp_path, model, seconds=0.3, max_attempts=1000, max_runs=1000, deadline=1.0)
    assert outcome.status == "FAILED" and "the deadline (--deadline" in outcome.stop_reason
    assert outcome.seconds < 1.2 and 2 <= len(runner.timeouts) <= 4
    assert all(t <= 1.0 for t in runner.timeouts) and runner.timeouts[-1] < 0.5


def test_in_process_a_run_in_flight_is_cut_at_the_deadline(tmp_path):
    from resolver.llm.client import ScriptedClaude

    outcome, runner = in_process(tmp_path, ScriptedClaude([RIGHT]), seconds=30, deadline=0.5)
    assert outcome.status == "FAILED" and outcome.seconds < 0.8
    assert outcome.stop_reason == "the deadline (--deadline 0.5s) came during run 1; it was stopped"
    assert runner.timeouts == [pytest.approx(0.5, abs=0.05)]


def test_the_first_message_says_a_model_has_no_parameters_when_the_optimizer_got_none(tmp_path):
    """The probe's facts, from a real run, as the first request states them."""
    from resolver.llm.client import first_message
    from resolver.run.runner import Settings, Target, run
    from resolver.write.edits import Workspace

    write(tmp_path / "train.py", "import torch\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n"
                                 "    def __init__(self):\n        super().__init__()\n"
                                 "        self.layers = [nn.Linear(4, 4), nn.Linear(4, 2)]  # not a ModuleList\n\n\n"
                                 "model = Net()\noptimizer = torch.optim.Adam(model.parameters())\n")
    target = Target(Path("train.py"), None, (), tmp_path, tmp_path.resolve(), sys.executable)
    failed = run(target, Settings(), {})
    assert failed.diagnosis.message == "optimizer got an empty parameter list"
    context = {"command": "train.py", "cwd": str(tmp_path), "script_dir": str(tmp_path), "batch_size": "2",
               "batches": "3", "output": failed.stderr_tail}
    sent = first_message(failed.diagnosis, Workspace(tmp_path.resolve()), context)
    assert "Modules in <module>: model (Net, 0 parameters)" in sent
    assert "self.layers = [nn.Linear(4, 4), nn.Linear(4, 2)]  # not a ModuleList" in sent
