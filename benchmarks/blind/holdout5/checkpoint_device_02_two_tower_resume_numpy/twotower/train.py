import numpy as np
import torch
from torch.utils.data import DataLoader

from .data import ClickPairs
from .model import TwoTowerRetriever
from .utils import ckpt


def item_log_frequency(pairs, n_items):
    counts = np.bincount(pairs[:, 1], minlength=n_items) + 1.0
    return np.log(counts / counts.sum())


@torch.no_grad()
def recall_at_k(model, pairs, item_genre, k=20):
    model.eval()
    n_items = len(item_genre)
    all_items = torch.arange(n_items)
    item_vecs = model.encode_items(all_items, torch.from_numpy(item_genre).long())
    users = torch.from_numpy(pairs[:, 0])
    scores = model.encode_users(users) @ item_vecs.T
    topk = scores.topk(k, dim=1).indices
    hits = (topk == torch.from_numpy(pairs[:, 1]).unsqueeze(1)).any(1).float()
    return float(hits.mean())


def run_training(cfg, train_pairs, val_pairs, item_genre, epochs, resume_from=None):
    n_items = len(item_genre)
    model = TwoTowerRetriever(cfg["n_users"], n_items, cfg["n_genres"], cfg["emb_dim"], cfg["out_dim"],
                              cfg["temperature"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    start_epoch, best = 0, 0.0
    log_q = item_log_frequency(train_pairs, n_items)

    if resume_from is not None:
        state = ckpt.load(resume_from)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["optimizer"])
        start_epoch = state["epoch"] + 1
        best = state["best_recall"]
        log_q = state["item_log_q"]
        print(f"resumed from {resume_from} at epoch {start_epoch} (best recall {best:.3f})")

    log_q_t = torch.from_numpy(log_q).float()
    loader = DataLoader(ClickPairs(train_pairs, item_genre), batch_size=cfg["batch_size"], shuffle=True,
                        drop_last=True)
    for epoch in range(start_epoch, start_epoch + epochs):
        model.train()
        total = 0.0
        for users, items, genres in loader:
            loss = model.in_batch_softmax_loss(users, items, genres, log_q=log_q_t[items])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        rec = recall_at_k(model, val_pairs, item_genre)
        best = max(best, rec)
        print(f"epoch {epoch}: loss {total / len(loader):.4f} recall@20 {rec:.3f}")
        ckpt.save(cfg["ckpt_path"], model=model.state_dict(), optimizer=opt.state_dict(), epoch=epoch,
                  best_recall=best, item_log_q=log_q)
    return model
