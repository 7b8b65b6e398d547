"""Linear evaluation protocol: frozen pretrained backbone, train only a linear classifier."""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from probe.backbone import LinearProbe, SmallResNet
from probe.data import textures

torch.manual_seed(7)
backbone = SmallResNet()          # stands in for the checkpoint from the SSL run
model = LinearProbe(backbone, n_classes=4)
snapshot = {k: v.clone() for k, v in backbone.state_dict().items()}

# all parameters go to the optimizer; the frozen ones have requires_grad=False and no .grad,
# so AdamW skips them (weight decay included)
optimizer = torch.optim.AdamW(model.parameters(), lr=0.01, weight_decay=0.05)
loader = DataLoader(textures(), batch_size=64, shuffle=True)

for epoch in range(4):
    model.train()
    tot, hit, n = 0.0, 0, 0
    for x, y in loader:
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        tot += loss.item() * len(y); hit += (logits.argmax(1) == y).sum().item(); n += len(y)
    print(f"probe epoch {epoch}: loss {tot / n:.4f} top1 {hit / n:.3f}")

unchanged = all(torch.equal(v, backbone.state_dict()[k]) for k, v in snapshot.items())
print("backbone unchanged:", unchanged)
