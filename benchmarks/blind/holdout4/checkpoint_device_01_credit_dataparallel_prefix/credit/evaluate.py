import torch

from .model import TabularNet


def load_for_inference(cfg, path):
    model = TabularNet(cfg.n_numeric, cfg.n_categories, cfg.emb_dim, cfg.hidden, cfg.dropout)
    model.load_state_dict(torch.load(path, map_location="cpu"))
    return model.eval()


@torch.no_grad()
def test_report(model, loader):
    tp = fp = fn = tn = 0
    for num, cats, y in loader:
        pred = (model(num, cats) > 0).float()
        tp += ((pred == 1) & (y == 1)).sum().item()
        fp += ((pred == 1) & (y == 0)).sum().item()
        fn += ((pred == 0) & (y == 1)).sum().item()
        tn += ((pred == 0) & (y == 0)).sum().item()
    acc = (tp + tn) / max(tp + tn + fp + fn, 1)
    prec = tp / max(tp + fp, 1)
    rec = tp / max(tp + fn, 1)
    return {"accuracy": acc, "precision": prec, "recall": rec}
