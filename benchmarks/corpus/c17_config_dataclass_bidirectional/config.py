from dataclasses import dataclass
@dataclass
class Config:
    vocab: int = 60
    embed_dim: int = 16
    hidden_dim: int = 24
    num_classes: int = 3
