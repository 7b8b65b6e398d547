"""Faithful smoke mode: it neither invents a crash the user never has nor hides one they do,
and long scripts still run every epoch, in little time. Real scripts under real torch."""

import json
import textwrap

import pytest
from conftest import resolve, snapshot, write
from test_probe import probe

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

OFF_BY_ONE = textwrap.dedent("""\
    import torch
    from torch.utils.data import DataLoader, Dataset

    class Samples(Dataset):
        def __init__(self):
            self.x = torch.randn(1000, 4)

        def __len__(self):
            return len(self.x) + 1  # off by one: index 1000 does not exist

        def __getitem__(self, i):
            return self.x[i]

    for batch in DataLoader(Samples(), batch_size=32, shuffle=True):
        pass
    """)


def test_a_shuffled_pass_visits_the_first_and_last_index_so_an_off_by_one_len_fails(tmp_path):
    completed, report = probe(tmp_path, OFF_BY_ONE)
    assert report["outcome"] == "exception", completed.stderr
    assert report["error_type"] == "IndexError"
    assert "1000" in report["message"]


TELLING_ROWS = textwrap.dedent("""\
    import json, random
    import torch
    from torch.utils.data import DataLoader, Dataset, TensorDataset

    class Rows(Dataset):
        \"\"\"Five classes, but three rows far from the start are labelled 5; and three rows are None.\"\"\"
        def __init__(self, bad=(), beyond=()):
            self.bad, self.beyond = bad, beyond

        def __len__(self):
            return 5000

        def __getitem__(self, i):
            if i in self.bad:
                return None  # an unreadable row
            label = 5 if i in self.beyond else i % 5
            return torch.tensor([i / 5000 + random.random()]), label

    head = torch.nn.Linear(1, 5)
    outcome = {}
    datasets = {"clean": Rows(), "None rows": Rows(bad=(1234, 2718, 4321)), "label 5": Rows(beyond=(1500, 2500, 3500)),
                "label 5 in tensors": TensorDataset(torch.rand(5000, 1), \
torch.tensor([5 if i == 2500 else i % 5 for i in range(5000)]))}
    for name, dataset in datasets.items():
        torch.manual_seed(0)
        random.seed(0)
        drawn = 0
        try:
            for x, y in DataLoader(dataset, batch_size=64, shuffle=True):
                drawn += len(y)
                torch.nn.functional.cross_entropy(head(x), y)
        except (TypeError, IndexError) as e:
            outcome[name] = str(e)
        if name == "clean":  # the samples drawn took one number each: the search drew none the script sees
            then = random.random()
            random.seed(0)
            expected = [random.random() for _ in range(drawn)] and random.random()
            outcome["clean then"] = [then, expected]
    json.dump(outcome, open("outcome.json", "w"))
    """)


def test_the_telling_rows_far_from_the_first_batches_are_met_and_the_random_state_is_kept(tmp_path):
    completed, report = probe(tmp_path, TELLING_ROWS)
    assert report["outcome"] == "ok", completed.stderr
    outcome = json.loads((tmp_path / "outcome.json").read_text())
    assert "NoneType" in outcome["None rows"], "smoke mode meets one of the None rows in its first pass"
    assert "Target 5 is out of bounds" in outcome["label 5"], "and the sample with the largest label"
    assert "Target 5 is out of bounds" in outcome["label 5 in tensors"]
    assert "clean" not in outcome
    then, expected = outcome["clean then"]
    assert then == expected, "samples read to look for telling rows draw no random numbers the script would see"


LONG = textwrap.dedent("""\
    import json
    import torch
    from torch.utils.data import DataLoader, TensorDataset

    data = TensorDataset(torch.arange(1000))
    loaders = {"shuffled": DataLoader(data, batch_size=10, shuffle=True),
               "sequential": DataLoader(data, batch_size=10)}
    seen = {name: [] for name in loaders}
    for epoch in range(100):
        for name, loader in loaders.items():
            seen[name].append([b[0].tolist() for b in loader])
    json.dump({"seen": seen, "epochs": epoch + 1}, open("seen.json", "w"))
    """)


def test_passes_after_the_second_keep_only_their_first_and_last_batch_and_every_epoch_runs(tmp_path):
    completed, report = probe(tmp_path, LONG)
    assert report["outcome"] == "ok", completed.stderr
    result = json.loads((tmp_path / "seen.json").read_text())
    assert result["epochs"] == 100
    sequential = result["seen"]["sequential"]
    # the last batch ends where the real one does: index len - 1 is read
    assert sequential[0] == sequential[1] == [[0, 1], [2, 3], [4, 5], [998, 999]]
    assert all(epoch == [[0, 1], [998, 999]] for epoch in sequential[2:])
    shuffled = result["seen"]["shuffled"]
    assert [len(epoch) for epoch in shuffled] == [4, 4] + [2] * 98
    first_pass = {i for batch in shuffled[0] for i in batch}
    assert {0, 999} <= first_pass, "the first shuffled pass visits the dataset's boundaries"
    assert len(first_pass) == 8, "boundary indices replace others: no duplicates, same batch sizes"
    assert report["counters"]["batches"] == 2 * (4 + 4 + 98 * 2)


BUCKETS = textwrap.dedent("""\
    import json
    import torch
    from torch.utils.data import DataLoader, TensorDataset

    class Buckets:
        \"\"\"Batches of 8 within each bucket; the middle bucket's remainder is a batch of one.\"\"\"
        def __iter__(self):
            for start, stop in ((0, 40), (40, 81), (81, 121)):
                for i in range(start, stop, 8):
                    yield list(range(i, min(i + 8, stop)))

        def __len__(self):
            return 5 + 6 + 5

    loader = DataLoader(TensorDataset(torch.arange(121)), batch_sampler=Buckets())
    passes = [[b[0].tolist() for b in loader] for epoch in range(3)]
    json.dump({"passes": passes, "lengths": len(loader)}, open("seen.json", "w"))
    """)


