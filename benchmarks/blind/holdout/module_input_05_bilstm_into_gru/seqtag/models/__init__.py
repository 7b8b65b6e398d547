from .tagger import BiLSTMTagger

__all__ = ["BiLSTMTagger"]
