import os

import torch


class BestCheckpoint:
    """Keeps the best-scoring weights (lower is better) together with the preprocessing state."""

    def __init__(self, path):
        self.path = path
        self.best = None

    def update(self, score, model, scaler, epoch):
        if self.best is not None and score >= self.best:
            return False
        self.best = score
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        torch.save({"model": model.state_dict(), "scaler": scaler.state_dict(),
                    "epoch": epoch, "score": score}, self.path)
        return True

    def restore(self, model, scaler):
        state = torch.load(self.path, map_location="cpu")
        model.load_state_dict(state["model"])
        scaler.load_state_dict(state["scaler"])
        return state["epoch"], state["score"]
