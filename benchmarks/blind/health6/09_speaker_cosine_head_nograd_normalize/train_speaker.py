import torch

from spk.model import TDNN, AAMSoftmaxHead

N_SPK, N_MELS, T = 12, 24, 60
torch.manual_seed(1)
centroids = torch.randn(N_SPK, N_MELS, 1) * 1.0


def batch(n, g):
    y = torch.randint(0, N_SPK, (n,), generator=g)
    x = centroids[y] + 0.8 * torch.randn(n, N_MELS, T, generator=g)
    return x, y


g = torch.Generator().manual_seed(2)
encoder = TDNN(N_MELS)
head = AAMSoftmaxHead(32, N_SPK)
params = list(encoder.parameters()) + list(head.parameters())
opt = torch.optim.Adam(params, lr=2e-3)
w0 = encoder.frames[0].weight.detach().clone()

for epoch in range(5):
    encoder.train()
    losses = []
    for _ in range(12):
        x, y = batch(32, g)
        loss = head(encoder(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    drift = (encoder.frames[0].weight - w0).norm().item()
    print(f"epoch {epoch} aam_loss {sum(losses) / len(losses):.4f} encoder_drift {drift:.6f}")
