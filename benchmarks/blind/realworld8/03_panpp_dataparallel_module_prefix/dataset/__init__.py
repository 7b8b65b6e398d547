from .synth_text import SynthText
