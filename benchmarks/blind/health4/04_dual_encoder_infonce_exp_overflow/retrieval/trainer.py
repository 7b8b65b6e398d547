import torch
from torch.utils.data import DataLoader

from .objectives import in_batch_softmax_loss


class Trainer:
    def __init__(self, model, dataset, args):
        self.model = model
        self.args = args
        self.loader = DataLoader(dataset, batch_size=args.bs, shuffle=True, drop_last=True)
        self.opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
        self.global_step = 0

    def train_step(self, q, d):
        self.model.train()
        qe, de = self.model(q, d)
        loss = in_batch_softmax_loss(qe, de, self.args.temperature)
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self.global_step += 1
        return loss.item()

    @torch.no_grad()
    def recall_at_1(self, q, d):
        self.model.eval()
        qe, de = self.model(q, d)
        return (torch.argmax(qe @ de.t(), 1) == torch.arange(len(q))).float().mean().item()

    def train(self):
        torch.manual_seed(0)
        for epoch in range(self.args.epochs):
            losses = []
            for q, d in self.loader:
                losses.append(self.train_step(q, d))
            r1 = self.recall_at_1(q, d)
            print(f"epoch={epoch} step={self.global_step} loss={sum(losses) / len(losses):.4f} "
                  f"last_batch_loss={losses[-1]:.4f} in-batch R@1={r1:.3f}")
