from dataclasses import dataclass


@dataclass(frozen=True)
class HParams:
    feature_dir: str = "data/features"
    emotions: tuple = ("neutral", "happy", "sad", "angry")
    n_utterances: int = 400
    n_mels: int = 40
    hop_ms: int = 10
    min_sec: float = 0.8
    max_sec: float = 2.5
    batch_size: int = 16
    epochs: int = 2
    lr: float = 1e-3
    channels: int = 64
    seed: int = 8
