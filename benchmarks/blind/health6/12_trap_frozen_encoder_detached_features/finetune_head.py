import torch
import torch.nn.functional as F

from classifier import ProbeClassifier

model = ProbeClassifier()
torch.manual_seed(0)
g = torch.Generator().manual_seed(1)
centers = torch.randn(4, 24) * 1.5
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
enc_before = [p.clone() for p in model.encoder.parameters()]
for epoch in range(5):
    model.train()
    tot = 0.0
    for _ in range(15):
        y = torch.randint(0, 4, (32,), generator=g)
        x = centers[y] + torch.randn(32, 24, generator=g)
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        tot += loss.item()
    unchanged = all(torch.equal(a, b) for a, b in zip(enc_before, model.encoder.parameters()))
    print(f"epoch {epoch} head_ce {tot / 15:.4f} encoder_unchanged={unchanged}")
