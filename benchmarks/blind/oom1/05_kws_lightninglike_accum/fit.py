"""Keyword-spotting on raw 1 s waveforms (synthetic chirps), hand-rolled Lightning-style loop."""
from kws.hparams import HParams
from kws.module import KWSModule
from kws.runner import Runner

if __name__ == "__main__":
    hp = HParams()
    Runner(hp).fit(KWSModule(hp))
