import os
import wave
from collections import namedtuple

import numpy as np
import torch

Info = namedtuple("Info", ["length", "sample_rate", "channels"])


def get_info(path):
    with wave.open(path, "rb") as w:
        return Info(w.getnframes(), w.getframerate(), w.getnchannels())


def read_wav(path, offset=0, num_frames=-1):
    """returns (channels, time) float32 tensor in [-1, 1] and the sample rate"""
    with wave.open(path, "rb") as w:
        sr, ch = w.getframerate(), w.getnchannels()
        w.setpos(offset)
        n = w.getnframes() - offset if num_frames < 0 else num_frames
        raw = w.readframes(n)
    data = np.frombuffer(raw, dtype=np.int16).astype(np.float32) / 32768.0
    data = data.reshape(-1, ch).T
    return torch.from_numpy(np.ascontiguousarray(data)), sr


def find_audio_files(path, exts=(".wav",)):
    audio_files = []
    for root, folders, files in os.walk(path, followlinks=True):
        for file in files:
            if os.path.splitext(file)[1] in exts:
                audio_files.append(os.path.join(root, file))
    meta = []
    for file in sorted(audio_files):
        info = get_info(file)
        meta.append((file, info.length))
    return meta


class Audioset:
    def __init__(self, files=None, length=None, stride=None, pad=True, with_path=False, sample_rate=None):
        """
        files should be a list [(file, length)]
        """
        self.files = files
        self.num_examples = []
        self.length = length
        self.stride = stride or length
        self.with_path = with_path
        self.sample_rate = sample_rate
        for file, file_length in self.files:
            if length is None:
                examples = 1
            elif file_length < length:
                examples = 1 if pad else 0
            elif pad:
                examples = int(np.ceil((file_length - self.length) / self.stride) + 1)
            else:
                examples = (file_length - self.length) // self.stride + 1
            self.num_examples.append(examples)

    def __len__(self):
        return sum(self.num_examples)

    def __getitem__(self, index):
        for (file, _), examples in zip(self.files, self.num_examples):
            if index >= examples:
                index -= examples
                continue
            num_frames = 0
            offset = 0
            if self.length is not None:
                offset = self.stride * index
                num_frames = self.length
            out, sr = read_wav(str(file), offset=offset, num_frames=num_frames or -1)
            if self.sample_rate is not None and sr != self.sample_rate:
                raise RuntimeError(f"Expected {file} to have sample rate of {self.sample_rate}, but got {sr}")
            if num_frames:
                out = torch.nn.functional.pad(out, (0, num_frames - out.shape[-1]))
            if self.with_path:
                return out, file
            else:
                return out
