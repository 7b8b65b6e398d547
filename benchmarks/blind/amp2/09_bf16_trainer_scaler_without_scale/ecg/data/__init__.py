from .beats import SyntheticBeats
