"""Whether a project already scales its 8-bit images (resolver/fix/rules/_byte_images.py): what
decides between `.float()` and `.float().div(255.0)` for a uint8 image into a layer."""

from pathlib import Path

import pytest

from resolver.diagnose.diagnosis import Tensor
from resolver.fix.rules._byte_images import byte_image, scales_bytes
from resolver.fix.rules._source import parsed


def _scales(text: str) -> bool:
    return scales_bytes([parsed(Path("project.py"), text)])


@pytest.mark.parametrize("text", [
    "x = images.float() / 255\n",
    "x = images.float().div(255.0)\n",
    "x = images / 127.5 - 1.0\n",
    "MAX_PIXEL = 255\nx = images.float() / MAX_PIXEL\n",
    "norm = T.Normalize(mean=[123.675, 116.28, 103.53], std=[58.395, 57.12, 57.375])\n",
    "norm = T.Normalize([123.675, 116.28, 103.53], [58.395, 57.12, 57.375])\n",
    "PIXEL_MEAN = torch.tensor([103.53, 116.28, 123.675]).view(3, 1, 1)\n",
])
def test_a_project_that_normalises_bytes_itself(text):
    assert _scales(text)


@pytest.mark.parametrize("text", [
    "img[cy - r:cy + r, cx - r:cx + r] = 255\n",  # drawing in 0..255 is not scaling
    "norm = T.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])\n",  # unit-range statistics
    "sizes = [128, 64, 32]\n",  # numbers in 0..255 that are no statistics
    "x = loss / 2\n",
])
def test_a_project_that_does_not(text):
    assert not _scales(text)


def test_byte_images_are_uint8_of_image_rank_into_a_layer():
    def tensor(shape, dtype="uint8"):
        return Tensor(shape=shape, dtype=dtype, device="cpu", requires_grad=False)

    assert byte_image(tensor((8, 3, 12, 12)), "Conv2d") and byte_image(tensor((8, 28, 28)), "Linear")
    assert not byte_image(tensor((8, 16)), "Linear")  # byte ids, not pixels
    assert not byte_image(tensor((8, 3, 12, 12), "int64"), "Conv2d")
