from dataclasses import dataclass


@dataclass
class TrainConfig:
    epochs: int = 5
    hidden: int = 32
    num_layers: int = 2
    lr: float = 3e-3
    weight_decay: float = 1e-4
    use_amp: bool = True
    seed: int = 0
    num_nodes: int = 400
    num_edges: int = 2400
    in_dim: int = 16
    num_classes: int = 4
    steps_per_epoch: int = 10
