"""The stderr fallback: tracebacks recorded from real crashes, CUDA ones included."""

from pathlib import Path

import pytest

from resolver.diagnose.diagnosis import Diagnosis, parse_traceback, spawned_error

RECORDED = Path(__file__).parent / "tracebacks"


def parse(name: str, project: str) -> Diagnosis:
    diagnosis = parse_traceback((RECORDED / name).read_text(), Path(project))
    assert diagnosis is not None
    return diagnosis


def test_device_mismatch_location_is_the_innermost_user_frame():
    d = parse("cuda_device_mismatch.txt", "/home/ana/proj")
    assert d.error_type == "RuntimeError"
    assert d.message.startswith("Expected all tensors to be on the same device")
    assert (d.location.file, d.location.line, d.location.function) == (Path("/home/ana/proj/model.py"), 21, "forward")
    assert d.location.code == "return self.fc(x)"
    assert [f.user for f in d.frames] == [True, True, False, False, True, False]
    assert d.source == "traceback"


def test_dotted_exception_type_is_the_class_name():
    d = parse("cuda_oom.txt", "/home/ana/proj")
    assert d.error_type == "OutOfMemoryError"
    assert "Tried to allocate 2.00 GiB" in d.message
    assert d.location.line == 33


def test_dataloader_worker_error_keeps_the_original_traceback_in_the_message():
    d = parse("dataloader_worker.txt", "/work/nlp")
    assert d.error_type == "RuntimeError"
    assert d.headline == "RuntimeError: Caught RuntimeError in DataLoader worker process 0."
    assert "stack expects each tensor to be equal size" in d.message
    assert d.location.file == Path("/work/nlp/train.py") and d.location.line == 40
    assert not any(f.user for f in d.frames[1:]), "dist-packages is never user code"


def test_chained_exceptions_report_the_last_one():
    d = parse("chained_keyerror.txt", "/srv/exp")
    assert d.error_type == "ValueError"
    assert d.message == "unknown label for {'id': 'cat_0042'}"
    assert (d.location.file.name, d.location.line) == ("data.py", 16)


def test_syntax_error_in_an_imported_module_points_at_the_bad_line():
    d = parse("syntax_error_in_import.txt", "/srv/exp")
    assert d.error_type == "SyntaxError"
    assert d.message == "expected ':'"
    assert (d.location.file.name, d.location.line) == ("model.py", 12)
    assert d.category == "syntax.error"


def test_text_without_a_traceback_is_not_invented():
    assert parse_traceback("loss 0.3\nepoch 2\nKilled\n", Path("/srv")) is None


@pytest.mark.parametrize("code, expected", [(-11, "SIGSEGV"), (-9, "SIGKILL")])
def test_death_by_signal_is_named(code, expected):
    d = Diagnosis.from_traceback("", Path("/srv"), code)
    assert d.error_type == "Signal" and expected in d.message


def test_exit_code_without_traceback_keeps_the_last_line():
    d = Diagnosis.from_traceback("error: dataset path not found\n", Path("/srv"), 3)
    assert d.error_type == "ExitCode"
    assert "code 3" in d.message and "dataset path not found" in d.message


def test_same_error_ignores_numbers_that_moved():
    first = parse_traceback(
        'Traceback (most recent call last):\n  File "/p/t.py", line 5, in <module>\n    y = m(x)\n'
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x512 and 256x10)\n", Path("/p"))
    second = parse_traceback(
        'Traceback (most recent call last):\n  File "/p/t.py", line 5, in <module>\n    y = m(x)\n'
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x512 and 300x10)\n", Path("/p"))
    elsewhere = parse_traceback(
        'Traceback (most recent call last):\n  File "/p/t.py", line 9, in <module>\n    y = m(x)\n'
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x512 and 256x10)\n", Path("/p"))
    assert first.category == "shape.linear_in_features"
    assert first.same_error_as(second)
    assert not first.same_error_as(elsewhere)


def test_newer_torch_prefixes_still_classify():
    d = parse_traceback('Traceback (most recent call last):\n  File "/p/t.py", line 5, in <module>\n    y = m(x)\n'
                        "RuntimeError: addmm: mat1 and mat2 shapes cannot be multiplied (32x512 and 256x10)\n",
                        Path("/p"))
    assert d.category == "shape.linear_in_features"


def test_an_einsum_in_a_helper_names_the_helper_line_and_its_family():
    """torch raises inside torch/functional.py; the report's line is the user's einsum call, two
    files from the script, and the message has a family (not `unknown`)."""
    d = parse("einsum_in_helper.txt", "/home/ana/proj")
    assert d.category == "api.einsum_operands"
    assert (d.location.file, d.location.line, d.location.function) == (Path("/home/ana/proj/layers.py"), 6, "attend")
    assert d.location.code == 'return torch.einsum("bhqd,bhkd->bhqk", q, k)'


SPAWNED = """

-- Process 1 terminated with the following error:
Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/torch/multiprocessing/spawn.py", line 90, in _wrap
    fn(i, *args)
  File "/home/u/proj/dae/worker.py", line 23, in worker
    model = DDP(model, device_ids=[rank])
            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/venv/lib/python3.11/site-packages/torch/nn/parallel/distributed.py", line 740, in __init__
    self._log_and_throw(
""" + ("ValueError: DistributedDataParallel device_ids and output_device arguments only work with "
       "single-device/multiple-device GPU modules or CPU modules, but got device_ids [1], output_device None, and "
       "module parameters {device(type='cpu')}.\n")


def test_a_worker_error_that_spawn_re_raised_is_the_workers_own():
    project = Path("/home/u/proj")
    wrapped = Diagnosis("ProcessRaisedException", SPAWNED, counters={"batches": 0})
    diagnosis = spawned_error(wrapped, project)
    assert diagnosis.error_type == "ValueError" and diagnosis.category == "dist.device_ids_cpu"
    assert (diagnosis.location.file.name, diagnosis.location.line, diagnosis.location.code) == \
        ("worker.py", 23, "model = DDP(model, device_ids=[rank])")
    assert diagnosis.ranks == ("spawned process 1 failed first (re-raised by torch.multiprocessing.spawn)",)
    assert diagnosis.counters == {"batches": 0}
    # any other error stays as it was
    other = Diagnosis("RuntimeError", "Connection reset by peer")
    assert spawned_error(other, project) is other
