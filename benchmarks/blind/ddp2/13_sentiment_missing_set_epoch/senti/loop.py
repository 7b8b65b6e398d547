import torch
import torch.distributed as dist
import torch.nn.functional as F


def run_epochs(model, loader, sampler, epochs, lr=0.01):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    rank = dist.get_rank()
    for epoch in range(epochs):
        model.train()
        seen, hardest = [], (0.0, -1)
        for step, (idx, tokens, y) in enumerate(loader):
            losses = F.cross_entropy(model(tokens), y, reduction="none")
            loss = losses.mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step == 0:
                seen = idx[:8].tolist()
            m, j = losses.max(0)
            if m.item() > hardest[0]:
                hardest = (m.item(), idx[j].item())
        if rank == 0:
            print(f"epoch {epoch} first batch ids {seen} loss {loss.item():.4f} "
                  f"hardest sample {hardest[1]} ({hardest[0]:.3f})", flush=True)
