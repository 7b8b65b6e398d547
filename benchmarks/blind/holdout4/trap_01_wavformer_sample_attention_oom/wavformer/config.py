from dataclasses import dataclass


@dataclass
class ExperimentConfig:
    # Raw-waveform instrument classification: the point of the experiment is to attend
    # over individual samples with no learned or fixed front-end.
    sample_rate: int = 16000
    clip_seconds: float = 4.0
    n_clips: int = 96
    instruments: tuple = ("flute", "violin", "bass", "organ")
    d_model: int = 64
    n_heads: int = 4
    n_layers: int = 2
    ff_mult: int = 2
    batch_size: int = 16
    epochs: int = 2
    lr: float = 3e-4
    seed: int = 4

    @property
    def n_samples(self):
        return int(self.sample_rate * self.clip_seconds)
