"""module_cast_for_save's stop: a module converted to half precision in place, with no save to
blame, gets no edit, and the stop names the conversion (which module, where) as measured facts."""

import recorded
from conftest import FIXTURES, copy_case

from resolver.fix import rules
from resolver.write.edits import Workspace


def test_the_stop_names_the_module_converted_in_place(tmp_path):
    case = FIXTURES / "module_cast_for_save" / "noop_embedding_cast_for_cuda_autocast"
    project = copy_case(case, tmp_path / "project").resolve()
    diagnosis = recorded.load((case / "diagnosis.json").read_text(), project)
    assert list(rules.candidates(diagnosis, Workspace(project))) == []
    assert rules.explained(diagnosis, Workspace(project)) == (
        "the project converts a module itself to half precision: self.wte.to(dtype=torch.bfloat16) (model.py:16); "
        "its outputs keep that dtype on the CPU, where no autocast makes the float32 layers take them, and a "
        "float32 layer they reach raises; ")


def test_a_tensor_converted_and_kept_is_not_named(tmp_path):
    case = FIXTURES / "module_cast_for_save" / "noop_embedding_cast_for_cuda_autocast"
    project = copy_case(case, tmp_path / "project").resolve()
    model = project / "model.py"
    model.write_text(model.read_text().replace("self.wte.to(dtype=torch.bfloat16)",
                                               "weights = self.wte.weight.to(dtype=torch.bfloat16)"))
    diagnosis = recorded.load((case / "diagnosis.json").read_text(), project)
    assert rules.explained(diagnosis, Workspace(project)) == ""
