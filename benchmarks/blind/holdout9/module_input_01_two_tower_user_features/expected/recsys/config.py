from dataclasses import dataclass, field

AGE_BUCKETS = ["<18", "18-24", "25-34", "35-49", "50+"]
COUNTRIES = ["us", "gb", "de", "fr", "in", "br", "jp", "other"]
ACTIVITY_STATS = ["n_clicks", "n_sessions", "avg_dwell", "days_active"]
ITEM_CATEGORIES = ["news", "sports", "music", "movies", "tech", "food", "travel", "games"]


@dataclass
class TowerConfig:
    user_feature_dim: int = 17
    item_feature_dim: int = 12
    hidden_dim: int = 64
    embed_dim: int = 32


@dataclass
class TrainConfig:
    num_users: int = 600
    num_items: int = 300
    num_interactions: int = 4000
    batch_size: int = 64
    epochs: int = 2
    lr: float = 1e-3
    temperature: float = 0.1
    seed: int = 7
    towers: TowerConfig = field(default_factory=TowerConfig)
