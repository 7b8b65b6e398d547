"""Where none_sample filters a Dataset's rows where its index is built (resolver/fix/rules/_row_filter.py),
and where it must not: the skip's test has to read the row alone, and the index one list."""

from pathlib import Path

import libcst as cst

from resolver.fix.rules._row_filter import rows_filtered
from resolver.fix.rules._source import parsed

DATASET = '''import os

import numpy as np


class Clips:
    def __init__(self, root, rows, labels=None):
        self.root = root
        self.rows = rows
        self.labels = labels

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
{body}
'''


def _filtered(body: str) -> str | None:
    source = parsed(Path("/project/clips.py"), DATASET.format(body=body))
    getitem = source.nodes(cst.FunctionDef, lambda f: f.name.value == "__getitem__")[0]
    edit = rows_filtered(source, getitem, "Clips", 2, 10)
    return None if edit is None else edit.changes[0].after


def test_a_missing_file_is_filtered_where_the_index_is_built():
    after = _filtered('''        row = self.rows[i]
        path = os.path.join(self.root, row["path"])
        if not os.path.exists(path):
            return None
        return np.load(path), row["label"]''')
    assert 'self.rows = [row for row in rows if os.path.exists(os.path.join(self.root, row["path"]))]' in after
    assert "return None" not in after


def test_an_empty_record_is_filtered_with_its_test_negated():
    after = _filtered('''        record = self.rows[i]
        if len(record["tokens"]) == 0:
            return None
        return record["tokens"]''')
    assert 'self.rows = [record for record in rows if len(record["tokens"]) != 0]' in after


def test_a_none_only_loading_tells_is_left_to_the_collate():
    assert _filtered('''        row = self.rows[i]
        clip = np.load(os.path.join(self.root, row["path"]))
        if not clip.any():
            return None
        return clip''') is None


def test_a_second_list_read_at_the_index_is_not_misaligned():
    assert _filtered('''        row = self.rows[i]
        if not os.path.exists(row):
            return None
        return np.load(row), self.labels[i]''') is None


def test_a_test_of_the_index_itself_is_no_test_of_the_row():
    assert _filtered('''        row = self.rows[i]
        if i % 7 == 3 and row:
            return None
        return row''') is None


def test_a_row_read_in_the_test_itself_is_named_row():
    after = _filtered('''        if self.rows[i] is None:
            return None
        return self.rows[i]''')
    assert "self.rows = [row for row in rows if row is not None]" in after