def test_a_batch_samplers_remainder_batch_of_one_is_met_in_the_first_pass_and_the_count_is_kept(tmp_path):
    completed, report = probe(tmp_path, BUCKETS)
    assert report["outcome"] == "ok", completed.stderr
    result = json.loads((tmp_path / "seen.json").read_text())
    first, second, third = result["passes"]
    assert [80] in first, "the bucket's batch of one, met only at the 11th batch of 16 in a real epoch"
    assert len(first) == len(second) == 4, "it takes a head batch's place: the pass yields what len() says"
    last = list(range(113, 121))
    assert (first[-1] == second[-1] == last
            and second[:3] == [list(range(0, 8)), list(range(8, 16)), list(range(16, 24))])
    assert third == [list(range(0, 8)), last]


def hard_coded_hidden(samples: int) -> str:
    """An LSTM whose hidden state is built for 16 sequences: smoke mode's batch of 2 breaks it;
    at the user's batch size it breaks only when the last batch is partial."""
    return textwrap.dedent(f"""\
        import torch
        from torch import nn
        from torch.utils.data import DataLoader, TensorDataset

        lstm = nn.LSTM(4, 8, batch_first=True)
        opt = torch.optim.SGD(lstm.parameters(), lr=0.1)
        data = TensorDataset(torch.randn({samples}, 5, 4))
        for epoch in range(2):
            for (x,) in DataLoader(data, batch_size=16, shuffle=True):
                hidden = (torch.zeros(1, 16, 8), torch.zeros(1, 16, 8))
                out, _ = lstm(x, hidden)
                opt.zero_grad()
                out.sum().backward()
                opt.step()
        print("trained", epoch + 1, "epochs")
        """)


def test_a_crash_only_at_the_smoke_batch_size_is_not_fixed_and_the_script_is_verified_at_its_own(tmp_path):
    write(tmp_path / "train.py", hard_coded_hidden(96))
    before = snapshot(tmp_path)
    result = resolve("--no-llm", "--json", "train.py", cwd=tmp_path)
    assert result.code == 0, result.stderr
    report = result.json
    assert report["status"] == "NO_ERROR" and report["errors_fixed"] == 0 and report["runs"] == 2
    assert "own batch size 16" in report["notes"][0] and "batch size 2" in report["notes"][0]
    assert snapshot(tmp_path) == before
    text = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert "Note: at smoke batch size 2 the script fails" in text.stdout
    assert "trained 2 epochs" in text.stdout, "a NO_ERROR report shows the tail of the script's output"


def test_a_hard_coded_batch_size_that_also_breaks_the_real_last_batch_is_a_real_error(tmp_path):
    write(tmp_path / "train.py", hard_coded_hidden(100))  # 100 = 6 * 16 + 4: the last batch has 4
    result = resolve("--no-rules", "--no-llm", "--json", "train.py", cwd=tmp_path)
    report = result.json
    assert report["status"] == "FAILED" and report["notes"] == []
    assert report["runs"] == 2, "the run at the user's batch size confirmed the error"
    assert "hidden[0] size" in report["last_error"]["message"]


def test_the_real_error_behind_a_hard_coded_batch_size_is_fixed_in_every_state_tensor(tmp_path):
    write(tmp_path / "train.py", hard_coded_hidden(100))
    report = resolve("--no-llm", "--json", "train.py", cwd=tmp_path).json
    assert report["status"] == "SUCCESS" and report["notes"] == []
    assert report["runs"] == 3, "smoke run, the run at the user's batch size, the verifying run"
    assert "(torch.zeros(1, x.size(0), 8), torch.zeros(1, x.size(0), 8))" in (tmp_path / "train.py").read_text()


NUMBERED_PAIRS = textwrap.dedent("""\
    import torch
    from torch.utils.data import DataLoader, TensorDataset

    torch.manual_seed(0)
    model = torch.nn.Linear(3, 1)
    for step, (x, y) in DataLoader(TensorDataset(torch.randn(64, 3), torch.randn(64)), batch_size=8):
        loss = (model(x).squeeze(1) - y).pow(2).mean()
        loss.backward()
    print("done", step)
    """)


def test_an_error_no_rule_explains_at_the_smoke_batch_size_is_confirmed_at_the_users(tmp_path):
    # a batch of 2 unpacks into `(x, y)` and fails later, elsewhere; at 8 it fails as a plain run does
    write(tmp_path / "train.py", NUMBERED_PAIRS)
    report = resolve("--no-llm", "--json", "train.py", cwd=tmp_path).json
    assert report["status"] == "SUCCESS", report
    assert "too many values to unpack" in report["notes"][0] and "own batch size 8" in report["notes"][0]
    assert "in enumerate(DataLoader(" in (tmp_path / "train.py").read_text()


UNSIZED = textwrap.dedent("""\
    import torch
    from torch.utils.data import DataLoader, Dataset, Sampler

    class Unsized(Dataset):  # no __len__: its sampler says how many
        def __getitem__(self, i):
            return torch.tensor([float(i)])

    class FirstHundred(Sampler):
        def __iter__(self):
            return iter(range(100))

        def __len__(self):
            return 100

    total = sum(len(b) for b in DataLoader(Unsized(), batch_size=10, sampler=FirstHundred()))
    print("drew", total)
    """)


def test_a_dataset_without_len_is_drawn_as_the_sampler_says(tmp_path):
    completed, report = probe(tmp_path, UNSIZED)
    assert report["outcome"] == "ok", completed.stderr
    assert "probe_error" not in report
