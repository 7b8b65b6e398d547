import torch
import torch.nn.functional as F


def run_training(model, X, y, args):
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=args.lr)
    n = len(X)
    for epoch in range(args.epochs):
        perm = torch.randperm(n)
        losses = []
        for i in range(0, n, args.batch_size):
            idx = perm[i:i + args.batch_size]
            loss = F.mse_loss(model(X[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        print("epoch %d  mse loss=%.4f" % (epoch, sum(losses) / len(losses)))
