import torch
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, net, cfg):
        self.net, self.cfg = net, cfg
        self.opt = torch.optim.AdamW(net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        self.loss_fn = torch.nn.SmoothL1Loss()

    def fit(self, dataset):
        torch.manual_seed(self.cfg.seed)
        loader = DataLoader(dataset, batch_size=self.cfg.batch_size, shuffle=True)
        n_params = sum(p.numel() for p in self.net.parameters())
        print(f"training DeepRegressor ({n_params} parameters)")
        for epoch in range(1, self.cfg.epochs + 1):
            self.net.train()
            total = 0.0
            for i, (x, y) in enumerate(loader):
                loss = self.loss_fn(self.net(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.item()
                if i % 20 == 19:
                    print(f"  epoch {epoch} batch {i + 1}: loss={total / (i + 1):.4f}")
            print(f"epoch {epoch} finished: mean loss={total / len(loader):.4f}")
