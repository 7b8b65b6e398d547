import torch

from selfsup.simsiam import SimSiam

torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
protos = torch.randn(10, 32)


def augment(x):
    mask = (torch.rand(x.shape, generator=g) > 0.2).float()
    return x * mask + 0.3 * torch.randn(x.shape, generator=g)


model = SimSiam()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=1e-4)
for epoch in range(6):
    tot = 0.0
    for _ in range(6):
        x = protos[torch.randint(0, 10, (64,), generator=g)] + 0.5 * torch.randn(64, 32, generator=g)
        loss = model(augment(x), augment(x))
        opt.zero_grad()
        loss.backward()
        opt.step()
        tot += loss.item()
    with torch.no_grad():
        z = model.encoder(x)
        std = torch.nn.functional.normalize(z, dim=1).std(0).mean().item()
    print(f"epoch {epoch} simsiam_loss {tot / 6:.4f} z_std {std:.4f}")
