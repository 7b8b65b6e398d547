from pathlib import Path

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from retrieval.interactions import load_interaction_log, leave_last_out, BPRTriples
from retrieval.mf import BPRMF
from retrieval.promote import promote_if_better

HERE = Path(__file__).resolve().parent


def main():
    torch.manual_seed(0)
    log, n_users, n_items = load_interaction_log()
    train_pairs, test = leave_last_out(log)
    seen = {u: set(items[:-1]) for u, items in log.items()}
    loader = DataLoader(BPRTriples(train_pairs, n_items, seen), batch_size=64, shuffle=True)

    model = BPRMF(n_users, n_items)
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(2):
        for u, i, j in loader:
            loss = -F.logsigmoid(model(u, i, j)).mean() + 1e-5 * (model.U(u).pow(2).sum() + model.V(i).pow(2).sum())
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch + 1}: BPR loss {loss.item():.4f}")

    recall = model.recall_at_k(test, seen)
    print(f"candidate recall@10 = {recall:.3f}")
    path = promote_if_better(model, recall, HERE / "registry", HERE / "exports" / "bpr_mf_candidate.pt")
    print(f"exported {path}")


if __name__ == "__main__":
    main()
