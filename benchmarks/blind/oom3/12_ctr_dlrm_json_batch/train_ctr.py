import json
import sys
import time

import torch
import torch.nn.functional as F

from dlrm import DLRM


def synth_clicks(n, cfg, g):
    dense = torch.log1p(torch.rand(n, cfg["n_dense"], generator=g) * 100)
    sparse = torch.stack([torch.randint(0, c, (n,), generator=g) for c in cfg["cardinalities"]], dim=1)
    score = dense[:, 0] - 2.3 + 0.8 * (sparse[:, 2] % 5 == 0).float() - 0.5 * (sparse[:, 6] % 3 == 0).float()
    y = (torch.rand(n, generator=g) < torch.sigmoid(score)).float()
    return dense, sparse, y


def auc(scores, labels):
    order = scores.argsort()
    ranks = torch.empty_like(order, dtype=torch.float)
    ranks[order] = torch.arange(1, len(scores) + 1, dtype=torch.float)
    n_pos = labels.sum()
    n_neg = len(labels) - n_pos
    return ((ranks[labels == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)).item()


def main(cfg_path):
    with open(cfg_path) as f:
        cfg = json.load(f)
    g = torch.Generator().manual_seed(cfg["seed"])
    torch.manual_seed(cfg["seed"])
    dc, mc, oc = cfg["data"], cfg["model"], cfg["optim"]
    dense, sparse, y = synth_clicks(dc["n_rows"], dc, g)
    v_dense, v_sparse, v_y = synth_clicks(dc["n_val_rows"], dc, g)

    model = DLRM(dc["n_dense"], dc["cardinalities"], mc["emb_dim"], mc["bottom_mlp"], mc["top_mlp"])
    opt = torch.optim.Adam(model.parameters(), lr=oc["lr"])
    bs = oc["batch_size"]
    steps_per_epoch = (dc["n_rows"] + bs - 1) // bs
    total = oc["epochs"] * steps_per_epoch
    warm = max(1, int(total * oc["warmup_frac"]))
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm))
    print(f"batch {bs}, {steps_per_epoch} steps/epoch")

    for epoch in range(oc["epochs"]):
        t0 = time.time()
        model.train()
        perm = torch.randperm(dc["n_rows"], generator=g)
        for s in range(steps_per_epoch):
            idx = perm[s * bs:(s + 1) * bs]
            loss = F.binary_cross_entropy_with_logits(model(dense[idx], sparse[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        model.eval()
        with torch.no_grad():
            scores = torch.cat([model(v_dense[i:i + 4096], v_sparse[i:i + 4096])
                                for i in range(0, dc["n_val_rows"], 4096)])
        print(f"epoch {epoch}: loss {loss.item():.4f} val AUC {auc(scores, v_y):.4f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "ctr_config.json")
