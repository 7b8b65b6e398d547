import os
import time

import torch
import torch.nn.functional as F

from encoder import BagEncoder, build_index

N_DOCS = int(os.environ.get("N_DOCS", 12000))
DOC_LEN = int(os.environ.get("DOC_LEN", 128))
BATCH = int(os.environ.get("BATCH", 64))
STEPS = int(os.environ.get("STEPS", 40))
EPOCHS = int(os.environ.get("EPOCHS", 2))


def main():
    torch.manual_seed(0)
    docs = torch.randint(1, 30000, (N_DOCS, DOC_LEN))
    docs[:, DOC_LEN // 2:] *= (torch.rand(N_DOCS, 1) < 0.5)
    model = BagEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=2e-4)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=STEPS, gamma=0.5)

    for epoch in range(EPOCHS):
        t0 = time.time()
        model.train()
        for step in range(STEPS):
            idx = torch.randint(0, N_DOCS, (BATCH,))
            d = docs[idx]
            q = d[:, torch.randperm(DOC_LEN)[:16]]
            logits = model(q) @ model(d).t() / 0.05
            loss = F.cross_entropy(logits, torch.arange(BATCH))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()

        model.eval()
        index = build_index(model, docs)
        queries = docs[:500, torch.randperm(DOC_LEN)[:16]]
        with torch.no_grad():
            top1 = (model(queries) @ index.t()).argmax(1)
        acc = (top1 == torch.arange(500)).float().mean().item()
        print(f"epoch {epoch}: loss {loss.item():.3f} retrieval@1 {acc:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
