import torch
import torch.nn.functional as F

from pcls.shapes import sample_shapes
from pcls.pointnet import PointNetCls
from pcls.inference import predict, write_submission


def main():
    torch.manual_seed(0)
    x, y = sample_shapes(64, seed=0)
    x_test, y_test = sample_shapes(640, seed=1)
    model = PointNetCls()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(1):
        model.train()
        perm = torch.randperm(len(y))
        for i in range(0, len(y), 32):
            idx = perm[i:i + 32]
            loss = F.cross_entropy(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            print(f"epoch {epoch} batch {i // 32} loss {loss.item():.4f}", flush=True)
    probs = predict(model, x_test)
    print(f"test acc {(probs.argmax(1) == y_test).float().mean().item():.3f}")
    write_submission("submission.csv", probs)


if __name__ == "__main__":
    main()
