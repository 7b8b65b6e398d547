"""Two-stage job as run by the nightly scheduler: warm-up training, then a resumed fine-tuning pass."""
import numpy as np
import torch

from twotower.data import make_catalog, sample_sessions
from twotower.train import recall_at_k, run_training

CONFIG = {
    "n_users": 400,
    "n_items": 600,
    "n_genres": 12,
    "emb_dim": 32,
    "out_dim": 32,
    "temperature": 0.1,
    "lr": 2e-3,
    "batch_size": 128,
    "warmup_epochs": 1,
    "finetune_epochs": 1,
    "ckpt_path": "state/two_tower.pt",
    "seed": 5,
}


def split_last(pairs, n_users, per_user):
    idx = np.arange(len(pairs)).reshape(n_users, per_user)
    val = pairs[idx[:, -1]]
    train = pairs[idx[:, :-1].reshape(-1)]
    return train, val


if __name__ == "__main__":
    torch.manual_seed(CONFIG["seed"])
    genre, pref, quality = make_catalog(CONFIG["n_users"], CONFIG["n_items"], CONFIG["n_genres"], CONFIG["seed"])
    pairs = sample_sessions(genre, pref, quality, clicks_per_user=15, seed=CONFIG["seed"])
    train_pairs, val_pairs = split_last(pairs, CONFIG["n_users"], 15)
    print(f"{len(train_pairs)} training clicks, {len(val_pairs)} validation users")

    print("== stage 1: warm-up ==")
    run_training(CONFIG, train_pairs, val_pairs, genre, CONFIG["warmup_epochs"])

    print("== stage 2: resume + fine-tune ==")
    CONFIG["lr"] = 5e-4
    model = run_training(CONFIG, train_pairs, val_pairs, genre, CONFIG["finetune_epochs"],
                         resume_from=CONFIG["ckpt_path"])
    print(f"final recall@20: {recall_at_k(model, val_pairs, genre):.3f}")
