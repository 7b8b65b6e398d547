import torch
import torch.nn.functional as F

from retrieval.data import paired_views
from retrieval.model import DualEncoder
from retrieval.metrics import recall_at_k

DIM, TAU = 48, 0.05


def main():
    torch.manual_seed(0)
    q_tr, d_tr = paired_views(1024, DIM, seed=0)
    q_ev, d_ev = paired_views(14000, DIM, seed=1)
    model = DualEncoder(DIM)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(1):
        perm = torch.randperm(len(q_tr))
        for i in range(0, len(perm), 256):
            idx = perm[i:i + 256]
            logits = model.q(q_tr[idx]) @ model.d(d_tr[idx]).t() / TAU
            labels = torch.arange(len(idx))
            loss = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}", flush=True)
        with torch.no_grad():
            qe, de = model.q(q_ev), model.d(d_ev)
        print(f"epoch {epoch} recall@k {recall_at_k(qe, de)}", flush=True)
    torch.save(model.state_dict(), "dual_encoder.pt")


if __name__ == "__main__":
    main()
