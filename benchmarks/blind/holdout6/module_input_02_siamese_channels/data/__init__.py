from .glyphs import GlyphBank, PairDataset
