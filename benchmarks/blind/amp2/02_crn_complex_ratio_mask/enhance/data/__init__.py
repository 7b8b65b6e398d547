from .synth import NoisyToneDataset
